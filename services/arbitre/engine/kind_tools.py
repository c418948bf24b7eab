"""The tools a game kind's rules are played with (the ``tools`` of
:meth:`arbitre.rules.kinds.base.Kind.new_game`): what the engine layer supplies, found by the
kind's name so that the session never asks which kind it serves.

A server plays only what its operator installed: a configuration naming any other word list
than the shipped ones is refused (``bad_config``), never read from a path a client gave.

>>> from arbitre.rules.kinds import kind
>>> duel = kind("duel")
>>> tools_for("duel", duel.configure({"language": "fr"})).language
'fr'
>>> duplikta = kind("duplikta")
>>> words = tools_for("duplikta", duplikta.configure({}))
>>> words.lexicon.info.id, "JOUR" in words.lexicon, "RUOJ" in words.lexicon
('fr', True, False)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from arbitre.engine import duel_words
from arbitre.engine.analysis import default_lexicon_id
from arbitre.engine.duplikta_moves import DupliktaMoves, moves_for
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.lexicons.shipped import SHIPPED as SHIPPED_LEXICONS
from arbitre.rules.board import Board
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.duel import DuelConfig
from arbitre.rules.kinds.duel.words import WordList
from arbitre.rules.kinds.duplikta import DupliktaConfig
from arbitre.rules.tiles import TileSet

__all__ = ["SHIPPED", "Words", "tools_for"]

#: The name of the word lists that ship with Arbitre (the only ones a server plays).
SHIPPED = "shipped"


def _duel_tools(config: DuelConfig) -> WordList:
    if config.words != SHIPPED:
        raise InvalidConfigError(
            f"words: this server plays the shipped word lists only ({SHIPPED!r})"
        )
    return duel_words.load(config.language.value)


def _no_tools(config: Any) -> None:
    """A kind whose rules need nothing from the engine (Indecix: dice from the seed)."""
    return None


@dataclass(frozen=True, slots=True)
class Words:
    """A game's lexicon (``word in words.lexicon`` for an uppercase word): dupliKta's tools
    (:class:`arbitre.rules.kinds.duplikta.game.Tools`). Its moves over a token set are the move
    generator's scored as dupliKta scores (:meth:`moves`, made once per process for a
    lexicon, token set and reversed words, see :mod:`arbitre.engine.duplikta_moves`): what its
    robot Tourlou plays from, and each turn's best move (:meth:`best_move`)."""

    lexicon: Lexicon

    def moves(self, tiles: TileSet, reversed_words: bool = False) -> DupliktaMoves:
        """The moves of positions played with ``tiles`` (words read backwards too when
        ``reversed_words``)."""
        return moves_for(self.lexicon, tiles, reversed_words)

    def best_move(
        self, board: Board, rack: str, tiles: TileSet, reversed_words: bool
    ) -> str | None:
        """The best move of ``rack`` on ``board`` (see
        :meth:`arbitre.rules.kinds.duplikta.game.Tools.best_move`)."""
        return self.moves(tiles, reversed_words).best(board, rack)


def _duplikta_tools(config: DupliktaConfig) -> Words:
    """The shipped lexicon of the token set's language (French for a set without one, the
    default French set's own), compiled once per process and memory-mapped; a language with no
    shipped lexicon is refused (``bad_config``): a set's language is never read as a path."""
    lexicon_id = default_lexicon_id(config.tiles)
    if lexicon_id not in SHIPPED_LEXICONS:
        raise InvalidConfigError(
            f"tile_set.language: no lexicon is shipped for {lexicon_id[:40]!r}; "
            f"the languages played are {', '.join(sorted(SHIPPED_LEXICONS))}"
        )
    words = Words(load_lexicon(lexicon_id))
    # Made now, not at the game's first close or its robot's first move, but beside the
    # creation, which does not wait: on a machine's first use the French lexicon read backwards
    # takes seconds to compile (then it is cached on disk); who needs the moves meanwhile waits
    # for the rest of it.
    threading.Thread(
        target=words.moves,
        args=(config.tiles, config.reversed_words),
        name="duplikta-moves",
        daemon=True,
    ).start()
    return words


_MAKERS: dict[str, Callable[[Any], Any]] = {
    "duel": _duel_tools,
    "duplikta": _duplikta_tools,
    "indecix": _no_tools,
}


def tools_for(kind_name: str, config: Any) -> Any:
    """The tools of a game of kind ``kind_name`` configured as ``config`` (cached where the
    engine caches them: a word list is loaded once per process); an
    :class:`~arbitre.rules.kinds.base.InvalidConfigError` for a configuration this server
    cannot play, a ``KeyError`` for a kind that takes no tools from here."""
    return _MAKERS[kind_name](config)
