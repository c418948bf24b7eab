"""Fuzzing the REST API from its OpenAPI document, against the real platform.

The gateway's Flask app is called over WSGI; behind it run the four gRPC services on one free
port (:func:`arbitre.services.platform.start_platform`) and a real Redis
(:mod:`tests.redis_fixtures`).

* :func:`test_every_operation`: schemathesis generates requests for every documented operation
  (but the event stream, which never ends, and ``/metrics``), requests the document allows and
  requests it does not (its examples first). No answer may be a 5xx; every answer must be one the
  document lists for the operation, with its content type, headers and body schema; a request the
  document does not allow must be refused.
* Random game ids only get 404s, so :func:`test_every_game_operation_on_real_games` runs the
  same generation on the game routes with the ids of real games (one waiting, one running) and,
  in turn, no token, the organiser's or a player's.
* :func:`test_no_request_on_a_real_game_gives_a_5xx` goes deeper: random requests to those
  games' routes, answers (``POST /v1/games/{id}/actions``) with legal moves of the open turn
  among random ones, so that turns close and their results, the standings and the record fill
  up; random bodies, request ids, dry runs, tokens, ``Authorization`` headers, turn numbers and
  paging.
"""

from __future__ import annotations

import itertools
import json
import sys
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from arbitre.gateway import GatewayConfig, create_app, openapi
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import connect
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

DOCUMENT = openapi.document()
#: Every documented operation but the event stream (it never ends) and the metrics (text).
SCHEMA = (
    schemathesis.openapi.from_dict(DOCUMENT)
    .exclude(path="/v1/games/{game_id}/events")
    .exclude(path="/metrics")
)
GAME_ROUTES = SCHEMA.include(path_regex=r"^/v1/games/\{game_id\}")


@schemathesis.check
def rejects_negative_data(ctx: Any, response: Any, case: Any) -> bool | None:
    """Schemathesis's ``negative_data_rejection``, counting a 413 as a rejection: a body the
    fuzzer made larger than the gateway reads is refused before it is validated (its 413 is
    documented, and ``status_code_conformance`` checks that)."""
    if response.status_code == 413:
        return None
    result: bool | None = negative_data_rejection(ctx, response, case)
    return result


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    rejects_negative_data,
]
#: Bounded: about 20 s for the whole module on two cores.
FUZZ_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
JSON = "application/json"
ERROR_CODES = {
    "bad_json",
    "bad_request",
    "unauthorized",
    "forbidden",
    "not_found",
    "method_not_allowed",
    "conflict",
    "payload_too_large",
    "unsupported_media_type",
    # an answer that cannot be played
    "illegal_move",
    "bad_notation",
    "unknown_letter",
    "bad_rack",
    # the duplicate kind's refusals: a bad configuration or action (400), the moment (409)
    "bad_config",
    "bad_action",
    "not_started",
    "wrong_turn",
    "too_late",
    "turn_closed",
    "game_over",
    "not_seated",
    "not_revealed",
    "no_such_turn",
    "paused",
    "late_join_closed",
    "already_seated",
    "table_full",
    "robot_seat",
    "not_enough_players",
    "no_players",
    # saved environments: bad options, name, kind or password (400), the password (403), taken
    "bad_options",
    "bad_name",
    "bad_kind",
    "bad_password",
    "wrong_password",
    "name_taken",
    # accounts: a bad label or registration (400), an account's token or credentials refused
    # (401), a key where a session is needed or a creation by no organiser (403), no such seat
    "bad_label",
    "bad_registration",
    "bad_token",
    "wrong_credentials",
    "session_needed",
    "not_organiser",
    "no_seat",
}


# -- fixtures ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def platform(tmp_path_factory: pytest.TempPathFactory, redis_url: str) -> Iterator[Platform]:  # noqa: F811
    cache_dir: Path = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ARBITRE_CACHE_DIR", str(cache_dir))
        # an archive, so that the saved environments' routes answer (they live in it)
        database = f"sqlite:///{tmp_path_factory.mktemp('data') / 'arbitre.sqlite3'}"
        running = start_platform(LexiconRegistry(), connect(redis_url), database=database)
        yield running
        running.stop(0)


@pytest.fixture(scope="module")
def app(platform: Platform) -> Iterator[Flask]:
    address = platform.address
    made = create_app(GatewayConfig.all_at(address, internal_token=platform.gateway_token))
    yield made
    made.extensions["arbitre.gateway"].close()


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@dataclass(frozen=True)
class Game:
    game_id: str
    organiser: str
    #: The players' tokens, by player id.
    players: dict[str, str]


@pytest.fixture(scope="module")
def games(client: FlaskClient) -> dict[str, Game]:
    """A waiting game with one player, and a running one with two (turn 1 open)."""
    made = {}
    for status, names in (("waiting", ["Ana"]), ("running", ["Ana", "Bo"])):
        created = client.post("/v1/games", json={"seed": 7, "title": status})
        assert created.status_code == 201, created.data
        body = created.get_json()
        tokens = {}
        for name in names:
            joined = client.post(f"/v1/games/{body['game_id']}/players", json={"name": name})
            assert joined.status_code == 201, joined.data
            tokens[joined.get_json()["player_id"]] = joined.get_json()["player_token"]
        game = Game(body["game_id"], body["organiser_token"], tokens)
        if status == "running":
            started = client.post(
                f"/v1/games/{game.game_id}/start",
                headers={"Authorization": f"Bearer {game.organiser}"},
            )
            assert started.status_code == 200, started.data
            assert started.get_json()["turn"] == 1
        made[status] = game
    return made


# -- schemathesis --------------------------------------------------------------------------------


def test_the_fuzzed_document_is_the_served_one(client: FlaskClient) -> None:
    assert client.get("/v1/openapi.json").get_json() == DOCUMENT


@SCHEMA.parametrize()
@FUZZ_SETTINGS
def test_every_operation(case: Any, app: Flask) -> None:
    case.call_and_validate(app=app, checks=CHECKS)


#: Which game and which token a case of the game routes gets (by a checksum of the case).
_PICKS = list(itertools.product(("waiting", "running"), ("as generated", "organiser", "player")))


@GAME_ROUTES.parametrize()
@FUZZ_SETTINGS
def test_every_game_operation_on_real_games(case: Any, app: Flask, games: dict[str, Game]) -> None:
    # picked from what was generated (not in sequence), so that Hypothesis can replay a case
    generated = repr((case.path_parameters, case.headers, case.query, case.body)).encode()
    status, pick = _PICKS[zlib.crc32(generated) % len(_PICKS)]
    game = games[status]
    case.path_parameters = {**(case.path_parameters or {}), "game_id": game.game_id}
    if pick != "as generated":
        token = game.organiser if pick == "organiser" else list(game.players.values())[-1]
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    case.call_and_validate(app=app, checks=CHECKS)


# -- a real game, deeper -------------------------------------------------------------------------

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
_config_fields = st.sampled_from(
    [
        "name",
        "reveal_seconds",
        "seats",
        "late_join",
        "variant",
        "lexicon",
        "tiles",
        "layout",
        "minimums",
        "no_move_redraws",
        "max_turns",
        "bonuses",
        "solo_bonus",
        "solo_min_players",
        "tie_break",
        "seconds_per_turn",
    ]
)
_config_values = (
    _json
    | st.integers(min_value=-2, max_value=100_000)
    | st.sampled_from(
        ["fr", "en", "french", "english", "standard", "duplicate", "joker", "fisf", "online"]
    )
    | st.lists(st.sampled_from(["most_tiles", "fewest_blanks", "reading_order", "x"]), max_size=4)
    | st.dictionaries(st.sampled_from(["7", "8", "x", "-1"]), st.integers(-5, 100), max_size=3)
    | st.lists(
        st.fixed_dictionaries(
            {
                "from_turn": st.integers(-1, 20),
                "vowels": st.integers(-1, 8),
                "consonants": st.integers(-1, 8),
            }
        ),
        max_size=2,
    )
)
_create = st.fixed_dictionaries(
    {},
    optional={
        "kind": st.sampled_from(["duplicate", "", "classic"]) | _json,
        "config": st.dictionaries(_config_fields, _config_values, max_size=3) | _json,
        "seed": st.integers(min_value=-1, max_value=2**63) | _json,
        "title": st.text(max_size=130) | _json,
        "refereed": st.booleans() | _json,
    },
)
_names = st.text(min_size=1, max_size=45) | _json
#: Turns: mostly "open", the number of the open turn read when the request is made.
_turns = (
    st.sampled_from(["open"] * 3) | st.integers(min_value=0, max_value=4) | st.integers(-5, 10**30)
)
#: Actions (answers): mostly {"move": "legal"}, a legal move of the open turn found by /v1/solve
#: when the request is made; else moves that may not be legal, or no move at all; a turn, mostly
#: the open one, or none (the open one too).
_moves: st.SearchStrategy[dict[str, Any]] = st.sampled_from(
    ["legal"] * 4 + ["random", "junk"]
).flatmap(
    lambda kind: (
        st.fixed_dictionaries({"move": st.just("legal")}, optional={"turn": _turns})
        if kind == "legal"
        else st.fixed_dictionaries(
            {"move": st.from_regex(r"\A[A-O1-9]{1,3} [A-Za-z()?]{1,9}\Z") | st.text(max_size=70)},
            optional={"turn": _turns},
        )
        if kind == "random"
        else st.fixed_dictionaries({}, optional={"move": _json, "turn": _json, "x": _json})
    )
)
#: Request ids: mostly well formed (some the same, a retry), else anything.
#: Request ids: mostly well formed (a few of them, so that some are sent again: a retry), else
#: anything.
_request_ids = st.sampled_from(["ids"] * 4 + ["random", "junk"]).flatmap(
    lambda kind: (
        st.sampled_from(["r1", "r2", "r3", "a:b.c-d_e"]) | st.uuids().map(str)
        if kind == "ids"
        else st.from_regex(r"\A[A-Za-z0-9_.:-]{1,70}\Z")
        if kind == "random"
        else _json
    )
)
#: The bodies of ``POST /v1/games/{id}/actions``: mostly an action, with a request id or as a
#: dry run; else anything.
_answers: st.SearchStrategy[Any] = st.sampled_from(["action"] * 5 + ["junk"]).flatmap(
    lambda kind: (
        st.fixed_dictionaries({"action": _moves}, optional={"request_id": _request_ids})
        | st.fixed_dictionaries({"action": _moves, "dry_run": st.booleans()})
        if kind == "action"
        else st.fixed_dictionaries(
            {}, optional={"action": _json, "request_id": _json, "dry_run": _json, "x": _json}
        )
    )
)
_paging = st.integers(min_value=-1, max_value=2_000_000).map(str) | st.text(max_size=8)


@st.composite
def _headers(draw: st.DrawFn, game: Game, player: bool) -> dict[str, str]:
    """``Authorization``: none, a token of ``game`` (mostly a player's when ``player``), a
    random one, a random header."""
    choices = ["none", "organiser", "player", "bearer", "raw"]
    choice = draw(st.sampled_from(["player"] * 6 + choices if player else choices))
    if choice == "none":
        return {}
    if choice == "organiser":
        return {"Authorization": f"Bearer {game.organiser}"}
    if choice == "player":
        return {"Authorization": "player"}  # a player who has not answered, when there is one
    if choice == "bearer":
        token = draw(st.text(alphabet="AZaz09_-+/=. ", max_size=140))
        return {"Authorization": f"Bearer {token}"}
    text = draw(st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=40))
    return {"Authorization": text}


@st.composite
def _requests(draw: st.DrawFn, games: dict[str, Game]) -> dict[str, Any]:
    """A request to one of the games' routes: method, path, query, headers, body (``None``:
    none), with the ``"open"`` turn and ``"legal"`` moves to resolve when it is made."""
    game = games[draw(st.sampled_from(sorted(games)))]
    base = f"/v1/games/{game.game_id}"
    route = draw(
        st.sampled_from(
            [
                *["create", "join", "state", "turn", "standings", "record", "sheet"],
                *["start", "pause", "resume", "resume", "resume", "next"],
                *["answer"] * 6,
            ]
        )
    )
    request: dict[str, Any] = {"method": "GET", "query": {}, "body": None, "game": game}
    if route == "create":
        request.update(method="POST", path="/v1/games", body=draw(_create))
    elif route == "join":
        body: Any = draw(st.fixed_dictionaries({}, optional={"name": _names}))
        request.update(method="POST", path=f"{base}/players", body=body)
    elif route in ("start", "pause", "resume"):
        body = draw(st.one_of(st.none(), st.just({}), _json))
        request.update(method="POST", path=f"{base}/{route}", body=body)
    elif route == "state":
        request["path"] = base
    elif route == "answer":
        request.update(method="POST", path=f"{base}/actions", body=draw(_answers))
    elif route == "next":
        body = draw(st.one_of(st.none(), st.just({}), _json))
        request.update(method="POST", turn=draw(_turns), path=f"{base}/turns/{{turn}}/next")
        request["body"] = body
    elif route == "turn":
        request.update(turn=draw(_turns), path=f"{base}/turns/{{turn}}")
    elif route == "standings":
        request["path"] = f"{base}/standings"
        request["query"] = draw(
            st.fixed_dictionaries({}, optional={"offset": _paging, "limit": _paging})
        )
    else:
        request["path"] = f"{base}/{route}"
    request["headers"] = draw(_headers(game, player=route in ("answer", "next")))
    # what picks the player and the legal move: drawn here, not from what the game's state
    # offers when the request is made, which Hypothesis would see as flaky generation
    request["pick"] = draw(st.integers(min_value=0, max_value=1000))
    return request


@cache
def _legal_moves(client: FlaskClient, board: tuple[str, ...], rack: str) -> tuple[str, ...]:
    response = client.post("/v1/solve", json={"board": list(board), "rack": rack, "limit": 40})
    assert response.status_code == 200, response.data
    return tuple(move["move"] for move in response.get_json()["moves"])


def _conforms(schema: str, body: object) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    root = {"$ref": f"#/components/schemas/{schema}", "components": DOCUMENT["components"]}
    jsonschema.Draft202012Validator(root).validate(body)


def _success_schema(path: str) -> str | None:
    """The schema of a success of ``path`` (``None``: plain text)."""
    last = path.rsplit("/", 1)[-1]
    by_last = {
        "games": "CreateGameResponse",
        "players": "JoinResponse",
        "actions": "ActResponse",
        "next": "NextResponse",
        "standings": "Standings",
        "record": "GameRecord",
        "sheet": None,
    }
    if last in by_last:
        return by_last[last]
    return "TurnResult" if "/turns/" in path else "GameState"


@settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_no_request_on_a_real_game_gives_a_5xx(
    client: FlaskClient, games: dict[str, Game], data: st.DataObject
) -> None:
    request = data.draw(_requests(games))
    game: Game = request["game"]
    path, body = request["path"], request["body"]
    state = client.get(f"/v1/games/{game.game_id}").get_json()
    view = state["view"]
    headers = dict(request["headers"])
    if headers.get("Authorization") == "player":
        waiting = [
            player["id"]
            for player in view["players"]
            if not player["answered"] and player["id"] in game.players  # not those joined here
        ]
        choices = waiting or sorted(game.players)
        player = choices[request["pick"] % len(choices)]
        headers["Authorization"] = f"Bearer {game.players[player]}"
    if "{turn}" in path:
        turn = state["turn"] if request["turn"] == "open" else request["turn"]
        path = path.replace("{turn}", str(turn))
    action = body.get("action") if isinstance(body, dict) else None
    if isinstance(action, dict):
        body = {**body, "action": dict(action)}
        action = body["action"]
        if action.get("turn") == "open":
            action["turn"] = state["turn"]
        if action.get("move") == "legal":
            rack = (view["rack"] or "").replace("+", "").replace("-", "")
            moves = _legal_moves(client, tuple(view["board"]), rack) if rack else ()
            action["move"] = moves[request["pick"] % len(moves)] if moves else "H4 LEGAL"
    response = client.open(
        path,
        method=request["method"],
        query_string=request["query"],
        headers=headers,
        data=None if body is None else json.dumps(body),
        content_type=None if body is None else JSON,
    )
    status = response.status_code
    event(f"{request['method']} {_success_schema(path)}: {status}")
    assert status < 500, (request, path, response.data[:500])
    if status >= 400:
        assert response.mimetype == JSON
        error = response.get_json()["error"]
        assert set(error) == {"code", "message"}
        assert error["code"] in ERROR_CODES
        if status == 401:
            assert response.headers["WWW-Authenticate"] == "Bearer"
        return
    schema = _success_schema(path)
    if schema is None:
        assert response.mimetype == "text/plain"
    else:
        _conforms(schema, response.get_json())


# -- what the fuzzing found ----------------------------------------------------------------------


@pytest.mark.parametrize("route", ["turns/{turn}", "turns/{turn}/next"])
def test_a_turn_number_of_thousands_of_digits_is_a_404(
    client: FlaskClient, games: dict[str, Game], route: str
) -> None:
    digits = sys.get_int_max_str_digits()
    if not digits:
        pytest.skip("int() has no digit limit here")
    game = games["running"]
    path = f"/v1/games/{game.game_id}/" + route.format(turn="9" * (digits + 1))
    token = next(iter(game.players.values()))
    if path.endswith("/next"):
        response = client.post(path, headers={"Authorization": f"Bearer {token}"})
    else:
        response = client.get(path)
    assert response.status_code == 404, response.data[:300]


def test_an_answer_for_a_turn_of_thousands_of_digits_is_refused(
    client: FlaskClient, games: dict[str, Game]
) -> None:
    """The answer's turn, in the body: a 400 saying what is wrong, no 5xx."""
    game = games["running"]
    token = next(iter(game.players.values()))
    turn = "9" * (sys.get_int_max_str_digits() or 5000) + "9"
    response = client.post(
        f"/v1/games/{game.game_id}/actions",
        data='{"action": {"move": "H4 A", "turn": ' + turn + "}}",
        content_type=JSON,
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 400, response.data[:300]
    assert response.get_json()["error"]["code"] in ("bad_json", "bad_request", "bad_action")
