"""Board layouts as data: size, premium squares and the start square.

Rows are lettered ``A``... from the top, columns numbered ``1``... from the left; internally both
are 0-based and a square is also addressed by its flat index ``row * size + col``.

>>> STANDARD.premium(7, 7), STANDARD.premium(0, 0), STANDARD.start
(<Premium.DW: 'D'>, <Premium.TW: 'T'>, (7, 7))
>>> STANDARD.premium_at("H4")
<Premium.DL: 'd'>
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum

from arbitre.rules.coordinates import MAX_SIZE, parse_square
from arbitre.rules.errors import InvalidBoardError

__all__ = ["STANDARD", "BoardLayout", "Premium"]


class Premium(Enum):
    """A square's premium; the value is its symbol in a layout text map."""

    NONE = "."
    DL = "d"
    TL = "t"
    DW = "D"
    TW = "T"

    @property
    def letter_multiplier(self) -> int:
        """Factor applied to a new tile's value on this square."""
        return _LETTER_MULTIPLIERS[self]

    @property
    def word_multiplier(self) -> int:
        """Factor applied to every word that a new tile on this square is part of."""
        return _WORD_MULTIPLIERS[self]


_LETTER_MULTIPLIERS = {Premium.NONE: 1, Premium.DL: 2, Premium.TL: 3, Premium.DW: 1, Premium.TW: 1}
_WORD_MULTIPLIERS = {Premium.NONE: 1, Premium.DL: 1, Premium.TL: 1, Premium.DW: 2, Premium.TW: 3}
#: In a text map, ``*`` marks the start square, which carries a double word premium.
_START_SYMBOL = "*"


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """A square board of ``size`` x ``size`` squares with its premiums and start square.

    ``premiums`` is the grid, one tuple per row, top to bottom. ``letter_multipliers`` and
    ``word_multipliers`` are the same grid flattened (index ``row * size + col``) as plain ints,
    for scoring loops.
    """

    name: str
    size: int
    premiums: tuple[tuple[Premium, ...], ...]
    start: tuple[int, int]
    letter_multipliers: tuple[int, ...] = field(init=False, repr=False, compare=False)
    word_multipliers: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        size = self.size
        if not isinstance(size, int) or not 2 <= size <= MAX_SIZE:
            raise InvalidBoardError(f"layout {self.name!r}: size {size!r} must be 2 to {MAX_SIZE}")
        if len(self.premiums) != size or any(len(row) != size for row in self.premiums):
            raise InvalidBoardError(f"layout {self.name!r}: premiums must be {size}x{size}")
        row, col = self.start
        if not (0 <= row < size and 0 <= col < size):
            raise InvalidBoardError(f"layout {self.name!r}: start {self.start} is off the board")
        flat = [premium for line in self.premiums for premium in line]
        object.__setattr__(
            self, "letter_multipliers", tuple(premium.letter_multiplier for premium in flat)
        )
        object.__setattr__(
            self, "word_multipliers", tuple(premium.word_multiplier for premium in flat)
        )

    def premium(self, row: int, col: int) -> Premium:
        """The premium of a square (0-based row and column)."""
        return self.premiums[row][col]

    def premium_at(self, square: str) -> Premium:
        """The premium of a square written like ``"H8"`` (row letter, column number)."""
        row, col = parse_square(square, self.size)
        return self.premiums[row][col]

    @classmethod
    def from_text(cls, name: str, text: str, start: tuple[int, int] | None = None) -> BoardLayout:
        """Read a layout from a text map, one line per row, one symbol per square.

        Symbols: ``.`` none, ``d`` double letter, ``t`` triple letter, ``D`` double word,
        ``T`` triple word, ``*`` the start square (a double word). Blank lines and surrounding
        spaces are ignored. Without ``*`` and without ``start``, the start is the centre.

        >>> BoardLayout.from_text("tiny", "T.T\\n.*.\\nT.T").premium(0, 2)
        <Premium.TW: 'T'>
        """
        lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
        size = len(lines)
        symbols = {premium.value: premium for premium in Premium}
        grid: list[tuple[Premium, ...]] = []
        marked: tuple[int, int] | None = None
        for r, line in enumerate(lines):
            if len(line) != size:
                raise InvalidBoardError(
                    f"layout {name!r}: row {r + 1} has {len(line)} squares, expected {size}"
                )
            row: list[Premium] = []
            for c, symbol in enumerate(line):
                if symbol == _START_SYMBOL:
                    if marked is not None:
                        raise InvalidBoardError(f"layout {name!r}: more than one start square")
                    marked = (r, c)
                    row.append(Premium.DW)
                elif symbol in symbols:
                    row.append(symbols[symbol])
                else:
                    raise InvalidBoardError(
                        f"layout {name!r}: unknown symbol {symbol!r} at row {r + 1}, column {c + 1}"
                    )
            grid.append(tuple(row))
        if start is None:
            start = marked if marked is not None else (size // 2, size // 2)
        return cls(name, size, tuple(grid), start)

    def to_text(self) -> str:
        """The text map of the layout (:meth:`from_text` reads it back)."""
        lines = []
        for r, row in enumerate(self.premiums):
            symbols = [premium.value for premium in row]
            if r == self.start[0] and row[self.start[1]] is Premium.DW:
                symbols[self.start[1]] = _START_SYMBOL
            lines.append("".join(symbols))
        return "\n".join(lines)

    def transposed(self) -> BoardLayout:
        """The layout mirrored along its main diagonal (rows become columns)."""
        grid = tuple(zip(*self.premiums, strict=True))
        return BoardLayout(self.name, self.size, grid, (self.start[1], self.start[0]))

    def counts(self) -> Counter[Premium]:
        """How many squares carry each premium."""
        return Counter(premium for row in self.premiums for premium in row)


_STANDARD_MAP = """
    T..d...T...d..T
    .D...t...t...D.
    ..D...d.d...D..
    d..D...d...D..d
    ....D.....D....
    .t...t...t...t.
    ..d...d.d...d..
    T..d...*...d..T
    ..d...d.d...d..
    .t...t...t...t.
    ....D.....D....
    d..D...d...D..d
    ..D...d.d...D..
    .D...t...t...D.
    T..d...T...d..T
"""

#: The standard 15x15 board; the start square is the centre, H8.
STANDARD = BoardLayout.from_text("standard", _STANDARD_MAP)
