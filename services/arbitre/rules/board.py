"""The board: tiles on the squares of a :class:`~arbitre.rules.layout.BoardLayout`.

A square holds ``""`` when empty, an uppercase letter for a tile, or a lowercase letter for a
blank. In text form (:meth:`Board.from_rows` / :meth:`Board.rows`) an empty square is ``.``.

>>> board = Board.empty()
>>> board.is_empty(), board[7, 7]
(True, '')
>>> board = Board.from_rows(["." * 15] * 7 + ["...FABAcEE....."] + ["." * 15] * 7)
>>> board[7, 3], board[7, 7], board.tile_count
('F', 'c', 7)
"""

from __future__ import annotations

from collections.abc import Iterable
from string import ascii_letters
from typing import TYPE_CHECKING

from arbitre.rules.coordinates import square_notation
from arbitre.rules.errors import IllegalMoveError, InvalidBoardError
from arbitre.rules.layout import STANDARD, BoardLayout

if TYPE_CHECKING:
    from arbitre.rules.placement import Placement

__all__ = ["EMPTY", "Board"]

#: How an empty square is written in a board's text form.
EMPTY = "."
_LETTERS = frozenset(ascii_letters)


class Board:
    """A mutable grid of tiles on a layout.

    Squares are stored in one flat list, index ``row * size + col``, so that placement and
    scoring loops read them without building tuples. :attr:`cells` exposes that list for such
    loops; change the board only through its methods.
    """

    __slots__ = ("_cells", "_count", "layout", "size")

    layout: BoardLayout
    size: int
    _cells: list[str]
    _count: int

    def __init__(self, layout: BoardLayout = STANDARD) -> None:
        """An empty board on ``layout``."""
        self.layout = layout
        self.size = layout.size
        self._cells = [""] * (layout.size * layout.size)
        self._count = 0

    @classmethod
    def empty(cls, layout: BoardLayout = STANDARD) -> Board:
        """An empty board on ``layout``."""
        return cls(layout)

    @classmethod
    def from_rows(cls, rows: Iterable[str] | str, layout: BoardLayout = STANDARD) -> Board:
        """A board from its rows, top to bottom: ``.`` empty, uppercase a tile, lowercase a blank.

        ``rows`` may also be one string with the rows separated by whitespace. Raises
        :class:`InvalidBoardError`, naming the row and column, for a wrong number of rows, a row
        of the wrong length or any other character.
        """
        lines = rows.split() if isinstance(rows, str) else list(rows)
        size = layout.size
        if len(lines) != size:
            raise InvalidBoardError(f"a {size}x{size} board needs {size} rows, got {len(lines)}")
        board = cls(layout)
        cells = board._cells
        count = 0
        for r, line in enumerate(lines):
            row_name = chr(ord("A") + r)
            if not isinstance(line, str):
                raise InvalidBoardError(f"row {row_name}: expected a string, got {line!r}")
            if len(line) != size:
                raise InvalidBoardError(
                    f"row {row_name}: {len(line)} squares, expected {size}: {line!r}"
                )
            for c, char in enumerate(line):
                if char == EMPTY:
                    continue
                if char not in _LETTERS:
                    raise InvalidBoardError(
                        f"row {row_name}, column {c + 1}: unexpected character {char!r} "
                        f"(use {EMPTY!r}, A-Z or a-z for a blank)"
                    )
                cells[r * size + c] = char
                count += 1
        board._count = count
        return board

    def rows(self) -> tuple[str, ...]:
        """The text form read by :meth:`from_rows`, one string per row."""
        size, cells = self.size, self._cells
        return tuple(
            "".join(cell or EMPTY for cell in cells[start : start + size])
            for start in range(0, size * size, size)
        )

    @property
    def cells(self) -> list[str]:
        """The squares, flat and row-major (read-only by convention)."""
        return self._cells

    @property
    def tile_count(self) -> int:
        """Number of tiles on the board."""
        return self._count

    def is_empty(self) -> bool:
        """Whether no tile has been placed yet."""
        return self._count == 0

    def in_bounds(self, row: int, col: int) -> bool:
        """Whether ``(row, col)`` is a square of this board."""
        return 0 <= row < self.size and 0 <= col < self.size

    def __getitem__(self, square: tuple[int, int]) -> str:
        """The tile at ``(row, col)``: ``""`` when empty, else its letter (lowercase = blank)."""
        row, col = square
        size = self.size
        if not (0 <= row < size and 0 <= col < size):
            raise IndexError(f"square {square} is off a {size}x{size} board")
        return self._cells[row * size + col]

    def copy(self) -> Board:
        """An independent copy."""
        other = Board.__new__(Board)
        other.layout = self.layout
        other.size = self.size
        other._cells = self._cells.copy()
        other._count = self._count
        return other

    def apply(self, placement: Placement) -> None:
        """Put a placement's new tiles on the board.

        The placement must have been computed on this board (or an equal one); a new tile on an
        occupied square raises :class:`IllegalMoveError` (``occupied``) and changes nothing.
        """
        self.put(placement.new_tiles)

    def put(self, tiles: Iterable[tuple[int, int, str]]) -> None:
        """Put tiles ``(row, col, letter)`` on empty squares, all or none.

        Only the squares are checked (on the board, empty): this is not a legality check.
        """
        size, cells = self.size, self._cells
        items = []
        for row, col, letter in tiles:
            if not (0 <= row < size and 0 <= col < size):
                raise IndexError(f"square {(row, col)} is off a {size}x{size} board")
            if len(letter) != 1 or letter not in _LETTERS:
                raise InvalidBoardError(f"bad tile {letter!r} for {square_notation(row, col)}")
            index = row * size + col
            if cells[index]:
                raise IllegalMoveError(
                    "occupied", f"square {square_notation(row, col)} already holds a tile"
                )
            items.append((index, letter))
        if len({index for index, _ in items}) != len(items):
            raise IllegalMoveError("duplicate_square", "two tiles for the same square")
        for index, letter in items:
            cells[index] = letter
        self._count += len(items)

    def remove(self, squares: Iterable[tuple[int, int]]) -> None:
        """Take the tiles off these squares (a phony withdrawn in a classic game), all or none.

        Raises :class:`InvalidBoardError` if a square is empty.
        """
        size, cells = self.size, self._cells
        indexes = set()
        for row, col in squares:
            if not (0 <= row < size and 0 <= col < size):
                raise IndexError(f"square {(row, col)} is off a {size}x{size} board")
            if not cells[row * size + col]:
                raise InvalidBoardError(f"no tile to remove on {square_notation(row, col)}")
            indexes.add(row * size + col)
        for index in indexes:
            cells[index] = ""
        self._count -= len(indexes)

    def transposed(self) -> Board:
        """A new board mirrored along the main diagonal, on the transposed layout."""
        other = Board(self.layout.transposed())
        size, cells = self.size, self._cells
        other._cells = [cells[c * size + r] for r in range(size) for c in range(size)]
        other._count = self._count
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.layout == other.layout and self._cells == other._cells

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __str__(self) -> str:
        return "\n".join(self.rows())

    def __repr__(self) -> str:
        return f"Board.from_rows({list(self.rows())!r}, layout=<{self.layout.name}>)"
