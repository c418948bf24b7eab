"""Moves: a position and the whole word, in FISF notation both ways.

The word is written whole, board letters included. In :attr:`Move.word` letters are uppercase
``A``–``Z`` and a blank is the lowercase letter it stands for. On input a blank may also be
written in parentheses, several letters at once (``C(HA)CUNE``), and accented letters are
folded (``É`` -> ``E``, ``Œ`` -> ``OE``) keeping their case.

>>> move = Move.from_notation("H4 C(H)ACUNE")
>>> move.word, move.notation()
('ChACUNE', 'H4 ChACUNE')
>>> Move.from_notation("8a", "évitée").notation()
'8A evitee'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from string import ascii_letters, ascii_lowercase, ascii_uppercase
from typing import TYPE_CHECKING

from arbitre.rules.alphabet import fold_letters
from arbitre.rules.coordinates import DEFAULT_SIZE, Position, square_notation
from arbitre.rules.errors import IllegalMoveError, InvalidNotationError

if TYPE_CHECKING:
    from arbitre.rules.board import Board

__all__ = ["Move", "parse_word"]

_LETTERS = frozenset(ascii_letters)
_UPPER = frozenset(ascii_uppercase)
_LOWER = frozenset(ascii_lowercase)


def parse_word(text: str) -> str:
    """Parse a written word into :attr:`Move.word` form (uppercase, blanks lowercase).

    A blank is a lowercase letter or uppercase letters in parentheses. Raises
    :class:`InvalidNotationError` for an empty word, any character that is not a letter or a
    parenthesis, and unbalanced, nested or empty parentheses or a lowercase letter inside them.

    >>> parse_word("C(HA)CUNe")
    'ChaCUNe'
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"a word must be a string, not {text!r}")
    folded = fold_letters(text)
    out: list[str] = []
    opened = -1  # index in ``out`` where the current parenthesis opened, -1 when outside
    for char in folded:
        if char in _UPPER:
            out.append(char.lower() if opened >= 0 else char)
        elif char in _LOWER:
            if opened >= 0:
                raise InvalidNotationError(
                    f"bad word {text!r}: write blanks in parentheses in uppercase, "
                    f"{char!r} is already lowercase"
                )
            out.append(char)
        elif char == "(":
            if opened >= 0:
                raise InvalidNotationError(f"bad word {text!r}: nested parentheses")
            opened = len(out)
        elif char == ")":
            if opened < 0:
                raise InvalidNotationError(f"bad word {text!r}: ')' without '('")
            if opened == len(out):
                raise InvalidNotationError(f"bad word {text!r}: empty parentheses")
            opened = -1
        else:
            raise InvalidNotationError(
                f"bad word {text!r}: {char!r} is not a letter (blanks are lowercase or in "
                "parentheses)"
            )
    if opened >= 0:
        raise InvalidNotationError(f"bad word {text!r}: '(' is never closed")
    if not out:
        raise InvalidNotationError("empty word")
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Move:
    """A word placed at a position: ``word`` is whole, uppercase, blanks lowercase.

    Whether it fits the board, the rules and a rack is decided by
    :func:`arbitre.rules.placement.place`.
    """

    position: Position
    word: str

    def __post_init__(self) -> None:
        if not isinstance(self.position, Position):
            raise TypeError(f"Move.position must be a Position, not {self.position!r}")
        word = self.word
        if not isinstance(word, str) or not word or not _LETTERS.issuperset(word):
            raise InvalidNotationError(
                f"bad word {word!r}: letters A-Z only, lowercase for blanks "
                "(use Move.from_notation to parse other forms)"
            )

    @classmethod
    def from_notation(cls, text: str, word: str | None = None, *, size: int = DEFAULT_SIZE) -> Move:
        """Parse ``"H4 ChACUNE"`` or ``("H4", "C(H)ACUNE")`` for a ``size`` x ``size`` board.

        With a single argument the position and the word are separated by whitespace.
        """
        if not isinstance(text, str):
            raise InvalidNotationError(f"a move must be a string, not {text!r}")
        if word is None:
            parts = text.split()
            if len(parts) != 2:
                raise InvalidNotationError(
                    f"bad move {text!r}: expected a position and a word, as in 'H4 CHACUNE'"
                )
            text, word = parts
        return cls(Position.from_notation(text, size), parse_word(word))

    def notation(self) -> str:
        """FISF notation, blanks in lowercase: ``"H4 ChACUNE"``."""
        return f"{self.position.notation()} {self.word}"

    def transposed(self) -> Move:
        """The same move mirrored along the main diagonal of the board."""
        return Move(self.position.transposed(), self.word)

    def __str__(self) -> str:
        return self.notation()

    @classmethod
    def from_tiles(cls, board: Board, tiles: Iterable[tuple[int, int, str]]) -> Move:
        """The move made by putting ``tiles`` (``(row, col, letter)``, 0-based) on ``board``.

        A lowercase letter is a blank. The direction is inferred, and the word extended over the
        board tiles that touch it. A single tile goes the way that forms the longer word
        (horizontal on a tie). Raises :class:`IllegalMoveError` with reason ``no_new_tile``,
        ``out_of_bounds``, ``duplicate_square``, ``occupied``, ``not_in_line``, ``gap`` or
        ``too_short``, and :class:`InvalidNotationError` for a letter that is not ``A``-``Z``
        or ``a``-``z``. Other rules are checked by :func:`~arbitre.rules.placement.place`.
        """
        placed: dict[tuple[int, int], str] = {}
        for row, col, letter in tiles:
            if not isinstance(letter, str) or len(letter) != 1 or letter not in _LETTERS:
                raise InvalidNotationError(
                    f"bad tile {letter!r}: one letter A-Z, lowercase for a blank"
                )
            if not board.in_bounds(row, col):
                raise IllegalMoveError(
                    "out_of_bounds", f"tile {letter} at ({row}, {col}) is off the board"
                )
            where = square_notation(row, col)
            if (row, col) in placed:
                raise IllegalMoveError("duplicate_square", f"two tiles placed on {where}")
            if board[row, col]:
                raise IllegalMoveError("occupied", f"square {where} already holds a tile")
            placed[(row, col)] = letter
        if not placed:
            raise IllegalMoveError("no_new_tile", "no tile placed")

        rows = {row for row, _ in placed}
        cols = {col for _, col in placed}
        if len(placed) == 1:
            ((row, col),) = placed
            across = _extent(board, placed, row, col, True)
            down = _extent(board, placed, row, col, False)
            if across[1] - across[0] == 0 and down[1] - down[0] == 0:
                raise IllegalMoveError(
                    "too_short", f"the tile on {square_notation(row, col)} forms no word"
                )
            horizontal = across[1] - across[0] >= down[1] - down[0]
        elif len(rows) == 1:
            horizontal = True
        elif len(cols) == 1:
            horizontal = False
        else:
            raise IllegalMoveError("not_in_line", "the tiles are not on one row or one column")

        row, col = min(placed)
        lo, hi = _extent(board, placed, row, col, horizontal)
        letters: list[str] = []
        for along in range(lo, hi + 1):
            square = (row, along) if horizontal else (along, col)
            letter = placed.get(square) or board[square]
            if not letter:
                raise IllegalMoveError(
                    "gap", f"square {square_notation(*square)} between the tiles is empty"
                )
            letters.append(letter)
        start = Position(row, lo, True) if horizontal else Position(lo, col, False)
        return cls(start, "".join(letters))


def _extent(
    board: Board, placed: dict[tuple[int, int], str], row: int, col: int, horizontal: bool
) -> tuple[int, int]:
    """First and last index along the line through ``(row, col)`` of the word that the placed
    tiles form, stopping at the first empty square beyond the outermost placed tile."""

    def filled(along: int) -> bool:
        square = (row, along) if horizontal else (along, col)
        return square in placed or bool(board[square])

    if horizontal:
        alongs = [c for r, c in placed if r == row]
    else:
        alongs = [r for r, c in placed if c == col]
    lo, hi = min(alongs), max(alongs)
    while lo > 0 and filled(lo - 1):
        lo -= 1
    while hi < board.size - 1 and filled(hi + 1):
        hi += 1
    return lo, hi
