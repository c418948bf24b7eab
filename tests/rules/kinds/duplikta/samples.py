"""Shared by the dupliKta tests: tools over a small word list (their best move the engine's over
those words), the engine's tools over the shipped French lexicon, its duplicate referee (the
moves of a rack), and a game whose box holds chosen tokens."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from arbitre.engine.duplikta_moves import moves_for
from arbitre.engine.kind_tools import Words as EngineWords
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.board import Board
from arbitre.rules.draw import Bag
from arbitre.rules.game_config import GameConfig
from arbitre.rules.kinds.duplikta import DupliktaConfig, DupliktaGame
from arbitre.rules.tiles import TileSet

PLAYERS = ("ana", "bob")
#: An empty board in text form.
EMPTY = ["." * 15] * 15


@dataclass(frozen=True)
class Words:
    """Tools whose lexicon is a small set of words; the best move is the engine's over them."""

    lexicon: frozenset[str]

    def best_move(
        self, board: Board, rack: str, tiles: TileSet, reversed_words: bool
    ) -> str | None:
        if not self.lexicon:
            return None
        return moves_for(_compiled(self.lexicon), tiles, reversed_words).best(board, rack)


@cache
def _compiled(listed: frozenset[str]) -> Lexicon:
    return Lexicon.from_words(sorted(listed))


def words(*listed: str) -> Words:
    return Words(frozenset(listed))


@cache
def french() -> EngineWords:
    """The engine's tools over the shipped French lexicon: dupliKta's tools in production."""
    return EngineWords(load_lexicon("fr"))


@cache
def referee() -> MoveGeneratorReferee:
    """The engine's duplicate referee over the shipped French lexicon (its moves)."""
    return MoveGeneratorReferee(load_lexicon("fr"), GameConfig())


def game_with(
    rack: str,
    box: str,
    listed: Iterable[str] = (),
    config: DupliktaConfig | None = None,
    seed: int = 7,
) -> DupliktaGame:
    """A game of ana and bob (no clock unless ``config`` says so) whose next deal is ``rack``
    (kept as the reliquat, so nothing is drawn) and whose box holds exactly ``box``, judged
    against the words ``listed``."""
    game = DupliktaGame(config or DupliktaConfig(clock_seconds=0), seed, words(*listed), PLAYERS)
    game.box = Bag(box, seed)
    game.reliquat = rack
    return game
