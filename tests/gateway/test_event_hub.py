"""Event streams of a game share one feed per gateway: many clients, one session stream;
identical events for all; a resume inside the feed's buffer gets exactly what followed; from
further back, a stream of its own; the feed closes with its last client."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from flask import Flask

from arbitre.gateway.event_hub import EventHub
from tests.gateway.test_games import Http, base, live_app  # noqa: F401 (fixtures)
from tests.live_fixtures import cache_dir, platform  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

CLIENTS = 5


class Client(threading.Thread):
    """One SSE client over a raw socket (closing it closes the connection, as a browser tab
    does): the events it received, as (id, type)."""

    def __init__(self, base: str, game_id: str, after: str = "") -> None:  # noqa: F811
        super().__init__(daemon=True)
        parts = urlsplit(base)
        self.sock = socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80))
        resume = f"Last-Event-ID: {after}\r\n" if after else ""
        self.request = (
            f"GET /v1/games/{game_id}/events HTTP/1.1\r\nHost: test\r\n{resume}\r\n"
        ).encode()
        self.events: list[tuple[str, str]] = []

    def run(self) -> None:
        self.sock.sendall(self.request)
        reader = self.sock.makefile("rb")
        event_id = kind = ""
        try:
            for raw in reader:  # chunked: chunk sizes are lines of their own, ignored
                line = raw.decode().rstrip("\r\n")
                if line.startswith("id: "):
                    event_id = line[4:]
                elif line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    self.events.append((event_id, kind))
        except (OSError, ValueError):
            return
        finally:
            reader.close()

    def close(self) -> None:
        self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def wait(condition: Any, what: str, seconds: float = 30) -> None:
    give_up = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < give_up, what
        time.sleep(0.05)


def test_many_clients_share_one_feed(base: str, live_app: Flask, redis_db: Any) -> None:  # noqa: F811
    hub: EventHub = live_app.extensions["arbitre.event_hub"]
    web = Http(base)
    _, created = web.call(
        "POST", "/v1/games", {"config": {"max_turns": 2, "seconds_per_turn": 600}}
    )
    game_id, organiser = created["game_id"], created["organiser_token"]
    _, joined = web.call("POST", f"/v1/games/{game_id}/players", {"name": "Ann"})
    clients = [Client(base, game_id) for _ in range(CLIENTS)]
    for client in clients:
        client.start()
    wait(lambda: all(client.events for client in clients), "every client gets the state")
    assert hub.feeds == 1
    assert {client.events[0][1] for client in clients} == {"state"}

    web.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    state = web.call("GET", f"/v1/games/{game_id}")[1]
    rack = state["rack"].replace("+", "").lstrip("-")
    move = web.call("POST", "/v1/solve", {"board": state["board"], "rack": rack})[1]["top"]
    web.call(
        "POST",
        f"/v1/games/{game_id}/turns/1/answers",
        {"move": move},
        token=joined["player_token"],
    )
    web.call("POST", f"/v1/games/{game_id}/pause", token=organiser)
    expected = [
        "state",
        "game_started",
        "turn_started",
        "answer_count",
        "turn_revealed",
        "turn_started",
        "paused",
    ]
    # Ann, the only player, answered: turn 1 closed at once and turn 2 started; then the pause.
    wait(
        lambda: all([kind for _, kind in client.events][-1:] == ["paused"] for client in clients),
        "every client sees the pause",
    )
    first = clients[0].events
    assert [kind for _, kind in first] == expected
    assert all(client.events == first for client in clients)  # the same ids, in order
    assert hub.feeds == 1

    # A resume inside the buffer: exactly what followed that id.
    started = next(event_id for event_id, kind in first if kind == "game_started")
    resumed = Client(base, game_id, after=started)
    resumed.start()
    wait(lambda: resumed.events[-1:] == first[-1:], "the resumed client catches up")
    following = first[[event_id for event_id, _ in first].index(started) + 1 :]
    assert resumed.events == following
    # From further back than the feed keeps: a stream of its own, from that id.
    old = Client(base, game_id, after="0-0")
    old.start()
    wait(lambda: old.events[-1:] == first[-1:], "the old client catches up")
    assert [kind for _, kind in old.events][:2] == ["created", "player_joined"]
    assert hub.feeds == 1

    for client in [*clients, resumed, old]:
        client.close()
    # The server notices a client left when it writes to it: give it events to write.
    for command in ("resume", "pause", "resume"):
        web.call("POST", f"/v1/games/{game_id}/{command}", token=organiser)
    wait(lambda: hub.feeds == 0, "the feed closes with its last client")


def test_an_unknown_game_is_a_404_and_opens_no_feed(base: str, live_app: Flask) -> None:  # noqa: F811
    status, body = Http(base).call("GET", "/v1/games/nosuchgame00/events")
    assert (status, body["error"]["code"]) == (404, "not_found")
    assert live_app.extensions["arbitre.event_hub"].feeds == 0
