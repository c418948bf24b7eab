"""The move generator service: stateless, a position and a rack in, the top or every move out.

``python -m arbitre.services.movegen [--address HOST:PORT]`` serves it alone (address from
``ARBITRE_MOVEGEN_ADDRESS``, else ``127.0.0.1:50052``; lexicons from ``ARBITRE_LEXICONS``, see
:mod:`arbitre.services.lexicons`). Bad input is ``INVALID_ARGUMENT`` with a message saying what
is wrong, an unknown lexicon ``NOT_FOUND``; nothing else escapes a call. Positions are read by
:class:`arbitre.services.positions.PositionReader`, as the scoring service reads them.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import grpc

from arbitre.engine.movegen import GeneratedMove, PreparedBoard, Top
from arbitre.rules.errors import ArbitreError
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.positions import PositionReader, abort, run_alone
from arbitre.services.server import Registration
from arbitre.v1 import common_pb2, movegen_pb2, movegen_pb2_grpc

__all__ = ["SERVICE_NAME", "MoveGeneratorService", "main", "registration"]

log = logging.getLogger(__name__)

SERVICE_NAME = "arbitre.v1.MoveGenerator"
DEFAULT_ADDRESS = "127.0.0.1:50052"
T = TypeVar("T")


class MoveGeneratorService(movegen_pb2_grpc.MoveGeneratorServicer):
    """Tops, all moves and "any move?" for positions of the duplicate game."""

    def __init__(self, registry: LexiconRegistry) -> None:
        self.registry = registry
        self.positions = PositionReader(registry, "move generator")

    def Top(self, request: Any, context: Any) -> Any:  # noqa: N802 (gRPC method name)
        prepared, rack = self._prepare(request, context)
        started = time.perf_counter_ns()
        top = self._call(context, lambda: prepared.top(rack))
        return _top_message(top, (time.perf_counter_ns() - started) // 1000)

    def AllMoves(self, request: Any, context: Any) -> Any:  # noqa: N802
        if request.limit < 0:
            abort(context, grpc.StatusCode.INVALID_ARGUMENT, "limit must be 0 (all) or more")
        prepared, rack = self._prepare(request, context)
        limit = request.limit or None
        started = time.perf_counter_ns()
        solution = self._call(context, lambda: prepared.solve(rack, limit))
        moves = list(solution.moves)
        if request.with_words:
            moves = self._call(context, lambda: prepared.moves(rack, limit, with_words=True))
        micros = (time.perf_counter_ns() - started) // 1000
        return movegen_pb2.AllMovesResponse(
            top=_top_message(solution.top, micros),
            n_moves=solution.n_moves,
            moves=[_move_message(move) for move in moves],
        )

    def HasMove(self, request: Any, context: Any) -> Any:  # noqa: N802
        prepared, rack = self._prepare(request, context)
        has_move = self._call(context, lambda: prepared.has_move(rack))
        return movegen_pb2.HasMoveResponse(has_move=has_move)

    def _prepare(self, request: Any, context: Any) -> tuple[PreparedBoard, str]:
        prepared, _ = self.positions.prepare(
            request.position, request.rack, context, request.tie_break
        )
        try:
            prepared.generator.rack_counts(request.rack)  # a clear message for a bad rack
        except ArbitreError as error:
            abort(context, grpc.StatusCode.INVALID_ARGUMENT, str(error))
        return prepared, request.rack

    @staticmethod
    def _call(context: Any, action: Callable[[], T]) -> T:
        try:
            return action()
        except (ArbitreError, ValueError) as error:
            abort(context, grpc.StatusCode.INVALID_ARGUMENT, str(error))
        except Exception:
            log.exception("move generation failed")
            abort(context, grpc.StatusCode.INTERNAL, "the move generator failed; see its log")


def _move_message(move: GeneratedMove) -> Any:
    return common_pb2.ScoredMove(
        notation=move.notation,
        score=move.score,
        tiles=move.tiles,
        blanks=move.blanks,
        words=[common_pb2.WordScore(word=word.word, points=word.points) for word in move.words],
    )


def _top_message(top: Top, micros: int) -> Any:
    message = movegen_pb2.TopResponse(
        best_score=top.best_score,
        best_moves=[_move_message(move) for move in top.best_moves],
        micros=micros,
    )
    if top.top is not None:
        message.top.CopyFrom(_move_message(top.top))
    return message


def registration(registry: LexiconRegistry) -> Registration:
    """The movegen servicer, ready for :func:`arbitre.services.server.start`."""
    service = MoveGeneratorService(registry)
    return Registration(
        SERVICE_NAME,
        lambda server: movegen_pb2_grpc.add_MoveGeneratorServicer_to_server(service, server),
    )


def main(argv: Sequence[str] | None = None) -> int:
    return run_alone("movegen", "ARBITRE_MOVEGEN_ADDRESS", DEFAULT_ADDRESS, registration, argv)


if __name__ == "__main__":
    sys.exit(main())
