"""The session's health follows Redis: a real server stopped and started again, a real gRPC
health service asked."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from arbitre.services.redis_health import RedisHealthWatcher
from arbitre.services.redis_server import EmbeddedRedis, connect
from arbitre.services.server import Registration, RunningServer, start
from tests.network import free_port

NAME = "arbitre.v1.Session"
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
PATIENCE = 30.0


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    server = EmbeddedRedis(data_dir=tmp_path, port=free_port(), persistence=False)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def grpc_server() -> Iterator[RunningServer]:
    running = start([Registration(NAME, lambda _server: None)])
    yield running
    running.stop(0)


def status_of(running: RunningServer, name: str) -> int:
    with grpc.insecure_channel(running.address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        answer = stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
        return int(answer.status)


def eventually(condition: Callable[[], bool]) -> None:
    give_up = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < give_up, "it did not happen"
        time.sleep(0.05)


def test_the_service_is_not_serving_while_redis_does_not_answer(
    redis_server: EmbeddedRedis, grpc_server: RunningServer
) -> None:
    client = connect(redis_server.url)
    with RedisHealthWatcher(client, grpc_server.health, [NAME], interval=0.1) as watcher:
        assert status_of(grpc_server, NAME) == SERVING
        redis_server.stop()
        eventually(lambda: status_of(grpc_server, NAME) == NOT_SERVING)
        assert not watcher.serving
        assert status_of(grpc_server, "") == SERVING  # liveness is not Redis's business
        redis_server.start()  # the same port and password
        eventually(lambda: status_of(grpc_server, NAME) == SERVING)
        assert watcher.serving
    client.close()


def test_check_pings_once_and_uses_the_clients_credentials(
    redis_server: EmbeddedRedis, grpc_server: RunningServer
) -> None:
    watcher = RedisHealthWatcher(connect(redis_server.url), grpc_server.health, [NAME])
    assert watcher.check()  # the password of the client's URL was used
    os.kill(redis_server.pid, signal.SIGSTOP)  # alive, but it does not answer
    try:
        started = time.monotonic()
        assert not watcher.check()
        assert time.monotonic() - started < 20  # its own timeout, not the client's retries
        assert status_of(grpc_server, NAME) == NOT_SERVING
    finally:
        os.kill(redis_server.pid, signal.SIGCONT)
    assert watcher.check()
    assert status_of(grpc_server, NAME) == SERVING
    watcher.stop()


def test_a_bad_interval_is_refused(redis_server: EmbeddedRedis) -> None:
    with pytest.raises(ValueError, match="positive"):
        RedisHealthWatcher(connect(redis_server.url), object(), [NAME], interval=0)
