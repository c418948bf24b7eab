"""Tests of ``arbitre indecix play``: in-process and as a subprocess."""

from __future__ import annotations

import functools
import io
import json
from typing import Any

import pytest

from arbitre.cli import main
from arbitre.cli.indecix_command import MAX_LINE_BYTES, play_line, play_stream
from tests.cli.conftest import FailingInput, lines_of, results

EMPTY = "......"


def grid(*rows: str) -> list[str]:
    """Six rows, the missing ones empty."""
    return [*rows, *[EMPTY] * (6 - len(rows))]


def played(*requests: object) -> list[dict[str, Any]]:
    """The answers of ``play_stream`` to ``requests`` (dicts, or bytes as they are)."""
    out = io.StringIO()
    assert play_stream(io.BytesIO(lines_of(*requests)), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.fixture(scope="module")
def indecix(arbitre: Any) -> Any:
    """Run ``python -m arbitre indecix ARGS`` on ``stdin``; returns CompletedProcess."""
    return functools.partial(arbitre, "indecix")


def test_the_issue_s_examples() -> None:
    out = played(
        {"id": 1, "grid": grid(".3256."), "face": 1, "player": 0, "cell": "A1"},
        {"id": 2, "grid": grid(".425.."), "face": 3, "player": 0, "cell": "A1"},
        {"id": 3, "grid": grid(".451.."), "face": 6, "player": 0, "cell": "A1"},
        {"id": 4, "grid": grid("615.23"), "face": 4, "player": 0, "cell": "A4"},
        {"id": 5, "grid": grid("615.2c"), "face": 4, "player": 0, "cell": "A4"},
        {"id": 6, "grid": grid("12345."), "face": 6, "player": 0, "cell": "A6"},
    )
    assert out == [
        {
            "id": 1,
            "legal": True,
            "captured": ["A2", "A3", "A4"],
            "capture_points": 10,
            "suite_points": 0,
            "points": 10,
            "grid": grid("1...6."),
        },
        {
            "id": 2,
            "legal": True,
            "captured": [],
            "capture_points": 0,
            "suite_points": 0,
            "points": 0,
            "grid": grid("3425.."),
        },
        {
            "id": 3,
            "legal": True,
            "captured": ["A2", "A3"],
            "capture_points": 9,
            "suite_points": 0,
            "points": 9,
            "grid": grid("6..1.."),
        },
        {
            "id": 4,
            "legal": True,
            "captured": [],
            "capture_points": 0,
            "suite_points": 34,
            "points": 34,
            "grid": grid("615423"),
        },
        {
            "id": 5,
            "legal": True,
            "captured": [],
            "capture_points": 0,
            "suite_points": 17,
            "points": 17,
            "grid": grid("61542c"),
        },
        {
            "id": 6,
            "legal": True,
            "captured": ["A2", "A3", "A4", "A5"],
            "capture_points": 14,
            "suite_points": 0,
            "points": 14,
            "grid": grid("1....6"),
        },
    ]


def test_player_1_s_dice_and_points() -> None:
    (answer,) = played({"id": "x", "grid": grid(".cb5f."), "face": 1, "player": 1, "cell": "a1"})
    assert answer["captured"] == ["A2", "A3", "A4"]
    assert answer["capture_points"] == 3 + 2 + 2 * 5  # own c and b, player 0's 5 doubled
    assert answer["grid"] == grid("a...f.")


def test_an_illegal_cell_is_legal_false_and_no_more() -> None:
    base = {"grid": grid("...3..", EMPTY, "c....."), "face": 3, "player": 0}
    out = played(
        {"id": 1, **base, "cell": "A1"},  # a 3 in row A
        {"id": 2, **base, "cell": "F1"},  # player 1's 3 in column 1
        {"id": 3, **base, "cell": "A4"},  # occupied
        {"id": 4, **base, "cell": "B2"},
    )
    assert out[:3] == [
        {"id": 1, "legal": False},
        {"id": 2, "legal": False},
        {"id": 3, "legal": False},
    ]
    assert out[3]["legal"] is True


def test_without_a_cell_the_legal_cells() -> None:
    base = {"grid": grid("...3..", EMPTY, "c....."), "face": 3, "player": 1}
    (answer,) = played({"id": 7, **base})
    assert answer == {
        "id": 7,
        "legal_cells": [f"{row}{column}" for row in "BDEF" for column in (2, 3, 5, 6)],
    }
    (same,) = played({"id": 7, **base, "cell": None})
    assert same == answer
    nowhere = grid("5.....", ".e....", "..5...", "...e..", "....5.", ".....e")
    assert played({"id": 8, "grid": nowhere, "face": 5, "player": 0}) == [
        {"id": 8, "legal_cells": []}
    ]


def test_each_bad_line_gets_its_error_and_the_run_goes_on() -> None:
    good = {"grid": grid(".3256."), "face": 1, "player": 0, "cell": "A1"}
    out = played(
        b"{not json",
        {"id": 2, **good},
        b"[1, 2]",
        {"id": 4, **good, "face": 7},
        {"id": 5, **good, "face": True},
        {"id": 6, **good, "player": 2},
        {"id": 7, **good, "player": "0"},
        {"id": 8, **good, "cell": "G1"},
        {"id": 9, **good, "cell": 11},
        {"id": 10, **good, "grid": grid(".3256.")[:5]},
        {"id": 11, **good, "grid": grid(".3x56.")},
        {"id": 12, **good, "grid": grid(".3356.")},
        {"id": 13, "face": 1, "player": 0},
        {"id": 14, **good, "grid": "......"},
        {"id": 15, **good},
    )
    assert [answer["id"] for answer in out] == [None, 2, None, *range(4, 16)]
    assert [answer.get("error_code") for answer in out] == [
        "bad_json",
        None,
        "bad_request",
        "bad_face",
        "bad_face",
        "bad_player",
        "bad_player",
        "bad_cell",
        "bad_cell",
        "bad_grid",
        "bad_grid",
        "bad_grid",
        "bad_request",
        "bad_grid",
        None,
    ]
    for answer in out:
        if "error" in answer:
            assert set(answer) == {"id", "error", "error_code"}
            assert answer["error"]
    assert out[1] == out[-1] | {"id": 2}


def test_a_line_too_long_is_refused_and_the_next_one_read() -> None:
    huge = b'{"id": 1, "pad": "' + b"x" * (2 * MAX_LINE_BYTES) + b'"}'
    too_long, good = played(huge, {"id": 2, "grid": grid(), "face": 1, "player": 0, "cell": "C4"})
    assert too_long["error_code"] == "line_too_long"
    assert good["legal"] is True


def test_play_line_never_raises_for_bad_bytes() -> None:
    for line in (b"\xff\xfe", b"[" * 30_000 + b"]" * 30_000, b"null", b'"C4"', b"{}"):
        answer = play_line(line)
        assert set(answer) == {"id", "error", "error_code"}


def test_any_json_id_is_echoed() -> None:
    ids = [None, 0, "a", [1, "b"], {"k": 1}]
    out = played(*({"id": i, "grid": grid(), "face": 2, "player": 1} for i in ids))
    assert [answer["id"] for answer in out] == ids
    assert played({"grid": grid(), "face": 2, "player": 1})[0]["id"] is None


def test_unreadable_stdin_exits_1_after_the_lines_read(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    first = lines_of({"id": 1, "grid": grid(), "face": 1, "player": 0})
    assert play_stream(FailingInput(first), out) == 1
    assert json.loads(out.getvalue())["id"] == 1
    assert "cannot read stdin" in capsys.readouterr().err


def test_play_as_a_subprocess(indecix: Any) -> None:
    stdin = lines_of(
        {"id": 1, "grid": grid(".3256."), "face": 1, "player": 0, "cell": "A1"},
        b"oops",
        {"id": 3, "grid": grid(), "face": 6, "player": 1, "cell": "F6"},
    )
    first, bad, last = results(indecix("play", stdin=stdin))
    assert first["captured"] == ["A2", "A3", "A4"]
    assert (bad["id"], bad["error_code"]) == (None, "bad_json")
    assert last["grid"][5] == ".....f"


def test_help_lists_play(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["indecix", "play", "--help"])
    assert stopped.value.code == 0
    text = capsys.readouterr().out
    assert all(word in text for word in ("grid", "face", "player", "cell", "legal_cells"))
