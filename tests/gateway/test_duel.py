"""A Duel de Mots room over HTTP: the gateway served by uvicorn on a free port, the four gRPC
services on another, a real Redis. Two players and a spectator's event stream; every response
and event is recorded, and none carries the round's word or a guess's letters to anyone but
its guesser before ``round_over``. Refusals keep the kind's codes; a retried request is taken
once; every answer conforms to the OpenAPI document. The word is learnt here only by drawing the
game again from its seed, as no client can."""

from __future__ import annotations

import json
import time
from typing import Any

from arbitre.engine.duel_words import load
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import Setup
from tests.gateway.test_games import EventLog, Http, conforms_to_event
from tests.live_fixtures import base, cache_dir, conforms, live_app, platform, serving  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

SEED = 77
CONFIG = {"language": "fr", "rounds": 3, "round_seconds": 90, "reveal_seconds": 0, "seats": 3}


def words_of(game_id: str) -> tuple[str, ...]:
    duel = kind("duel")
    state = duel.new_game(duel.configure(CONFIG), Setup(game_id, SEED, ()), load("fr"))
    return tuple(state.secrets.words)


def wait_for(http: Http, game_id: str, stage: str) -> tuple[dict[str, Any], float]:
    """The game once its view shows ``stage``, and a moment before it did: when the last
    response showing another stage was received (every response received before then was
    made before the game reached ``stage``; the calls are one at a time)."""
    before = time.monotonic()
    give_up = before + 30
    while time.monotonic() < give_up:
        status, game = http.call("GET", f"/v1/games/{game_id}")
        assert status == 200
        if game["view"]["stage"] == stage:
            found: dict[str, Any] = game
            return found, before
        before = http.seen[-1].at
        time.sleep(0.05)
    raise AssertionError(f"the game never reached {stage}")


def test_a_duel_room_over_http_shows_nobody_what_is_hidden(base: str) -> None:  # noqa: F811
    http = Http(base)
    status, created = http.call(
        "POST", "/v1/games", {"kind": "duel", "config": CONFIG, "seed": SEED, "title": "Duel"}
    )
    assert status == 201, created
    conforms("CreateGameResponse", created)
    game_id, organiser = created["game_id"], created["organiser_token"]
    assert created["game"]["kind"] == "duel"
    assert created["game"]["view"]["keyboard"][0] == "AZERTYUIOP"
    first, second, third = words_of(game_id)
    other = next(word for word in ("SALUT", "CRANE", "TARTE") if word not in (first, second))

    status, ana = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Ana"})
    assert status == 201
    conforms("JoinResponse", ana)
    status, bob = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Bob"})
    status, cyd = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Cyd"})
    status, full = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Dan"})
    assert (status, full["error"]["code"]) == (409, "table_full")

    spectator = EventLog(f"{base}/v1/games/{game_id}/events")
    spectator.start()
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 200
    conforms("GameState", started)
    opened_at = time.monotonic()

    act = f"/v1/games/{game_id}/actions"
    ana_token, bob_token = ana["player_token"], bob["player_token"]
    for body, expected in (
        ({"action": {"guess": "zzzzz", "round": 1}}, (409, "not_in_list")),
        ({"action": {"guess": "abc", "round": 1}}, (400, "wrong_length")),
        ({"action": {"guess": "salut", "round": 2}}, (409, "wrong_round")),
        ({"action": {"guess": "salut"}}, (400, "bad_action")),
        ({"action": "salut"}, (400, "bad_request")),
        (
            {"action": {"guess": "salut", "round": 1}, "request_id": "no spaces"},
            (400, "bad_request"),
        ),
        # A dry run would tell whether a word is in the list without spending a try.
        ({"action": {"guess": "salut", "round": 1}, "dry_run": True}, (409, "no_dry_run")),
        (
            {"action": {"guess": "salut", "round": 1}, "dry_run": True, "request_id": "d1"},
            (400, "bad_request"),
        ),
        ({"action": {"guess": "salut", "round": 1}, "dry_run": "yes"}, (400, "bad_request")),
    ):
        status, refused = http.call("POST", act, body, token=ana_token)
        assert (status, refused["error"]["code"]) == expected, refused
    status, refused = http.call(
        "POST", act, {"action": {"guess": "salut", "round": "1"}}, token=ana_token
    )
    assert (status, refused["error"]["code"]) == (400, "bad_action")
    assert refused["error"]["message"] == "action.round: expected an integer, got str"
    status, refused = http.call("POST", act, {"action": {"guess": other, "round": 1}})
    assert status == 401

    body = {"action": {"guess": other, "round": 1}, "request_id": "ana-1"}
    status, mine = http.call("POST", act, body, token=ana_token)
    assert status == 200, mine
    conforms("ActResponse", mine)
    assert mine["result"]["letters"] == other
    assert mine["replayed"] is False
    status, again = http.call("POST", act, body, token=ana_token)
    assert (status, again["replayed"], again["result"]) == (200, True, mine["result"])

    status, seen = http.call("GET", f"/v1/games/{game_id}", token=bob_token)
    conforms("GameState", seen)
    assert seen["you"] == bob["player_id"]
    assert other not in json.dumps(seen)  # Bob sees Ana's colours, not her letters
    status, mine_seen = http.call("GET", f"/v1/games/{game_id}", token=ana_token)
    assert [row["letters"] for row in mine_seen["view"]["you"]["grid"]["rows"]] == [other]

    status, _ = http.call("POST", f"/v1/games/{game_id}/leave", token=ana["player_id"])
    assert status == 403  # a player's id is no token
    for token in (ana_token, bob_token, cyd["player_token"]):
        status, found = http.call(
            "POST", act, {"action": {"guess": first.lower(), "round": 1}}, token=token
        )
        assert found["result"]["found"] is True
    # everyone found: the round closes at once
    _, open_until = wait_for(http, game_id, "between")
    closed_at = time.monotonic()

    status, standings = http.call("GET", f"/v1/games/{game_id}/standings")
    conforms("Standings", standings)
    assert standings["standings"][0]["name"] == "Bob"  # 60 + 10 at try 1 beats 50 + 15
    assert standings["standings"][0]["details"]
    status, turn = http.call("GET", f"/v1/games/{game_id}/turns/1")
    assert status == 200, turn
    conforms("TurnResult", turn)
    assert (turn["kind"], turn["revealed"]["word"]) == ("duel", first)
    assert "Bob" in turn["names"].values()
    status, refused = http.call("GET", f"/v1/games/{game_id}/turns/2")
    assert status == 409  # not over yet
    status, refused = http.call("GET", f"/v1/games/{game_id}/turns/1?best=3")
    assert (status, refused["error"]["code"]) == (409, "no_best_moves")  # a duel's has none

    status, opened = http.call("POST", f"/v1/games/{game_id}/next", token=organiser)
    assert status == 200
    assert opened["view"]["current"]["round"] == 2
    status, refused = http.call("POST", f"/v1/games/{game_id}/next", token=organiser)
    assert (status, refused["error"]["code"]) == (409, "round_open")
    for token in (bob_token, cyd["player_token"]):
        status, left = http.call("POST", f"/v1/games/{game_id}/leave", token=token)
        assert status == 200
        conforms("GameState", left)
    status, found = http.call(
        "POST", act, {"action": {"guess": second, "round": 2}}, token=ana_token
    )
    assert found["result"]["found"] is True
    wait_for(http, game_id, "between")
    http.call("POST", f"/v1/games/{game_id}/next", token=organiser)
    status, found = http.call(
        "POST", act, {"action": {"guess": third, "round": 3}}, token=ana_token
    )
    assert found["result"]["found"] is True
    over, _ = wait_for(http, game_id, "over")
    assert over["status"] == "over"
    spectator.join(timeout=30)

    status, recorded = http.call("GET", f"/v1/games/{game_id}/record")
    assert recorded["kind"] == "duel"
    assert recorded["seed_salt"]  # the game over, its seed checks against its commitment
    replayed = kind("duel").replay(recorded["record"], load("fr"))
    assert replayed.table.over

    # nothing hidden before its time: no word, and no letters of a rival's guess, in any
    # response but the guesser's own or any event before round_over
    events = spectator.events()
    for at, event_type, data in events:
        conforms_to_event(event_type, data)
        if at < closed_at and event_type != "round_over" and data.get("round", 1) == 1:
            assert first not in json.dumps(data), event_type
            assert other not in json.dumps(data), event_type
    assert events[0][1] == "state"
    assert "rival_row" in {t for _, t, _ in events}
    for seen in http.seen:  # the polls of the game's state included
        if opened_at <= seen.at < open_until and first in seen.text:  # a finder's own answer
            assert json.loads(seen.text)["result"]["letters"] == first, seen


def test_duel_routes_refuse_what_a_duplicate_game_or_a_bad_body_cannot_take(base: str) -> None:  # noqa: F811
    http = Http(base)
    status, duplicate = http.call("POST", "/v1/games", {"title": "x"})
    assert status == 201
    game_id = duplicate["game_id"]
    status, player = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Ana"})
    body = {"action": {"guess": "salut", "round": 1}}
    status, refused = http.call(
        "POST", f"/v1/games/{game_id}/actions", body, token=player["player_token"]
    )
    assert (status, refused["error"]["code"]) == (400, "bad_action")  # not a duplicate action
    assert "action.guess" in refused["error"]["message"]
    body = {"action": {"move": "H4 MOT", "turn": 1}}
    status, refused = http.call(
        "POST", f"/v1/games/{game_id}/actions", body, token=player["player_token"]
    )
    assert (status, refused["error"]["code"]) == (409, "not_started")  # a duplicate answer, early
    status, refused = http.call(
        "POST", f"/v1/games/{game_id}/next", token=duplicate["organiser_token"]
    )
    assert status == 409  # no turn to open before the start
    status, duel = http.call("POST", "/v1/games", {"kind": "duel"})
    status, robot = http.call(
        "POST",
        f"/v1/games/{duel['game_id']}/robots",
        {"level": "expert"},
        token=duel["organiser_token"],
    )
    assert status == 201
    conforms("RobotResponse", robot)
    assert robot["game"]["players"][0]["robot"] == "expert"
    for create in (
        {"kind": "duel", "config": {"seats": 99}},
        {"kind": "duel", "config": {"words": "/etc/passwd"}},
        {"kind": "duel", "preset": "fisf"},
        {"kind": "chess"},
    ):
        status, refused = http.call("POST", "/v1/games", create)
        assert status == 400, (create, refused)


def test_a_duel_table_is_created_with_a_scheduled_start(base: str) -> None:  # noqa: F811
    http = Http(base)
    start_at = int(time.time() * 1000) + 3_600_000
    body = {"kind": "duel", "config": {"seats": 2}, "start_at_ms": start_at}
    status, created = http.call("POST", "/v1/games", body)
    assert status == 201, created
    conforms("CreateGameResponse", created)
    assert (created["game"]["status"], created["game"]["start_at_ms"]) == ("waiting", start_at)
    status, game = http.call("GET", f"/v1/games/{created['game_id']}")
    assert status == 200
    conforms("GameState", game)
    assert game["start_at_ms"] == start_at
    status, unscheduled = http.call("POST", "/v1/games", {"kind": "duel"})
    assert (status, unscheduled["game"]["start_at_ms"]) == (201, 0)
    for late in (start_at - 7_200_000, -1):
        status, refused = http.call("POST", "/v1/games", {**body, "start_at_ms": late})
        assert status == 400, (late, refused)
