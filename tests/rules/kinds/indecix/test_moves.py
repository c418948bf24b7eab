"""Tests of arbitre.rules.kinds.indecix.moves: legal cells, captures, suites and their points;
the issue's five worked examples as golden tests, in every direction."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules.kinds.indecix.grid import Die, Grid, cell_index, cell_name
from arbitre.rules.kinds.indecix.moves import (
    IllegalPlacementError,
    Placement,
    Suite,
    captured_cells,
    gain,
    is_legal,
    legal_cells,
    place,
    play,
)

EMPTY_ROW = "......"


def grid_of(*rows: str) -> Grid:
    """A grid of ``rows`` (row A first), the missing rows empty."""
    return Grid.from_rows([*rows, *[EMPTY_ROW] * (6 - len(rows))])


#: The symmetries of the grid that turn a row read left to right into each direction: as
#: maps of (row, column) to (row, column).
TURNS: dict[str, Callable[[int, int], tuple[int, int]]] = {
    "left to right": lambda r, c: (r, c),
    "right to left": lambda r, c: (r, 5 - c),
    "top to bottom": lambda r, c: (c, r),
    "bottom to top": lambda r, c: (5 - c, r),
}


def turned(cell: int, turn: str) -> int:
    row, column = TURNS[turn](cell // 6, cell % 6)
    return row * 6 + column


def turn_grid(grid: Grid, turn: str) -> Grid:
    cells = [0] * 36
    for cell, code in enumerate(grid.cells):
        cells[turned(cell, turn)] = code
    return Grid.from_codes(cells)


def names(cells: list[int]) -> list[str]:
    return [cell_name(cell) for cell in cells]


def at(cell: str) -> int:
    return cell_index(cell)


# -- the worked examples ---------------------------------------------------------------


def test_example_1_the_farthest_borne_captures_3_2_5() -> None:
    """Placing 1 at A1 with 3 2 5 6 to its right captures 3, 2, 5 (the farthest borne, 6)."""
    placed = place(grid_of(".3256."), at("A1"), 1, 0)
    assert names(placed.captured_cells) == ["A2", "A3", "A4"]
    assert [die.face for _, die in placed.captured] == [3, 2, 5]
    assert placed.grid.rows()[0] == "1...6."  # the borne and the placed die stay
    assert (placed.capture_points, placed.suite_points, placed.points) == (10, 0, 10)


def test_example_2_a_die_outside_the_range_stops_the_capture() -> None:
    """Placing 3 before 4 2 5 captures nothing."""
    placed = place(grid_of(".425.."), at("A1"), 3, 0)
    assert placed.captured == ()
    assert (placed.points, placed.grid.rows()[0]) == (0, "3425..")


def test_example_3_a_six_before_4_5_1_captures_4_and_5() -> None:
    """Placing 6 before 4 5 1 captures 4 and 5."""
    placed = place(grid_of(".451.."), at("A1"), 6, 0)
    assert names(placed.captured_cells) == ["A2", "A3"]
    assert [die.face for _, die in placed.captured] == [4, 5]
    assert (placed.capture_points, placed.grid.rows()[0]) == (9, "6..1..")


def test_example_4_a_suite_of_one_player_is_doubled() -> None:
    """In the row 6 1 5 _ 2 3 of one player, a 4 in the gap completes a suite worth
    (21 - 4) x 2 = 34."""
    placed = place(grid_of("615.23"), at("A4"), 4, 0)
    assert placed.captured == ()
    assert placed.suites == (Suite("A", 34, True),)
    assert (placed.suite_points, placed.points) == (34, 34)


@pytest.mark.parametrize("opponent", [0, 1, 2, 4, 5])
def test_example_4_a_suite_with_an_opponent_die_is_not_doubled(opponent: int) -> None:
    """... or 17 if any of the five is the opponent's."""
    row = list("615.23")
    row[opponent] = "abcdef"[int(row[opponent]) - 1]
    placed = place(grid_of("".join(row)), at("A4"), 4, 0)
    assert placed.suites == (Suite("A", 17, False),)
    assert placed.points == 17


def test_example_4_for_the_other_player() -> None:
    """The same row all of player 1's, completed by player 1: 34; by player 0: 17."""
    assert place(grid_of("fae.bc"), at("A4"), 4, 1).suite_points == 34
    assert place(grid_of("fae.bc"), at("A4"), 4, 0).suite_points == 17


def test_example_5_capturing_leaves_no_suite() -> None:
    """Placing 6 after 1 2 3 4 5 captures 2 3 4 5 and leaves no suite."""
    placed = place(grid_of("12345."), at("A6"), 6, 0)
    assert names(placed.captured_cells) == ["A2", "A3", "A4", "A5"]
    assert sorted(die.face for _, die in placed.captured) == [2, 3, 4, 5]
    assert placed.suites == ()
    assert (placed.capture_points, placed.grid.rows()[0]) == (14, "1....6")


EXAMPLES = [
    # (row A, cell, face, captured cells, points): the five examples (the suite's, all own)
    (".3256.", "A1", 1, ["A2", "A3", "A4"], 10),
    (".425..", "A1", 3, [], 0),
    (".451..", "A1", 6, ["A2", "A3"], 9),
    ("615.23", "A4", 4, [], 34),
    ("12345.", "A6", 6, ["A2", "A3", "A4", "A5"], 14),
]


@pytest.mark.parametrize("turn", sorted(TURNS))
@pytest.mark.parametrize(("row", "cell", "face", "captured", "points"), EXAMPLES)
def test_the_examples_hold_in_every_direction(
    row: str, cell: str, face: int, captured: list[str], points: int, turn: str
) -> None:
    position = turn_grid(grid_of(row), turn)
    placed = place(position, turned(at(cell), turn), face, 0)
    assert placed.captured_cells == sorted(turned(at(name), turn) for name in captured)
    assert placed.points == points
    assert placed.grid == turn_grid(place(grid_of(row), at(cell), face, 0).grid, turn)


# -- captures ------------------------------------------------------------------------------------


def test_opponent_dice_are_worth_twice_their_face() -> None:
    own = place(grid_of(".3256."), at("A1"), 1, 0)
    theirs = place(grid_of(".cbef."), at("A1"), 1, 0)
    mixed = place(grid_of(".3b5f."), at("A1"), 1, 0)
    assert (own.capture_points, theirs.capture_points, mixed.capture_points) == (10, 20, 12)
    assert mixed.captured == ((at("A2"), Die(3, 0)), (at("A3"), Die(2, 1)), (at("A4"), Die(5, 0)))


def test_the_same_dice_are_worth_the_other_way_round_to_the_other_player() -> None:
    assert place(grid_of(".3256."), at("A1"), 1, 1).capture_points == 20
    assert place(grid_of(".cbef."), at("A1"), 1, 1).capture_points == 10


def test_any_owner_s_die_is_a_borne() -> None:
    assert names(place(grid_of(".32f.."), at("A1"), 1, 0).captured_cells) == ["A2", "A3"]


def test_an_adjacent_die_alone_is_no_capture() -> None:
    for row, face in ((".6....", 1), (".1....", 6), (".5....", 3)):
        assert place(grid_of(row), at("A1"), face, 0).captured == ()


def test_an_empty_cell_ends_the_run() -> None:
    assert place(grid_of(".3.56."), at("A1"), 1, 0).captured == ()
    assert names(place(grid_of(".36.5."), at("A1"), 1, 0).captured_cells) == ["A2"]


def test_between_is_strict_and_in_any_order() -> None:
    # a 2 placed: the run 5 3 4 6 with the 6 as borne; then 3 4 5 are all between 2 and 6
    assert names(place(grid_of(".5346."), at("A1"), 2, 0).captured_cells) == [
        "A2",
        "A3",
        "A4",
    ]
    # downwards too: a 5 placed before 3 4 1: 3 and 4 lie between 5 and 1
    assert names(place(grid_of(".341.."), at("A1"), 5, 0).captured_cells) == ["A2", "A3"]
    # the borne must be beyond the dice between: 6 placed before 2 3 4 -> 3 and 4 are above 2
    assert place(grid_of(".234.."), at("A1"), 6, 0).captured == ()


def test_a_nearer_borne_is_used_when_it_is_the_only_one() -> None:
    # 1 placed before 3 5 2: 5 is a borne (3 between 1 and 5), 2 is not (3 and 5 above it)
    placed = place(grid_of(".352.."), at("A1"), 1, 0)
    assert names(placed.captured_cells) == ["A2"]


#: A 3 to put on C3: in each direction a die between 3 and the borne beyond it (up: 5 then the
#: borne 6; down: 2 then 1; left: 4 then 5; right: 2 then the borne 1, the 6 beyond is none).
CROSS = ("..6...", "..e...", "54.216", "..b...", "..1...")


def test_captures_in_four_directions_at_once() -> None:
    placed = place(grid_of(*CROSS), at("C3"), 3, 1)
    assert names(placed.captured_cells) == ["B3", "C2", "C4", "D3"]
    assert placed.captured == (
        (at("B3"), Die(5, 1)),
        (at("C2"), Die(4, 0)),
        (at("C4"), Die(2, 0)),
        (at("D3"), Die(2, 1)),
    )
    assert placed.capture_points == 5 + 2 * 4 + 2 * 2 + 2  # own 5 and 2, the opponent's 4 and 2
    assert placed.grid.rows()[:5] == ["..6...", "......", "5.c.16", "......", "..1..."]


def test_the_same_captures_are_worth_the_other_way_round_to_the_other_player() -> None:
    placed = place(grid_of(*CROSS), at("C3"), 3, 0)
    assert names(placed.captured_cells) == ["B3", "C2", "C4", "D3"]
    assert placed.capture_points == 2 * 5 + 4 + 2 + 2 * 2


# -- suites ----------------------------------------------------------------------------------------


def test_a_row_and_a_column_both_score() -> None:
    grid = grid_of("615.23", "...6..", "...1..", "...5..", "...2..", "...3..")
    placed = place(grid, at("A4"), 4, 0)
    assert placed.captured == ()
    assert placed.suites == (Suite("A", 34, True), Suite("4", 34, True))
    assert placed.points == 68


def test_a_capture_along_the_row_breaks_its_suite_but_not_the_column_s() -> None:
    grid = grid_of("12345.", ".....1", ".....2", ".....3", ".....4", ".....5")
    placed = place(grid, at("A6"), 6, 0)  # down: 1 first, below every face: no borne
    assert names(placed.captured_cells) == ["A2", "A3", "A4", "A5"]
    assert placed.suites == (Suite("6", 30, True),)
    assert placed.points == 14 + 30


def test_a_capture_along_the_column_breaks_the_column_suite_only() -> None:
    grid = grid_of("615.23", "...5..", "...1..", "...2..", "...3..", "...6..")
    # down from A4: 5 1 ... a 4 placed: 5 then 1 -> 1 < 4 needs 5 in (1, 4): no; the row is full
    placed = place(grid, at("A4"), 4, 0)
    assert placed.suites == (Suite("A", 34, True), Suite("4", 34, True))
    grid = grid_of("615.23", "...5..", "...6..", "...1..", "...2..", "...3..")
    placed = place(grid, at("A4"), 4, 0)  # down: 5 then 6: 5 is between 4 and 6
    assert names(placed.captured_cells) == ["B4"]
    assert placed.suites == (Suite("A", 34, True),)


def test_the_suite_counts_the_placed_die_s_owner() -> None:
    placed = place(grid_of("615.23"), at("A4"), 4, 1)
    assert placed.suites == (Suite("A", 17, False),)


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_a_suite_is_21_minus_the_placed_face(face: int) -> None:
    first = 6 if face == 1 else 1  # next to the placed die: no borne can lie beyond it
    rest = [f for f in (1, 2, 3, 4, 5, 6) if f not in (face, first)]
    placed = place(grid_of(f".{first}{''.join(map(str, rest))}"), at("A1"), face, 0)
    assert placed.captured == ()
    assert placed.suites == (Suite("A", (21 - face) * 2, True),)


# -- legal cells -----------------------------------------------------------------------------------


def test_a_face_in_the_row_or_column_forbids_the_cell_whoever_owns_it() -> None:
    grid = grid_of("...3..", "......", "c.....")
    assert not is_legal(grid, at("A1"), 3)  # row A holds a 3
    assert not is_legal(grid, at("F1"), 3)  # column 1 holds player 1's 3
    assert not is_legal(grid, at("A4"), 1)  # occupied
    assert is_legal(grid, at("B2"), 3)
    assert names(legal_cells(grid, 3)) == [
        cell_name(cell) for cell in range(36) if cell // 6 not in (0, 2) and cell % 6 not in (0, 3)
    ]


def test_no_legal_cell_when_the_face_is_in_every_row() -> None:
    grid = grid_of("5.....", ".5....", "..e...", "...5..", "....e.", ".....5")
    assert legal_cells(grid, 5) == []
    assert len(legal_cells(grid, 4)) == 30


def test_place_refuses_an_occupied_or_illegal_cell() -> None:
    grid = grid_of("...3..")
    with pytest.raises(IllegalPlacementError) as occupied:
        place(grid, at("A4"), 1, 0)
    with pytest.raises(IllegalPlacementError) as illegal:
        place(grid, at("A1"), 3, 0)
    assert (occupied.value.reason, illegal.value.reason) == ("occupied", "illegal_cell")
    assert occupied.value.code == illegal.value.code == "illegal_cell"


# -- the fast functions agree with place ---------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> tuple[Grid, int, int, int]:
    """A reachable-looking grid (faces distinct in every line), a legal cell, a face, a
    player."""
    cells = [0] * 36
    for cell in draw(st.permutations(range(36)))[: draw(st.integers(0, 34))]:
        face = draw(st.integers(1, 6))
        trial = list(cells)
        trial[cell] = face + 6 * draw(st.integers(0, 1))
        try:
            Grid.from_codes(trial)
        except ValueError:
            continue
        cells = trial
    grid = Grid.from_codes(cells)
    face = draw(st.integers(1, 6))
    legal = legal_cells(grid, face)
    if not legal:
        face = next(f for f in range(1, 7) if legal_cells(grid, f))
        legal = legal_cells(grid, face)
    return grid, draw(st.sampled_from(legal)), face, draw(st.integers(0, 1))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_gain_and_play_agree_with_place(position: tuple[Grid, int, int, int]) -> None:
    grid, cell, face, player = position
    placed: Placement = place(grid, cell, face, player)
    assert gain(grid.cells, cell, face, player) == placed.points
    assert play(grid.cells, cell, face, player) == (placed.points, placed.grid.cells)
    assert captured_cells(grid, cell, face) == placed.captured_cells
    assert placed.grid.dice() == grid.dice() + 1 - len(placed.captured)
