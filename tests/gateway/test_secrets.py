"""Nothing secret before its time, over HTTP: every route and event of a game, asked as one of
its players and anonymously at every moment of the game, holds no seed, no tirage of a turn to
come and no top before its reveal; the seed's commitment, published at the creation, checks
against the seed revealed at the end.

The game is created without a seed (as any organiser would), its seed is read from Redis, and
the local engine plays the same game to know its future: what the responses must not show."""

from __future__ import annotations

import dataclasses
import json
import time
import urllib.error
import urllib.request

import redis

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules import GameConfig
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import preset
from arbitre.rules.game_package import prepare_package
from arbitre.rules.sealed_package import seal_package
from arbitre.rules.seed_commitment import verify
from arbitre.services.game_keys import GameKeys
from tests.gateway import test_games
from tests.gateway.test_games import EventLog, Http, choices, wait_for_turn
from tests.live_fixtures import cache_dir, platform  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

# The gateway tests' fixtures: the platform, its gateway over HTTP, the tests' Redis.
live_app = test_games.live_app
base = test_games.base

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
    config = GameConfig.from_mapping(created["game"]["config"])
    future = future_of(config, seed)
    status, joined = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Zoé"})
    token = joined["player_token"]
    _status, other = http.call("POST", f"/v1/games/{game_id}/players", {"name": "Yann"})
    events = EventLog(f"{base}/v1/games/{game_id}/events")
    events.start()

    def look(turn: int) -> list[tuple[str, str]]:
        """Every read route of the game, anonymously and as the player: (route, text)."""
        routes = [
            f"/v1/games/{game_id}",
            f"/v1/games/{game_id}/record",
            f"/v1/games/{game_id}/sheet",
            f"/v1/games/{game_id}/standings",
            f"/v1/games/{game_id}/results",
            f"/v1/games/{game_id}/turns/{max(turn, 1)}?best=20",
            f"/v1/games/{game_id}/turns/{turn + 1}",
        ]
        return [(route, read(base + route, who)) for route in routes for who in ("", token)]

    def secrets_at(turn: int) -> list[str]:
        """What must not show while ``turn`` is open (0: before the start): the seed, the
        tirages of the turns after it, the tops of it and after."""
        later = [rack for rack, _ in future[turn:]]
        tops = [top for _, top in future[max(turn - 1, 0) :]]
        return [str(seed), *later, *tops]

    def leaks(turn: int, seen: list[tuple[str, str]]) -> list[str]:
        return [
            f"{route}: {secret}"
            for route, text in seen
            for secret in secrets_at(turn)
            if secret in text
        ]

    assert leaks(0, [("create", json.dumps(created)), ("join", json.dumps(joined))]) == []
    assert leaks(0, look(0)) == []
    status, started = http.call("POST", f"/v1/games/{game_id}/start", token=organiser)
    assert status == 200
    assert leaks(1, [("start", json.dumps(started))]) == []
    for turn in range(1, len(future) + 1):
        state = wait_for_turn(http, game_id, turn)
        if state["status"] == "over":
            break
        assert state["rack"] == future[turn - 1][0]
        assert leaks(turn, look(turn)) == []
        _top, lesser = choices(state)
        status, answered = http.call(
            "POST", f"/v1/games/{game_id}/turns/{turn}/answers", {"move": lesser}, token=token
        )
        assert status == 200, answered
        assert leaks(turn, [("answer", json.dumps(answered))]) == []
        assert leaks(turn, look(turn)) == []  # one answer in, the turn still open
        http.call(
            "POST",
            f"/v1/games/{game_id}/turns/{turn}/answers",
            {"move": lesser},
            token=other["player_token"],
        )
    give_up = time.monotonic() + 60
    while http.call("GET", f"/v1/games/{game_id}", keep=False)[1]["status"] != "over":
        assert time.monotonic() < give_up
        time.sleep(0.05)

    # The stream: no tirage before its turn_started, no top before its turn_revealed, no seed.
    events.join(timeout=30)
    opened = 0
    for _at, kind, data in events.events():
        text = json.dumps(data, ensure_ascii=False)
        if kind == "turn_started":
            opened = data["turn"]
        if kind == "turn_revealed":
            assert data["top"]["move"] == future[data["turn"] - 1][1]
            continue
        if kind in ("game_over",):
            continue
        assert [secret for secret in secrets_at(opened) if secret in text] == [], (kind, text)

    # At the end, the seed comes out, with what proves it is the one committed to.
    status, record = http.call("GET", f"/v1/games/{game_id}/record")
    assert record["seed"] == seed
    assert record["seed_commitment"] == committed
    assert verify(committed, record["seed"], record["seed_salt"])
    assert [turn["rack"] for turn in record["turns"]] == [rack for rack, _ in future]
    assert record["end"] is not None


def test_the_live_position_of_a_refereed_game_is_not_analysed(
    base: str,
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
    board, rack = state["board"], state["rack"]
    top, lesser = choices(state)
    status, refused = http.call("POST", "/v1/solve", {"board": board, "rack": rack[::-1]})
    assert (status, refused["error"]["code"]) == (403, "refereed_position")
    status, refused = http.call("POST", "/v1/score", {"board": board, "move": lesser})
    assert (status, refused["error"]["code"]) == (403, "refereed_position")
    status, refused = http.call("POST", "/v1/score", {"board": board, "move": top, "rack": rack})
    assert status == 403
    status, _ = http.call("POST", "/v1/solve", {"board": board, "rack": "QUIXOTE"})
    assert status == 200  # another position
    http.call(
        "POST",
        f"/v1/games/{game_id}/turns/1/answers",
        {"move": lesser},
        token=joined["player_token"],
    )
    give_up = time.monotonic() + 60
    while http.call("GET", f"/v1/games/{game_id}", keep=False)[1]["status"] != "over":
        assert time.monotonic() < give_up
        time.sleep(0.05)
    status, solved = http.call("POST", "/v1/solve", {"board": board, "rack": rack})
    assert status == 200  # revealed: anyone may study it now
    assert top in solved["best_moves"]


def test_a_sealed_package_over_http(base: str) -> None:
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
    status, _record = http.call("GET", f"/v1/games/{game_id}/record")
    assert status == 409
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
    assert (started["sealed"], started["rack"]) == (False, racks[0])
