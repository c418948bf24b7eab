"""Smoke test of the Duel de Mots room benchmark: a quick run reports every step for every
size."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_a_quick_run_reports_every_step_for_every_size() -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "benchmarks/bench_duel_room.py",
            "--players",
            "40",
            "80",
            "--repeat",
            "1",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    report = json.loads(completed.stdout)
    assert report["sizes"] == [40, 80]
    assert report["size_ratio"] == 2
    steps = {"load", "save", "attach", "detach", "view", "judge", "close"}
    for size in ("40", "80"):
        assert set(report["ms"][size]) == steps
        assert all(ms >= 0 for ms in report["ms"][size].values())
    assert set(report["ratio"]) == steps
