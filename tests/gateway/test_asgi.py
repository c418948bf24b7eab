"""The gateway served by uvicorn (:mod:`arbitre.gateway.serving`): the REST routes through
a2wsgi, the event streams on asyncio (:mod:`arbitre.gateway.asgi`,
:mod:`arbitre.gateway.event_streams`) against a real platform and a real Redis: the first
``state`` event, the events of a game, exact resumes, a fresh start for a resume from before
the buffer, a 400 for an id later than the game's, the JSON errors, the limits of streams per
client and in all, a session with no stream free, 500 clients at once on one upstream stream,
clients leaving, and ``python -m arbitre.gateway`` stopping on SIGTERM."""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import re
import resource
import signal
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask

from arbitre.engine.lexicon import load_lexicon
from arbitre.gateway import GatewayConfig, create_app, event_streams
from arbitre.gateway.event_streams import (
    BROKEN,
    CLIENT_QUEUE,
    ENDED,
    FANOUT_CHUNK,
    Client,
    EventStreams,
    fan_out,
)
from arbitre.gateway.serving import serving_in_thread
from arbitre.gateway.stream_limits import (
    MAX_STREAMS_VARIABLE,
    STREAMS_PER_CLIENT,
    STREAMS_PER_CLIENT_VARIABLE,
)
from arbitre.services.game_keys import GameKeys
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform
from arbitre.services.session import events as session_events
from tests.live_fixtures import cache_dir, gateway_process, platform  # noqa: F401
from tests.network import free_port
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

#: Clients of the crowd test, and the loopback addresses they come from (a client address may
#: hold STREAMS_PER_CLIENT streams).
CROWD = 500
SOURCES = [f"127.0.0.{host}" for host in range(2, 2 + -(-CROWD // STREAMS_PER_CLIENT) + 1)]


def warm_lexicons() -> None:
    """Compile the shipped lexicons into the module's cache (``cache_dir``) before the first
    game: on a busy machine the first compile can outlast the session's call to list them."""
    for lexicon_id in LexiconRegistry().ids:
        load_lexicon(lexicon_id)


@pytest.fixture(scope="module")
def live_app(platform: Platform) -> Flask:  # noqa: F811
    warm_lexicons()
    return create_app(GatewayConfig.all_at(platform.address, internal_token=platform.gateway_token))


@pytest.fixture(scope="module")
def base(live_app: Flask) -> Iterator[str]:
    """The gateway served by uvicorn on a free port."""
    with serving_in_thread(live_app) as url:
        yield url


def streams_of(app: Flask) -> EventStreams:
    found: EventStreams = app.extensions["arbitre.event_streams"]
    return found


def call(
    base: str, method: str, path: str, body: Any = None, token: str = "", **headers: str
) -> tuple[int, dict[str, str], Any]:
    """JSON over HTTP: the status, the headers and the decoded body."""
    sent = {"Content-Type": "application/json", **headers}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, sent, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, got, text = response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        status, got, text = error.code, dict(error.headers), error.read()
    return status, {name.lower(): value for name, value in got.items()}, json.loads(text)


def get_from(base: str, path: str, source: str, **headers: str) -> tuple[int, dict[str, str], Any]:
    """``GET path`` from the loopback address ``source``: the status, headers and JSON body of
    a refusal (a stream's status, ``None`` for its body, the connection closed at once)."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(
        parts.hostname or "127.0.0.1", parts.port, timeout=30, source_address=(source, 0)
    )
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        got = {name.lower(): value for name, value in response.getheaders()}
        if got.get("content-type") == "text/event-stream":
            return response.status, got, None
        return response.status, got, json.loads(response.read())
    finally:
        connection.close()


class Reader(threading.Thread):
    """One SSE client over a raw socket: the events it received as (id, type, data), and
    whether the server ended the response."""

    def __init__(
        self,
        base: str,
        game_id: str,
        after: str = "",
        query: str = "",
        source: str = "127.0.0.1",
        token: str = "",
    ) -> None:
        super().__init__(daemon=True)
        parts = urlsplit(base)
        self.sock = socket.create_connection(
            (parts.hostname or "127.0.0.1", parts.port or 80), source_address=(source, 0)
        )
        resume = f"Last-Event-ID: {after}\r\n" if after else ""
        if token:
            resume += f"Authorization: Bearer {token}\r\n"
        self.request = (
            f"GET /v1/games/{game_id}/events{query} HTTP/1.1\r\nHost: test\r\n{resume}\r\n"
        ).encode()
        self.head = ""
        self.events: list[tuple[str, str, str]] = []
        self.pings = 0
        self.ended = False

    def run(self) -> None:
        self.sock.sendall(self.request)
        reader = self.sock.makefile("rb")
        event_id = kind = ""
        try:
            for raw in reader:
                line = raw.decode().rstrip("\r\n")
                if not self.head and line.startswith("HTTP/1.1"):
                    self.head = line
                elif line.startswith("id: "):
                    event_id = line[4:]
                elif line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    self.events.append((event_id, kind, line[6:]))
                elif line == ": ping":
                    self.pings += 1
                elif line == "0":  # the last chunk of a chunked response
                    self.ended = True
                    return
        except (OSError, ValueError):
            return
        finally:
            reader.close()

    def kinds(self) -> list[str]:
        return [kind for _, kind, _ in self.events]

    def close(self) -> None:
        self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def wait(condition: Any, what: str, seconds: float = 60) -> None:
    """Until ``condition()``; fails after ``seconds`` (a guard against hanging, not a timing)."""
    give_up = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < give_up, what
        time.sleep(0.02)


def new_game(base: str, turns: int = 2, seconds: int = 600) -> tuple[str, str, str]:
    """A game with one player, Ann: its id, the organiser's token and Ann's."""
    status, _, created = call(
        base, "POST", "/v1/games", {"config": {"max_turns": turns, "seconds_per_turn": seconds}}
    )
    assert status == 201, created
    game_id = created["game_id"]
    status, _, joined = call(base, "POST", f"/v1/games/{game_id}/players", {"name": "Ann"})
    assert status == 201, joined
    return game_id, created["organiser_token"], joined["player_token"]


def top_of(base: str, game_id: str) -> str:
    """The top of the open turn, as the gateway's solver finds it."""
    _, _, state = call(base, "GET", f"/v1/games/{game_id}")
    view = state["view"]
    rack = view["rack"].replace("+", "").lstrip("-")
    status, _, solved = call(base, "POST", "/v1/solve", {"board": view["board"], "rack": rack})
    assert status == 200, solved
    top: str = solved["top"]
    return top


def answer(base: str, game_id: str, token: str, move: str, turn: int = 1) -> tuple[int, Any]:
    """A duplicate answer to ``turn`` (``POST /v1/games/{id}/actions``): status and body."""
    request_id = f"{turn}-{move}".replace(" ", "-").replace("(", "_").replace(")", "_")
    body = {"action": {"move": move, "turn": turn}, "request_id": request_id}
    status, _, answered = call(base, "POST", f"/v1/games/{game_id}/actions", body, token)
    return status, answered


def test_the_rest_routes_work_through_uvicorn(base: str, redis_db: Any) -> None:  # noqa: F811
    game_id, organiser, ann = new_game(base)
    status, headers, state = call(base, "GET", f"/v1/games/{game_id}")
    assert (status, state["status"], [p["name"] for p in state["players"]]) == (
        200,
        "waiting",
        ["Ann"],
    )
    assert headers["x-content-type-options"] == "nosniff"
    status, _, started = call(base, "POST", f"/v1/games/{game_id}/start", token=organiser)
    assert (status, started["status"], started["turn"]) == (200, "running", 1)
    top = top_of(base, game_id)
    status, answered = answer(base, game_id, ann, top)
    assert status == 200, answered
    assert (answered["result"]["move"], answered["replayed"]) == (top, False)
    status, again = answer(base, game_id, ann, top)  # the same request id: the first answer
    assert (status, again["result"], again["replayed"]) == (200, answered["result"], True)
    # The errors of the Flask app, unchanged: an unknown route, a wrong method, no token.
    status, _, missing = call(base, "GET", "/v1/nowhere")
    assert (status, missing["error"]["code"]) == (404, "not_found")
    status, headers, refused = call(base, "POST", f"/v1/games/{game_id}/events")
    assert (status, refused["error"]["code"]) == (405, "method_not_allowed")
    assert "GET" in headers["allow"]
    status, headers, refused = call(base, "POST", f"/v1/games/{game_id}/start")
    assert (status, refused["error"]["code"]) == (401, "unauthorized")
    assert headers["www-authenticate"] == "Bearer"


def test_a_stream_starts_with_the_state_then_follows_the_game(
    base: str,
    live_app: Flask,
    redis_db: Any,  # noqa: F811
) -> None:
    game_id, organiser, ann = new_game(base, turns=1)
    reader = Reader(base, game_id)
    reader.start()
    wait(lambda: reader.events, "the state event")
    assert reader.head == "HTTP/1.1 200 OK"
    _, kind, data = reader.events[0]
    assert kind == "state"
    state = json.loads(data)
    assert (state["game_id"], state["status"]) == (game_id, "waiting")
    call(base, "POST", f"/v1/games/{game_id}/start", token=organiser)
    wait(lambda: "turn_started" in reader.kinds(), "the turn starts")
    # Ann alone answers the top: the only turn closes at once, and the game is over.
    top = top_of(base, game_id)
    assert answer(base, game_id, ann, top)[0] == 200
    wait(lambda: reader.ended, "the stream ends after game_over")
    assert reader.kinds() == [
        "state",
        "game_started",
        "turn_started",
        "answer_count",
        "turn_revealed",
        "game_over",
    ]
    revealed = json.loads(reader.events[-2][2])
    assert revealed["top"]["move"] == top
    wait(lambda: streams_of(live_app).feeds == 0, "the feed closes after game_over")
    # A stream of a game already over: its state, then the end (no error event to retry on).
    late = Reader(base, game_id)
    late.start()
    wait(lambda: late.ended, "the stream of a finished game ends")
    assert late.kinds() == ["state"]
    assert json.loads(late.events[0][2])["status"] == "over"


def test_the_stream_headers(
    base: str,
    live_app: Flask,
    redis_db: Any,  # noqa: F811
) -> None:
    game_id, _, _ = new_game(base)
    with urllib.request.urlopen(f"{base}/v1/games/{game_id}/events", timeout=30) as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == "text/event-stream"
        assert response.headers["Cache-Control"] == "no-cache"
        assert response.headers["X-Accel-Buffering"] == "no"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.readline() == b"retry: 2000\n"
    wait(lambda: streams_of(live_app).feeds == 0, "the feed closes when the client leaves")


def test_a_resume_gets_exactly_the_missed_events(
    base: str,
    live_app: Flask,
    redis_db: Any,  # noqa: F811
) -> None:
    game_id, organiser, ann = new_game(base)
    watcher = Reader(base, game_id)
    watcher.start()
    wait(lambda: watcher.events, "the state event")
    call(base, "POST", f"/v1/games/{game_id}/start", token=organiser)
    top = top_of(base, game_id)
    assert answer(base, game_id, ann, top)[0] == 200
    call(base, "POST", f"/v1/games/{game_id}/pause", token=organiser)
    wait(lambda: watcher.kinds()[-1:] == ["paused"], "the pause")
    seen = watcher.events
    assert [kind for _, kind, _ in seen] == [
        "state",
        "game_started",
        "turn_started",
        "answer_count",
        "turn_revealed",
        "turn_started",
        "paused",
    ]
    assert streams_of(live_app).feeds == 1
    # From an id in the shared feed's buffer: exactly what followed, no state.
    started = next(event_id for event_id, kind, _ in seen if kind == "game_started")
    resumed = Reader(base, game_id, after=started)
    resumed.start()
    wait(lambda: resumed.kinds()[-1:] == ["paused"], "the resumed client catches up")
    following = seen[[event_id for event_id, _, _ in seen].index(started) + 1 :]
    assert resumed.events == following
    # From before the game's first event: the feed's buffer holds its whole history (fewer
    # than BUFFER events), so all of it, from the buffer.
    old = Reader(base, game_id, after="0-0")
    old.start()
    wait(lambda: old.kinds()[-1:] == ["paused"], "the old client catches up")
    assert old.kinds()[:2] == ["created", "player_joined"]
    assert old.events[-len(following) :] == following
    assert streams_of(live_app).feeds == 1
    # With ?after= as with Last-Event-ID; then a new event reaches all of them.
    query = Reader(base, game_id, query=f"?after={started}")
    query.start()
    wait(lambda: query.kinds()[-1:] == ["paused"], "the ?after= client catches up")
    assert query.events == following
    call(base, "POST", f"/v1/games/{game_id}/resume", token=organiser)
    for reader in (watcher, resumed, old, query):
        wait(lambda reader=reader: reader.kinds()[-1:] == ["resumed"], "every client resumes")
        reader.close()
    wait(lambda: streams_of(live_app).clients == 0, "the clients are gone")
    wait(lambda: streams_of(live_app).feeds == 0, "the feed closes with its last client")
    # Reconnecting with the last id once the feed closed: a new shared feed, from that id.
    last = watcher.events[-1][0]
    again = Reader(base, game_id, after=last)
    again.start()
    wait(lambda: streams_of(live_app).clients == 1, "the client is back")
    assert streams_of(live_app).feeds == 1
    call(base, "POST", f"/v1/games/{game_id}/pause", token=organiser)
    wait(lambda: again.kinds() == ["paused"], "only what came after its id")
    again.close()
    wait(lambda: streams_of(live_app).feeds == 0, "the feed closes again")


def test_a_new_feed_serves_resumes_from_its_backlog(
    base: str,
    live_app: Flask,
    redis_db: Any,  # noqa: F811
) -> None:
    """After a restart every client resumes at once, none of them with a feed open: the feed
    opens with the session's last events, so they all resume from it, not each from a
    session stream of its own."""
    game_id, organiser, _ann = new_game(base)
    call(base, "POST", f"/v1/games/{game_id}/start", token=organiser)
    call(base, "POST", f"/v1/games/{game_id}/pause", token=organiser)
    complete = Reader(base, game_id, after="0-0")  # the whole history, from the buffer
    complete.start()
    wait(lambda: complete.kinds()[-1:] == ["paused"], "the whole history")
    complete.close()
    wait(lambda: streams_of(live_app).feeds == 0, "no feed open")
    history = complete.events
    started = next(event_id for event_id, kind, _ in history if kind == "game_started")
    readers = [Reader(base, game_id, after=started) for _ in range(20)]
    for reader in readers:
        reader.start()
    following = history[[event_id for event_id, _, _ in history].index(started) + 1 :]
    assert [kind for _, kind, _ in following] == ["turn_started", "paused"]
    for reader in readers:
        wait(lambda reader=reader: reader.kinds()[-1:] == ["paused"], "each catches up")
        assert reader.events == following
    streams = streams_of(live_app)
    assert streams.feeds == 1  # one feed: one session stream for the twenty
    call(base, "POST", f"/v1/games/{game_id}/resume", token=organiser)
    for reader in readers:
        wait(lambda reader=reader: reader.kinds()[-1:] == ["resumed"], "and they go on")
        reader.close()
    wait(lambda: streams_of(live_app).feeds == 0, "the feed closes")


def test_a_resume_from_before_the_buffer_starts_afresh(
    base: str,
    live_app: Flask,
    redis_db: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A client resuming from an id older than the buffer reaches gets a fresh ``state`` (the
    game as it is now) and the live events, from the shared feed: no session stream of its
    own (the old gateway opened one per such client, each holding a session thread)."""
    monkeypatch.setattr(event_streams, "BUFFER", 3)
    game_id, organiser, _ann = new_game(base)
    for command in ("start", "pause", "resume", "pause"):
        call(base, "POST", f"/v1/games/{game_id}/{command}", token=organiser)
    ids = [str(event_id) for event_id, _ in redis_db.xrange(GameKeys(game_id).events)]
    assert len(ids) > 3  # created, player_joined, game_started, turn_started, paused...
    stale = [Reader(base, game_id, after=event_id) for event_id in (ids[0], "0-0", "1-0")]
    inside = Reader(base, game_id, after=ids[-3])  # in the buffer: exactly what followed
    for reader in (*stale, inside):
        reader.start()
    for reader in stale:
        wait(lambda reader=reader: reader.events, "the fresh state")
        event_id, kind, data = reader.events[0]
        assert (event_id, kind) == (ids[-1], "state")
        assert json.loads(data)["status"] == "paused"
    wait(lambda: len(inside.events) == 2, "the two events after its id")
    assert [event_id for event_id, _, _ in inside.events] == ids[-2:]
    assert streams_of(live_app).feeds == 1  # one session stream for the four of them
    call(base, "POST", f"/v1/games/{game_id}/resume", token=organiser)
    for reader in (*stale, inside):
        wait(lambda reader=reader: reader.kinds()[-1:] == ["resumed"], "the live events")
        reader.close()
    assert [kind for kind in stale[0].kinds()] == ["state", "resumed"]
    wait(lambda: streams_of(live_app).feeds == 0, "the feed closes with its last client")


def test_an_id_later_than_the_newest_event_is_a_400(
    base: str,
    live_app: Flask,
    redis_db: Any,  # noqa: F811
) -> None:
    """``99999999999999-0`` (the attack's id) is no event of the game: a 400, with or without
    a token, and no feed nor session stream stays open for it."""
    game_id, _, ann = new_game(base)
    path = f"/v1/games/{game_id}/events"
    newest = str(redis_db.xrevrange(GameKeys(game_id).events, count=1)[0][0])
    later = f"{int(newest.split('-')[0])}-{int(newest.split('-')[1]) + 1}"
    for after, token in (("99999999999999-0", ""), ("99999999999999-0", ann), (later, "")):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        status, got, body = call(base, "GET", path, **{"Last-Event-ID": after, **headers})
        assert (status, body["error"]["code"]) == (400, "bad_request"), body
        assert body["error"]["message"].startswith(f"{event_streams.FUTURE_ID} {after}")
        assert got["x-content-type-options"] == "nosniff"
        status, _, body = call(base, "GET", f"{path}?after={after}")
        assert status == 400, body
    assert streams_of(live_app).feeds == 0
    assert streams_of(live_app).clients == 0
    # Its newest id itself is fine: nothing to replay, then the live events.
    reader = Reader(base, game_id, after=newest)
    reader.start()
    wait(lambda: streams_of(live_app).clients == 1, "the client is in")
    assert reader.head == "HTTP/1.1 200 OK"
    reader.close()
    wait(lambda: streams_of(live_app).feeds == 0, "the feed closes")


def test_a_session_with_no_event_stream_free_is_a_503(
    base: str,
    live_app: Flask,
    redis_db: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The session serves :data:`~arbitre.services.session.MAX_EVENT_STREAMS` streams at once
    (here one): the gateway's feed for another game is then refused, a 503 to retry."""
    monkeypatch.setattr(session_events, "_EVENT_STREAMS", threading.BoundedSemaphore(1))
    first, _, _ = new_game(base)
    second, _, _ = new_game(base)
    holder = Reader(base, first)
    holder.start()
    wait(lambda: holder.events, "the first game's state")
    status, headers, body = call(base, "GET", f"/v1/games/{second}/events")
    assert (status, body["error"]["code"]) == (503, "unavailable"), body
    assert "no event stream free" in body["error"]["message"]
    assert headers["retry-after"] == str(
        live_app.extensions["arbitre.gateway"].config.retry_after_seconds
    )
    assert streams_of(live_app).feeds == 1
    # A game read is a unary call: never short of a worker.
    status, _, state = call(base, "GET", f"/v1/games/{second}")
    assert (status, state["status"]) == (200, "waiting")
    holder.close()
    wait(lambda: streams_of(live_app).feeds == 0, "the first feed closes")
    # The session frees the stream's slot once its thread sees the call cancelled.
    wait(lambda: get_from(base, f"/v1/games/{second}/events", "127.0.0.1")[0] == 200, "a slot")
    wait(lambda: streams_of(live_app).feeds == 0, "the second feed closes")


def test_streams_are_limited_per_client_and_in_all(
    platform: Platform,  # noqa: F811
    redis_db: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past its limit a client address gets a 429 ``too_many_streams``, another address is
    still served; past the process's total everyone gets a 503; a closed stream frees both."""
    monkeypatch.setenv(STREAMS_PER_CLIENT_VARIABLE, "2")
    monkeypatch.setenv(MAX_STREAMS_VARIABLE, "3")
    app = create_app(GatewayConfig.all_at(platform.address, internal_token=platform.gateway_token))
    with serving_in_thread(app) as url:
        game_id, _, ann = new_game(url)
        path = f"/v1/games/{game_id}/events"
        held = [Reader(url, game_id), Reader(url, game_id, token=ann)]
        for reader in held:
            reader.start()
        wait(lambda: all(reader.events for reader in held), "two streams from 127.0.0.1")
        for headers in ({}, {"Authorization": f"Bearer {ann}"}, {"Last-Event-ID": "1-0"}):
            status, got, body = get_from(url, path, "127.0.0.1", **headers)
            assert (status, body["error"]["code"]) == (429, "too_many_streams"), body
            assert got["retry-after"] == "5"
        other = Reader(url, game_id, source="127.0.0.2")  # another client: the third stream
        other.start()
        wait(lambda: other.events, "a stream from 127.0.0.2")
        status, got, body = get_from(url, path, "127.0.0.3")
        assert (status, body["error"]["code"]) == (503, "unavailable"), body
        assert got["retry-after"] == "5"
        held[0].close()
        wait(lambda: streams_of(app).clients == 2, "the closed stream is gone")
        again = Reader(url, game_id)
        again.start()
        wait(lambda: again.events, "127.0.0.1 may open one again")
        with urllib.request.urlopen(f"{url}/metrics", timeout=30) as response:
            metrics = response.read().decode()
        assert re.search(
            r'arbitre_gateway_requests_total\{endpoint="/v1/games/<game_id>/events",'
            r'method="GET",status="429"\} 3\.0',
            metrics,
        )
        for reader in (held[1], other, again):
            reader.close()
        wait(lambda: streams_of(app).feeds == 0, "the feed closes")


def test_refusals_are_the_app_s_json_errors(
    base: str,
    live_app: Flask,
    redis_db: Any,  # noqa: F811
) -> None:
    game_id, _, _ = new_game(base)
    path = f"/v1/games/{game_id}/events"
    status, headers, body = call(base, "GET", path, **{"Last-Event-ID": "yesterday"})
    assert status == 400
    assert headers["content-type"] == "application/json"
    assert body == {
        "error": {
            "code": "bad_request",
            "message": "'yesterday' is not an event id (Last-Event-ID or after)",
        }
    }
    status, _, body = call(base, "GET", f"{path}?after=1-2-3")
    assert (status, body["error"]["code"]) == (400, "bad_request")
    # Numbers past a Redis stream id's range (2**64): no event id at all.
    status, _, body = call(base, "GET", f"{path}?after=99999999999999999999-1")
    assert (status, body["error"]["code"]) == (400, "bad_request")
    status, _, body = call(base, "GET", path, **{"Last-Event-ID": "1-99999999999999999999"})
    assert (status, body["error"]["code"]) == (400, "bad_request")
    status, _, body = call(base, "GET", f"{path}?since=1-0")
    assert body["error"]["message"] == "unknown query parameter 'since'; expected: after"
    status, _, body = call(base, "GET", f"{path}?after=1-0&after=2-0")
    assert body["error"]["message"] == "query parameter after given 2 times"
    status, _, body = call(base, "GET", "/v1/games/no!such!game/events")
    assert (status, body["error"]["code"]) == (404, "not_found")
    # A well-formed id the session does not know: its NOT_FOUND, no feed left open.
    status, headers, body = call(base, "GET", "/v1/games/nosuchgame00/events")
    assert (status, body["error"]["code"]) == (404, "not_found")
    assert headers["x-content-type-options"] == "nosniff"
    assert streams_of(live_app).feeds == 0
    with urllib.request.urlopen(f"{base}/metrics", timeout=30) as response:
        metrics = response.read().decode()
    assert re.search(
        r'arbitre_gateway_requests_total\{endpoint="/v1/games/<game_id>/events",'
        r'method="GET",status="404"\} [1-9]',
        metrics,
    )
    assert "arbitre_gateway_event_clients" in metrics


def test_a_session_that_is_down_is_a_503() -> None:
    app = create_app(GatewayConfig.all_at(f"127.0.0.1:{free_port()}", retry_after_seconds=7))
    with serving_in_thread(app) as url:
        status, headers, body = call(url, "GET", "/v1/games/nosuchgame00/events")
        assert (status, body["error"]["code"]) == (503, "unavailable"), body
        assert headers["retry-after"] == "7"
        assert streams_of(app).feeds == 0


async def _crowd(base: str, game_id: str, start: Any, clients: int) -> list[list[str]]:
    """``clients`` raw SSE sockets on the game, from :data:`SOURCES` loopback addresses (each
    under its limit of streams); once all have the state, ``start()`` (in a thread); each
    client's event types up to its ``turn_started``."""
    parts = urlsplit(base)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    everyone_in = asyncio.Event()
    arrived = 0

    async def one(number: int) -> list[str]:
        nonlocal arrived
        source = (SOURCES[number % len(SOURCES)], 0)
        reader, writer = await asyncio.open_connection(host, port, local_addr=source)
        writer.write(f"GET /v1/games/{game_id}/events HTTP/1.1\r\nHost: test\r\n\r\n".encode())
        kinds: list[str] = []
        try:
            while "turn_started" not in kinds:
                line = (await reader.readline()).decode()
                if not line:
                    break
                if line.startswith("event: "):
                    kinds.append(line[7:].strip())
                    if kinds == ["state"]:
                        arrived += 1
                        if arrived == clients:
                            everyone_in.set()
        finally:
            writer.close()
        return kinds

    tasks = [asyncio.ensure_future(one(number)) for number in range(clients)]
    await asyncio.wait_for(everyone_in.wait(), 120)
    await asyncio.to_thread(start)
    return await asyncio.wait_for(asyncio.gather(*tasks), 120)


def test_five_hundred_clients_share_one_feed(
    base: str,
    live_app: Flask,
    redis_db: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """One upstream feed for a crowd; an event to a crowd is logged when queued for every
    client, and when every client's writer has taken it (the event left the gateway)."""
    monkeypatch.setattr(event_streams, "LOGGED_FANOUT", CROWD)
    caplog.set_level(logging.INFO, logger="arbitre.gateway")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = 4 * CROWD
    if soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            pytest.skip(f"{CROWD} clients and their server sockets need {needed} open files")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    game_id, organiser, _ = new_game(base)
    feeds_seen: list[int] = []

    def start() -> None:
        feeds_seen.append(streams_of(live_app).feeds)
        status, _, _ = call(base, "POST", f"/v1/games/{game_id}/start", token=organiser)
        assert status == 200

    got = asyncio.run(_crowd(base, game_id, start, CROWD))
    assert feeds_seen == [1]  # 500 clients, one upstream stream
    assert len(got) == CROWD
    assert all(kinds == ["state", "game_started", "turn_started"] for kinds in got)
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert f"game_started to {CROWD} clients" in logged
    assert re.search(
        rf"game_started taken by the writers of its {CROWD} clients within \d+ ms", logged
    )
    wait(lambda: streams_of(live_app).feeds == 0, "the feed closes when the crowd leaves")
    assert streams_of(live_app).clients == 0


def test_a_silent_stream_gets_pings(
    base: str,
    live_app: Flask,
    redis_db: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(event_streams, "PING_SECONDS", 0.2)
    monkeypatch.setattr(event_streams, "PING_TICK_SECONDS", 0.05)
    game_id, organiser, _ = new_game(base)
    reader = Reader(base, game_id)
    reader.start()
    wait(lambda: reader.pings >= 2, "pings on a silent stream")
    call(base, "POST", f"/v1/games/{game_id}/start", token=organiser)
    wait(lambda: "turn_started" in reader.kinds(), "the events go on between pings")
    reader.close()
    wait(lambda: streams_of(live_app).feeds == 0, "the feed closes")


def test_a_client_that_falls_behind_is_dropped() -> None:
    """A client with :data:`CLIENT_QUEUE` events waiting gets the error event instead (and
    reconnects after the last event it got); a finished one takes nothing more."""

    async def scenario() -> None:
        client = Client()
        for number in range(CLIENT_QUEUE):
            assert client.push(f"event {number}".encode())
        assert not client.push(b"one too many")
        assert (client.pending, client.end) == ([], BROKEN)
        assert not client.push(b"after the end")
        ended = Client()
        ended.push(b"last")
        ended.finish(ENDED)
        assert (ended.take(), ended.end) == ([b"last"], ENDED)

    asyncio.run(scenario())


def test_an_event_to_a_crowd_lets_other_work_in_between() -> None:
    """An event is queued for a crowd :data:`FANOUT_CHUNK` clients at a time, the loop's other
    work (a response waiting) running in between, not after all of them; every client still
    gets each event once, in order, and one that ends meanwhile is among the dropped."""

    async def scenario() -> None:
        crowd = [Client() for _ in range(10 * FANOUT_CHUNK + 7)]
        seen_while: list[int] = []

        async def response() -> None:  # another request's work, ready as the event goes out
            seen_while.append(sum(1 for client in crowd if client.pending))

        other = asyncio.ensure_future(response())
        assert await fan_out(crowd, b"first") == []
        await other
        assert 0 < seen_while[0] < len(crowd)  # it ran while the event was going out
        sending = asyncio.ensure_future(fan_out(crowd, b"second"))
        await asyncio.sleep(0)  # its first clients served
        crowd[-1].finish(ENDED)  # the last one ends meanwhile
        assert await sending == [crowd[-1]]
        assert all(client.take() == [b"first", b"second"] for client in crowd[:-1])
        assert crowd[-1].take() == [b"first"]

    asyncio.run(scenario())


def test_the_module_ends_streams_and_stops_on_sigterm(
    platform: Platform,  # noqa: F811
    redis_db: Any,  # noqa: F811
) -> None:
    with gateway_process(platform.address, platform.gateway_token) as (process, base):
        game_id, _, _ = new_game(base)
        reader = Reader(base, game_id)
        reader.start()
        wait(lambda: reader.events, "the state event")
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        wait(lambda: reader.ended, "the stream ended cleanly")
        assert reader.kinds() == ["state"]
