"""The configuration of a duplicate game on the game-kind seam: the rules' own
:class:`~arbitre.rules.game_config.GameConfig` (variant, lexicon, tiles, board, tirage, end of
game, bonuses, tie-break and the clock of a turn, ``seconds_per_turn``), how long a closed turn
is shown before the next one opens by itself (``reveal_seconds``), the table's ``seats`` and
whether players may join once the game has started (``late_join``).

As data, a configuration is the :meth:`GameConfig.to_mapping` mapping plus ``reveal_seconds``,
``seats`` and ``late_join``; every key is optional, anything else is refused. ``name`` names the
preset the other rules' settings override (``"fisf"``, the default, or ``"online"``: see
:data:`~arbitre.rules.game_config.PRESETS`); another name is only a label on FISF's rules.
Defaults: no reveal pause, no limit of seats (a simultané), no late players.

>>> config = read_config({"max_turns": 10, "seconds_per_turn": 60, "reveal_seconds": 5})
>>> config.game.max_turns, config.turn_ms, config.reveal_ms, config.seats, config.late_join
(10, 60000, 5000, 0, False)
>>> read_config(config_data(config)) == config
True
>>> read_config({"name": "online", "max_turns": 3}).game.no_move_redraws
10
>>> read_config({"lexicon": "en"}).game.tiles.name
'en'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import PRESETS, GameConfig, overridden
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.tiles import PRESETS as TILE_PRESETS

__all__ = [
    "KIND_NAME",
    "LATE_JOIN_KEY",
    "MAX_REVEAL_SECONDS",
    "MAX_SEATS",
    "MAX_TABLE_SEATS",
    "MIN_TABLE_SEATS",
    "REVEAL_KEY",
    "SEATS_KEY",
    "DuplicateConfig",
    "config_data",
    "read_config",
    "seats_refusal",
]

#: The kind's name in the registry, every API, view and record.
KIND_NAME = "duplicate"
#: Longest reveal of a closed turn, in seconds (the session service's bound).
MAX_REVEAL_SECONDS = 600
#: Most players in one duplicate game (a simultané's thousands; the session service's bound).
MAX_SEATS = 20_000
#: A table (seed 003) seats 2 to 6 players, people and robots: at least one opponent.
MIN_TABLE_SEATS = 2
MAX_TABLE_SEATS = 6
#: The keys of :attr:`DuplicateConfig.reveal_seconds`, ``seats`` and ``late_join`` in a
#: configuration's data (the others are the rules').
REVEAL_KEY = "reveal_seconds"
SEATS_KEY = "seats"
LATE_JOIN_KEY = "late_join"
_SESSION_KEYS = frozenset({REVEAL_KEY, SEATS_KEY, LATE_JOIN_KEY})
#: A lexicon whose id is a language code with preset tiles (the shipped ``fr`` and ``en``)
#: plays those tiles unless the configuration names its own.
_TILE_LANGUAGES = {language: language for language in TILE_PRESETS}


def seats_refusal(seats: int) -> str:
    """Why ``seats`` cannot be a duplicate game's (the one wording of the rules, the session
    service and the gateway), or ``""`` when it can: 0 (no limit) or a table of
    :data:`MIN_TABLE_SEATS` to :data:`MAX_TABLE_SEATS`.

    >>> seats_refusal(4), seats_refusal(0)
    ('', '')
    >>> seats_refusal(9)
    'seats: a table has 2 to 6 seats, or 0 for no limit; not 9'
    """
    if seats == 0 or MIN_TABLE_SEATS <= seats <= MAX_TABLE_SEATS:
        return ""
    return (
        f"seats: a table has {MIN_TABLE_SEATS} to {MAX_TABLE_SEATS} seats, or 0 for no limit; "
        f"not {seats}"
    )


@dataclass(frozen=True, slots=True)
class DuplicateConfig:
    """The rules of the game (``game``); the reveal's length in seconds, 0 to
    :data:`MAX_REVEAL_SECONDS` (0: the next turn opens as soon as a turn is closed); ``seats``,
    a table's (:data:`MIN_TABLE_SEATS` to :data:`MAX_TABLE_SEATS`, people and robots) or 0 for
    no limit; ``late_join``, whether players may join once the game has started (they score 0
    on the turns closed before they came).

    Raises :class:`InvalidConfigError` for a value out of its bounds or of the wrong type.
    """

    game: GameConfig = field(default_factory=GameConfig)
    reveal_seconds: int = 0
    seats: int = 0
    late_join: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.game, GameConfig):
            raise InvalidConfigError(f"game must be a GameConfig, not {type(self.game).__name__}")
        _reveal_seconds(self.reveal_seconds)
        _seats(self.seats)
        if not isinstance(self.late_join, bool):
            raise InvalidConfigError(f"{LATE_JOIN_KEY} must be true or false")

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
    rules = {key: value for key, value in data.items() if key not in _SESSION_KEYS}
    name = rules.get("name")
    base = PRESETS["fisf"]
    if isinstance(name, str) and name.strip().lower() in PRESETS:
        base = PRESETS[name.strip().lower()]
    try:  # a lexicon named by a language with preset tiles brings them (see overridden)
        game = overridden(base, rules, _TILE_LANGUAGES)
    except ArbitreError as error:
        raise InvalidConfigError(str(error)) from None
    late_join = data.get(LATE_JOIN_KEY, False)
    if not isinstance(late_join, bool):
        raise InvalidConfigError(f"{LATE_JOIN_KEY} must be true or false")
    return DuplicateConfig(
        game,
        _reveal_seconds(data.get(REVEAL_KEY, 0)),
        _seats(data.get(SEATS_KEY, 0)),
        late_join,
    )


def config_data(config: DuplicateConfig) -> dict[str, Any]:
    """``config`` as JSON-ready data that :func:`read_config` reads back to an equal value."""
    return {
        **config.game.to_mapping(),
        REVEAL_KEY: config.reveal_seconds,
        SEATS_KEY: config.seats,
        LATE_JOIN_KEY: config.late_join,
    }


def _seats(value: object) -> int:
    """``value`` when it is a table's seats or 0, else :class:`InvalidConfigError`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidConfigError(f"{SEATS_KEY} must be an integer")
    refusal = seats_refusal(value)
    if refusal:
        raise InvalidConfigError(refusal)
    return value


def _reveal_seconds(value: object) -> int:
    """``value`` when it is a reveal's length in seconds, else :class:`InvalidConfigError`."""
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not 0 <= value <= MAX_REVEAL_SECONDS
    ):
        raise InvalidConfigError(f"{REVEAL_KEY} must be an integer from 0 to {MAX_REVEAL_SECONDS}")
    return value
