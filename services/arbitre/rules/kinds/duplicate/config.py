"""The configuration of a duplicate game on the game-kind seam: the rules' own
:class:`~arbitre.rules.game_config.GameConfig` (variant, lexicon, tiles, board, tirage, end of
game, bonuses, tie-break and the clock of a turn, ``seconds_per_turn``) and how long a closed
turn is shown before the next one opens by itself (``reveal_seconds``).

As data, a configuration is the :meth:`GameConfig.to_mapping` mapping plus ``reveal_seconds``;
every key is optional (FISF defaults, no reveal pause), anything else is refused.

>>> config = read_config({"max_turns": 10, "seconds_per_turn": 60, "reveal_seconds": 5})
>>> config.game.max_turns, config.turn_ms, config.reveal_ms
(10, 60000, 5000)
>>> read_config(config_data(config)) == config
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.kinds.base import InvalidConfigError

__all__ = [
    "KIND_NAME",
    "MAX_REVEAL_SECONDS",
    "MAX_SEATS",
    "REVEAL_KEY",
    "DuplicateConfig",
    "config_data",
    "read_config",
]

#: The kind's name in the registry, every API, view and record.
KIND_NAME = "duplicate"
#: Longest reveal of a closed turn, in seconds (the session service's bound).
MAX_REVEAL_SECONDS = 600
#: Most players in one duplicate game (a simultané's thousands; the session service's bound).
MAX_SEATS = 20_000
#: The key of :attr:`DuplicateConfig.reveal_seconds` in a configuration's data.
REVEAL_KEY = "reveal_seconds"


@dataclass(frozen=True, slots=True)
class DuplicateConfig:
    """The rules of the game (``game``) and the reveal's length in seconds, 0 to
    :data:`MAX_REVEAL_SECONDS` (0: the next turn opens as soon as a turn is closed).

    Raises :class:`InvalidConfigError` for a reveal that is not an integer in its bounds.
    """

    game: GameConfig = field(default_factory=GameConfig)
    reveal_seconds: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.game, GameConfig):
            raise InvalidConfigError(f"game must be a GameConfig, not {type(self.game).__name__}")
        _reveal_seconds(self.reveal_seconds)

    @property
    def turn_ms(self) -> int:
        """How long a turn is open, in milliseconds."""
        return self.game.seconds_per_turn * 1000

    @property
    def reveal_ms(self) -> int:
        """How long a closed turn is shown before the next opens, in milliseconds."""
        return self.reveal_seconds * 1000


def read_config(data: Mapping[str, object]) -> DuplicateConfig:
    """The configuration ``data`` describes (see the module docstring), or
    :class:`InvalidConfigError` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise InvalidConfigError("a duplicate game's configuration is a mapping")
    rules = {key: value for key, value in data.items() if key != REVEAL_KEY}
    try:
        game = GameConfig.from_mapping(rules)
    except ArbitreError as error:
        raise InvalidConfigError(str(error)) from None
    return DuplicateConfig(game, _reveal_seconds(data.get(REVEAL_KEY, 0)))


def config_data(config: DuplicateConfig) -> dict[str, Any]:
    """``config`` as JSON-ready data that :func:`read_config` reads back to an equal value."""
    return {**config.game.to_mapping(), REVEAL_KEY: config.reveal_seconds}


def _reveal_seconds(value: object) -> int:
    """``value`` when it is a reveal's length in seconds, else :class:`InvalidConfigError`."""
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not 0 <= value <= MAX_REVEAL_SECONDS
    ):
        raise InvalidConfigError(f"{REVEAL_KEY} must be an integer from 0 to {MAX_REVEAL_SECONDS}")
    return value
