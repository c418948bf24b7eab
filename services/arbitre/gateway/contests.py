"""The gateway's contest routes (:mod:`arbitre.services.session.contests`): many tables made
from one pre-drawn package, ranked across tables seat by seat.

- ``POST /v1/contests`` ``{kind, package, tables, config?, title?, start_at_ms?}`` → 201
  ``{contest_id, organiser_token, contest}`` (the tables' game ids, each table's join link, in
  ``contest.tables``; the organiser's token is each table's too);
- ``GET /v1/contests/{id}`` (the organiser's token optional: the tables' game ids while it runs)
  → the contest;
- ``POST /v1/contests/{id}/close`` (organiser's token) → the contest, closed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Flask, Response, jsonify

from arbitre.api.contests import MAX_CONTEST_TABLES, MIN_CONTEST_TABLES, contest_data
from arbitre.gateway.errors import ApiError, bad_request
from arbitre.gateway.games import bearer_token, call_session, create_request, kind_and_config
from arbitre.gateway.reading import Body, json_object, query_arguments, shown
from arbitre.services.game_keys import is_game_id
from arbitre.v1 import session_pb2

if TYPE_CHECKING:
    from arbitre.gateway.app import Gateway

__all__ = ["add_contest_routes"]


def _contest_id(contest_id: str) -> str:
    """``contest_id`` when it can be a contest id; a 404 otherwise."""
    if not is_game_id(contest_id):
        raise ApiError(404, "not_found", f"no contest {shown(contest_id)}")
    return contest_id


def add_contest_routes(app: Flask, gateway: Gateway) -> None:
    """Add the contest routes to ``app``, calling the session service through ``gateway``."""

    @app.post("/v1/contests")
    def create_contest() -> Response:
        body = Body(
            json_object(),
            required=("kind", "package", "tables"),
            optional=("config", "title", "start_at_ms"),
        )
        kind, config = kind_and_config(body)
        if body.data.get("package") is None:
            raise bad_request("package: a contest is played from a pre-drawn package")
        tables = body.integer("tables", MIN_CONTEST_TABLES, MAX_CONTEST_TABLES)
        message = session_pb2.CreateContestRequest(
            game=create_request(body, kind, config), tables=tables or 0
        )
        answer = call_session(gateway, "CreateContest", message)
        response = jsonify(
            {
                "contest_id": answer.contest_id,
                "organiser_token": answer.organiser_token,
                "contest": contest_data(answer.contest),
            }
        )
        response.status_code = 201
        return response

    @app.get("/v1/contests/<contest_id>")
    def get_contest(contest_id: str) -> Response:
        query_arguments(())
        message = session_pb2.ContestRequest(
            contest_id=_contest_id(contest_id), token=bearer_token(False)
        )
        return jsonify(contest_data(call_session(gateway, "GetContest", message)))

    @app.post("/v1/contests/<contest_id>/close")
    def close_contest(contest_id: str) -> Response:
        query_arguments(())
        message = session_pb2.ContestRequest(
            contest_id=_contest_id(contest_id), token=bearer_token(True)
        )
        return jsonify(contest_data(call_session(gateway, "CloseContest", message)))
