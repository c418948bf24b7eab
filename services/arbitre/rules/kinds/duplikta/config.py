"""The options of a dupliKta game: the token set, "deux jeux pareils", the clock, the Chances
option, each player's handicap and each player's pause budget.

A :class:`DupliktaConfig` is immutable and validated on construction: a value out of its bounds
is an :class:`~arbitre.rules.kinds.base.InvalidConfigError` (code ``bad_config``).
:func:`configure` reads the options from data (missing ones take their defaults, unknown ones
are refused) and :func:`config_data` writes them back.

The Chances option is a whole number of Chances, 0 to 10, kept in **half-units** (the unit of
the Chances ledger, :mod:`~arbitre.rules.kinds.duplikta.chances`): the default 5 Chances is
``chances_halves == 10``. The clock is off (0) or 30 to 300 seconds.

Each player may pause the open turn (:mod:`arbitre.rules.kinds.duplikta.table`): ``pauses``
times a game, 0 (none) to 10, default 3, for ``pause_seconds`` in all, 30 to 1,800, default 300
(5 minutes): a pause that reaches the player's time left ends by itself.

The token set is ``tiles``, a preset's name, or ``tile_set``, a set of one's own (one of them at
most; ``null`` is left out): :func:`config_data` writes both keys, the one not used ``null``, so
that each key always holds one type (the typed ``DupliktaConfig`` of ``duplikta.proto``).

>>> config = configure({"clock": 90, "chances": 3, "handicaps": [0, 4]})
>>> config.clock_seconds, config.chances_halves, config.handicaps, config.reversed_words
(90, 6, (0, 4), False)
>>> configure(config_data(config)) == config
True
>>> DupliktaConfig().tiles.total, DupliktaConfig().reversed_words, DupliktaConfig().clock_ms
(102, True, 120000)
>>> DupliktaConfig().pauses, DupliktaConfig().pause_ms
(3, 300000)
>>> configure({"clock": 20})
Traceback (most recent call last):
...
arbitre.rules.kinds.base.InvalidConfigError: clock must be 0 (off) or 30 to 300 seconds (got 20)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import MAX_TILE_VALUE
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.duplikta.scenario import Scenario
from arbitre.rules.play_rules import PlayRules
from arbitre.rules.tiles import FRENCH, PRESETS, TileSet, tile_set

__all__ = [
    "CLOCK_SECONDS",
    "DEFAULT_CHANCES",
    "DEFAULT_CLOCK_SECONDS",
    "DEFAULT_PAUSES",
    "DEFAULT_PAUSE_SECONDS",
    "KIND_NAME",
    "MAX_CHANCES",
    "MAX_HANDICAP",
    "MAX_PAUSES",
    "PAUSE_SECONDS",
    "PLAYERS",
    "REVERSED_WORDS_FROM",
    "RULES",
    "DupliktaConfig",
    "config_data",
    "configure",
]

#: The name of the game kind.
KIND_NAME = "duplikta"
#: A dupliKta game has two players.
PLAYERS = 2
#: The clock's bounds when it is on (seconds); 0 is off.
CLOCK_SECONDS = (30, 300)
DEFAULT_CLOCK_SECONDS = 120
#: The Chances option, in whole Chances: 0 to :data:`MAX_CHANCES`, default 5.
MAX_CHANCES = 10
DEFAULT_CHANCES = 5
#: From this option on (whole Chances), reversed words are accepted all game long.
REVERSED_WORDS_FROM = 5
#: A player's handicap: 0 to 10 (the higher, the weaker).
MAX_HANDICAP = 10
#: A player's pauses in a game: 0 (none) to :data:`MAX_PAUSES`, default 3.
MAX_PAUSES = 10
DEFAULT_PAUSES = 3
#: A player's total pause time in a game, in seconds: its bounds and default (5 minutes).
PAUSE_SECONDS = (30, 1800)
DEFAULT_PAUSE_SECONDS = 300
#: The rules of play: racks of 7, +50 for 7 tokens placed, the first word horizontal or
#: vertical through the centre (the project's classic rules under the kind's name).
RULES = PlayRules(KIND_NAME, first_move_horizontal=False)

_SETTINGS = (
    "tiles",
    "tile_set",
    "same_racks",
    "clock",
    "chances",
    "handicaps",
    "pauses",
    "pause_seconds",
    "scenario",
)


@dataclass(frozen=True, slots=True)
class DupliktaConfig:
    """The options of a game.

    - ``tiles``: the token set, 60 to 120 tokens (the :class:`~arbitre.rules.tiles.TileSet`
      contract), blanks allowed and even all blanks; every value 0 to
      :data:`~arbitre.rules.game_config.MAX_TILE_VALUE`. Default: the French 102.
    - ``same_racks``: "deux jeux pareils", on by default. Both players of a turn always get the
      same rack; off, a player alone draws tokens one at a time (a matter of the page, the rules
      of a turn are the same).
    - ``clock_seconds``: 0 (off) or 30 to 300, default 120.
    - ``chances_halves``: the Chances option in half-units, a whole number of Chances (an even
      number from 0 to 20), default 10 (5 Chances).
    - ``handicaps``: each player's handicap, 0 to 10, in seating order.
    - ``pauses``: how many times each player may pause the open turn in a game, 0 (never) to
      :data:`MAX_PAUSES`, default 3.
    - ``pause_seconds``: each player's pause time in all, :data:`PAUSE_SECONDS` (30 to 1,800),
      default 300.
    - ``scenario``: Tourlou's scenario the game plays
      (:class:`~arbitre.rules.kinds.duplikta.scenario.Scenario`: Tourlou's word always
      installed), or ``None`` (default).
    """

    tiles: TileSet = FRENCH
    same_racks: bool = True
    clock_seconds: int = DEFAULT_CLOCK_SECONDS
    chances_halves: int = 2 * DEFAULT_CHANCES
    handicaps: tuple[int, int] = (0, 0)
    pauses: int = DEFAULT_PAUSES
    pause_seconds: int = DEFAULT_PAUSE_SECONDS
    scenario: Scenario | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.tiles, TileSet):
            raise InvalidConfigError(f"tiles must be a token set (got {self.tiles!r})")
        for info in self.tiles.letters:
            _within(f"the value of {info.letter}", info.value, 0, MAX_TILE_VALUE)
        _within("the value of a blank", self.tiles.blank_value, 0, MAX_TILE_VALUE)
        if not isinstance(self.same_racks, bool):
            raise InvalidConfigError(f"same_racks must be true or false (got {self.same_racks!r})")
        clock = _integer("clock", self.clock_seconds)
        low, high = CLOCK_SECONDS
        if clock != 0 and not low <= clock <= high:
            raise InvalidConfigError(
                f"clock must be 0 (off) or {low} to {high} seconds (got {_shown(clock)})"
            )
        halves = _integer("chances", self.chances_halves)
        if halves % 2 or not 0 <= halves <= 2 * MAX_CHANCES:
            raise InvalidConfigError(
                f"chances must be a whole number of Chances from 0 to {MAX_CHANCES} "
                f"(got {_shown(halves)} half-Chances)"
            )
        handicaps = self.handicaps
        if not isinstance(handicaps, tuple) or len(handicaps) != PLAYERS:
            raise InvalidConfigError(
                f"handicaps must give one handicap per player (got {_shown(handicaps)})"
            )
        for handicap in handicaps:
            _within("a handicap", handicap, 0, MAX_HANDICAP)
        _within("pauses", self.pauses, 0, MAX_PAUSES)
        _within("pause_seconds", self.pause_seconds, *PAUSE_SECONDS)
        if self.scenario is not None and not isinstance(self.scenario, Scenario):
            raise InvalidConfigError(f"scenario must be a scenario (got {self.scenario!r})")

    @property
    def clock_on(self) -> bool:
        """Whether the turns have a clock."""
        return self.clock_seconds != 0

    @property
    def clock_ms(self) -> int | None:
        """The clock of a turn in milliseconds (``None``: off)."""
        return self.clock_seconds * 1000 if self.clock_seconds else None

    @property
    def pause_ms(self) -> int:
        """Each player's pause time in all, in milliseconds."""
        return self.pause_seconds * 1000

    @property
    def chances(self) -> float:
        """The Chances option in Chances."""
        return self.chances_halves / 2

    @property
    def reversed_words(self) -> bool:
        """Whether reversed words are accepted: the Chances option is 5 or more. Chances a
        player gets from a handicap do not count."""
        return self.chances_halves >= 2 * REVERSED_WORDS_FROM

    @property
    def rules(self) -> PlayRules:
        """The rules of play (:data:`RULES`)."""
        return RULES


def configure(data: Mapping[str, object]) -> DupliktaConfig:
    """The options ``data`` describes, or :class:`InvalidConfigError`.

    Keys, all optional: ``tiles`` (a preset name such as ``"fr"``; from Python, a token set
    object is taken too), ``tile_set`` (a token set object as :meth:`TileSet.from_mapping
    <arbitre.rules.tiles.TileSet.from_mapping>` reads it; not with ``tiles``; either ``null``
    is left out), ``same_racks`` (bool), ``clock`` (seconds, 0 or ``null`` for off),
    ``chances`` (whole Chances), ``handicaps`` (a list of two handicaps), ``pauses`` and
    ``pause_seconds`` (each player's pause budget), ``scenario`` (Tourlou's scenario,
    :meth:`~arbitre.rules.kinds.duplikta.scenario.Scenario.from_data`'s form; ``null``: none).
    """
    if not isinstance(data, Mapping):
        raise InvalidConfigError(f"options are a mapping (got {type(data).__name__})")
    unknown = sorted(str(key) for key in data if key not in _SETTINGS)
    if unknown:
        raise InvalidConfigError(
            f"unknown option(s): {', '.join(unknown)}; the options are: {', '.join(_SETTINGS)}"
        )
    values: dict[str, Any] = {}
    preset, custom = data.get("tiles"), data.get("tile_set")
    if preset is not None and custom is not None:
        raise InvalidConfigError("give tiles (a preset's name) or tile_set, not both")
    if preset is not None:
        values["tiles"] = _tiles(preset)
    if custom is not None:
        if not isinstance(custom, Mapping):
            raise InvalidConfigError(f"tile_set must be a token set (got {_shown(custom)})")
        values["tiles"] = _tiles(custom)
    if "same_racks" in data:
        values["same_racks"] = data["same_racks"]
    if "clock" in data:
        clock = data["clock"]
        values["clock_seconds"] = 0 if clock is None else clock
    if "chances" in data:
        chances = data["chances"]
        _within("chances", chances, 0, MAX_CHANCES)
        values["chances_halves"] = 2 * _integer("chances", chances)
    if "handicaps" in data:
        handicaps = data["handicaps"]
        if not isinstance(handicaps, list | tuple):
            raise InvalidConfigError(f"handicaps must be a list of two (got {_shown(handicaps)})")
        values["handicaps"] = tuple(handicaps)
    for key in ("pauses", "pause_seconds"):
        if data.get(key) is not None:  # null: the default
            values[key] = data[key]
    if data.get("scenario") is not None:
        values["scenario"] = Scenario.from_data(data["scenario"])
    return DupliktaConfig(**values)


def config_data(config: DupliktaConfig, scenario_moves: bool = True) -> dict[str, Any]:
    """``config`` as JSON-ready data that :func:`configure` reads back to an equal value: a
    preset token set by its name (``tiles``), another whole (``tile_set``), the other ``null``;
    a scenario ``null`` for none. Without ``scenario_moves``, a scenario's number and level
    only: what a player may see of it before the end."""
    tiles = config.tiles
    preset = PRESETS.get(tiles.name) == tiles
    return {
        "tiles": tiles.name if preset else None,
        "tile_set": None if preset else tiles.to_mapping(),
        "same_racks": config.same_racks,
        "clock": config.clock_seconds,
        "chances": config.chances_halves // 2,
        "handicaps": list(config.handicaps),
        "pauses": config.pauses,
        "pause_seconds": config.pause_seconds,
        "scenario": None if config.scenario is None else config.scenario.data(scenario_moves),
    }


def _tiles(value: object) -> TileSet:
    try:
        if isinstance(value, str):
            return tile_set(value)
        if isinstance(value, Mapping):
            return TileSet.from_mapping(value)
    except ArbitreError as error:
        raise InvalidConfigError(f"tiles: {error}") from None
    raise InvalidConfigError(f"tiles must be a preset name or a token set (got {value!r})")


def _integer(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidConfigError(f"{name} must be a whole number (got {_shown(value)})")
    return value


def _within(name: str, value: object, low: int, high: int) -> None:
    number = _integer(name, value)
    if not low <= number <= high:
        raise InvalidConfigError(f"{name} must be from {low} to {high} (got {_shown(number)})")


def _shown(value: object) -> str:
    """A short rendering of a value given, for messages (an int of thousands of digits is not
    written out)."""
    try:
        text = repr(value)
    except ValueError:
        return "a number too long to show"
    return text if len(text) <= 60 else text[:60] + "…"
