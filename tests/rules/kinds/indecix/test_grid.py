"""Tests of arbitre.rules.kinds.indecix.grid: cell names, the grid text, its checks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.kinds.indecix.grid import (
    CELLS,
    RAYS,
    Die,
    Grid,
    InvalidCellError,
    InvalidGridError,
    cell_index,
    cell_name,
    die_code,
    face_of,
    line_name,
    lines_through,
    owner_of,
)


def test_cells_are_named_row_letter_then_column() -> None:
    assert [cell_name(cell) for cell in (0, 5, 6, 35)] == ["A1", "A6", "B1", "F6"]
    assert [cell_index(name) for name in ("A1", "c4", " F6 ")] == [0, 15, 35]
    assert all(cell_index(cell_name(cell)) == cell for cell in range(CELLS))


@pytest.mark.parametrize("name", ["G1", "A7", "A0", "4C", "", "AA1", "C44", "c 4"])
def test_a_name_off_the_grid_is_refused(name: str) -> None:
    with pytest.raises(InvalidCellError) as error:
        cell_index(name)
    assert error.value.code == "bad_cell"


def test_a_cell_name_must_be_text() -> None:
    with pytest.raises(InvalidCellError):
        cell_index(15)  # type: ignore[arg-type]
    with pytest.raises(InvalidCellError):
        cell_name(36)


def test_die_codes() -> None:
    assert [die_code(face, 0) for face in (1, 6)] == [1, 6]
    assert [die_code(face, 1) for face in (1, 6)] == [7, 12]
    assert all(
        (face_of(die_code(f, o)), owner_of(die_code(f, o))) == (f, o)
        for f in range(1, 7)
        for o in (0, 1)
    )


def test_the_grid_text_reads_and_writes_both_players() -> None:
    rows = ["1.....", ".a....", "..6...", "...f..", "......", "2c4e6."]
    grid = Grid.from_rows(rows)
    assert grid.rows() == rows
    assert grid.die(cell_index("B2")) == Die(1, 1)
    assert grid.die(cell_index("D4")) == Die(6, 1)
    assert grid.die(cell_index("F1")) == Die(2, 0)
    assert grid.die(cell_index("E5")) is None
    assert grid.dice() == 9
    assert len(grid.free()) == 27


@pytest.mark.parametrize(
    "rows",
    [
        ["......"] * 5,
        ["......"] * 7,
        ["......"] * 5 + ["....."],
        ["......"] * 5 + ["...7.."],
        ["......"] * 5 + ["...A.."],
        ["......"] * 5 + ["...g.."],
        "......" * 6,
        ["1..1.."] + ["......"] * 5,  # a face twice in a row
        ["a....."] + ["......"] * 4 + ["1....."],  # twice in a column, whoever owns them
        ["......"] * 5 + [None],
    ],
)
def test_a_bad_grid_is_refused(rows: object) -> None:
    with pytest.raises(InvalidGridError) as error:
        Grid.from_rows(rows)  # type: ignore[arg-type]
    assert error.value.code == "bad_grid"


def test_codes_are_checked_too() -> None:
    with pytest.raises(InvalidGridError):
        Grid.from_codes([13] + [0] * 35)
    with pytest.raises(InvalidGridError):
        Grid.from_codes([0] * 35)
    assert Grid.from_codes([0] * 36) == Grid.empty()


def test_lines_and_rays() -> None:
    c4 = cell_index("C4")
    assert [line_name(line) for line in lines_through(c4)] == ["C", "4"]
    up, down, left, right = RAYS[c4]
    assert [cell_name(c) for c in up] == ["B4", "A4"]
    assert [cell_name(c) for c in down] == ["D4", "E4", "F4"]
    assert [cell_name(c) for c in left] == ["C3", "C2", "C1"]
    assert [cell_name(c) for c in right] == ["C5", "C6"]
    assert RAYS[0][0] == ()
    assert RAYS[0][2] == ()


@given(st.lists(st.sampled_from(".123456abcdef"), min_size=36, max_size=36))
def test_any_grid_text_round_trips_or_is_refused(chars: list[str]) -> None:
    rows = ["".join(chars[r * 6 : r * 6 + 6]) for r in range(6)]
    try:
        grid = Grid.from_rows(rows)
    except InvalidGridError:
        return
    assert grid.rows() == rows
    assert Grid.from_rows(grid.rows()) == grid
