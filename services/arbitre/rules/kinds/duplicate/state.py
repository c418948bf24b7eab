"""The state of a duplicate game on the game-kind seam: the rules' own
:class:`~arbitre.rules.duplicate.DuplicateGame` (board, bag, reliquat, closed turns, the open
turn's tirage, top and answers, the roster) and what the seam adds to it: the game's id, the
open turn's opening time and deadline, each player's judged answer to it (what they are shown
of it, and when they gave it), who left and when, when the next turn opens by itself, and when
every closed turn opened and closed.

A player who left stays on the rules' roster (their answers and points stay, and they stay in
the standings) but is no longer *seated*: nobody waits for them.

:func:`state_data` saves a state as JSON-ready data (the game through
:mod:`arbitre.rules.game_snapshot`, so everything but the referee) and :func:`state_from_data`
restores it, to go on in another process exactly as the saved one would. Both also serve
:mod:`arbitre.rules.kinds.duplicate.parts`: saved without the open turn's answers, then restored
with the answers stored apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbitre.rules.duplicate import DuplicateGame, PlayedTurn, Referee
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_snapshot import SnapshotError, restore, snapshot
from arbitre.rules.kinds.base import Stage
from arbitre.rules.kinds.duplicate.config import DuplicateConfig, config_data, read_config

__all__ = [
    "STATE_FORMAT",
    "Answered",
    "DuplicateState",
    "StateDataError",
    "TurnTimes",
    "state_data",
    "state_from_data",
]

#: The ``format`` of :func:`state_data`'s data.
STATE_FORMAT = "arbitre.kinds.duplicate.state/2"


class StateDataError(SnapshotError):
    """Data that is not a duplicate game state :func:`state_data` wrote (nothing is built)."""

    code = "bad_state"


@dataclass(frozen=True, slots=True)
class Answered:
    """A player's answer to the open turn as they are told of it: the ``move`` kept (their
    last), its ``score`` on the board (the words' validity waits for the reveal), when they
    first answered (``first_ms``) and when they gave this one (``last_ms``)."""

    move: str
    score: int
    first_ms: int
    last_ms: int


@dataclass(frozen=True, slots=True)
class TurnTimes:
    """When a closed turn opened and closed (the session's clock, in ms)."""

    opened_ms: int
    closed_ms: int


@dataclass
class DuplicateState:
    """One duplicate game on the seam (see the module docstring). ``opened_ms`` and
    ``deadline_ms`` are set while a turn is open; ``answered`` holds the open turn's answers;
    ``left`` when each player who left did (a player who comes back is no longer in it);
    ``next_ms`` is set between two turns; ``times`` has one entry per closed turn."""

    config: DuplicateConfig
    game_id: str
    game: DuplicateGame
    opened_ms: int | None = None
    deadline_ms: int | None = None
    answered: dict[str, Answered] = field(default_factory=dict)
    times: list[TurnTimes] = field(default_factory=list)
    left: dict[str, int] = field(default_factory=dict)
    next_ms: int | None = None

    @property
    def stage(self) -> Stage:
        """Where the game is: over, a turn open, between two turns, or not started."""
        if self.game.over:
            return Stage.OVER
        if self.game.turn_open:
            return Stage.PLAYING
        return Stage.BETWEEN if self.game.turns else Stage.WAITING

    @property
    def seated(self) -> tuple[str, ...]:
        """The players still seated (the roster but who left), in seating order."""
        return tuple(player for player in self.game.players if player not in self.left)

    @property
    def seated_count(self) -> int:
        """How many players are seated (the roster but who left)."""
        return len(self.game.players) - len(self.left)

    def is_seated(self, player: str) -> bool:
        """Whether ``player`` is on the roster and has not left."""
        return player not in self.left and player in self.game.players

    @property
    def answer_count(self) -> int:
        """How many seated players answered the open turn."""
        return len(self.answered) - sum(player in self.answered for player in self.left)

    @property
    def next_turn_ms(self) -> int | None:
        """When the next turn opens by itself: :attr:`next_ms`, while somebody is seated to
        play it (``None`` otherwise)."""
        return self.next_ms if self.seated_count else None

    @property
    def everyone_answered_ms(self) -> int | None:
        """The first moment of the open turn at which every player on the roster had answered
        it or left; ``None`` while one of them has done neither (or nobody is on the roster,
        or no turn is open)."""
        opened = self.opened_ms
        if opened is None or not self.game.players:
            return None
        moment = opened
        for player in self.game.players:
            answer, left = self.answered.get(player), self.left.get(player)
            done = [ms for ms in (left, answer.first_ms if answer else None) if ms is not None]
            if not done:
                return None
            moment = max(moment, min(done))
        return moment


def state_data(
    state: DuplicateState, *, answers: bool = True, turns: bool = True
) -> dict[str, Any]:
    """Everything ``state`` holds but its referee, as JSON-ready data; with ``answers`` false,
    without the open turn's answers (neither the seam's nor the game's own); with ``turns``
    false, without the closed turns (kept apart: :func:`state_from_data`'s ``turns``)."""
    game = snapshot(state.game, turns=turns)
    if not answers and game["open"] is not None:
        game["open"]["answers"] = {}
    return {
        "format": STATE_FORMAT,
        "config": config_data(state.config),
        "game_id": state.game_id,
        "game": game,
        "opened_ms": state.opened_ms,
        "deadline_ms": state.deadline_ms,
        "answered": (
            {player: _note_data(note) for player, note in state.answered.items()} if answers else {}
        ),
        "times": [[times.opened_ms, times.closed_ms] for times in state.times],
        "left": dict(state.left),
        "next_ms": state.next_ms,
    }


def state_from_data(
    data: Mapping[str, Any],
    referee: Referee,
    answered: Mapping[str, Answered] | None = None,
    turns: Sequence[PlayedTurn] = (),
) -> DuplicateState:
    """The state :func:`state_data` saved, playing on with ``referee``; :class:`StateDataError`
    (and no other error) when the data is not such a state. With ``answered``, the data is one
    saved without answers, and ``answered`` (in the order the players first answered) are the
    open turn's answers (refused when the data holds answers, or no turn is open). With
    ``turns``, the data is one saved without its closed turns, and ``turns`` are they."""
    try:
        if answered is not None:
            data = _with_answers(data, answered)
        return _state_from_data(data, referee, turns)
    except StateDataError:
        raise
    except ArbitreError as error:  # the snapshot's, the configuration's
        raise StateDataError(f"saved duplicate game state: {error}") from None
    except (KeyError, TypeError, AttributeError, IndexError) as error:  # a guard: never leaks
        raise StateDataError(f"saved duplicate game state: malformed ({error!r})") from None


def _state_from_data(
    data: Mapping[str, Any], referee: Referee, turns: Sequence[PlayedTurn]
) -> DuplicateState:
    if not isinstance(data, Mapping) or data.get("format") != STATE_FORMAT:
        raise StateDataError(f"not a saved duplicate game state (format {STATE_FORMAT!r})")
    config = read_config(_typed(data, "config", Mapping))
    game = restore(_typed(data, "game", Mapping), referee, turns)
    if game.config != config.game:
        raise StateDataError("the saved game is not played under the saved configuration")
    answered = {}
    for player, note in _typed(data, "answered", Mapping).items():
        if not (
            isinstance(player, str)
            and isinstance(note, list)
            and len(note) == 4
            and isinstance(note[0], str)
            and all(_is_int(value) for value in note[1:])
        ):
            raise StateDataError("answered: each player's [move, score, first_ms, last_ms]")
        answered[player] = Answered(note[0], note[1], note[2], note[3])
    times = []
    for pair in _typed(data, "times", list):
        if not (isinstance(pair, list) and len(pair) == 2 and all(map(_is_int, pair))):
            raise StateDataError("times: each closed turn's [opened_ms, closed_ms]")
        times.append(TurnTimes(pair[0], pair[1]))
    left = dict(_typed(data, "left", Mapping))
    if not all(isinstance(player, str) and _is_int(ms) for player, ms in left.items()):
        raise StateDataError("left: each player who left -> when (ms)")
    between = not game.over and not game.turn_open and bool(game.turns)
    for key, set_while, when in (
        ("opened_ms", game.turn_open, "a turn is open"),
        ("deadline_ms", game.turn_open, "a turn is open"),
        ("next_ms", between, "between two turns"),
    ):
        value = data.get(key)
        if (value is None) == set_while or (value is not None and not _is_int(value)):
            raise StateDataError(f"{key} must be a time exactly while {when}")
    roster = set(game.players)
    if len(times) != len(game.turns) or not set(answered) | set(left) <= roster:
        raise StateDataError("the saved times, answers or leavers do not fit the saved game")
    return DuplicateState(
        config,
        _typed(data, "game_id", str),
        game,
        data.get("opened_ms"),
        data.get("deadline_ms"),
        answered,
        times,
        left,
        data.get("next_ms"),
    )


def _note_data(note: Answered) -> list[Any]:
    """An answer as :func:`state_data` saves it."""
    return [note.move, note.score, note.first_ms, note.last_ms]


def _with_answers(data: Mapping[str, Any], answered: Mapping[str, Answered]) -> dict[str, Any]:
    """``data`` saved without answers, given ``answered`` to its open turn (the seam's answers
    and the game's own)."""
    if not isinstance(data, Mapping):
        raise StateDataError("not a saved duplicate game state")
    game = _typed(data, "game", Mapping)
    opened = game.get("open")
    if data.get("answered") or (isinstance(opened, Mapping) and opened.get("answers")):
        raise StateDataError("the saved state holds answers already")
    notes = {player: _note_data(note) for player, note in answered.items()}
    if not isinstance(opened, Mapping):
        if notes:
            raise StateDataError("answers to a game with no turn open")
        return {**data, "answered": notes}
    moves = {player: note.move for player, note in answered.items()}
    return {**data, "answered": notes, "game": {**game, "open": {**opened, "answers": moves}}}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _typed(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise StateDataError(f"saved duplicate game state: {key!r} is missing or malformed")
    return value
