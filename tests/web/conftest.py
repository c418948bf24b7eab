"""The fixtures of the browser tests (per module): Debian's chromium (never a downloaded
browser), the gateway over HTTP in front of the platform (or ``ARBITRE_WEB_TEST_URL``), the
API from the test process, and where screenshots go."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, sync_playwright

from arbitre.gateway import GatewayConfig, create_app
from arbitre.gateway.serving import serving_in_thread
from arbitre.services.platform import Platform
from tests.live_fixtures import cache_dir, platform  # noqa: F401
from tests.redis_fixtures import redis_url  # noqa: F401
from tests.web.browser import Api, artifacts_dir, chromium_path
from tests.web.pages import WEB_DIR


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's chromium, headless (never a downloaded browser)."""
    path = chromium_path()
    if path is None:
        reason = "no chromium (set ARBITRE_CHROMIUM or install Debian's chromium package)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=path, args=arguments)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def live_app(platform: Platform) -> Flask:  # noqa: F811
    token = platform.gateway_token
    return create_app(GatewayConfig.all_at(platform.address, web_dir=WEB_DIR, internal_token=token))


@pytest.fixture(scope="module")
def base(request: pytest.FixtureRequest) -> Iterator[str]:
    """The gateway over HTTP; ``ARBITRE_WEB_TEST_URL`` names one already running (``arbitre
    up``, while working on the pages) instead of the module's own."""
    running = os.environ.get("ARBITRE_WEB_TEST_URL")
    if running:
        yield running.rstrip("/")
        return
    app: Flask = request.getfixturevalue("live_app")
    with serving_in_thread(app) as url:  # the server `arbitre up` runs: uvicorn
        yield url


@pytest.fixture(scope="module")
def api(base: str) -> Api:
    """The API, once the platform answers."""
    client = Api(base)
    client.wait_until_ready()
    return client


@pytest.fixture
def artifacts(tmp_path: Path) -> Path:
    path = artifacts_dir(tmp_path)
    print(f"screenshots in {path}")
    return path
