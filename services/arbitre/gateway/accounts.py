"""The gateway's account routes. The session keeps accounts in the archive's database
(:mod:`arbitre.services.session.accounts`); the gateway reads the request, calls it over gRPC
and answers JSON.

- ``POST /v1/accounts`` ``{name, password, licence?, club?, serie?, country?}`` → 201
  ``{account, session_token, expires_ms}`` (signed up and in);
- ``POST /v1/accounts/sessions`` ``{name, password}`` → 201 the same (signed in: one session a
  device);
- ``DELETE /v1/accounts/me/session`` → the account (signed out: this session ends);
- ``GET /v1/accounts/me`` → the account;
- ``DELETE /v1/accounts/me`` ``{password}`` → the account deleted (its name freed, its sessions
  and keys ended; its finished results stay, without its name);
- ``POST /v1/accounts/me/keys`` ``{label}`` → 201 ``{api_key, key}`` (the key shown once);
  ``GET /v1/accounts/me/keys`` → ``{api_keys}``; ``DELETE /v1/accounts/me/keys/{key_id}`` →
  the key revoked;
- ``GET /v1/accounts/me/games`` (``limit``) → ``{games}``: the games the account holds a seat of
  (joined with its token), newest first, live ones with their status, finished ones with the
  player's result from the archive;
- ``GET /v1/accounts/me/figures?kind=duplicate&last=10`` → the account's long-term figure in a
  kind: its Glicko-2 rating (``duel``, ``indecix``) or its mean % of top over its last games
  with the series (``duplicate``);
- ``GET /v1/rankings?kind=indecix&serie=S2&country=FRA&limit=100`` → a kind's public ranking
  (no credential); a deleted account's line has no name;
- ``POST /v1/accounts/me/games/{game_id}/seat`` → ``{player_id, player_token, game}``: a new
  token of the account's seat in a live game, for this device (404 ``no_seat`` for a game the
  account holds no seat of, or one over).

The credential is the session token in ``Authorization: Bearer <token>``, or an API key of the
account (``Authorization: Bearer`` or ``X-API-Key``) in its place, except to delete the account,
sign out or issue a key (a session's only: 403 ``session_needed``). Errors: 400 ``bad_name``,
``bad_password``, ``bad_registration``, ``bad_label``; 401 ``wrong_credentials`` (the same
message for an unknown name and a wrong password) or ``bad_token``; 404; 409 ``name_taken``.
Signing up, signing in and deleting share the ``accounts`` rate limit
(:mod:`arbitre.gateway.rate_limits`), which bounds the guesses at a password. No password or
token is logged: the gateway logs methods and paths only.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, jsonify

from arbitre.api.game_state import game_state_data
from arbitre.gateway import openapi
from arbitre.gateway.errors import ApiError, bad_request
from arbitre.gateway.games import account_token, game_id_of, has_body
from arbitre.gateway.reading import Body, check_text, json_object, query_arguments, shown
from arbitre.v1 import accounts_pb2

if TYPE_CHECKING:
    from arbitre.gateway.app import Gateway

__all__ = ["account_data", "add_account_routes", "call_accounts"]

#: The codes of the session's refusals the caller acts on, by status.
_CODES = frozenset(
    {
        (400, "bad_name"),
        (400, "bad_password"),
        (400, "bad_registration"),
        (400, "bad_label"),
        (400, "bad_kind"),
        (401, "wrong_credentials"),
        (401, "bad_token"),
        (403, "session_needed"),
        (404, "not_found"),
        (404, "no_seat"),
        (409, "name_taken"),
    }
)


def account_data(message: Any) -> dict[str, Any]:
    """An ``Account`` message as the API shows it."""
    return {
        "account_id": message.account_id,
        "name": message.name,
        "licence": message.licence,
        "club": message.club,
        "serie": message.serie,
        "country": message.country,
        "organiser": message.organiser,
        "created_ms": message.created_ms,
    }


def _key_data(message: Any) -> dict[str, Any]:
    return {
        "key_id": message.key_id,
        "label": message.label,
        "prefix": message.prefix,
        "created_ms": message.created_ms,
        "revoked_ms": message.revoked_ms or None,
    }


def _signed_in(message: Any) -> dict[str, Any]:
    return {
        "account": account_data(message.account),
        "session_token": message.session_token,
        "expires_ms": message.expires_ms,
    }


def call_accounts(gateway: Gateway, method: str, message: Any) -> Any:
    """The session's ``method``; a refusal keeps the code its message starts with."""
    try:
        return gateway.call("session", method, message)
    except ApiError as error:
        reason, _, said = error.message.partition(":")
        if (error.status, reason) in _CODES:
            error.code, error.message = reason, said.strip() or error.message
        raise


def _no_body() -> None:
    query_arguments(())
    if has_body():
        json_object()  # a body, if any, must be JSON (and is ignored)


def add_account_routes(app: Flask, gateway: Gateway) -> None:
    """Add the account routes to ``app``, calling the session service through ``gateway``."""

    def created(data: dict[str, Any]) -> Response:
        response = jsonify(data)
        response.status_code = 201
        return response

    @app.post("/v1/accounts")
    def sign_up() -> Response:
        body = Body(
            json_object(),
            required=("name", "password"),
            optional=("licence", "club", "serie", "country"),
        )
        message = accounts_pb2.SignUpRequest(
            name=body.text("name", openapi.MAX_ACCOUNT_NAME_CHARS + 20),
            password=body.text("password", openapi.MAX_ACCOUNT_PASSWORD_CHARS),
            licence=body.optional_text("licence", openapi.MAX_LICENCE_CHARS),
            club=body.optional_text("club", openapi.MAX_CLUB_CHARS),
            serie=body.optional_text("serie", openapi.MAX_SERIE_CHARS),
            country=body.optional_text("country", openapi.MAX_COUNTRY_CHARS),
        )
        return created(_signed_in(call_accounts(gateway, "SignUp", message)))

    @app.post("/v1/accounts/sessions")
    def sign_in() -> Response:
        body = Body(json_object(), required=("name", "password"), optional=())
        message = accounts_pb2.SignInRequest(
            name=body.text("name", openapi.MAX_ACCOUNT_NAME_CHARS + 20),
            password=body.text("password", openapi.MAX_ACCOUNT_PASSWORD_CHARS),
        )
        return created(_signed_in(call_accounts(gateway, "SignIn", message)))

    @app.delete("/v1/accounts/me/session")
    def sign_out() -> Response:
        _no_body()
        message = accounts_pb2.AccountToken(token=account_token(True))
        return jsonify(account_data(call_accounts(gateway, "SignOut", message)))

    @app.get("/v1/accounts/me")
    def get_account() -> Response:
        query_arguments(())
        message = accounts_pb2.AccountToken(token=account_token(True))
        return jsonify(account_data(call_accounts(gateway, "GetAccount", message)))

    @app.delete("/v1/accounts/me")
    def delete_account() -> Response:
        query_arguments(())
        token = account_token(True)
        body = Body(json_object(), required=("password",), optional=())
        message = accounts_pb2.DeleteAccountRequest(
            token=token, password=body.text("password", openapi.MAX_ACCOUNT_PASSWORD_CHARS)
        )
        return jsonify(account_data(call_accounts(gateway, "DeleteAccount", message)))

    @app.post("/v1/accounts/me/keys")
    def issue_api_key() -> Response:
        query_arguments(())
        token = account_token(True)
        body = Body(json_object(), required=("label",), optional=())
        message = accounts_pb2.IssueApiKeyRequest(
            token=token, label=body.text("label", openapi.MAX_API_KEY_LABEL_CHARS)
        )
        issued = call_accounts(gateway, "IssueApiKey", message)
        return created({"api_key": _key_data(issued.api_key), "key": issued.key})

    @app.get("/v1/accounts/me/keys")
    def list_api_keys() -> Response:
        query_arguments(())
        message = accounts_pb2.AccountToken(token=account_token(True))
        found = call_accounts(gateway, "ListApiKeys", message)
        return jsonify({"api_keys": [_key_data(key) for key in found.api_keys]})

    @app.delete("/v1/accounts/me/keys/<key_id>")
    def revoke_api_key(key_id: str) -> Response:
        _no_body()
        if not (key_id.isascii() and key_id.isdigit() and len(key_id) <= 12):
            raise ApiError(404, "not_found", f"no API key {shown(key_id)}")
        message = accounts_pb2.RevokeApiKeyRequest(token=account_token(True), key_id=int(key_id))
        return jsonify(_key_data(call_accounts(gateway, "RevokeApiKey", message)))

    @app.get("/v1/accounts/me/games")
    def my_games() -> Response:
        arguments = query_arguments(("limit", "kind"))
        kind = arguments.get("kind", "")
        if kind and kind not in openapi.GAME_KINDS:
            raise bad_request(f"kind {shown(kind)}: one of {', '.join(openapi.GAME_KINDS)}")
        message = accounts_pb2.MyGamesRequest(
            token=account_token(True),
            limit=_count(arguments.get("limit", "0"), "limit", 200),
            kind=kind,
        )
        found = call_accounts(gateway, "ListMyGames", message)
        return jsonify({"games": [_game_data(game) for game in found.games]})

    @app.post("/v1/accounts/me/games/<game_id>/seat")
    def claim_seat(game_id: str) -> Response:
        _no_body()
        message = accounts_pb2.ClaimSeatRequest(
            token=account_token(True), game_id=game_id_of(game_id)
        )
        answer = call_accounts(gateway, "ClaimSeat", message)
        return jsonify(
            {
                "player_id": answer.player_id,
                "player_token": answer.player_token,
                "game": game_state_data(answer.state),
            }
        )

    @app.get("/v1/accounts/me/figures")
    def my_figures() -> Response:
        arguments = query_arguments(("kind", "last"))
        message = accounts_pb2.FiguresRequest(
            token=account_token(True),
            kind=_figure_kind(arguments),
            last=_count(arguments.get("last", "0"), "last", openapi.MAX_FIGURE_GAMES),
        )
        found = call_accounts(gateway, "GetFigures", message)
        return jsonify(
            {
                "kind": found.kind,
                "games": found.games,
                "rating": {
                    "rating": round(found.rating, 1),
                    "deviation": round(found.deviation, 1),
                    "volatility": round(found.volatility, 6),
                }
                if found.has_rating
                else None,
                "percent_of_top": found.percent_of_top if found.has_percent_of_top else None,
                "series": [
                    {
                        "game_id": each.game_id,
                        "finished_ms": each.finished_ms,
                        "percent_of_top": each.percent_of_top,
                    }
                    for each in found.series
                ],
            }
        )

    @app.get("/v1/rankings")
    def rankings() -> Response:
        arguments = query_arguments(("kind", "serie", "country", "limit"))
        kind = _figure_kind(arguments)
        message = accounts_pb2.RankingsRequest(
            kind=kind,
            serie=check_text(arguments.get("serie", ""), "serie", openapi.MAX_SERIE_CHARS),
            country=check_text(arguments.get("country", ""), "country", openapi.MAX_COUNTRY_CHARS),
            limit=_count(arguments.get("limit", "0"), "limit", openapi.MAX_RANKING_LINES),
        )
        found = call_accounts(gateway, "GetRankings", message)
        rated = kind != "duplicate"
        return jsonify(
            {
                "kind": found.kind,
                "lines": [
                    {
                        "rank": line.rank,
                        # a deleted account's line: neither its name nor its id (which would
                        # tie the line to the name it was shown with before)
                        "account_id": line.account_id if line.name else None,
                        "name": line.name or None,
                        "club": line.club,
                        "serie": line.serie,
                        "country": line.country,
                        "games": line.games,
                        "rating": round(line.rating, 1) if rated else None,
                        "deviation": round(line.deviation, 1) if rated else None,
                        "percent_of_top": None if rated else line.percent_of_top,
                    }
                    for line in found.lines
                ],
            }
        )


def _game_data(game: Any) -> dict[str, Any]:
    """A ``MyGame`` as the API shows it: ``result`` null while the game is not archived."""
    return {
        "game_id": game.game_id,
        "kind": game.kind,
        "title": game.title,
        "player_id": game.player_id,
        "joined_ms": game.joined_ms,
        "status": game.status,
        "role": game.role,
        "result": {
            "finished_ms": game.finished_ms,
            "rank": game.rank,
            "total": game.total,
            "players": game.players,
            "details": json.loads(game.details_json) if game.details_json else None,
        }
        if game.archived
        else None,
    }


def _figure_kind(arguments: dict[str, str]) -> str:
    kind = arguments.get("kind", "")
    if kind not in openapi.FIGURE_KINDS:
        raise bad_request(
            f"kind {shown(kind)}: one of {', '.join(openapi.FIGURE_KINDS)} (required)", "bad_kind"
        )
    return kind


def _count(text: str, name: str, high: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 7 and int(text) <= high):
        raise bad_request(f"{name} must be an integer from 0 to {high}, not {shown(text)}")
    return int(text)
