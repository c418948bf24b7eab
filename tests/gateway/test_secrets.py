"""Nothing secret before its time, over HTTP, for a duplicate game on the game kinds' seam:
every route and event of a game, asked anonymously and as each of its players at every moment
of the game, holds no seed, no tirage of a turn to come, no top before its reveal and no other
player's answer before the reveal; every response a player receives (their answers and dry
runs included) is checked as well. The seed's commitment, published at the creation, checks
against the seed revealed at the end.

The game is created without a seed (as any organiser would), its seed is read from Redis, and
the local engine plays the same game to know its future: what the responses must not show."""

from __future__ import annotations

import dataclasses
import json
import re
import time
import urllib.error
import urllib.request
from typing import Any

import redis

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules import Board, GameConfig
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import preset
from arbitre.rules.game_package import prepare_package
from arbitre.rules.kinds.duplicate.config import read_config
from arbitre.rules.sealed_package import seal_package
from arbitre.rules.seed_commitment import verify
from arbitre.services.game_keys import GameKeys
from tests.gateway.test_games import EventLog, Http, choices, generator, shows, wait_for_turn
from tests.live_fixtures import base, cache_dir, live_app, platform  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

TURNS = 4


def read(url: str, token: str = "") -> str:
    """The text of a GET, whatever its status."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
            return str(response.read().decode())
    except urllib.error.HTTPError as error:
        return str(error.read().decode())


def future_of(config: GameConfig, seed: int) -> list[tuple[str, str]]:
    """(tirage, top) of every turn of the game of the tops from ``seed``."""
    game = DuplicateGame(config, seed, MoveGeneratorReferee(load_lexicon(config.lexicon), config))
    turns = []
    while (draw := game.start_turn()) is not None:
        top = game.current_top
        assert top is not None
        turns.append((draw.notation, top.move.notation()))
        game.close_turn()
    return turns


def on_sheet(move: str, text: str) -> bool:
    """Whether ``text`` shows ``move`` as a game sheet line does (``| FANAT | H4 |``)."""
    position, _, word = move.partition(" ")
    return re.search(rf"\| {re.escape(word)} +\| {re.escape(position)} +\|", text) is not None


def two_answers(state: dict[str, Any], top: str) -> tuple[str, str]:
    """Two distinct moves of the open turn below its ``top``, and neither a part of the other
    (so that one never shows inside the other)."""
    view = state["view"]
    rack = view["rack"].replace("+", "").replace("-", "")
    moves = generator().prepare(Board.from_rows(view["board"])).moves(rack)
    below = [move.notation for move in moves if move.notation != top]
    first = below[len(below) // 2]
    second = next(m for m in below if m != first and not shows(m, first) and not shows(first, m))
    return first, second


def test_no_route_nor_event_shows_the_future(base: str, redis_db: redis.Redis) -> None:  # noqa: F811
    http = Http(base)
    status, created = http.call(
        "POST", "/v1/games", {"config": {"max_turns": TURNS, "seconds_per_turn": 20}}
    )
    assert status == 201
    game_id, organiser = created["game_id"], created["organiser_token"]
    committed = created["game"]["seed_commitment"]
    assert len(committed) == 64
    seed = int(redis_db.hget(GameKeys(game_id).game, "seed") or -1)
    salt = str(redis_db.hget(GameKeys(game_id).game, "seed_salt"))
    config = read_config(created["game"]["view"]["config"]).game
    future = future_of(config, seed)
    tokens: dict[str, str] = {}
    joins = []
    for name in ("Zoé", "Yann"):
        status, joined = http.call("POST", f"/v1/games/{game_id}/players", {"name": name})
        assert status == 201, joined
        tokens[name] = joined["player_token"]
        joins.append(joined)
    events = EventLog(f"{base}/v1/games/{game_id}/events")
    events.start()
    zoe_events = EventLog(f"{base}/v1/games/{game_id}/events", tokens["Zoé"])
    zoe_events.start()
    #: Each player's answer to the open turn, once given: the other one's secret until the reveal.
    answered: dict[str, str] = {}
    #: Both players' answers, by turn.
    given: dict[int, dict[str, str]] = {}

    def look(turn: int) -> list[tuple[str, str, str]]:
        """Every read route of the game, anonymously and as each player: (route, who, text)."""
        routes = [
            f"/v1/games/{game_id}",
            f"/v1/games/{game_id}/record",
            f"/v1/games/{game_id}/sheet",
            f"/v1/games/{game_id}/standings",
            f"/v1/games/{game_id}/results",
            f"/v1/games/{game_id}/turns/{max(turn, 1)}?best=20",
            f"/v1/games/{game_id}/turns/{turn + 1}",
        ]
        return [
            (route, who, read(base + route, tokens.get(who, "")))
            for route in routes
            for who in ("", *tokens)
        ]

    def secrets_at(turn: int, who: str = "") -> tuple[list[str], list[str]]:
        """What must not show to ``who`` (``""``: anybody) while ``turn`` is open (0: before
        the start): the seed, its salt and the tirages of the turns after it (texts), the tops
        of it and after and the answers the other players gave to it (moves)."""
        later = [str(seed), salt, *(rack for rack, _ in future[turn:])]
        tops = [top for _, top in future[max(turn - 1, 0) :]]
        others = [move for player, move in answered.items() if player != who]
        return later, [*tops, *others]

    def leaks(turn: int, seen: list[tuple[str, str, str]]) -> list[str]:
        found = []
        for route, who, text in seen:
            texts, moves = secrets_at(turn, who)
            shown = [secret for secret in texts if secret in text]
            shown += [move for move in moves if shows(move, text) or on_sheet(move, text)]
            found += [f"{route} as {who or 'anybody'}: {secret}" for secret in shown]
        return found

    assert leaks(0, [("create", "", json.dumps(created))]) == []
    assert leaks(0, [("join", "", json.dumps(joined)) for joined in joins]) == []
    assert leaks(0, look(0)) == []
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 200
    assert leaks(1, [("start", "", json.dumps(started))]) == []
    for turn in range(1, len(future) + 1):
        answered.clear()
        state = wait_for_turn(http, game_id, turn)
        if state["status"] == "over":
            break
        assert state["view"]["rack"] == future[turn - 1][0]
        assert leaks(turn, [("state", "", json.dumps(state))]) == []
        assert leaks(turn, look(turn)) == []
        top, _lesser = choices(state)
        moves = dict(zip(tokens, two_answers(state, top), strict=True))
        given[turn] = moves
        for who in tokens:
            body = {"action": {"move": moves[who], "turn": turn}, "dry_run": True}
            status, tried = http.call("POST", f"/v1/games/{game_id}/actions", body, tokens[who])
            assert status == 200, tried
            assert leaks(turn, [("dry run", who, json.dumps(tried))]) == []
        body = {"action": {"move": moves["Zoé"], "turn": turn}, "request_id": f"z{turn}"}
        status, answer = http.call("POST", f"/v1/games/{game_id}/actions", body, tokens["Zoé"])
        assert status == 200, answer
        answered["Zoé"] = moves["Zoé"]
        assert leaks(turn, [("answer", "Zoé", json.dumps(answer))]) == []
        assert leaks(turn, look(turn)) == []  # one answer in, the turn still open
        status, mine = http.call("GET", f"/v1/games/{game_id}", token=tokens["Zoé"])
        assert mine["view"]["my_answer"]["move"] == moves["Zoé"]  # hers to see: no leak
        assert leaks(turn, [("state", "Zoé", json.dumps(mine))]) == []
        body = {"action": {"move": moves["Yann"], "turn": turn}, "request_id": f"y{turn}"}
        status, answer = http.call("POST", f"/v1/games/{game_id}/actions", body, tokens["Yann"])
        assert status == 200, answer
        answered["Yann"] = moves["Yann"]
        assert leaks(turn, [("answer", "Yann", json.dumps(answer))]) == []
        # Both answered: the turn closes at once, so what follows is checked by the stream.
    give_up = time.monotonic() + 60
    while http.call("GET", f"/v1/games/{game_id}")[1]["status"] != "over":
        assert time.monotonic() < give_up
        time.sleep(0.05)

    # The streams: no tirage before its turn_started, no top nor answer before its
    # turn_revealed, no seed.
    answered.clear()
    for log in (events, zoe_events):
        log.join(timeout=30)
        opened = 0
        for _at, kind, data in log.events():
            text = json.dumps(data, ensure_ascii=False)
            if kind == "turn_started":
                opened = data["turn"]
            if kind == "turn_revealed":
                assert data["top"]["move"] == future[data["turn"] - 1][1]
                continue
            if kind in ("game_over",):
                continue
            texts, hidden = secrets_at(opened)
            hidden += given.get(opened, {}).values()  # every answer to the open turn
            shown = [s for s in texts if s in text] + [m for m in hidden if shows(m, text)]
            assert shown == [], (kind, text)
        assert [kind for _, kind, _ in log.events()].count("turn_revealed") == len(future)

    # At the end, the seed comes out, with what proves it is the one committed to at the
    # creation: the commitment and the seed's salt, beside the record.
    status, found = http.call("GET", f"/v1/games/{game_id}/record")
    record = found["record"]
    assert record["seed"] == seed
    assert [turn["rack"] for turn in record["turns"]] == [rack for rack, _ in future]
    assert record["end"] is not None
    assert (found["seed_commitment"], found["seed_salt"]) == (committed, salt)
    assert verify(committed, record["seed"], found["seed_salt"])
    status, state = http.call("GET", f"/v1/games/{game_id}")
    assert state["seed_commitment"] == committed


def test_the_live_position_of_a_refereed_game_is_not_analysed(
    base: str,  # noqa: F811
) -> None:
    http = Http(base)
    status, created = http.call(
        "POST",
        "/v1/games",
        {"config": {"max_turns": 1, "seconds_per_turn": 60}, "refereed": True},
    )
    assert status == 201
    assert created["game"]["refereed"] is True
    game_id, organiser = created["game_id"], created["organiser_token"]
    _status, joined = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Zoé"})
    _status, state = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    board, rack = state["view"]["board"], state["view"]["rack"]
    top, lesser = choices(state)
    status, refused = http.call("POST", "/v1/solve", {"board": board, "rack": rack[::-1]})
    assert (status, refused["error"]["code"]) == (403, "refereed_position")
    status, refused = http.call("POST", "/v1/score", {"board": board, "move": lesser})
    assert (status, refused["error"]["code"]) == (403, "refereed_position")
    status, refused = http.call("POST", "/v1/score", {"board": board, "move": top, "rack": rack})
    assert status == 403
    status, _ = http.call("POST", "/v1/solve", {"board": board, "rack": "QUIXOTE"})
    assert status == 200  # another position
    status, answered = http.call(
        "POST",
        f"/v1/games/{game_id}/actions",
        {"action": {"move": lesser, "turn": 1}, "request_id": "z1"},
        token=joined["player_token"],
    )
    assert status == 200, answered
    give_up = time.monotonic() + 60
    while http.call("GET", f"/v1/games/{game_id}")[1]["status"] != "over":
        assert time.monotonic() < give_up
        time.sleep(0.05)
    status, solved = http.call("POST", "/v1/solve", {"board": board, "rack": rack})
    assert status == 200  # revealed: anyone may study it now
    assert top in solved["best_moves"]


def test_a_sealed_package_over_http(base: str) -> None:  # noqa: F811
    config = dataclasses.replace(preset("online"), max_turns=2, seconds_per_turn=30)
    lexicon = load_lexicon(config.lexicon)
    game = DuplicateGame(config, 11, MoveGeneratorReferee(lexicon, config))
    game.play_to_end()
    package = prepare_package(game, lexicon.info.id, lexicon.info.hash, "Sealed over HTTP")
    sealed, key = seal_package(package)
    http = Http(base)
    status, created = http.call("POST", "/v1/games", {"package": sealed})
    assert status == 201, created
    assert created["game"]["sealed"] is True
    game_id, organiser = created["game_id"], created["organiser_token"]
    http.call("POST", f"/v1/games/{game_id}/players", {"name": "Zoé"})
    racks = [turn["rack"] for turn in package["record"]["turns"]]
    status, found = http.call("GET", f"/v1/games/{game_id}/record")
    assert status in (200, 409)  # unopened: nothing to record, or nothing said (409)
    if status == 200:
        assert (found["record"]["turns"], found["record"]["seed"]) == ([], None)
        assert not [rack for rack in racks if rack in json.dumps(found)]
    assert not [rack for rack in racks if rack in json.dumps(created)]
    status, refused = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 409
    assert "release key" in refused["error"]["message"]
    _other, wrong = seal_package(package)
    path = f"/v1/games/{game_id}/package-key"
    status, refused = http.call("POST", path, {"release_key": wrong.text()}, token=organiser)
    assert status == 400
    assert "bad_release_key" in refused["error"]["message"]
    status, _ = http.call("POST", path, {"release_key": key.text()})
    assert status == 401  # the organiser's, only
    status, released = http.call("POST", path, {"release_key": key.text()}, token=organiser)
    assert status == 200
    assert (released["sealed"], released["key_released"]) == (True, True)
    status, started = http.call("POST", f"/v1/games/{game_id}/start", {}, token=organiser)
    assert status == 200, started
    assert (started["sealed"], started["view"]["rack"]) == (False, racks[0])
