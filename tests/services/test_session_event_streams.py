"""The session's ``Events`` streams are bounded: each holds a worker thread while it lasts, so at
most :data:`~arbitre.services.session.MAX_EVENT_STREAMS` run at once (a quarter of the
workers) and the next is refused with RESOURCE_EXHAUSTED while unary calls go on; an ``after``
later than the game's last event is refused (INVALID_ARGUMENT) rather than waited on for ever,
and a stream resumed at the end of a game that is over ends at once. Against the platform on a
real server and a real Redis, with duplicate games on the game kinds' seam."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest

from arbitre.api.proto_data import fill
from arbitre.engine.lexicon import load_lexicon
from arbitre.services import platform as platform_module
from arbitre.services import session
from arbitre.services.game_keys import GameKeys
from arbitre.services.internal_auth import open_channel
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform
from arbitre.services.session import events as session_events
from arbitre.v1 import common_pb2, duplicate_pb2, session_pb2, session_pb2_grpc
from tests.live_fixtures import cache_dir, platform  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

#: Generous bound on what should take a moment (a cancelled stream freeing its thread).
PATIENCE = 20.0


@pytest.fixture(scope="module")
def stub(platform: Platform) -> Iterator[Any]:  # noqa: F811
    for lexicon_id in LexiconRegistry().ids:  # compiled before the first game lists them
        load_lexicon(lexicon_id)
    with open_channel(platform.address, platform.gateway_token) as channel:
        yield session_pb2_grpc.SessionStub(channel)


def new_game(stub: Any, **config: Any) -> Any:
    """A duplicate game on the game kinds' seam, its typed configuration made of ``config``."""
    settings = {"seconds_per_turn": 600, "max_turns": 2, **config}
    return stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_DUPLICATE,
            duplicate=fill(duplicate_pb2.DuplicateConfig(), settings),
        )
    )


def events(stub: Any, game_id: str, after: str = "") -> Any:
    return stub.Events(session_pb2.EventsRequest(game_id=game_id, after=after), timeout=PATIENCE)


def code_of(call: Callable[[], Any]) -> Any:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value.code()


def wait(condition: Callable[[], bool], what: str) -> None:
    give_up = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < give_up, what
        time.sleep(0.05)


def test_streams_may_take_a_quarter_of_the_workers_at_most() -> None:
    assert session.MAX_EVENT_STREAMS <= session.SESSION_WORKERS // 4
    assert session.MAX_EVENT_STREAMS <= platform_module.WORKERS // 4  # arbitre up's server


def test_streams_past_the_bound_are_refused_and_unary_calls_go_on(
    stub: Any,
    redis_db: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(session_events, "_EVENT_STREAMS", threading.BoundedSemaphore(2))
    game_id = new_game(stub).game_id
    held = [events(stub, game_id), events(stub, game_id, after="0-0")]
    assert [next(stream).type for stream in held] == ["state", "ping"]  # both running
    refused = events(stub, game_id)
    with pytest.raises(grpc.RpcError) as caught:
        next(refused)
    assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "event streams" in (caught.value.details() or "")
    # Unary calls find workers: a read, a join.
    assert stub.GetGame(session_pb2.GetGameRequest(game_id=game_id), timeout=5).status == "waiting"
    stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"), timeout=5)
    assert next(held[0]).type == "player_joined"
    held[0].cancel()

    def a_stream_opens() -> bool:
        stream = events(stub, game_id)
        try:
            return bool(next(stream).type == "state")
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:
                raise
            return False
        finally:
            stream.cancel()

    wait(a_stream_opens, "the cancelled stream frees its slot")
    held[1].cancel()


def test_an_after_later_than_the_last_event_is_refused(stub: Any, redis_db: Any) -> None:  # noqa: F811
    game_id = new_game(stub).game_id
    last = str(redis_db.xrevrange(GameKeys(game_id).events, count=1)[0][0])
    milliseconds, sequence = (int(part) for part in last.split("-"))
    for after in ("99999999999999-0", f"{milliseconds}-{sequence + 1}", f"{milliseconds + 1}-0"):
        assert code_of(lambda: list(events(stub, game_id, after))) == (  # noqa: B023
            grpc.StatusCode.INVALID_ARGUMENT
        ), after
    for after in ("1-", "-1", "1-2-3", "x", "1" * 41, f"{2**64}-0"):
        assert code_of(lambda: list(events(stub, game_id, after))) == (  # noqa: B023
            grpc.StatusCode.INVALID_ARGUMENT
        ), after
    at_last = events(stub, game_id, after=last)
    first = next(at_last)
    assert (first.type, first.id) == ("ping", last)
    at_last.cancel()


def test_a_game_over_resumed_at_its_end_ends_at_once(stub: Any, redis_db: Any) -> None:  # noqa: F811
    created = new_game(stub, seconds_per_turn=1, max_turns=1)
    game_id = created.game_id
    stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    wait(
        lambda: stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)).status == "over",
        "the one turn ends at its deadline",
    )
    entries = redis_db.xrange(GameKeys(game_id).events)
    (last, fields), (before, _) = entries[-1], entries[-2]
    assert fields["type"] == "game_over"
    began = time.monotonic()
    assert [event.type for event in events(stub, game_id, after=str(last))] == ["ping"]
    assert [event.type for event in events(stub, game_id, after=str(before))] == [
        "ping",
        "game_over",
    ]
    assert time.monotonic() - began < PATIENCE / 2  # not a stream waiting for ever
