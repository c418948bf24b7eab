"""Rate limits per client address (:mod:`arbitre.gateway.rate_limits`), against the real
platform: a burst over a group's limit gets the gateway's JSON 429 with ``Retry-After`` while
another address and the other groups go on; the counters in a real Redis, shared by two
gateways, with a time to live; a Redis that does not answer leaves the limits counted in
memory; the routes left unlimited; the limits from the environment; the 429 in the OpenAPI
document on exactly the limited routes."""

from __future__ import annotations

import dataclasses
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from arbitre.gateway import GatewayConfig, create_app, openapi
from arbitre.gateway.rate_limits import (
    DEFAULT_LIMITS,
    GROUPS,
    KEY_PREFIX,
    NO_LIMITS,
    RateLimits,
    client_key,
    limit_variable,
)
from arbitre.services.platform import Platform
from tests.live_fixtures import cache_dir, platform, serving  # noqa: F401
from tests.network import free_port
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

EMPTY = ["." * 15] * 15
OTHER = {"REMOTE_ADDR": "192.0.2.7"}


def app_with(platform: Platform, **limits: Any) -> Flask:  # noqa: F811
    """The gateway in front of ``platform`` with only these limits (in memory unless a
    ``storage_uri`` is given)."""
    config = GatewayConfig.all_at(
        platform.address,
        internal_token=platform.gateway_token,
        rate_limits=dataclasses.replace(NO_LIMITS, **limits),
    )
    return create_app(config)


def is_429(response: Any, window_seconds: int = 60) -> int:
    """The ``Retry-After`` of a rate-limited response, checked to be the gateway's error and
    within the limit's window (a minute's by default), rounded up."""
    assert response.status_code == 429, response.data[:300]
    body = response.get_json()
    assert set(body) == {"error"}
    assert body["error"]["code"] == "rate_limited"
    assert "retry in" in body["error"]["message"]
    retry = int(response.headers["Retry-After"])
    assert 1 <= retry <= window_seconds + 1
    return retry


# -- a burst ---------------------------------------------------------------------------------------


def test_a_burst_of_creations_gets_429_and_other_clients_go_on(
    platform: Platform,  # noqa: F811
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    client = app_with(platform, create="3 per minute").test_client()
    statuses = [client.post("/v1/games", json={}).status_code for _ in range(3)]
    assert statuses == [201, 201, 201]
    refused = client.post("/v1/games", json={})
    is_429(refused)
    assert "creating games" in refused.get_json()["error"]["message"]
    assert "3 per 1 minute" in refused.get_json()["error"]["message"]
    # another address is not affected, nor the other routes of the same client
    assert client.post("/v1/games", json={}, environ_base=OTHER).status_code == 201
    created = client.post("/v1/games", json={}, environ_base={"REMOTE_ADDR": "192.0.2.8"})
    game_id = created.get_json()["game_id"]
    assert client.post(f"/v1/games/{game_id}/players", json={"name": "Zoé"}).status_code == 201
    assert client.get(f"/v1/games/{game_id}").status_code == 200
    assert client.post("/v1/solve", json={"board": EMPTY, "rack": "ABC"}).status_code == 200


def test_a_group_shares_its_limit_and_is_refused_before_the_body_is_read(
    platform: Platform,  # noqa: F811
) -> None:
    client = app_with(platform, analysis="2 per minute").test_client()
    assert client.post("/v1/solve", json={"board": EMPTY, "rack": "ABC"}).status_code == 200
    assert client.get("/v1/lexicons/fr/words/qi").status_code == 200
    for refused in (
        client.post("/v1/score", json={"board": EMPTY, "move": "H8 QI"}),
        client.get("/v1/lexicons/fr/search?anagrams=ETRIER"),
        client.post("/v1/solve", data="not json", content_type="application/json"),
    ):
        is_429(refused)
    assert client.get("/v1/lexicons").status_code == 200  # the list is not an analysis


def test_unlimited_routes_stay_open(platform: Platform) -> None:  # noqa: F811
    limits = {group: "1 per hour" for group in GROUPS}
    client = app_with(platform, **limits).test_client()
    game_id = client.post("/v1/games", json={}).get_json()["game_id"]
    for _ in range(3):
        for path in (
            "/healthz",
            "/metrics",
            "/v1/openapi.json",
            "/v1/lexicons",
            f"/v1/games/{game_id}",
            f"/v1/games/{game_id}/standings",
            f"/v1/games/{game_id}/record",
        ):
            assert client.get(path).status_code == 200, path


def test_the_429_is_counted_in_the_metrics(platform: Platform) -> None:  # noqa: F811
    client = app_with(platform, create="1 per minute").test_client()
    client.post("/v1/games", json={})
    is_429(client.post("/v1/games", json={}))
    metrics = client.get("/metrics").get_data(as_text=True)
    assert 'endpoint="/v1/games",method="POST",status="429"' in metrics


# -- over HTTP, as `arbitre up` serves it ----------------------------------------------------------


def test_over_http_the_429_has_retry_after(platform: Platform) -> None:  # noqa: F811
    app = app_with(platform, join="2 per minute")
    with serving(app) as base:

        def join(game_id: str) -> tuple[int, Any, Any]:
            request = urllib.request.Request(
                f"{base}/v1/games/{game_id}/players",
                json.dumps({"name": "Zoé"}).encode(),
                {"Content-Type": "application/json"},
            )
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    return response.status, response.headers, json.load(response)
            except urllib.error.HTTPError as error:
                return error.code, error.headers, json.load(error)

        create = urllib.request.Request(
            f"{base}/v1/games", b"{}", {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(create, timeout=30) as response:
            game_id = json.load(response)["game_id"]
        assert [join(game_id)[0] for _ in range(2)] == [201, 201]
        status, headers, body = join(game_id)
        assert status == 429
        assert body["error"]["code"] == "rate_limited"
        assert 1 <= int(headers.get("Retry-After")) <= 61


# -- Redis ---------------------------------------------------------------------------------------


def test_counted_in_redis_and_shared_by_two_gateways(
    platform: Platform,  # noqa: F811
    redis_url: str,  # noqa: F811
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    first = app_with(platform, create="2 per minute", storage_uri=redis_url).test_client()
    second = app_with(platform, create="2 per minute", storage_uri=redis_url).test_client()
    assert first.post("/v1/games", json={}).status_code == 201
    assert second.post("/v1/games", json={}).status_code == 201
    is_429(first.post("/v1/games", json={}))
    is_429(second.post("/v1/games", json={}))
    assert second.post("/v1/games", json={}, environ_base=OTHER).status_code == 201
    keys = list(redis_db.scan_iter(f"{KEY_PREFIX}:*"))
    assert keys, "no counter in Redis"
    assert all(0 < redis_db.ttl(key) <= 2 * 60 for key in keys)


def test_a_redis_that_does_not_answer_leaves_the_limits_in_memory(
    platform: Platform,  # noqa: F811
) -> None:
    dead = f"redis://127.0.0.1:{free_port()}/0"
    # A day's window: the three requests of a loaded machine never straddle two windows.
    client = app_with(platform, create="2 per day", storage_uri=dead).test_client()
    assert [client.post("/v1/games", json={}).status_code for _ in range(2)] == [201, 201]
    is_429(client.post("/v1/games", json={}), window_seconds=24 * 3600)


# -- configuration -------------------------------------------------------------------------------


def test_limits_from_the_environment() -> None:
    assert RateLimits.from_environment({}) == RateLimits()
    assert {group: RateLimits().limit(group) for group in GROUPS} == dict(DEFAULT_LIMITS)
    assert RateLimits.from_environment({"ARBITRE_RATE_LIMITS": "off"}) == NO_LIMITS
    assert not NO_LIMITS.enabled
    given = RateLimits.from_environment(
        {
            limit_variable("create"): "5 per minute",
            limit_variable("answer"): "off",
            "REDIS_URL": "redis://cache:6379/2",
        }
    )
    assert (given.create, given.answer, given.join) == ("5 per minute", "", DEFAULT_LIMITS["join"])
    assert given.storage_uri == "redis://cache:6379/2"
    unix = RateLimits.from_environment({"REDIS_URL": "unix:///run/redis.sock"})
    assert unix.storage_uri == "redis+unix:///run/redis.sock"
    assert limit_variable("analysis") == "ARBITRE_RATE_LIMIT_ANALYSIS"
    with pytest.raises(ValueError, match="ARBITRE_RATE_LIMIT_JOIN"):
        RateLimits.from_environment({limit_variable("join"): "often"})


def test_a_gateway_built_in_code_has_none_its_process_has_the_defaults() -> None:
    assert GatewayConfig().rate_limits == NO_LIMITS
    assert GatewayConfig.from_environment({}).rate_limits == RateLimits()


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("203.0.113.9", "203.0.113.9"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
        ("::ffff:203.0.113.9", "203.0.113.9"),
        (None, "unknown"),
    ],
)
def test_a_client_is_its_address_an_ipv6_one_its_network(address: str | None, key: str) -> None:
    app = Flask("probe")
    with app.test_request_context(environ_base={"REMOTE_ADDR": address}):
        assert client_key() == key


def test_the_429_is_documented_on_exactly_the_limited_routes(platform: Platform) -> None:  # noqa: F811
    app = app_with(platform, create="1 per minute")
    limited = set()
    for rule in app.url_map.iter_rules():
        if any(rule.endpoint in endpoints for endpoints in GROUPS.values()):
            path = rule.rule.replace("<", "{").replace(">", "}")
            for method in rule.methods or ():
                if method not in ("HEAD", "OPTIONS"):
                    limited.add((method.lower(), path))
    assert limited == openapi.LIMITED_PATHS
    document = openapi.document()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            assert ("429" in operation["responses"]) == ((method, path) in limited), path


@pytest.fixture
def client(platform: Platform) -> Iterator[FlaskClient]:  # noqa: F811
    app = app_with(platform, answer="1 per minute")
    yield app.test_client()
    app.extensions["arbitre.gateway"].close()


def test_actions_dry_runs_leave_and_next_share_one_limit(client: FlaskClient) -> None:
    created = client.post("/v1/games", json={"config": {"seconds_per_turn": 60}}).get_json()
    game_id, organiser = created["game_id"], created["organiser_token"]
    player = client.post(f"/v1/games/{game_id}/players", json={"name": "Zoé"}).get_json()
    bearer = {"Authorization": f"Bearer {organiser}"}
    assert client.post(f"/v1/games/{game_id}/start", headers=bearer).status_code == 200
    token = {"Authorization": f"Bearer {player['player_token']}"}
    actions = f"/v1/games/{game_id}/actions"
    first = client.post(
        actions, json={"action": {"move": "H8 A", "turn": 1}, "dry_run": True}, headers=token
    )
    assert first.status_code != 429
    for path, body in (
        (actions, {"action": {"move": "H8 A", "turn": 1}}),
        (actions, {"action": {"move": "H8 A"}, "dry_run": True}),
        (f"/v1/games/{game_id}/turns/1/next", None),
        (f"/v1/games/{game_id}/leave", None),
    ):
        is_429(client.post(path, json=body, headers=token))
    # the organiser's commands and the reads are not in the group
    assert client.post(f"/v1/games/{game_id}/pause", headers=bearer).status_code == 200
    assert client.get(f"/v1/games/{game_id}", headers=token).status_code == 200
