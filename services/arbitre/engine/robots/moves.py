"""The moves a duplicate robot chooses from, and who gives them.

A robot (:class:`~arbitre.engine.robots.duplicate.Robot`) picks its answer among a position's
legal moves, best first, and the tie-break's top. A :class:`MoveSource` gives them: the
engine's referee (:class:`~arbitre.engine.referee.MoveGeneratorReferee`) from its own move
generator (:func:`robot_moves`), dupliKta's (:class:`~arbitre.engine.duplikta_moves.DupliktaMoves`)
likewise, the session's (:class:`~arbitre.services.remote_referee.RemoteReferee`) from one
``AllMoves`` call to the movegen service. Both give the same moves for the same position, rack,
tie-break and lexicon, so a robot's choice does not depend on where it plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from arbitre.engine.movegen import GeneratedMove, PreparedBoard
from arbitre.rules.board import Board

__all__ = ["MoveSource", "RobotMove", "RobotMoves", "robot_moves"]


@dataclass(frozen=True, slots=True)
class RobotMove:
    """A legal move as a robot weighs it: its FISF ``notation`` (blanks in lowercase), its
    ``score``, how many ``tiles`` it puts down and the ``words`` it forms (uppercase, main word
    first; empty unless they were asked for)."""

    notation: str
    score: int
    tiles: int
    words: tuple[str, ...] = ()

    @classmethod
    def of(cls, move: GeneratedMove) -> RobotMove:
        """The move generator's ``move`` (its words as it holds them)."""
        return cls(move.notation, move.score, move.tiles, tuple(word.word for word in move.words))


@dataclass(frozen=True, slots=True)
class RobotMoves:
    """A rack's legal moves on a position, best first (all of them or the first ones), and
    the tie-break's top (``None`` when there is no legal move)."""

    moves: tuple[RobotMove, ...]
    top: RobotMove | None


class MoveSource(Protocol):
    """What gives a robot the moves it chooses from."""

    def robot_moves(self, board: Board, rack: str, limit: int, with_words: bool) -> RobotMoves:
        """The legal moves of ``rack`` (``"?"`` for a blank) on ``board``, best first: all of
        them (``limit`` 0) or the first ``limit``, each with its words when ``with_words``;
        and the tie-break's top. A negative ``limit`` is refused (``ValueError`` or the
        source's own refusal)."""
        ...


def robot_moves(prepared: PreparedBoard, rack: str, limit: int, with_words: bool) -> RobotMoves:
    """The moves a robot chooses from on ``prepared`` (see :meth:`MoveSource.robot_moves`), from
    one search of the move generator (and a second, with the words, when they are asked for)."""
    if limit < 0:
        raise ValueError("limit must be 0 (all) or more")
    solution = prepared.solve(rack, limit or None)
    moves = solution.moves
    if with_words:
        moves = tuple(prepared.moves(rack, limit or None, with_words=True))
    top = solution.top.top
    return RobotMoves(
        tuple(RobotMove.of(move) for move in moves), None if top is None else RobotMove.of(top)
    )
