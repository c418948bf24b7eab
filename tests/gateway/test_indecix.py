"""An Indecix match over HTTP: the gateway served by uvicorn on a free port, the four gRPC
services on another, a real Redis. Two players place every die from their own views (the legal
cells, an aid) while a spectator reads the event stream; refused placements are 4xx with the
kind's codes and change nothing; the standings and the record follow, and the record replays
with the rules. Every answer and event conforms to the OpenAPI document, and none received
before the end names a roll still to come or holds the seed."""

from __future__ import annotations

import json
from typing import Any

from arbitre.rules.kinds import kind
from arbitre.rules.kinds.indecix import dice
from tests.gateway.test_games import EventLog, Http, conforms_to_event
from tests.live_fixtures import base, cache_dir, conforms, live_app, platform, serving  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

#: Long enough that no clock time or hash holds it by chance: a leak shows.
SEED = 604_118_935_277_041
CONFIG = {"mode": "classic", "aids": [{"capture_preview": True}, {}]}


def rolls_in(data: Any) -> list[int]:
    """Every roll number anywhere in ``data``."""
    if isinstance(data, dict):
        found = [value for key, value in data.items() if key == "roll" and isinstance(value, int)]
        return found + [roll for value in data.values() for roll in rolls_in(value)]
    if isinstance(data, list):
        return [roll for item in data for roll in rolls_in(item)]
    return []


def test_an_indecix_match_over_http(base: str) -> None:  # noqa: F811
    http = Http(base)
    status, created = http.call(
        "POST", "/v1/games", {"kind": "indecix", "config": CONFIG, "seed": SEED, "title": "Dés"}
    )
    assert status == 201, created
    conforms("CreateGameResponse", created)
    game_id, organiser = created["game_id"], created["organiser_token"]
    assert (created["game"]["kind"], created["game"]["seats"]) == ("indecix", 2)
    assert created["game"]["view"]["config"]["aids"][0] == {
        "legal_cells": True,
        "capture_preview": True,
    }
    tokens = {}
    for name in ("Ana", "Bob"):
        status, joined = http.call("POST", f"/v1/games/{game_id}/players", {"name": name})
        assert status == 201, joined
        conforms("JoinResponse", joined)
        tokens[name] = joined["player_token"]
    status, full = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Cyd"})
    assert (status, full["error"]["code"]) == (409, "table_full")

    spectator = EventLog(f"{base}/v1/games/{game_id}/events")
    spectator.start()
    act = f"/v1/games/{game_id}/actions"
    status, early = http.call("POST", act, {"action": {"cell": "C4", "roll": 1}}, tokens["Ana"])
    assert (status, early["error"]["code"]) == (409, "not_started")
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 200, started
    conforms("GameState", started)
    assert started["view"]["current"]["roll"] == 1

    # Refusals: 4xx with the kind's code, nothing changed.
    seen = {
        name: http.call("GET", f"/v1/games/{game_id}", token=token)[1]
        for name, token in tokens.items()
    }
    mover = next(name for name in tokens if seen[name]["view"]["you"]["to_play"])
    waiter = next(name for name in tokens if name != mover)
    cell = seen[mover]["view"]["you"]["legal_cells"][0]
    for token, body, expected in (
        (tokens[waiter], {"action": {"cell": cell, "roll": 1}}, (409, "not_your_turn")),
        (tokens[mover], {"action": {"cell": cell, "roll": 2}}, (409, "wrong_roll")),
        (tokens[mover], {"action": {"cell": "Z9", "roll": 1}}, (400, "bad_cell")),
        (tokens[mover], {"action": {"cell": cell, "roll": 1, "face": 6}}, (400, "bad_action")),
        (tokens[mover], {"action": {"cell": cell, "roll": "1"}}, (400, "bad_action")),
        (tokens[mover], {"action": {"cell": cell}}, (400, "bad_action")),
        (
            tokens[mover],
            {"action": {"cell": cell, "roll": 1}, "dry_run": True},
            (409, "no_dry_run"),
        ),
    ):
        status, refused = http.call("POST", act, body, token)
        assert (status, refused["error"]["code"]) == expected, refused
    status, again = http.call("GET", f"/v1/games/{game_id}", token=tokens[mover])
    assert again["view"] == seen[mover]["view"]
    status, _ = http.call("POST", act, {"action": {"cell": cell, "roll": 1}})
    assert status == 401

    # Every die placed from its player's own view, one per request, until the end.
    results = []
    while True:
        views = {}
        for name, token in tokens.items():
            status, state = http.call("GET", f"/v1/games/{game_id}", token=token, who=name)
            assert status == 200
            views[name] = state
        if views["Ana"]["view"]["stage"] == "over":
            break
        name = next(name for name in tokens if views[name]["view"]["you"]["to_play"])
        view = views[name]["view"]
        conforms("GameState", views[name])
        roll = view["current"]["roll"]
        body = {"action": {"cell": view["you"]["legal_cells"][-1], "roll": roll}}
        status, placed = http.call("POST", act, body, tokens[name], who=name)
        assert status == 200, placed
        results.append(placed["result"])
        if roll in (2, 3):
            conforms("ActResponse", placed)
            status, occupied = http.call(
                "POST", act, {**body, "action": {**body["action"], "roll": roll + 1}}, tokens[name]
            )
            assert status == 409, occupied  # occupied, or not their turn any more
    over = views["Ana"]
    assert over["status"] == "over"
    assert over["view"]["seed"] == SEED
    assert all(result["placed"] for result in results)
    spectator.join(timeout=30)

    status, standings = http.call("GET", f"/v1/games/{game_id}/standings")
    assert status == 200
    conforms("Standings", standings)
    assert {line["name"] for line in standings["standings"]} == {"Ana", "Bob"}
    status, recorded = http.call("GET", f"/v1/games/{game_id}/record")
    assert status == 200
    conforms("GameRecord", recorded)
    assert recorded["kind"] == "indecix"
    assert recorded["seed_salt"]
    indecix = kind("indecix")
    replayed = indecix.replay(recorded["record"], None)
    assert [(line.player, line.total) for line in indecix.standings(replayed)] == [
        (line["player"], line["total"]) for line in standings["standings"]
    ]
    status, turn = http.call("GET", f"/v1/games/{game_id}/turns/1")
    assert (status, turn["error"]["code"]) == (409, "no_turns")

    # Nothing to come before its time: every response and event names no roll after the last
    # rolled, and holds no seed, until the match is over.
    faces = dice.faces(SEED, 1)
    events = spectator.events()
    assert events[0][1] == "state"
    types = [event_type for _, event_type, _ in events]
    assert types.count("die_rolled") == 36
    assert types[-1] == "game_over"
    rolled = 0
    for _, event_type, data in events:
        conforms_to_event(event_type, data)
        if event_type == "die_rolled":
            assert data["face"] == faces[data["game_roll"] - 1]
            rolled = data["roll"]
        if event_type in ("state", "game_over"):
            continue
        assert max(rolls_in(data), default=0) <= rolled, (event_type, data)
        assert str(SEED) not in json.dumps(data)
    for seen_response in http.seen:
        data = json.loads(seen_response.text)
        view = data.get("view") or (data.get("game") or {}).get("view") or {}
        if view.get("stage") == "over" or data.get("record"):
            continue
        assert str(SEED) not in seen_response.text
        if "result" in data:
            continue
        assert max(rolls_in(view), default=0) <= view.get("roll", 0), seen_response.text


def test_a_robot_sits_at_an_indecix_table_and_a_bad_config_is_refused(base: str) -> None:  # noqa: F811
    http = Http(base)
    status, created = http.call("POST", "/v1/games", {"kind": "indecix"})
    assert status == 201, created
    status, robot = http.call(
        "POST",
        f"/v1/games/{created['game_id']}/robots",
        {"level": "debutant"},
        token=created["organiser_token"],
    )
    assert status == 201, robot
    conforms("RobotResponse", robot)
    assert robot["game"]["players"][0]["robot"] == "debutant"
    status, listed = http.call("GET", "/v1/tables")
    assert any(
        (table["game_id"], table["kind"], table["seats"], table["players"])
        == (created["game_id"], "indecix", 2, 1)
        for table in listed["tables"]
    )
    for config in (
        {"mode": "turbo"},
        {"blitz_seconds": 40},
        {"aids": {"legal_cells": True}},  # typed: one entry a seat
        {"mode": "master", "aids": [{"legal_cells": True}, {}]},
        {"colour": "red"},
    ):
        status, refused = http.call("POST", "/v1/games", {"kind": "indecix", "config": config})
        assert (status, refused["error"]["code"]) == (400, "bad_config"), (config, refused)
