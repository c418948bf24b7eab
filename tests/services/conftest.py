"""What the service tests share: a lexicon cache per module, a server of the module's service
on a free port and a channel to it, the service run alone as a process, and the whole platform
(the four services on the tests' Redis) with a session stub (``platform``, ``stub``; a module
may define its own).

A test module names its service with a ``registration`` fixture (the service's
``registration`` function) and, when its server offers more than the shipped lexicons,
overrides ``registry``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis

from arbitre.services.internal_auth import open_channel
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.server import Registration, RunningServer, start
from arbitre.v1 import session_pb2_grpc
from tests.network import free_port
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

#: How long a service run alone may take to serve, and then to stop.
STARTUP_SECONDS = 60.0
STOP_SECONDS = 30.0


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One lexicon cache for the module (a shipped lexicon is compiled once, or reused), also
    seen by the servers and processes it starts."""
    path = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ARBITRE_CACHE_DIR", str(path))
        yield path


@pytest.fixture(scope="module")
def registry() -> LexiconRegistry:
    """The lexicons the module's server offers: the shipped ones."""
    return LexiconRegistry()


@pytest.fixture(scope="module")
def server(
    cache: Path,
    registry: LexiconRegistry,
    registration: Callable[[LexiconRegistry], Registration],
) -> Iterator[RunningServer]:
    """The module's service over ``registry``, on a free port of 127.0.0.1."""
    running = start([registration(registry)], "127.0.0.1:0")
    try:
        yield running
    finally:
        running.stop(0)


@pytest.fixture(scope="module")
def channel(server: RunningServer) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(server.address) as opened:
        yield opened


@pytest.fixture
def platform(cache: Path, redis_db: redis.Redis) -> Iterator[Platform]:  # noqa: F811
    """The four services on the tests' Redis (:func:`arbitre.services.platform.start_platform`),
    the clock running."""
    running = start_platform(LexiconRegistry(), redis_db)
    yield running
    running.stop(0)


@pytest.fixture
def stub(platform: Platform) -> Iterator[Any]:
    """A session stub on ``platform``, with the gateway's credential."""
    with open_channel(platform.address, platform.gateway_token) as channel:
        yield session_pb2_grpc.SessionStub(channel)


@pytest.fixture
def service_alone(cache: Path) -> Callable[..., AbstractContextManager[grpc.Channel]]:
    """Runs ``python -m arbitre.services.<name>`` on a free port of 127.0.0.1, with the module's
    cache and ``environment`` in its environment: the port goes in ``--address``, or in
    ``$address_variable`` when one is named. Yields a channel once the process serves; then
    sends it SIGTERM, and checks that it exits 0 having said on which port it listened."""

    @contextmanager
    def run(
        name: str, environment: Mapping[str, str] | None = None, address_variable: str = ""
    ) -> Iterator[grpc.Channel]:
        port = free_port()
        address = f"127.0.0.1:{port}"
        variables = {**os.environ, "ARBITRE_CACHE_DIR": str(cache), **(environment or {})}
        command = [sys.executable, "-m", f"arbitre.services.{name}"]
        if address_variable:
            variables[address_variable] = address
        else:
            command += ["--address", address]
        process = subprocess.Popen(
            command, env=variables, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        try:
            with grpc.insecure_channel(address) as channel:
                _wait_until_ready(channel, process)
                yield channel
            process.send_signal(signal.SIGTERM)
            output, errors = process.communicate(timeout=STOP_SECONDS)
        finally:
            if process.poll() is None:
                process.kill()
                process.communicate()
        assert process.returncode == 0, errors.decode()
        assert f"arbitre {name}: listening on port {port}" in output.decode()

    return run


def _wait_until_ready(channel: grpc.Channel, process: subprocess.Popen[Any]) -> None:
    """Until ``channel`` is ready; fails at once, with what the process said, if it ends."""
    ready = grpc.channel_ready_future(channel)
    deadline = time.monotonic() + STARTUP_SECONDS
    try:
        while True:
            try:
                ready.result(timeout=0.2)
                return
            except grpc.FutureTimeoutError:
                if process.poll() is not None:
                    raise AssertionError(process.communicate()[1].decode()) from None
                if time.monotonic() > deadline:
                    raise
    finally:
        ready.cancel()
