"""The parts of a duplicate game: each player's answer to the open turn, kept apart from the
rest of the game (see :class:`~arbitre.rules.kinds.base.PartedKind`), so that the session takes
an answer from one of thousands of players without loading the whole game.

This module is the one implementation of the answer rules. :func:`judge` judges an answer
against the open turn's :func:`context_data` and the actor's stored part (one referee
judgement); the session stores the judged part (only if the part it read is still the stored
one), hands out the order its claim names and counts its actor done; :func:`announce` says it.
:meth:`~arbitre.rules.kinds.duplicate.kind.DuplicateKind.act` is the same three steps on the
whole state, :func:`keep` being its store: the two paths cannot drift.

**Who may answer.** :func:`judge` trusts the session for "is this a player of the game": the
session checks the actor's token against the seats it gave before it judges (a player on the
roster, seated now or who left), and refuses the others ``not_seated`` itself, with
:func:`not_seated` (so does :meth:`~arbitre.rules.kinds.duplicate.kind.DuplicateKind.act`,
against the roster). :func:`judge` still refuses ``not_seated`` a player who left, from the
context's ``left``, before anything else: the refusals come in the order they come on the whole
state, and the context needs no roster.

**The context** (:data:`CONTEXT_FORMAT`, JSON-ready, written by every step): ``format``,
``stage`` (a :class:`~arbitre.rules.kinds.base.Stage` value), ``turn`` (the open turn, or the
last closed: 0 before the first) and ``left`` (the ids of who left), so that a refusal says
what it says on the whole state at every stage; while a turn is open, also ``deadline_ms``,
``layout`` (the configuration's board, as
:meth:`~arbitre.rules.game_config.GameConfig.to_mapping` writes it), ``board`` (its rows),
``tiles`` (the tirage), ``left_answered`` (how many players who answered the open turn have
left since) and :data:`~arbitre.rules.kinds.base.AWAITED` (how many answers make the turn due:
the roster but who left without answering it). The seated players are ``awaited`` less
``left_answered``. What every player may see, no answer, and neither the top (judging does not
need it) nor the seed or the bag. Its size grows with who left (their ids), not with the
roster.

**A part** (:func:`part_data`): ``{"move": "H4 MOT", "score": 12, "first_ms": 1500,
"last_ms": 2500}``, a player's :class:`~arbitre.rules.kinds.duplicate.state.Answered`: the move
kept (their last), its score on the board as they were told, when they first answered the turn
and when they gave this move.

**The judgement**: every accepted answer claims :data:`CLAIM` (``"answered"``) and
``finishes`` (its player is done with the turn; they may still change their answer until the
turn closes), and never ``closes_by`` (an answer does not move the deadline). The store hands a
player the claim's next order (1, 2, 3, ...) and counts them done the first time it stores
their part for the turn; they keep both through their changes of answer: the orders tell in
which order the players first answered, and the turn is due at once when the count of players
done reaches ``awaited``. That is the phase's ``due_ms`` (the first moment every player on the
roster had answered or left): who answered are on the roster and none of them is among who left
without answering, so they number ``awaited`` exactly when nobody else is left to wait for, and
the answer that makes them so is the last player's first (the session's clock never going
back). A leave or a seat is a step, after which the phase tells the due time.
:func:`announce` is given the claim's *count* once the part is stored (how many players hold an
order: the player's own order on their first answer, the number so far on a later one), from
which it tells the number of answers: the count less ``left_answered`` (who answered and left
is not counted).

**Detach and attach**: the rest is :func:`~arbitre.rules.kinds.duplicate.state.state_data`
without the open turn's answers; the parts are the open turn's; the orders are
``{"answered": {player: order}}`` (``{}`` without an answer). :func:`attach` refuses
(``bad_state``) a rest that holds answers, malformed parts (not a part's four fields, a move
that is not FISF notation or longer than the rules keep, a negative score, times out of order),
parts with no turn open or of players not on the roster, other claims, and orders that are not
1 to n over exactly the parts' players. A part's score is taken as stored, not judged again:
that would cost one referee judgement per player at every step, the score is only what its
player was told (their view's ``my_answer``), and the close judges every move afresh for the
points.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from arbitre.rules.board import Board
from arbitre.rules.duplicate import GameStateError, PlayedTurn, Referee, Verdict
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.kinds.base import (
    AWAITED,
    DEADLINE,
    ActionRefusedError,
    Event,
    Judgement,
    Message,
    Outcome,
    Stage,
)
from arbitre.rules.kinds.duplicate.state import (
    Answered,
    DuplicateState,
    StateDataError,
    state_data,
    state_from_data,
)
from arbitre.rules.layout import BoardLayout
from arbitre.rules.move import Move

__all__ = [
    "CLAIM",
    "CONTEXT_FORMAT",
    "MAX_MOVE_LENGTH",
    "MOVE_KEY",
    "TURN_KEY",
    "announce",
    "attach",
    "context_data",
    "detach",
    "judge",
    "keep",
    "not_seated",
    "part_data",
    "preview",
    "read_part",
]

#: The ``format`` of :func:`context_data`'s data.
CONTEXT_FORMAT = "arbitre.kinds.duplicate.context/2"
#: The claim of every accepted answer: the order in which the players first answered a turn.
CLAIM = "answered"
#: The one key of an answer.
MOVE_KEY = "move"
#: The optional key naming the turn an answer is for (refused when it is not the open one).
TURN_KEY = "turn"
#: The longest answer the rules keep (:meth:`~arbitre.rules.duplicate.DuplicateGame.answer`'s
#: bound), in characters.
MAX_MOVE_LENGTH = 64
_PART_KEYS = frozenset({"move", "score", "first_ms", "last_ms"})


# -- the context and the parts ------------------------------------------------------------------


def context_data(state: DuplicateState) -> dict[str, Any]:
    """What judging an answer to ``state``'s open turn needs (see the module docstring)."""
    game = state.game
    stage = state.stage
    playing = stage is Stage.PLAYING
    data: dict[str, Any] = {
        "format": CONTEXT_FORMAT,
        "stage": stage.value,
        "turn": game.number if playing else len(game.turns),
        "left": list(state.left),
    }
    draw = game.current_draw
    if playing and draw is not None and state.deadline_ms is not None:
        left_answered = sum(player in state.answered for player in state.left)
        data[DEADLINE] = state.deadline_ms
        data["layout"] = game.config.to_mapping()["layout"]
        data["board"] = list(game.board.rows())
        data["tiles"] = draw.rack
        data["left_answered"] = left_answered
        data[AWAITED] = len(game.players) - (len(state.left) - left_answered)
    return data


def part_data(answered: Answered) -> dict[str, Any]:
    """``answered`` as a part (see the module docstring)."""
    return {
        "move": answered.move,
        "score": answered.score,
        "first_ms": answered.first_ms,
        "last_ms": answered.last_ms,
    }


def read_part(data: object) -> Answered:
    """The answer the part ``data`` holds; :class:`StateDataError` when it is malformed."""
    if not isinstance(data, Mapping) or set(data) != _PART_KEYS:
        raise StateDataError(f"a part holds exactly {', '.join(sorted(_PART_KEYS))}")
    move, score, first, last = (data[key] for key in ("move", "score", "first_ms", "last_ms"))
    if not (
        isinstance(move, str) and move and move == move.strip() and len(move) <= MAX_MOVE_LENGTH
    ):
        raise StateDataError(f"a part's move is a FISF notation of 1 to {MAX_MOVE_LENGTH} chars")
    if not (_is_int(score) and _is_int(first) and _is_int(last) and score >= 0 and first <= last):
        raise StateDataError("a part's score is at least 0 and its first_ms at most its last_ms")
    return Answered(move, score, first, last)


# -- an answer ----------------------------------------------------------------------------------


def judge(
    context: Mapping[str, Any],
    part: Mapping[str, Any] | None,
    player: str,
    action: Mapping[str, Any],
    now_ms: int,
    referee: Referee,
) -> Judgement:
    """``player``'s answer ``{"move": "H4 MOT", "turn": 3}`` (``turn`` optional) judged against
    ``context`` and their ``part`` (``None``: no answer yet): its part is the move, stripped,
    with its score on the board (one referee judgement; whether its words are valid waits for
    the close); it claims :data:`CLAIM` and finishes its player's turn. ``player`` is one the
    session seated (see the module docstring: it is not checked against a roster). Refusals:
    ``not_seated`` (who left), ``not_started``, ``turn_closed``, ``game_over``, ``too_late``
    (at or past the deadline), ``wrong_turn``, ``bad_action``, and the move's own
    (``bad_notation``, ``illegal_move``, ``bad_rack``, ...); :class:`StateDataError` for a
    context or a part this module did not write."""
    turn = _Context.read(context)
    earlier = None if part is None else read_part(part)
    move = _checked(turn, player, action, now_ms)
    verdict = _verdict(turn.board(), referee, move, turn.tiles)
    if verdict.error_code is not None:
        code = verdict.error_code.partition(":")[0]
        raise ActionRefusedError(code, f"{move!r} cannot be played ({verdict.error_code})")
    if len(move) > MAX_MOVE_LENGTH:
        raise ActionRefusedError(
            "bad_action",
            f"an answer is a move in FISF notation, at most {MAX_MOVE_LENGTH} characters",
        )
    first = earlier.first_ms if earlier is not None else now_ms
    kept = Answered(move, verdict.score, first, now_ms)
    return Judgement(player, turn.turn, part_data(kept), CLAIM, finishes=True)


def not_seated(player: str) -> ActionRefusedError:
    """The refusal of an action or a leave by ``player``, who is not seated: not a player of the
    game (the session's check, see the module docstring) or one who left."""
    return ActionRefusedError("not_seated", f"{player!r} is not seated at this game")


def keep(state: DuplicateState, judgement: Judgement) -> int:
    """Store ``judgement``'s part in ``state`` as the session's store does (a player keeps the
    order of their first answer), and return the claim's count once stored (see the module
    docstring)."""
    kept = read_part(judgement.part)
    try:
        state.game.answer(judgement.player, kept.move)
    except GameStateError as error:  # judge refuses what the rules would
        raise StateDataError(f"a judgement the game cannot keep: {error}") from None
    state.answered[judgement.player] = kept
    return len(state.answered)


def announce(context: Mapping[str, Any], judgement: Judgement, order: int | None) -> Outcome:
    """The outcome of a stored answer: its player's result (``turn``, ``move``, ``score`` on
    the board, ``answers``: how many seated players answered) and the public ``answer_count``
    (``turn``, ``answers``, ``players``: how many are seated), throttled (the next one
    supersedes it: :attr:`~arbitre.rules.kinds.base.Event.throttled`). ``context`` is the one
    the answer was judged with, ``order`` the claim's count once it was stored (see the module
    docstring); :class:`StateDataError` when they do not fit."""
    turn = _Context.read(context)
    kept = read_part(judgement.part)
    if (
        turn.stage is not Stage.PLAYING
        or judgement.claim != CLAIM
        or order is None
        or order <= turn.left_answered
    ):
        raise StateDataError("an answer is announced in its turn's context with its claim's count")
    count = order - turn.left_answered
    result = {"turn": judgement.number, "move": kept.move, "score": kept.score, "answers": count}
    counted = {"turn": judgement.number, "answers": count, "players": turn.seated_count}
    return Outcome(result, (Event(Message("answer_count", counted), throttled=True),))


def preview(context: Mapping[str, Any], judgement: Judgement) -> dict[str, Any]:
    """What an answer judged but not kept would give its player (a dry run: the points of a
    pose before it is validated): ``turn``, ``move``, ``score`` on the board, and ``answers``
    ``None`` (nothing was counted); :class:`StateDataError` when they do not fit."""
    turn = _Context.read(context)
    kept = read_part(judgement.part)
    if turn.stage is not Stage.PLAYING or judgement.claim != CLAIM:
        raise StateDataError("an answer is previewed in its turn's context")
    return {"turn": judgement.number, "move": kept.move, "score": kept.score, "answers": None}


# -- the rest and the parts ---------------------------------------------------------------------


def detach(
    state: DuplicateState, *, turns: bool = True
) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, dict[str, int]]]:
    """``state`` as the rest, the open turn's parts and the orders handed out for them (see the
    module docstring); with ``turns`` false, the rest without the closed turns (kept apart)."""
    parts = {player: part_data(answered) for player, answered in state.answered.items()}
    orders = {CLAIM: {player: n for n, player in enumerate(parts, start=1)}} if parts else {}
    return state_data(state, answers=False, turns=turns), parts, orders


def attach(
    rest: Mapping[str, Any],
    parts: Mapping[str, Mapping[str, Any]],
    orders: Mapping[str, Mapping[str, int]],
    referee: Referee,
    turns: Sequence[PlayedTurn] = (),
) -> DuplicateState:
    """The whole state again from what :func:`detach` gave, with the ``parts`` and ``orders``
    as stored since, and the closed ``turns`` when they were kept apart; :class:`StateDataError`
    (``bad_state``) for what does not fit (see the module docstring)."""
    answered = _answered(parts, orders)
    state = state_from_data(rest, referee, answered, turns)
    size = state.game.board.size
    for move in {kept.move for kept in answered.values()}:  # many players give the same
        try:
            Move.from_notation(move, size=size)
        except ArbitreError:
            raise StateDataError(f"a part's move {move!r} is no move") from None
    return state


# -- helpers ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Context:
    """A context read back (see the module docstring); the open turn's fields are empty while
    no turn is open."""

    stage: Stage
    turn: int
    left: list[str]
    deadline_ms: int | None = None
    layout: object = None
    rows: list[str] | None = None
    tiles: str = ""
    left_answered: int = 0
    awaited: int = 0

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> _Context:
        """The context ``data``, or :class:`StateDataError`."""
        if not isinstance(data, Mapping) or data.get("format") != CONTEXT_FORMAT:
            raise StateDataError(f"not a duplicate turn's context (format {CONTEXT_FORMAT!r})")
        try:
            stage = Stage(data["stage"])
            turn, left = data["turn"], data["left"]
            if not (_is_int(turn) and isinstance(left, list)):
                raise TypeError("turn or left")
            if stage is not Stage.PLAYING:
                return cls(stage, turn, left)
            deadline, layout, rows = data[DEADLINE], data["layout"], data["board"]
            tiles, left_answered, awaited = data["tiles"], data["left_answered"], data[AWAITED]
            if not (
                _is_int(deadline)
                and isinstance(rows, list)
                and isinstance(tiles, str)
                and _is_int(left_answered)
                and _is_int(awaited)
                and 0 <= left_answered <= awaited
            ):
                raise TypeError(f"an open turn's deadline_ms, board, tiles or counts ({AWAITED})")
        except (KeyError, TypeError, ValueError) as error:
            raise StateDataError(f"context: missing or malformed ({error})") from None
        return cls(stage, turn, left, deadline, layout, rows, tiles, left_answered, awaited)

    @property
    def seated_count(self) -> int:
        """How many players are seated: the awaited but who answered and left."""
        return self.awaited - self.left_answered

    def board(self) -> Board:
        """The open turn's board, or :class:`StateDataError`."""
        try:
            return Board.from_rows(self.rows or (), _layout(json.dumps(self.layout)))
        except (ArbitreError, TypeError, ValueError) as error:
            raise StateDataError(f"context: not a board ({error})") from None


@lru_cache(maxsize=16)
def _layout(data: str) -> BoardLayout:
    """The board layout of the configuration's ``layout`` data (as JSON text)."""
    return GameConfig.from_mapping({"layout": json.loads(data)}).layout


def _checked(turn: _Context, player: str, action: Mapping[str, Any], now_ms: int) -> str:
    """The move of ``action``, stripped, when ``player`` may give it now; the refusal
    otherwise."""
    if player in turn.left:  # the roster is the session's check (see the module docstring)
        raise not_seated(player)
    stage = turn.stage
    if stage is Stage.WAITING:
        raise ActionRefusedError("not_started", "the game has not started")
    if stage is Stage.OVER:
        raise ActionRefusedError("game_over", "the game is over")
    if stage is Stage.BETWEEN:
        raise ActionRefusedError("turn_closed", f"turn {turn.turn} is closed")
    deadline = turn.deadline_ms
    if deadline is None or now_ms >= deadline:
        raise ActionRefusedError("too_late", f"turn {turn.turn} is closed: too late")
    if not isinstance(action, Mapping) or not set(action) <= {MOVE_KEY, TURN_KEY}:
        raise ActionRefusedError("bad_action", "an answer is {'move': 'H4 MOT'}")
    number = action.get(TURN_KEY, turn.turn)
    if not isinstance(number, int) or isinstance(number, bool) or number != turn.turn:
        raise ActionRefusedError(
            "wrong_turn", f"turn {number!r} is not the open turn (turn {turn.turn} is)"
        )
    move = action.get(MOVE_KEY)
    if not isinstance(move, str) or not move.strip():
        raise ActionRefusedError("bad_action", "an answer is a move in FISF notation: 'H4 MOT'")
    return move.strip()


def _verdict(board: Board, referee: Referee, text: str, rack: str) -> Verdict:
    """The verdict on the move ``text`` with ``rack`` on ``board``: the judgement
    :meth:`~arbitre.rules.duplicate.DuplicateGame.judge` makes of it at the close."""
    try:
        move = Move.from_notation(text, size=board.size)
    except ArbitreError as error:
        return Verdict(0, 0, error_code=error.code)
    return referee.judge(board, move, rack)


def _answered(
    parts: Mapping[str, Mapping[str, Any]], orders: Mapping[str, Mapping[str, int]]
) -> dict[str, Answered]:
    """The answers ``parts`` hold, in the order of their claim's ``orders``; or
    :class:`StateDataError`."""
    if not isinstance(parts, Mapping) or not isinstance(orders, Mapping):
        raise StateDataError("parts and orders are mappings")
    others = [claim for claim in orders if claim != CLAIM]
    if others:
        raise StateDataError(f"orders: no claim but {CLAIM!r} (not {others[0]!r})")
    given = orders.get(CLAIM, {})
    if not (
        isinstance(given, Mapping)
        and set(given) == set(parts)
        and all(_is_int(order) for order in given.values())
        and sorted(given.values()) == list(range(1, len(given) + 1))
    ):
        raise StateDataError(f"orders: {CLAIM!r} gives the parts' players 1 to n")
    return {player: read_part(parts[player]) for player in sorted(given, key=given.__getitem__)}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
