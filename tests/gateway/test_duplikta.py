"""A dupliKta game over HTTP: the gateway served by uvicorn on a free port, the four gRPC services
on another, a real Redis. Two players, each from their own view, request at the loupe and
confirm their moves turn after turn (a move refused for its words, passes), ready for the next
turn once one is closed, while a spectator reads the event stream; refused actions are 4xx with
the kind's codes and change nothing; the standings and the record follow, and the record
replays with the rules. Every answer and event conforms to the OpenAPI document, and none
received before a turn's close holds the opponent's move or copy of the rack, nor the seed
before the end."""

from __future__ import annotations

import json
import re
import time
from functools import cache
from typing import Any

import pytest

from arbitre.api.proto_data import fill, to_data
from arbitre.cli.duplikta_command import scenario_package
from arbitre.engine.kind_tools import Words
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import Board
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.duplikta.scenario import scenario_seed
from arbitre.services.session.seam import away
from arbitre.v1 import duplikta_pb2
from tests.gateway.test_games import EventLog, Http, conforms_to_event
from tests.live_fixtures import base, cache_dir, conforms, live_app, platform, serving  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

#: Long enough that no clock time or hash holds it by chance: a leak shows.
SEED = 416_093_782_551_307
CONFIG = {"clock": 60, "chances": 3, "handicaps": [1, 0]}
NAMES = ("Ana", "Bob")


@cache
def lexicon() -> Lexicon:
    return load_lexicon("fr")


def moves_for(view: dict[str, Any]) -> list[str]:
    """The legal moves of the caller's own copy of the rack, best first (the local engine's)."""
    board = Board.from_rows(view["board"])
    found = MoveGenerator(lexicon()).prepare(board).moves(view["you"]["rack"], limit=40)
    return [move.notation for move in found]


def nonsense(rack: str) -> str:
    """A first move at H8 of two tokens of ``rack`` that is no word, forwards or backwards."""
    letters = [token for token in rack if token != "?"]
    for index, first in enumerate(letters):
        for second in letters[index + 1 :]:
            for pair in (first + second, second + first):
                if pair not in lexicon() and pair[::-1] not in lexicon():
                    return f"H8 {pair}"
    raise AssertionError(f"every pair of {rack} is a word")


def shows(text: str, secret: str) -> bool:
    """Whether ``text`` holds ``secret`` (a move's notation or a rack), not a part of a longer
    one."""
    return re.search(rf"(?<![A-Za-z0-9?]){re.escape(secret)}(?![A-Za-z0-9?])", text) is not None


def test_a_duplikta_game_over_http(base: str) -> None:  # noqa: F811
    http = Http(base)
    status, created = http.call(
        "POST", "/v1/games", {"kind": "duplikta", "config": CONFIG, "seed": SEED, "title": "dK"}
    )
    assert status == 201, created
    conforms("CreateGameResponse", created)
    game_id, organiser = created["game_id"], created["organiser_token"]
    assert (created["game"]["kind"], created["game"]["seats"]) == ("duplikta", 2)
    config = created["game"]["view"]["config"]
    assert (config["tiles"], config["tile_set"], config["clock"]) == ("fr", None, 60)
    status, listed = http.call("GET", "/v1/tables")
    assert any(
        (table["game_id"], table["kind"], table["seats"], table["players"])
        == (game_id, "duplikta", 2, 0)
        for table in listed["tables"]
    )
    tokens, ids = {}, {}
    for name in NAMES:
        status, joined = http.call("POST", f"/v1/games/{game_id}/players", {"name": name})
        assert status == 201, joined
        conforms("JoinResponse", joined)
        tokens[name], ids[name] = joined["player_token"], joined["player_id"]
    status, full = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Cyd"})
    assert (status, full["error"]["code"]) == (409, "table_full")
    status, robot = http.call(
        "POST", f"/v1/games/{game_id}/robots", {"level": "expert"}, token=organiser
    )
    assert (status, robot["error"]["code"]) == (409, "table_full")  # Tourlou sits, not a third
    status, listed = http.call("GET", "/v1/tables")
    assert all(table["game_id"] != game_id for table in listed["tables"])  # full: not open

    spectator = EventLog(f"{base}/v1/games/{game_id}/events")
    spectator.start()
    act = f"/v1/games/{game_id}/actions"
    status, early = http.call("POST", act, {"action": {"turn": 1, "confirm": None}}, tokens["Ana"])
    assert (status, early["error"]["code"]) == (409, "not_open")
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 200, started
    conforms("GameState", started)
    assert (started["view"]["stage"], started["view"]["rack"]) == ("playing", None)

    # Refusals: 4xx with the kind's code, nothing changed.
    seen = {
        name: http.call("GET", f"/v1/games/{game_id}", token=token, who=name)[1]
        for name, token in tokens.items()
    }
    rack = seen["Ana"]["view"]["you"]["rack"]
    absent = next(letter for letter in "ZYXWVUTSRQPONMLKJIHGFEDCBA" if letter not in rack)
    for body, expected in (
        ({"action": {"turn": 2, "confirm": None}}, (409, "wrong_turn")),
        ({"action": {"turn": 1}}, (400, "bad_action")),
        ({"action": {"turn": "1", "confirm": None}}, (400, "bad_action")),
        ({"action": {"turn": 1, "confirm": None, "rack": "A"}}, (400, "bad_action")),
        ({"action": {"turn": 1, "confirm": "ZZ"}}, (400, "bad_notation")),
        ({"action": {"turn": 1, "confirm": f"A1 {rack[:2]}"}}, (400, "illegal_move")),
        ({"action": {"turn": 1, "redraw": absent}}, (409, "not_on_rack")),
        ({"action": {"turn": 1, "exchange": rack[0], "for": "1"}}, (400, "letter_not_in_set")),
        ({"action": {"turn": 1, "confirm": None}, "dry_run": True}, (409, "no_dry_run")),
    ):
        status, refused = http.call("POST", act, body, tokens["Ana"])
        assert (status, refused["error"]["code"]) == expected, (body, refused)
    status, again = http.call("GET", f"/v1/games/{game_id}", token=tokens["Ana"])
    assert again["view"] == {**seen["Ana"]["view"], "clock": again["view"]["clock"]}
    assert again["view"]["clock"]["deadline_ms"] == seen["Ana"]["view"]["clock"]["deadline_ms"]
    status, _ = http.call("POST", act, {"action": {"turn": 1, "confirm": None}})
    assert status == 401

    # Turn 1: Ana at the loupe, then her best move; Bob two tokens that make no word. Turn 2:
    # both play. Turns 3 to 5: both pass, and three turns without a move installed end it.
    turn = 1
    secrets: dict[tuple[int, str], set[str]] = {}  # (turn, name): what the other must not see
    while True:
        views = {}
        for name, token in tokens.items():
            status, state = http.call("GET", f"/v1/games/{game_id}", token=token, who=name)
            assert status == 200
            views[name] = state["view"]
        conforms("GameState", state)
        assert views["Ana"]["turn"] == turn
        actions: dict[str, dict[str, Any]] = {}
        if turn == 1:
            status, loupe = http.call(
                "POST",
                act,
                {"action": {"turn": 1, "exchange": rack[-1], "for": "?"}, "request_id": "l-1"},
                tokens["Ana"],
                who="Ana",
            )
            assert status == 200, loupe
            conforms("ActResponse", loupe)
            assert loupe["result"]["exchange"]["wanted"] == "?"
            status, views["Ana"] = http.call(
                "GET", f"/v1/games/{game_id}", token=tokens["Ana"], who="Ana"
            )
            views["Ana"] = views["Ana"]["view"]
            actions["Ana"] = {"turn": 1, "confirm": moves_for(views["Ana"])[0]}
            actions["Bob"] = {"turn": 1, "confirm": nonsense(views["Bob"]["you"]["rack"])}
        elif turn == 2:
            ana_move = next(iter(moves_for(views["Ana"])), None)
            bob_moves = [move for move in moves_for(views["Bob"]) if move != ana_move]
            actions["Ana"] = {"turn": 2, "confirm": ana_move}
            actions["Bob"] = {"turn": 2, "confirm": bob_moves[0] if bob_moves else None}
        else:
            actions = {name: {"turn": turn, "confirm": None} for name in NAMES}
        for name in NAMES:
            status, confirmed = http.call(
                "POST", act, {"action": actions[name]}, tokens[name], name
            )
            assert status == 200, confirmed
            conforms("ActResponse", confirmed)
            assert confirmed["result"]["move"] == actions[name]["confirm"]
            for other in NAMES:
                if other != name and actions[name]["confirm"]:
                    secrets.setdefault((turn, other), set()).add(actions[name]["confirm"])
            if name == "Ana" and turn == 1:  # her copy of the rack, after the loupe
                secrets[(1, "Bob")].add(loupe["result"]["rack"])
                status, twice = http.call("POST", act, {"action": actions[name]}, tokens[name])
                assert (status, twice["error"]["code"]) == (409, "already_confirmed")
        deadline = time.monotonic() + 30
        while True:  # closed once both confirmed
            status, state = http.call("GET", f"/v1/games/{game_id}")
            if state["view"]["stage"] in ("between", "over") and state["view"]["turn"] == turn:
                break
            assert time.monotonic() < deadline, state
            time.sleep(0.05)
        if state["view"]["stage"] == "over":
            break
        for token in tokens.values():
            status, ready = http.call("POST", f"/v1/games/{game_id}/turns/{turn}/next", token=token)
            assert status == 200, ready
        turn += 1
        assert turn <= 5
        deadline = time.monotonic() + 30
        while http.call("GET", f"/v1/games/{game_id}")[1]["view"]["turn"] != turn:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert turn == 5
    over = state
    conforms("GameState", over)
    assert over["status"] == "over"
    assert (over["view"]["seed"], over["view"]["end"]) == (SEED, "stalled")
    sheet = over["view"]["sheet"]
    assert sheet[0]["players"][ids["Bob"]]["accepted"] is False
    assert sheet[0]["installed"] == ids["Ana"]
    spectator.join(timeout=30)

    status, standings = http.call("GET", f"/v1/games/{game_id}/standings")
    assert status == 200
    conforms("Standings", standings)
    assert {line["name"] for line in standings["standings"]} == set(NAMES)
    status, recorded = http.call("GET", f"/v1/games/{game_id}/record")
    assert status == 200
    conforms("GameRecord", recorded)
    assert (recorded["kind"], recorded["fingerprint"]) == ("duplikta", lexicon().info.hash)
    assert recorded["seed_salt"]
    duplikta = kind("duplikta")
    replayed = duplikta.replay(recorded["record"], Words(lexicon()))
    assert duplikta.record(replayed) == recorded["record"]
    assert [(line.player, line.total) for line in duplikta.standings(replayed)] == [
        (line["player"], line["total"]) for line in standings["standings"]
    ]
    status, turn_one = http.call("GET", f"/v1/games/{game_id}/turns/1")
    assert (status, turn_one["error"]["code"]) == (409, "no_turns")
    status, late = http.call("POST", act, {"action": {"turn": 5, "confirm": None}}, tokens["Ana"])
    assert (status, late["error"]["code"]) == (409, "game_over")

    # Nothing before its time: no event of an open turn holds a move or a player's own copy of
    # the rack, no response a player received during a turn holds the other's, and nothing
    # before the end holds the seed.
    events = spectator.events()
    assert events[0][1] == "state"
    types = [event_type for _, event_type, _ in events]
    assert types.count("turn_dealt") == types.count("turn_closed") == 5
    assert types.count("player_confirmed") == 10
    assert types[-1] == "game_over"
    assert not {"loupe", "confirmed"} & set(types)
    open_turn = 0
    for _, event_type, data in events:
        conforms_to_event(event_type, data)
        if event_type == "turn_dealt":
            open_turn = data["turn"]
            assert "rack" not in data
        elif event_type == "turn_closed":
            open_turn = 0
        text = json.dumps(data)
        for secret in set().union(*(secrets.get((open_turn, n), set()) for n in NAMES)):
            assert not shows(text, secret), (event_type, secret)
        if event_type != "game_over":
            assert str(SEED) not in text
    checked = 0
    for seen_response in http.seen:
        data = json.loads(seen_response.text)
        view = data.get("view") or (data.get("game") or {}).get("view") or {}
        if view.get("stage") == "over" or data.get("record"):
            continue
        assert str(SEED) not in seen_response.text
        number = view.get("turn") if view.get("stage") == "playing" else None
        number = number or (data.get("result") or {}).get("turn")
        for secret in secrets.get((number or 0, seen_response.who), set()):
            assert not shows(seen_response.text, secret), (seen_response.who, secret)
            checked += 1
    assert checked > 0


def test_a_bad_duplikta_configuration_is_refused(base: str) -> None:  # noqa: F811
    http = Http(base)
    for config in (
        {"clock": 20},
        {"chances": 11},
        {"handicaps": [0]},
        {"tiles": "klingon"},
        {"tiles": {"name": "club", "blanks": 60}},  # typed: a set of one's own is tile_set
        {"tile_set": {"name": "few", "blanks": 10}},
        {"reversed": True},
    ):
        status, refused = http.call("POST", "/v1/games", {"kind": "duplikta", "config": config})
        assert (status, refused["error"]["code"]) == (400, "bad_config"), (config, refused)
    status, created = http.call(
        "POST",
        "/v1/games",
        {
            "kind": "duplikta",
            "config": {"tile_set": {"name": "blancs", "letters": {}, "blanks": 60}},
        },
    )
    assert status == 201, created
    assert created["game"]["view"]["box_count"] == 60


def test_a_person_against_tourlou_over_http(base: str) -> None:  # noqa: F811
    """The creator seats Tourlou, starts, and Tourlou confirms its move of the first turn
    through the path of everyone's, a few seconds after the deal (the clock off)."""
    http = Http(base)
    status, created = http.call(
        "POST", "/v1/games", {"kind": "duplikta", "config": {"clock": 0}, "title": "dK"}
    )
    assert status == 201, created
    game_id, organiser = created["game_id"], created["organiser_token"]
    status, ana = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Ana"})
    assert status == 201, ana
    status, robot = http.call(
        "POST",
        f"/v1/games/{game_id}/robots",
        {"level": "debutant", "name": "Tourlou"},
        token=organiser,
    )
    assert status == 201, robot
    conforms("RobotResponse", robot)
    tourlou = robot["player_id"]
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 200, started
    deadline = time.monotonic() + 20
    while not next(
        p["confirmed"]
        for p in http.call("GET", f"/v1/games/{game_id}")[1]["view"]["players"]
        if p["player"] == tourlou
    ):
        assert time.monotonic() < deadline, "Tourlou did not confirm"
        time.sleep(0.1)
    action = {"action": {"turn": 1, "confirm": None}}
    status, passed = http.call("POST", f"/v1/games/{game_id}/actions", action, ana["player_token"])
    assert status == 200, passed
    deadline = time.monotonic() + 10
    while not (sheet := http.call("GET", f"/v1/games/{game_id}")[1]["view"]["sheet"]):
        assert time.monotonic() < deadline, "the turn did not close"
        time.sleep(0.1)
    side = sheet[0]["players"][tourlou]
    assert side["exchanges"] == []
    assert side["loupe"] == ""
    assert side["reversed_words"] == []
    assert side["move"] is None or side["accepted"]


def test_a_players_pause_over_http(base: str) -> None:  # noqa: F811
    """One request each: a pause, an action refused meanwhile, a resume, a pause with none left;
    the answers, the view and the events conform to the OpenAPI document."""
    http = Http(base)
    config = {"clock": 60, "pauses": 1, "pause_seconds": 120}
    status, created = http.call("POST", "/v1/games", {"kind": "duplikta", "config": config})
    assert status == 201, created
    conforms("CreateGameResponse", created)
    assert created["game"]["view"]["config"]["pauses"] == 1
    game_id, organiser = created["game_id"], created["organiser_token"]
    tokens = {}
    for name in NAMES:
        status, joined = http.call("POST", f"/v1/games/{game_id}/players", {"name": name})
        tokens[name] = joined["player_token"]
    spectator = EventLog(f"{base}/v1/games/{game_id}/events")
    spectator.start()
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 200, started
    act = f"/v1/games/{game_id}/actions"

    status, paused = http.call("POST", act, {"action": {"turn": 1, "pause": True}}, tokens["Ana"])
    assert status == 200, paused
    conforms("ActResponse", paused)
    assert (
        paused["result"]["paused"]["pauses_left"],
        paused["result"]["paused"]["pause_ms_left"],
    ) == (
        0,
        120_000,
    )
    status, state = http.call("GET", f"/v1/games/{game_id}", token=tokens["Bob"])
    conforms("GameState", state)
    assert state["view"]["pause"]["player"] == paused["result"]["paused"]["player"]
    status, refused = http.call(
        "POST", act, {"action": {"turn": 1, "confirm": None}}, tokens["Bob"]
    )
    assert (status, refused["error"]["code"]) == (409, "paused")
    status, resumed = http.call("POST", act, {"action": {"turn": 1, "resume": True}}, tokens["Bob"])
    assert status == 200, resumed
    conforms("ActResponse", resumed)
    assert resumed["result"]["resumed"]["deadline_ms"] == (
        started["view"]["clock"]["deadline_ms"] + resumed["result"]["resumed"]["paused_ms"]
    )
    status, refused = http.call("POST", act, {"action": {"turn": 1, "pause": True}}, tokens["Ana"])
    assert (status, refused["error"]["code"]) == (409, "no_pause_left")

    deadline = time.monotonic() + 30
    while not any(kind == "turn_resumed" for _, kind, _ in spectator.events()):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    told = {kind: data for _, kind, data in spectator.events() if kind.startswith("turn_")}
    assert told["turn_paused"] == paused["result"]["paused"]
    assert told["turn_resumed"] == resumed["result"]["resumed"]
    for event_type in ("turn_paused", "turn_resumed"):
        conforms_to_event(event_type, told[event_type])


def test_a_game_against_tourlou_waits_over_http_for_its_person_away(
    base: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ana reads the game once and goes: when the turn's clock runs out, the game is paused
    for her (``paused_reason`` ``away``, the time she had kept, the event ``paused`` says why);
    her next read with her token takes it up and she plays the turn."""
    monkeypatch.setattr(away, "AWAY_MS", 3_000)
    http = Http(base)
    status, created = http.call("POST", "/v1/games", {"kind": "duplikta", "config": {"clock": 30}})
    assert status == 201, created
    game_id, organiser = created["game_id"], created["organiser_token"]
    ana = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Ana"})[1]["player_token"]
    robot = {"level": "expert", "name": "Tourlou"}
    assert http.call("POST", f"/v1/games/{game_id}/robots", robot, token=organiser)[0] == 201
    assert http.call("POST", f"/v1/games/{game_id}/start", token=organiser)[0] == 200
    log = EventLog(f"{base}/v1/games/{game_id}/events")
    log.start()
    http.call("GET", f"/v1/games/{game_id}", token=ana)  # seen, then gone
    deadline = time.monotonic() + 45
    while (state := http.call("GET", f"/v1/games/{game_id}")[1])["status"] != "paused":
        assert time.monotonic() < deadline, "never suspended"
        time.sleep(0.5)
    conforms("GameState", state)
    assert state["paused_reason"] == "away"
    assert 25_000 <= state["remaining_ms"] <= 30_000
    assert state["view"]["sheet"] == []
    paused = next(data for _, kind, data in log.events() if kind == "paused")
    conforms_to_event("paused", paused)
    assert paused["reason"] == "away"
    # The organiser's state without a player's token does not take it up.
    assert http.call("GET", f"/v1/games/{game_id}", token=organiser)[1]["status"] == "paused"

    status, back = http.call("GET", f"/v1/games/{game_id}", token=ana)
    assert status == 200, back
    assert back["status"] == "running"
    assert "paused_reason" not in back
    assert back["deadline_ms"] - back["server_time_ms"] > 24_000
    action = {"action": {"turn": 1, "confirm": moves_for(back["view"])[0]}}
    status, confirmed = http.call("POST", f"/v1/games/{game_id}/actions", action, ana)
    assert status == 200, confirmed


def test_a_scenario_of_tourlou_from_its_package_over_http(base: str) -> None:  # noqa: F811
    """A game created from ``arbitre duplikta deal``'s package: its racks are the scenario's,
    Tourlou's word is installed even when the person's scores more, the view and the record
    show the scenario's number and level and none of Tourlou's moves before the end; a package
    changed after it was made is a 400."""
    package = scenario_package(41, 2, 7, {"clock": 0, "chances": 3}, "Scénario 41")
    record = package["record"]
    http = Http(base)
    forged = json.loads(json.dumps(package))
    forged["record"]["turns"][0]["rack"] = "EEEEEEE"
    status, refused = http.call("POST", "/v1/games", {"kind": "duplikta", "package": forged})
    assert (status, refused["error"]["code"]) == (400, "bad_package"), refused
    full = duplikta_pb2.DupliktaConfig()
    fill(full, record["config"])  # the scenario's moves, as the typed config carries them
    assert to_data(full)["scenario"] == record["config"]["scenario"]
    given = {"kind": "duplikta", "config": {"scenario": record["config"]["scenario"]}}
    status, refused = http.call("POST", "/v1/games", given)  # a scenario unchecked
    assert (status, refused["error"]["code"]) == (400, "bad_config"), refused
    assert "package only" in refused["error"]["message"]
    status, created = http.call("POST", "/v1/games", {"kind": "duplikta", "package": package})
    assert status == 201, created
    conforms("CreateGameResponse", created)
    game_id, organiser = created["game_id"], created["organiser_token"]
    robot = {"level": "expert", "name": "Tourlou"}  # seated first, in its own seat all the same
    tourlou = http.call("POST", f"/v1/games/{game_id}/robots", robot, token=organiser)[1]
    status, refused = http.call("POST", f"/v1/games/{game_id}/robots", robot, token=organiser)
    assert (status, refused["error"]["code"]) == (409, "table_full"), refused
    ana = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Ana"})[1]["player_token"]
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 200, started
    conforms("GameState", started)
    view = http.call("GET", f"/v1/games/{game_id}", token=ana)[1]["view"]
    seats = {line["player"]: line["seat"] for line in view["players"]}
    assert seats == {view["you"]["player"]: 0, tourlou["player_id"]: 1}
    assert view["config"]["scenario"] == {"number": 41, "level": 2, "moves": []}
    assert view["you"]["rack"] == record["turns"][0]["rack"]
    moves = [turn["move"] for turn in record["turns"] if turn["move"]]
    status, recorded = http.call("GET", f"/v1/games/{game_id}/record")
    assert status == 200, recorded
    seated = [step for step in recorded["record"]["steps"] if step["step"] == "seat"]
    assert (seated[0]["player"], seated[0].get("robot")) == (tourlou["player_id"], True)
    assert seated[1].get("robot") is None  # the person's
    seen = json.dumps(recorded)
    seen += json.dumps(http.call("GET", f"/v1/games/{game_id}", token=ana)[1])
    assert not any(shows(seen, move) for move in moves)
    best = moves_for(view)[0]
    action = {"action": {"turn": 1, "confirm": best}}
    status, confirmed = http.call("POST", f"/v1/games/{game_id}/actions", action, ana)
    assert status == 200, confirmed
    deadline = time.monotonic() + 10
    while not (sheet := http.call("GET", f"/v1/games/{game_id}")[1]["view"]["sheet"]):
        assert time.monotonic() < deadline, "the turn did not close"
        time.sleep(0.1)
    line = sheet[0]
    its = line["players"][tourlou["player_id"]]
    mine = next(side for player, side in line["players"].items() if player != tourlou["player_id"])
    assert its["move"] == record["turns"][0]["move"]
    assert mine["move"] == best
    assert mine["score"] > its["score"]  # level 2: far below the best
    assert (line["installed"], line["criterion"]) == (tourlou["player_id"], "scenario")
    status, after = http.call("POST", f"/v1/games/{game_id}/turns/1/next", {}, ana)
    assert status == 200, after
    dealt = http.call("GET", f"/v1/games/{game_id}", token=ana)[1]["view"]
    assert dealt["you"]["rack"] == record["turns"][1]["rack"]


def test_a_person_cannot_take_tourlous_seat_in_a_scenario_over_http(
    base: str,  # noqa: F811
) -> None:
    """In a scenario the second seat is Tourlou's: a second person is refused it (409
    ``robot_seat``) and nothing changes; Tourlou then takes it, and the game starts."""
    package = scenario_package(41, 2, 7, {"clock": 0, "chances": 3}, "Scénario 41")
    http = Http(base)
    created = http.call("POST", "/v1/games", {"kind": "duplikta", "package": package})[1]
    game_id, organiser = created["game_id"], created["organiser_token"]
    status, joined = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Ana"})
    assert status == 201, joined
    seated = http.call("GET", f"/v1/games/{game_id}")[1]
    status, refused = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Bob"})
    assert (status, refused["error"]["code"]) == (409, "robot_seat"), refused
    conforms("Error", refused)
    now = http.call("GET", f"/v1/games/{game_id}")[1]
    assert (now["players"], now["view"]) == (seated["players"], seated["view"])  # unchanged
    robot = {"level": "expert", "name": "Tourlou"}
    status, tourlou = http.call("POST", f"/v1/games/{game_id}/robots", robot, token=organiser)
    assert status == 201, tourlou
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 200, started
    view = http.call("GET", f"/v1/games/{game_id}", token=joined["player_token"])[1]["view"]
    seats = {line["player"]: line["seat"] for line in view["players"]}
    assert seats == {joined["player_id"]: 0, tourlou["player_id"]: 1}
    assert view["you"]["rack"] == package["record"]["turns"][0]["rack"]


def created_dealt(http: Http, body: dict[str, Any]) -> tuple[int, Any]:
    """``POST /v1/games`` with ``body``, again after a 503 while its scenario is being dealt
    (a deal outlasting the session's wait goes on: the retry finds it)."""
    deadline = time.monotonic() + 60
    while True:
        status, answer = http.call("POST", "/v1/games", body)
        if status != 503 or time.monotonic() > deadline:
            return status, answer
        time.sleep(1)


def test_a_scenario_dealt_by_the_server_over_http(base: str) -> None:  # noqa: F811
    """``config.scenario`` ``{number, level}``: the server deals the scenario itself, from the
    number's seed, the same game as ``arbitre duplikta deal --number N --level L`` with the
    same options; Tourlou's word installed, the view showing the number and the level and
    none of its moves; a number or a level out of bounds, moves or a seed given are 400s."""
    options = {"clock": 0, "chances": 3}
    record = scenario_package(41, 2, scenario_seed(41), options)["record"]  # as the CLI deals it
    http = Http(base)
    for scenario, said in (
        ({"number": 0, "level": 2}, "number"),
        ({"number": 10_000, "level": 2}, "number"),
        ({"number": 41, "level": 0}, "level"),
        ({"number": 41, "level": 7}, "level"),
        ({"number": 41, "level": 2, "moves": ["H8 JOUR"]}, "package only"),
    ):
        body = {"kind": "duplikta", "config": {**options, "scenario": scenario}}
        status, refused = http.call("POST", "/v1/games", body)
        assert (status, refused["error"]["code"]) == (400, "bad_config"), (scenario, refused)
        assert said in refused["error"]["message"], refused
    config: dict[str, Any] = {**options, "scenario": {"number": 41, "level": 2}}
    body = {"kind": "duplikta", "config": config}
    status, refused = http.call("POST", "/v1/games", {**body, "seed": 5})
    assert (status, refused["error"]["code"]) == (400, "bad_request"), refused
    status, created = created_dealt(http, {**body, "config": {**config, "pauses": 1}})
    assert status == 201, created
    conforms("CreateGameResponse", created)
    game_id, organiser = created["game_id"], created["organiser_token"]
    ana = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Ana"})[1]["player_token"]
    robot = {"level": "expert", "name": "Tourlou"}
    tourlou = http.call("POST", f"/v1/games/{game_id}/robots", robot, token=organiser)[1]
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 200, started
    view = http.call("GET", f"/v1/games/{game_id}", token=ana)[1]["view"]
    assert view["config"]["scenario"] == {"number": 41, "level": 2, "moves": []}
    assert (view["config"]["clock"], view["config"]["pauses"]) == (0, 1)
    assert view["you"]["rack"] == record["turns"][0]["rack"]
    moves = [turn["move"] for turn in record["turns"] if turn["move"]]
    seen = json.dumps(http.call("GET", f"/v1/games/{game_id}/record")[1]) + json.dumps(view)
    assert not any(shows(seen, move) for move in moves)
    action = {"action": {"turn": 1, "confirm": None}}
    status, passed = http.call("POST", f"/v1/games/{game_id}/actions", action, ana)
    assert status == 200, passed
    deadline = time.monotonic() + 10
    while not (sheet := http.call("GET", f"/v1/games/{game_id}")[1]["view"]["sheet"]):
        assert time.monotonic() < deadline, "the turn did not close"
        time.sleep(0.1)
    assert sheet[0]["players"][tourlou["player_id"]]["move"] == record["turns"][0]["move"]
    assert (sheet[0]["installed"], sheet[0]["criterion"]) == (tourlou["player_id"], "scenario")
    started_at = time.monotonic()
    status, again = http.call("POST", "/v1/games", body)  # dealt once: kept
    assert status == 201, again
    assert time.monotonic() - started_at < 5
