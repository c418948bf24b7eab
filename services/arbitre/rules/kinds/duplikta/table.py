"""A dupliKta table: the state behind :class:`~arbitre.rules.kinds.duplikta.kind.DupliktaKind`.

A :class:`DupliktaTable` holds the two seats and who is away, the rules' game
(:class:`~arbitre.rules.kinds.duplikta.game.DupliktaGame`, made when the first turn is dealt),
each dealt turn's times on the session's clock (:class:`TurnTimes`), when the next turn opens
by itself, the players' pauses (the one under way, each player's budget spent), and the
**steps** taken (``seat``, ``leave``, ``open``, ``act``, ``close``, ``pause_over``, ``shift``,
each with its time). It is pure: time is always an argument.

**Pauses** *(decisions)*. A seated player present pauses the open turn with the action
``{"turn": n, "pause": true}`` while they may still act in it (not once they confirmed:
``already_confirmed``; not from the deadline on or once the turn settled: ``too_late``), if
they have a pause and some pause time left (``no_pause_left``); the clock stops for both. While
paused nobody may request at the loupe or confirm (``paused``; pausing again is ``paused`` too),
and the turn is never due: its phase has no actors and no deadline, and is due at the pause's
end, the moment it reaches its player's time left, when the session's clock ends it
(:func:`end_pause`, the step ``pause_over``). **Either** player resumes it,
``{"turn": n, "resume": true}`` (``not_paused`` with no pause under way): whoever is back
first need not wait for the pauser, and only the paused time counts. Ending a pause moves the
turn whole (deal, deadline, settling) by the time paused, as :func:`shift` does, so the turn
keeps its time left and a confirm's time counts the time played only; that time counts against
the pauser's budget (its pause was counted when it began). With the clock off a pause still
stops play and spends the budget the same way (a player may need a break at any pace).
:func:`shift` (the organiser's pause, an outage) moves a pause under way too: that time counts
against nobody.

Every change here checks everything before it changes anything: a refusal
(:class:`~arbitre.rules.kinds.base.ActionRefusedError`) leaves the table as it was. Each change
is written to :attr:`DupliktaTable.steps`, so that :func:`save` writes the configuration, the
setup (seed and players) and the steps, and :func:`load` takes them again
(:func:`apply_step`) to the same table; a record replays the same way.

The rules of the kind (seats, the clock, refusals) are stated in
:mod:`arbitre.rules.kinds.duplikta.kind`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from arbitre.rules import checked
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import (
    ActionRefusedError,
    InvalidConfigError,
    Phase,
    Setup,
    Stage,
)
from arbitre.rules.kinds.duplikta.chances import Exchange
from arbitre.rules.kinds.duplikta.config import PLAYERS, DupliktaConfig, config_data, configure
from arbitre.rules.kinds.duplikta.game import DupliktaGame, PlayedTurn, Tools

__all__ = [
    "MAX_NAME",
    "MAX_TEXT",
    "PERSON_SEAT",
    "REVEAL_MS",
    "SAVE_VERSION",
    "TOURLOU_SEAT",
    "Action",
    "BadStateError",
    "DupliktaTable",
    "Pause",
    "PauseEnded",
    "TurnTimes",
    "act",
    "apply_step",
    "close",
    "end_pause",
    "leave",
    "load",
    "new_table",
    "open_next",
    "parse_action",
    "phase",
    "save",
    "seat",
    "shift",
]

#: The version of :func:`save`'s layout; :func:`load` reads this version only.
SAVE_VERSION = 1
#: How long a closed turn's result is shown before the next turn opens by itself.
REVEAL_MS = 5_000
#: The longest player id a seat takes (the rules' own bound on names).
MAX_NAME = 100
#: The longest text an action's field may hold.
MAX_TEXT = 100
#: In a scenario, the person's seat and Tourlou's (a robot's): see :func:`seat`.
PERSON_SEAT, TOURLOU_SEAT = 0, 1

_KINDS = ("redraw", "exchange", "confirm", "pause", "resume")
_KEYS = {
    "redraw": frozenset({"turn", "redraw"}),
    "exchange": frozenset({"turn", "exchange", "for"}),
    "confirm": frozenset({"turn", "confirm", "loupe", "returned"}),
    "pause": frozenset({"turn", "pause"}),
    "resume": frozenset({"turn", "resume"}),
}
_REQUIRED = {
    "redraw": _KEYS["redraw"],
    "exchange": _KEYS["exchange"],
    "confirm": frozenset({"turn", "confirm"}),
    "pause": _KEYS["pause"],
    "resume": _KEYS["resume"],
}
_SHAPE = (
    'an action is {"turn": n, "redraw": "A"}, {"turn": n, "exchange": "A", "for": "E"}, '
    '{"turn": n, "confirm": "H8 JOUR" or null, "loupe": "", "returned": ""}, '
    '{"turn": n, "pause": true} or {"turn": n, "resume": true}'
)


class BadStateError(ArbitreError):
    """Saved data that :func:`save` did not write, or whose steps the rules refuse."""

    code = "bad_state"


@dataclass(slots=True)
class TurnTimes:
    """The session-clock times of a dealt turn: ``dealt_ms``; ``deadline_ms`` (the deal plus the
    clock, ``None`` with the clock off); ``settled_ms``, the moment nobody present was left to
    confirm (``None`` until then); ``closed_ms`` (``None`` while open)."""

    dealt_ms: int
    deadline_ms: int | None
    settled_ms: int | None = None
    closed_ms: int | None = None

    @property
    def due_ms(self) -> int | None:
        """When the turn must be closed: the deadline, or earlier the moment it settled."""
        if self.settled_ms is None:
            return self.deadline_ms
        if self.deadline_ms is None:
            return self.settled_ms
        return min(self.settled_ms, self.deadline_ms)

    def data(self) -> dict[str, int | None]:
        return {
            "dealt_ms": self.dealt_ms,
            "deadline_ms": self.deadline_ms,
            "settled_ms": self.settled_ms,
            "closed_ms": self.closed_ms,
        }


@dataclass(slots=True)
class Pause:
    """A pause under way: its ``player``, when it began (``at_ms``) and when it ends by itself
    (``ends_ms``: the beginning plus the player's pause time left then)."""

    player: str
    at_ms: int
    ends_ms: int

    def data(self) -> dict[str, Any]:
        return {"player": self.player, "at_ms": self.at_ms, "ends_ms": self.ends_ms}


@dataclass(frozen=True, slots=True)
class PauseEnded:
    """A pause as it ended: its ``pause``, when it ended (``at_ms``, at most its end), the time
    it lasted (``paused_ms``) and who resumed it (``None``: it reached its end)."""

    pause: Pause
    at_ms: int
    paused_ms: int
    resumed_by: str | None


@dataclass(slots=True)
class DupliktaTable:
    """A dupliKta game behind the kind (see the module docstring). ``seed`` and ``game`` hold
    what is hidden (the box's order, the seed): views and records must read them with care."""

    config: DupliktaConfig
    game_id: str
    starters: tuple[str, ...]
    seats: list[str]
    tools: Tools = field(repr=False, compare=False)
    seed: int = field(repr=False)
    absent: set[str] = field(default_factory=set)
    game: DupliktaGame | None = field(default=None, repr=False, compare=False)
    times: list[TurnTimes] = field(default_factory=list)
    next_ms: int | None = None
    steps: list[dict[str, Any]] = field(default_factory=list)
    #: The pause under way (``None``: none), the pauses each player began and the time each
    #: spent paused (pauses ended only).
    pause: Pause | None = None
    pauses_taken: dict[str, int] = field(default_factory=dict)
    paused_ms: dict[str, int] = field(default_factory=dict)
    #: The players seated as robots (:func:`seat` with ``robot``).
    robots: set[str] = field(default_factory=set)

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.over

    @property
    def stage(self) -> Stage:
        game = self.game
        if game is None:
            return Stage.WAITING
        if game.over:
            return Stage.OVER
        return Stage.PLAYING if game.turn_open else Stage.BETWEEN

    @property
    def number(self) -> int:
        """The open turn, or the last one closed (0 before the first)."""
        game = self.game
        if game is None:
            return 0
        return game.number if game.turn_open else len(game.turns)

    @property
    def opened(self) -> TurnTimes | None:
        """The open turn's times, if a turn is open."""
        if self.game is not None and self.game.turn_open:
            return self.times[-1]
        return None

    def pauses_left(self, player: str) -> int:
        """How many more pauses ``player`` may begin in the game."""
        return max(0, self.config.pauses - self.pauses_taken.get(player, 0))

    def pause_ms_left(self, player: str, now_ms: int | None = None) -> int:
        """``player``'s pause time left: with ``now_ms``, the time of their pause under way so
        far counted too."""
        left = self.config.pause_ms - self.paused_ms.get(player, 0)
        pause = self.pause
        if now_ms is not None and pause is not None and pause.player == player:
            left -= max(0, min(now_ms, pause.ends_ms) - pause.at_ms)
        return max(0, left)

    def seat_of(self, player: str) -> int:
        """The seat ``player`` holds (0 or 1): in a scenario the person's is 0 and Tourlou's
        1 whoever sat first (see :func:`seat`); else the order they sat in."""
        if self.config.scenario is not None:
            return TOURLOU_SEAT if player in self.robots else PERSON_SEAT
        return self.seats.index(player)

    def present(self, player: str) -> bool:
        """Whether ``player`` holds a seat and is at the table."""
        return player in self.seats and player not in self.absent

    def awaited(self) -> frozenset[str]:
        """The players present who have not confirmed in the open turn (none with no turn
        open)."""
        game = self.game
        if game is None or not game.turn_open:
            return frozenset()
        return frozenset(p for p in self.seats if self.present(p) and not game.confirmed(p))


@dataclass(frozen=True, slots=True)
class Action:
    """A player's action, once its shape is checked: for ``turn``, a ``redraw`` of ``token``,
    an ``exchange`` of ``token`` for ``wanted``, a ``confirm`` of ``move`` (``None``: a
    pass, with the tokens ``loupe`` and ``returned``), a ``pause`` or a ``resume``."""

    turn: int
    kind: str
    token: str = ""
    wanted: str = ""
    move: str | None = None
    loupe: str = ""
    returned: str = ""

    def data(self) -> dict[str, Any]:
        """The action as a client sends it (and as the steps keep it)."""
        if self.kind == "redraw":
            return {"turn": self.turn, "redraw": self.token}
        if self.kind == "exchange":
            return {"turn": self.turn, "exchange": self.token, "for": self.wanted}
        if self.kind in ("pause", "resume"):
            return {"turn": self.turn, self.kind: True}
        return {
            "turn": self.turn,
            "confirm": self.move,
            "loupe": self.loupe,
            "returned": self.returned,
        }


def parse_action(action: object) -> Action:
    """The :class:`Action` ``action`` is, or ``bad_action``: exactly one of ``redraw``,
    ``exchange`` (with ``for``), ``confirm`` (with ``loupe`` and ``returned``, optional),
    ``pause`` and ``resume`` (each ``true``), with ``turn``; no other field; texts of at most
    :data:`MAX_TEXT` characters."""
    if not isinstance(action, Mapping):
        raise ActionRefusedError("bad_action", _SHAPE)
    named = [kind for kind in _KINDS if kind in action]
    if len(named) != 1:
        raise ActionRefusedError("bad_action", f"one request at a time: {_SHAPE}")
    kind = named[0]
    unknown = sorted(str(key) for key in action if key not in _KEYS[kind])
    if unknown:
        raise ActionRefusedError(
            "bad_action", f"unknown field(s) in a {kind}: {', '.join(unknown)}; {_SHAPE}"
        )
    missing = sorted(_REQUIRED[kind] - set(action))
    if missing:
        raise ActionRefusedError(
            "bad_action", f"missing field(s) in a {kind}: {', '.join(missing)}; {_SHAPE}"
        )
    turn = action["turn"]
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise ActionRefusedError("bad_action", f"turn is the turn's number, from 1; {_SHAPE}")
    if kind == "redraw":
        return Action(turn, kind, token=_text(action, "redraw"))
    if kind == "exchange":
        return Action(turn, kind, token=_text(action, "exchange"), wanted=_text(action, "for"))
    if kind in ("pause", "resume"):
        if action[kind] is not True:
            raise ActionRefusedError("bad_action", f"{kind} must be true; {_SHAPE}")
        return Action(turn, kind)
    move = action["confirm"]
    return Action(
        turn,
        kind,
        move=None if move is None else _text(action, "confirm"),
        loupe=_text(action, "loupe") if "loupe" in action else "",
        returned=_text(action, "returned") if "returned" in action else "",
    )


def _text(action: Mapping[str, Any], key: str) -> str:
    value = action[key]
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ActionRefusedError(
            "bad_action", f"{key} must be text of at most {MAX_TEXT} characters; {_SHAPE}"
        )
    return value


# -- the changes -----------------------------------------------------------------------------


def new_table(config: DupliktaConfig, setup: Setup, tools: Tools) -> DupliktaTable:
    """A table at :attr:`Stage.WAITING` with ``setup.players`` seated (at most two, the first
    seated first; in a scenario, the second is Tourlou), its chance outcomes fixed by
    ``setup.seed``."""
    players = tuple(setup.players)
    if len(set(players)) != len(players):
        raise InvalidConfigError("a player is seated twice")
    if len(players) > PLAYERS:
        raise InvalidConfigError(f"{len(players)} players at a table of {PLAYERS} seats")
    for player in players:
        if not _good_name(player):
            raise InvalidConfigError(f"a player is named by 1 to {MAX_NAME} characters")
    seed = setup.seed
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidConfigError(f"a seed is a whole number >= 0 (got {seed!r})")
    return DupliktaTable(
        config=config,
        game_id=setup.game_id,
        starters=players,
        seats=list(players),
        tools=tools,
        seed=seed,
        robots=set(players[TOURLOU_SEAT:]) if config.scenario is not None else set(),
    )


def seat(table: DupliktaTable, player: str, now_ms: int, robot: bool = False) -> int:
    """Seat ``player`` (a robot when ``robot``): the seat they take (0 or 1), or take back.
    Refused: ``game_over``, ``bad_player``, ``already_seated``, ``table_full`` (both seats
    taken, or a game under way that they do not play).

    In a scenario *(decision)* the first seat is the person's and the second Tourlou's, since
    its move of each turn is confirmed for the second seat at the deal: a robot takes the
    second seat and a person the first, whoever comes first. Refused there too, before the
    start: ``robot_seat``, a person when only Tourlou's seat is free (the person's is taken);
    ``table_full``, a robot when Tourlou's seat is taken."""
    if table.over:
        raise ActionRefusedError("game_over", "the game is over")
    if not _good_name(player):
        raise ActionRefusedError("bad_player", f"a player is named by 1 to {MAX_NAME} characters")
    if table.present(player):
        raise ActionRefusedError("already_seated", f"{player} is already seated")
    scenario = table.config.scenario is not None
    if table.game is not None:
        if player not in table.seats:
            raise ActionRefusedError("table_full", "the game is under way between two players")
        table.absent.discard(player)
    elif len(table.seats) >= PLAYERS:
        raise ActionRefusedError("table_full", "both seats are taken")
    elif scenario and any((seated in table.robots) == robot for seated in table.seats):
        if robot:
            raise ActionRefusedError("table_full", "Tourlou's seat is taken")
        raise ActionRefusedError(
            "robot_seat", "the second seat of a scenario is Tourlou's: only a robot takes it"
        )
    else:
        if robot:
            table.robots.add(player)
        if scenario and not robot:
            table.seats.insert(PERSON_SEAT, player)
        else:
            table.seats.append(player)
    step: dict[str, Any] = {"step": "seat", "player": player, "at_ms": now_ms}
    if robot:
        step["robot"] = True
    table.steps.append(step)
    return table.seat_of(player)


def leave(table: DupliktaTable, player: str, now_ms: int) -> int:
    """``player`` leaves: the seat they held. Before the start the seat is freed; after it they
    keep their points, and pass every turn until they sit again (the open turn no longer waits
    for them). Refused: ``game_over``, ``not_seated``."""
    if table.over:
        raise ActionRefusedError("game_over", "the game is over")
    if not table.present(player):
        raise ActionRefusedError("not_seated", f"{player} is not seated")
    held = table.seat_of(player)
    table.steps.append({"step": "leave", "player": player, "at_ms": now_ms})
    if table.game is None:
        table.seats.remove(player)
        table.robots.discard(player)
    else:
        table.absent.add(player)
        _settle(table, now_ms)
    return held


def open_next(table: DupliktaTable, now_ms: int) -> str:
    """Deal the next turn (the first one starts the game): the shared rack. Refused:
    ``game_over``, ``turn_open``, ``not_enough_players`` (the start needs both seats)."""
    stage = table.stage
    if stage is Stage.OVER:
        raise ActionRefusedError("game_over", "the game is over")
    if stage is Stage.PLAYING:
        raise ActionRefusedError("turn_open", f"turn {table.number} is still open")
    if stage is Stage.WAITING and len(table.seats) < PLAYERS:
        raise ActionRefusedError("not_enough_players", f"a game starts with {PLAYERS} players")
    game = table.game
    if game is None:
        first, second = table.seats
        game = DupliktaGame(table.config, table.seed, table.tools, (first, second))
        table.game = game
    rack = game.deal()
    assert rack is not None  # a game not over always deals
    clock = table.config.clock_ms
    table.times.append(TurnTimes(now_ms, None if clock is None else now_ms + clock))
    table.next_ms = None
    table.steps.append({"step": "open", "at_ms": now_ms})
    _settle(table, now_ms)
    return rack


def act(
    table: DupliktaTable, player: str, action: Action, now_ms: int
) -> Exchange | Pause | PauseEnded | None:
    """Take ``player``'s ``action`` at ``now_ms``: the request met at the loupe, the
    :class:`Pause` begun, the :class:`PauseEnded` by a resume, or ``None`` for a confirm.
    Refused, in this order: ``game_over``, ``not_open`` (before the start or between turns),
    ``not_seated`` (not at the table, or away), ``wrong_turn``, then a resume with no pause
    under way ``not_paused``; anything else during a pause ``paused``; then
    ``already_confirmed``, ``too_late`` (from the deadline on, or once the turn is due to
    close), a pause with no pause or no pause time left ``no_pause_left``, then the rules' own
    (:class:`~arbitre.rules.kinds.duplikta.game.DupliktaGame`)."""
    game = table.game
    if game is not None and game.over:
        raise ActionRefusedError("game_over", "the game is over")
    times = table.opened
    if game is None or times is None:
        started = "no turn is open yet" if game is None else "no turn is open: the next is to come"
        raise ActionRefusedError("not_open", started)
    if not table.present(player):
        raise ActionRefusedError("not_seated", f"{player} is not seated")
    if action.turn != game.number:
        raise ActionRefusedError(
            "wrong_turn", f"the open turn is turn {game.number}, not turn {action.turn}"
        )
    if action.kind == "resume":
        if table.pause is None:
            raise ActionRefusedError("not_paused", f"turn {game.number} is not paused")
        ended = _end_pause(table, now_ms, player)
        _record_act(table, player, action, now_ms)
        return ended
    if table.pause is not None:
        raise ActionRefusedError(
            "paused", f"turn {game.number} is paused by {table.pause.player}: resume it first"
        )
    if game.confirmed(player):
        raise ActionRefusedError("already_confirmed", f"{player} has already confirmed")
    if times.deadline_ms is not None and now_ms >= times.deadline_ms:
        raise ActionRefusedError("too_late", f"turn {game.number}'s time is up")
    if times.settled_ms is not None:
        raise ActionRefusedError("too_late", f"turn {game.number} is due to close")
    if action.kind == "pause":
        left = table.pause_ms_left(player)
        if not table.pauses_left(player) or not left:
            raise ActionRefusedError(
                "no_pause_left", f"{player} has no pause left ({table.config.pauses} a game)"
            )
        table.pause = Pause(player, now_ms, now_ms + left)
        table.pauses_taken[player] = table.pauses_taken.get(player, 0) + 1
        _record_act(table, player, action, now_ms)
        return table.pause
    done: Exchange | None = None
    if action.kind == "redraw":
        done = game.redraw(player, action.token)
    elif action.kind == "exchange":
        done = game.exchange(player, action.token, action.wanted)
    else:
        game.confirm(
            player,
            action.move,
            max(0, now_ms - times.dealt_ms),
            loupe=action.loupe,
            returned=action.returned,
        )
    _record_act(table, player, action, now_ms)
    _settle(table, now_ms)
    return done


def _record_act(table: DupliktaTable, player: str, action: Action, now_ms: int) -> None:
    table.steps.append({"step": "act", "player": player, "action": action.data(), "at_ms": now_ms})


def end_pause(table: DupliktaTable, now_ms: int) -> PauseEnded:
    """End the pause under way that reached its end (its player's pause time left): the turn
    goes on. Refused: ``not_paused``, ``not_due`` (before its end)."""
    pause = table.pause
    if pause is None:
        raise ActionRefusedError("not_paused", "no pause is under way")
    if now_ms < pause.ends_ms:
        raise ActionRefusedError("not_due", f"the pause goes on until {pause.ends_ms}")
    ended = _end_pause(table, now_ms, None)
    table.steps.append({"step": "pause_over", "at_ms": now_ms})
    return ended


def _end_pause(table: DupliktaTable, now_ms: int, resumed_by: str | None) -> PauseEnded:
    """End the pause under way at ``now_ms`` (at its end at the latest): the open turn moves by
    the time paused, which counts against its player's budget."""
    pause = table.pause
    assert pause is not None  # every caller checked
    at_ms = max(pause.at_ms, min(now_ms, pause.ends_ms))
    paused = at_ms - pause.at_ms
    table.pause = None
    table.paused_ms[pause.player] = table.paused_ms.get(pause.player, 0) + paused
    times = table.opened
    if times is not None:
        _move(times, paused)
    return PauseEnded(pause, at_ms, paused, resumed_by)


def _move(times: TurnTimes, delta_ms: int) -> None:
    """Move an open turn whole by ``delta_ms``."""
    times.dealt_ms += delta_ms
    if times.deadline_ms is not None:
        times.deadline_ms += delta_ms
    if times.settled_ms is not None:
        times.settled_ms += delta_ms


def close(table: DupliktaTable, now_ms: int) -> PlayedTurn:
    """Close the open turn, due at its deadline or once nobody present is left to confirm: the
    turn as played. Then the next one opens by itself :data:`REVEAL_MS` later, unless the game
    is over. Refused: ``game_over``, ``not_open``, ``not_due`` (a paused turn included: a pause
    ends by :func:`end_pause` or a resume)."""
    game = table.game
    if game is not None and game.over:
        raise ActionRefusedError("game_over", "the game is over")
    times = table.opened
    if game is None or times is None:
        raise ActionRefusedError("not_open", "no turn is open")
    due = times.due_ms
    if table.pause is not None:
        raise ActionRefusedError("not_due", f"turn {game.number} is paused")
    if due is None or now_ms < due:
        raise ActionRefusedError("not_due", f"turn {game.number} is still being played")
    played = game.close_turn()
    times.closed_ms = now_ms
    table.steps.append({"step": "close", "at_ms": now_ms})
    if not game.over:
        table.next_ms = now_ms + REVEAL_MS
    return played


def shift(table: DupliktaTable, delta_ms: int) -> None:
    """Move the times still to come by ``delta_ms`` (a pause, an outage): an open turn moves
    whole (its deal, its deadline and when it settled), so that it keeps its time left and a
    confirm's time from the deal counts the time played only; between turns, the next turn's
    opening; a player's pause under way moves too (its end, and its beginning: that time is
    nobody's). Nothing else is to come at a set time."""
    if not delta_ms:
        return
    times = table.opened
    if times is not None:
        _move(times, delta_ms)
        pause = table.pause
        if pause is not None:
            pause.at_ms += delta_ms
            pause.ends_ms += delta_ms
    elif table.stage is Stage.BETWEEN and table.next_ms is not None:
        table.next_ms += delta_ms
    else:
        return
    table.steps.append({"step": "shift", "delta_ms": delta_ms})


def phase(table: DupliktaTable, now_ms: int) -> Phase:
    """Where the table is at ``now_ms``: while a turn is open, the players present who have not
    confirmed may act (nobody from the deadline on, or once the turn settled), and it is due at
    its deadline or when it settled; between turns, the next opens at ``next_ms``. While paused,
    nobody may act, there is no deadline, and it is due at the pause's end (then the session's
    clock ends it: :func:`end_pause`)."""
    times = table.opened
    pause = table.pause
    if times is not None and pause is not None:
        return Phase(Stage.PLAYING, table.number, due_ms=pause.ends_ms)
    if times is not None:
        late = times.deadline_ms is not None and now_ms >= times.deadline_ms
        actors = frozenset() if late or times.settled_ms is not None else table.awaited()
        return Phase(
            Stage.PLAYING,
            table.number,
            actors=actors,
            deadline_ms=times.deadline_ms,
            due_ms=times.due_ms,
        )
    stage = table.stage
    if stage is Stage.BETWEEN:
        return Phase(stage, table.number, next_ms=table.next_ms)
    return Phase(stage, table.number)


def _settle(table: DupliktaTable, now_ms: int) -> None:
    """Note the moment nobody present is left to confirm in the open turn."""
    times = table.opened
    if times is not None and times.settled_ms is None and not table.awaited():
        times.settled_ms = now_ms


def _good_name(player: object) -> bool:
    return isinstance(player, str) and 0 < len(player) <= MAX_NAME


# -- steps, saving and loading ---------------------------------------------------------------


def apply_step(table: DupliktaTable, step: object) -> None:
    """Take ``step`` (one of :attr:`DupliktaTable.steps`) again on ``table``: an
    :class:`~arbitre.rules.kinds.base.ActionRefusedError` when the rules refuse it now, a
    :class:`BadStateError` when it is not a step."""
    if not isinstance(step, Mapping):
        raise BadStateError(f"a step is a mapping (got {step!r})")
    kind = step.get("step")
    if kind == "shift":
        shift(table, _integer(step.get("delta_ms"), "delta_ms"))
        return
    if kind not in ("seat", "leave", "open", "act", "close", "pause_over"):
        raise BadStateError(f"unknown step {kind!r}")
    at_ms = _integer(step.get("at_ms"), "at_ms")
    if kind == "open":
        open_next(table, at_ms)
    elif kind == "pause_over":
        end_pause(table, at_ms)
    elif kind == "close":
        close(table, at_ms)
    else:
        player = _string(step.get("player"), "player")
        if kind == "seat":
            robot = step.get("robot", False)
            if not isinstance(robot, bool):
                raise BadStateError(f"a seat's robot is true or false (got {robot!r})")
            seat(table, player, at_ms, robot)
        elif kind == "leave":
            leave(table, player, at_ms)
        else:
            act(table, player, parse_action(step.get("action")), at_ms)


def save(table: DupliktaTable) -> dict[str, Any]:
    """The whole table as JSON-ready data, the seed included: for the session's storage only,
    never for a client. It is the configuration, the setup (game id, seed, players seated at
    the creation) and the steps taken; :func:`load` takes them again."""
    return {
        "version": SAVE_VERSION,
        "config": config_data(table.config),
        "game_id": table.game_id,
        "starters": list(table.starters),
        "seed": table.seed,
        "steps": [dict(step) for step in table.steps],
        "turns": len(table.times),
    }


def load(data: Mapping[str, Any], tools: Tools) -> DupliktaTable:
    """The table :func:`save` wrote, its steps taken again with ``tools``; a
    :class:`BadStateError` for data it did not write."""
    try:
        return _load(data, tools)
    except BadStateError:
        raise
    except ArbitreError as error:
        raise BadStateError(f"the saved game does not load: {error}") from error


def _load(data: Mapping[str, Any], tools: Tools) -> DupliktaTable:
    if not isinstance(data, Mapping):
        raise BadStateError("a saved game is a mapping")
    version = data.get("version")
    if isinstance(version, bool) or version != SAVE_VERSION:
        raise BadStateError(f"a saved game of version {SAVE_VERSION} is expected, not {version!r}")
    config = checked.mapping(data.get("config"), "config", BadStateError)
    starters = _list(data.get("starters"), "starters")
    setup = Setup(
        _string(data.get("game_id"), "game_id"),
        _integer(data.get("seed"), "seed"),
        tuple(_string(player, "a player") for player in starters),
    )
    table = new_table(configure(config), setup, tools)
    for step in _list(data.get("steps"), "steps"):
        apply_step(table, step)
    if data.get("turns") != len(table.times):
        raise BadStateError("the steps do not deal the saved number of turns")
    return table


#: Checked reads of stored data (:mod:`arbitre.rules.checked`), refused as ``bad_state``.
_list = partial(checked.sequence, error=BadStateError)
_string = partial(checked.text, error=BadStateError)
_integer = partial(checked.integer, error=BadStateError)
