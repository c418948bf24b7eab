"""The tools a game kind's rules are played with (the ``tools`` of
:meth:`arbitre.rules.kinds.base.Kind.new_game`): what the engine layer supplies, found by the
kind's name so that the session never asks which kind it serves.

A server plays only what its operator installed: a configuration naming any other word list
than the shipped ones is refused (``bad_config``), never read from a path a client gave.

>>> from arbitre.rules.kinds import kind
>>> duel = kind("duel")
>>> tools_for("duel", duel.configure({"language": "fr"})).language
'fr'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbitre.engine import duel_words
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.duel import DuelConfig
from arbitre.rules.kinds.duel.words import WordList

__all__ = ["SHIPPED", "tools_for"]

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


_MAKERS: dict[str, Callable[[Any], Any]] = {"duel": _duel_tools, "indecix": _no_tools}


def tools_for(kind_name: str, config: Any) -> Any:
    """The tools of a game of kind ``kind_name`` configured as ``config`` (cached where the
    engine caches them: a word list is loaded once per process); an
    :class:`~arbitre.rules.kinds.base.InvalidConfigError` for a configuration this server
    cannot play, a ``KeyError`` for a kind that takes no tools from here."""
    return _MAKERS[kind_name](config)
