"""The gateway's routes for a simultané's results (:mod:`arbitre.rules.simultane_results`):

- ``GET /v1/games/{id}/results`` (``serie=``, ``club=``, ``country=``, ``centre=`` for a view;
  ``format=csv`` for the CSV export, JSON by default) → everyone ranked, online and centres;
- ``POST /v1/games/{id}/centres`` ``{centre, csv}`` (organiser's token) → a centre's results
  file merged in, or a 400 listing every bad line (``error.problems``), nothing merged.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, jsonify

from arbitre.gateway import openapi
from arbitre.gateway.errors import bad_request, error_response
from arbitre.gateway.games import bearer_token, call_session, game_id_of
from arbitre.gateway.reading import Body, check_text, json_object, query_arguments
from arbitre.v1 import session_pb2

if TYPE_CHECKING:
    from arbitre.gateway.app import Gateway

__all__ = ["add_results_routes"]

_VIEWS = ("serie", "club", "country", "centre")
_UNSAFE_FILENAME = re.compile(r"[^A-Za-z0-9_-]")


def add_results_routes(app: Flask, gateway: Gateway) -> None:
    """Add the results routes to ``app``, calling the session service through ``gateway``."""

    @app.get("/v1/games/<game_id>/results")
    def results(game_id: str) -> Response:
        arguments = query_arguments((*_VIEWS, "format"))
        shape = arguments.get("format", "json")
        if shape not in ("json", "csv"):
            raise bad_request("format is json (default) or csv")
        views = {
            name: check_text(arguments.get(name, ""), name, openapi.MAX_CLUB_CHARS)
            for name in _VIEWS
        }
        game = game_id_of(game_id)
        message = session_pb2.ResultsRequest(game_id=game, csv=shape == "csv", **views)
        found = call_session(gateway, "GetResults", message)
        if shape == "csv":
            response = Response(found.csv, content_type="text/csv; charset=utf-8")
            name = _UNSAFE_FILENAME.sub("_", game)
            response.headers["Content-Disposition"] = f'attachment; filename="{name}.csv"'
            return response
        return jsonify(
            {
                "results": json.loads(found.results_json),
                "top_total": found.top_total,
                "turns": found.turns,
                "lines": found.lines,
            }
        )

    @app.post("/v1/games/<game_id>/centres")
    def upload_centre(game_id: str) -> Response:
        body = Body(json_object(), required=("centre", "csv"), optional=())
        message = session_pb2.UploadCentreRequest(
            game_id=game_id_of(game_id),
            token=bearer_token(True),
            centre=body.text("centre", openapi.MAX_CLUB_CHARS),
            csv=body.text("csv", openapi.MAX_CENTRE_CSV_CHARS),
        )
        answer: Any = call_session(gateway, "UploadCentre", message)
        if not answer.accepted:
            problems = [{"line": item.line, "message": item.message} for item in answer.problems]
            response = error_response(
                400,
                "bad_centre_results",
                f"{len(problems)} problem(s) in the results of {answer.centre}; nothing merged",
            )
            body_data = response.get_json()
            body_data["error"]["problems"] = problems
            response.set_data(json.dumps(body_data, ensure_ascii=False))
            return response
        created = jsonify({"centre": answer.centre, "players": answer.players})
        created.status_code = 201
        return created
