"""The scoring service (``arbitre.v1.Scoring``): one move judged on one position, at compiled speed.

``Judge`` places and scores a move and looks its words up, as ``arbitre score`` does: a move
that cannot be played is not a failed call but an answer with ``legal`` false, an ``error`` for
people and an ``error_code`` for programs (``illegal_move:<reason>``, ``bad_notation``,
``unknown_letter``, ``bad_rack``). A position the service cannot read is ``INVALID_ARGUMENT``
with a message saying what is wrong, a lexicon id not on offer ``NOT_FOUND``, and anything
unexpected ``INTERNAL`` with a generic message (the details go to the log).

``python -m arbitre.services.scoring [--address HOST:PORT]`` serves it alone (address from
``ARBITRE_SCORING_ADDRESS``, else ``127.0.0.1:50053``; lexicons from ``ARBITRE_LEXICONS``, see
:mod:`arbitre.services.lexicons`) until SIGTERM or SIGINT.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from typing import Any

import grpc

from arbitre.engine.movegen import MoveGenerator, PreparedBoard
from arbitre.rules.errors import ArbitreError, BadRackError, IllegalMoveError
from arbitre.rules.move import Move
from arbitre.rules.rack import Rack
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.positions import (
    MAX_RACK,
    PositionReader,
    abort,
    lexicon_message,
    refuse_longer,
    run_alone,
)
from arbitre.services.server import Registration
from arbitre.v1 import common_pb2, scoring_pb2, scoring_pb2_grpc

__all__ = [
    "DEFAULT_ADDRESS",
    "MAX_MOVE_CHARS",
    "MAX_RACK",
    "SERVICE_NAME",
    "ScoringService",
    "main",
    "registration",
    "verdict",
]

log = logging.getLogger(__name__)

SERVICE_NAME = "arbitre.v1.Scoring"
DEFAULT_ADDRESS = "127.0.0.1:50053"
ADDRESS_VARIABLE = "ARBITRE_SCORING_ADDRESS"
#: Longest move text accepted ("H4 C(H)ACUNE" is 12 characters).
MAX_MOVE_CHARS = 64


class ScoringService(scoring_pb2_grpc.ScoringServicer):
    """Judges moves on duplicate positions, over the lexicons of ``registry``."""

    def __init__(self, registry: LexiconRegistry) -> None:
        self.registry = registry
        self.positions = PositionReader(registry, "scoring service")

    def Judge(self, request: Any, context: Any) -> Any:  # noqa: N802 (gRPC method name)
        refuse_longer(context, request.move, MAX_MOVE_CHARS, "a move")
        prepared, lexicon_id = self.positions.prepare(request.position, request.rack, context)
        try:
            answer = verdict(prepared, request.move, request.rack)
        except Exception:
            log.exception("judging %r failed", request.move)
            abort(context, grpc.StatusCode.INTERNAL, "the scoring service failed; see its log")
        answer.lexicon.CopyFrom(lexicon_message(lexicon_id, prepared.generator.lexicon))
        return answer

    def generator(self, lexicon_id: str, tiles: str, rules: str) -> MoveGenerator:
        """A generator per (lexicon, tile set, rules), built once (thread-safe)."""
        return self.positions.generator(lexicon_id, tiles, rules)


def verdict(prepared: PreparedBoard, text: str, rack: str = "") -> Any:
    """The ``JudgeResponse`` (without its ``lexicon``) for the move ``text`` on ``prepared``,
    from ``rack`` when it is not empty.

    The move and the rack are read as ``arbitre score`` reads them (see
    :mod:`arbitre.engine.analysis`): the rack first (``bad_notation`` for a character that is
    not a tile, ``bad_rack`` for more tiles than the rules' rack holds), then the move
    (``bad_notation``); the rules' errors for a move that cannot be placed become ``legal``
    false with their code. Unlike ``arbitre score``, a rack the tile set cannot give (two Z in
    French) is ``bad_rack`` even when the move does not need the extra tiles. Raises only on a
    bug.
    """
    generator = prepared.generator
    try:
        rack_value = Rack.from_text(rack) if rack else None
        if rack_value is not None and len(rack_value) > generator.rules.rack_size:
            raise BadRackError(
                f"rack {rack_value.text()} has {len(rack_value)} tiles; {generator.rules.name} "
                f"racks hold {generator.rules.rack_size}"
            )
        move = Move.from_notation(text, size=prepared.board.size)
        evaluation = prepared.evaluate(move, rack_value)
    except IllegalMoveError as error:
        return _failure(str(error), f"{error.code}:{error.reason}")
    except ArbitreError as error:
        return _failure(str(error), error.code)
    return scoring_pb2.JudgeResponse(
        legal=True,
        score=evaluation.score,
        points=evaluation.points,
        bonus=evaluation.bonus,
        words=[
            common_pb2.WordScore(word=word.word, points=word.points) for word in evaluation.words
        ],
        unknown_words=evaluation.unknown_words,
        in_lexicon=evaluation.in_lexicon,
    )


def _failure(message: str, code: str) -> Any:
    return scoring_pb2.JudgeResponse(legal=False, error=message, error_code=code)


def registration(registry: LexiconRegistry) -> Registration:
    """The scoring servicer, ready for :func:`arbitre.services.server.start`."""
    service = ScoringService(registry)
    return Registration(
        SERVICE_NAME,
        lambda server: scoring_pb2_grpc.add_ScoringServicer_to_server(service, server),
    )


def main(argv: Sequence[str] | None = None) -> int:
    return run_alone("scoring", ADDRESS_VARIABLE, DEFAULT_ADDRESS, registration, argv)


if __name__ == "__main__":
    sys.exit(main())
