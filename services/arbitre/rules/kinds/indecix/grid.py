"""The Indecix grid: 6×6 cells, rows ``A``–``F`` top to bottom, columns ``1``–``6`` left to
right, each empty or holding one die (a face and the seat of its owner).

A cell is written row letter first (``C4``: row C, column 4) and numbered 0 to 35 in reading
order (``A1`` is 0, ``A6`` 5, ``B1`` 6, ``F6`` 35). A die is coded as one small integer so that
a grid is a tuple of 36 of them: 0 for an empty cell, ``face`` (1–6) for a die of seat 0,
``face + 6`` (7–12) for a die of seat 1 (:func:`die_code`, :func:`face_of`, :func:`owner_of`).

**The grid text** (the batch tool's format, :meth:`Grid.from_rows` / :meth:`Grid.rows`): six
strings of six characters, row A first; ``.`` an empty cell, ``1``–``6`` a die of seat 0, ``a``–
``f`` a die of seat 1 (``a`` = 1 … ``f`` = 6).

A :class:`Grid` is immutable and always one the rules can reach: no face twice in a row or a
column, whoever owns the dice (:class:`InvalidGridError` otherwise).

>>> grid = Grid.from_rows(["1.....", "......", "...c..", "......", "......", "......"])
>>> grid.die(cell_index("C4")), grid.die(cell_index("A1")), grid.die(cell_index("B2"))
(Die(face=3, owner=1), Die(face=1, owner=0), None)
>>> grid.rows()[2]
'...c..'
>>> cell_name(cell_index("f6"))
'F6'
>>> [line_name(line) for line in lines_through(cell_index("C4"))]
['C', '4']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from arbitre.rules.errors import ArbitreError

__all__ = [
    "CELLS",
    "COLUMN_CELLS",
    "EMPTY",
    "FACES",
    "LINE_CELLS",
    "RAYS",
    "ROW_CELLS",
    "ROW_NAMES",
    "SIZE",
    "Die",
    "Grid",
    "InvalidCellError",
    "InvalidGridError",
    "cell_index",
    "cell_name",
    "column_of",
    "die_code",
    "face_of",
    "line_name",
    "lines_through",
    "owner_of",
    "row_of",
]

#: Rows and columns of the grid.
SIZE = 6
#: Cells of the grid.
CELLS = SIZE * SIZE
#: A die's faces.
FACES = (1, 2, 3, 4, 5, 6)
#: The rows' names, top to bottom.
ROW_NAMES = "ABCDEF"
#: The code of an empty cell.
EMPTY = 0

_SEAT_1_FACES = "abcdef"


class InvalidCellError(ArbitreError):
    """A cell name that is not one of the grid's (``G1``, ``A7``, ``4C``)."""

    code = "bad_cell"


class InvalidGridError(ArbitreError):
    """A grid text that is not six rows of six cells, or a grid the rules cannot reach (a face
    twice in a row or a column)."""

    code = "bad_grid"


class Die(NamedTuple):
    """A die on the grid: its ``face`` (1–6) and the seat of its ``owner`` (0 or 1)."""

    face: int
    owner: int


def die_code(face: int, owner: int) -> int:
    """The code of a die of ``face`` owned by seat ``owner``.

    >>> die_code(3, 0), die_code(3, 1)
    (3, 9)
    """
    return face + 6 * owner


def face_of(code: int) -> int:
    """The face of the die coded ``code`` (not 0)."""
    return (code - 1) % 6 + 1


def owner_of(code: int) -> int:
    """The seat owning the die coded ``code`` (not 0)."""
    return (code - 1) // 6


def row_of(cell: int) -> int:
    """The row (0 = A) of ``cell``."""
    return cell // SIZE


def column_of(cell: int) -> int:
    """The column (0 = column 1) of ``cell``."""
    return cell % SIZE


def cell_index(name: str) -> int:
    """The cell named ``name`` (``C4``; a lowercase row letter and surrounding spaces are
    accepted), or :class:`InvalidCellError`."""
    if not isinstance(name, str):
        raise InvalidCellError(f"a cell is named by text such as 'C4' (got {name!r})")
    text = name.strip().upper()
    if len(text) != 2 or text[0] not in ROW_NAMES or text[1] not in "123456":
        raise InvalidCellError(f"{name!r} is not a cell: rows are A-F, columns 1-6 ('C4')")
    return ROW_NAMES.index(text[0]) * SIZE + int(text[1]) - 1


def cell_name(cell: int) -> str:
    """The name of ``cell`` (0–35): ``0`` -> ``"A1"``."""
    if not 0 <= cell < CELLS:
        raise InvalidCellError(f"cell {cell} is not 0 to {CELLS - 1}")
    return f"{ROW_NAMES[cell // SIZE]}{cell % SIZE + 1}"


#: The cells of each row, left to right.
ROW_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(row * SIZE, row * SIZE + SIZE)) for row in range(SIZE)
)
#: The cells of each column, top to bottom.
COLUMN_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(column, CELLS, SIZE)) for column in range(SIZE)
)
#: Every line: the six rows (lines 0–5), then the six columns (lines 6–11).
LINE_CELLS: tuple[tuple[int, ...], ...] = ROW_CELLS + COLUMN_CELLS


def lines_through(cell: int) -> tuple[int, int]:
    """The row and the column (as lines of :data:`LINE_CELLS`) through ``cell``."""
    return row_of(cell), SIZE + column_of(cell)


def line_name(line: int) -> str:
    """A line's name: its row letter (``"C"``) or its column number (``"4"``)."""
    return ROW_NAMES[line] if line < SIZE else str(line - SIZE + 1)


def _ray(cell: int, d_row: int, d_column: int) -> tuple[int, ...]:
    row, column = row_of(cell) + d_row, column_of(cell) + d_column
    cells = []
    while 0 <= row < SIZE and 0 <= column < SIZE:
        cells.append(row * SIZE + column)
        row, column = row + d_row, column + d_column
    return tuple(cells)


#: For each cell, the cells of its four directions (up, down, left, right), nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(cell, d_row, d_column) for d_row, d_column in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    for cell in range(CELLS)
)


@dataclass(frozen=True, slots=True)
class Grid:
    """The 36 cells as die codes in reading order (see the module). Built with
    :meth:`from_rows`, :meth:`empty` or :meth:`from_codes`, which check it."""

    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        cells = self.cells
        if (
            not isinstance(cells, tuple)
            or len(cells) != CELLS
            or any(type(code) is not int or not 0 <= code <= 12 for code in cells)
        ):
            raise InvalidGridError(f"a grid is {CELLS} die codes from 0 to 12")
        for line in LINE_CELLS:
            faces = [face_of(cells[cell]) for cell in line if cells[cell]]
            if len(set(faces)) != len(faces):
                shown = ", ".join(cell_name(cell) for cell in line if cells[cell])
                raise InvalidGridError(f"a face is twice in the line of {shown}")

    @classmethod
    def empty(cls) -> Grid:
        """The grid of a game's start."""
        return _EMPTY_GRID

    @classmethod
    def from_codes(cls, codes: Iterable[int]) -> Grid:
        """The grid of these 36 die codes, checked."""
        return cls(tuple(codes))

    @classmethod
    def from_rows(cls, rows: Sequence[str]) -> Grid:
        """The grid the text ``rows`` describes (see the module), or :class:`InvalidGridError`."""
        if isinstance(rows, str) or not isinstance(rows, Sequence) or len(rows) != SIZE:
            raise InvalidGridError(f"a grid is a list of {SIZE} rows of {SIZE} characters")
        codes: list[int] = []
        for number, row in enumerate(rows):
            if not isinstance(row, str) or len(row) != SIZE:
                raise InvalidGridError(
                    f"row {ROW_NAMES[number]} must be {SIZE} characters (got {row!r})"
                )
            for char in row:
                if char == ".":
                    codes.append(EMPTY)
                elif char in "123456":
                    codes.append(die_code(int(char), 0))
                elif char in _SEAT_1_FACES:
                    codes.append(die_code(_SEAT_1_FACES.index(char) + 1, 1))
                else:
                    raise InvalidGridError(
                        f"row {ROW_NAMES[number]}: {char!r} is not '.', 1-6 (player 0) "
                        "or a-f (player 1)"
                    )
        return cls(tuple(codes))

    def rows(self) -> list[str]:
        """The grid as text (see the module): :meth:`from_rows` reads it back."""
        chars = [_char(code) for code in self.cells]
        return ["".join(chars[row * SIZE : row * SIZE + SIZE]) for row in range(SIZE)]

    def die(self, cell: int) -> Die | None:
        """The die on ``cell``, or ``None`` when it is empty."""
        code = self.cells[cell]
        return None if code == EMPTY else Die(face_of(code), owner_of(code))

    def dice(self) -> int:
        """How many dice are on the grid."""
        return sum(1 for code in self.cells if code)

    def free(self) -> list[int]:
        """The empty cells, in reading order."""
        return [cell for cell, code in enumerate(self.cells) if code == EMPTY]


def _char(code: int) -> str:
    if code == EMPTY:
        return "."
    face = face_of(code)
    return str(face) if owner_of(code) == 0 else _SEAT_1_FACES[face - 1]


_EMPTY_GRID = Grid((EMPTY,) * CELLS)
