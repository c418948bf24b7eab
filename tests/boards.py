"""Boards for tests, written as rows of text."""

from __future__ import annotations

from arbitre.rules import Board

EMPTY_ROW = "." * 15


def board_with(*placed: tuple[int, str]) -> Board:
    """A 15x15 board whose given rows (0 = A) hold the given text, the other rows empty."""
    rows = [EMPTY_ROW] * 15
    for row, text in placed:
        rows[row] = text
    return Board.from_rows(rows)
