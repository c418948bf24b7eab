"""A scheduled start on the seam, over real gRPC and a real Redis: a game of a kind on the seam
(here a Duel de Mots table) created with a ``start_at_ms`` starts by itself at that moment, as
its organiser's Start would, with a ``game_started`` event saying so; one the kind cannot start
then (too few players) waits for its organiser. The moment is within the coming year."""

from __future__ import annotations

import json
import time
from typing import Any

import grpc

from arbitre.api.game_events import event_json
from arbitre.api.proto_data import fill
from arbitre.v1 import common_pb2, duel_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services.test_session_duel import (
    command,
    events_so_far,
    join,
    refusal,
    view_in,
    wait_for,
)

YEAR_MS = 366 * 24 * 3600 * 1000


def create(stub: Any, start_at_ms: int, seats: int = 2) -> Any:
    settings = {"language": "en", "rounds": 1, "round_seconds": 90, "reveal_seconds": 0}
    return stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_WORD_DUEL,
            duel=fill(duel_pb2.DuelConfig(), {**settings, "seats": seats}),
            start_at_ms=start_at_ms,
        )
    )


def now_ms(stub: Any) -> int:
    """The session's clock, as a game's state tells it."""
    return int(create(stub, 0).state.server_time_ms)


def state(stub: Any, game_id: str) -> Any:
    return stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))


def started_events(stub: Any, game_id: str) -> list[tuple[str, Any]]:
    """The game's events up to its first round, with their data."""
    found: list[tuple[str, Any]] = []
    stream = stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"), timeout=5)
    for event in stream:
        found.append((event.type, json.loads(event_json(event))))
        if event.type == "round_started":
            break
    stream.cancel()
    return found


def test_a_scheduled_table_starts_by_itself_at_its_moment(stub: Any) -> None:
    start_at = now_ms(stub) + 1500
    created = create(stub, start_at)
    game_id = created.game_id
    assert (created.state.status, created.state.start_at_ms) == ("waiting", start_at)
    join(stub, game_id, "Ana")
    join(stub, game_id, "Bob")
    early = state(stub, game_id)
    assert early.server_time_ms < start_at
    assert (early.status, early.start_at_ms) == ("waiting", start_at)
    wait_for(lambda: state(stub, game_id).status == "running")
    started = state(stub, game_id)
    assert started.server_time_ms >= start_at
    assert (started.phase, started.start_at_ms) == ("turn", start_at)
    assert view_in(started)["current"]["round"] == 1
    kinds = started_events(stub, game_id)
    assert [kind for kind, _ in kinds][-2:] == ["game_started", "round_started"]
    assert ("game_started", {"scheduled": True}) in kinds


def test_a_scheduled_table_without_an_opponent_waits_for_its_organiser(stub: Any) -> None:
    start_at = now_ms(stub) + 500
    created = create(stub, start_at)
    game_id = created.game_id
    join(stub, game_id, "Ana")
    time.sleep(1.5)
    waiting = state(stub, game_id)
    assert (waiting.status, waiting.turn, waiting.start_at_ms) == ("waiting", 0, start_at)
    join(stub, game_id, "Bob")
    time.sleep(0.5)
    assert state(stub, game_id).status == "waiting"  # still its organiser's to start
    assert command(stub, "Start", created).status == "running"
    assert "game_started" in events_so_far(stub, game_id)


def test_the_organiser_may_start_a_scheduled_table_before_its_moment(stub: Any) -> None:
    start_at = now_ms(stub) + 3_600_000
    created = create(stub, start_at)
    game_id = created.game_id
    join(stub, game_id, "Ana")
    join(stub, game_id, "Bob")
    assert command(stub, "Start", created).status == "running"
    kinds = started_events(stub, game_id)
    assert ("game_started", {"scheduled": False}) in kinds


def test_a_start_in_the_past_or_beyond_a_year_is_refused(stub: Any) -> None:
    now = now_ms(stub)
    for start_at in (now - 1000, now + YEAR_MS + 60_000):
        code, message = refusal(lambda: create(stub, start_at))  # noqa: B023
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert message.startswith("start_at_ms:")
