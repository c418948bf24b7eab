"""Smoke test of the move-generator benchmark and of its reproducible positions."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import positions

ROOT = Path(__file__).resolve().parent.parent.parent


def test_positions_are_reproducible_and_split_by_blanks():
    first = positions.generate_positions(count=7, seed=3)
    assert first == positions.generate_positions(count=7, seed=3)
    assert [p.blanks for p in first] == [0, 1, 2, 0, 1, 2, 0]
    for position in first:
        assert len(position.board) == 15
        assert any(row.strip(".") for row in position.board)
        assert len(position.rack) == 7
        assert position.rack.count("?") == position.blanks
        assert positions.Position.from_json(position.to_json()) == position


def test_checked_in_positions():
    found = positions.read_positions()
    assert len(found) == 614
    assert [sum(p.blanks == b for p in found) for b in (0, 1, 2)] == [205, 205, 204]


@pytest.mark.slow  # compiles the French lexicon (its compile time is one of the figures)
def test_quick_run_prints_a_json_report(tmp_path):
    completed = subprocess.run(
        [sys.executable, "benchmarks/bench_movegen.py", "--quick", "--json"],
        cwd=ROOT,
        env={**os.environ, "ARBITRE_CACHE_DIR": str(tmp_path / "cache")},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    report = json.loads(completed.stdout)
    assert report["quick"] is True
    assert [figures["blanks"] for figures in report["per_blanks"]] == [0, 1, 2]
    assert report["positions"] == sum(figures["positions"] for figures in report["per_blanks"])
    assert report["agreeing"] == report["positions"]
    for figures in report["per_blanks"]:
        assert 0 < figures["core_top_median_ms"] <= figures["core_top_p95_ms"]
        assert figures["moves_mean"] > 0
    assert report["lexicon"]["words"] > 400_000
    assert report["threads"]["ratio"] > 0
