"""Saved environments over HTTP (:mod:`arbitre.gateway.environments`): the gateway served by
uvicorn, the services with an archive on a SQLite file. Save, list, load and delete dupliKta
options, with and without a password (sent percent-encoded in ``X-Environment-Password``, never
in the URL); bad options, a bad name, a name taken, a wrong password each give the gateway's JSON
error with its code; every answer conforms to the OpenAPI document; the password is in no log;
wrong passwords are rate-limited; a session without a database answers 503."""

from __future__ import annotations

import dataclasses
import json
import logging
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from arbitre.gateway import GatewayConfig, create_app
from arbitre.gateway.openapi import MAX_ENVIRONMENT_NAME_CHARS, MAX_ENVIRONMENT_PASSWORD_CHARS
from arbitre.gateway.rate_limits import NO_LIMITS
from arbitre.services import archive
from arbitre.services.archive import environments
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import connect
from tests.live_fixtures import base, cache_dir, conforms, live_app  # noqa: F401
from tests.redis_fixtures import redis_url  # noqa: F401

PASSWORD = "sésame ouvre-toi %"
OPTIONS = {"tiles": "fr", "same_racks": False, "clock": 90, "chances": 2}


@pytest.fixture(scope="module")
def platform(
    cache_dir: Path,  # noqa: F811
    redis_url: str,  # noqa: F811
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Platform]:
    """The services, with an archive (and so environments) on a SQLite file of the module."""
    database = archive.database_url(tmp_path_factory.mktemp("data"), environment={})
    running = start_platform(LexiconRegistry(), connect(redis_url), database=database)
    yield running
    running.stop(0)


def call(
    base: str,  # noqa: F811
    method: str,
    path: str,
    body: Any = None,
    password: str | None = None,
) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if password is not None:
        headers["X-Environment-Password"] = quote(password, safe="")
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def refused(answer: tuple[int, Any], status: int, code: str) -> str:
    found, body = answer
    assert (found, body["error"]["code"]) == (status, code), body
    conforms("Error", body)
    return str(body["error"]["message"])


def test_the_limits_agree_with_the_store() -> None:
    assert MAX_ENVIRONMENT_NAME_CHARS == environments.MAX_NAME_CHARS
    assert MAX_ENVIRONMENT_PASSWORD_CHARS == environments.MAX_PASSWORD_CHARS


def test_save_list_load_overwrite_and_delete(
    base: str,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    status, saved = call(
        base,
        "POST",
        "/v1/environments",
        {"kind": "duplikta", "name": "Club du jeudi", "options": OPTIONS, "password": PASSWORD},
    )
    assert status == 201, saved
    conforms("Environment", saved)
    assert saved["protected"] is True
    assert {key: saved["options"][key] for key in OPTIONS} == OPTIONS
    status, public = call(
        base, "POST", "/v1/environments", {"kind": "duplikta", "name": "Libre", "options": {}}
    )
    assert status == 201
    assert public["protected"] is False

    status, listed = call(base, "GET", "/v1/environments?kind=duplikta")
    assert status == 200
    conforms("EnvironmentList", listed)
    by_name = {each["name"]: each for each in listed["environments"]}
    assert set(by_name) == {"Club du jeudi", "Libre"}
    assert by_name["Club du jeudi"]["options"] is None  # protected: no options in the list
    assert by_name["Libre"]["options"] == public["options"]

    path = "/v1/environments/duplikta/" + quote("CLUB du Jeudi")  # any case
    message = refused(call(base, "GET", path), 403, "wrong_password")
    assert "needs its password" in message
    refused(call(base, "GET", path, password="sesame"), 403, "wrong_password")
    status, loaded = call(base, "GET", path, password=PASSWORD)
    assert status == 200
    conforms("Environment", loaded)
    assert loaded["options"] == saved["options"]

    taken = {"kind": "duplikta", "name": "club DU jeudi", "options": {"clock": 30}}
    refused(call(base, "POST", "/v1/environments", taken), 409, "name_taken")
    overwrite = {**taken, "overwrite": True}
    refused(call(base, "POST", "/v1/environments", overwrite), 403, "wrong_password")
    status, again = call(base, "POST", "/v1/environments", {**overwrite, "password": PASSWORD})
    assert status == 201
    assert (again["name"], again["options"]["clock"]) == ("club DU jeudi", 30)

    refused(call(base, "DELETE", path, password="nope"), 403, "wrong_password")
    status, deleted = call(base, "DELETE", path, password=PASSWORD)
    assert status == 200
    conforms("Environment", deleted)
    assert deleted["options"] is None
    refused(call(base, "GET", path, password=PASSWORD), 404, "not_found")
    status, _ = call(base, "DELETE", "/v1/environments/duplikta/libre")  # no password: anyone
    assert status == 200
    assert call(base, "GET", "/v1/environments?kind=duplikta") == (200, {"environments": []})

    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "sésame" not in logged
    assert quote(PASSWORD, safe="") not in logged


def test_bad_options_names_and_kinds_are_400s(base: str) -> None:  # noqa: F811
    def save(**body: Any) -> tuple[int, Any]:
        return call(base, "POST", "/v1/environments", {"kind": "duplikta", **body})

    message = refused(save(name="Bad", options={"clock": "soon"}), 400, "bad_options")
    assert "clock" in message
    refused(save(name="Bad", options={"colour": "red"}), 400, "bad_options")
    refused(save(name="Bad", options=[1]), 400, "bad_options")
    refused(save(name="   ", options={}), 400, "bad_name")
    refused(save(name="x" * 41, options={}), 400, "bad_name")
    refused(save(name="a/b", options={}), 400, "bad_name")
    refused(save(name="ok", options={}, password="p" * 201), 400, "bad_request")
    refused(save(name="ok", options={}, extra=1), 400, "bad_request")
    refused(
        call(base, "POST", "/v1/environments", {"kind": "chess", "name": "a", "options": {}}),
        400,
        "bad_kind",
    )
    refused(call(base, "GET", "/v1/environments"), 400, "bad_request")
    refused(call(base, "GET", "/v1/environments?kind=chess"), 400, "bad_kind")
    refused(call(base, "GET", "/v1/environments/chess/a"), 404, "not_found")
    refused(call(base, "GET", "/v1/environments/duplikta/nobody"), 404, "not_found")


def test_guesses_at_a_password_are_rate_limited(platform: Platform) -> None:
    config = GatewayConfig.all_at(
        platform.address,
        internal_token=platform.gateway_token,
        rate_limits=dataclasses.replace(NO_LIMITS, environments="3 per minute"),
    )
    client = create_app(config).test_client()
    body = {"kind": "duplikta", "name": "Coffre", "options": {}, "password": "juste"}
    assert client.post("/v1/environments", json=body).status_code == 201
    path = "/v1/environments/duplikta/Coffre"
    statuses = [
        client.get(path, headers={"X-Environment-Password": guess}).status_code
        for guess in ("a", "b", "c")
    ]
    assert statuses == [403, 403, 429]
    refused_body = client.get(path, headers={"X-Environment-Password": "juste"})
    assert refused_body.status_code == 429
    assert refused_body.get_json()["error"]["code"] == "rate_limited"
    assert client.get("/v1/environments?kind=duplikta").status_code == 200  # a read: unlimited


def test_a_session_without_a_database_answers_503(
    cache_dir: Path,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    running = start_platform(LexiconRegistry(), connect(redis_url))
    try:
        config = GatewayConfig.all_at(running.address, internal_token=running.gateway_token)
        client = create_app(config).test_client()
        answer = client.get("/v1/environments?kind=duplikta")
        assert answer.status_code == 503
        assert answer.get_json()["error"]["code"] == "unavailable"
    finally:
        running.stop(0)
