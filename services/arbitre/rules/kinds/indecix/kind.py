"""Indecix behind the game-kind interface: events, views, records and replay.

The state changes are :mod:`arbitre.rules.kinds.indecix.game`'s; this module says them in the
interface's values. Views and records are built by functions that take a game's
:class:`~arbitre.rules.kinds.indecix.game.Match` only, never its secrets: a die still to roll,
and the seed before the end, are not reachable from them.

Cells are named ``C4``; grids are written as the batch tool writes them (six strings, row A
first: ``.`` empty, ``1``–``6`` a die of seat 0, ``a``–``f`` a die of seat 1); lines are named
by their row letter or column number; ``roll`` is the roll's number over the match (from 1),
``game_roll`` its number in its game (1 to 36); times are the session clock's milliseconds.

**Actions.** ``{"cell": "C4", "roll": <n>}``: put the die of roll *n* (the open one) on C4.
Anything else is refused ``bad_action``; the other refusals are
:func:`~arbitre.rules.kinds.indecix.game.place`'s.

**Events**, all public: ``player_joined`` and ``player_left`` (player, seat); ``die_rolled``
(roll, game, game_roll, player, seat, face, rolled_at, deadline_at); ``die_placed`` (the roll,
its cell, the ``captured`` cells and ``captured_dice`` with their owners, ``capture_points``,
the ``suites``, ``suite_points``, ``points`` and both players' ``scores`` after it);
``die_lost`` (the roll, its ``reason``: ``no_legal_cell``, ``timeout``, ``illegal_drop`` or
``absent``, the ``cell`` of an illegal drop, the player it went ``to`` for 1 point, the
``scores``); ``game_ended`` (a game of the match: its trays, scores and winner, ``null`` for a
draw); ``game_over`` (the standings and the seed). An accepted action's result is the
``die_placed`` or ``die_lost`` data of its roll.

**Views.** Everyone sees the grid, the lines marked with their completer, both trays with
counts and points per category, the scores, whose turn it is and the open roll's face, the
current game's rolls so far, the results of the games before, the standings, and the
commitment to the seed (the seed itself once the match is over). A seated player's view adds
``you``: their seat, whether they are to play and, when it is their roll, their aids: the
``legal_cells`` when that aid is on and the ``previews`` (what each legal cell would capture and
score) when that one is (never in Master).

**Record.** ``kind``, ``format``, ``config``, ``game_id``, the ``players`` seated at the
creation and the ``seats``, the ``commitment``, every ``step`` (seat, leave, open, place,
close, shift, with their times), each game with every resolved roll (face, cell, captures,
suites, points, or the loss and its reason, and both scores after it), its final grid, trays,
scores and winner (for the game open when the record is read, the game so far: its grid,
trays and scores, all public as in the view, the open roll left out, ``winner`` ``null``), the
``standings``, ``over`` and the ``seed`` once over.
:meth:`IndecixKind.replay` plays the steps again from the seed and checks that they give the
same record (a ``bad_record`` error otherwise).

**Saved state** is :func:`arbitre.rules.kinds.indecix.game.save`'s: the seed and the steps,
for the session's storage only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import (
    ActionRefusedError,
    Event,
    Kind,
    Message,
    Outcome,
    Phase,
    Setup,
    Standing,
    Viewer,
)
from arbitre.rules.kinds.indecix import game as rules
from arbitre.rules.kinds.indecix import moves
from arbitre.rules.kinds.indecix import package as deals
from arbitre.rules.kinds.indecix.config import (
    SEATS,
    Aids,
    IndecixConfig,
    Mode,
    config_data,
    configure,
)
from arbitre.rules.kinds.indecix.dice import verify
from arbitre.rules.kinds.indecix.game import (
    BadStateError,
    Ended,
    Finished,
    Game,
    Happening,
    IndecixGame,
    Match,
    Resolved,
    Rolled,
)
from arbitre.rules.kinds.indecix.grid import Grid, cell_name, line_name
from arbitre.rules.kinds.indecix.package import DEAL_FORMAT
from arbitre.rules.kinds.indecix.rolls import Roll
from arbitre.rules.kinds.indecix.trays import Tray, trays

__all__ = [
    "INDECIX",
    "NAME",
    "RECORD_FORMAT",
    "TITLE",
    "BadRecordError",
    "BadStateError",
    "IndecixKind",
    "record_of",
    "view_of",
]

#: The kind's name in the registry and in every API.
NAME = "indecix"
#: The kind's name for people.
TITLE = "Indecix"
#: The version of :meth:`IndecixKind.record`'s layout.
RECORD_FORMAT = 1

_ACTION_KEYS = frozenset({"cell", "roll"})


class BadRecordError(ArbitreError):
    """A record that does not hold together: malformed, a seed that does not verify, a step the
    rules refuse, or anything the steps do not give again."""

    code = "bad_record"


class IndecixKind:
    """Indecix: two players place dice in turn on a 6×6 grid; see
    :mod:`arbitre.rules.kinds.indecix`. It needs no tools (``None``)."""

    @property
    def name(self) -> str:
        return NAME

    @property
    def title(self) -> str:
        return TITLE

    @property
    def min_seats(self) -> int:
        return SEATS

    @property
    def max_seats(self) -> int:
        return SEATS

    def configure(self, data: Mapping[str, object]) -> IndecixConfig:
        return configure(data)

    def config_data(self, config: IndecixConfig) -> dict[str, Any]:
        return config_data(config)

    def new_game(self, config: IndecixConfig, setup: Setup, tools: None) -> IndecixGame:
        return rules.new_game(config, setup)

    def seat(self, state: IndecixGame, player: str, now_ms: int) -> tuple[Event, ...]:
        """Seat ``player`` (see :func:`arbitre.rules.kinds.indecix.game.seat`)."""
        taken, happened = rules.seat(state, player, now_ms)
        joined = _public("player_joined", {"player": player, "seat": taken})
        return (joined, *_events(state.match, happened))

    def leave(self, state: IndecixGame, player: str, now_ms: int) -> tuple[Event, ...]:
        """``player`` leaves (see :func:`arbitre.rules.kinds.indecix.game.leave`)."""
        held, happened = rules.leave(state, player, now_ms)
        left = _public("player_left", {"player": player, "seat": held})
        return (left, *_events(state.match, happened))

    def phase(self, state: IndecixGame, now_ms: int) -> Phase:
        """One actor at a time, the roller of the open die; a deadline in Blitz only."""
        return rules.phase(state.match, now_ms)

    def open_next(self, state: IndecixGame, now_ms: int) -> tuple[Event, ...]:
        """Open the next game of the match (the first starts it) and roll its first die."""
        return _events(state.match, rules.open_next(state, now_ms))

    def act(
        self, state: IndecixGame, player: str, action: Mapping[str, Any], now_ms: int
    ) -> Outcome:
        """Place the open die: ``{"cell": "C4", "roll": 7}``; refused as
        :func:`arbitre.rules.kinds.indecix.game.place` says, or ``bad_action``."""
        cell, number = _placement_action(action)
        happened = rules.place(state, player, cell, number, now_ms)
        first = happened[0]
        assert isinstance(first, Resolved)
        return Outcome(_resolved(state.match, first.roll), _events(state.match, happened))

    def close(self, state: IndecixGame, now_ms: int) -> tuple[Event, ...]:
        """Blitz: the open die's time is up, it is lost (refused ``not_due`` before)."""
        return _events(state.match, rules.close(state, now_ms))

    def view(self, state: IndecixGame, viewer: Viewer, now_ms: int) -> dict[str, Any]:
        return view_of(state.match, viewer, now_ms)

    def standings(self, state: IndecixGame) -> list[Standing]:
        return rules.standings(state.match)

    # -- played from a deal, ranked in a contest --------------------------------------------

    @property
    def package_format(self) -> str:
        """An Indecix package holds a deal (:mod:`arbitre.rules.kinds.indecix.package`)."""
        return DEAL_FORMAT

    def package_config(
        self, rules: Mapping[str, Any], settings: Mapping[str, Any]
    ) -> IndecixConfig:
        """See :func:`arbitre.rules.kinds.indecix.package.package_config`."""
        return deals.package_config(rules, settings)

    def package_game(self, record: Mapping[str, Any], config: IndecixConfig, tools: None) -> int:
        """See :func:`arbitre.rules.kinds.indecix.package.package_game`."""
        return deals.package_game(record, config)

    def seat_totals(self, state: IndecixGame) -> tuple[tuple[str | None, int], ...]:
        """Each seat's player (``None`` while empty) and total over the match."""
        totals = {line.player: line.total for line in rules.standings(state.match)}
        seats = list(state.match.seats) + [None] * (SEATS - len(state.match.seats))
        return tuple((seat, totals.get(seat, 0) if seat else 0) for seat in seats)

    def record(self, state: IndecixGame) -> dict[str, Any]:
        return record_of(state.match)

    def save(self, state: IndecixGame) -> dict[str, Any]:
        return rules.save(state)

    def load(self, data: Mapping[str, Any], tools: None) -> IndecixGame:
        return rules.load(data)

    def shift(self, state: IndecixGame, delta_ms: int) -> None:
        rules.shift(state, delta_ms)

    def replay(self, record: Mapping[str, Any], tools: None) -> IndecixGame:
        """The match a finished ``record`` describes, its steps played again from its seed; a
        :class:`BadRecordError` when anything differs."""
        try:
            return _replay(record)
        except BadRecordError:
            raise
        except ArbitreError as error:
            raise BadRecordError(f"the record does not replay: {error}") from error


def _replay(record: Mapping[str, Any]) -> IndecixGame:
    if not isinstance(record, Mapping):
        raise BadRecordError("a record is a mapping")
    if record.get("kind") != NAME or record.get("format") != RECORD_FORMAT:
        raise BadRecordError(f"not a record of format {RECORD_FORMAT} of an {NAME} game")
    seed = record.get("seed")
    if seed is None:
        raise BadRecordError("the record holds no seed: the game is not over")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadRecordError(f"the seed must be a whole number (got {seed!r})")
    committed = record.get("commitment")
    if not isinstance(committed, str) or not verify(committed, seed):
        raise BadRecordError("the seed does not verify against the commitment")
    config = record.get("config")
    players = record.get("players")
    game_id = record.get("game_id")
    steps = record.get("steps")
    if not isinstance(config, Mapping) or not isinstance(game_id, str):
        raise BadRecordError("the record's config and game_id are missing")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadRecordError("the record's players must be a list of ids")
    if not isinstance(steps, list):
        raise BadRecordError("the record's steps must be a list")
    state = rules.new_game(configure(config), Setup(game_id, seed, tuple(players)))
    for number, step in enumerate(steps, start=1):
        try:
            rules.apply_step(state, step)
        except ArbitreError as error:
            raise BadRecordError(f"step {number} does not replay: {error}") from error
    if not state.match.over:
        raise BadRecordError("the record ends before the game does")
    replayed = record_of(state.match)
    given = json.loads(json.dumps(record))
    for key in sorted(set(replayed) | set(given)):
        if replayed.get(key) != given.get(key):
            raise BadRecordError(f"the record's {key} is not what its steps give")
    return state


#: The Indecix kind (registered by :mod:`arbitre.rules.kinds.indecix`).
INDECIX = IndecixKind()
#: The same, checked by mypy against the interface.
_KIND: Kind[IndecixConfig, IndecixGame, None] = INDECIX


# -- events ----------------------------------------------------------------------------------


def _events(match: Match, happened: Sequence[Happening]) -> tuple[Event, ...]:
    events = []
    for item in happened:
        if isinstance(item, Rolled):
            events.append(_public("die_rolled", _rolled(match, item.roll)))
        elif isinstance(item, Resolved):
            data = _resolved(match, item.roll)
            events.append(_public("die_placed" if data["placed"] else "die_lost", data))
        elif isinstance(item, Ended):
            events.append(_public("game_ended", _ended(match, item.game)))
        elif isinstance(item, Finished):
            data = {"standings": [_standing(s) for s in rules.standings(match)], "seed": match.seed}
            events.append(_public("game_over", data))
    return tuple(events)


def _public(kind: str, data: Mapping[str, Any]) -> Event:
    return Event(Message(kind, data))


def _rolled(match: Match, roll: Roll) -> dict[str, Any]:
    """What everyone learns of a roll when it is rolled."""
    return {
        "roll": roll.number,
        "game": roll.game,
        "game_roll": roll.index,
        "player": match.seats[roll.player],
        "seat": roll.player,
        "face": roll.face,
        "rolled_at": roll.rolled_ms,
        "deadline_at": roll.deadline_ms,
    }


def _resolved(match: Match, roll: Roll) -> dict[str, Any]:
    """A resolved roll: its placement or its loss, and both scores just after it."""
    data = _roll_data(match, roll)
    rolls = match.games[roll.game - 1].rolls[: roll.index]
    data["scores"] = {match.seats[seat]: tray.total for seat, tray in enumerate(trays(rolls))}
    return data


def _roll_data(match: Match, roll: Roll) -> dict[str, Any]:
    """A resolved roll as the record and the events write it."""
    data = _rolled(match, roll)
    del data["rolled_at"], data["deadline_at"]
    data.update(rolled_ms=roll.rolled_ms, deadline_ms=roll.deadline_ms, at_ms=roll.at_ms)
    placement = roll.placement
    data["placed"] = placement is not None
    if placement is None:
        data.update(
            cell=None if roll.drop is None else cell_name(roll.drop),
            reason=None if roll.lost is None else roll.lost.value,
            to=match.seats[1 - roll.player],
            points=1,
        )
        return data
    data.update(
        cell=cell_name(placement.cell),
        captured=[cell_name(cell) for cell in placement.captured_cells],
        captured_dice=[
            {"cell": cell_name(cell), "face": die.face, "player": match.seats[die.owner]}
            for cell, die in placement.captured
        ],
        capture_points=placement.capture_points,
        suites=[
            {"line": suite.line, "points": suite.points, "pure": suite.pure}
            for suite in placement.suites
        ],
        suite_points=placement.suite_points,
        points=placement.points,
    )
    return data


def _ended(match: Match, game: Game) -> dict[str, Any]:
    pair = game.trays()
    won = game.winner()
    return {
        "game": game.number,
        "starter": match.seats[game.starter],
        "grid": game.grid.rows(),
        "trays": [_tray(match, seat, pair) for seat in range(SEATS)],
        "scores": {match.seats[seat]: pair[seat].total for seat in range(SEATS)},
        "winner": None if won is None else match.seats[won],
    }


def _tray(match: Match, seat: int, pair: tuple[Tray, Tray]) -> dict[str, Any]:
    return {"player": match.seats[seat], "seat": seat, **pair[seat].data()}


def _standing(standing: Standing) -> dict[str, Any]:
    return {
        "rank": standing.rank,
        "player": standing.player,
        "total": standing.total,
        "details": dict(standing.details),
    }


# -- views: built from the match alone -------------------------------------------------------


def view_of(match: Match, viewer: Viewer, now_ms: int) -> dict[str, Any]:
    """The match as ``viewer`` may see it at ``now_ms``, from ``match`` (no secret is in it)."""
    game = match.game
    roll = match.current
    grid = Grid.empty() if game is None else game.grid
    colours = match.config.colours
    data: dict[str, Any] = {
        "kind": NAME,
        "game_id": match.game_id,
        "config": config_data(match.config),
        "stage": match.stage.value,
        "roll": match.number,
        "commitment": match.commitment,
        "games": match.config.games,
        "game": 0 if game is None else game.number,
        "players": [
            {"player": p, "seat": seat, "colour": colours[seat], "present": p not in match.absent}
            for seat, p in enumerate(match.seats)
        ],
        "grid": grid.rows(),
        "marked": [] if game is None else _marked(match, game),
        "current": None if roll is None else _current(match, roll, now_ms),
        "trays": None,
        "scores": None,
        "history": [],
        "results": [_ended(match, g) for g in match.games if g.over],
        "standings": [_standing(s) for s in rules.standings(match)],
        "you": _you(match, viewer.player),
        "seed": match.seed if match.over else None,
    }
    if game is not None:
        pair = game.trays()
        data["trays"] = [_tray(match, seat, pair) for seat in range(SEATS)]
        data["scores"] = {match.seats[seat]: pair[seat].total for seat in range(SEATS)}
        data["history"] = [_roll_data(match, r) for r in game.rolls if not r.is_open]
    return data


def _marked(match: Match, game: Game) -> list[dict[str, Any]]:
    """The full lines shown in their completer's colour."""
    return [
        {"line": line_name(line), "player": match.seats[seat], "seat": seat}
        for line, seat in sorted(game.marked.items())
    ]


def _current(match: Match, roll: Roll, now_ms: int) -> dict[str, Any]:
    data = _rolled(match, roll)
    deadline = roll.deadline_ms
    data["remaining_ms"] = None if deadline is None else max(0, deadline - now_ms)
    return data


def _you(match: Match, player: str | None) -> dict[str, Any] | None:
    """What a seated ``player`` sees of themselves: their seat, their turn, their aids."""
    if player is None or player not in match.seats:
        return None
    seat = match.seats.index(player)
    aids = match.config.aids[seat]
    if match.config.mode is Mode.MASTER:  # never an aid in Master (its configuration has none)
        aids = Aids(legal_cells=False, capture_preview=False)
    roll = match.current
    game = match.game
    to_play = roll is not None and roll.player == seat and player not in match.absent
    legal: list[str] | None = None
    previews: list[dict[str, Any]] | None = None
    if to_play and roll is not None and game is not None and aids.any:
        cells = moves.legal_cells(game.grid, roll.face)
        if aids.legal_cells:
            legal = [cell_name(cell) for cell in cells]
        if aids.capture_preview:
            previews = []
            for cell in cells:
                placed = moves.place(game.grid, cell, roll.face, seat)
                previews.append(
                    {
                        "cell": cell_name(cell),
                        "captured": [cell_name(c) for c in placed.captured_cells],
                        "capture_points": placed.capture_points,
                        "suite_points": placed.suite_points,
                        "points": placed.points,
                    }
                )
    return {
        "player": player,
        "seat": seat,
        "colour": match.config.colours[seat],
        "present": player not in match.absent,
        "to_play": to_play,
        "aids": {"legal_cells": aids.legal_cells, "capture_preview": aids.capture_preview},
        "legal_cells": legal,
        "previews": previews,
    }


# -- records: built from the match alone -----------------------------------------------------


def record_of(match: Match) -> dict[str, Any]:
    """The match's record: every step and every resolved roll, and the seed once it is over."""
    return {
        "kind": NAME,
        "format": RECORD_FORMAT,
        "config": config_data(match.config),
        "game_id": match.game_id,
        "players": list(match.starters),
        "seats": list(match.seats),
        "commitment": match.commitment,
        "steps": [dict(step) for step in match.steps],
        "games": [_game_record(match, game) for game in match.games],
        "standings": [_standing(s) for s in rules.standings(match)],
        "over": match.over,
        "seed": match.seed if match.over else None,
    }


def _game_record(match: Match, game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": game.number,
        "starter": match.seats[game.starter],
        "opened_ms": game.opened_ms,
        "closed_ms": game.closed_ms,
        "rolls": [_resolved(match, roll) for roll in game.rolls if not roll.is_open],
    }
    if game.over:
        data.update(_ended(match, game))
    else:  # the game so far, all of it public: the grid, the trays, the scores; no winner yet
        pair = game.trays()
        data.update(
            grid=game.grid.rows(),
            trays=[_tray(match, seat, pair) for seat in range(SEATS)],
            scores={match.seats[seat]: pair[seat].total for seat in range(SEATS)},
            winner=None,
        )
    return data


# -- actions ---------------------------------------------------------------------------------


def _placement_action(action: Mapping[str, Any]) -> tuple[str, int]:
    """The cell and roll number of a placement, or ``bad_action``."""
    shape = 'a placement is {"cell": "C4", "roll": <the roll\'s number>}'
    if not isinstance(action, Mapping):
        raise ActionRefusedError("bad_action", shape)
    unknown = sorted(str(key) for key in action if key not in _ACTION_KEYS)
    if unknown:
        raise ActionRefusedError(
            "bad_action", f"unknown field(s) in a placement: {', '.join(unknown)}; {shape}"
        )
    cell = action.get("cell")
    if not isinstance(cell, str):
        raise ActionRefusedError("bad_action", f"a placement names its cell in 'cell'; {shape}")
    number = action.get("roll")
    if isinstance(number, bool) or not isinstance(number, int):
        raise ActionRefusedError("bad_action", f"a placement names its roll in 'roll'; {shape}")
    return cell, number
