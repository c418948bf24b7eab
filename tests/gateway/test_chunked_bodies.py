"""Request bodies sent chunked (``Transfer-Encoding: chunked``, no ``Content-Length``) over a
real server, uvicorn as ``arbitre up`` serves the gateway
(:func:`arbitre.gateway.serving.serving_in_thread`), in front of the real platform: read whole
(issue 13: they were read as empty, a 400 "empty body"), up to the size limit, a 413 past it."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.gateway import GatewayConfig, create_app
from arbitre.gateway.serving import serving_in_thread
from arbitre.rules import Board
from arbitre.services.platform import Platform
from tests.live_fixtures import cache_dir, platform  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

EMPTY = ["." * 15] * 15
#: A small limit, so that a body past it is quick to send.
MAX_BYTES = 4096


@pytest.fixture(scope="module")
def base(platform: Platform) -> Iterator[str]:  # noqa: F811
    config = GatewayConfig.all_at(
        platform.address, internal_token=platform.gateway_token, max_request_bytes=MAX_BYTES
    )
    app = create_app(config)
    with serving_in_thread(app) as url:
        yield url
    app.extensions["arbitre.gateway"].close()


def post_chunked(base: str, path: str, body: bytes, chunk: int = 100) -> tuple[int, Any]:
    """POST ``body`` in chunks of ``chunk`` bytes, with no Content-Length: status and JSON."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        pieces = (body[start : start + chunk] for start in range(0, len(body), chunk))
        connection.request(
            "POST",
            path,
            body=pieces,
            headers={"Content-Type": "application/json"},
            encode_chunked=True,
        )
        response = connection.getresponse()
        assert response.getheader("Content-Length") is not None or response.chunked
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_a_chunked_body_is_read_whole(base: str) -> None:
    status, body = post_chunked(
        base, "/v1/solve", json.dumps({"board": EMPTY, "rack": "EEUESI?"}).encode()
    )
    assert status == 200, body
    engine = MoveGenerator(load_lexicon("fr")).top(Board.empty(), "EEUESI?")
    assert body["best_score"] == engine.best_score == 64


def test_a_chunked_game_creation_and_join(base: str, redis_db: Any) -> None:  # noqa: F811
    status, created = post_chunked(base, "/v1/games", b'{"title": "Chunked", "seed": 7}', 5)
    assert status == 201, created
    assert created["game"]["title"] == "Chunked"
    path = f"/v1/games/{created['game_id']}/players"
    status, joined = post_chunked(base, path, json.dumps({"name": "Zoé"}).encode(), 3)
    assert status == 201, joined


def test_a_chunked_body_up_to_the_limit_is_read_past_it_a_413(base: str) -> None:
    body = json.dumps({"board": EMPTY, "rack": "EEUESI?"}).encode()
    exactly = body[:-1] + b" " * (MAX_BYTES - len(body)) + b"}"
    assert len(exactly) == MAX_BYTES
    status, answer = post_chunked(base, "/v1/solve", exactly, 1000)
    assert status == 200, answer
    status, answer = post_chunked(base, "/v1/solve", exactly[:-1] + b" }", 1000)
    assert status == 413
    assert answer["error"]["code"] == "payload_too_large"
    status, answer = post_chunked(base, "/v1/solve", b" " * (10 * MAX_BYTES), 4096)
    assert status == 413


def test_an_empty_chunked_body_is_still_refused(base: str) -> None:
    status, answer = post_chunked(base, "/v1/solve", b"")
    assert status == 400
    assert answer["error"]["code"] == "bad_json"
