"""Gateways are stateless: two gateway processes in front of one platform, one killed
(SIGKILL) in the middle of a turn. The player following the game's events on it reconnects to
the other with the last event id it saw, gets exactly the events it missed, answers there, and
the game goes on: no acknowledged answer is lost."""

from __future__ import annotations

import http.client
import json
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import Board
from arbitre.services.platform import Platform
from tests.live_fixtures import cache_dir, gateway_process, platform  # noqa: F401
from tests.redis_fixtures import redis_url  # noqa: F401


@pytest.fixture
def gateways(platform: Platform) -> Iterator[list[tuple[subprocess.Popen[str], str]]]:  # noqa: F811
    token = platform.gateway_token
    with (
        gateway_process(platform.address, token) as first,
        gateway_process(platform.address, token) as second,
    ):
        yield [first, second]


def call(base: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=15) as answer:
        return json.load(answer)


class Events:
    """A game's event stream, read event by event."""

    def __init__(self, base: str, game_id: str, last_id: str = "") -> None:
        parts = urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=15)
        headers = {"Last-Event-ID": last_id} if last_id else {}
        self.connection.request("GET", f"/v1/games/{game_id}/events", headers=headers)
        self.response = self.connection.getresponse()
        assert self.response.status == 200

    def next(self) -> tuple[str, str, dict[str, Any]]:
        """(id, type, data) of the next event; comments (pings) skipped."""
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline().decode().rstrip("\n")
            if not line:
                if "event" in fields:
                    return fields.get("id", ""), fields["event"], json.loads(fields["data"])
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(": ")
            fields[name] = fields[name] + "\n" + value if name in fields else value

    def until(self, kind: str) -> tuple[str, list[str], dict[str, Any]]:
        """Read up to the first event of ``kind``: its id, the types seen, its data."""
        seen = []
        while True:
            event_id, event_type, data = self.next()
            seen.append(event_type)
            if event_type == kind:
                return event_id, seen, data


def test_a_killed_gateway_loses_nothing(
    gateways: list[tuple[subprocess.Popen[str], str]],
    cache_dir: Path,  # noqa: F811
) -> None:
    (doomed, first), (_, second) = gateways
    created = call(
        first, "POST", "/v1/games", {"seed": 6, "config": {"max_turns": 2, "seconds_per_turn": 30}}
    )
    game_id, organiser = created["game_id"], created["organiser_token"]
    ana = call(first, "POST", f"/v1/games/{game_id}/players", {"name": "Ana"})
    bea = call(second, "POST", f"/v1/games/{game_id}/players", {"name": "Bea"})
    events = Events(first, game_id)
    assert events.next()[1] == "state"
    view = call(first, "POST", f"/v1/games/{game_id}/start", token=organiser)["view"]
    rack = view["rack"].lstrip("-").replace("+", "")
    moves = MoveGenerator(load_lexicon("fr")).prepare(Board.from_rows(view["board"])).moves(rack)
    started_id, _, _ = events.until("turn_started")
    kept = call(
        first,
        "POST",
        f"/v1/games/{game_id}/actions",
        {"action": {"move": moves[2].notation, "turn": 1}, "request_id": "ana-1"},
        ana["player_token"],
    )
    assert kept["result"]["answers"] == 1
    doomed.kill()  # SIGKILL, in the middle of the turn
    doomed.wait()
    resumed = Events(second, game_id, started_id)  # the browser's EventSource does the same
    later = call(
        second,
        "POST",
        f"/v1/games/{game_id}/actions",
        {"action": {"move": moves[1].notation, "turn": 1}, "request_id": "bea-1"},
        bea["player_token"],
    )
    assert later["result"]["answers"] == 2
    _, seen, revealed = resumed.until("turn_revealed")
    assert seen[0] == "answer_count"  # what it missed, then the rest: no state event
    assert "state" not in seen
    assert revealed["turn"] == 1
    result = call(second, "GET", f"/v1/games/{game_id}/turns/1")
    names = result["names"]
    answers = {names[line["player"]]: line["move"] for line in result["revealed"]["answers"]}
    assert answers == {"Ana": moves[2].notation, "Bea": moves[1].notation}
