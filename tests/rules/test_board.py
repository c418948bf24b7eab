from __future__ import annotations

import pytest
from hypothesis import given

from arbitre.rules import (
    DUPLICATE,
    FRENCH,
    STANDARD,
    Board,
    BoardLayout,
    IllegalMoveError,
    InvalidBoardError,
    Move,
    place,
)

from .strategies import boards

EMPTY_ROW = "." * 15
ROWS = [EMPTY_ROW] * 7 + ["...FABAcEE....."] + [EMPTY_ROW] * 7


def test_empty_board() -> None:
    board = Board.empty()
    assert board.is_empty()
    assert board.tile_count == 0
    assert board.size == 15
    assert board.layout is STANDARD
    assert board.rows() == (EMPTY_ROW,) * 15
    assert board[0, 0] == ""


def test_from_rows_and_back() -> None:
    board = Board.from_rows(ROWS)
    assert board.rows() == tuple(ROWS)
    assert board[7, 3] == "F"
    assert board[7, 7] == "c"
    assert board.tile_count == 7
    assert not board.is_empty()
    assert Board.from_rows("\n".join(ROWS)) == board
    assert str(board) == "\n".join(ROWS)
    assert "FABAcEE" in repr(board)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([EMPTY_ROW] * 14, "needs 15 rows, got 14"),
        ([EMPTY_ROW] * 16, "needs 15 rows, got 16"),
        ([EMPTY_ROW] * 7 + ["." * 14] + [EMPTY_ROW] * 7, "row H: 14 squares"),
        ([EMPTY_ROW] * 7 + ["." * 16] + [EMPTY_ROW] * 7, "row H: 16 squares"),
        ([EMPTY_ROW] * 3 + ["...1..........."] + [EMPTY_ROW] * 11, "row D, column 4: .*'1'"),
        ([EMPTY_ROW] * 3 + ["..........É...."] + [EMPTY_ROW] * 11, "row D, column 11"),
        (["?" + "." * 14] + [EMPTY_ROW] * 14, "row A, column 1"),
        ([" " + "." * 14] + [EMPTY_ROW] * 14, "row A, column 1"),
        ([EMPTY_ROW] * 14 + [15], "row O: expected a string"),
    ],
)
def test_bad_boards(rows: list[str], message: str) -> None:
    with pytest.raises(InvalidBoardError, match=message):
        Board.from_rows(rows)


def test_small_layout() -> None:
    layout = BoardLayout.from_text("tiny", "...\n.*.\n...")
    board = Board.from_rows(["...", ".A.", "..."], layout)
    assert board[1, 1] == "A"
    with pytest.raises(InvalidBoardError):
        Board.from_rows(ROWS, layout)


def test_getitem_out_of_bounds() -> None:
    board = Board.empty()
    with pytest.raises(IndexError):
        board[15, 0]
    with pytest.raises(IndexError):
        board[-1, 0]


def test_copy_is_independent() -> None:
    board = Board.from_rows(ROWS)
    other = board.copy()
    assert other == board
    other.remove([(7, 3)])
    assert other != board
    assert board[7, 3] == "F"
    assert other.tile_count == 6


def test_apply_and_remove() -> None:
    board = Board.empty()
    placement = place(board, Move.from_notation("H4 FABAcEE"), FRENCH, DUPLICATE)
    board.apply(placement)
    assert board == Board.from_rows(ROWS)
    assert board.tile_count == 7
    with pytest.raises(IllegalMoveError) as error:
        board.apply(placement)
    assert error.value.reason == "occupied"
    assert board.tile_count == 7
    board.remove((row, col) for row, col, _ in placement.new_tiles)
    assert board.is_empty()
    with pytest.raises(InvalidBoardError, match="no tile to remove on H4"):
        board.remove([(7, 3)])


def test_put_is_all_or_nothing() -> None:
    board = Board.from_rows(ROWS)
    with pytest.raises(IllegalMoveError):
        board.put([(0, 0, "A"), (7, 3, "B")])
    assert board[0, 0] == ""
    with pytest.raises(IllegalMoveError):
        board.put([(0, 0, "A"), (0, 0, "B")])
    with pytest.raises(InvalidBoardError):
        board.put([(0, 0, "?")])
    with pytest.raises(IndexError):
        board.put([(0, 15, "A")])
    assert board.tile_count == 7


def test_board_is_not_hashable() -> None:
    with pytest.raises(TypeError):
        hash(Board.empty())


def test_equality_with_other_types() -> None:
    assert Board.empty() != "board"


@given(boards())
def test_rows_round_trip(board: Board) -> None:
    assert Board.from_rows(board.rows()) == board


@given(boards())
def test_transpose(board: Board) -> None:
    transposed = board.transposed()
    assert transposed.tile_count == board.tile_count
    assert transposed.transposed() == board
    for row in range(15):
        for col in range(15):
            assert transposed[col, row] == board[row, col]
