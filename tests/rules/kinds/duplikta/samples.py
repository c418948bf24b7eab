"""Shared by the dupliKta tests: tools over a small word list, the real referee (move generator
and the shipped French lexicon), and a game whose box holds chosen tokens."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.draw import Bag
from arbitre.rules.game_config import GameConfig
from arbitre.rules.kinds.duplikta import DupliktaConfig, DupliktaGame

PLAYERS = ("ana", "bob")
#: An empty board in text form.
EMPTY = ["." * 15] * 15


@dataclass(frozen=True)
class Words:
    """Tools whose lexicon is a small set of words."""

    lexicon: frozenset[str]


def words(*listed: str) -> Words:
    return Words(frozenset(listed))


@cache
def referee() -> MoveGeneratorReferee:
    """The engine's referee over the shipped French lexicon: dupliKta's tools in production."""
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
