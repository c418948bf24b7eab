"""dupliKta behind the game-kind interface: seats, turns on the session's clock, events, views,
standings, records and replay.

The rules of a turn and of a game are :class:`~arbitre.rules.kinds.duplikta.game.DupliktaGame`'s
(see :mod:`arbitre.rules.kinds.duplikta`); the table around it (seats, times, steps, saving) is
:mod:`~arbitre.rules.kinds.duplikta.table`'s; this module says them in the interface's values.
It is pure: no I/O, and time is always an argument (``now_ms``, the session's clock).

Where issue 15 and the seed are silent, this adapter decides (each *(decision)*):

* **Seats.** Exactly two. Before the start players sit and leave freely; the first seated is
  the first player (the handicaps of the options follow the seating order). Once the first turn
  is dealt the seats are fixed: nobody else may sit (``table_full``). A player who leaves keeps
  their points and passes every turn, with nothing out of the rack, until they sit again, which
  they may do while the game is not over; back during an open turn, they play it if it is not
  due to close yet *(decision)*. The open turn does not wait for a player who left: it is due as
  soon as every player present has confirmed (at once when nobody is present); with both away,
  the turns pass, and three turns with nothing installed end the game (``stalled``), as the
  rules say *(decision)*. In a scenario the first seat is the person's and the second
  Tourlou's, whoever sits first: a robot (seated by :meth:`DupliktaKind.seat_robot`) always
  takes the second, and a person is refused it (``robot_seat``; see
  :func:`~arbitre.rules.kinds.duplikta.table.seat`).
* **Phase.** ``waiting`` before the start; ``playing`` while a turn is open: the players
  present who have not confirmed are its actors, until the deadline (the deal plus the clock's
  seconds; none with the clock off), and it is due at the deadline or as soon as nobody present
  is left to confirm; ``between`` once it is closed, with ``next_ms`` the close plus
  :data:`~arbitre.rules.kinds.duplikta.table.REVEAL_MS` (5 s: both see the turn's result, then
  the session deals the next turn; it may deal it earlier, when both are ready); ``over``. With
  the clock off a turn ends only when both players present have confirmed *(decision)*.
* **Actions** (``act``), checked strictly (``bad_action`` for anything else, an unknown field
  included): ``{"turn": n, "redraw": "A"}``, ``{"turn": n, "exchange": "A", "for": "E"}`` (the
  Chances at the loupe, on the player's own copy of the rack and the box) and
  ``{"turn": n, "confirm": "H8 JOUR" or null, "loupe": "", "returned": ""}`` (``loupe`` and
  ``returned``, optional, only at a pass); ``{"turn": n, "pause": true}`` and
  ``{"turn": n, "resume": true}``, a player's pause of the open turn (its rules, its budget
  and its refusals ``paused``, ``not_paused`` and ``no_pause_left`` are
  :mod:`~arbitre.rules.kinds.duplikta.table`'s). A confirm's time is the server's: ``now_ms`` minus
  the deal, at least 0 *(decision: a replica's clock slightly behind the deal's does not refuse
  it)*, the time played only (a pause moves the deal, see ``shift``). Refusals, in this order:
  ``game_over``, ``not_open`` (before the start, between turns), ``not_seated`` (not a player,
  or away), ``wrong_turn``, ``already_confirmed``, ``too_late`` (from the deadline on, or once
  the turn is due: a player back after the other confirmed alone) *(decision: as Indecix's
  Blitz, the deadline's own millisecond is too late)*, then the rules' own
  (``not_enough_chances``, ``not_on_rack``, ``letter_not_in_set``, ``same_token``,
  ``bad_notation``, ``illegal_move:<reason>``, ``loupe_with_move``, ``bad_tokens``, ...).
* **What an action tells.** Its result is its actor's alone: a request at the loupe tells what
  became of it (``exchange``: kind, given, wanted, received, cost), the rack, Chances and box
  view after it; a confirm tells the move as judged, the tokens it places, its score if its
  words are valid and the words it forms, or, for a pass, its tokens out of the rack and what
  the pass costs. Never whether the words are valid: a refused move is known only at the close.
  *(Decision)* A request at the loupe makes **no public event** (the Chances spent are the
  player's secret until the close: the opponent is not told that they used the loupe); a
  confirm's public event ``player_confirmed`` says only the turn and the player (who has
  confirmed is public: the turn may end early). A pause and its end are public
  (``turn_paused``, ``turn_resumed``), and the result of a pause or a resume is that event's
  data (``paused``, ``resumed``).
* **Events.** ``player_joined``, ``player_left`` (player, seat); ``turn_dealt`` (turn, deal
  and deadline times, the tokens left in the box, the reliquat kept from the turn before; each
  player's own message adds the rack); ``player_confirmed``; ``turn_closed``: the turn's line
  of the score sheet (the rack, both players' racks, exchanges, moves, accepted or refused with
  the unknown words, scores, penalties, bonuses, points and totals, who was installed and by
  which criterion, the reliquat, the computer's best move of the shared rack on the board
  before the turn and each player's points against it, with their running sum), the totals,
  the board, ``next_ms`` and ``over``;
  ``game_over`` (the end, the adjustment, the totals, the standings and the seed);
  ``turn_paused`` (turn, the pauser, when it began and when it ends by itself, their pauses
  and pause time left then) and ``turn_resumed`` (turn, the pauser, who resumed it, ``null``
  when it ran out, when, how long it lasted, the turn's new deadline, the pauser's pauses and
  pause time left).
* **Views.** Everyone sees the board, the stage and the turn, both players with their
  presence, totals and Chances (as of the last close: spending is told at the close), who has
  confirmed, the clock, the reliquat, how many tokens are in the box, the closed turns' score
  sheet, the standings, the board's premiums and the token set played (what a page draws),
  the pause under way (``pause``: its player, beginning and end; the clock's ``remaining_ms``
  stands still meanwhile, its ``deadline_ms`` is ``null``), each player's pauses and pause
  time left and, once over, the seed. *(Decision)* A spectator does not see the open
  turn's rack (a kibitzer cannot coach a player during the turn): they see it in the score sheet
  once the turn is closed, and only what the closed turns already tell (the reliquat; the same
  rack again after a turn with nothing installed). A player also sees ``you``: the shared rack
  dealt, their own copy of the rack, their exchanges of the turn, their Chances now, their
  confirm, whether they may act, whether they may pause now (``can_pause``), and the box: its
  contents (their own copy during a turn) when they started with at least 1 Chance, else the
  whole token set (as the issue says). Never the opponent's copy, exchanges or move before the
  close, the box's order or the seed before the end.
* **Standings.** Both players by total (the end adjustment included once over); equal totals
  share a rank. ``details``: the seat, turns installed, the bonuses by name, moves refused,
  passes, penalties, the end adjustment, the Chances held (as of the last close) and
  ``against_best``, the sum of their points against each turn's best move (as duplicate's
  négatif).
* **Record.** :func:`~arbitre.rules.kinds.duplikta.record.game_record`'s data (its ``seed``
  ``null`` until the game is over), each closed turn with its times (``dealt_ms``,
  ``deadline_ms``, ``settled_ms``, ``closed_ms``), and the ``game_id``, the ``starters``
  (seated at the creation), the ``seats``, the ``steps`` (all but the open turn's actions),
  the ``sheet``, the ``standings`` and ``over``. The steps are ``seat``, ``leave``, ``open``,
  ``act`` (pauses and resumes included), ``close``, ``pause_over`` (a pause that ran out) and
  ``shift``; a robot's ``seat`` says ``"robot": true``. :meth:`DupliktaKind.replay` checks it with
  :func:`~arbitre.rules.kinds.duplikta.record.replay` (every rack, installation, points, the end
  and the totals), then takes its steps again from its seed and checks that they give the same
  record (``bad_record`` otherwise).
* **Saved state** is :func:`~arbitre.rules.kinds.duplikta.table.save`'s: the configuration, the
  setup and the steps, for the session's storage only. ``shift`` moves the open turn whole (its
  deal, deadline and the moment it settled, and a pause under way) or, between turns,
  ``next_ms``.

>>> from arbitre.rules.kinds.base import Setup, Viewer
>>> class Words:  # a lexicon, and no move ever best
...     lexicon = frozenset({"LE", "LA"})
...     def best_move(self, board, rack, tiles, reversed_words):
...         return None
>>> config = DUPLIKTA.configure({"clock": 60})
>>> game = DUPLIKTA.new_game(config, Setup("g1", 7, ("ana", "bob")), Words())
>>> [event.public.type for event in DUPLIKTA.open_next(game, 1_000) if event.public]
['turn_dealt']
>>> phase = DUPLIKTA.phase(game, 1_000)
>>> phase.stage.value, sorted(phase.actors), phase.deadline_ms
('playing', ['ana', 'bob'], 61000)
>>> DUPLIKTA.view(game, Viewer.spectator(), 1_000)["rack"] is None
True
>>> DUPLIKTA.act(game, "ana", {"turn": 1, "confirm": None}, 3_500).result["ms"]
2500
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from arbitre.rules.board import Board
from arbitre.rules.draw import Bag
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import (
    Dealing,
    DealOrder,
    Event,
    Kind,
    Message,
    Outcome,
    Packaged,
    Phase,
    RobotSeating,
    Setup,
    Stage,
    Standing,
    Viewer,
    shared_ranks,
)
from arbitre.rules.kinds.duplikta import record as rules_record
from arbitre.rules.kinds.duplikta import scenario as scenarios
from arbitre.rules.kinds.duplikta import table as tables
from arbitre.rules.kinds.duplikta.chances import (
    Exchange,
    chances_text,
    sees_box,
    starting_chances,
)
from arbitre.rules.kinds.duplikta.config import (
    KIND_NAME,
    PLAYERS,
    DupliktaConfig,
    config_data,
    configure,
)
from arbitre.rules.kinds.duplikta.game import DupliktaGame, PlayedTurn, Tools
from arbitre.rules.kinds.duplikta.penalties import pass_penalty
from arbitre.rules.kinds.duplikta.scenario import SCENARIO_FORMAT
from arbitre.rules.kinds.duplikta.scoring import token_values
from arbitre.rules.kinds.duplikta.table import BadStateError, DupliktaTable, Pause, PauseEnded
from arbitre.rules.tiles import TileSet

__all__ = [
    "DUPLIKTA",
    "NAME",
    "TITLE",
    "BadRecordError",
    "BadStateError",
    "DupliktaKind",
    "DupliktaTable",
    "record_of",
    "standings_of",
    "view_of",
]

#: The kind's name in every API.
NAME = KIND_NAME
#: The kind's name for people.
TITLE = "dupliKta"


class BadRecordError(ArbitreError):
    """A record that does not hold together: malformed, not over, a step the rules refuse, or
    anything its steps do not give again."""

    code = "bad_record"


class DupliktaKind:
    """dupliKta: two players, the same rack at the same time, one word kept on the board; see
    :mod:`arbitre.rules.kinds.duplikta.kind`. Its tools are a lexicon and the best move of a
    rack (:class:`~arbitre.rules.kinds.duplikta.game.Tools`)."""

    #: A game against Tourlou waits for its person away: the session suspends a turn with the
    #: clock on rather than let it run out while they are not there.
    suspends_when_away = True
    #: A scenario comes only from a package the session has played again from its seed, one
    #: brought or one it deals itself (:meth:`deal_order`).
    package_only = frozenset({"scenario"})

    @property
    def name(self) -> str:
        return NAME

    @property
    def title(self) -> str:
        return TITLE

    @property
    def min_seats(self) -> int:
        return PLAYERS

    @property
    def max_seats(self) -> int:
        return PLAYERS

    def configure(self, data: Mapping[str, object]) -> DupliktaConfig:
        return configure(data)

    def config_data(self, config: DupliktaConfig) -> dict[str, Any]:
        return config_data(config)

    def new_game(self, config: DupliktaConfig, setup: Setup, tools: Tools) -> DupliktaTable:
        return tables.new_table(config, setup, tools)

    def seat(self, state: DupliktaTable, player: str, now_ms: int) -> tuple[Event, ...]:
        """Seat the person ``player`` (see :func:`arbitre.rules.kinds.duplikta.table.seat`)."""
        taken = tables.seat(state, player, now_ms)
        return (_public("player_joined", {"player": player, "seat": taken}),)

    def seat_robot(self, state: DupliktaTable, player: str, now_ms: int) -> tuple[Event, ...]:
        """Seat the robot ``player``, Tourlou: in a scenario, in the second seat, which is its
        own (see :func:`arbitre.rules.kinds.duplikta.table.seat`)."""
        taken = tables.seat(state, player, now_ms, robot=True)
        return (_public("player_joined", {"player": player, "seat": taken}),)

    def leave(self, state: DupliktaTable, player: str, now_ms: int) -> tuple[Event, ...]:
        """``player`` leaves (see :func:`arbitre.rules.kinds.duplikta.table.leave`)."""
        held = tables.leave(state, player, now_ms)
        return (_public("player_left", {"player": player, "seat": held}),)

    def phase(self, state: DupliktaTable, now_ms: int) -> Phase:
        return tables.phase(state, now_ms)

    def open_next(self, state: DupliktaTable, now_ms: int) -> tuple[Event, ...]:
        """Deal the next turn (the first starts the game)."""
        rack = tables.open_next(state, now_ms)
        game = _game(state)
        times = state.times[-1]
        data = {
            "turn": game.number,
            "dealt_ms": times.dealt_ms,
            "deadline_ms": times.deadline_ms,
            "box_count": len(game.box),
            "reliquat": _reliquat(game),
        }
        own = Message("turn_dealt", {**data, "rack": rack})
        return (Event(Message("turn_dealt", data), {player: own for player in state.seats}),)

    def act(
        self, state: DupliktaTable, player: str, action: Mapping[str, Any], now_ms: int
    ) -> Outcome:
        """A request at the loupe or a confirm (see the module docstring)."""
        parsed = tables.parse_action(action)
        done = tables.act(state, player, parsed, now_ms)
        game = _game(state)
        if isinstance(done, Pause):
            paused = _paused_data(state, done)
            return Outcome(
                {"turn": parsed.turn, "paused": paused}, (_public("turn_paused", paused),)
            )
        if isinstance(done, PauseEnded):
            resumed = _resumed_data(state, done)
            return Outcome(
                {"turn": parsed.turn, "resumed": resumed}, (_public("turn_resumed", resumed),)
            )
        if done is not None:
            result = _loupe_result(state, player, parsed.turn, done)
            return Outcome(result, (Event(None, {player: Message("loupe", result)}),))
        confirmed = _confirm_data(game, player)
        assert confirmed is not None  # the action was a confirm, and it was taken
        result = {"turn": parsed.turn, **confirmed}
        public = Message("player_confirmed", {"turn": parsed.turn, "player": player})
        return Outcome(result, (Event(public, {player: Message("confirmed", result)}),))

    def close(self, state: DupliktaTable, now_ms: int) -> tuple[Event, ...]:
        """Close the open turn, due at its deadline or once both confirmed (``not_due``
        before): its whole result, then the game's end if it is over. While a player's pause
        is under way, what is due at its end is the pause's end (``turn_resumed``): the turn
        goes on."""
        if state.pause is not None:
            ended = tables.end_pause(state, now_ms)
            return (_public("turn_resumed", _resumed_data(state, ended)),)
        played = tables.close(state, now_ms)
        game = _game(state)
        events = [_public("turn_closed", _closed(state, game, played))]
        if game.over:
            events.append(
                _public(
                    "game_over",
                    {
                        "end": None if game.end is None else game.end.value,
                        "adjustment": dict(game.adjustment),
                        "totals": game.totals(),
                        "standings": [_standing(s) for s in standings_of(state)],
                        "seed": state.seed,
                    },
                )
            )
        return tuple(events)

    def view(self, state: DupliktaTable, viewer: Viewer, now_ms: int) -> dict[str, Any]:
        return view_of(state, viewer, now_ms)

    def standings(self, state: DupliktaTable) -> list[Standing]:
        return standings_of(state)

    def record(self, state: DupliktaTable) -> dict[str, Any]:
        return record_of(state)

    def save(self, state: DupliktaTable) -> dict[str, Any]:
        return tables.save(state)

    def load(self, data: Mapping[str, Any], tools: Tools) -> DupliktaTable:
        return tables.load(data, tools)

    def shift(self, state: DupliktaTable, delta_ms: int) -> None:
        tables.shift(state, delta_ms)

    @property
    def package_format(self) -> str:
        """A dupliKta package holds Tourlou's scenario
        (:mod:`arbitre.rules.kinds.duplikta.scenario`)."""
        return SCENARIO_FORMAT

    def package_config(
        self, rules: Mapping[str, Any], settings: Mapping[str, Any]
    ) -> DupliktaConfig:
        """See :func:`arbitre.rules.kinds.duplikta.scenario.package_config`."""
        return scenarios.package_config(rules, settings)

    def package_game(self, record: Mapping[str, Any], config: DupliktaConfig, tools: Tools) -> int:
        """See :func:`arbitre.rules.kinds.duplikta.scenario.package_game`."""
        return scenarios.package_game(record, config, tools)

    def deal_order(self, data: Mapping[str, object]) -> DealOrder | None:
        """A scenario the server deals from its number and level (see
        :func:`arbitre.rules.kinds.duplikta.scenario.deal_order`)."""
        return scenarios.deal_order(data)

    def replay(self, record: Mapping[str, Any], tools: Tools) -> DupliktaTable:
        """The game a finished ``record`` describes, checked by the rules' replay and its steps
        taken again from its seed; a :class:`BadRecordError` when anything differs."""
        try:
            return _replay(record, tools)
        except BadRecordError:
            raise
        except ArbitreError as error:
            raise BadRecordError(f"the record does not replay: {error}") from error


#: The dupliKta kind (registered by :mod:`arbitre.rules.kinds.duplikta`).
DUPLIKTA = DupliktaKind()
#: The same, checked by mypy against the interface.
_KIND: Kind[DupliktaConfig, DupliktaTable, Tools] = DUPLIKTA
_PACKAGED: Packaged = DUPLIKTA
_ROBOT_SEATING: RobotSeating = DUPLIKTA
_DEALING: Dealing = DUPLIKTA


def _replay(record: Mapping[str, Any], tools: Tools) -> DupliktaTable:
    if not isinstance(record, Mapping):
        raise BadRecordError("a record is a mapping")
    if record.get("kind") != NAME or record.get("version") != rules_record.RECORD_VERSION:
        raise BadRecordError(
            f"not a record of version {rules_record.RECORD_VERSION} of a {NAME} game"
        )
    seed = record.get("seed")
    if seed is None:
        raise BadRecordError("the record holds no seed: the game is not over")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadRecordError(f"the seed must be a whole number (got {seed!r})")
    rules_record.replay(record, tools)  # the rules' own check of every turn and the totals
    config = record.get("config")
    game_id = record.get("game_id")
    starters = record.get("starters")
    steps = record.get("steps")
    if not isinstance(config, Mapping) or not isinstance(game_id, str):
        raise BadRecordError("the record's config and game_id are missing")
    if not isinstance(starters, list) or not all(isinstance(p, str) for p in starters):
        raise BadRecordError("the record's starters must be a list of ids")
    if not isinstance(steps, list):
        raise BadRecordError("the record's steps must be a list")
    state = tables.new_table(configure(config), Setup(game_id, seed, tuple(starters)), tools)
    for number, step in enumerate(steps, start=1):
        try:
            tables.apply_step(state, step)
        except ArbitreError as error:
            raise BadRecordError(f"step {number} does not replay: {error}") from error
    if not state.over:
        raise BadRecordError("the record ends before the game does")
    replayed = record_of(state)
    given = json.loads(json.dumps(record))
    for key in sorted(set(replayed) | set(given)):
        if replayed.get(key) != given.get(key):
            raise BadRecordError(f"the record's {key} is not what its steps give")
    return state


# -- events and results ----------------------------------------------------------------------


def _public(kind: str, data: Mapping[str, Any]) -> Event:
    return Event(Message(kind, data))


def _game(state: DupliktaTable) -> DupliktaGame:
    game = state.game
    assert game is not None  # every caller comes after a change that made it
    return game


def _reliquat(game: DupliktaGame) -> str:
    """The tokens the open or next turn's rack starts from, as the closed turns tell them (the
    whole rack again after a turn with nothing installed)."""
    return game.turns[-1].reliquat if game.turns else ""


def _paused_data(state: DupliktaTable, pause: Pause) -> dict[str, Any]:
    """A pause begun, as ``turn_paused`` tells it."""
    return {
        "turn": state.number,
        "player": pause.player,
        "at_ms": pause.at_ms,
        "ends_ms": pause.ends_ms,
        "pauses_left": state.pauses_left(pause.player),
        "pause_ms_left": pause.ends_ms - pause.at_ms,
    }


def _resumed_data(state: DupliktaTable, ended: PauseEnded) -> dict[str, Any]:
    """A pause ended, as ``turn_resumed`` tells it."""
    player = ended.pause.player
    times = state.opened
    return {
        "turn": state.number,
        "player": player,
        "resumed_by": ended.resumed_by,
        "at_ms": ended.at_ms,
        "paused_ms": ended.paused_ms,
        "deadline_ms": None if times is None else times.deadline_ms,
        "pauses_left": state.pauses_left(player),
        "pause_ms_left": state.pause_ms_left(player),
    }


def _exchange_data(done: Exchange) -> dict[str, Any]:
    """A request at the loupe as the score sheet writes it (its cost in Chances, as text)."""
    return {
        "kind": done.kind.value,
        "given": done.given,
        "wanted": done.wanted,
        "received": done.received,
        "cost": chances_text(done.cost),
    }


def _loupe_result(state: DupliktaTable, player: str, turn: int, done: Exchange) -> dict[str, Any]:
    """What a request at the loupe tells its player."""
    game = _game(state)
    held = game.chances_of(player)
    return {
        "turn": turn,
        "exchange": _exchange_data(done),
        "rack": game.rack_of(player),
        "chances": held,
        "chances_text": chances_text(held),
        "box": _box_seen(state, player),
    }


def _confirm_data(game: DupliktaGame, player: str) -> dict[str, Any] | None:
    """``player``'s confirm in the open turn as they may see it before the close (``None``: not
    confirmed): never whether the move's words are valid."""
    confirmed = game.confirm_of(player)
    if confirmed is None:
        return None
    confirm, verdict = confirmed
    if verdict is None:
        values = token_values(game.config.tiles)
        return {
            "move": None,
            "ms": confirm.ms,
            "tiles": 0,
            "score": 0,
            "words": [],
            "loupe": confirm.loupe,
            "returned": confirm.returned,
            "penalty": pass_penalty(confirm.loupe, confirm.returned, values),
        }
    return {
        "move": verdict.move.notation(),
        "ms": confirm.ms,
        "tiles": verdict.tiles,
        "score": verdict.score,
        "words": list(verdict.words),
        "loupe": "",
        "returned": "",
        "penalty": 0,
    }


def _closed(state: DupliktaTable, game: DupliktaGame, played: PlayedTurn) -> dict[str, Any]:
    """A closed turn's whole result, as ``turn_closed`` tells it."""
    line = game.sheet()[played.number - 1]
    return {
        **line,
        "totals": game.totals(),
        "board": list(game.board.rows()),
        "next_ms": state.next_ms,
        "over": game.over,
    }


def _standing(standing: Standing) -> dict[str, Any]:
    return {
        "rank": standing.rank,
        "player": standing.player,
        "total": standing.total,
        "details": dict(standing.details),
    }


# -- views: what each viewer may see ---------------------------------------------------------


def view_of(state: DupliktaTable, viewer: Viewer, now_ms: int) -> dict[str, Any]:
    """The game as ``viewer`` may see it at ``now_ms`` (see the module docstring)."""
    game = state.game
    phase = tables.phase(state, now_ms)
    opened = state.opened
    player = viewer.player if viewer.player in state.seats else None
    times = state.times[-1] if state.times else None
    # the open turn's rack is its players' alone; a spectator reads it in the sheet once closed
    shown = game is not None and opened is not None and player is not None
    pause = state.pause if opened is not None else None
    remaining: int | None = None
    if opened is not None and opened.deadline_ms is not None:
        remaining = max(0, opened.deadline_ms - (now_ms if pause is None else pause.at_ms))
    return {
        "kind": NAME,
        "game_id": state.game_id,
        "config": config_data(state.config, scenario_moves=state.over),
        "stage": phase.stage.value,
        "turn": phase.number,
        "players": [_player_line(state, state.seat_of(p), p, now_ms) for p in state.seats],
        "board": list(game.board.rows() if game is not None else _EMPTY_BOARD),
        "rack": game.rack if game is not None and shown else None,
        "reliquat": "" if game is None else _reliquat(game),
        "box_count": state.config.tiles.total if game is None else len(game.box),
        "clock": {
            "seconds": state.config.clock_seconds,
            "dealt_ms": None if opened is None else opened.dealt_ms,
            "deadline_ms": phase.deadline_ms,
            "remaining_ms": remaining,
        },
        "pause": None if pause is None else pause.data(),
        "due_ms": phase.due_ms,
        "next_ms": phase.next_ms,
        "closed_ms": None if times is None or opened is not None else times.closed_ms,
        "sheet": [] if game is None else game.sheet(),
        "end": None if game is None or game.end is None else game.end.value,
        "standings": [_standing(s) for s in standings_of(state)],
        "you": None if player is None else _you(state, player, phase, now_ms),
        "seed": state.seed if state.over else None,
        "board_layout": list(_BOARD_LAYOUT),
        "token_set": state.config.tiles.to_mapping(),
    }


#: The board's premiums as a page draws them (the rules' layout, as text rows).
_BOARD_LAYOUT = tuple(Board.empty().layout.to_text().splitlines())
_EMPTY_BOARD = ("." * 15,) * 15


def _player_line(state: DupliktaTable, seat: int, player: str, now_ms: int) -> dict[str, Any]:
    """What everyone sees of a player: their totals and Chances as of the last close, their
    pauses and pause time left now."""
    game = state.game
    held = _public_chances(state, seat, player)
    return {
        "player": player,
        "seat": seat,
        "present": player not in state.absent,
        "total": 0 if game is None else game.totals()[player],
        "chances": held,
        "chances_text": chances_text(held),
        "confirmed": game.confirmed(player) if game is not None and game.turn_open else None,
        "pauses_left": state.pauses_left(player),
        "pause_ms_left": state.pause_ms_left(player, now_ms),
    }


def _starting(state: DupliktaTable, seat: int) -> int:
    """The Chances (halves) the player of ``seat`` starts with."""
    handicaps = state.config.handicaps
    return starting_chances(
        state.config.chances_halves, handicaps[seat], handicaps[PLAYERS - 1 - seat]
    )


def _public_chances(state: DupliktaTable, seat: int, player: str) -> int:
    game = state.game
    return _starting(state, seat) if game is None else game.chances[player]


def _box_seen(state: DupliktaTable, player: str) -> str:
    """The box as ``player`` sees it: its contents (their own copy in an open turn) when they
    started with at least 1 Chance, else the whole token set."""
    seat = state.seat_of(player)
    if not sees_box(_starting(state, seat)):
        return _whole_set(state.config.tiles)
    game = state.game
    if game is None:
        return _whole_set(state.config.tiles)
    return game.box_of(player) if game.turn_open else game.box.contents()


@cache
def _whole_set(tiles: TileSet) -> str:
    """Every token of ``tiles``, in the canonical order."""
    return Bag.full(tiles, 0).contents()


def _you(state: DupliktaTable, player: str, phase: Phase, now_ms: int) -> dict[str, Any]:
    """What a seated ``player`` sees of themselves."""
    game = state.game
    seat = state.seat_of(player)
    open_turn = game is not None and game.turn_open
    held = game.chances_of(player) if game is not None and open_turn else None
    if held is None:
        held = _public_chances(state, seat, player)
    return {
        "player": player,
        "seat": seat,
        "present": player not in state.absent,
        "actor": player in phase.actors,
        "sees_box": sees_box(_starting(state, seat)),
        "box": _box_seen(state, player),
        "chances": held,
        "chances_text": chances_text(held),
        "rack": game.rack_of(player) if game is not None and open_turn else None,
        "exchanges": (
            [_exchange_data(done) for done in game.exchanges_of(player)]
            if game is not None and open_turn
            else []
        ),
        "confirm": _confirm_data(game, player) if game is not None and open_turn else None,
        "can_pause": (
            player in phase.actors
            and state.pauses_left(player) > 0
            and state.pause_ms_left(player, now_ms) > 0
        ),
    }


# -- standings and records -------------------------------------------------------------------


def standings_of(state: DupliktaTable) -> list[Standing]:
    """Both players by total over the closed turns (and the end adjustment once over); equal
    totals share a rank (see the module docstring for the ``details``)."""
    game = state.game
    totals = dict.fromkeys(state.seats, 0) if game is None else game.totals()
    ranked = sorted(
        ((player, (totals[player],)) for player in state.seats),
        key=lambda item: item[1],
        reverse=True,
    )
    lines = []
    for rank, player in shared_ranks(ranked):
        seat = state.seat_of(player)
        sides = [] if game is None else [turn.side(player) for turn in game.turns]
        bonuses: dict[str, int] = {}
        for side in sides:
            for name, points in side.bonuses.items():
                bonuses[name] = bonuses.get(name, 0) + points
        lines.append(
            Standing(
                rank,
                player,
                totals[player],
                {
                    "seat": seat,
                    "installed": (
                        0
                        if game is None
                        else sum(1 for turn in game.turns if turn.installed == player)
                    ),
                    "bonuses": bonuses,
                    "refused": sum(1 for s in sides if s.move is not None and not s.accepted),
                    "passes": sum(1 for s in sides if s.passed),
                    "penalties": sum(s.penalty for s in sides),
                    "adjustment": 0 if game is None else game.adjustment.get(player, 0),
                    "chances": _public_chances(state, seat, player),
                    "against_best": sum(s.against_best for s in sides),
                },
            )
        )
    return lines


def record_of(state: DupliktaTable) -> dict[str, Any]:
    """The game's record (see the module docstring): its closed turns and public steps, and the
    seed once it is over."""
    game = state.game
    if game is None:
        data: dict[str, Any] = {
            "kind": NAME,
            "version": rules_record.RECORD_VERSION,
            "config": config_data(state.config),
            "seed": None,
            "players": list(state.seats),
            "turns": [],
            "end": None,
            "adjustment": {},
            "totals": dict.fromkeys(state.seats, 0),
        }
    else:
        data = rules_record.game_record(game)
        data["seed"] = state.seed if game.over else None
        for turn, times in zip(data["turns"], state.times, strict=False):
            turn.update(times.data())
    if not state.over:  # Tourlou's moves to come are a scenario's secret until the end
        data["config"] = config_data(state.config, scenario_moves=False)
    open_turn = game.number if game is not None and game.turn_open else None
    data.update(
        game_id=state.game_id,
        starters=list(state.starters),
        seats=list(state.seats),
        steps=[
            dict(step)
            for step in state.steps
            if not (step["step"] == "act" and step["action"]["turn"] == open_turn)
        ],
        sheet=[] if game is None else game.sheet(),
        standings=[_standing(s) for s in standings_of(state)],
        over=state.stage is Stage.OVER,
    )
    return data
