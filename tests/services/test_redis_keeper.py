"""The keeper of an embedded Redis: a real ``valkey-server`` killed, restarted on its data."""

from __future__ import annotations

import logging
import os
import signal
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from arbitre.services.redis_keeper import RedisKeeper
from arbitre.services.redis_server import EmbeddedRedis, connect

PATIENCE = 60.0


def eventually(condition: Callable[[], bool]) -> None:
    give_up = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < give_up, "it did not happen"
        time.sleep(0.05)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    with EmbeddedRedis(data_dir=tmp_path / "redis") as running:
        yield running


def test_a_killed_server_is_restarted_on_its_data(
    server: EmbeddedRedis, caplog: pytest.LogCaptureFixture
) -> None:
    client = connect(server.url)
    client.set("game:1", "running")
    url, first = server.url, server.pid
    with caplog.at_level(logging.WARNING), RedisKeeper(server, first_backoff=0.1) as keeper:
        os.kill(first, signal.SIGKILL)
        eventually(lambda: keeper.restarts == 1)
        assert server.running
        assert server.pid != first
        assert server.url == url
        assert client.get("game:1") == "running"
    client.close()
    messages = [record.getMessage() for record in caplog.records]
    assert any(f"valkey-server (pid {first}) ended with code -9" in m for m in messages)
    assert any("valkey-server restarted" in m for m in messages)


def test_a_failed_restart_is_tried_again(server: EmbeddedRedis) -> None:
    with RedisKeeper(server, first_backoff=0.2, max_backoff=0.5) as keeper:
        taken = socket.socket()
        try:
            os.kill(server.pid, signal.SIGKILL)
            eventually(lambda: server.exited() is not None)
            taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            taken.bind(("127.0.0.1", server.port))  # someone takes the port meanwhile
            taken.listen()
            time.sleep(1.5)  # a few attempts fail
            assert keeper.restarts == 0
            assert not server.running
        finally:
            taken.close()
        eventually(lambda: keeper.restarts == 1)
        assert connect(server.url).ping()


def test_a_running_server_is_left_alone(server: EmbeddedRedis) -> None:
    pid = server.pid
    with RedisKeeper(server) as keeper:
        time.sleep(0.5)
    assert (keeper.restarts, server.pid) == (0, pid)


def test_after_stop_nothing_is_restarted(server: EmbeddedRedis) -> None:
    keeper = RedisKeeper(server, first_backoff=0.1)
    keeper.start()
    keeper.stop()
    os.kill(server.pid, signal.SIGKILL)
    eventually(lambda: server.exited() is not None)
    time.sleep(0.5)
    assert keeper.restarts == 0


def test_backoffs_are_checked(server: EmbeddedRedis) -> None:
    with pytest.raises(ValueError, match="backoffs"):
        RedisKeeper(server, first_backoff=0)
    with pytest.raises(ValueError, match="backoffs"):
        RedisKeeper(server, first_backoff=2, max_backoff=1)
