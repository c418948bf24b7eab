"""A duplicate game saved as JSON-able data and restored, so that a game can live in a store
(Redis) between two steps and go on in another process.

:func:`snapshot` saves everything a :class:`~arbitre.rules.duplicate.DuplicateGame` holds but its
referee: configuration, seed, players, board, bag (contents and generator state), reliquat,
closed turns (tirage, top, answers and verdicts), the end, and the open turn (tirage, top and
the answers so far). :func:`restore` rebuilds a game that goes on exactly as the saved one
would: the same draws, the same tops, the same results. Malformed data raises
:class:`SnapshotError` and builds nothing.

>>> from arbitre.rules.game_config import GameConfig
>>> from arbitre.rules.duplicate import DuplicateGame
>>> class NoReferee:
...     def top(self, board, rack): return None
...     def has_move(self, board, rack): return True
...     def judge(self, board, move, rack): raise AssertionError
>>> game = DuplicateGame(GameConfig(), 7, NoReferee())
>>> restored = restore(snapshot(game), NoReferee())
>>> restored.bag.contents() == game.bag.contents(), restored.number
(True, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.rules.board import Board
from arbitre.rules.draw import Bag, Draw
from arbitre.rules.duplicate import (
    Answer,
    DuplicateGame,
    EndReason,
    PlayedTurn,
    Referee,
    TopChoice,
    Verdict,
)
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.move import Move

__all__ = ["SNAPSHOT_FORMAT", "SnapshotError", "restore", "snapshot", "turn_data", "turn_from_data"]

SNAPSHOT_FORMAT = "arbitre-duplicate-state/1"


class SnapshotError(ArbitreError):
    """Saved game data that cannot be restored: wrong format, a missing or malformed field."""

    code = "bad_snapshot"


# -- saving -------------------------------------------------------------------------------------


def _draw_data(draw: Draw) -> dict[str, Any]:
    return {
        "turn": draw.turn,
        "kept": draw.kept,
        "new": draw.new,
        "rejected": list(draw.rejected),
        "minimum": list(draw.minimum) if draw.minimum is not None else None,
        "playable": draw.playable,
    }


def _top_data(top: TopChoice) -> dict[str, Any]:
    return {
        "move": top.move.notation(),
        "score": top.score,
        "tiles": top.tiles,
        "blanks": top.blanks,
        "alternatives": [move.notation() for move in top.alternatives],
    }


def _verdict_data(verdict: Verdict) -> dict[str, Any]:
    return {
        "points": verdict.points,
        "score": verdict.score,
        "words": list(verdict.words),
        "unknown_words": list(verdict.unknown_words),
        "error_code": verdict.error_code,
    }


def turn_data(turn: PlayedTurn) -> dict[str, Any]:
    """A closed turn as :func:`snapshot` saves it (JSON-able)."""
    return {
        "number": turn.number,
        "draw": _draw_data(turn.draw),
        "top": _top_data(turn.top),
        "answers": [
            {"player": a.player, "move": a.move, "verdict": _verdict_data(a.verdict)}
            for a in turn.answers
        ],
        "swapped": list(turn.swapped),
    }


def snapshot(game: DuplicateGame, *, turns: bool = True) -> dict[str, Any]:
    """Everything ``game`` holds but its referee, as JSON-able data; with ``turns`` false,
    without its closed turns (``"turns": []``: kept apart, see :func:`restore`)."""
    draw, top = game.current_draw, game.current_top
    open_turn = None
    if draw is not None and top is not None:
        open_turn = {
            "draw": _draw_data(draw),
            "top": _top_data(top),
            "answers": dict(game._answers),
        }
    return {
        "format": SNAPSHOT_FORMAT,
        "config": game.config.to_mapping(),
        "seed": game.seed,
        "players": list(game.players),
        "board": list(game.board.rows()),
        "bag": game.bag.state,
        "reliquat": game.reliquat,
        "turns": [turn_data(turn) for turn in game.turns] if turns else [],
        "end": game.end.value if game.end is not None else None,
        "open": open_turn,
    }


# -- restoring ----------------------------------------------------------------------------------


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(data, Mapping):
        raise SnapshotError(f"{where}: not an object")
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise SnapshotError(f"{where}: {key!r} is missing or malformed")
    return value


def _strings(values: object, where: str) -> tuple[str, ...]:
    if not isinstance(values, list) or not all(isinstance(value, str) for value in values):
        raise SnapshotError(f"{where}: expected a list of strings")
    return tuple(values)


def _draw(data: Mapping[str, Any]) -> Draw:
    minimum = data.get("minimum") if isinstance(data, Mapping) else None
    if minimum is not None and (
        not isinstance(minimum, list)
        or len(minimum) != 2
        or not all(type(x) is int for x in minimum)
    ):
        raise SnapshotError("draw: minimum must be null or [vowels, consonants]")
    try:
        return Draw(
            _get(data, "turn", int, "draw"),
            _get(data, "kept", str, "draw"),
            _get(data, "new", str, "draw"),
            _strings(data.get("rejected"), "draw rejected"),
            (minimum[0], minimum[1]) if minimum is not None else None,
            _get(data, "playable", bool, "draw"),
        )
    except ValueError as error:
        raise SnapshotError(f"draw: {error}") from None


def _move(text: object, size: int, where: str) -> Move:
    if not isinstance(text, str):
        raise SnapshotError(f"{where}: a move must be a string")
    try:
        return Move.from_notation(text, size=size)
    except ArbitreError as error:
        raise SnapshotError(f"{where}: {error}") from None


def _top(data: Mapping[str, Any], size: int) -> TopChoice:
    return TopChoice(
        _move(_get(data, "move", str, "top"), size, "top"),
        _get(data, "score", int, "top"),
        _get(data, "tiles", int, "top"),
        _get(data, "blanks", int, "top"),
        tuple(
            _move(text, size, "top alternatives")
            for text in _strings(data.get("alternatives"), "top")
        ),
    )


def _verdict(data: Mapping[str, Any]) -> Verdict:
    code = data.get("error_code") if isinstance(data, Mapping) else None
    if code is not None and not isinstance(code, str):
        raise SnapshotError("verdict: error_code must be null or a string")
    return Verdict(
        _get(data, "points", int, "verdict"),
        _get(data, "score", int, "verdict"),
        _strings(data.get("words"), "verdict words"),
        _strings(data.get("unknown_words"), "verdict unknown_words"),
        code,
    )


def turn_from_data(data: Mapping[str, Any], size: int) -> PlayedTurn:
    """A closed turn :func:`turn_data` saved, its moves on a board of ``size`` squares a side;
    :class:`SnapshotError` when it is not one."""
    if not isinstance(data, Mapping):
        raise SnapshotError("turn: not a saved turn")
    answers = tuple(
        Answer(
            _get(answer, "player", str, "answer"),
            _get(answer, "move", str, "answer"),
            _verdict(_get(answer, "verdict", Mapping, "answer")),
        )
        for answer in _get(data, "answers", list, "turn")
    )
    return PlayedTurn(
        _get(data, "number", int, "turn"),
        _draw(_get(data, "draw", Mapping, "turn")),
        _top(_get(data, "top", Mapping, "turn"), size),
        answers,
        _strings(data.get("swapped"), "turn swapped"),
    )


def restore(
    data: Mapping[str, Any], referee: Referee, turns: Sequence[PlayedTurn] = ()
) -> DuplicateGame:
    """The game saved by :func:`snapshot`, playing on with ``referee``; ``turns``, its closed
    turns when they were kept apart (the data saved without them), shared, not copied: a
    :class:`PlayedTurn` never changes."""
    if not isinstance(data, Mapping) or data.get("format") != SNAPSHOT_FORMAT:
        raise SnapshotError(f"not a saved duplicate game (format {SNAPSHOT_FORMAT!r})")
    try:
        config = GameConfig.from_mapping(_get(data, "config", Mapping, "game"))
        game = DuplicateGame(
            config,
            _get(data, "seed", int, "game"),
            referee,
            _strings(data.get("players"), "players"),
        )
        game.board = Board.from_rows(_strings(data.get("board"), "board"), config.layout)
        game.bag = Bag.from_state(_get(data, "bag", Mapping, "game"))
    except SnapshotError:
        raise
    except ArbitreError as error:
        raise SnapshotError(f"game: {error}") from None
    game.reliquat = _get(data, "reliquat", str, "game")
    size = game.board.size
    saved: Sequence[Any] = _get(data, "turns", list, "game")
    if turns and saved:
        raise SnapshotError("closed turns both saved and kept apart")
    game.turns = list(turns) if turns else [turn_from_data(turn, size) for turn in saved]
    if [turn.number for turn in game.turns] != list(range(1, len(game.turns) + 1)):
        raise SnapshotError("turns must be numbered 1, 2, 3, ... in order")
    end = data.get("end")
    if end is not None:
        try:
            game.end = EndReason(end)
        except ValueError:
            raise SnapshotError(f"unknown end {end!r}") from None
    open_turn = data.get("open")
    if open_turn is not None:
        answers = _get(open_turn, "answers", Mapping, "open turn")
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in answers.items()):
            raise SnapshotError("open turn: answers map players to moves")
        game._draw = _draw(_get(open_turn, "draw", Mapping, "open turn"))
        game._top = _top(_get(open_turn, "top", Mapping, "open turn"), size)
        game._answers = dict(answers)
    return game
