"""The embedded Redis-compatible server: real ``valkey-server`` processes, no mocks."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
import redis

from arbitre.services import redis_server
from arbitre.services.redis_server import (
    LOG_FILE,
    EmbeddedRedis,
    EmbeddedRedisError,
    connect,
    redis_for,
    server_binary,
)
from tests.network import free_port
from tests.redis_fixtures import database_url, redis_db, redis_url  # noqa: F401


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def valkey_children() -> set[int]:
    """The ``valkey-server`` processes this process started (read from Linux's /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # ended meanwhile
        name, fields = text[text.index("(") + 1 : text.rindex(")")], text[text.rindex(")") + 2 :]
        if name == "valkey-server" and int(fields.split()[1]) == os.getpid():
            found.add(int(stat.parent.name))
    return found


def server_pid(url: str) -> int:
    """The process id of the server at ``url``, as it says."""
    client = connect(url)
    try:
        return int(client.info("server")["process_id"])
    finally:
        client.close()


def test_the_binary_is_valkeys() -> None:
    binary = server_binary()
    assert binary.name == "valkey-server"
    assert os.access(binary, os.X_OK)


def test_starts_and_answers_ping() -> None:
    with EmbeddedRedis() as server:
        assert server.running
        assert server.url == f"redis://127.0.0.1:{server.port}/0"
        client = connect(server.url)
        assert client.ping()
        client.set("greeting", "bonjour")
        assert client.get("greeting") == "bonjour"  # decoded to str
        assert server_pid(server.url) == server.pid
        assert client.config_get("bind") == {"bind": "127.0.0.1"}
        assert client.config_get("appendonly") == {"appendonly": "yes"}
        assert client.config_get("save") == {"save": ""}
        assert (server.data_dir / LOG_FILE).is_file()
        client.close()


def test_listens_on_the_port_given() -> None:
    port = free_port()
    server = EmbeddedRedis(port=port)
    assert server.port == port
    with server:
        assert server.url == f"redis://127.0.0.1:{port}/0"
        assert connect(server.url).ping()


def test_a_port_taken_is_reported_with_the_log() -> None:
    with EmbeddedRedis() as first:
        second = EmbeddedRedis(port=first.port)
        with pytest.raises(EmbeddedRedisError, match=f"port {first.port} is taken") as raised:
            second.start()
        assert "Address already in use" in str(raised.value)
        assert not second.running
        assert first.running


def test_two_servers_at_once_are_independent() -> None:
    with EmbeddedRedis() as first, EmbeddedRedis() as second:
        assert first.port != second.port
        assert first.pid != second.pid
        assert first.data_dir != second.data_dir
        connect(first.url).set("where", "first")
        assert connect(second.url).get("where") is None


def test_the_data_survive_a_restart_on_the_same_directory(tmp_path: Path) -> None:
    with EmbeddedRedis(data_dir=tmp_path) as server:
        client = connect(server.url)
        client.set("session:1", "open")
        client.rpush("session:1:events", "start", "draw", "move")
        client.close()
    assert (tmp_path / LOG_FILE).is_file()  # a given directory is kept
    assert any(tmp_path.rglob("*.aof"))
    with EmbeddedRedis(data_dir=tmp_path) as server:
        client = connect(server.url)
        assert client.get("session:1") == "open"
        assert client.lrange("session:1:events", 0, -1) == ["start", "draw", "move"]
        client.close()


def test_without_persistence_the_data_are_lost(tmp_path: Path) -> None:
    with EmbeddedRedis(data_dir=tmp_path, persistence=False) as server:
        connect(server.url).set("session:1", "open")
    assert not any(tmp_path.rglob("*.aof"))
    with EmbeddedRedis(data_dir=tmp_path, persistence=False) as server:
        assert connect(server.url).get("session:1") is None


def test_stop_ends_the_process_and_may_be_called_again() -> None:
    server = EmbeddedRedis()
    server.start()
    pid, port = server.pid, server.port
    assert alive(pid)
    server.stop()
    assert not alive(pid)
    assert not server.running
    with pytest.raises(EmbeddedRedisError, match="not running"):
        _ = server.pid
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=1)
    server.stop()
    server.stop()


def test_a_temporary_data_directory_is_removed_at_stop() -> None:
    server = EmbeddedRedis()
    with server:
        data_dir = server.data_dir
        assert (data_dir / LOG_FILE).is_file()
    assert not data_dir.exists()
    with pytest.raises(EmbeddedRedisError, match="no data directory"):
        _ = server.data_dir


def test_starting_twice_is_refused() -> None:
    with EmbeddedRedis() as server, pytest.raises(EmbeddedRedisError, match="already running"):
        server.start()


def test_the_url_of_the_environment() -> None:
    assert redis_server.redis_url({}) is None
    assert redis_server.redis_url({"REDIS_URL": ""}) is None
    assert redis_server.redis_url({"REDIS_URL": "redis://cache:6379/2"}) == "redis://cache:6379/2"


def test_redis_for_uses_the_server_of_redis_url() -> None:
    with EmbeddedRedis() as server:
        before = valkey_children()  # may hold the test session's server too
        assert server.pid in before
        with redis_for({"REDIS_URL": server.url}) as url:
            assert url == server.url
            assert server_pid(url) == server.pid
            assert valkey_children() == before  # nothing new started
        assert server.running  # and not stopped at exit


def test_redis_for_fails_clearly_when_redis_url_does_not_answer() -> None:
    port = free_port()  # nothing listens on it
    environ = {"REDIS_URL": f"redis://user:secret@127.0.0.1:{port}/0"}
    expected = rf"REDIS_URL=redis://user:\*\*\*@127\.0\.0\.1:{port}/0 does not answer: .*refused"
    with pytest.raises(EmbeddedRedisError, match=expected), redis_for(environ):
        pytest.fail("redis_for yielded")


def test_redis_for_fails_clearly_when_redis_url_is_not_a_redis_url() -> None:
    with (
        pytest.raises(EmbeddedRedisError, match="is not a Redis URL"),
        redis_for({"REDIS_URL": "http://127.0.0.1/0"}),
    ):
        pytest.fail("redis_for yielded")


def test_redis_for_starts_and_stops_an_embedded_server_without_redis_url(tmp_path: Path) -> None:
    before = valkey_children()  # may hold the test session's server
    with redis_for({}, data_dir=tmp_path) as url:
        pid = server_pid(url)
        assert valkey_children() == {*before, pid}
        assert (tmp_path / LOG_FILE).is_file()
    assert not alive(pid)
    assert valkey_children() == before


def test_a_database_url_names_the_database() -> None:
    assert database_url("redis://cache:6379/0", 15) == "redis://cache:6379/15"
    assert database_url("redis://cache:6379", 15) == "redis://cache:6379/15"
    assert database_url("rediss://u:p@cache/3?db=3&ssl_cert_reqs=none", 15) == (
        "rediss://u:p@cache/15?ssl_cert_reqs=none"
    )
    assert database_url("unix:///run/redis.sock?db=0", 15) == "unix:///run/redis.sock?db=15"


@pytest.mark.parametrize("run", [1, 2])
def test_the_redis_db_fixture_gives_an_empty_database(
    redis_db: redis.Redis,  # noqa: F811
    run: int,
) -> None:
    assert redis_db.dbsize() == 0  # the other run's key is gone
    redis_db.set("run", str(run))
    assert redis_db.get("run") == str(run)
