"""The HTTP gateway over real gRPC servers on free ports (the four services of the platform, over
a real Redis): every analysis endpoint against the engine, every error class, services going
down or hanging, API keys, the OpenAPI document against the routes (and the game routes'
answers against its schemas), the metrics, a fuzz of random bodies, and
``python -m arbitre.gateway`` as a process. The game routes are played whole in
``test_games.py`` and fuzzed from the document in ``test_fuzz.py``."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import grpc
import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from arbitre.engine import search
from arbitre.engine.analysis import Analyst
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import TIE_BREAK_KEYS, MoveGenerator
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.gateway import GatewayConfig, create_app, openapi
from arbitre.gateway.app import PEERS
from arbitre.gateway.asgi import EVENTS_RULE
from arbitre.gateway.errors import grpc_error
from arbitre.gateway.openapi import TIE_BREAK_KEYS as DOCUMENTED_TIE_BREAK_KEYS
from arbitre.gateway.rate_limits import RateLimits
from arbitre.rules import Board
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import INTEGER_RANGES, preset
from arbitre.rules.game_package import prepare_package
from arbitre.rules.kinds.duplicate.config import seats_refusal
from arbitre.rules.tiles import tile_set
from arbitre.services import scoring
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import connect
from arbitre.services.server import Registration, start
from arbitre.v1 import scoring_pb2_grpc
from tests.boards import board_with
from tests.live_fixtures import gateway_process
from tests.network import free_port
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

EMPTY = ["." * 15] * 15
MIDGAME = list(board_with((7, "...FABAcEE....."), (8, "......KIEF.....")).rows())
ROOT = Path(__file__).resolve().parents[2]


# -- fixtures ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One lexicon cache for the module, also seen by the servers it starts."""
    path = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ARBITRE_CACHE_DIR", str(path))
        yield path


def start_services(url: str) -> Platform:
    """The four services (movegen, dictionary, scoring, session) on one server on a free port,
    the session's games in the Redis of ``url``."""
    return start_platform(LexiconRegistry(), connect(url))


def config_for(services: Platform | str, **options: Any) -> GatewayConfig:
    """The gateway calling every service of ``services`` (a platform, with the gateway's
    credential, or the address of services that run open) unless ``options`` say otherwise."""
    if isinstance(services, str):
        return GatewayConfig.all_at(services, **options)
    token = services.gateway_token
    return GatewayConfig.all_at(services.address, **{"internal_token": token, **options})


@pytest.fixture(scope="module")
def server(cache: Path, redis_url: str) -> Iterator[Platform]:  # noqa: F811
    running = start_services(redis_url)
    yield running
    running.stop(0)


@pytest.fixture(scope="module")
def app(server: Platform) -> Iterator[Flask]:
    made = create_app(config_for(server))
    made.testing = True
    yield made
    made.extensions["arbitre.gateway"].close()


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="module")
def document(client: FlaskClient) -> dict[str, Any]:
    response = client.get("/v1/openapi.json")
    assert response.status_code == 200
    loaded: dict[str, Any] = json.loads(response.data)
    return loaded


def conforms(document: dict[str, Any], schema: str, body: object) -> None:
    """``body`` validates against the document's component ``schema``."""
    jsonschema = pytest.importorskip("jsonschema")
    root = {"$ref": f"#/components/schemas/{schema}", "components": document["components"]}
    jsonschema.Draft202012Validator(root).validate(body)


def error_of(response: Any, status: int) -> dict[str, Any]:
    """The ``error`` of a JSON error response with ``status``."""
    assert response.status_code == status, response.data[:500]
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) >= {"error"}
    expected = (
        {"code", "message", "problems"} if "problems" in body["error"] else {"code", "message"}
    )
    assert set(body["error"]) == expected
    assert ("problems" in body["error"]) == (body["error"]["code"] == "bad_centre_results")
    assert isinstance(body["error"]["message"], str)
    assert body["error"]["message"]
    error: dict[str, Any] = body["error"]
    return error


# -- /v1/solve -----------------------------------------------------------------------------------


def test_solve_empty_board_is_the_engine_s(client: FlaskClient, document: dict[str, Any]) -> None:
    response = client.post("/v1/solve", json={"board": EMPTY, "rack": "EEUESI?"})
    assert response.status_code == 200
    body = response.get_json()
    expected = MoveGenerator(load_lexicon("fr")).prepare(Board.empty()).solve("EEUESI?", 0)
    assert body["best_score"] == 64 == expected.top.best_score
    assert body["n_moves"] == 1915 == expected.n_moves
    assert body["best_moves"] == [move.notation for move in expected.top.best_moves]
    assert expected.top.top is not None
    assert body["top"] == expected.top.top.notation == "H2 EpIEUSE"
    assert body["micros"] >= 0
    assert "moves" not in body
    conforms(document, "SolveResponse", body)


def test_solve_with_limit_lists_the_engine_s_moves(
    client: FlaskClient, document: dict[str, Any]
) -> None:
    body = client.post("/v1/solve", json={"board": MIDGAME, "rack": "EEUESI?", "limit": 25}).json
    assert body is not None
    expected = MoveGenerator(load_lexicon("fr")).prepare(Board.from_rows(MIDGAME))
    solution = expected.solve("EEUESI?", 25)
    assert body["n_moves"] == solution.n_moves
    assert body["best_score"] == solution.top.best_score
    assert body["moves"] == [
        {"move": move.notation, "score": move.score} for move in solution.moves
    ]
    assert len(body["moves"]) == 25
    conforms(document, "SolveResponse", body)


def test_solve_options(client: FlaskClient) -> None:
    def solve(**fields: Any) -> dict[str, Any]:
        response = client.post("/v1/solve", json={"board": EMPTY, **fields})
        assert response.status_code == 200, response.data
        result: dict[str, Any] = response.get_json()
        return result

    english = solve(rack="QUIZERS", lexicon="en", tiles="en")
    engine = MoveGenerator(load_lexicon("en"), tile_set("en")).top(Board.empty(), "QUIZERS")
    assert english["best_score"] == engine.best_score > 0
    eight = solve(rack="ENTRAISE", rules="7et8")
    assert eight["top"] is not None
    assert len(eight["top"].split()[1]) == 8
    most_blanks = solve(rack="EEUESI?", tie_break=["most_blanks", "reading_order"])["top"]
    assert any(letter.islower() for letter in most_blanks)
    published = solve(rack="EEU+ESI?")
    assert published["best_score"] == 64
    assert solve(rack="-EEUESI?")["n_moves"] == 1915
    nulls = solve(rack="EEUESI?", lexicon=None, tiles=None, rules=None, limit=None, tie_break=None)
    assert nulls == {**published, "micros": nulls["micros"]}
    nothing = solve(rack="XYZ")
    assert nothing == {**nothing, "best_score": 0, "best_moves": [], "top": None, "n_moves": 0}


def test_the_documented_tie_break_keys_are_the_engine_s() -> None:
    assert set(DOCUMENTED_TIE_BREAK_KEYS) == set(TIE_BREAK_KEYS)


# -- /v1/score -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "move", "rack"),
    [
        (EMPTY, "H4 EpIEUSE", None),
        (EMPTY, "H4 EpIEUSE", "EEUESI?"),
        (EMPTY, "A1 EpIEUSE", None),  # first move off the centre
        (EMPTY, "H4 ZZZZ", None),  # placed, but not a word
        (MIDGAME, "9C EpIEUSE", None),
        (MIDGAME, "G7 KA", "KA"),
        (MIDGAME, "A1 KA", None),  # not connected
        (MIDGAME, "H4 EPIEUSE", "AB"),  # not from the rack
        (MIDGAME, "zz", None),  # not notation
    ],
)
def test_score_is_what_arbitre_score_says(
    client: FlaskClient, document: dict[str, Any], board: list[str], move: str, rack: str | None
) -> None:
    request: dict[str, Any] = {"board": board, "move": move}
    if rack is not None:
        request["rack"] = rack
    response = client.post("/v1/score", json=request)
    assert response.status_code == 200
    body = response.get_json()
    expected = Analyst().score_request(request)
    for field in ("legal", "score", "words", "unknown_words", "in_lexicon", "bonus", "error"):
        assert body[field] == expected[field], field
    assert body["error_code"] == expected["error_code"]
    assert body["points"] == (body["score"] if body["in_lexicon"] else 0)
    assert body["lexicon"]["id"] == "fr"
    assert body["lexicon"]["hash"] == load_lexicon("fr").info.hash
    conforms(document, "ScoreResponse", body)


def test_score_in_english(client: FlaskClient) -> None:
    body = client.post(
        "/v1/score", json={"board": EMPTY, "move": "H5 QUIZ", "lexicon": "en", "tiles": "en"}
    ).json
    assert body is not None
    assert body["legal"]
    assert body["in_lexicon"]
    assert body["lexicon"]["id"] == "en"
    assert body["score"] == 2 * (10 + 1 + 1 + 10)


def test_tiles_en_without_a_lexicon_checks_in_english(client: FlaskClient) -> None:
    """As ``arbitre score``: with no lexicon, the tile set's language's (issue 13: QUIXOTE was
    unknown, checked against French)."""
    for language in ("fr", "en"):  # compiled in the module's cache before the services need it
        load_lexicon(language)
    body = client.post("/v1/score", json={"board": EMPTY, "move": "H4 QUIXOTE", "tiles": "en"})
    assert body.status_code == 200
    scored = body.get_json()
    assert (scored["legal"], scored["in_lexicon"], scored["unknown_words"]) == (True, True, [])
    assert scored["lexicon"]["id"] == "en"
    french = client.post("/v1/score", json={"board": EMPTY, "move": "H4 QUIXOTE"}).get_json()
    assert french["unknown_words"] == ["QUIXOTE"]
    assert french["lexicon"]["id"] == "fr"
    english = client.post("/v1/solve", json={"board": EMPTY, "rack": "QUIXOTE", "tiles": "en"})
    engine = MoveGenerator(load_lexicon("en"), tile_set("en")).top(Board.empty(), "QUIXOTE")
    assert english.get_json()["best_score"] == engine.best_score
    assert any("QUIXOTE" in move.upper() for move in english.get_json()["best_moves"])
    # a lexicon named still wins over the tile set's language
    named = client.post(
        "/v1/score", json={"board": EMPTY, "move": "H4 QUIXOTE", "tiles": "en", "lexicon": "fr"}
    ).get_json()
    assert named["lexicon"]["id"] == "fr"
    assert named["unknown_words"] == ["QUIXOTE"]


# -- /v1/lexicons --------------------------------------------------------------------------------


def test_lexicons(client: FlaskClient, document: dict[str, Any]) -> None:
    body = client.get("/v1/lexicons").json
    assert body is not None
    conforms(document, "LexiconList", body)
    by_id = {info["id"]: info for info in body["lexicons"]}
    assert set(by_id) == {"en", "fr"}
    for key, info in by_id.items():
        expected = load_lexicon(key).info
        assert info == {"id": key, "word_count": expected.word_count, "hash": expected.hash}


@pytest.mark.parametrize(
    ("word", "normalised", "valid"),
    [
        ("épieuse", "EPIEUSE", True),
        ("QI", "QI", True),
        ("chacunes", "CHACUNES", False),
        ("a1", None, False),
    ],
)
def test_check_word(
    client: FlaskClient,
    document: dict[str, Any],
    word: str,
    normalised: str | None,
    valid: bool,
) -> None:
    body = client.get(f"/v1/lexicons/fr/words/{word}").json
    assert body == {"word": word, "normalised": normalised, "valid": valid}
    conforms(document, "WordCheck", body)


def test_search(client: FlaskClient, document: dict[str, Any]) -> None:
    lexicon = load_lexicon("fr")
    body = client.get("/v1/lexicons/fr/search?anagrams=CHIEN").json
    assert body == {"words": search.anagrams(lexicon, "CHIEN").words, "truncated": False}
    conforms(document, "SearchResult", body)
    body = client.get("/v1/lexicons/fr/search", query_string={"pattern": "M?R*", "limit": 5}).json
    expected = search.pattern(lexicon, "M?R*", 5)
    assert body == {"words": expected.words, "truncated": True}
    assert len(expected.words) == 5
    body = client.get("/v1/lexicons/en/search?plus_one=QI").json
    assert body == {"words": search.plus_one(load_lexicon("en"), "QI").words, "truncated": False}


# -- errors --------------------------------------------------------------------------------------

JSON = "application/json"


@pytest.mark.parametrize(
    ("data", "code", "fragment"),
    [
        ("{", "bad_json", "not valid JSON"),
        ("", "bad_json", "empty body"),
        ('{"board": [], "board": []}', "bad_json", "given twice"),
        ('{"board": NaN}', "bad_json", "NaN"),
        ('{"board": Infinity}', "bad_json", "Infinity"),
        ("[" * 100_000, "bad_json", "nested too deeply"),
        ('{"limit": ' + "9" * 5000 + "}", "bad_json", "not valid JSON"),
        (b'{"rack": "\xff"}', "bad_json", "not valid JSON"),
        ("[]", "bad_request", "JSON object"),
        ('"EEUESI?"', "bad_request", "JSON object"),
    ],
)
def test_bodies_that_are_not_json_objects(
    client: FlaskClient, data: str | bytes, code: str, fragment: str
) -> None:
    for path in ("/v1/solve", "/v1/score"):
        error = error_of(client.post(path, data=data, content_type=JSON), 400)
        assert error["code"] == code
        assert fragment in error["message"]


SOLVE = {"board": EMPTY, "rack": "EEUESI?"}
SCORE = {"board": EMPTY, "move": "H4 EpIEUSE"}


def test_lone_surrogates_are_refused(client: FlaskClient) -> None:
    """JSON may escape a lone surrogate; protobuf strings cannot carry one."""
    for path, field in [("/v1/solve", "rack"), ("/v1/score", "move"), ("/v1/score", "lexicon")]:
        base = SOLVE if path == "/v1/solve" else SCORE
        data = json.dumps({**base, field: "PLACEHOLDER"}).replace("PLACEHOLDER", "E\\ud800")
        error = error_of(client.post(path, data=data, content_type=JSON), 400)
        assert error["message"] == f"{field}: not valid Unicode (a lone surrogate)"
    board = json.dumps({**SOLVE, "board": ["PLACEHOLDER", *EMPTY[1:]]})
    data = board.replace("PLACEHOLDER", "\\udfff" * 15)
    error = error_of(client.post("/v1/solve", data=data, content_type=JSON), 400)
    assert "board[0]" in error["message"]


@pytest.mark.parametrize(
    ("path", "changes", "status", "fragment"),
    [
        # the gateway's own checks: fields, types, sizes
        ("/v1/solve", {"id": 1}, 400, "unknown field(s) 'id'"),
        ("/v1/solve", {"rack": None}, 400, "missing field(s): rack"),
        ("/v1/solve", {"board": None, "rack": None}, 400, "board, rack"),
        ("/v1/solve", {"board": "." * 225}, 400, "board must be an array"),
        ("/v1/solve", {"board": [0] * 15}, 400, "board[0] must be a string, not an integer"),
        ("/v1/solve", {"board": ["." * 15] * 27}, 400, "27 rows"),
        ("/v1/solve", {"board": ["." * 27] * 15}, 400, "board[0]: 27 characters"),
        ("/v1/solve", {"rack": 7}, 400, "rack must be a string"),
        ("/v1/solve", {"rack": "A" * 33}, 400, "rack: 33 characters"),
        ("/v1/solve", {"rack": ["E"]}, 400, "not an array"),
        ("/v1/solve", {"limit": "5"}, 400, "limit must be an integer, not a string"),
        ("/v1/solve", {"limit": True}, 400, "not a boolean"),
        ("/v1/solve", {"limit": 1.5}, 400, "not a number"),
        ("/v1/solve", {"limit": 0}, 400, "from 1 to 10000"),
        ("/v1/solve", {"limit": 10_001}, 400, "from 1 to 10000"),
        ("/v1/solve", {"limit": 2**70}, 400, "from 1 to 10000"),
        ("/v1/solve", {"tie_break": "most_blanks"}, 400, "array of strings"),
        ("/v1/solve", {"tie_break": [1]}, 400, "tie_break[0] must be a string"),
        ("/v1/solve", {"tie_break": ["loudest"]}, 400, "unknown key 'loudest'"),
        ("/v1/solve", {"tie_break": ["most_tiles", "most_tiles"]}, 400, "twice"),
        ("/v1/solve", {"tie_break": ["most_tiles"] * 7}, 400, "at most 6"),
        ("/v1/solve", {"lexicon": 5}, 400, "lexicon must be a string"),
        ("/v1/solve", {"tiles": {"name": "club"}}, 400, "tiles must be a string"),
        ("/v1/solve", {"rules": "x" * 65}, 400, "at most 64"),
        # what the services refuse, with their messages
        ("/v1/solve", {"board": EMPTY[:14]}, 400, "15 rows"),
        ("/v1/solve", {"board": ["." * 14 + "1", *EMPTY[1:]]}, 400, "row A"),
        ("/v1/solve", {"rack": "EEU1"}, 400, "not a tile"),
        ("/v1/solve", {"rack": "ZZ"}, 400, "has 1"),
        ("/v1/solve", {"rack": "A" * 17}, 400, "at most 16"),
        ("/v1/solve", {"rack": "AAAAAAAA"}, 400, "rules allow 7"),
        ("/v1/solve", {"tiles": "klingon"}, 400, "klingon"),
        ("/v1/solve", {"rules": "chess"}, 400, "chess"),
        ("/v1/solve", {"lexicon": "/etc/passwd"}, 404, "unknown lexicon"),
        ("/v1/solve", {"lexicon": "ods9"}, 404, "on offer: en, fr"),
        ("/v1/score", {"rack": "EEUESI?", "x": 1}, 400, "unknown field(s) 'x'"),
        ("/v1/score", {"move": None}, 400, "missing field(s): move"),
        ("/v1/score", {"move": ["H4", "EPIEUSE"]}, 400, "move must be a string"),
        ("/v1/score", {"move": "H4 " + "A" * 62}, 400, "move: 65 characters"),
        ("/v1/score", {"rack": 1}, 400, "rack must be a string"),
        ("/v1/score", {"limit": 5}, 400, "unknown field(s) 'limit'"),
        ("/v1/score", {"board": [*EMPTY[:14], "." * 16]}, 400, "row O"),
        ("/v1/score", {"rules": "chess"}, 400, "chess"),
        ("/v1/score", {"lexicon": "ods9"}, 404, "unknown lexicon"),
    ],
)
def test_bad_fields(
    client: FlaskClient, path: str, changes: dict[str, Any], status: int, fragment: str
) -> None:
    base = SOLVE if path == "/v1/solve" else SCORE
    request = {key: value for key, value in {**base, **changes}.items() if value is not None}
    if any(value is None for value in changes.values()):
        request.update({key: None for key, value in changes.items() if value is None})
    error = error_of(client.post(path, json=request), status)
    assert fragment in error["message"]
    assert error["code"] == {400: "bad_request", 404: "not_found"}[status]


def test_moves_that_cannot_be_played_are_answers_not_errors(client: FlaskClient) -> None:
    for move, rack, code in [
        ("zz", None, "bad_notation"),
        ("H4 EPIEUSE", "ZZ", "bad_rack"),
        ("H4 EP1EUSE", None, "bad_notation"),
        ("A1 EPIEUSE", None, "illegal_move:first_move_centre"),
    ]:
        body = client.post("/v1/score", json={**SCORE, "move": move, "rack": rack}).json
        assert body is not None
        assert not body["legal"]
        assert body["error_code"] == code
        assert body["score"] == body["points"] == 0


def test_unsupported_media_type(client: FlaskClient) -> None:
    body = json.dumps(SOLVE)
    for kwargs in (
        {"data": body, "content_type": "text/plain"},
        {"data": body},
        {"data": {"board": "x", "rack": "y"}},  # a form
    ):
        error = error_of(client.post("/v1/solve", **kwargs), 415)
        assert error["code"] == "unsupported_media_type"
        assert "application/json" in error["message"]
    assert (
        client.post(
            "/v1/solve", data=body, content_type="application/json; charset=utf-8"
        ).status_code
        == 200
    )


def test_payload_too_large(client: FlaskClient) -> None:
    big = json.dumps({**SOLVE, "rack": "A" * (256 * 1024)})
    error = error_of(client.post("/v1/solve", data=big, content_type=JSON), 413)
    assert error["code"] == "payload_too_large"
    small = create_app(config_for("127.0.0.1:1", max_request_bytes=100)).test_client()
    assert error_of(small.post("/v1/score", json=SCORE), 413)["code"] == "payload_too_large"


def test_unknown_routes_and_methods(client: FlaskClient) -> None:
    for path in ("/v2/solve", "/v1/solve/x", "/v1/lexicons/fr", "/v1/lexicons/fr/words/"):
        assert error_of(client.get(path), 404)["code"] == "not_found"
    for method, path, allowed in [
        ("get", "/v1/solve", "POST"),
        ("put", "/v1/score", "POST"),
        ("post", "/v1/lexicons", "GET"),
        ("delete", "/healthz", "GET"),
        ("post", "/v1/lexicons/fr/words/qi", "GET"),
    ]:
        response = getattr(client, method)(path)
        error = error_of(response, 405)
        assert error["code"] == "method_not_allowed"
        assert allowed in response.headers["Allow"]


@pytest.mark.parametrize(
    ("url", "status", "fragment"),
    [
        ("/v1/lexicons/fr/search", 400, "exactly one query"),
        ("/v1/lexicons/fr/search?anagrams=AB&pattern=A*", 400, "got anagrams, pattern"),
        ("/v1/lexicons/fr/search?anagram=AB", 400, "unknown query parameter 'anagram'"),
        ("/v1/lexicons/fr/search?anagrams=AB&anagrams=CD", 400, "2 times"),
        ("/v1/lexicons/fr/search?anagrams=AB&limit=abc", 400, "limit must be"),
        ("/v1/lexicons/fr/search?anagrams=AB&limit=0", 400, "from 1 to 10000"),
        ("/v1/lexicons/fr/search?anagrams=AB&limit=-1", 400, "from 1 to 10000"),
        ("/v1/lexicons/fr/search?anagrams=AB&limit=10001", 400, "from 1 to 10000"),
        ("/v1/lexicons/fr/search?anagrams=AB&limit=%EF%BC%95", 400, "limit must be"),
        ("/v1/lexicons/fr/search?anagrams=" + "A" * 65, 400, "anagrams: 65 characters"),
        ("/v1/lexicons/fr/search?anagrams=" + "A" * 16, 400, "15"),
        ("/v1/lexicons/fr/search?pattern=M1", 400, "'1'"),
        ("/v1/lexicons/fr/search?plus_one=", 400, "empty"),
        ("/v1/lexicons/ods9/search?anagrams=AB", 404, "no lexicon 'ods9'"),
        ("/v1/lexicons/" + "x" * 65 + "/search?anagrams=AB", 400, "lexicon id: 65"),
        ("/v1/lexicons/ods9/words/qi", 404, "no lexicon 'ods9'"),
        ("/v1/lexicons/fr/words/" + "a" * 65, 400, "word: 65 characters"),
        ("/v1/lexicons/fr/words/qi?x=1", 400, "unknown query parameter 'x'"),
        ("/v1/lexicons?all=1", 400, "unknown query parameter 'all'"),
    ],
)
def test_bad_queries(client: FlaskClient, url: str, status: int, fragment: str) -> None:
    error = error_of(client.get(url), status)
    assert fragment in error["message"], error


def test_undecodable_path_and_query_are_refused_not_crashed(client: FlaskClient) -> None:
    assert client.get("/v1/lexicons/fr/words/%ED%A0%80").status_code == 200
    assert client.get("/v1/lexicons/fr/search?anagrams=%FF%FE").status_code == 400


def test_a_bug_is_a_logged_json_500(server: Platform, caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(config_for(server))
    gateway = app.extensions["arbitre.gateway"]

    def broken(*_arguments: Any) -> Any:
        raise RuntimeError("a bug")

    gateway.call = broken
    with caplog.at_level(logging.ERROR, logger="arbitre.gateway"):
        response = app.test_client().get("/v1/lexicons")
    error = error_of(response, 500)
    assert error["code"] == "internal"
    assert "a bug" not in error["message"]
    assert any(
        "unexpected error on GET /v1/lexicons" in record.message for record in caplog.records
    )
    gateway.close()


class _FailingScoring(scoring_pb2_grpc.ScoringServicer):
    def Judge(self, request: Any, context: Any) -> Any:  # noqa: N802
        context.abort(grpc.StatusCode.INTERNAL, "the secret reason")


def test_a_failing_service_is_a_502(server: Platform) -> None:
    broken = start(
        [
            Registration(
                scoring.SERVICE_NAME,
                lambda grpc_server: scoring_pb2_grpc.add_ScoringServicer_to_server(
                    _FailingScoring(), grpc_server
                ),
            )
        ]
    )
    try:
        app = create_app(config_for(server, scoring_address=broken.address, deadline_seconds=5))
        client = app.test_client()
        error = error_of(client.post("/v1/score", json=SCORE), 502)
        assert error["code"] == "bad_gateway"
        assert "secret" not in error["message"]
        metrics = client.get("/metrics").data.decode()
        assert 'arbitre_gateway_grpc_errors_total{code="INTERNAL",peer="scoring"} 1.0' in metrics
        app.extensions["arbitre.gateway"].close()
    finally:
        broken.stop(0)


# -- services down or hanging --------------------------------------------------------------------


def test_a_service_that_stops_gives_503_with_retry_after(cache: Path, redis_url: str) -> None:  # noqa: F811
    separate = start_services(redis_url)
    app = create_app(config_for(separate, retry_after_seconds=7))
    client = app.test_client()
    try:
        assert client.post("/v1/solve", json=SOLVE).status_code == 200
        created = client.post("/v1/games", json={})
        assert created.status_code == 201
        assert client.get("/healthz").status_code == 200
    finally:
        separate.stop(0)
    game = created.get_json()["game_id"]
    organiser = {"Authorization": f"Bearer {created.get_json()['organiser_token']}"}
    calls: list[tuple[str, str, dict[str, Any]]] = [
        ("post", "/v1/solve", {"json": SOLVE}),
        ("post", "/v1/score", {"json": SCORE}),
        ("get", "/v1/lexicons", {}),
        ("get", "/v1/lexicons/fr/words/qi", {}),
        ("get", "/v1/lexicons/fr/search?anagrams=QI", {}),
        ("post", "/v1/games", {"json": {}}),
        ("post", f"/v1/games/{game}/players", {"json": {"name": "Ana"}}),
        ("post", f"/v1/games/{game}/start", {"headers": organiser}),
        ("get", f"/v1/games/{game}", {}),
        ("get", f"/v1/games/{game}/standings", {}),
    ]
    for method, path, kwargs in calls:
        began = time.monotonic()
        response = getattr(client, method)(path, **kwargs)
        assert time.monotonic() - began < 3
        error = error_of(response, 503)
        assert error["code"] == "unavailable"
        assert "retry in 7 s" in error["message"]
        assert "127.0.0.1" not in error["message"]
        assert response.headers["Retry-After"] == "7"
    health = client.get("/healthz")
    assert health.status_code == 503
    assert health.headers["Retry-After"] == "7"
    body = health.get_json()
    assert body["down"] == list(PEERS)
    assert body["status"] == "unavailable"
    assert body["error"]["code"] == "unavailable"
    metrics = client.get("/metrics").data.decode()
    for peer in PEERS:
        assert f'arbitre_gateway_grpc_errors_total{{code="UNAVAILABLE",peer="{peer}"}}' in metrics
    app.extensions["arbitre.gateway"].close()


def test_healthz_names_the_one_service_down(
    server: Platform, client: FlaskClient, document: dict[str, Any]
) -> None:
    healthy = client.get("/healthz")
    assert healthy.status_code == 200
    assert healthy.get_json() == {"status": "ok", "peers": dict.fromkeys(PEERS, "serving")}
    assert list(PEERS) == ["movegen", "dictionary", "scoring", "session"]
    conforms(document, "Health", healthy.get_json())
    for peer in PEERS:
        down = f"127.0.0.1:{free_port()}"
        app = create_app(config_for(server, **{f"{peer}_address": down}))
        response = app.test_client().get("/healthz")
        assert response.status_code == 503
        body = response.get_json()
        assert body["down"] == [peer]
        assert body["peers"] == {other: "down" if other == peer else "serving" for other in PEERS}
        assert peer in body["error"]["message"]
        conforms(document, "Health", body)
        app.extensions["arbitre.gateway"].close()


def test_a_service_that_hangs_gives_503_at_the_deadline() -> None:
    with socket.socket() as silent:  # accepts connections, never speaks HTTP/2
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        app = create_app(config_for(address, deadline_seconds=0.5, health_deadline_seconds=0.3))
        client = app.test_client()
        began = time.monotonic()
        response = client.post("/v1/solve", json=SOLVE)
        assert time.monotonic() - began < 3
        error = error_of(response, 503)  # DEADLINE_EXCEEDED, or UNAVAILABLE when the
        assert error["code"] == "unavailable"  # connection attempt gives up first
        assert response.headers["Retry-After"] == "5"
        began = time.monotonic()
        assert client.get("/healthz").status_code == 503
        assert time.monotonic() - began < 3
        app.extensions["arbitre.gateway"].close()


@pytest.mark.parametrize(
    ("code", "status", "fragment"),
    [
        (grpc.StatusCode.INVALID_ARGUMENT, 400, "the details"),
        (grpc.StatusCode.NOT_FOUND, 404, "the details"),
        (grpc.StatusCode.UNAVAILABLE, 503, "the movegen service is unavailable; retry in 3 s"),
        (grpc.StatusCode.DEADLINE_EXCEEDED, 503, "did not answer in time; retry in 3 s"),
        (grpc.StatusCode.INTERNAL, 502, "the movegen service failed"),
        (grpc.StatusCode.UNIMPLEMENTED, 502, "the movegen service failed"),
        (grpc.StatusCode.RESOURCE_EXHAUSTED, 502, "the movegen service failed"),
    ],
)
def test_grpc_status_mapping(code: Any, status: int, fragment: str) -> None:
    error = grpc_error("movegen", code, "the details", retry_after=3)
    assert error.status == status
    assert fragment in error.message
    assert ("Retry-After" in error.headers) == (status == 503)
    assert len(grpc_error("movegen", code, "x" * 2000, 3).message) <= 501


def test_one_channel_per_service_reused(server: Platform) -> None:
    app = create_app(config_for(server))
    gateway = app.extensions["arbitre.gateway"]
    assert not gateway.channels  # nothing opened before the first call
    client = app.test_client()
    client.get("/v1/lexicons")
    assert set(gateway.channels) == {"dictionary"}
    first = gateway.channels["dictionary"]
    client.get("/v1/lexicons/fr/words/qi")
    client.get("/healthz")
    assert gateway.channels["dictionary"] is first
    assert set(gateway.channels) == set(PEERS)
    gateway.close()


# -- configuration -------------------------------------------------------------------------------


def test_config_from_environment() -> None:
    config = GatewayConfig.from_environment(
        {
            "ARBITRE_MOVEGEN_ADDRESS": "movegen:50052",
            "ARBITRE_DICTIONARY_ADDRESS": "dictionary:50051",
            "ARBITRE_GATEWAY_DEADLINE": "2.5",
            "ARBITRE_GATEWAY_MAX_REQUEST_BYTES": "1024",
        }
    )
    assert config.movegen_address == "movegen:50052"
    assert config.dictionary_address == "dictionary:50051"
    assert config.scoring_address == "127.0.0.1:50053"
    assert config.session_address == "127.0.0.1:50054"
    assert config.deadline_seconds == 2.5
    assert config.max_request_bytes == 1024
    assert config.api_keys == frozenset()
    # the process's limits are the defaults; a gateway made in code has none unless given
    served = dataclasses.replace(GatewayConfig(), rate_limits=RateLimits())
    assert GatewayConfig.from_environment({}) == served
    assert GatewayConfig().deadline_seconds == 10
    assert GatewayConfig().max_request_bytes == 256 * 1024
    with pytest.raises(ValueError, match="ARBITRE_GATEWAY_DEADLINE"):
        GatewayConfig.from_environment({"ARBITRE_GATEWAY_DEADLINE": "soon"})
    with pytest.raises(ValueError, match="positive"):
        GatewayConfig(deadline_seconds=0)


def test_config_from_environment_session_and_api_keys() -> None:
    config = GatewayConfig.from_environment(
        {
            "ARBITRE_SESSION_ADDRESS": "session:50054",
            "ARBITRE_SCORING_ADDRESS": "scoring:50053",
            "ARBITRE_API_KEYS": " k1, k2 ,,k1,",
        }
    )
    assert config.session_address == "session:50054"
    assert config.address("session") == "session:50054"
    assert config.scoring_address == "scoring:50053"
    assert config.api_keys == frozenset({"k1", "k2"})
    assert GatewayConfig.from_environment({"ARBITRE_API_KEYS": ""}).api_keys == frozenset()
    assert GatewayConfig.from_environment({"ARBITRE_API_KEYS": " , "}).api_keys == frozenset()
    no_session = GatewayConfig.from_environment({"ARBITRE_SESSION_ADDRESS": ""})
    assert no_session == dataclasses.replace(GatewayConfig(), rate_limits=RateLimits())
    assert GatewayConfig().session_address == "127.0.0.1:50054"
    with pytest.raises(ValueError, match="session"):
        GatewayConfig(session_address="")


# -- API keys ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def keyed(server: Platform) -> Iterator[FlaskClient]:
    """The gateway of an operator who set ARBITRE_API_KEYS=k1."""
    made = create_app(config_for(server, api_keys=frozenset({"k1"})))
    yield made.test_client()
    made.extensions["arbitre.gateway"].close()


ANALYSIS = [
    ("post", "/v1/solve", {"json": SOLVE}),
    ("post", "/v1/score", {"json": SCORE}),
    ("get", "/v1/lexicons", {}),
    ("get", "/v1/lexicons/fr/words/qi", {}),
    ("get", "/v1/lexicons/fr/search?anagrams=QI", {}),
]


@pytest.mark.parametrize(("method", "path", "kwargs"), ANALYSIS)
def test_api_keys_guard_the_analysis_routes(
    keyed: FlaskClient, method: str, path: str, kwargs: dict[str, Any]
) -> None:
    def call(headers: dict[str, str]) -> Any:
        return getattr(keyed, method)(path, headers=headers, **kwargs)

    for headers in ({}, {"Authorization": "Basic azE6"}, {"X-API-Key": ""}):
        response = call(headers)
        error = error_of(response, 401)
        assert error["code"] == "unauthorized"
        assert "X-API-Key" in error["message"]
        assert response.headers["WWW-Authenticate"] == "Bearer"
    for headers in (
        {"X-API-Key": "k2"},
        {"X-API-Key": "k1 "},
        {"X-API-Key": "K1"},
        {"Authorization": "Bearer k2"},
        {"X-API-Key": "k2", "Authorization": "Bearer k1"},  # X-API-Key wins
    ):
        error = error_of(call(headers), 403)
        assert error == {"code": "forbidden", "message": "unknown API key"}
    for headers in (
        {"X-API-Key": "k1"},
        {"Authorization": "Bearer k1"},
        {"Authorization": "bearer  k1 "},
    ):
        assert call(headers).status_code == 200, headers


def test_without_api_keys_the_analysis_routes_are_open(client: FlaskClient) -> None:
    for method, path, kwargs in ANALYSIS:
        for headers in ({}, {"X-API-Key": "anything"}, {"Authorization": "Bearer anything"}):
            assert getattr(client, method)(path, headers=headers, **kwargs).status_code == 200


def test_api_keys_leave_the_game_routes_and_the_probes_open(keyed: FlaskClient) -> None:
    created = keyed.post("/v1/games", json={"title": "no key"})
    assert created.status_code == 201, created.data
    game = created.get_json()["game_id"]
    joined = keyed.post(f"/v1/games/{game}/players", json={"name": "Ana"})
    assert joined.status_code == 201
    organiser = {"Authorization": f"Bearer {created.get_json()['organiser_token']}"}
    assert keyed.post(f"/v1/games/{game}/start", headers=organiser).status_code == 200
    assert keyed.get(f"/v1/games/{game}").status_code == 200
    assert keyed.get(f"/v1/games/{game}/standings").status_code == 200
    assert keyed.get(f"/v1/games/{game}/record").status_code == 200
    assert keyed.get(f"/v1/games/{game}/sheet").status_code == 200
    # a player's token is not an API key, and an API key is not a game token
    assert keyed.post("/v1/solve", json=SOLVE, headers=organiser).status_code == 403
    error = error_of(keyed.post(f"/v1/games/{game}/pause", headers={"X-API-Key": "k1"}), 401)
    assert error["code"] == "unauthorized"
    assert keyed.get("/healthz").status_code == 200
    assert keyed.get("/metrics").status_code == 200
    assert keyed.get("/v1/openapi.json").status_code == 200


def test_the_document_says_which_routes_take_an_api_key(document: dict[str, Any]) -> None:
    schemes = document["components"]["securitySchemes"]
    assert schemes["apiKey"] == {**schemes["apiKey"], "type": "apiKey", "in": "header"}
    assert schemes["apiKey"]["name"] == "X-API-Key"
    assert "ARBITRE_API_KEYS" in schemes["apiKey"]["description"]
    for name in ("apiKeyBearer", "organiserToken", "playerToken"):
        assert schemes[name]["type"] == "http"
        assert schemes[name]["scheme"] == "bearer"
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            keyed = path.startswith(("/v1/solve", "/v1/score", "/v1/lexicons"))
            security = operation.get("security", [])
            assert ({"apiKey": []} in security) == keyed, (method, path)
            if keyed:
                assert {} in security  # optional: only when the operator sets keys
                assert {"401", "403"} <= set(operation["responses"]), path
                assert "ARBITRE_API_KEYS" in operation["description"]
            if path.startswith("/v1/games/") and method == "post" and "players" not in path:
                assert security in ([{"organiserToken": []}], [{"playerToken": []}]), path
                assert {"401", "403"} <= set(operation["responses"]), path


# -- the OpenAPI document and the metrics --------------------------------------------------------


def _routes(app: Flask) -> set[tuple[str, str]]:
    """The Flask app's routes, and the event route its ASGI application serves."""
    found = {(re.sub(r"<([^<>]+)>", r"{\1}", EVENTS_RULE), "get")}
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        for method in rule.methods or ():
            if method not in ("HEAD", "OPTIONS"):
                found.add((path, method.lower()))
    return found


def test_openapi_documents_every_route(app: Flask, document: dict[str, Any]) -> None:
    assert document["openapi"] == "3.1.0"
    documented = {
        (path, method) for path, operations in document["paths"].items() for method in operations
    }
    routes = _routes(app)
    assert {route for route in routes if route[0].startswith("/v1/")} == {
        route for route in documented if route[0].startswith("/v1/")
    }
    assert routes == documented  # /, /healthz and /metrics too
    assert len({route for route in routes if route[0].startswith("/v1/")}) == 46
    assert len({route for route in routes if route[0].startswith("/v1/accounts")}) == 11
    assert len({route for route in routes if route[0].startswith("/v1/contests")}) == 3
    assert len({route for route in routes if route[0].startswith("/v1/games")}) == 20
    for removed in ("answers", "preview"):  # a duplicate answer is an action now
        assert (f"/v1/games/{{game_id}}/turns/{{turn}}/{removed}", "post") not in routes
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            created = (path, method) in {
                ("/v1/games", "post"),
                ("/v1/games/{game_id}/players", "post"),
                ("/v1/games/{game_id}/robots", "post"),
                ("/v1/games/{game_id}/centres", "post"),
                ("/v1/contests", "post"),
                ("/v1/environments", "post"),
                ("/v1/accounts", "post"),
                ("/v1/accounts/sessions", "post"),
                ("/v1/accounts/me/keys", "post"),
            }
            assert ("201" if created else "200") in operation["responses"], path
            assert ("200" in operation["responses"]) != created, path
            if "{" in path:
                names = {parameter["name"] for parameter in operation["parameters"]}
                assert set(re.findall(r"{(\w+)}", path)) <= names


def test_openapi_document_is_valid_openapi_3_1(document: dict[str, Any]) -> None:
    validator = pytest.importorskip("openapi_spec_validator")
    validator.validate(document)


def test_the_request_schemas_accept_what_the_gateway_accepts(document: dict[str, Any]) -> None:
    conforms(document, "SolveRequest", {**SOLVE, "limit": 3, "tie_break": ["most_tiles"]})
    conforms(document, "ScoreRequest", {**SCORE, "rack": None, "lexicon": "fr"})
    jsonschema = pytest.importorskip("jsonschema")
    with pytest.raises(jsonschema.ValidationError):
        conforms(document, "SolveRequest", {**SOLVE, "id": 1})
    schemas = document["components"]["schemas"]
    for name in ("SolveRequest", "ScoreRequest", "CreateGameRequest", "JoinRequest", "ActRequest"):
        for example in schemas[name]["examples"]:
            conforms(document, name, example)
    conforms(document, "ActRequest", {"action": {"move": "H4 EpIEUSE"}, "dry_run": True})
    conforms(document, "DuplicateConfig", {"name": "online", "seats": 4, "late_join": True})
    for name in ("CreateGameRequest", "JoinRequest", "ActRequest", "DuplicateConfig"):
        assert schemas[name]["additionalProperties"] is False
        with pytest.raises(jsonschema.ValidationError):
            conforms(document, name, {**schemas[name].get("examples", [{}])[0], "id": 1})
    with pytest.raises(jsonschema.ValidationError):
        conforms(document, "DuplicateAction", {"move": "H4 EpIEUSE", "id": 1})
    # the old top-level settings of a duplicate game are in its config now
    for old in ("preset", "reveal_seconds", "seats", "late_join"):
        with pytest.raises(jsonschema.ValidationError):
            conforms(document, "CreateGameRequest", {old: None})


def _game(client: FlaskClient, **fields: Any) -> dict[str, Any]:
    """A new game with one player: its id and the organiser's and player's headers."""
    created = client.post("/v1/games", json=fields)
    assert created.status_code == 201, created.data
    body = created.get_json()
    joined = client.post(f"/v1/games/{body['game_id']}/players", json={"name": "Ana"})
    assert joined.status_code == 201, joined.data
    return {
        "id": body["game_id"],
        "created": body,
        "joined": joined.get_json(),
        "organiser": {"Authorization": f"Bearer {body['organiser_token']}"},
        "player": {"Authorization": f"Bearer {joined.get_json()['player_token']}"},
    }


def _limit(document: dict[str, Any], schema: str, field: str, keyword: str) -> Any:
    """``keyword`` of ``field`` in the component ``schema`` (through an optional's anyOf, at
    any depth); ``None`` when it has none."""

    def found(part: dict[str, Any]) -> Any:
        if keyword in part:
            return part[keyword]
        return next(
            (value for branch in part.get("anyOf", []) if (value := found(branch)) is not None),
            None,
        )

    return found(document["components"]["schemas"][schema]["properties"][field])


def _act(client: FlaskClient, game: dict[str, Any], body: dict[str, Any]) -> Any:
    """``body`` sent to the game's actions with its player's token."""
    return client.post(f"/v1/games/{game['id']}/actions", json=body, headers=game["player"])


def test_the_game_limits_are_the_documented_ones(
    client: FlaskClient, document: dict[str, Any]
) -> None:
    title = _limit(document, "CreateGameRequest", "title", "maxLength")
    reveal = _limit(document, "DuplicateConfig", "reveal_seconds", "maximum")
    seed = _limit(document, "CreateGameRequest", "seed", "maximum")
    assert (title, reveal, seed) == (
        openapi.MAX_TITLE_CHARS,
        openapi.MAX_REVEAL_SECONDS,
        openapi.MAX_SEED,
    )
    assert _limit(document, "DuplicateConfig", "reveal_seconds", "minimum") == 0
    for fields, status in [
        ({"title": "x" * title}, 201),
        ({"title": "x" * (title + 1)}, 400),
        ({"config": {"reveal_seconds": reveal}}, 201),
        ({"config": {"reveal_seconds": reveal + 1}}, 400),
        ({"config": {"reveal_seconds": -1}}, 400),
        ({"seed": seed}, 201),
        ({"seed": seed + 1}, 400),
        ({"seed": -1}, 400),
        ({"seed": 1.0}, 400),
        ({"config": {}}, 201),
        ({"config": []}, 400),
        ({"config": "{}"}, 400),
        ({"kind": "duplicate", "config": {"name": "online"}, "title": None}, 201),
        ({"kind": "classic"}, 400),
        ({"config": {"name": 3}}, 400),
    ]:
        assert client.post("/v1/games", json=fields).status_code == status, fields
    for bounds in ({"reveal_seconds": reveal + 1}, {"reveal_seconds": -1}, {"name": 3}):
        refused = client.post("/v1/games", json={"config": bounds})
        assert error_of(refused, 400)["code"] == "bad_config", bounds
    # the old top-level settings are unknown fields: each is a config's now
    for old in ({"preset": "online"}, {"reveal_seconds": 1}, {"late_join": True}, {"seats": 2}):
        error = error_of(client.post("/v1/games", json=old), 400)
        assert error["code"] == "bad_request", old
        assert f"unknown field(s) '{next(iter(old))}'" in error["message"]
    online = client.post("/v1/games", json={"config": {"name": "online", "max_turns": 3}})
    config = online.get_json()["game"]["view"]["config"]
    assert (config["name"], config["no_move_redraws"], config["max_turns"]) == ("online", 10, 3)
    name = _limit(document, "JoinRequest", "name", "maxLength")
    assert name == openapi.MAX_PLAYER_NAME_CHARS
    game = _game(client)["id"]
    for body, status in [
        ({"name": "n" * name}, 201),
        ({"name": "n" * (name + 1)}, 400),
        ({"name": ""}, 400),
        ({}, 400),
    ]:
        assert client.post(f"/v1/games/{game}/players", json=body).status_code == status, body
    registered = client.post(
        f"/v1/games/{game}/players",
        json={"name": "Zoé", "club": "Club de Lyon", "serie": "s1", "country": "sui"},
    )
    assert registered.status_code == 201
    # the registration is the results' (the state's roster has names only)
    results = client.get(f"/v1/games/{game}/results", query_string={"serie": "S1"}).get_json()
    (zoe,) = [line for line in results["results"] if line["name"] == "Zoé"]
    assert (zoe["club"], zoe["serie"], zoe["country"]) == ("Club de Lyon", "S1", "SUI")
    for field, limit in [
        ("club", openapi.MAX_CLUB_CHARS),
        ("serie", openapi.MAX_SERIE_CHARS),
        ("country", openapi.MAX_COUNTRY_CHARS),
    ]:
        assert _limit(document, "JoinRequest", field, "maxLength") == limit
        body = {"name": "Long", field: "x" * (limit + 1)}
        assert client.post(f"/v1/games/{game}/players", json=body).status_code == 400, field
    for body in ({"name": "Bad", "serie": "S8"}, {"name": "Bad", "country": "F1"}):
        assert client.post(f"/v1/games/{game}/players", json=body).status_code == 400, body
    move = _limit(document, "DuplicateAction", "move", "maxLength")
    assert move == openapi.MAX_MOVE_CHARS
    turn = document["paths"]["/v1/games/{game_id}/turns/{turn}"]["get"]["parameters"][1]
    assert turn["schema"]["maximum"] == openapi.MAX_TURN
    running = _game(client)
    assert client.post(f"/v1/games/{running['id']}/start", headers=running["organiser"]).json
    for action, status, code in [
        ({"move": "H4 " + "A" * (move - 2)}, 400, "bad_request"),
        ({"move": "H4 A", "turn": openapi.MAX_TURN}, 409, "wrong_turn"),
        ({"move": "H4 A", "turn": 0}, 409, "wrong_turn"),
        ({"move": "H4 A", "turn": 2**31}, 400, "bad_action"),
    ]:
        response = _act(client, running, {"action": action})
        assert error_of(response, status)["code"] == code, (action, response.data)
    base = f"/v1/games/{running['id']}"
    for number, status in [(openapi.MAX_TURN, 409), (openapi.MAX_TURN + 1, 404), (0, 404)]:
        response = client.get(f"{base}/turns/{number}")
        assert response.status_code == status, (number, response.data)
        response = client.post(f"{base}/turns/{number}/next", headers=running["player"])
        assert response.status_code == status, (number, response.data)
    standings = f"/v1/games/{running['id']}/standings"
    for query, status in [
        ({"offset": openapi.MAX_OFFSET, "limit": openapi.MAX_STANDINGS_LIMIT}, 200),
        ({"offset": openapi.MAX_OFFSET + 1}, 400),
        ({"limit": openapi.MAX_STANDINGS_LIMIT + 1}, 400),
        ({"limit": -1}, 400),
    ]:
        assert client.get(standings, query_string=query).status_code == status, query


def test_every_configuration_integer_is_bounded_over_http(
    client: FlaskClient, document: dict[str, Any]
) -> None:
    """Issue 13: solo_bonus or solo_min_players of 2**31 froze a game on an int32 field, and a
    4,300-digit max_turns was accepted. Every range is in the document's DuplicateConfig."""
    for field in ("max_turns", "solo_bonus", "solo_min_players", "seconds_per_turn"):
        documented = tuple(
            _limit(document, "DuplicateConfig", field, k) for k in ("minimum", "maximum")
        )
        assert documented == INTEGER_RANGES[field], field
        low, high = INTEGER_RANGES[field]
        assert client.post("/v1/games", json={"config": {field: high}}).status_code == 201
        for value in (low - 1, high + 1):
            error = error_of(client.post("/v1/games", json={"config": {field: value}}), 400)
            assert error["code"] == "bad_config", error
            assert f"{field} must be {low} to {high}" in error["message"], error
        error = error_of(client.post("/v1/games", json={"config": {field: 2**31}}), 400)
        assert error["code"] == "bad_config", error
        assert f"config.{field}" in error["message"], error
    rules = document["components"]["schemas"]["DuplicateMinimum"]["properties"]
    for name in ("from_turn", "vowels", "consonants"):
        bounds = (rules[name]["minimum"], rules[name]["maximum"])
        assert bounds == INTEGER_RANGES[f"minimums.{name}"], name
    digits = b'{"config": {"max_turns": ' + b"9" * 4300 + b"}}"
    response = client.post("/v1/games", data=digits, content_type="application/json")
    error = error_of(response, 400)
    assert (error["code"], error["message"][:18]) == ("bad_config", "config.max_turns: ")


def test_a_huge_configuration_integer_is_refused_in_few_words(client: FlaskClient) -> None:
    digits = b'{"config": {"max_turns": ' + b"9" * 4300 + b"}}"
    response = client.post("/v1/games", data=digits, content_type="application/json")
    message = error_of(response, 400)["message"]
    assert message.startswith("config.max_turns: out of range: an integer from ")
    assert len(response.data) < 1000  # the number is not echoed


def _revealed(client: FlaskClient, path: str, tries: int = 100, **query: Any) -> dict[str, Any]:
    """``GET path`` (a turn's) once the turn is revealed: 409 not_revealed until then."""
    for _ in range(tries):
        response = client.get(path, query_string=query)
        if response.status_code == 200:
            found: dict[str, Any] = response.get_json()
            return found
        assert error_of(response, 409)["code"] == "not_revealed"
        time.sleep(0.05)
    raise AssertionError(f"{path} was never revealed")


def test_the_game_answers_are_the_documented_ones(
    client: FlaskClient, document: dict[str, Any]
) -> None:
    game = _game(client, title="documented", seed=3, config={"reveal_seconds": 1})
    conforms(document, "CreateGameResponse", game["created"])
    conforms(document, "JoinResponse", game["joined"])
    base = f"/v1/games/{game['id']}"
    state = client.post(f"{base}/start", headers=game["organiser"]).get_json()
    conforms(document, "GameState", state)
    assert (state["status"], state["phase"], state["turn"]) == ("running", "turn", 1)
    view = state["view"]
    assert (view["kind"], view["stage"], view["turn"]) == ("duplicate", "playing", 1)
    jsonschema = pytest.importorskip("jsonschema")
    with pytest.raises(jsonschema.ValidationError):  # the old flat fields are the view's now
        conforms(document, "GameState", {**state, "rack": view["rack"]})
    solved = client.post("/v1/solve", json={"board": view["board"], "rack": view["tiles"]})
    solved = solved.get_json()
    refused = _act(client, game, {"action": {"move": "zz"}})
    assert error_of(refused, 400)["code"] == "bad_notation"  # the documented codes of a refusal
    move_schema = document["components"]["schemas"]["DuplicateAction"]["properties"]["move"]
    assert "bad_notation" in move_schema["description"]
    answer = _act(client, game, {"action": {"move": solved["top"], "turn": 1}}).get_json()
    conforms(document, "ActResponse", answer)
    result = {"turn": 1, "move": solved["top"], "score": solved["best_score"], "answers": 1}
    assert answer == {"result": result, "replayed": False}
    # the only player answered: the turn closes, and is revealed for a second
    turn = _revealed(client, f"{base}/turns/1")
    conforms(document, "TurnResult", turn)
    assert (turn["turn"], turn["kind"]) == (1, "duplicate")
    assert turn["names"] == {game["joined"]["player_id"]: "Ana"}
    assert turn["revealed"]["top"]["score"] == solved["best_score"]
    assert [line["points"] for line in turn["revealed"]["answers"]] == [solved["best_score"]]
    mine = client.get(base, headers=game["player"]).get_json()
    conforms(document, "GameState", mine)
    assert mine["you"] == game["joined"]["player_id"]
    standings = client.get(f"{base}/standings").get_json()
    conforms(document, "Standings", standings)
    (line,) = standings["standings"]
    assert (line["name"], line["total"]) == ("Ana", solved["best_score"])
    assert line["details"] == {"negatif": 0, "percent_of_top": 100.0, "tops": 1, "solos": 0}
    assert (standings["turns"], standings["players"]) == (1, 1)
    record = client.get(f"{base}/record")
    assert record.mimetype == "application/json"
    conforms(document, "GameRecord", record.get_json())
    assert record.get_json()["record"]["top_total"] == solved["best_score"]
    assert list(record.get_json()["names"].values()) == ["Ana"]
    sheet = client.get(f"{base}/sheet")
    assert sheet.mimetype == "text/plain"
    assert "documented" in sheet.get_data(as_text=True)
    for command, status in [("pause", 200), ("pause", 409), ("resume", 200), ("start", 409)]:
        response = client.post(f"{base}/{command}", headers=game["organiser"])
        assert response.status_code == status, (command, response.data)
        if status == 200:
            conforms(document, "GameState", response.get_json())
    error = error_of(client.post(f"{base}/pause", headers=game["player"]), 403)
    assert error["code"] == "forbidden"
    response = client.post(f"{base}/pause")
    assert error_of(response, 401)["code"] == "unauthorized"
    assert response.headers["WWW-Authenticate"] == "Bearer"
    for path in (f"{base}/nothing", "/v1/games/no-such-game", "/v1/games/a.b/record"):
        assert error_of(client.get(path), 404)["code"] == "not_found"


def test_a_table_s_routes_answer_as_documented(
    client: FlaskClient, document: dict[str, Any]
) -> None:
    seats = _limit(document, "DuplicateConfig", "seats", "maximum")
    assert seats == openapi.MAX_TABLE_SEATS == 6
    for value, status in [(1, 400), (7, 400), (-1, 400), ("2", 400), (0, 201)]:
        created = client.post("/v1/games", json={"config": {"seats": value}})
        assert created.status_code == status, value
        if status == 400:
            assert error_of(created, 400)["code"] == "bad_config", value
    config = {"seats": 2, "seconds_per_turn": 4, "reveal_seconds": 60}
    game = _game(client, seed=3, config=config)
    base = f"/v1/games/{game['id']}"
    assert game["created"]["game"]["seats"] == 2
    lonely = client.post(f"{base}/start", headers=game["organiser"])
    assert error_of(lonely, 409)["code"] == "not_enough_players"
    robot = client.post(f"{base}/robots", json={"level": "expert"}, headers=game["organiser"])
    assert robot.status_code == 201
    for full in (
        client.post(f"{base}/players", json={"name": "Bea"}),
        client.post(f"{base}/robots", json={"level": "expert"}, headers=game["organiser"]),
    ):
        assert error_of(full, 409)["code"] == "table_full"
    state = client.post(f"{base}/start", headers=game["organiser"]).get_json()
    rack = state["view"]["tiles"]
    solved = client.post(
        "/v1/solve", json={"board": state["view"]["board"], "rack": rack, "limit": 5}
    ).get_json()
    second = solved["moves"][1]
    # a dry run: the points of a pose, kept nowhere (what the old preview route gave)
    preview = _act(client, game, {"action": {"move": second["move"], "turn": 1}, "dry_run": True})
    assert preview.status_code == 200, preview.data
    conforms(document, "ActResponse", preview.get_json())
    dry = {"turn": 1, "move": second["move"], "score": second["score"], "answers": None}
    assert preview.get_json() == {"result": dry, "replayed": False}
    assert client.get(base, headers=game["player"]).get_json()["view"]["my_answer"] is None
    bad = _act(client, game, {"action": {"move": "zz"}, "dry_run": True})
    assert error_of(bad, 400)["code"] == "bad_notation"
    unsigned = {"action": {"move": "H8 A"}, "dry_run": True}
    assert error_of(client.post(f"{base}/actions", json=unsigned), 401)
    early = client.post(f"{base}/turns/1/next", headers=game["player"])
    assert error_of(early, 409)["code"] == "conflict"
    kept = _act(client, game, {"action": {"move": second["move"]}}).get_json()["result"]
    assert (kept["move"], kept["score"]) == (second["move"], second["score"])
    assert kept["answers"] in (1, 2)  # the robot's answer, if it came first
    # the robot answers within 20-70 % of the turn; then the reveal
    result = _revealed(client, f"{base}/turns/1", tries=400, best=5)
    conforms(document, "TurnResult", result)
    assert result["best_moves"] == [
        {"move": move["move"], "score": move["score"]} for move in solved["moves"]
    ]
    assert "best_moves" not in client.get(f"{base}/turns/1").get_json()
    for query in ({"best": 101}, {"best": -1}, {"best": "x"}):
        assert error_of(client.get(f"{base}/turns/1", query_string=query), 400)
    revealing = client.get(base).get_json()
    conforms(document, "GameState", revealing)
    assert (revealing["phase"], revealing["view"]["stage"]) == ("reveal", "between")
    assert revealing["view"]["reveal"]["number"] == 1
    ready = client.post(f"{base}/turns/1/next", headers=game["player"])
    assert ready.status_code == 200
    conforms(document, "NextResponse", ready.get_json())
    assert ready.get_json() == {"turn": 1, "ready": 1, "of": 1}
    after = client.get(base).get_json()
    assert (after["turn"], after["phase"]) == (2, "turn")  # no wait for the reveal's end
    assert after["view"]["reveal"] is None


def test_a_simultane_is_created_from_a_package_and_scheduled(
    client: FlaskClient, document: dict[str, Any]
) -> None:
    config = dataclasses.replace(preset("online"), max_turns=2)
    lexicon = load_lexicon(config.lexicon)
    game = DuplicateGame(config, 9, MoveGeneratorReferee(lexicon, config))
    game.play_to_end()
    package = prepare_package(game, lexicon.info.id, lexicon.info.hash, "Simultané")
    now_ms = int(time.time() * 1000)
    created = client.post(
        "/v1/games",
        json={"package": package, "start_at_ms": now_ms + 60_000, "config": {"late_join": True}},
    )
    assert created.status_code == 201, created.data
    state = created.get_json()["game"]
    conforms(document, "GameState", state)
    assert (state["package_hash"], state["title"]) == (package["content_hash"], "Simultané")
    assert state["start_at_ms"] == now_ms + 60_000
    assert state["view"]["config"]["late_join"] is True
    assert state["view"]["config"]["max_turns"] == 2  # the package's rules
    tampered = {**package, "title": "Another"}
    refused = client.post("/v1/games", json={"package": tampered})
    assert error_of(refused, 400)["code"] == "bad_package"
    for body in (
        {"package": package, "seed": 3},
        {"package": "text"},
        {"package": package, "start_at_ms": now_ms - 1000},
        {"start_at_ms": -1},
        {"package": package, "config": {"max_turns": 3}},  # the package brings its rules
    ):
        assert error_of(client.post("/v1/games", json=body), 400), body


def test_a_simultane_s_results_and_centres_over_http(
    client: FlaskClient, document: dict[str, Any]
) -> None:
    game = _game(client, seed=3, config={"max_turns": 1})
    base = f"/v1/games/{game['id']}"
    view = client.post(f"{base}/start", headers=game["organiser"]).get_json()["view"]
    solved = client.post("/v1/solve", json={"board": view["board"], "rack": view["tiles"]})
    top = solved.get_json()["best_score"]
    centre = {
        "centre": "Nantes",
        "csv": f"name,club,serie,country,total\nZoé,Nantes,S2,FRA,{top}\n",
    }
    early = client.post(f"{base}/centres", json=centre, headers=game["organiser"])
    assert error_of(early, 409)["code"] == "conflict"
    assert _act(client, game, {"action": {"move": solved.get_json()["top"]}}).status_code == 200
    for _ in range(200):
        if client.get(base).get_json()["status"] == "over":
            break
        time.sleep(0.05)
    assert error_of(client.post(f"{base}/centres", json=centre, headers=game["player"]), 403)
    merged = client.post(f"{base}/centres", json=centre, headers=game["organiser"])
    assert merged.status_code == 201, merged.data
    conforms(document, "CentreResponse", merged.get_json())
    assert merged.get_json() == {"centre": "Nantes", "players": 1}
    bad = {"centre": "Lille", "csv": "name,club,serie,country,total\nA,B,S9,FRA,1\nC,D,S1,FRA,x\n"}
    refused = error_of(client.post(f"{base}/centres", json=bad, headers=game["organiser"]), 400)
    assert refused["code"] == "bad_centre_results"
    assert [problem["line"] for problem in refused["problems"]] == [2, 3]
    found = client.get(f"{base}/results")
    assert found.status_code == 200
    conforms(document, "Results", found.get_json())
    lines = found.get_json()["results"]
    assert [(line["place"], line["name"], line["source"]) for line in lines] == [
        (1, "Ana", "online"),
        (1, "Zoé", "centre"),
    ]
    assert found.get_json()["lines"] == 2
    view = client.get(f"{base}/results", query_string={"centre": "nantes"}).get_json()
    assert [line["name"] for line in view["results"]] == ["Zoé"]
    exported = client.get(f"{base}/results", query_string={"format": "csv"})
    assert exported.mimetype == "text/csv"
    assert "attachment" in exported.headers["Content-Disposition"]
    assert exported.get_data(as_text=True).splitlines()[0].startswith("place,name,score,negatif")
    for query in ({"format": "xml"}, {"serie": "x" * 100}, {"other": "1"}):
        assert error_of(client.get(f"{base}/results", query_string=query), 400), query


def test_metrics(client: FlaskClient) -> None:
    client.post("/v1/solve", json=SOLVE)
    client.get("/v1/nothing")
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    text = response.data.decode()
    assert re.search(
        r'arbitre_gateway_requests_total\{endpoint="/v1/solve",method="POST",status="200"\} '
        r"[1-9]",
        text,
    )
    assert 'endpoint="unmatched",method="GET",status="404"' in text
    assert re.search(
        r'arbitre_gateway_request_duration_seconds_bucket\{endpoint="/v1/solve",le="0.5",'
        r'method="POST",status="200"\} [1-9]',
        text,
    )
    assert "# TYPE arbitre_gateway_grpc_errors_total counter" in text


# -- fuzz ----------------------------------------------------------------------------------------

_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
_json = st.recursive(
    _scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
_rows = st.lists(
    st.text(alphabet="..........ABEIRSTZaes?1 é", min_size=15, max_size=15),
    min_size=15,
    max_size=15,
)
_valid_rows = st.lists(
    st.text(alphabet="." * 30 + "ABEIRSTZaes", min_size=15, max_size=15),
    min_size=15,
    max_size=15,
)
_odd_rows = st.lists(st.text(alphabet=".AEZa1", max_size=30), max_size=30)
_racks = st.text(alphabet="AEIRSTZQ?+-a1 ", max_size=20)
_oversize = st.integers(min_value=30, max_value=50_000).map(lambda n: "A" * n)
_lexicons = st.sampled_from(["fr", "en", "", "ods9", "../fr"])
_tile_sets = st.sampled_from(["fr", "en", "klingon"])
_rule_sets = st.sampled_from(["duplicate", "classic", "7sur8", "7et8", "chess"])
_moves = st.from_regex(r"\A[A-P1-9]{1,3} [A-Za-z()?]{0,16}\Z")
_fields = st.fixed_dictionaries(
    {},
    optional={
        "board": _rows | _odd_rows | _json,
        "rack": _racks | _oversize | _json,
        "move": _moves | _oversize | _json,
        "lexicon": _lexicons | _json,
        "tiles": _tile_sets | _json,
        "rules": _rule_sets | _json,
        "limit": st.integers(min_value=-3, max_value=20_000) | _json,
        "tie_break": st.lists(st.sampled_from([*TIE_BREAK_KEYS, "x"]), max_size=8) | _json,
        "id": _json,
    },
)


#: Bodies of the right shape with random content: most reach the services.
_plausible_solve = st.fixed_dictionaries(
    {"board": _valid_rows | _rows, "rack": st.text(alphabet="AEIRSTZQ?+-", min_size=1, max_size=9)},
    optional={
        "lexicon": _lexicons,
        "tiles": _tile_sets,
        "rules": _rule_sets,
        "limit": st.integers(min_value=1, max_value=50),
        "tie_break": st.lists(st.sampled_from(list(TIE_BREAK_KEYS)), unique=True, max_size=3),
    },
)
_plausible_score = st.fixed_dictionaries(
    {"board": _valid_rows | _rows, "move": _moves},
    optional={
        "rack": st.text(alphabet="AEIRSTZQ?", max_size=9),
        "lexicon": _lexicons,
        "tiles": _tile_sets,
        "rules": _rule_sets,
    },
)
_anything = _fields | _json | st.binary(max_size=200)


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    request=st.tuples(st.just("/v1/solve"), _plausible_solve | _anything)
    | st.tuples(st.just("/v1/score"), _plausible_score | _anything)
)
def test_no_random_body_gives_a_5xx(client: FlaskClient, request: tuple[str, Any]) -> None:
    path, body = request
    if isinstance(body, bytes):
        response = client.post(path, data=body, content_type=JSON)
    else:
        response = client.post(path, data=json.dumps(body), content_type=JSON)
    assert response.status_code < 500, response.data[:300]
    event(f"{path} {response.status_code}")
    result = response.get_json()
    if response.status_code == 200:
        assert "best_score" in result if path == "/v1/solve" else "legal" in result
    else:
        assert set(result["error"]) == {"code", "message"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lexicon=st.text(max_size=70).filter(
        lambda text: "/" not in text and text not in ("", ".", "..")
    ),
    word=st.text(max_size=70).filter(lambda text: "/" not in text and text not in ("", ".", "..")),
    query=st.dictionaries(
        st.sampled_from(["anagrams", "pattern", "plus_one", "limit", "other"]),
        st.text(max_size=70),
        max_size=3,
    ),
)
def test_no_random_lexicon_query_gives_a_5xx(
    client: FlaskClient, lexicon: str, word: str, query: dict[str, str]
) -> None:
    for response in (
        client.get(f"/v1/lexicons/{_quoted(lexicon)}/words/{_quoted(word)}"),
        client.get(f"/v1/lexicons/{_quoted(lexicon)}/search", query_string=query),
    ):
        assert response.status_code < 500, response.data[:300]
        assert response.mimetype == "application/json"


def _quoted(text: str) -> str:
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


# -- python -m arbitre.gateway -------------------------------------------------------------------


def test_the_module_serves_until_sigterm(server: Platform, cache: Path) -> None:
    with gateway_process(server.address, server.gateway_token) as (process, base):
        with urllib.request.urlopen(f"{base}/healthz", timeout=10) as answer:
            assert json.load(answer)["status"] == "ok"
        request = urllib.request.Request(
            f"{base}/v1/solve",
            data=json.dumps(SOLVE).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert json.load(answer)["best_score"] == 64
        request = urllib.request.Request(
            f"{base}/v1/games", data=b"{}", headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 201
            assert json.load(answer)["game"]["status"] == "waiting"
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0


def test_the_module_refuses_a_bad_environment() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "arbitre.gateway", "--port", "0"],
        cwd=ROOT,
        env={**os.environ, "ARBITRE_GATEWAY_DEADLINE": "soon"},
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert result.returncode == 2
    assert "ARBITRE_GATEWAY_DEADLINE" in result.stderr


def test_api_keys_do_not_hide_unknown_routes_or_wrong_methods(keyed: FlaskClient) -> None:
    assert keyed.get("/v1/solvent").status_code == 404
    assert keyed.get("/v1/scoreboard").status_code == 404
    assert keyed.get("/v1/solve").status_code == 405


def test_the_open_tables_route(client: FlaskClient, document: dict[str, Any]) -> None:
    seed = 918_273_645_546  # a number nothing else in the list looks like
    table = client.post("/v1/games", json={"config": {"seats": 2}, "title": "listed", "seed": seed})
    assert table.status_code == 201
    table_id = table.get_json()["game_id"]
    client.post("/v1/games", json={"title": "no seats"})
    found = client.get("/v1/tables")
    assert found.status_code == 200
    body = found.get_json()
    conforms(document, "TableList", body)
    listed = [entry["game_id"] for entry in body["tables"]]
    assert listed[0] == table_id
    entry = body["tables"][0]
    assert [entry[key] for key in ("title", "seats", "players", "robots")] == ["listed", 2, 0, 0]
    assert str(seed) not in json.dumps(body)  # no seed, nor anything else secret
    assert table.get_json()["organiser_token"] not in json.dumps(body)
    one = client.get("/v1/tables", query_string={"limit": 1}).get_json()
    assert [entry["game_id"] for entry in one["tables"]] == [table_id]
    schema = document["paths"]["/v1/tables"]["get"]["parameters"][0]["schema"]
    assert schema["maximum"] == openapi.MAX_LISTED_TABLES
    for bad in ("-1", "x", str(openapi.MAX_LISTED_TABLES + 1)):
        assert error_of(client.get("/v1/tables", query_string={"limit": bad}), 400)
    assert error_of(client.get("/v1/tables", query_string={"other": 1}), 400)
    client.post(f"/v1/games/{table_id}/players", json={"name": "Ana"})
    client.post(f"/v1/games/{table_id}/players", json={"name": "Bea"})  # full
    after = client.get("/v1/tables").get_json()
    assert table_id not in [entry["game_id"] for entry in after["tables"]]


def test_create_words_bad_seats_as_the_session_and_echoes_canonical_tiles(
    client: FlaskClient,
) -> None:
    """Both ends of a config's ``seats`` get the rules' one wording (a 400 bad_config), and
    every spelling of a tile set preset comes back canonical in the game's configuration."""
    for value in (1, 7, -1):
        error = error_of(client.post("/v1/games", json={"config": {"seats": value}}), 400)
        assert error["code"] == "bad_config"
        assert error["message"].endswith(seats_refusal(value)), error
    error = error_of(client.post("/v1/games", json={"config": {"seats": 2**40}}), 400)
    assert error["code"] == "bad_config"  # past an int32: the typed config's own refusal
    assert error["message"].startswith("config.seats: "), error
    for config, tiles in [
        ({"tiles": "english", "lexicon": "en"}, "en"),
        ({"tiles": "french"}, "fr"),
        ({"tiles": "fr", "lexicon": "en"}, "fr"),  # tiles given: kept
    ]:
        created = client.post("/v1/games", json={"config": config})
        assert created.status_code == 201, created.data
        assert created.get_json()["game"]["view"]["config"]["tiles"] == tiles


def test_a_lexicon_of_another_language_brings_its_tiles(client: FlaskClient) -> None:
    created = client.post("/v1/games", json={"config": {"lexicon": "en"}})
    assert created.status_code == 201, created.data
    assert created.get_json()["game"]["view"]["config"]["tiles"] == "en"
