"""The gateway's game routes, for every game kind, over the session service.

- ``POST /v1/games`` ``{kind?, config?, seed?, title?, package?, start_at_ms?, refereed?}`` → 201
  ``{game_id, organiser_token, game}`` (``kind`` defaults to ``duplicate``; ``config`` is the
  kind's typed configuration); with an account's credential, the game is the account's too (its
  credentials then act as the organiser's token, on any device);
- ``POST /v1/games/{id}/players`` ``{name}`` → 201 ``{player_id, player_token, game}``; with
  an account's session token or API key (``Authorization: Bearer`` or ``X-API-Key``), the seat
  is the account's (:mod:`arbitre.gateway.accounts`); without, a guest's;
- ``POST /v1/games/{id}/robots`` ``{level, name?}`` (organiser's token) → 201 a robot player;
- ``POST /v1/games/{id}/start``, ``/pause``, ``/resume`` (organiser's token) → the game;
- ``GET /v1/games/{id}`` (a player's token optional: their own part) → the game as the caller
  may see it (the session's part and the kind's ``view``);
- ``POST /v1/games/{id}/actions`` ``{action, request_id?, dry_run?}`` (player's token) → the
  action's result (a duplicate answer: its points on the board);
- ``GET /v1/games/{id}/turns/{n}`` → once revealed: the closed turn or round, everything shown;
- ``GET /v1/games/{id}/standings`` (``offset``, ``limit``), ``/record`` (JSON), ``/sheet`` (text);
- ``GET /v1/games/{id}/review`` → a finished game reviewed move by move by its kind's strongest
  robot (Indecix);
- ``GET /v1/tables`` (``limit``) → the open tables to join, newest first.

Tokens come in ``Authorization: Bearer <token>``. The game's server-sent events
(``GET /v1/games/{id}/events``) are no Flask route: :mod:`arbitre.gateway.asgi` serves them.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, jsonify, request

from arbitre.api.actions import is_request_id
from arbitre.api.game_state import game_state_data
from arbitre.api.kind_parts import ProtoDataError, has_part, part, put_part
from arbitre.gateway import openapi
from arbitre.gateway.errors import ApiError, bad_request
from arbitre.gateway.reading import Body, json_object, query_arguments, shown
from arbitre.services.game_keys import is_game_id
from arbitre.services.kind_names import enum_of_name
from arbitre.v1 import accounts_pb2, session_pb2

if TYPE_CHECKING:
    from arbitre.gateway.app import Gateway

__all__ = [
    "account_token",
    "act_answer",
    "act_request",
    "add_game_routes",
    "bearer_of",
    "bearer_token",
    "call_session",
    "checked_action",
    "create_request",
    "game_id_of",
    "kind_and_config",
    "session_refusal",
]

_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,128}")
#: The codes the session's refusals start with, by the status they map to: a move that cannot
#: be played (as the scoring service says why), a table that is full or has no opponent.
_SESSION_CODES = frozenset(
    {
        (400, "illegal_move"),
        (400, "bad_notation"),
        (400, "unknown_letter"),
        (400, "bad_rack"),
        (409, "table_full"),
        (409, "robot_seat"),
        (409, "not_enough_players"),
        (400, "bad_package"),
        (400, "bad_config"),
        (409, "no_round_left"),
        (409, "game_over"),
        (409, "already_seated"),
        (409, "round_open"),
        (401, "bad_token"),  # an account's token at a join: unknown, expired or signed out
    }
)
#: What a game kind's refusal code looks like (``not_in_list``): the start of its message.
_KIND_CODE = re.compile(r"[a-z][a-z_]{1,39}")


def bearer_token(required: bool) -> str:
    """The token of ``Authorization: Bearer <token>``; ``""`` when absent and not
    ``required``; a 401 when absent and required or malformed."""
    return bearer_of(request.headers.get("Authorization", ""), required)


def bearer_of(header: str, required: bool) -> str:
    """:func:`bearer_token` of the ``Authorization`` header's value ``header``."""
    if not header:
        if required:
            raise ApiError(
                401,
                "unauthorized",
                "send the token as Authorization: Bearer <token>",
                {"WWW-Authenticate": "Bearer"},
            )
        return ""
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not _TOKEN.fullmatch(token):
        raise ApiError(
            401,
            "unauthorized",
            "the Authorization header must be: Bearer <token>",
            {"WWW-Authenticate": "Bearer"},
        )
    return token


def account_token(required: bool) -> str:
    """An account's credential: an API key in ``X-API-Key``, else the token of
    ``Authorization: Bearer`` (a session token or an API key); ``""`` when absent and not
    ``required``, a 401 when absent and required or malformed."""
    key = request.headers.get("X-API-Key", "")
    if key:
        if not _TOKEN.fullmatch(key):
            raise ApiError(
                401, "unauthorized", "X-API-Key: an API key", {"WWW-Authenticate": "Bearer"}
            )
        return key
    return bearer_token(required)


def game_id_of(game_id: str) -> str:
    """``game_id`` when it can be a game id; a 404 otherwise."""
    if not is_game_id(game_id):
        raise ApiError(404, "not_found", f"no game {shown(game_id)}")
    return game_id


def has_body() -> bool:
    """Whether the request has a body (a length, or chunked)."""
    return (
        bool(request.content_length)
        or "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    )


def _turn(text: str) -> int:
    """The turn number of the path: 1 to MAX_TURN in ASCII digits, else a 404 (never int() of
    thousands of digits, which raises past Python's digit limit)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 5):
        raise ApiError(404, "not_found", f"no turn {shown(text)}")
    number = int(text)
    if not 1 <= number <= openapi.MAX_TURN:
        raise ApiError(404, "not_found", f"no turn {number}")
    return number


def call_session(gateway: Gateway, method: str, message: Any, kind_codes: bool = False) -> Any:
    """Call the session's ``method``; a refusal whose message starts with one of the codes
    players' apps act on (``"table_full: ..."``, ``"illegal_move: ..."``) keeps that code, and
    with ``kind_codes`` so does any code a game kind refuses with (``"not_in_list: ..."``)."""
    try:
        return gateway.call("session", method, message)
    except ApiError as error:
        raise session_refusal(error, kind_codes) from None


def session_refusal(error: ApiError, kind_codes: bool = False) -> ApiError:
    """``error``, the session's refusal, with the code its message starts with when that is one
    of the codes players' apps act on (or, with ``kind_codes``, any a game kind refuses with):
    see :func:`call_session`."""
    reason, _, said = error.message.partition(":")
    if (error.status, reason) in _SESSION_CODES or (
        kind_codes and error.status in (400, 409) and _KIND_CODE.fullmatch(reason)
    ):
        error.code, error.message = reason, said.strip() or error.message
    return error


def checked_action(data: dict[str, Any]) -> tuple[dict[str, Any], str, bool]:
    """The body of ``POST /v1/games/{id}/actions`` checked: its action, request id and dry
    run; a 400 otherwise."""
    body = Body(data, required=("action",), optional=("request_id", "dry_run"))
    action = body.data["action"]
    if not isinstance(action, dict):
        raise bad_request("action must be an object (the game kind's action)")
    request_id = body.optional_text("request_id", openapi.MAX_REQUEST_ID_CHARS)
    if request_id and not is_request_id(request_id):
        raise bad_request("request_id: 1 to 64 characters of A-Z a-z 0-9 _ - . :")
    dry_run = bool(body.boolean("dry_run"))
    if dry_run and request_id:
        raise bad_request("a dry run keeps nothing: give no request_id")
    return action, request_id or "", dry_run


def act_request(
    game_id: str, token: str, kind_name: str, checked: tuple[dict[str, Any], str, bool]
) -> Any:
    """The session's ``ActRequest`` for the ``checked`` action (:func:`checked_action`) of a
    game of ``kind_name``: a 409 for a kind that takes no actions, a 400 for an action that is
    not the kind's."""
    action, request_id, dry_run = checked
    message = session_pb2.ActRequest(
        game_id=game_id, token=token, request_id=request_id, dry_run=dry_run
    )
    if not has_part(message, kind_name):
        raise ApiError(409, "no_actions", f"a {kind_name} game takes no actions")
    try:
        put_part(message, kind_name, action)
    except ProtoDataError as error:
        raise ApiError(400, "bad_action", f"action.{error}") from None
    return message


def act_answer(answered: Any) -> dict[str, Any]:
    """The response's body for the session's ``ActResponse``."""
    found = part(answered, "result")
    return {"result": None if found is None else found[1], "replayed": answered.replayed}


def kind_and_config(body: Body) -> tuple[str, dict[str, Any] | None]:
    """The body's ``kind`` (``duplicate`` by default), one of the kinds played, and its
    ``config`` (an object, or ``None``); a 400 otherwise."""
    kind = body.optional_text("kind", openapi.MAX_NAME_CHARS) or "duplicate"
    if kind not in openapi.GAME_KINDS:
        raise bad_request(
            f"kind {shown(kind)}: the kinds played are {', '.join(openapi.GAME_KINDS)}"
        )
    config = body.data.get("config")
    if config is not None and not isinstance(config, dict):
        raise bad_request("config must be an object (the fields of a game configuration)")
    return kind, config


def create_request(body: Body, kind: str, config: dict[str, Any] | None) -> Any:
    """The ``CreateGameRequest`` of a game of ``kind``: its typed configuration (``config``)
    says how it is played (its rules, clock, seats, reveal); ``seed``, ``title``, ``package``
    (a pre-drawn or sealed game package), ``start_at_ms`` and ``refereed`` are the session's,
    for a kind that can take them."""
    package = body.data.get("package")
    if package is not None and not isinstance(package, dict):
        raise bad_request("package must be an object (a pre-drawn game package)")
    seed = body.integer("seed", 0, openapi.MAX_SEED)
    message = session_pb2.CreateGameRequest(
        kind=enum_of_name(kind),
        has_seed=seed is not None,
        seed=seed or 0,
        title=body.optional_text("title", openapi.MAX_TITLE_CHARS),
        start_at_ms=body.integer("start_at_ms", 0, openapi.MAX_START_AT_MS) or 0,
        package_json=json.dumps(package) if package is not None else "",
        refereed=bool(body.boolean("refereed")),
    )
    try:
        put_part(message, kind, config or {})
    except ProtoDataError as error:
        raise ApiError(400, "bad_config", f"config.{error}") from None
    return message


def _create_on_seam(
    gateway: Gateway, body: Body, kind: str, config: dict[str, Any] | None, account: str = ""
) -> dict[str, Any]:
    """Create a game of ``kind`` (see :func:`create_request`); ``account``: the credential of
    the account creating it, if any."""
    message = create_request(body, kind, config)
    message.account_token = account
    answer = call_session(gateway, "CreateGame", message)
    return {
        "game_id": answer.game_id,
        "organiser_token": answer.organiser_token,
        "game": game_state_data(answer.state),
    }


def _check_organiser(gateway: Gateway, account: str) -> None:
    """A simultané from a package created signed in is an organiser's: an account without the
    flag gets a 403 ``not_organiser`` (a guest, with no account credential, still creates one
    as before: its organiser token is its only right)."""
    try:
        found = gateway.call("session", "GetAccount", accounts_pb2.AccountToken(token=account))
    except ApiError as error:
        reason, _, said = error.message.partition(":")
        if (error.status, reason) == (401, "bad_token"):  # as the creation itself says it
            error.code, error.message = reason, said.strip() or error.message
        raise
    if not found.organiser:
        raise ApiError(
            403,
            "not_organiser",
            "creating a simultané from a package signed in needs an organiser account "
            "(an operator grants it: arbitre accounts grant-organiser NAME)",
        )


def _details(line: Any) -> dict[str, Any]:
    """A standings line's figures of a kind on the seam (``{"details": ...}``), or nothing."""
    found = part(line, "details")
    return {} if found is None else {"details": found[1]}


def _standings_data(page: Any) -> dict[str, Any]:
    """A page of the standings: each line's rank, player, name, total and the kind's figures
    (``details``), with how many turns or rounds they are over and how many players rank."""
    return {
        "standings": [
            {
                "rank": line.standing.rank,
                "player": line.standing.player,
                "name": line.name,
                "total": line.standing.total,
                **_details(line),
            }
            for line in page.standings
        ],
        "turns": page.turns,
        "players": page.players,
    }


def _tables_data(found: Any) -> dict[str, Any]:
    return {
        "tables": [
            {
                "game_id": table.game_id,
                "kind": table.kind,
                "language": table.language,
                "title": table.title,
                "seats": table.seats,
                "players": table.players,
                "robots": table.robots,
                "variant": table.variant,
                "lexicon": table.lexicon,
                "seconds_per_turn": table.seconds_per_turn,
                "created_ms": table.created_ms,
            }
            for table in found.tables
        ],
        "server_time_ms": found.server_time_ms,
    }


def add_game_routes(app: Flask, gateway: Gateway) -> None:
    """Add the game routes to ``app``, calling the session service through ``gateway`` (the
    event streams are not among them: :mod:`arbitre.gateway.asgi`)."""

    def created(data: dict[str, Any]) -> Response:
        response = jsonify(data)
        response.status_code = 201
        return response

    @app.post("/v1/games")
    def create_game() -> Response:
        body = Body(
            json_object(),
            required=(),
            optional=(
                "kind",
                "config",
                "seed",
                "title",
                "package",
                "start_at_ms",
                "refereed",
            ),
        )
        kind, config = kind_and_config(body)
        account = account_token(False)
        if account and "package" in body.data:
            _check_organiser(gateway, account)
        return created(_create_on_seam(gateway, body, kind, config, account))

    @app.post("/v1/games/<game_id>/players")
    def join_game(game_id: str) -> Response:
        body = Body(json_object(), required=("name",), optional=("club", "serie", "country"))
        message = session_pb2.JoinRequest(
            game_id=game_id_of(game_id),
            name=body.text("name", openapi.MAX_PLAYER_NAME_CHARS),
            club=body.optional_text("club", openapi.MAX_CLUB_CHARS),
            serie=body.optional_text("serie", openapi.MAX_SERIE_CHARS),
            country=body.optional_text("country", openapi.MAX_COUNTRY_CHARS),
            account_token=account_token(False),
        )
        answer = call_session(gateway, "Join", message)
        return created(
            {
                "player_id": answer.player_id,
                "player_token": answer.player_token,
                "game": game_state_data(answer.state),
            }
        )

    @app.post("/v1/games/<game_id>/robots")
    def add_robot(game_id: str) -> Response:
        body = Body(json_object(), required=("level",), optional=("name",))
        level = body.text("level", openapi.MAX_NAME_CHARS)
        if level not in openapi.ROBOT_LEVELS:
            raise bad_request(f"level must be one of {', '.join(openapi.ROBOT_LEVELS)}")
        message = session_pb2.AddRobotRequest(
            game_id=game_id_of(game_id),
            token=bearer_token(True),
            level=level,
            name=body.optional_text("name", openapi.MAX_PLAYER_NAME_CHARS),
        )
        answer = call_session(gateway, "AddRobot", message)
        return created({"player_id": answer.player_id, "game": game_state_data(answer.state)})

    def command(game_id: str, method: str, key: str | None = None) -> Response:
        """An organiser's command; ``key``: the release key read from the body (``None``:
        the body, if any, must be JSON and is ignored)."""
        query_arguments(())
        if key is None and has_body():
            json_object()
        message = session_pb2.GameCommand(
            game_id=game_id_of(game_id), token=bearer_token(True), release_key=key or ""
        )
        return jsonify(game_state_data(call_session(gateway, method, message)))

    def release_key(required: bool) -> str:
        """The ``release_key`` of the body: the key of a game's sealed package."""
        if not required and not has_body():
            return ""
        fields = ("release_key",)
        body = Body(json_object(), required=fields if required else (), optional=fields)
        return body.optional_text("release_key", openapi.MAX_RELEASE_KEY_CHARS)

    @app.post("/v1/games/<game_id>/start")
    def start_game(game_id: str) -> Response:
        return command(game_id, "Start", release_key(required=False))

    @app.post("/v1/games/<game_id>/package-key")
    def release_package(game_id: str) -> Response:
        return command(game_id, "ReleasePackage", release_key(required=True))

    @app.post("/v1/games/<game_id>/pause")
    def pause_game(game_id: str) -> Response:
        return command(game_id, "Pause")

    @app.post("/v1/games/<game_id>/resume")
    def resume_game(game_id: str) -> Response:
        return command(game_id, "Resume")

    @app.get("/v1/games/<game_id>")
    def get_game(game_id: str) -> Response:
        query_arguments(())
        message = session_pb2.GetGameRequest(game_id=game_id_of(game_id), token=bearer_token(False))
        return jsonify(game_state_data(gateway.call("session", "GetGame", message)))

    @app.post("/v1/games/<game_id>/turns/<turn>/next")
    def next_turn(game_id: str, turn: str) -> Response:
        query_arguments(())
        if has_body():
            json_object()  # a body, if any, must be JSON (and is ignored)
        message = session_pb2.NextRequest(
            game_id=game_id_of(game_id), turn=_turn(turn), token=bearer_token(True)
        )
        ready = call_session(gateway, "Next", message)
        return jsonify({"turn": ready.turn, "ready": ready.ready, "of": ready.of})

    @app.post("/v1/games/<game_id>/actions")
    def act(game_id: str) -> Response:
        # Served on the event loop by arbitre.gateway.actions under the ASGI server; this
        # route serves the WSGI app alone (werkzeug's server, the test client), the same way.
        checked = checked_action(json_object())
        checked_id = game_id_of(game_id)
        token = bearer_token(True)
        message = act_request(checked_id, token, gateway.kind_of(checked_id), checked)
        return jsonify(act_answer(call_session(gateway, "Act", message, kind_codes=True)))

    @app.post("/v1/games/<game_id>/leave")
    def leave(game_id: str) -> Response:
        query_arguments(())
        if has_body():
            json_object()  # a body, if any, must be JSON (and is ignored)
        message = session_pb2.GameCommand(game_id=game_id_of(game_id), token=bearer_token(True))
        return jsonify(game_state_data(call_session(gateway, "Leave", message, kind_codes=True)))

    @app.post("/v1/games/<game_id>/next")
    def open_next(game_id: str) -> Response:
        return command(game_id, "OpenNext")

    @app.get("/v1/games/<game_id>/turns/<turn>")
    def get_turn(game_id: str, turn: str) -> Response:
        arguments = query_arguments(("best",))
        best = _count(arguments.get("best", "0"), "best", openapi.MAX_BEST_MOVES)
        message = session_pb2.GetTurnRequest(
            game_id=game_id_of(game_id), turn=_turn(turn), best_moves=best
        )
        found = call_session(gateway, "GetTurn", message, kind_codes=True)
        revealed = part(found, "kind_turn")
        data = {
            "turn": found.turn,
            "kind": None if revealed is None else revealed[0],
            "revealed": None if revealed is None else revealed[1],
            "names": dict(found.names),
        }
        if best:
            data["best_moves"] = [
                {"move": move.notation, "score": move.score} for move in found.best_moves
            ]
        return jsonify(data)

    @app.get("/v1/games/<game_id>/standings")
    def standings(game_id: str) -> Response:
        arguments = query_arguments(("offset", "limit"))
        offset = _count(arguments.get("offset", "0"), "offset", openapi.MAX_OFFSET)
        limit = _count(arguments.get("limit", "0"), "limit", openapi.MAX_STANDINGS_LIMIT)
        message = session_pb2.GetStandingsRequest(
            game_id=game_id_of(game_id), offset=offset, limit=limit
        )
        return jsonify(_standings_data(gateway.call("session", "GetStandings", message)))

    @app.get("/v1/tables")
    def tables() -> Response:
        arguments = query_arguments(("limit",))
        limit = _count(arguments.get("limit", "0"), "limit", openapi.MAX_LISTED_TABLES)
        found = gateway.call("session", "ListTables", session_pb2.ListTablesRequest(limit=limit))
        return jsonify(_tables_data(found))

    @app.get("/v1/games/<game_id>/record")
    def record(game_id: str) -> Response:
        query_arguments(())
        message = session_pb2.GetGameRequest(game_id=game_id_of(game_id))
        found = gateway.call("session", "GetRecord", message)
        typed = part(found, "kind_record")
        return jsonify(
            {
                "kind": None if typed is None else typed[0],
                "record": None if typed is None else typed[1],
                "seed_commitment": found.seed_commitment or None,
                "seed_salt": found.seed_salt or None,
                "names": dict(found.names),
                "fingerprint": found.fingerprint or None,
            }
        )

    @app.get("/v1/games/<game_id>/review")
    def review(game_id: str) -> Response:
        query_arguments(())
        message = session_pb2.GetGameRequest(game_id=game_id_of(game_id))
        typed = part(call_session(gateway, "GetReview", message, kind_codes=True), "kind_review")
        return jsonify(
            {
                "kind": None if typed is None else typed[0],
                "review": None if typed is None else typed[1],
            }
        )

    @app.get("/v1/games/<game_id>/sheet")
    def sheet(game_id: str) -> Response:
        query_arguments(())
        message = session_pb2.GetGameRequest(game_id=game_id_of(game_id))
        found = gateway.call("session", "GetRecord", message)
        return Response(found.sheet, content_type="text/plain; charset=utf-8")


def _count(text: str, name: str, high: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 7 and int(text) <= high):
        raise bad_request(f"{name} must be an integer from 0 to {high}, not {shown(text)}")
    return int(text)
