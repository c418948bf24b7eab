"""Smoke test of the Duel de Mots replay benchmark: a quick run plays two rooms, replays their
records and reports every figure for both sizes."""

import json
import subprocess
import sys
from pathlib import Path

from benchmarks.bench_duel_replay import guesses_of, played_room

from arbitre.engine.duel_words import load
from arbitre.rules.kinds import kind

ROOT = Path(__file__).resolve().parent.parent.parent


def test_a_played_room_is_a_finished_record_that_replays_to_its_standings() -> None:
    record = played_room(30, rounds=3, guesses=4)
    assert record["over"]
    assert len(record["rounds"]) == 3
    assert len(record["rounds"][0]["players"]) == 30
    assert 0 < guesses_of(record) <= sum(len(r["players"]) * 4 for r in record["rounds"])
    changes = {(c["change"], c["in_round"]) for c in record["seating"]}
    assert {("join", False), ("leave", True), ("join", True)} <= changes
    duel = kind("duel")
    replayed = duel.replay(record, load("en"))
    assert json.loads(json.dumps(duel.record(replayed))) == record


def test_a_quick_run_reports_both_sizes() -> None:
    completed = subprocess.run(
        [sys.executable, "benchmarks/bench_duel_replay.py", "--players", "40", "80", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    report = json.loads(completed.stdout)
    assert report["sizes"] == [40, 80]
    for size in ("40", "80"):
        figures = report["figures"][size]
        assert set(figures) == {"guesses", "seating", "replay_s", "replay_cpu_s"}
        assert figures["guesses"] > 0
    assert report["growth"] > 1
