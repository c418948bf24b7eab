"""The scoring service (``arbitre.v1.Scoring``): one move judged on one position, at compiled speed;
turns closed into a game's standings and the standings read back (Redis sorted sets, see
:mod:`arbitre.services.standings_store`).

``Judge`` places and scores a move and looks its words up, as ``arbitre score`` does: a move
that cannot be played is not a failed call but an answer with ``legal`` false, an ``error`` for
people and an ``error_code`` for programs (``illegal_move:<reason>``, ``bad_notation``,
``unknown_letter``, ``bad_rack``). A position the service cannot read is ``INVALID_ARGUMENT``
with a message saying what is wrong, a lexicon id not on offer ``NOT_FOUND``, and anything
unexpected ``INTERNAL`` with a generic message (the details go to the log).

``python -m arbitre.services.scoring [--address HOST:PORT]`` serves it alone (address from
``ARBITRE_SCORING_ADDRESS``, else ``127.0.0.1:50053``; lexicons from ``ARBITRE_LEXICONS``, see
:mod:`arbitre.services.lexicons`) until SIGTERM or SIGINT. ``CloseTurn`` and ``Standings``
need Redis (``REDIS_URL``); without it they answer ``FAILED_PRECONDITION``.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import grpc
import redis as redis_module

from arbitre.engine.movegen import MoveGenerator, PreparedBoard
from arbitre.rules.errors import ArbitreError, BadRackError, IllegalMoveError
from arbitre.rules.move import Move
from arbitre.rules.rack import Rack
from arbitre.rules.results import InvalidResultsError
from arbitre.services.game_keys import is_game_id
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.positions import (
    MAX_RACK,
    PositionReader,
    abort,
    lexicon_message,
    refuse_longer,
    run_alone,
)
from arbitre.services.redis_server import connect, redis_url
from arbitre.services.server import Registration
from arbitre.services.standings_store import StandingsStore
from arbitre.v1 import common_pb2, scoring_pb2, scoring_pb2_grpc

__all__ = [
    "DEFAULT_ADDRESS",
    "MAX_MOVE_CHARS",
    "MAX_RACK",
    "SERVICE_NAME",
    "ScoringService",
    "checked_game_id",
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

    def __init__(self, registry: LexiconRegistry, redis: Any = None) -> None:
        self.registry = registry
        self.positions = PositionReader(registry, "scoring service")
        self.standings = StandingsStore(redis) if redis is not None else None

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

    def CloseTurn(self, request: Any, context: Any) -> Any:  # noqa: N802
        _duplicate_only(request.kind, context)
        store = self._store(context)
        game_id = checked_game_id(request.game_id, context)
        if request.turn < 1 or request.top < 0 or request.solo_bonus < 0:
            abort(context, grpc.StatusCode.INVALID_ARGUMENT, "turn >= 1, top and bonus >= 0")
        if request.solo_min_players < 0:
            abort(context, grpc.StatusCode.INVALID_ARGUMENT, "solo_min_players must be >= 0")
        points: dict[str, int] = {}
        for line in request.points:
            if line.player in points:
                abort(context, grpc.StatusCode.INVALID_ARGUMENT, f"{line.player!r} twice")
            points[line.player] = line.points
        try:
            alone, again = store.close_turn(
                game_id,
                request.turn,
                request.top,
                list(request.players),
                points,
                request.solo_bonus,
                request.solo_min_players,
            )
        except InvalidResultsError as error:
            abort(context, grpc.StatusCode.INVALID_ARGUMENT, str(error))
        except redis_module.RedisError as error:
            _store_down(context, error)
        return scoring_pb2.CloseTurnResponse(solos=sorted(alone), already_closed=again)

    def Standings(self, request: Any, context: Any) -> Any:  # noqa: N802
        _duplicate_only(request.kind, context)
        store = self._store(context)
        game_id = checked_game_id(request.game_id, context)
        if request.offset < 0 or request.limit < 0:
            abort(context, grpc.StatusCode.INVALID_ARGUMENT, "offset and limit must be >= 0")
        try:
            page = store.page(game_id, request.offset, request.limit)
        except redis_module.RedisError as error:
            _store_down(context, error)
        return scoring_pb2.StandingsResponse(
            standings=[
                scoring_pb2.Standing(
                    rank=line.rank,
                    player=line.player,
                    total=line.total,
                    negatif=line.negatif,
                    percent_of_top=line.percent_of_top,
                    tops=line.tops,
                    solos=line.solos,
                )
                for line in page.standings
            ],
            top_total=page.top_total,
            turns=page.turns,
            players=page.players,
        )

    def _store(self, context: Any) -> StandingsStore:
        if self.standings is None:
            abort(
                context,
                grpc.StatusCode.FAILED_PRECONDITION,
                "this scoring service has no Redis (set REDIS_URL) to keep standings in",
            )
        return self.standings

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


def _store_down(context: Any, error: Exception) -> NoReturn:
    log.warning("Redis failed: %s", error)
    abort(context, grpc.StatusCode.UNAVAILABLE, "the standings store is unreachable; retry")


def _duplicate_only(kind: int, context: Any) -> None:
    if kind not in (common_pb2.GAME_KIND_UNSPECIFIED, common_pb2.GAME_KIND_DUPLICATE):
        abort(context, grpc.StatusCode.INVALID_ARGUMENT, f"game kind {kind} is not played yet")


def checked_game_id(game_id: str, context: Any) -> str:
    """``game_id`` when it is a game id (1 to 64 letters, digits, ``-`` or ``_``), else
    ``INVALID_ARGUMENT``."""
    if not is_game_id(game_id):
        abort(context, grpc.StatusCode.INVALID_ARGUMENT, f"{game_id[:80]!r} is not a game id")
    return game_id


def registration(registry: LexiconRegistry, redis: Any = None) -> Registration:
    """The scoring servicer, ready for :func:`arbitre.services.server.start`; standings in
    ``redis`` (a redis-py client) when given."""
    service = ScoringService(registry, redis)
    return Registration(
        SERVICE_NAME,
        lambda server: scoring_pb2_grpc.add_ScoringServicer_to_server(service, server),
    )


def main(argv: Sequence[str] | None = None) -> int:
    url = redis_url()
    client = connect(url) if url else None
    return run_alone(
        "scoring",
        ADDRESS_VARIABLE,
        DEFAULT_ADDRESS,
        lambda registry: registration(registry, client),
        argv,
    )


if __name__ == "__main__":
    sys.exit(main())
