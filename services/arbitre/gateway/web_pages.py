"""The browser pages: the app at ``/`` and at ``/t/{game_id}`` (a table's invitation link), the
organiser's console at ``/console``, their files at ``/web/{path}``, all from the web folder
(``web/`` of the checkout by default).

The pages only ever call the gateway's ``/v1`` API. They are sent with a strict Content Security
Policy: scripts, styles and connections from this origin only, no inline script or style, no
framing, so that a player's name shown on a page can never run as code.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, Response, jsonify, send_from_directory

from arbitre.gateway.errors import error_response
from arbitre.services.game_keys import is_game_id

__all__ = ["CONTENT_SECURITY_POLICY", "add_web_routes"]

#: What a page may load and where it may connect: its own origin only.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: How long a browser may reuse a file of ``/web/`` before asking again (it revalidates by ETag).
_FILE_MAX_AGE_SECONDS = 60


def add_web_routes(app: Flask, web_dir: Path | None) -> None:
    """Serve the pages of ``web_dir``; without one (or without its ``index.html``), ``/`` says
    where the API is described and the other page routes are 404s."""

    def page(name: str = "index.html") -> Response:
        index = web_dir / name if web_dir is not None else None
        if index is None or not index.is_file():
            return jsonify({"api": "/v1/openapi.json", "health": "/healthz"})
        response = Response(index.read_bytes(), content_type="text/html; charset=utf-8")
        response.headers["Cache-Control"] = "no-cache"
        return _protected(response)

    @app.get("/")
    def home() -> Response:
        return page()

    @app.get("/t/<game_id>")
    def table_page(game_id: str) -> Response:
        if not is_game_id(game_id):
            return _not_found()
        return page()

    @app.get("/console")
    def console_page() -> Response:
        if web_dir is None or not (web_dir / "console" / "index.html").is_file():
            return _not_found()
        return page("console/index.html")

    @app.get("/web/<path:name>")
    def web_file(name: str) -> Response:
        if web_dir is None:
            return _not_found()
        response = send_from_directory(web_dir, name, max_age=_FILE_MAX_AGE_SECONDS)
        return _protected(response)


def _protected(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["X-Frame-Options"] = "DENY"
    return response


def _not_found() -> Response:
    return error_response(404, "not_found", "no such page")
