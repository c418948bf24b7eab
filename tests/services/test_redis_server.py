"""The embedded Redis-compatible server: real ``valkey-server`` processes, no mocks."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest
import redis

from arbitre.services import redis_server
from arbitre.services.redis_server import (
    CONFIG_FILE,
    LOG_FILE,
    PASSWORD_FILE,
    DataDirectoryInUseError,
    EmbeddedRedis,
    EmbeddedRedisError,
    connect,
    default_maxmemory,
    parse_memory_size,
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
        assert server.url == f"redis://:{server.password}@127.0.0.1:{server.port}/0"
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
        assert server.url.endswith(f"@127.0.0.1:{port}/0")
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


def wait_for(probe: Callable[[], int | None], patience: float = 30.0) -> int:
    """What ``probe`` returns once it is not None (within ``patience`` seconds)."""
    give_up = time.monotonic() + patience
    while (value := probe()) is None:
        assert time.monotonic() < give_up, "still None"
        time.sleep(0.05)
    return value


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_the_data_directory_is_private_and_the_server_needs_its_password(tmp_path: Path) -> None:
    data = tmp_path / "made" / "redis"
    with EmbeddedRedis(data_dir=data) as server:
        assert mode(data) == 0o700
        assert mode(data / PASSWORD_FILE) == 0o600
        assert mode(data / CONFIG_FILE) == 0o600
        assert (data / PASSWORD_FILE).read_text().strip() == server.password
        stranger = redis.Redis(host="127.0.0.1", port=server.port, socket_timeout=5)
        with pytest.raises(redis.AuthenticationError):
            stranger.set("intruder", "1")
        with pytest.raises(redis.AuthenticationError):
            redis.Redis.from_url(f"redis://:wrong@127.0.0.1:{server.port}/0").ping()
        assert connect(server.url).ping()
        # The password is not on the server's command line, which any local user can read.
        assert server.password not in " ".join(psutil.Process(server.pid).cmdline())


def test_an_existing_data_directory_is_made_private(tmp_path: Path) -> None:
    data = tmp_path / "redis"
    data.mkdir(mode=0o755)
    data.chmod(0o755)
    (data / PASSWORD_FILE).write_text("an-older-password-of-ours\n")
    (data / PASSWORD_FILE).chmod(0o644)
    with EmbeddedRedis(data_dir=data) as server:
        assert mode(data) == 0o700
        assert mode(data / PASSWORD_FILE) == 0o600
        assert server.password == "an-older-password-of-ours"
        assert connect(server.url).ping()


def test_the_password_is_the_same_after_a_restart(tmp_path: Path) -> None:
    with EmbeddedRedis(data_dir=tmp_path) as server:
        first = server.password
        connect(server.url).set("kept", "yes")
    with EmbeddedRedis(data_dir=tmp_path) as server:
        assert server.password == first
        assert connect(server.url).get("kept") == "yes"


def test_a_bad_password_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / PASSWORD_FILE).write_text("short\n")
    server = EmbeddedRedis(data_dir=tmp_path)
    with pytest.raises(EmbeddedRedisError, match="password"):
        server.start()
    assert not server.running
    with pytest.raises(EmbeddedRedisError, match="password") as again:
        server.start()
    assert not isinstance(again.value, DataDirectoryInUseError)  # the lock was released


def test_a_second_server_on_the_same_data_directory_is_refused(tmp_path: Path) -> None:
    with EmbeddedRedis(data_dir=tmp_path) as first:
        second = EmbeddedRedis(data_dir=tmp_path)
        with pytest.raises(DataDirectoryInUseError, match=rf"in use .*pid {os.getpid()}"):
            second.start()
        assert not second.running
        assert connect(first.url).ping()
        # No second valkey-server ever opened the directory's files.
        assert (tmp_path / LOG_FILE).read_text().count("Server initialized") == 1
    with EmbeddedRedis(data_dir=tmp_path) as again:  # free once the first stopped
        assert again.running


def test_the_memory_is_bounded_and_nothing_is_evicted() -> None:
    with EmbeddedRedis(maxmemory=4 * 1024 * 1024) as server:
        client = connect(server.url)
        assert client.config_get("maxmemory") == {"maxmemory": str(4 * 1024 * 1024)}
        assert client.config_get("maxmemory-policy") == {"maxmemory-policy": "noeviction"}
        value = "x" * 100_000
        written = 0
        with contextlib.suppress(redis.exceptions.OutOfMemoryError):
            for number in range(1_000):
                client.set(f"game:{number}", value)
                written += 1
        assert 0 < written < 1_000  # refused at the limit
        with pytest.raises(redis.exceptions.OutOfMemoryError):
            client.set("one:more", value)
        assert client.dbsize() == written  # nothing was evicted
        assert client.get("game:0") == value  # what was written is all there
        client.close()


def test_the_default_memory_limit() -> None:
    expected = min(1 << 30, psutil.virtual_memory().total // 4)
    assert default_maxmemory() == expected
    with EmbeddedRedis() as server:
        assert server.maxmemory == expected
        assert connect(server.url).config_get("maxmemory") == {"maxmemory": str(expected)}
    with EmbeddedRedis(maxmemory=0) as server:
        assert connect(server.url).config_get("maxmemory") == {"maxmemory": "0"}


@pytest.mark.parametrize(
    ("text", "size"),
    [("1gb", 1 << 30), ("512MB", 512 << 20), ("3m", 3_000_000), ("1048576", 1 << 20), ("0", 0)],
)
def test_memory_sizes_are_read_as_valkey_reads_them(text: str, size: int) -> None:
    assert parse_memory_size(text) == size


@pytest.mark.parametrize("text", ["", "lots", "1tb", "-1gb", "1.5gb", "100kb", "12 34"])
def test_bad_memory_sizes_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="memory"):
        parse_memory_size(text)


def test_a_server_that_died_is_restarted_on_the_same_port_and_data(tmp_path: Path) -> None:
    with EmbeddedRedis(data_dir=tmp_path) as server:
        port, url, pid = server.port, server.url, server.pid
        client = connect(url)
        client.set("game:1", "running")
        assert server.exited() is None
        with pytest.raises(EmbeddedRedisError, match="is running"):
            server.restart()
        os.kill(pid, signal.SIGKILL)
        assert wait_for(server.exited) == -signal.SIGKILL
        server.restart()
        assert (server.port, server.url) == (port, url)
        assert server.pid != pid
        assert server.exited() is None
        assert client.get("game:1") == "running"  # the same client, reconnected
        client.close()


def test_a_stopped_server_cannot_be_restarted() -> None:
    server = EmbeddedRedis()
    with pytest.raises(EmbeddedRedisError, match="not started"):
        server.restart()
    server.start()
    server.stop()
    with pytest.raises(EmbeddedRedisError, match="not started"):
        server.restart()


#: A process that starts a server on the directory ``sys.argv[1]``, prints its pid, and waits.
OWNER = (
    "import sys, time\n"
    "from pathlib import Path\n"
    "from arbitre.services.redis_server import EmbeddedRedis\n"
    "server = EmbeddedRedis(data_dir=Path(sys.argv[1]))\n"
    "server.start()\n"
    "print(server.pid, flush=True)\n"
    "time.sleep(600)\n"
)


def owned_server(data: Path) -> tuple[subprocess.Popen[str], int]:
    """A process of its own that runs a server on ``data``: the process and the server's pid."""
    owner = subprocess.Popen(
        [sys.executable, "-c", OWNER, str(data)], stdout=subprocess.PIPE, text=True
    )
    assert owner.stdout is not None
    return owner, int(owner.stdout.readline())


def test_the_server_dies_with_the_process_that_started_it(tmp_path: Path) -> None:
    owner, pid = owned_server(tmp_path)
    owner.kill()
    owner.wait()
    with contextlib.suppress(psutil.NoSuchProcess):
        psutil.Process(pid).wait(30)  # SIGTERM from the kernel: it flushes and exits
    assert not alive(pid)


def test_a_server_left_running_by_a_crash_is_ended_at_the_next_start(tmp_path: Path) -> None:
    owner, pid = owned_server(tmp_path)
    os.kill(pid, signal.SIGSTOP)  # its SIGTERM stays pending: it outlives its parent
    owner.kill()
    owner.wait()
    assert alive(pid)
    try:
        with EmbeddedRedis(data_dir=tmp_path) as server:
            assert not alive(pid)
            assert server.pid != pid
            assert connect(server.url).ping()
    finally:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
