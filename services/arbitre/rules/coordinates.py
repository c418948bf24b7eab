"""Squares and move positions in FISF notation.

Rows are letters ``A``... top to bottom, columns numbers ``1``... left to right. A move position
puts the row first for a horizontal word (``H4``: row H, from column 4 rightwards) and the column
first for a vertical word (``4H``: column 4, from row H downwards). Internally rows and columns
are 0-based.

>>> Position.from_notation("H4")
Position(row=7, col=3, horizontal=True)
>>> Position.from_notation("4h").notation()
'4H'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbitre.rules.errors import InvalidNotationError

__all__ = ["DEFAULT_SIZE", "MAX_SIZE", "Position", "parse_square", "square_notation"]

#: Board size assumed when parsing notation without an explicit size.
DEFAULT_SIZE = 15
#: Largest board that the notation can address (rows A-Z).
MAX_SIZE = 26

_HORIZONTAL = re.compile(r"([A-Za-z])([1-9][0-9]?)")
_VERTICAL = re.compile(r"([1-9][0-9]?)([A-Za-z])")


def _check_size(size: int) -> None:
    if not 1 <= size <= MAX_SIZE:
        raise ValueError(f"board size {size} must be 1 to {MAX_SIZE}")


def _row_col(letter: str, number: str, size: int, text: str) -> tuple[int, int]:
    row = ord(letter.upper()) - ord("A")
    col = int(number) - 1
    if row >= size or col >= size:
        last = chr(ord("A") + size - 1)
        raise InvalidNotationError(
            f"{text!r} is off the board: rows are A-{last}, columns 1-{size}"
        )
    return row, col


def parse_square(text: str, size: int = DEFAULT_SIZE) -> tuple[int, int]:
    """A square written row letter first (``"H8"``) as 0-based ``(row, col)``.

    >>> parse_square("H8")
    (7, 7)
    """
    _check_size(size)
    match = _HORIZONTAL.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise InvalidNotationError(f"bad square {text!r}: expected a row letter then a column")
    return _row_col(match[1], match[2], size, text)


def square_notation(row: int, col: int) -> str:
    """The square ``(row, col)`` written row letter first: ``(7, 7)`` -> ``"H8"``."""
    return f"{chr(ord('A') + row)}{col + 1}"


@dataclass(frozen=True, slots=True)
class Position:
    """Where a word starts and which way it runs; ``row`` and ``col`` are 0-based.

    The constructor only checks that the square can be written (``0 <= row, col < 26``); being
    on a given board is a placement rule (``out_of_bounds``).
    """

    row: int
    col: int
    horizontal: bool = True

    def __post_init__(self) -> None:
        for name, value in (("row", self.row), ("col", self.col)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"Position.{name} must be an int, not {value!r}")
            if not 0 <= value < MAX_SIZE:
                raise InvalidNotationError(f"Position.{name} {value} must be 0 to {MAX_SIZE - 1}")
        if not isinstance(self.horizontal, bool):
            raise TypeError(f"Position.horizontal must be a bool, not {self.horizontal!r}")

    @classmethod
    def from_notation(cls, text: str, size: int = DEFAULT_SIZE) -> Position:
        """Parse ``"H4"`` (horizontal) or ``"4H"`` (vertical) for a ``size`` x ``size`` board.

        Letters are case-insensitive; anything else (spaces, ``"H0"``, ``"H04"``, a row or a
        column off the board) raises :class:`InvalidNotationError`.
        """
        _check_size(size)
        if not isinstance(text, str):
            raise InvalidNotationError(f"a position must be a string, not {text!r}")
        match = _HORIZONTAL.fullmatch(text)
        if match is not None:
            row, col = _row_col(match[1], match[2], size, text)
            return cls(row, col, True)
        match = _VERTICAL.fullmatch(text)
        if match is not None:
            row, col = _row_col(match[2], match[1], size, text)
            return cls(row, col, False)
        raise InvalidNotationError(
            f"bad position {text!r}: expected a row letter and a column number, "
            "row first for a horizontal word (H4), column first for a vertical one (4H)"
        )

    def notation(self) -> str:
        """FISF notation: ``"H4"`` when horizontal, ``"4H"`` when vertical."""
        letter = chr(ord("A") + self.row)
        number = self.col + 1
        return f"{letter}{number}" if self.horizontal else f"{number}{letter}"

    def transposed(self) -> Position:
        """The same position mirrored along the main diagonal (direction flips)."""
        return Position(self.col, self.row, not self.horizontal)

    def __str__(self) -> str:
        return self.notation()
