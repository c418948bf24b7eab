"""The platform live, for the tests that talk to it over the network: fixtures to import where
they are used, as ``from tests.live_fixtures import cache_dir, platform  # noqa: F401``.

* ``cache_dir`` (per module): a lexicon cache of the module's own, seen by what it starts;
* ``platform`` (per module): the four gRPC services on a free port over the tests' Redis
  (:mod:`tests.redis_fixtures`), with the session's clock and fresh credentials (a gateway in
  front of it is given ``platform.gateway_token``);
* ``live_app`` and ``base`` (per module): the gateway in front of ``platform``, and its base
  URL over real HTTP (served by :func:`serving`);
* :func:`serving`: a Flask app served as ``arbitre up`` serves it (uvicorn: the event streams on
  asyncio, the other routes in a thread pool) on a free port, its base URL;
* :func:`conforms`: a body checked against a schema of the gateway's OpenAPI document.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask

from arbitre.gateway import GatewayConfig, create_app, openapi
from arbitre.gateway.app import PEERS
from arbitre.gateway.serving import serving_in_thread
from arbitre.services.internal_auth import Credentials, Identity
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import connect
from tests.redis_fixtures import redis_url  # noqa: F401

__all__ = ["base", "cache_dir", "conforms", "gateway_process", "live_app", "platform", "serving"]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ARBITRE_CACHE_DIR", str(path))
        yield path


@pytest.fixture(scope="module")
def platform(cache_dir: Path, redis_url: str) -> Iterator[Platform]:  # noqa: F811
    running = start_platform(LexiconRegistry(), connect(redis_url))
    yield running
    running.stop(0)


@pytest.fixture(scope="module")
def live_app(platform: Platform) -> Flask:
    """The gateway in front of the module's platform."""
    address = platform.address
    return create_app(GatewayConfig.all_at(address, internal_token=platform.gateway_token))


@pytest.fixture(scope="module")
def base(live_app: Flask) -> Iterator[str]:
    """The gateway over real HTTP: its base URL."""
    with serving(live_app) as url:
        yield url


def conforms(schema: str, body: object) -> None:
    """Check ``body`` against the OpenAPI document's component schema ``schema``."""
    jsonschema = pytest.importorskip("jsonschema")
    components = openapi.document()["components"]
    root = {"$ref": f"#/components/schemas/{schema}", "components": components}
    jsonschema.Draft202012Validator(root).validate(body)


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """``app`` over real HTTP on a free port of 127.0.0.1, served by uvicorn in a thread as
    ``arbitre up`` serves it (:func:`arbitre.gateway.serving.serving_in_thread`): its base
    URL."""
    with serving_in_thread(app) as url:
        yield url


@contextmanager
def gateway_process(
    address: str, token: str | None = None
) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``python -m arbitre.gateway`` on a free port, in front of the services at ``address``
    (no API keys), calling them with the gateway's credential ``token`` (a platform's
    ``gateway_token``): the process and its base URL once it listens. Killed at the end if
    still running."""
    credentials = Credentials({} if token is None else {Identity.GATEWAY: token})
    inherited = {key: value for key, value in os.environ.items() if key != "ARBITRE_API_KEYS"}
    environment = {
        **credentials.environment(inherited),
        **{f"ARBITRE_{peer.upper()}_ADDRESS": address for peer in PEERS},
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "arbitre.gateway", "--port", "0"],
        cwd=Path(__file__).resolve().parents[1],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"listening on (http://\S+)", line)
        assert found, line + (process.stderr.read() if process.stderr else "")
        yield process, found.group(1)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
