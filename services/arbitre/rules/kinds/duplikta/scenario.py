"""Tourlou's scenarios: a numbered, pre-drawn dupliKta game played against Tourlou, whose word
is always the one installed, at one of six levels.

A **scenario** (:class:`Scenario`, the option ``scenario`` of
:class:`~arbitre.rules.kinds.duplikta.config.DupliktaConfig`) is a number (1 to
:data:`MAX_NUMBER`), a level (1 to 6) and Tourlou's move at each turn (its notation, or
``None`` for a pass). In a game of a scenario, the second seat is Tourlou's *(decision: a
robot seated takes it and a person the first, whoever comes first; a person is refused it,
``robot_seat``: see :func:`arbitre.rules.kinds.duplikta.table.seat`)*: at each deal its move
of the turn is confirmed for it by the rules (time 0; judged as any confirm, a move that does
not fit the board and the rack is ``bad_scenario``); the person's move is judged, scored and
compared (the turn's line, the points against the best move) but **never installed**: the
turn installs Tourlou's move when it is accepted, by the criterion ``scenario``, with no bonus
to either player; a pass of Tourlou installs nothing (criterion ``none``), and the same rack is
dealt again, as the rules say. The racks are those the game's seeded box gives after
Tourlou's moves: the whole sequence is drawn in advance.

**Levels** *(decision)*: Tourlou's move at each turn is chosen from the list of its rack's
legal moves, best first (the engine's, scored as dupliKta scores): level ``L`` plays the move
of rank :func:`level_rank` ``(L, n)`` among ``n``, the one at the share
``(6 − L) / 10`` of the list: level 6 the top, 5 the move at 10 % of the list, 4 at 20 %, 3 at
30 %, 2 at 40 %, 1 the median. The lower the level, the weaker the move installed, the easier
to score against it. Tourlou never uses Chances nor reverses words; with the clock on it never
places more than two blanks.

**Dealt by the server** *(decision)*: a configuration whose ``scenario`` gives a number and a
level and no moves (``POST /v1/games`` with ``{"config": {"scenario": {"number": 41,
"level": 2}}}``) asks the server to deal that scenario itself (:func:`deal_order`): its seed
is :func:`scenario_seed` of its number, so that scenario 41 at level 2 with the same options
is the same game on every server over the same lexicon, and the same as ``arbitre duplikta
deal --number 41 --level 2`` (whose seed is the same unless ``--seed`` gives another). Its
other options are the game's rules as for any game, and those the package leaves to the game
(the pauses) stay the game's. A scenario with moves comes from a package only.

A **scenario package** (:mod:`arbitre.rules.game_package`) holds the record
:func:`scenario_record` writes: format :data:`SCENARIO_FORMAT`, the configuration (the
scenario included), the seed and its commitment, the lexicon it was made over (id and content
hash, which the services compare with theirs), and each turn's rack and Tourlou's move, so
that a person reads them without running anything. The services play one only once
:func:`package_game` has played it again from its seed: every rack must be the one the seed
gives after Tourlou's moves, every move must be legal and accepted, whatever the signature.

>>> level_rank(6, 40), level_rank(5, 40), level_rank(1, 40), level_rank(1, 1)
(0, 4, 20, 0)
>>> scenario_seed(41)
4328356661123164003
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import DealOrder, InvalidConfigError
from arbitre.rules.seed_commitment import commitment

if TYPE_CHECKING:
    from arbitre.rules.kinds.duplikta.config import DupliktaConfig
    from arbitre.rules.kinds.duplikta.game import Tools

__all__ = [
    "LEVELS",
    "MAX_NUMBER",
    "MAX_TURNS",
    "SCENARIO_FORMAT",
    "Scenario",
    "ScenarioMismatchError",
    "deal_order",
    "level_rank",
    "package_config",
    "package_game",
    "scenario_record",
    "scenario_seed",
]

#: The format of a scenario, the record of a dupliKta package.
SCENARIO_FORMAT = "arbitre.duplikta-scenario/1"
#: Tourlou's levels in a scenario, from the easiest to the top.
LEVELS = range(1, 7)
#: The largest scenario number.
MAX_NUMBER = 9_999
#: The most turns a scenario lists (a game of 102 tokens takes about 20 to 30).
MAX_TURNS = 200
#: The largest seed (the session's bound).
_MAX_SEED = 2**63 - 1
#: The settings a game from a scenario may give itself: the rest is the scenario's.
_LEFT_TO_THE_GAME = frozenset({"pauses", "pause_seconds"})


class ScenarioMismatchError(ArbitreError):
    """A scenario package whose racks or moves are not what its seed and rules give (or no
    scenario at all)."""

    code = "bad_package"


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario: its ``number``, Tourlou's ``level`` and its ``moves``, one a turn (the
    notation, ``None`` for a pass); after the last, Tourlou passes."""

    number: int
    level: int
    moves: tuple[str | None, ...]

    def __post_init__(self) -> None:
        for name, value, high in (("number", self.number, MAX_NUMBER), ("level", self.level, 6)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
                raise InvalidConfigError(f"scenario {name} must be from 1 to {high} ({value!r})")
        if not isinstance(self.moves, tuple) or len(self.moves) > MAX_TURNS:
            raise InvalidConfigError(f"a scenario lists at most {MAX_TURNS} moves")
        for move in self.moves:
            if move is not None and (not isinstance(move, str) or not 0 < len(move) <= 40):
                raise InvalidConfigError(f"a scenario's move is a notation or null ({move!r})")

    def move_at(self, turn: int) -> str | None:
        """Tourlou's move at ``turn`` (from 1): a pass past the last."""
        return self.moves[turn - 1] if 0 < turn <= len(self.moves) else None

    def data(self, moves: bool = True) -> dict[str, Any]:
        """As JSON-ready data; without ``moves``, what a player may see before the end (the
        number and the level, no move)."""
        return {
            "number": self.number,
            "level": self.level,
            "moves": list(self.moves) if moves else [],
        }

    @classmethod
    def from_data(cls, data: object) -> Scenario:
        """The scenario ``data`` describes (:meth:`data`'s form), or
        :class:`InvalidConfigError`."""
        if not isinstance(data, Mapping) or set(data) - {"number", "level", "moves"}:
            raise InvalidConfigError("scenario is {number, level, moves}")
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise InvalidConfigError("a scenario's moves are a list")
        number, level = data.get("number"), data.get("level")
        return cls(number, level, tuple(moves))  # type: ignore[arg-type]  # checked on creation


def level_rank(level: int, count: int) -> int:
    """The rank (from 0, best first) of the move Tourlou plays at ``level`` among ``count``
    moves: the share ``(6 - level) / 10`` of the list, the last at most."""
    if level not in LEVELS:
        raise InvalidConfigError(f"a level is from 1 to 6 (got {level!r})")
    return min(max(0, count - 1), (6 - level) * count // 10)


def scenario_seed(number: int) -> int:
    """The seed of scenario ``number`` as a server deals it (and ``arbitre duplikta deal``
    without ``--seed``): the first 8 bytes of the SHA-256 of ``"arbitre.duplikta-scenario/1:"``
    followed by the number in decimal, read big-endian, halved (below 2**63). Public: a
    scenario is a game everyone plays alike, and its seed is in its record from the start."""
    digest = hashlib.sha256(f"{SCENARIO_FORMAT}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def deal_order(data: Mapping[str, object]) -> DealOrder | None:
    """The deal a game's configuration ``data`` asks of the server (see the module): ``None``
    without a scenario; for ``{"number", "level"}`` (``moves`` empty or left out), the order
    ``{"number", "level"}`` with the rest of ``data`` as the rules (the pauses aside, which
    the package leaves to the game: the same deal whatever they are), :func:`scenario_seed`
    of the number as the seed; :class:`InvalidConfigError` for a number or a level out of
    bounds, moves given or settings that do not hold."""
    from arbitre.rules.kinds.duplikta.config import configure

    asked = data.get("scenario")
    if asked is None:
        return None
    if not isinstance(asked, Mapping) or set(asked) - {"number", "level", "moves"}:
        raise InvalidConfigError("scenario is {number, level} for the server to deal it")
    if asked.get("moves"):
        raise InvalidConfigError(
            "scenario.moves: Tourlou's moves come from a package only "
            "(give number and level alone for this server to deal the scenario)"
        )
    number, level = asked.get("number"), asked.get("level")
    Scenario(number, level, ())  # type: ignore[arg-type]  # the bounds, checked on creation
    assert isinstance(number, int)
    rules = {
        key: value
        for key, value in data.items()
        if key != "scenario" and key not in _LEFT_TO_THE_GAME
    }
    configure({**data, "scenario": None})  # every setting checked, the game's own too
    return DealOrder(
        {"number": number, "level": level},
        configure(rules),
        scenario_seed(number),
        {key: data[key] for key in sorted(_LEFT_TO_THE_GAME) if key in data},
    )


def scenario_record(
    config: DupliktaConfig, seed: int, racks: list[str], lexicon: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The record of the scenario ``config`` holds, played from ``seed``, whose turns were
    dealt ``racks``, made over ``lexicon`` (``{"id", "hash"}``: the services play a package
    only over the lexicon of the same content hash): see the module."""
    from arbitre.rules.kinds.duplikta.config import config_data

    scenario = config.scenario
    if scenario is None:
        raise InvalidConfigError("the configuration holds no scenario")
    if len(racks) != len(scenario.moves):
        raise InvalidConfigError("a scenario has one rack a move")
    return {
        "format": SCENARIO_FORMAT,
        "kind": "duplikta",
        "config": config_data(config),
        "number": scenario.number,
        "level": scenario.level,
        "seed": seed,
        "commitment": commitment(seed, SCENARIO_FORMAT),  # the format is the salt
        "lexicon": None if lexicon is None else dict(lexicon),
        "turns": [
            {"rack": rack, "move": move} for rack, move in zip(racks, scenario.moves, strict=True)
        ],
    }


def package_config(rules: Mapping[str, Any], settings: Mapping[str, Any]) -> DupliktaConfig:
    """The configuration of a game from a scenario whose ``config`` is ``rules``, with the
    game's own ``settings`` (each player's pauses only); :class:`InvalidConfigError` for rules
    without a scenario, that do not hold, or another setting."""
    from arbitre.rules.kinds.duplikta.config import configure

    brought = sorted(set(settings) - _LEFT_TO_THE_GAME)
    if brought:
        raise InvalidConfigError(
            f"a scenario brings its rules and seed: give none of {', '.join(brought)}"
        )
    if not isinstance(rules, Mapping) or not rules.get("scenario"):
        raise InvalidConfigError("the package's configuration holds no scenario")
    return configure({**rules, **settings})


def package_game(record: Mapping[str, Any], config: DupliktaConfig, tools: Tools) -> int:
    """The seed of the scenario ``record`` once played again with ``tools``: a scenario of
    ``config``'s rules (pauses aside) whose commitment is its seed's and whose racks are those
    the seed gives after Tourlou's moves, each legal and accepted; :class:`InvalidConfigError`
    for another configuration, :class:`ScenarioMismatchError` where it differs."""
    from arbitre.rules.kinds.duplikta.game import DupliktaGame

    if not isinstance(record, Mapping) or record.get("format") != SCENARIO_FORMAT:
        raise ScenarioMismatchError(f"the package holds no scenario ({SCENARIO_FORMAT!r})")
    rules = record.get("config")
    if record.get("kind") != "duplikta" or not isinstance(rules, Mapping):
        raise ScenarioMismatchError("the scenario is not a dupliKta game's")
    left = {"pauses": config.pauses, "pause_seconds": config.pause_seconds}
    if package_config({**rules, **left}, {}) != config:
        raise InvalidConfigError("the game's configuration is not the scenario's")
    scenario = config.scenario
    assert scenario is not None  # package_config asks for one
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MAX_SEED:
        raise ScenarioMismatchError(f"the scenario's seed is not a whole number ({seed!r})")
    if (record.get("number"), record.get("level")) != (scenario.number, scenario.level):
        raise ScenarioMismatchError("the scenario's number or level is not its configuration's")
    turns = record.get("turns")
    if not isinstance(turns, list) or len(turns) != len(scenario.moves):
        raise ScenarioMismatchError("the scenario lists one turn a move")
    game = DupliktaGame(config, seed, tools, ("person", "tourlou"))
    racks = []
    try:
        for _ in turns:
            rack = game.deal()
            if rack is None:
                raise ScenarioMismatchError("the scenario goes on after its game's end")
            racks.append(rack)
            game.confirm("person", None, 0 if config.clock_on else None)
            game.close_turn()
    except ArbitreError as error:
        if isinstance(error, ScenarioMismatchError):
            raise
        raise ScenarioMismatchError(f"the scenario does not replay: {error}") from None
    drawn = scenario_record(config, seed, racks)
    for field in ("commitment", "turns"):  # as JSON: true is not 1, 2.0 not 2
        if json.dumps(record.get(field)) != json.dumps(drawn[field]):
            raise ScenarioMismatchError(f"the scenario's {field} is not what its seed gives")
    if not game.over:
        raise ScenarioMismatchError("the scenario ends before its game does")
    return seed
