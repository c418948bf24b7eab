"""Smoke test of the benchmark of duplicate on the seam against the own path: a quick run
reports every figure, for both paths, and their ratios."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_a_quick_run_reports_every_figure_for_both_paths() -> None:
    completed = subprocess.run(
        [sys.executable, "benchmarks/bench_duplicate_seam.py", "--players", "6", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    report = json.loads(completed.stdout)
    assert report["sizes"] == [6]
    figures = {
        "join",
        "answer_p50",
        "answer_p99",
        "close",
        "player_view",
        "spectator_view",
        "standings_page",
    }
    for path in ("seam", "own"):
        assert set(report["ms"]["6"][path]) == figures
        assert all(ms >= 0 for ms in report["ms"]["6"][path].values())
    assert set(report["seam_over_own"]["6"]) == figures
