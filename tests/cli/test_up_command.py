"""``arbitre up``: the services and the gateway in one process, over real HTTP."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import urllib.request
from collections.abc import Callable
from typing import Any

Start = Callable[..., subprocess.Popen[bytes]]


def get(url: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, json.loads(response.read())


def test_up_serves_the_api_and_stops_on_sigterm(arbitre_process: Start) -> None:
    process = arbitre_process("up", "--port", 0)
    try:
        assert process.stdout is not None
        first = process.stdout.readline().decode()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        assert match, first
        base = f"http://127.0.0.1:{match[1]}"
        status, health = get(f"{base}/healthz")
        assert status == 200
        assert health["status"] == "ok"
        status, solved = get(f"{base}/v1/solve", {"board": ["." * 15] * 15, "rack": "EEUESI?"})
        assert (status, solved["best_score"], solved["n_moves"]) == (200, 64, 1915)
        status, word = get(f"{base}/v1/lexicons/fr/words/chien")
        assert word["valid"] is True
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_up_reports_a_port_it_cannot_take(arbitre_process: Start) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        process = arbitre_process("up", "--port", taken.getsockname()[1])
        status = process.wait(timeout=60)
    try:
        assert status == 2
        assert process.stderr is not None
        assert b"arbitre up:" in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
