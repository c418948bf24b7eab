"""The move generator service over a real gRPC server on a free port."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import Board
from arbitre.services import movegen
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.server import Registration
from arbitre.v1 import common_pb2, movegen_pb2, movegen_pb2_grpc
from tests.boards import board_with

EMPTY = ["." * 15] * 15
MIDGAME = list(board_with((7, "...FABAcEE....."), (8, "......KIEF.....")).rows())


@pytest.fixture(scope="module")
def registration() -> Callable[[LexiconRegistry], Registration]:
    """The service of the shared ``server`` (over the shipped lexicons)."""
    return movegen.registration


@pytest.fixture(scope="module")
def stub(channel: grpc.Channel) -> Any:
    return movegen_pb2_grpc.MoveGeneratorStub(channel)


def request(rows: list[str], rack: str, **fields: Any) -> Any:
    position_fields = {
        key: fields.pop(key) for key in ("tiles", "rules", "lexicon", "kind") if key in fields
    }
    return movegen_pb2.MovesRequest(
        position=common_pb2.Position(rows=rows, **position_fields), rack=rack, **fields
    )


def test_top_is_the_engine_s_top(stub: Any, cache: Path) -> None:
    expected = MoveGenerator(load_lexicon("fr")).top(Board.from_rows(MIDGAME), "EEUESI?")
    answer = stub.Top(request(MIDGAME, "EEUESI?"))
    assert answer.best_score == expected.best_score
    assert [move.notation for move in answer.best_moves] == [
        move.notation for move in expected.best_moves
    ]
    assert expected.top is not None
    assert answer.top.notation == expected.top.notation
    assert answer.top.score == expected.best_score
    assert answer.micros >= 0


def test_all_moves_with_limit_and_words(stub: Any) -> None:
    answer = stub.AllMoves(request(EMPTY, "EEUESI?", limit=5, with_words=True))
    assert answer.n_moves == 1915
    assert len(answer.moves) == 5
    assert [move.score for move in answer.moves] == sorted(
        (move.score for move in answer.moves), reverse=True
    )
    assert answer.moves[0].words[0].word == answer.moves[0].notation.split()[1].upper()
    assert answer.top.best_score == 64
    every = stub.AllMoves(request(EMPTY, "EEUESI?"))
    assert len(every.moves) == every.n_moves == 1915
    assert not every.moves[0].words


def test_has_move_and_no_move(stub: Any) -> None:
    assert stub.HasMove(request(EMPTY, "EEUESI?")).has_move
    assert not stub.HasMove(request(EMPTY, "XYZ")).has_move
    top = stub.Top(request(EMPTY, "XYZ"))
    assert top.best_score == 0
    assert not top.HasField("top")
    assert not top.best_moves


def test_other_presets_and_lexicons(stub: Any) -> None:
    english = stub.Top(request(EMPTY, "QUIZERS", tiles="en", lexicon="en"))
    assert english.best_score > 0
    eight = stub.Top(request(EMPTY, "ENTRAISE", rules="7et8"))
    assert eight.top.tiles == 8
    assert stub.Top(request(EMPTY, "EEUESI?", tie_break=["most_blanks"])).top.blanks == 1


@pytest.mark.parametrize(
    ("fields", "code", "fragment"),
    [
        ({"rows": ["." * 15] * 14}, grpc.StatusCode.INVALID_ARGUMENT, "15 rows"),
        ({"rows": ["." * 14 + "1", *EMPTY[1:]]}, grpc.StatusCode.INVALID_ARGUMENT, "character"),
        ({"rows": ["." * 300] * 300}, grpc.StatusCode.INVALID_ARGUMENT, "26x26"),
        ({"rack": "EEU1"}, grpc.StatusCode.INVALID_ARGUMENT, "not a tile"),
        ({"rack": "ZZ"}, grpc.StatusCode.INVALID_ARGUMENT, "has 1"),
        ({"rack": "A" * 17}, grpc.StatusCode.INVALID_ARGUMENT, "at most"),
        ({"rack": "AAAAAAAA"}, grpc.StatusCode.INVALID_ARGUMENT, "rules allow 7"),
        ({"lexicon": "/etc/passwd"}, grpc.StatusCode.NOT_FOUND, "unknown lexicon"),
        ({"tiles": "klingon"}, grpc.StatusCode.INVALID_ARGUMENT, "klingon"),
        ({"rules": "chess"}, grpc.StatusCode.INVALID_ARGUMENT, "chess"),
        ({"tie_break": ["loudest"]}, grpc.StatusCode.INVALID_ARGUMENT, "loudest"),
        ({"kind": common_pb2.GAME_KIND_INDECIX}, grpc.StatusCode.INVALID_ARGUMENT, "duplicate"),
        ({"limit": -1}, grpc.StatusCode.INVALID_ARGUMENT, "limit"),
    ],
)
def test_bad_requests_are_invalid_arguments(
    stub: Any, fields: dict[str, Any], code: Any, fragment: str
) -> None:
    rows = fields.pop("rows", EMPTY)
    rack = fields.pop("rack", "EEUESI?")
    with pytest.raises(grpc.RpcError) as caught:
        stub.AllMoves(request(rows, rack, **fields))
    assert caught.value.code() == code
    assert fragment in caught.value.details()
    assert stub.HasMove(request(EMPTY, "EEUESI?")).has_move  # the server goes on


def test_health_reports_serving(channel: grpc.Channel) -> None:
    health = health_pb2_grpc.HealthStub(channel)
    status = health.Check(health_pb2.HealthCheckRequest(service=movegen.SERVICE_NAME))
    assert status.status == health_pb2.HealthCheckResponse.SERVING


def test_the_service_runs_alone_and_stops_on_sigterm(
    service_alone: Callable[..., AbstractContextManager[grpc.Channel]],
) -> None:
    with service_alone("movegen") as channel:
        stub = movegen_pb2_grpc.MoveGeneratorStub(channel)
        assert stub.Top(request(EMPTY, "EEUESI?"), timeout=60).best_score == 64
