"""``arbitre up``: the services and the gateway in one process, over real HTTP."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

Start = Callable[..., subprocess.Popen[bytes]]


@pytest.fixture(scope="module")
def environment(cache: Path) -> dict[str, str]:
    """The environment of ``arbitre up`` here: no ``REDIS_URL``, so it starts its embedded
    Redis (and never writes to a developer's own)."""
    kept = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
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
