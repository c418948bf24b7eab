"""``arbitre up``: the services and the gateway in one process, over real HTTP."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import sqlite3
import stat
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil
import pytest
import redis

from arbitre.services.archive.migrate import head_revision
from arbitre.services.redis_server import LOG_FILE, PASSWORD_FILE
from tests.cli.conftest import command
from tests.network import free_port

Start = Callable[..., subprocess.Popen[bytes]]


@pytest.fixture(scope="module")
def environment(cache: Path) -> dict[str, str]:
    """The environment of ``arbitre up`` here: no ``REDIS_URL`` nor ``DATABASE_URL``, so it
    starts its embedded Redis and archives into its data directory's SQLite file (and never
    writes to a developer's own)."""
    kept = {
        key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DATABASE_URL")
    }
    return {**kept, "ARBITRE_CACHE_DIR": str(cache)}


def get(url: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, json.loads(response.read())


def started(process: subprocess.Popen[bytes]) -> str:
    """The base URL ``arbitre up`` prints on its first line."""
    assert process.stdout is not None
    first = process.stdout.readline().decode()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
    assert match, first + (process.stderr.read().decode() if process.stderr else "")
    return f"http://127.0.0.1:{match[1]}"


def test_up_serves_the_api_and_stops_on_sigterm(arbitre_process: Start, tmp_path: Path) -> None:
    process = arbitre_process("up", "--port", 0, "--data-dir", tmp_path / "redis")
    try:
        base = started(process)
        # Finished games go to the data directory's SQLite file, migrated at the start.
        with contextlib.closing(sqlite3.connect(tmp_path / "redis" / "arbitre.sqlite3")) as db:
            versions = db.execute("SELECT version_num FROM alembic_version").fetchall()
        assert versions == [(head_revision(),)]
        status, health = get(f"{base}/healthz")
        assert status == 200
        assert health["status"] == "ok"
        status, solved = get(f"{base}/v1/solve", {"board": ["." * 15] * 15, "rack": "EEUESI?"})
        assert (status, solved["best_score"], solved["n_moves"]) == (200, 64, 1915)
        status, word = get(f"{base}/v1/lexicons/fr/words/chien")
        assert word["valid"] is True
        assert sorted(health["peers"]) == ["dictionary", "movegen", "scoring", "session"]
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        # The gateway, a process of its own, stopped with it: nothing listens any more.
        port = int(base.rsplit(":", 1)[1])
        with socket.socket() as probe, pytest.raises(ConnectionRefusedError):
            probe.connect(("127.0.0.1", port))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_up_reports_a_port_it_cannot_take(arbitre_process: Start, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        process = arbitre_process("up", "--port", taken.getsockname()[1], "--data-dir", tmp_path)
        status = process.wait(timeout=60)
    try:
        assert status == 2
        assert process.stderr is not None
        assert b"arbitre up:" in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_games_outlive_a_restart_of_up(arbitre_process: Start, tmp_path: Path) -> None:
    """With no REDIS_URL, ``arbitre up`` runs an embedded Redis that keeps its data in
    ``--data-dir``: a game created before a restart is there after it."""
    data = tmp_path / "redis"
    game_id = ""
    for run in range(2):
        process = arbitre_process("up", "--port", 0, "--data-dir", data)
        try:
            base = started(process)
            if run == 0:
                status, created = get(f"{base}/v1/games", {"config": {"max_turns": 3}})
                assert status == 201
                game_id = created["game_id"]
                get(f"{base}/v1/games/{game_id}/players", {"name": "Ann"})
            status, game = get(f"{base}/v1/games/{game_id}")
            assert (status, game["status"], [p["name"] for p in game["players"]]) == (
                200,
                "waiting",
                ["Ann"],
            )
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=30) == 0
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()


# The supervisor: children, lock, restarts of the embedded Redis, health, secrets, memory.

PATIENCE = 60.0


def up(process: subprocess.Popen[bytes]) -> tuple[str, int]:
    """The base URL and the embedded Redis's port that ``arbitre up`` prints first."""
    assert process.stdout is not None
    first = process.stdout.readline().decode()
    match = re.search(
        r"http://127\.0\.0\.1:(\d+)/.*Redis redis://:\*\*\*@127\.0\.0\.1:(\d+)/", first
    )
    assert match, first + (process.stderr.read().decode() if process.stderr else "")
    return f"http://127.0.0.1:{match[1]}", int(match[2])


def status_of(url: str) -> tuple[int, Any]:
    """The status and JSON body of ``GET url``, errors included (None when nothing answers)."""
    try:
        return get(url)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
    except OSError:
        return 0, None


def eventually(condition: Callable[[], bool]) -> None:
    give_up = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < give_up, "it did not happen"
        time.sleep(0.1)


def children(process: subprocess.Popen[bytes]) -> dict[str, psutil.Process]:
    """The gateway and the valkey-server of a running ``arbitre up``."""
    found = {}
    for child in psutil.Process(process.pid).children():
        if child.name() == "valkey-server":
            found["valkey"] = child
        elif "arbitre.gateway" in child.cmdline():
            found["gateway"] = child
    assert sorted(found) == ["gateway", "valkey"], found
    return found


def stopped(process: subprocess.Popen[bytes]) -> str:
    """Stop ``arbitre up`` (SIGTERM); what it wrote on stderr."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.stderr.read().decode() if process.stderr else ""


def create_game(base: str) -> str:
    status, created = get(f"{base}/v1/games", {"config": {"max_turns": 3}})
    assert status == 201
    game_id: str = created["game_id"]
    assert get(f"{base}/v1/games/{game_id}/players", {"name": "Ann"})[0] == 201
    return game_id


def players(base: str, game_id: str) -> list[str]:
    status, game = get(f"{base}/v1/games/{game_id}")
    assert status == 200
    return [player["name"] for player in game["players"]]


def test_a_kill_9_of_up_takes_its_children_and_a_restart_works(
    arbitre_process: Start, tmp_path: Path
) -> None:
    port, data = free_port(), tmp_path / "redis"
    process = arbitre_process("up", "--port", port, "--data-dir", data)
    try:
        base, _ = up(process)
        game_id = create_game(base)
        left = list(children(process).values())
        process.kill()
        process.wait()
        _, alive = psutil.wait_procs(left, timeout=PATIENCE)
        assert alive == []  # SIGTERM from the kernel: both ended (valkey flushing its file)
    finally:
        stopped(process)
    again = arbitre_process("up", "--port", port, "--data-dir", data)
    try:
        assert up(again)[0] == base
        assert players(base, game_id) == ["Ann"]
    finally:
        assert "Traceback" not in stopped(again)


def test_children_a_crash_left_running_are_ended_by_the_next_start(
    arbitre_process: Start, tmp_path: Path
) -> None:
    port, data = free_port(), tmp_path / "redis"
    process = arbitre_process("up", "--port", port, "--data-dir", data)
    try:
        up(process)
        left = children(process)
        for child in left.values():
            child.suspend()  # stopped: the kernel's SIGTERM waits, they outlive their parent
        process.kill()
        process.wait()
        assert all(child.is_running() for child in left.values())
    finally:
        # Not stopped(process): the stopped gateway holds its stderr open.
        if process.poll() is None:
            process.kill()
            process.wait()
    again = arbitre_process("up", "--port", port, "--data-dir", data)
    try:
        base, _ = up(again)  # the old gateway held the port, the old valkey the data
        assert status_of(f"{base}/healthz")[0] == 200
        assert not any(child.is_running() for child in left.values())
    finally:
        for child in left.values():
            with contextlib.suppress(psutil.NoSuchProcess):
                child.kill()
        stderr = stopped(again)
    assert "ending the gateway a previous run left running" in stderr
    assert "ending the valkey-server a previous run left running" in stderr


def test_a_second_up_on_the_same_data_dir_is_refused(
    arbitre_process: Start, tmp_path: Path
) -> None:
    data = tmp_path / "redis"
    first = arbitre_process("up", "--port", 0, "--data-dir", data)
    try:
        base, _ = up(first)
        second = arbitre_process("up", "--port", 0, "--data-dir", data)
        assert second.wait(timeout=PATIENCE) == 2
        assert second.stderr is not None
        message = second.stderr.read().decode()
        assert f"{data.resolve()} is in use by another process (pid {first.pid}" in message
        assert "another `arbitre up`" in message
        # The second never started a valkey-server on the directory.
        assert (data / LOG_FILE).read_text().count("Server initialized") == 1
        assert status_of(f"{base}/healthz")[0] == 200
    finally:
        stopped(first)


def test_a_dead_valkey_is_restarted_and_the_games_survive(
    environment: dict[str, str], tmp_path: Path
) -> None:
    process = subprocess.Popen(
        command(["up", "--port", 0, "--data-dir", tmp_path / "redis"]),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**environment, "ARBITRE_REDIS_MAXMEMORY": "96mb"},
    )
    try:
        base, redis_port = up(process)
        game_id = create_game(base)
        valkey = children(process)["valkey"]
        valkey.kill()
        eventually(lambda: status_of(f"{base}/v1/games/{game_id}")[0] == 200)
        assert players(base, game_id) == ["Ann"]
        restarted = children(process)["valkey"]
        assert restarted.pid != valkey.pid
        client = redis.Redis(
            port=redis_port, password=(tmp_path / "redis" / PASSWORD_FILE).read_text().strip()
        )
        assert client.config_get("maxmemory") == {"maxmemory": str(96 << 20)}
        client.close()
        eventually(lambda: status_of(f"{base}/healthz")[0] == 200)
    finally:
        stderr = stopped(process)
    assert f"valkey-server (pid {valkey.pid}) ended with code -9" in stderr
    assert "valkey-server restarted" in stderr


def test_healthz_fails_while_redis_does_not_answer(arbitre_process: Start, tmp_path: Path) -> None:
    process = arbitre_process("up", "--port", 0, "--data-dir", tmp_path / "redis")
    try:
        base, _ = up(process)
        assert status_of(f"{base}/healthz")[0] == 200
        valkey = children(process)["valkey"]
        valkey.suspend()  # alive (nothing to restart) but deaf
        try:
            eventually(lambda: status_of(f"{base}/healthz")[0] == 503)
            status, health = status_of(f"{base}/healthz")
            assert (status, health["down"], health["peers"]["session"]) == (
                503,
                ["session"],
                "down",
            )
        finally:
            valkey.resume()
        eventually(lambda: status_of(f"{base}/healthz")[0] == 200)
    finally:
        stopped(process)


def test_the_data_dir_is_private_and_redis_needs_its_password(
    arbitre_process: Start, tmp_path: Path
) -> None:
    data = tmp_path / "redis"
    data.mkdir(mode=0o755)
    data.chmod(0o755)
    process = arbitre_process("up", "--port", 0, "--data-dir", data, "--redis-maxmemory", "64mb")
    try:
        _, redis_port = up(process)
        assert stat.S_IMODE(data.stat().st_mode) == 0o700
        secret = data / PASSWORD_FILE
        assert stat.S_IMODE(secret.stat().st_mode) == 0o600
        password = secret.read_text().strip()
        with pytest.raises(redis.AuthenticationError):
            redis.Redis(port=redis_port).get("anything")
        client = redis.Redis(port=redis_port, password=password, decode_responses=True)
        assert client.config_get("maxmemory") == {"maxmemory": str(64 << 20)}
        assert client.config_get("maxmemory-policy") == {"maxmemory-policy": "noeviction"}
        assert client.config_get("bind") == {"bind": "127.0.0.1"}
        client.close()
        # The gateway has the URL in use, password included.
        gateway = children(process)["gateway"]
        assert gateway.environ()["REDIS_URL"] == f"redis://:{password}@127.0.0.1:{redis_port}/0"
    finally:
        stopped(process)


@pytest.mark.parametrize("size", ["lots", "100kb"])
def test_a_bad_memory_limit_is_refused(
    arbitre: Callable[..., subprocess.CompletedProcess[bytes]], tmp_path: Path, size: str
) -> None:
    result = arbitre("up", "--port", 0, "--data-dir", tmp_path, "--redis-maxmemory", size)
    assert result.returncode == 2
    assert b"--redis-maxmemory" in result.stderr
    assert not any(tmp_path.iterdir())  # nothing started


def test_up_logs_games_and_requests_in_the_services_format(
    environment: dict[str, str], tmp_path: Path
) -> None:
    """The session's lines (a game created, its first turn) and, under ``--access-log``, the
    gateway's one line per request reach ``arbitre up``'s stderr, as JSON objects with
    ``ARBITRE_LOG_FORMAT=json``."""
    process = subprocess.Popen(
        command(["up", "--port", 0, "--data-dir", tmp_path / "redis", "--access-log"]),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**environment, "ARBITRE_LOG_FORMAT": "json"},
    )
    try:
        base, _ = up(process)
        status, created = get(f"{base}/v1/games", {"config": {"max_turns": 3}})
        assert status == 201
        game_id = created["game_id"]
        get(f"{base}/v1/games/{game_id}/players", {"name": "Ann"})
        start = urllib.request.Request(
            f"{base}/v1/games/{game_id}/start",
            data=b"{}",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {created['organiser_token']}",
            },
        )
        with urllib.request.urlopen(start, timeout=60) as response:
            assert response.status == 200
    finally:
        stderr = stopped(process)
    records = [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]
    messages = [(record["logger"], record["message"]) for record in records]
    session = [message for logger, message in messages if logger == "arbitre.services.session"]
    assert any(message.startswith(f"game {game_id} created (") for message in session), stderr
    assert any(message.startswith(f"game {game_id}: turn 1 (") for message in session)
    access = [message for logger, message in messages if logger == "uvicorn.access"]
    assert any(f'"POST /v1/games/{game_id}/start HTTP/1.1" 200' in line for line in access)
