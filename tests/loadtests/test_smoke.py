"""Smoke runs of the locust scenarios of ``loadtests/``: the platform (the four gRPC services, a
real Redis) and the gateway (uvicorn, real HTTP on a free port, API keys on) run in this
process; locust runs headless in a subprocess (it monkey-patches the standard library with
gevent, which the gRPC threads of this process must not see).

The simultané is a 2-turn game of 10 players with 4-second turns; the checker then finds every
acknowledged answer in the game's record and the standings equal to a replay of it, and every
player received every reveal. The API scenario runs for a few seconds with a few users. No
timing is asserted: only that nothing failed (late answers are counted apart, not failures)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from loadtests.check import check_run

from arbitre.gateway import GatewayConfig, create_app
from arbitre.services.platform import Platform
from tests.live_fixtures import cache_dir, platform, serving  # noqa: F401
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent.parent
API_KEY = "smoke-key"
PLAYERS = 10
TURNS = 2
TURN_SECONDS = 4
#: A bound on a locust run beyond its own (the organiser ends the simultané at game over).
SLACK_SECONDS = 120


@pytest.fixture(scope="module")
def base(platform: Platform) -> Iterator[str]:  # noqa: F811
    keys = frozenset({API_KEY})
    token = platform.gateway_token
    app = create_app(GatewayConfig.all_at(platform.address, api_keys=keys, internal_token=token))
    with serving(app) as url:
        yield url


def run_locust(
    locustfile: str, base: str, users: int, seconds: int, folder: Path, *options: str
) -> dict[str, dict[str, Any]]:
    """Run ``loadtests/<locustfile>`` headless in ``folder`` (no locust.conf of ours applies
    there); its statistics by name. Fails the test when locust reports a failure."""
    stats = folder / "stats"
    command = [
        sys.executable,
        "-m",
        "locust",
        "-f",
        str(ROOT / "loadtests" / locustfile),
        "--headless",
        "--users",
        str(users),
        "--spawn-rate",
        str(users),
        "--run-time",
        f"{seconds}s",
        "--host",
        base,
        "--api-key",
        API_KEY,
        "--only-summary",
        "--exit-code-on-error",
        "1",
        "--json-file",
        str(stats),
        *options,
    ]
    environment = {key: value for key, value in os.environ.items() if not key.startswith("LOCUST")}
    done = subprocess.run(
        command,
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        timeout=seconds + SLACK_SECONDS,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-6000:]
    entries = json.loads((folder / "stats.json").read_text())
    by_name = {entry["name"]: entry for entry in entries}
    failed = {
        name: entry["num_failures"] for name, entry in by_name.items() if entry["num_failures"]
    }
    assert not failed, (failed, done.stderr[-6000:])
    return by_name


@pytest.mark.slow
def test_a_simultane_loses_no_answer(base: str, redis_db: Any, tmp_path: Path) -> None:  # noqa: F811
    answers_log = tmp_path / "answers.jsonl"
    stats = run_locust(
        "simultane.py",
        base,
        PLAYERS + 1,  # and the organiser
        90,
        tmp_path,
        "--turns",
        str(TURNS),
        "--turn-seconds",
        str(TURN_SECONDS),
        "--join-seconds",
        "60",
        "--skip-chance",
        "0.3",  # turns often run to their deadline
        "--answers-log",
        str(answers_log),
    )
    assert stats["POST /v1/games/[id]/players"]["num_requests"] == PLAYERS
    assert stats["POST /v1/games/[id]/actions"]["num_requests"] > 0
    reveals = sum(
        stats[name]["num_requests"] for name in ("reveal lag", "reveal early") if name in stats
    )
    assert reveals == PLAYERS * TURNS
    assert stats["turn_started lag"]["num_requests"] == PLAYERS * TURNS

    report = check_run(answers_log, base)
    assert report.turns == TURNS
    assert report.players == PLAYERS
    assert report.acknowledged > 0
    assert report.lost == []
    assert report.phantom == []
    assert report.standings_equal, report.standings
    assert report.missed_reveals == []
    assert report.ok, report.text()


@pytest.mark.slow
def test_the_api_scenario_runs_without_failures(base: str, tmp_path: Path) -> None:
    stats = run_locust("api.py", base, 4, 6, tmp_path)
    assert sum(entry["num_requests"] for entry in stats.values()) > 0
    assert any(name.startswith("POST /v1/solve") for name in stats)
