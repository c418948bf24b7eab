"""The browser pages the gateway serves (:mod:`arbitre.gateway.web_pages`): the app at ``/`` and
at a table's link, the organiser's console at ``/console``, their files, their security headers,
and nothing outside the web folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from arbitre.gateway import GatewayConfig, create_app
from arbitre.gateway.app import DEFAULT_WEB_DIR
from arbitre.gateway.web_pages import CONTENT_SECURITY_POLICY

JSON = "application/json"
PAGE = "<!doctype html><title>Arbitre</title><script type=module src=/web/app.js></script>"


def _app(web_dir: Path | None) -> Flask:
    # Nothing here calls a service: the gateway's channels are never used.
    return create_app(GatewayConfig(web_dir=web_dir))


@pytest.fixture
def web(tmp_path: Path) -> Iterator[FlaskClient]:
    folder = tmp_path / "web"
    (folder / "img").mkdir(parents=True)
    (folder / "index.html").write_text(PAGE, "utf-8")
    (folder / "app.js").write_text("export const answer = 42;\n", "utf-8")
    (folder / "img" / "star.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", "utf-8")
    (tmp_path / "secret.txt").write_text("not for browsers", "utf-8")
    app = _app(folder)
    yield app.test_client()
    app.extensions["arbitre.gateway"].close()


def test_the_app_is_served_at_home_and_at_a_table_link(web: FlaskClient) -> None:
    for path in ("/", "/t/g0123456789abcdef"):
        response = web.get(path)
        assert response.status_code == 200, path
        assert response.mimetype == "text/html"
        assert response.get_data(as_text=True) == PAGE
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["Cache-Control"] == "no-cache"


def test_a_table_link_needs_a_game_id(web: FlaskClient) -> None:
    for path in ("/t/not..an-id", "/t/" + "g" * 300, "/t/<script>"):
        response = web.get(path)
        assert response.status_code == 404, path
        assert response.get_json()["error"]["code"] == "not_found"


def test_files_of_the_web_folder_are_served_with_their_type(web: FlaskClient) -> None:
    script = web.get("/web/app.js")
    assert script.status_code == 200
    assert script.mimetype in ("text/javascript", "application/javascript")
    assert script.get_data(as_text=True) == "export const answer = 42;\n"
    assert script.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "max-age=60" in script.headers["Cache-Control"]
    image = web.get("/web/img/star.svg")
    assert image.status_code == 200
    assert image.mimetype == "image/svg+xml"


@pytest.mark.parametrize(
    "path",
    ["/web/../secret.txt", "/web/%2e%2e/secret.txt", "/web/img/../../secret.txt", "/web/no.js"],
)
def test_nothing_outside_the_web_folder_is_served(web: FlaskClient, path: str) -> None:
    response = web.get(path)
    assert response.status_code == 404, path
    assert b"not for browsers" not in response.data


def test_without_a_web_folder_home_says_where_the_api_is(tmp_path: Path) -> None:
    for web_dir in (None, tmp_path / "missing"):
        app = _app(web_dir)
        client = app.test_client()
        response = client.get("/")
        assert response.status_code == 200
        assert response.mimetype == JSON
        assert response.get_json() == {"api": "/v1/openapi.json", "health": "/healthz"}
        assert client.get("/web/app.js").status_code == 404
        app.extensions["arbitre.gateway"].close()


def test_home_matches_the_openapi_document(tmp_path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    app = _app(None)
    client = app.test_client()
    document: dict[str, Any] = client.get("/v1/openapi.json").get_json()
    schema = document["paths"]["/"]["get"]["responses"]["200"]["content"][JSON]["schema"]
    jsonschema.validate(client.get("/").get_json(), schema)
    for path in ("/t/{game_id}", "/console", "/web/{name}"):
        assert "get" in document["paths"][path]
    app.extensions["arbitre.gateway"].close()


def test_the_checkout_serves_its_own_web_app() -> None:
    app = _app(DEFAULT_WEB_DIR)
    response = app.test_client().get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    app.extensions["arbitre.gateway"].close()


def test_the_console_is_served_from_its_folder(web: FlaskClient) -> None:
    assert web.get("/console").get_json()["error"]["code"] == "not_found"  # no console here
    app = _app(DEFAULT_WEB_DIR)
    response = app.test_client().get("/console")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert "/web/console/console.js" in response.get_data(as_text=True)
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["Cache-Control"] == "no-cache"
    app.extensions["arbitre.gateway"].close()
