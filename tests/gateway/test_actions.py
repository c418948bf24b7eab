"""``POST /v1/games/{id}/actions`` served on the event loop (:mod:`arbitre.gateway.actions`):
over real HTTP it answers every request, good or bad, as the Flask route does (the same status,
body and headers, in the same order of checks), shares the ``answer`` group's rate limit with
the Flask routes of the group (in memory and in Redis), and counts in the request metrics."""

from __future__ import annotations

import dataclasses
import http.client
import json
import urllib.parse
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from arbitre.gateway import GatewayConfig, create_app
from arbitre.gateway.rate_limits import NO_LIMITS
from arbitre.services.platform import Platform
from tests.live_fixtures import cache_dir, platform, serving  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

CONFIG = {"language": "en", "rounds": 1, "round_seconds": 180, "seats": 3}


def app_with(platform: Platform, **limits: Any) -> Flask:  # noqa: F811
    config = GatewayConfig.all_at(
        platform.address,
        internal_token=platform.gateway_token,
        rate_limits=dataclasses.replace(NO_LIMITS, **limits),
    )
    return create_app(config)


@dataclasses.dataclass(frozen=True)
class Room:
    game_id: str
    organiser: str
    ana: str
    bob: str


def open_room(client: FlaskClient) -> Room:
    """A duel of three seats, two players, started."""
    created = client.post("/v1/games", json={"kind": "duel", "config": CONFIG}).get_json()
    game_id, organiser = created["game_id"], created["organiser_token"]
    tokens = [
        client.post(f"/v1/games/{game_id}/players", json={"name": name}).get_json()["player_token"]
        for name in ("Ana", "Bob")
    ]
    started = client.post(
        f"/v1/games/{game_id}/start", headers={"Authorization": f"Bearer {organiser}"}
    )
    assert started.status_code == 200, started.get_json()
    return Room(game_id, organiser, *tokens)


@dataclasses.dataclass(frozen=True)
class Answer:
    status: int
    body: Any
    headers: dict[str, str]


def over_http(
    base: str, path: str, body: bytes | None, headers: dict[str, str], chunked: bool = False
) -> Answer:
    """A POST over real HTTP (``chunked``: the body sent without a length)."""
    address = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=30)
    try:
        if chunked:
            connection.putrequest("POST", path)
            for name, value in {**headers, "Transfer-Encoding": "chunked"}.items():
                connection.putheader(name, value)
            connection.endheaders()
            data = body or b""
            for start in range(0, len(data), 65536):
                piece = data[start : start + 65536]
                connection.send(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            connection.send(b"0\r\n\r\n")
        else:
            connection.request("POST", path, body, headers)
        response = connection.getresponse()
        return Answer(
            response.status,
            json.loads(response.read()),
            {name.lower(): value for name, value in response.getheaders()},
        )
    finally:
        connection.close()


def through_flask(
    client: FlaskClient, path: str, body: bytes | None, headers: dict[str, str]
) -> Answer:
    response = client.post(path, data=body, headers=headers)
    return Answer(
        response.status_code,
        response.get_json(),
        {name.lower(): value for name, value in response.headers.items()},
    )


def same(native: Answer, flask: Answer) -> None:
    """The two answers agree: status, body, and the headers a client acts on."""
    assert (native.status, native.body) == (flask.status, flask.body)
    for name in ("content-type", "www-authenticate", "retry-after", "x-content-type-options"):
        assert native.headers.get(name) == flask.headers.get(name), name


@pytest.fixture(scope="module")
def served(platform: Platform) -> Iterator[tuple[FlaskClient, str]]:  # noqa: F811
    app = app_with(platform)
    with serving(app) as base:
        yield app.test_client(), base
    app.extensions["arbitre.gateway"].close()


def test_every_refusal_is_the_flask_routes(served: tuple[FlaskClient, str]) -> None:
    client, base = served
    room = open_room(client)
    actions = f"/v1/games/{room.game_id}/actions"
    json_type = {"Content-Type": "application/json"}
    ana = {**json_type, "Authorization": f"Bearer {room.ana}"}
    guess = json.dumps({"action": {"guess": "crane", "round": 1}}).encode()
    cases: list[tuple[str, bytes | None, dict[str, str]]] = [
        (actions, guess, {"Authorization": f"Bearer {room.ana}"}),  # no media type: 415
        (actions, guess, {**ana, "Content-Type": "text/plain"}),
        (actions, b"", ana),
        (actions, b"{", ana),
        (actions, b"[1]", ana),
        (actions, b'{"action": {}, "action": {}}', ana),
        (actions, b'{"action": NaN}', ana),
        (actions, b"{}", ana),
        (actions, b'{"action": 3}', ana),
        (actions, b'{"action": {}, "extra": 1}', ana),
        (actions, b'{"action": {}, "request_id": "no spaces"}', ana),
        (actions, b'{"action": {}, "request_id": "r1", "dry_run": true}', ana),
        (actions, guess, json_type),  # no token: 401
        (actions, guess, {**json_type, "Authorization": "Basic abc"}),
        (actions, guess, {**json_type, "Authorization": "Bearer not-a-player"}),
        ("/v1/games/not%20a%20game/actions", guess, ana),
        ("/v1/games/AAAAAAAAAAAA/actions", guess, ana),  # well formed, unknown
        (actions, b'{"action": {"guess": 3, "round": 1}}', ana),
        (actions, b'{"action": {"move": "H8 A"}}', ana),
        (actions, b'{"action": {"guess": "zzzzz", "round": 1}}', ana),  # not_in_list
        (actions, b'{"action": {"guess": "crane", "round": 2}}', ana),  # wrong_round
        (actions, b'{"action": {"guess": "crane", "round": 1}, "dry_run": true}', ana),
        (actions, b'{"action": {"guess": "cr", "round": 1}}', ana),
        (actions, b" " * (300 * 1024), ana),  # past the gateway's 256 KB: 413
    ]
    for path, body, headers in cases:
        native = over_http(base, path, body, headers)
        assert native.status >= 400, (path, body[:40] if body else body)
        same(native, through_flask(client, path, body, headers))
    chunked = over_http(base, actions, b" " * (300 * 1024), ana, chunked=True)
    assert (chunked.status, chunked.body["error"]["code"]) == (413, "payload_too_large")
    small = over_http(base, actions, b'{"action": 3}', ana, chunked=True)
    assert (small.status, small.body["error"]["code"]) == (400, "bad_request")
    # a game taking no actions: a duplicate game waiting
    duplicate = client.post("/v1/games", json={}).get_json()
    joined = client.post(f"/v1/games/{duplicate['game_id']}/players", json={"name": "Zoé"})
    token = {**json_type, "Authorization": f"Bearer {joined.get_json()['player_token']}"}
    path = f"/v1/games/{duplicate['game_id']}/actions"
    body = json.dumps({"action": {"move": "H8 AA", "turn": 1}}).encode()
    same(over_http(base, path, body, token), through_flask(client, path, body, token))


def test_a_guess_is_taken_once_whichever_route_serves_it(served: tuple[FlaskClient, str]) -> None:
    client, base = served
    room = open_room(client)
    actions = f"/v1/games/{room.game_id}/actions"
    bob = {"Content-Type": "application/json", "Authorization": f"Bearer {room.bob}"}
    body = json.dumps({"action": {"guess": "crane", "round": 1}, "request_id": "b-1"}).encode()
    first = over_http(base, actions, body, bob)
    assert first.status == 200
    assert (first.body["replayed"], first.body["result"]["row"]) == (False, 0)
    assert first.headers["content-type"] == "application/json"
    again = through_flask(client, actions, body, bob)
    assert again.status == 200
    assert again.body == {**first.body, "replayed": True}
    same(over_http(base, actions, body, bob), again)
    second = json.dumps({"action": {"guess": "crane", "round": 1}}).encode()
    refused = over_http(base, actions, second, bob)
    assert (refused.status, refused.body["error"]["code"]) == (409, "already_tried")
    state = client.get(
        f"/v1/games/{room.game_id}", headers={"Authorization": f"Bearer {room.bob}"}
    ).get_json()
    assert len(state["view"]["you"]["grid"]["rows"]) == 1
    metrics = client.get("/metrics").get_data(as_text=True)
    route, ok = 'endpoint="/v1/games/<game_id>/actions"', 'status="200"'
    assert any(
        row.startswith("arbitre_gateway_requests_total") and route in row and ok in row
        for row in metrics.splitlines()
    )


@pytest.mark.parametrize("in_redis", [False, True])
def test_the_native_route_shares_the_answer_groups_limit(
    platform: Platform,  # noqa: F811
    redis_url: str,  # noqa: F811
    redis_db: redis.Redis,  # noqa: F811
    in_redis: bool,
) -> None:
    storage = {"storage_uri": redis_url} if in_redis else {}
    app = app_with(platform, answer="3 per hour", **storage)
    client = app_with(platform).test_client()  # no limit: to set the room up
    room = open_room(client)
    token = {"Content-Type": "application/json", "Authorization": f"Bearer {room.ana}"}
    actions = f"/v1/games/{room.game_id}/actions"
    guess = json.dumps({"action": {"guess": "crane", "round": 1}}).encode()
    with serving(app) as base:
        assert over_http(base, actions, guess, token).status == 200
        assert over_http(base, actions, b"{}", token).status == 400  # counted: a bad request too
        leave = over_http(base, f"/v1/games/{room.game_id}/leave", None, token)
        assert leave.status == 200, leave.body
        refused = over_http(base, actions, guess, token)
        assert refused.status == 429
        assert refused.body["error"]["code"] == "rate_limited"
        assert "at most 3 per 1 hour" in refused.body["error"]["message"]
        assert 1 <= int(refused.headers["retry-after"]) <= 3601
        flask_refused = over_http(base, f"/v1/games/{room.game_id}/turns/1/next", None, token)
        assert flask_refused.status == 429
        said = [
            r.body["error"]["message"].partition("; retry in")[0] for r in (refused, flask_refused)
        ]
        assert said[0] == said[1]
    app.extensions["arbitre.gateway"].close()


def test_actions_arriving_together_share_calls_and_each_gets_its_own_outcome(
    served: tuple[FlaskClient, str],
) -> None:
    """Sixty players guess at once over HTTP (one of them a word not in the list, one with a
    stolen token): each gets the answer a call of its own would give, and the gateway sent them
    in fewer calls than guesses (its batch-size histogram says so)."""
    client, base = served
    created = client.post(
        "/v1/games", json={"kind": "duel", "config": {**CONFIG, "seats": 0}}
    ).get_json()
    game_id = created["game_id"]
    tokens = [
        client.post(f"/v1/games/{game_id}/players", json={"name": f"p{n}"}).get_json()[
            "player_token"
        ]
        for n in range(60)
    ]
    bearer = {"Authorization": f"Bearer {created['organiser_token']}"}
    assert client.post(f"/v1/games/{game_id}/start", headers=bearer).status_code == 200
    before = batches(client)
    words = ["crane"] * 58 + ["zzzzz", "crane"]
    senders = [*tokens[:59], created["organiser_token"]]  # the organiser is no player

    def send(pair: tuple[str, str]) -> Answer:
        token, word = pair
        body = json.dumps({"action": {"guess": word, "round": 1}}).encode()
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
        return over_http(base, f"/v1/games/{game_id}/actions", body, headers)

    with ThreadPoolExecutor(60) as pool:
        answers = list(pool.map(send, zip(senders, words, strict=True)))
    assert [a.status for a in answers] == [200] * 58 + [409, 403]
    assert all(a.body["result"]["letters"] == "CRANE" for a in answers[:58])
    assert answers[58].body["error"]["code"] == "not_in_list"
    assert answers[59].body["error"]["message"] == "not a player's token for this game"
    calls, carried = (
        after - earlier for after, earlier in zip(batches(client), before, strict=True)
    )
    assert carried == 60
    assert calls < 60


def batches(client: FlaskClient) -> tuple[float, float]:
    """The gateway's ActBatch calls so far and the actions they carried."""
    metrics = client.get("/metrics").get_data(as_text=True).splitlines()
    found = {
        line.split()[0]: float(line.split()[1])
        for line in metrics
        if line.startswith("arbitre_gateway_action_batch_size_")
    }
    return found.get("arbitre_gateway_action_batch_size_count", 0.0), found.get(
        "arbitre_gateway_action_batch_size_sum", 0.0
    )
