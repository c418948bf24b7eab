"""A whole duplicate game over HTTP: the gateway served by uvicorn on a free port, the four
gRPC services on another, a real Redis. Three players answer (the top, a lesser move changed
once, sometimes nothing); the standings are checked against a replay of the game's record by
the local engine, and the top of each turn never appears in anything a player receives before
its reveal (game states, answers, standings, the event stream)."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from flask import Flask

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.gateway import GatewayConfig, create_app, openapi
from arbitre.rules import Board, GameConfig
from arbitre.rules.game_record import replay_record
from arbitre.services.platform import Platform
from tests.live_fixtures import cache_dir, platform, serving  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

TURNS = 5
SECONDS_PER_TURN = 3


@pytest.fixture(scope="module")
def live_app(platform: Platform) -> Flask:  # noqa: F811
    """The gateway in front of the module's platform."""
    address = platform.address
    return create_app(GatewayConfig.all_at(address, internal_token=platform.gateway_token))


@pytest.fixture(scope="module")
def base(live_app: Flask) -> Iterator[str]:
    """The gateway over real HTTP."""
    with serving(live_app) as url:
        yield url


class Http:
    """JSON over HTTP, keeping the text of every response a player saw."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.seen: list[tuple[float, str]] = []

    def call(
        self, method: str, path: str, body: Any = None, token: str = "", keep: bool = True
    ) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
        if keep:
            self.seen.append((time.monotonic(), text))
        return status, json.loads(text)


class EventLog(threading.Thread):
    """The raw event stream of a game, with the time each line arrived."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.lines: list[tuple[float, str]] = []

    def run(self) -> None:
        with urllib.request.urlopen(self.url, timeout=60) as response:
            over = False
            for raw in response:
                line = raw.decode().rstrip("\n")
                self.lines.append((time.monotonic(), line))
                over = over or line == "event: game_over"
                if over and not line:
                    break

    def events(self) -> list[tuple[float, str, dict[str, Any]]]:
        found, kind = [], ""
        for at, line in self.lines:
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                found.append((at, kind, json.loads(line[6:])))
        return found


def conforms_to_event(kind: str, data: dict[str, Any]) -> None:
    """An event of a game's stream validates against the document's ``GameEvent``."""
    jsonschema = pytest.importorskip("jsonschema")
    components = openapi.document()["components"]
    root = {"$ref": "#/components/schemas/GameEvent", "components": components}
    jsonschema.Draft202012Validator(root).validate({"event": kind, "data": data})


@cache
def generator() -> MoveGenerator:
    return MoveGenerator(load_lexicon("fr"))


def choices(state: dict[str, Any]) -> tuple[str, str]:
    """The top and a lesser move of the state's position, found by the local engine."""
    rack = state["rack"].replace("+", "").replace("-", "")
    board = Board.from_rows(state["board"])
    moves = generator().prepare(board).moves(rack)
    lesser = next(move for move in moves if move.score < moves[0].score)
    top = generator().top(board, rack).top
    assert top is not None
    return top.notation, lesser.notation


def wait_for_turn(http: Http, game_id: str, turn: int) -> dict[str, Any]:
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        status, state = http.call("GET", f"/v1/games/{game_id}")
        assert status == 200
        if state["status"] == "over" or (state["turn"] == turn and state["phase"] == "turn"):
            found: dict[str, Any] = state
            return found
        time.sleep(0.05)
    raise AssertionError(f"turn {turn} never opened")


def test_a_whole_game_over_http(base: str, redis_db: Any) -> None:  # noqa: F811
    http = Http(base)
    status, created = http.call(
        "POST",
        "/v1/games",
        {
            "config": {"max_turns": TURNS, "seconds_per_turn": SECONDS_PER_TURN},
            "seed": 2026,
            "title": "Test",
        },
    )
    assert status == 201, created
    game_id, organiser = created["game_id"], created["organiser_token"]
    events = EventLog(f"{base}/v1/games/{game_id}/events")
    events.start()
    players = {}
    for name in ("Ann", "Bob", "Cléo"):
        status, joined = http.call("POST", f"/v1/games/{game_id}/players", {"name": name})
        assert status == 201
        players[name] = joined["player_token"]
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert (status, started["status"], started["turn"]) == (200, "running", 1)

    status, refused = http.call(
        "POST", f"/v1/games/{game_id}/turns/1/answers", {"move": "A1 ZZZ"}, token=players["Ann"]
    )
    assert (status, refused["error"]["code"]) == (400, "illegal_move")
    assert "H8" in refused["error"]["message"]  # the first move must cover the centre

    tops: dict[int, str] = {}
    revealed_at: dict[int, float] = {}
    for turn in range(1, TURNS + 1):
        state = wait_for_turn(http, game_id, turn)
        assert state["status"] == "running"
        top, lesser = choices(state)
        tops[turn] = top
        # Ann plays the top: her own answer echoes it, which is no leak.
        status, answered = http.call(
            "POST",
            f"/v1/games/{game_id}/turns/{turn}/answers",
            {"move": top},
            token=players["Ann"],
            keep=False,
        )
        assert status == 200, answered
        for move in (top, lesser):  # Bob changes his mind: the last answer counts
            status, answered = http.call(
                "POST",
                f"/v1/games/{game_id}/turns/{turn}/answers",
                {"move": move},
                token=players["Bob"],
                keep=False,
            )
            assert status == 200, answered
        if turn % 2 == 0:  # Cléo answers on even turns only: those end early
            status, answered = http.call(
                "POST",
                f"/v1/games/{game_id}/turns/{turn}/answers",
                {"move": lesser},
                token=players["Cléo"],
                keep=False,
            )
            assert status == 200, answered
        status, mine = http.call("GET", f"/v1/games/{game_id}", token=players["Bob"])
        assert mine["my_answer"]["move"] == lesser
        http.call("GET", f"/v1/games/{game_id}/standings")
        status, early = http.call("GET", f"/v1/games/{game_id}/turns/{turn}")
        assert status in (200, 409)  # 409 until revealed (an early close may beat us)
        if status == 409:
            assert early["error"]["code"] == "conflict"
        give_up = time.monotonic() + 30
        while True:
            status, result = http.call("GET", f"/v1/games/{game_id}/turns/{turn}", keep=False)
            if status == 200:
                revealed_at[turn] = time.monotonic()
                break
            assert time.monotonic() < give_up
            time.sleep(0.05)
        by_name = {line["name"]: line for line in result["answers"]}
        assert result["top"]["move"] == top
        assert by_name["Ann"]["points"] == result["top"]["score"]
        assert by_name["Ann"]["top"] is True
        assert by_name["Bob"]["move"] == lesser
        assert by_name["Cléo"]["move"] == (lesser if turn % 2 == 0 else None)

    status, final = http.call("GET", f"/v1/games/{game_id}")
    assert final["status"] == "over"
    status, late = http.call(
        "POST",
        f"/v1/games/{game_id}/turns/{TURNS}/answers",
        {"move": tops[TURNS]},
        token=players["Ann"],
    )
    assert (status, late["error"]["code"]) == (409, "conflict")

    # The standings are what the local engine finds replaying the record.
    status, record = http.call("GET", f"/v1/games/{game_id}/record", keep=False)
    assert status == 200
    config = GameConfig.from_mapping(record["config"])
    replayed = replay_record(record, MoveGeneratorReferee(load_lexicon("fr"), config))
    names = record["names"]
    expected = [
        (line.rank, names[line.player], line.total, line.negatif, line.percent_of_top)
        for line in replayed.standings()
    ]
    status, standings = http.call("GET", f"/v1/games/{game_id}/standings", keep=False)
    served = [
        (line["rank"], line["name"], line["total"], line["negatif"], line["percent_of_top"])
        for line in standings["standings"]
    ]
    assert sorted(served) == sorted(expected)
    assert standings["top_total"] == replayed.top_total
    assert served[0][1] == "Ann"
    assert served[0][3] == 0  # every top: négatif 0

    # No top before its reveal: in what players fetched...
    for turn, top in tops.items():
        for at, text in http.seen:
            if at < revealed_at[turn] - 0.5 and top in text:
                before = [t for t, o in tops.items() if t < turn and o == top]
                assert before, f"the top of turn {turn} ({top}) leaked: {text[:300]}"
    # ... and in the event stream, before each turn's turn_revealed event.
    events.join(timeout=30)
    kinds = [kind for _, kind, _ in events.events()]
    assert kinds[0] == "state"
    assert kinds.count("turn_started") == TURNS
    assert kinds.count("turn_revealed") == TURNS
    assert kinds[-1] == "game_over"
    assert set(kinds) <= set(openapi.EVENT_TYPES)
    for _, kind, data in events.events():  # each as the OpenAPI document's GameEvent says
        conforms_to_event(kind, data)
    opened: int | None = None
    for _, kind, data in events.events():
        if kind == "turn_started":
            opened = data["turn"]
        if kind == "turn_revealed":
            assert data["top"]["move"] == tops[data["turn"]]
            opened = None
        elif opened is not None:
            assert tops[opened] not in json.dumps(data), (kind, data)

    status, sheet_text = 200, urllib.request.urlopen(f"{base}/v1/games/{game_id}/sheet").read()
    assert f"Top : {replayed.top_total} points en {TURNS} coups" in sheet_text.decode()


def test_the_home_page_shows_where_the_api_is(base: str) -> None:
    with urllib.request.urlopen(f"{base}/", timeout=30) as response:
        assert response.headers["Content-Type"].startswith("text/html")
        page = response.read().decode()
    assert "Arbitre" in page
    assert 'href="/v1/openapi.json"' in page


@pytest.mark.parametrize(
    ("kind", "data"),
    [
        ("created", {"seed_commitment": "ab" * 32}),
        ("created", {"seed_commitment": None}),
        ("player_joined", {"player": "p1", "name": "Zoé", "players": 1}),
        ("player_joined", {"player": "p2", "name": "Robot", "players": 2, "robot": "expert"}),
        ("game_started", {"scheduled": False}),
        ("game_started", {"scheduled": True}),
        ("paused", {"turn": 3, "remaining_ms": 1200}),
        ("resumed", {"turn": 3, "deadline_ms": 1_700_000_000_000}),
        ("next_count", {"turn": 2, "ready": 1, "of": 3}),
        ("answer_count", {"turn": 1, "answers": 2, "players": 3}),
        ("game_over", {"reason": "max_turns"}),
        ("error", {"message": "the stream broke; reconnect"}),
    ],
)
def test_every_event_type_is_documented(kind: str, data: dict[str, Any]) -> None:
    """The events a whole game above does not send, as the session sends them."""
    conforms_to_event(kind, data)
    jsonschema = pytest.importorskip("jsonschema")
    with pytest.raises(jsonschema.ValidationError):
        conforms_to_event("no_such_event", data)
