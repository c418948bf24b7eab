"""The move generator service: stateless, a position and a rack in, the top or every move out.

``python -m arbitre.services.movegen [--address HOST:PORT]`` serves it alone (address from
``ARBITRE_MOVEGEN_ADDRESS``, else ``127.0.0.1:50052``; lexicons from ``ARBITRE_LEXICONS``, see
:mod:`arbitre.services.lexicons`). Bad input is ``INVALID_ARGUMENT`` with a message saying what
is wrong, an unknown lexicon ``NOT_FOUND``; nothing else escapes a call.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any, NoReturn

import grpc

from arbitre.engine.lexicon import LexiconError
from arbitre.engine.movegen import GeneratedMove, MoveGenerator, PreparedBoard, TieBreak, Top
from arbitre.rules.board import Board
from arbitre.rules.errors import ArbitreError
from arbitre.rules.play_rules import play_rules
from arbitre.rules.tiles import tile_set
from arbitre.services.lexicons import LexiconRegistry, registry_from_environment
from arbitre.services.server import Registration, serve_forever, start
from arbitre.v1 import common_pb2, movegen_pb2, movegen_pb2_grpc

__all__ = ["SERVICE_NAME", "MoveGeneratorService", "main", "registration"]

log = logging.getLogger(__name__)

SERVICE_NAME = "arbitre.v1.MoveGenerator"
DEFAULT_ADDRESS = "127.0.0.1:50052"
#: Longest rack accepted (7-et-8 racks hold 8 tiles; more is never a real tirage).
MAX_RACK = 16
MAX_ROW = 26


class MoveGeneratorService(movegen_pb2_grpc.MoveGeneratorServicer):
    """Tops, all moves and "any move?" for positions of the duplicate game."""

    def __init__(self, registry: LexiconRegistry) -> None:
        self.registry = registry
        self._generators: dict[tuple[str, str, str, tuple[str, ...]], MoveGenerator] = {}
        self._lock = threading.Lock()

    # -- calls ------------------------------------------------------------------------------

    def Top(self, request: Any, context: Any) -> Any:  # noqa: N802 (gRPC method name)
        prepared, rack = self._prepare(request, context)
        started = time.perf_counter_ns()
        top = self._call(context, lambda: prepared.top(rack))
        return _top_message(top, (time.perf_counter_ns() - started) // 1000)

    def AllMoves(self, request: Any, context: Any) -> Any:  # noqa: N802
        prepared, rack = self._prepare(request, context)
        if request.limit < 0:
            _abort(context, grpc.StatusCode.INVALID_ARGUMENT, "limit must be 0 (all) or more")
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
        return movegen_pb2.HasMoveResponse(
            has_move=self._call(context, lambda: prepared.has_move(rack))
        )

    # -- helpers ----------------------------------------------------------------------------

    def generator(
        self, lexicon: str, tiles: str, rules: str, tie_break: tuple[str, ...]
    ) -> MoveGenerator:
        """A generator per (lexicon, tiles, rules, tie-break), built once."""
        key = (lexicon, tiles, rules, tie_break)
        found = self._generators.get(key)
        if found is None:
            tile_set_value = tile_set(tiles)
            lexicon_id = lexicon or tile_set_value.language or "fr"
            found = MoveGenerator(
                self.registry.get(lexicon_id),
                tile_set_value,
                play_rules(rules),
                TieBreak(tie_break) if tie_break else TieBreak(),
            )
            with self._lock:
                self._generators.setdefault(key, found)
        return found

    def _prepare(self, request: Any, context: Any) -> tuple[PreparedBoard, str]:
        position = request.position
        if position.kind not in (common_pb2.GAME_KIND_UNSPECIFIED, common_pb2.GAME_KIND_DUPLICATE):
            _abort(
                context,
                grpc.StatusCode.INVALID_ARGUMENT,
                f"the move generator plays duplicate positions, not {position.kind}",
            )
        rows = list(position.rows)
        if len(rows) > MAX_ROW or any(len(row) > MAX_ROW for row in rows):
            _abort(context, grpc.StatusCode.INVALID_ARGUMENT, "a board has at most 26x26 squares")
        if len(request.rack) > MAX_RACK:
            _abort(
                context, grpc.StatusCode.INVALID_ARGUMENT, f"a rack holds at most {MAX_RACK} tiles"
            )
        try:
            generator = self.generator(
                position.lexicon,
                position.tiles or "fr",
                position.rules or "duplicate",
                tuple(request.tie_break),
            )
            board = Board.from_rows(rows)
            prepared = generator.prepare(board)
            generator.rack_counts(request.rack)  # validate the rack now, with a clear message
        except LexiconError as error:
            _abort(context, grpc.StatusCode.NOT_FOUND, str(error))
        except (ArbitreError, ValueError) as error:
            _abort(context, grpc.StatusCode.INVALID_ARGUMENT, str(error))
        return prepared, request.rack

    @staticmethod
    def _call(context: Any, action: Any) -> Any:
        try:
            return action()
        except (ArbitreError, ValueError) as error:
            _abort(context, grpc.StatusCode.INVALID_ARGUMENT, str(error))
        except Exception:
            log.exception("move generation failed")
            _abort(context, grpc.StatusCode.INTERNAL, "the move generator failed; see its log")


def _abort(context: Any, code: Any, message: str) -> NoReturn:
    context.abort(code, message)
    raise AssertionError("unreachable: context.abort raises")


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
    parser = argparse.ArgumentParser(prog="python -m arbitre.services.movegen")
    parser.add_argument(
        "--address",
        default=os.environ.get("ARBITRE_MOVEGEN_ADDRESS", DEFAULT_ADDRESS),
        help="HOST:PORT to listen on (port 0: any free port)",
    )
    arguments = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        running = start([registration(registry_from_environment())], arguments.address)
    except (OSError, RuntimeError, LexiconError) as error:
        print(f"arbitre movegen: {error}", file=sys.stderr)
        return 2
    print(f"arbitre movegen: listening on port {running.port}", flush=True)
    serve_forever(running)
    return 0


if __name__ == "__main__":
    sys.exit(main())
