"""A whole duplicate game over HTTP, on the game kinds' seam: the gateway served by uvicorn on a
free port, the four gRPC services on another, a real Redis. Three players answer through
``POST /v1/games/{id}/actions`` (the top, a lesser move changed once, sometimes nothing); the
standings are checked against a replay of the game's typed record by the local engine (the
duplicate kind's ``replay``), and every response and event a client receives is recorded, with who
received it: none shows a turn's top or another player's answer before the turn's reveal."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.gateway import openapi
from arbitre.rules import Board
from arbitre.rules.kinds import kind as game_kind
from arbitre.rules.kinds.duplicate.config import read_config
from tests.live_fixtures import base, cache_dir, live_app, platform, serving  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

TURNS = 5
SECONDS_PER_TURN = 3


@dataclass(frozen=True)
class Seen:
    """A response a client received: when (monotonic), who asked (a player's name, ``""``
    anonymously) and its text."""

    at: float
    who: str
    text: str


class Http:
    """JSON over HTTP, keeping the text of every response a client received, with who asked
    (``who``: the name of the player whose token is sent, ``""`` for none)."""

    def __init__(self, base: str) -> None:  # noqa: F811
        self.base = base
        self.seen: list[Seen] = []

    def call(
        self, method: str, path: str, body: Any = None, token: str = "", who: str = ""
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
        self.seen.append(Seen(time.monotonic(), who, text))
        return status, json.loads(text)

    def answer(
        self, game_id: str, token: str, move: str, turn: int, request_id: str, who: str = ""
    ) -> tuple[int, Any]:
        """A duplicate answer: ``POST /v1/games/{id}/actions`` with ``request_id``."""
        body = {"action": {"move": move, "turn": turn}, "request_id": request_id}
        return self.call("POST", f"/v1/games/{game_id}/actions", body, token, who)


class EventLog(threading.Thread):
    """The raw event stream of a game, with the time each line arrived; read with a player's
    ``token``, or anonymously."""

    def __init__(self, url: str, token: str = "") -> None:
        super().__init__(daemon=True)
        self.url = url
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.lines: list[tuple[float, str]] = []

    def run(self) -> None:
        request = urllib.request.Request(self.url, headers=self.headers)
        with urllib.request.urlopen(request, timeout=60) as response:
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
    """The top and a lesser move of the open turn of a game's ``state`` (its kind's ``view``:
    the rack and the board), found by the local engine."""
    view = state["view"]
    rack = view["rack"].replace("+", "").replace("-", "")
    board = Board.from_rows(view["board"])
    moves = generator().prepare(board).moves(rack)
    lesser = next(move for move in moves if move.score < moves[0].score)
    top = generator().top(board, rack).top
    assert top is not None
    return top.notation, lesser.notation


def shows(move: str, text: str) -> bool:
    """Whether ``text`` holds the move ``move`` (a notation, not a part of a longer one)."""
    return re.search(rf"(?<![A-Za-z0-9(]){re.escape(move)}(?![A-Za-z0-9)])", text) is not None


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
    assert created["game"]["kind"] == "duplicate"
    game_id, organiser = created["game_id"], created["organiser_token"]
    events = EventLog(f"{base}/v1/games/{game_id}/events")
    events.start()
    tokens, names = {}, {}
    for name in ("Ann", "Bob", "Cléo"):
        status, joined = http.call("POST", f"/v1/games/{game_id}/players", {"name": name})
        assert status == 201
        tokens[name] = joined["player_token"]
        names[joined["player_id"]] = name
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert (status, started["status"], started["turn"]) == (200, "running", 1)

    status, refused = http.answer(game_id, tokens["Ann"], "A1 ZZZ", 1, "ann-0", "Ann")
    assert (status, refused["error"]["code"]) == (400, "illegal_move")
    assert "first_move_centre" in refused["error"]["message"]  # it must cover the centre

    tops: dict[int, str] = {}
    #: Every move each player sent in each turn (answers and dry runs): their own to see.
    sent: dict[int, dict[str, set[str]]] = {}
    revealed_at: dict[int, float] = {}
    for turn in range(1, TURNS + 1):
        state = wait_for_turn(http, game_id, turn)
        assert state["status"] == "running"
        top, lesser = choices(state)
        tops[turn] = top
        sent[turn] = {"Ann": {top}, "Bob": {top, lesser}, "Cléo": {lesser}}
        # Ann plays the top: her own answer echoes it, which is no leak.
        status, answered = http.answer(game_id, tokens["Ann"], top, turn, f"ann-{turn}", "Ann")
        assert status == 200, answered
        assert (answered["result"]["move"], answered["replayed"]) == (top, False)
        for number, move in enumerate((top, lesser)):  # Bob changes his mind: the last counts
            request_id = f"bob-{turn}-{number}"
            status, answered = http.answer(game_id, tokens["Bob"], move, turn, request_id, "Bob")
            assert status == 200, answered
        if turn % 2 == 0:  # Cléo answers on even turns only: those end early
            status, answered = http.answer(
                game_id, tokens["Cléo"], lesser, turn, f"cleo-{turn}", "Cléo"
            )
            assert status == 200, answered
        else:  # on odd turns she only tries her move out: kept nowhere
            status, tried = http.call(
                "POST",
                f"/v1/games/{game_id}/actions",
                {"action": {"move": lesser, "turn": turn}, "dry_run": True},
                tokens["Cléo"],
                "Cléo",
            )
            assert (status, tried["result"]["answers"]) == (200, None), tried
        status, mine = http.call("GET", f"/v1/games/{game_id}", token=tokens["Bob"], who="Bob")
        assert status == 200
        if (mine["turn"], mine["phase"]) == (turn, "turn"):  # not closed yet: Bob's last answer
            assert mine["view"]["my_answer"]["move"] == lesser
        for who in ("Ann", "Cléo"):
            http.call("GET", f"/v1/games/{game_id}", token=tokens[who], who=who)
        http.call("GET", f"/v1/games/{game_id}")
        http.call("GET", f"/v1/games/{game_id}/standings")
        status, early = http.call("GET", f"/v1/games/{game_id}/turns/{turn}?best=5")
        assert status in (200, 409)  # 409 until revealed (an early close may beat us)
        if status == 409:
            assert early["error"]["code"] == "not_revealed"
        give_up = time.monotonic() + 30
        while True:
            status, result = http.call("GET", f"/v1/games/{game_id}/turns/{turn}")
            if status == 200:
                revealed_at[turn] = time.monotonic()
                break
            assert time.monotonic() < give_up
            time.sleep(0.05)
        revealed = result["revealed"]
        assert (result["turn"], result["kind"], revealed["number"]) == (turn, "duplicate", turn)
        assert result["names"] == names
        by_name = {names[line["player"]]: line for line in revealed["answers"]}
        assert revealed["top"]["move"] == top
        assert by_name["Ann"]["points"] == revealed["top"]["score"]
        assert by_name["Ann"]["top"] is True
        assert by_name["Bob"]["move"] == lesser
        if turn % 2 == 0:
            assert by_name["Cléo"]["move"] == lesser
        else:
            assert "Cléo" not in by_name  # no answer, no line (her dry run kept nothing)

    status, final = http.call("GET", f"/v1/games/{game_id}")
    assert final["status"] == "over"
    status, late = http.answer(game_id, tokens["Ann"], tops[TURNS], TURNS, "ann-late", "Ann")
    assert (status, late["error"]["code"]) == (409, "game_over")

    # The standings are what the local engine finds replaying the record.
    status, found = http.call("GET", f"/v1/games/{game_id}/record")
    assert status == 200
    assert (found["kind"], found["names"]) == ("duplicate", names)
    assert found["fingerprint"] == load_lexicon("fr").info.hash  # the lexicon played
    record = found["record"]
    assert (record["kind"], record["game_id"], record["seed"]) == ("duplicate", game_id, 2026)
    rules = read_config(record["config"]).game
    replayed = game_kind("duplicate").replay(
        record, MoveGeneratorReferee(load_lexicon("fr"), rules)
    )
    assert [turn.top.move.notation() for turn in replayed.game.turns] == list(tops.values())
    expected = [
        (line.rank, line.player, line.total, line.negatif, line.percent_of_top, line.tops)
        for line in replayed.game.standings()
    ]
    status, standings = http.call("GET", f"/v1/games/{game_id}/standings")
    assert (standings["turns"], standings["players"]) == (TURNS, 3)
    served = [
        (
            line["rank"],
            line["player"],
            line["total"],
            line["details"]["negatif"],
            line["details"]["percent_of_top"],
            line["details"]["tops"],
        )
        for line in standings["standings"]
    ]
    assert sorted(served) == sorted(expected)
    assert {line["player"]: line["name"] for line in standings["standings"]} == names
    assert final["view"]["top_total"] == record["top_total"] == replayed.game.top_total
    first = standings["standings"][0]
    assert (first["name"], first["details"]["negatif"], first["details"]["tops"]) == (
        "Ann",
        0,  # every top: négatif 0
        TURNS,
    )

    # No top nor another player's answer before its reveal, in anything a client received
    # (a move of an earlier turn revealed, the same notation, is public)...
    def public_before(turn: int, move: str) -> bool:
        return any(move in {tops[t]}.union(*sent[t].values()) for t in sent if t < turn)

    for turn, moves in sent.items():
        secrets = {tops[turn]}.union(*moves.values())
        for seen in http.seen:
            if seen.at >= revealed_at[turn] - 0.5:
                continue
            own = moves.get(seen.who, set())
            leaked = [
                move
                for move in secrets - own
                if shows(move, seen.text) and not public_before(turn, move)
            ]
            assert not leaked, f"turn {turn}: {leaked} leaked to {seen.who!r}: {seen.text[:300]}"
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
            text = json.dumps(data, ensure_ascii=False)
            secrets = {tops[opened]}.union(*sent[opened].values())
            leaked = [m for m in secrets if shows(m, text) and not public_before(opened, m)]
            assert not leaked, (kind, data)

    status, sheet_text = 200, urllib.request.urlopen(f"{base}/v1/games/{game_id}/sheet").read()
    assert f"Top : {replayed.game.top_total} points en {TURNS} coups" in sheet_text.decode()


def test_the_home_page_shows_where_the_api_is(base: str) -> None:  # noqa: F811
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
        ("paused", {"turn": 3, "remaining_ms": 1200, "reason": ""}),
        ("paused", {"turn": 3, "remaining_ms": 1200, "reason": "away"}),
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
