"""A flood of event streams leaves every other game's answers fast (issue 13, item 2).

The attack: many ``GET /v1/games/{id}/events`` resumed from an id the gateway does not hold
(``Last-Event-ID: 99999999999999-0``, later than any event, or ``1-0``, older than the buffer),
with and without a player's token. The gateway used to open a session stream of the client's
own for each, and each held a session worker thread for as long as the client stayed: once
they held them all, every answer, game read and ``/healthz`` of every game failed with 503
after 10 s. Now the later id is a 400, the older one a fresh ``state`` from the game's shared
feed: the flood costs the session one stream per game, whatever the number of clients.

The stack is ``arbitre up``'s: the four services on one gRPC server in this process, the
gateway in a process of its own (``python -m arbitre.gateway``: uvicorn). The server has
:data:`WORKERS` threads here rather than 1,024, so that a few hundred streams are enough to
have taken them all the old way (the flood is :data:`FLOOD` streams) and the test stays a few
seconds; the session's bound on its streams is a quarter of them, as in production. The
clients come from :data:`SOURCES` loopback addresses, each under its limit of streams. Times
are asserted only with a generous bound (:data:`PROMPT_SECONDS`): this is not a benchmark.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from arbitre.engine.lexicon import load_lexicon
from arbitre.gateway.stream_limits import STREAMS_PER_CLIENT
from arbitre.services import platform as platform_module
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import connect
from arbitre.services.session import events as session_events
from tests.live_fixtures import cache_dir, gateway_process  # noqa: F401
from tests.redis_fixtures import redis_url  # noqa: F401

#: Threads of the services' server in this test, and the event streams of the flood: more
#: than the threads, spread over FLOODED games.
WORKERS = 128
FLOOD = 400
FLOODED = 4
#: Where the flood comes from: enough loopback addresses to stay under each one's limit.
SOURCES = [f"127.0.0.{host}" for host in range(2, 2 + FLOOD // (STREAMS_PER_CLIENT - 4) + 1)]
#: The ids the flood resumes from: later than any event, and older than any buffer.
BOGUS = "99999999999999-0"
STALE = "1-0"
#: How long a call may take during the flood (machines are noisy: generous).
PROMPT_SECONDS = 2.0
#: How long the flood may take to be answered (the old gateway never answered most of it).
FLOOD_SECONDS = 20.0


@pytest.fixture(scope="module")
def platform(cache_dir: Path, redis_url: str) -> Iterator[Platform]:  # noqa: F811
    """The four services on a server of :data:`WORKERS` threads, the session's streams
    bounded to a quarter of them."""
    for lexicon_id in LexiconRegistry().ids:  # compiled before the first game lists them
        load_lexicon(lexicon_id)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(platform_module, "WORKERS", WORKERS)
        patch.setattr(session_events, "_EVENT_STREAMS", threading.BoundedSemaphore(WORKERS // 4))
        running = start_platform(LexiconRegistry(), connect(redis_url))
        try:
            yield running
        finally:
            running.stop(0)


@pytest.fixture(scope="module")
def base(platform: Platform) -> Iterator[str]:
    with gateway_process(platform.address, platform.gateway_token) as (_, url):
        yield url


def call(base: str, method: str, path: str, body: Any = None, token: str = "") -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def timed(base: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    """The call's JSON answer; fails unless it is a 200 within :data:`PROMPT_SECONDS`."""
    began = time.monotonic()
    status, answer = call(base, method, path, body, token)
    took = time.monotonic() - began
    assert (status, took < PROMPT_SECONDS) == (200, True), (method, path, status, took, answer)
    return answer


def new_game(base: str) -> tuple[str, str, str]:
    """A game with one player: its id, the organiser's token and the player's."""
    status, created = call(
        base, "POST", "/v1/games", {"config": {"max_turns": 3, "seconds_per_turn": 600}}
    )
    assert status == 201, created
    game_id = created["game_id"]
    status, joined = call(base, "POST", f"/v1/games/{game_id}/players", {"name": "Ann"})
    assert status == 201, joined
    return game_id, created["organiser_token"], joined["player_token"]


def first_event(data: bytes) -> str | None:
    """The type of the first event in the bytes of a stream, once it has come."""
    _, found, rest = data.partition(b"\nevent: ")
    kind, newline, _ = rest.partition(b"\n")
    return kind.decode() if found and newline else None


class Flood:
    """:data:`FLOOD` event streams on an event loop of their own (a thread): each stream's
    status and, for a 200, the type of its first event. The 200s stay open until
    :meth:`close`."""

    def __init__(self, base: str, requests: list[tuple[str, str, str]]) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.requests = requests
        self.results: list[tuple[int, str | None] | None] = [None] * len(requests)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.writers: list[asyncio.StreamWriter] = []

    def start(self) -> None:
        self.thread.start()
        for number in range(len(self.requests)):
            asyncio.run_coroutine_threadsafe(self._one(number), self.loop)

    def answered(self) -> int:
        return sum(result is not None for result in self.results)

    async def _one(self, number: int) -> None:
        game_id, after, token = self.requests[number]
        source = (SOURCES[number % len(SOURCES)], 0)
        reader, writer = await asyncio.open_connection(self.host, self.port, local_addr=source)
        self.writers.append(writer)
        authorization = f"Authorization: Bearer {token}\r\n" if token else ""
        writer.write(
            f"GET /v1/games/{game_id}/events HTTP/1.1\r\nHost: flood\r\n"
            f"Last-Event-ID: {after}\r\n{authorization}\r\n".encode()
        )
        head = await reader.readline()
        status = int(head.split()[1]) if head.startswith(b"HTTP/1.1 ") else 0
        first: str | None = None
        if status == 200:
            seen = b""
            while first_event(seen) is None and len(seen) < 1_000_000:
                chunk = await reader.read(65536)
                if not chunk:
                    break
                seen += chunk
            first = first_event(seen)
        else:
            writer.close()
        self.results[number] = (status, first)

    def close(self) -> None:
        async def closing() -> None:
            for writer in self.writers:
                writer.close()

        asyncio.run_coroutine_threadsafe(closing(), self.loop).result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=30)


def metric(base: str, name: str) -> float:
    with urllib.request.urlopen(f"{base}/metrics", timeout=30) as response:
        for line in response.read().decode().splitlines():
            if line.startswith(f"{name} "):
                return float(line.split()[1])
    raise AssertionError(f"no metric {name}")


def test_a_flood_of_resumed_streams_leaves_other_games_fast(base: str) -> None:
    flooded = [new_game(base) for _ in range(FLOODED)]
    other, organiser, player = new_game(base)
    timed(base, "POST", f"/v1/games/{other}/start", token=organiser)
    view = timed(base, "GET", f"/v1/games/{other}")["view"]
    rack = view["rack"].replace("+", "").lstrip("-")
    top = timed(base, "POST", "/v1/solve", {"board": view["board"], "rack": rack})["top"]
    # Each flooded game gets both ids, each with and without its player's token.
    requests = [
        (
            flooded[number % FLOODED][0],
            BOGUS if number // FLOODED % 2 == 0 else STALE,
            flooded[number % FLOODED][2] if number // (2 * FLOODED) % 2 == 0 else "",
        )
        for number in range(FLOOD)
    ]
    flood = Flood(base, requests)
    flood.start()
    try:
        give_up = time.monotonic() + FLOOD_SECONDS
        while flood.answered() < FLOOD and time.monotonic() < give_up:
            time.sleep(0.05)
        # Whatever the flood holds, the other game answers promptly.
        action = {"action": {"move": top, "turn": 1}, "request_id": "flood-1"}
        answered = timed(base, "POST", f"/v1/games/{other}/actions", action, token=player)
        assert answered["result"]["move"] == top
        mine = timed(base, "GET", f"/v1/games/{other}", token=player)
        if (mine["turn"], mine["phase"]) == (1, "turn"):  # else the answer closed the turn
            assert mine["view"]["my_answer"]["move"] == top
        else:  # its one answer is the closed turn's
            closed = timed(base, "GET", f"/v1/games/{other}/turns/1")
            assert [a["move"] for a in closed["revealed"]["answers"]] == [top], closed
        assert timed(base, "GET", "/healthz")["status"] == "ok"
        for game_id, _, _ in flooded:
            assert timed(base, "GET", f"/v1/games/{game_id}")["status"] == "waiting"
        # Every stream of the flood was answered: the later id with a 400, the older one from
        # the feed's buffer (these games are young: it holds their whole history, from
        # ``created``; an older game's stream would start with a fresh ``state``, see
        # test_asgi.py); the gateway reads one session stream per flooded game.
        assert flood.answered() == FLOOD
        statuses = [result[0] for result in flood.results if result is not None]
        assert statuses == [400 if after == BOGUS else 200 for _, after, _ in requests]
        assert {result[1] for result in flood.results if result and result[0] == 200} == {"created"}
        assert metric(base, "arbitre_gateway_event_clients") == FLOOD // 2
        assert metric(base, "arbitre_gateway_event_feeds") == FLOODED
    finally:
        flood.close()
