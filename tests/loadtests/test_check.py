"""The checker of simultané runs (``loadtests/check.py``): which record is consistent with the
answers a load generator saw acknowledged, on made-up records and logs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from loadtests.check import CheckError, Report, RunLog, check_answers, percentiles, read_log


def record(*answers: tuple[str, int, str]) -> dict[str, Any]:
    turns: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    for player, turn, move in answers:
        turns[turn].append({"player": player, "move": move})
    return {"turns": [{"number": number, "answers": found} for number, found in turns.items()]}


def sent(*attempts: tuple[str, int, str, str]) -> RunLog:
    run = RunLog({"game_id": "g"})
    for seq, (player, turn, move, outcome) in enumerate(attempts, 1):
        run.answers.append(
            {
                "player": player,
                "turn": turn,
                "move": move,
                "outcome": outcome,
                "seq": seq,
                "margin_ms": 250.0,
                "sent": 1.0,
                "acked": 1.01,
            }
        )
    return run


def checked(kept: dict[str, Any], run: RunLog) -> Report:
    report = Report("g")
    check_answers(kept, run, report)
    return report


def test_the_last_acknowledged_answer_counts() -> None:
    run = sent(("p1", 1, "H4 MOT", "ok"), ("p1", 1, "H4 MOTS", "ok"), ("p1", 1, "H8 X", "late"))
    report = checked(record(("p1", 1, "H4 MOTS")), run)
    assert (report.lost, report.phantom, report.acknowledged) == ([], [], 1)
    assert report.outcomes == {"ok": 2, "late": 1}
    assert report.answer_ms["p50"] == pytest.approx(10, abs=0.1)
    assert report.late_margin_ms["max"] == 250.0


@pytest.mark.parametrize(
    "kept",
    [
        record(),  # lost
        record(("p1", 1, "H4 MOT")),  # an earlier answer kept: the last one lost
        record(("p1", 2, "H4 MOTS")),  # filed under another turn
    ],
)
def test_an_acknowledged_answer_missing_from_the_record_is_lost(kept: dict[str, Any]) -> None:
    run = sent(("p1", 1, "H4 MOT", "ok"), ("p1", 1, "H4 MOTS", "ok"))
    assert len(checked(kept, run).lost) == 1


def test_an_answer_without_a_verdict_may_or_may_not_be_kept() -> None:
    run = sent(("p1", 1, "H4 MOT", "ok"), ("p1", 1, "H4 MOTS", "unknown"))
    for kept in (record(("p1", 1, "H4 MOT")), record(("p1", 1, "H4 MOTS"))):
        report = checked(kept, run)
        assert (report.lost, report.phantom) == ([], [])
    only = sent(("p2", 1, "H4 MOT", "unknown"))
    assert checked(record(), only).phantom == []
    assert checked(record(("p2", 1, "H4 MOT")), only).phantom == []


def test_a_refused_or_late_answer_never_replaces_one() -> None:
    run = sent(("p1", 1, "H4 MOT", "ok"), ("p1", 1, "A1 ZZZ", "refused"), ("p1", 1, "H4 A", "late"))
    assert checked(record(("p1", 1, "H4 MOT")), run).lost == []
    assert len(checked(record(("p1", 1, "H4 A")), run).lost) == 1


def test_an_answer_no_one_sent_is_reported() -> None:
    run = sent(("p1", 1, "H4 MOT", "late"))
    assert len(checked(record(("p1", 1, "H4 MOT")), run).phantom) == 1
    assert len(checked(record(("p9", 2, "H4 MOT")), sent()).phantom) == 1


def test_the_log_is_read_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    lines = [
        {"kind": "game", "game_id": "g", "host": "http://h"},
        {"kind": "join", "player": "p1", "name": "Ann"},
        {"kind": "reveal", "player": "p1", "turn": 1, "lag_ms": 12.5},
        {"kind": "reveal", "player": "p1", "turn": 2, "lag_ms": -300.0},
        {"kind": "done", "player": "p1", "over": True},
        {"kind": "send", "player": "p1", "turn": 2, "move": "H4 MOT", "seq": 1},
        {"kind": "send", "player": "p1", "turn": 2, "move": "H4 MOTS", "seq": 2},
        {"kind": "answer", "player": "p1", "turn": 2, "move": "H4 MOT", "seq": 1}
        | {"outcome": "ok", "sent": 1.0, "acked": 1.5, "margin_ms": 900.0},
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    run = read_log(path)
    assert (run.joined, run.lags, run.early, run.done) == ({"p1": "Ann"}, [12.5], 1, {"p1": True})
    assert run.reveals["p1"] == {1, 2}
    # The second answer left and the run ended before its verdict: either may be kept.
    assert [(answer["seq"], answer["outcome"]) for answer in run.answers] == [
        (1, "ok"),
        (2, "unknown"),
    ]
    for move in ("H4 MOT", "H4 MOTS"):
        report = checked(record(("p1", 2, move)), run)
        assert (report.lost, report.phantom) == ([], [])
    path.write_text("")
    with pytest.raises(CheckError):
        read_log(path)


def test_percentiles() -> None:
    assert percentiles([]) == {}
    assert percentiles([float(value) for value in range(1, 101)]) == {
        "p50": 51.0,
        "p99": 100.0,
        "max": 100.0,
    }
