"""Placement: check that a move may be played on a board and find the words it forms.

:func:`place` never changes the board; :meth:`Board.apply <arbitre.rules.board.Board.apply>`
puts the resulting :class:`Placement` on it.

Words are reported two ways: :attr:`FormedWord.letters` as the tiles read on the board after the
move (a blank, already on the board or new, in lowercase) and :attr:`FormedWord.word` in
uppercase, as looked up in a lexicon and published in results.

>>> from arbitre.rules.board import Board
>>> from arbitre.rules.move import Move
>>> from arbitre.rules.play_rules import DUPLICATE
>>> from arbitre.rules.tiles import FRENCH
>>> p = place(Board.empty(), Move.from_notation("H4 FABAcEE"), FRENCH, DUPLICATE)
>>> p.main_word.letters, p.main_word.word, len(p.new_tiles)
('FABAcEE', 'FABACEE', 7)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from arbitre.rules.board import Board
from arbitre.rules.coordinates import Position, square_notation
from arbitre.rules.errors import IllegalMoveError, UnknownLetterError
from arbitre.rules.move import Move
from arbitre.rules.play_rules import PlayRules
from arbitre.rules.rack import Rack
from arbitre.rules.tiles import BLANK, TileSet

__all__ = ["FormedWord", "Placement", "place"]


@dataclass(frozen=True, slots=True)
class FormedWord:
    """A word formed by a move: its tiles and the flat index (``row * size + col``) of the
    square under each tile. ``squares.step`` is 1 for a horizontal word, the board size for a
    vertical one."""

    letters: str
    squares: range

    @property
    def word(self) -> str:
        """The word in uppercase, blanks included: ``"CHACUNE"``."""
        return self.letters.upper()

    def position(self, size: int) -> Position:
        """Where the word starts on a ``size`` x ``size`` board, and its direction."""
        row, col = divmod(self.squares.start, size)
        return Position(row, col, self.squares.step == 1 or len(self.squares) == 1)

    def __len__(self) -> int:
        return len(self.letters)

    def __iter__(self) -> Iterator[tuple[str, int]]:
        """``(letter, square)`` pairs."""
        return zip(self.letters, self.squares, strict=True)


@dataclass(frozen=True, slots=True)
class Placement:
    """A legal move on a given board.

    ``new_tiles`` are the tiles put on the board, ``(row, col, letter)`` in word order, a
    lowercase letter being a blank; ``new_squares`` their flat indices. ``words`` are the main
    word, then each cross word of two or more letters formed through a new tile, in the order
    of the main word.
    """

    move: Move
    new_tiles: tuple[tuple[int, int, str], ...]
    new_squares: frozenset[int]
    words: tuple[FormedWord, ...]

    @property
    def main_word(self) -> FormedWord:
        """The word written in the move."""
        return self.words[0]

    @property
    def cross_words(self) -> tuple[FormedWord, ...]:
        """The other words formed, in the order of the main word."""
        return self.words[1:]

    @property
    def tile_count(self) -> int:
        """Number of tiles put on the board."""
        return len(self.new_tiles)

    @property
    def blank_count(self) -> int:
        """Number of blanks among the new tiles."""
        return sum(letter.islower() for _, _, letter in self.new_tiles)

    @property
    def rack_tiles(self) -> str:
        """The tiles taken from the rack, ``?`` for a blank, in word order: ``"CHA?UNE"``."""
        return "".join(BLANK if letter.islower() else letter for _, _, letter in self.new_tiles)


def place(
    board: Board, move: Move, tiles: TileSet, rules: PlayRules, rack: Rack | None = None
) -> Placement:
    """Check ``move`` on ``board`` and return its :class:`Placement`; the board is unchanged.

    Raises :class:`IllegalMoveError` with, in the order checked: ``out_of_bounds``,
    ``too_short``, ``mismatch`` (a written letter differs from the board tile under it;
    compared case-insensitively), ``incomplete_word`` (a tile touches an end of the word),
    ``no_new_tile``, ``too_many_tiles``; then :class:`UnknownLetterError` for a new tile that the
    tile set lacks (a lowercase letter needs blanks in the set); then ``first_move_centre`` and
    ``first_move_direction`` on an empty board, ``not_connected`` otherwise; finally
    ``not_on_rack`` when a ``rack`` is given and lacks a new tile.
    """
    size = board.size
    cells = board.cells
    position = move.position
    word = move.word
    length = len(word)
    row, col, horizontal = position.row, position.col, position.horizontal
    if horizontal:
        along, step, cross = col, 1, size
    else:
        along, step, cross = row, size, 1
    if row >= size or col >= size or along + length > size:
        raise IllegalMoveError(
            "out_of_bounds", f"{move.notation()} runs off the {size}x{size} board"
        )
    if length < 2:
        raise IllegalMoveError("too_short", f"{move.notation()}: a word has at least two letters")

    start = row * size + col
    end = start + (length - 1) * step
    under = cells[start : end + 1 : step]
    new_tiles: list[tuple[int, int, str]] = []
    new_squares: list[int] = []
    if any(under):
        final: list[str] = []
        for offset, (letter, tile) in enumerate(zip(word, under, strict=True)):
            if tile:
                if tile != letter and tile.upper() != letter.upper():
                    raise IllegalMoveError(
                        "mismatch",
                        f"{move.notation()}: {_square(start + offset * step, size)} holds "
                        f"{tile}, not {letter}",
                    )
                final.append(tile)
            else:
                final.append(letter)
                new_squares.append(start + offset * step)
                if horizontal:
                    new_tiles.append((row, col + offset, letter))
                else:
                    new_tiles.append((row + offset, col, letter))
        letters = "".join(final)
    else:
        letters = word
        new_squares = list(range(start, end + 1, step))
        if horizontal:
            new_tiles = [(row, col + offset, letter) for offset, letter in enumerate(word)]
        else:
            new_tiles = [(row + offset, col, letter) for offset, letter in enumerate(word)]

    if along > 0 and cells[start - step]:
        raise IllegalMoveError(
            "incomplete_word",
            f"{move.notation()}: the tile {cells[start - step]} on "
            f"{_square(start - step, size)} touches the start of the word",
        )
    if along + length < size and cells[end + step]:
        raise IllegalMoveError(
            "incomplete_word",
            f"{move.notation()}: the tile {cells[end + step]} on "
            f"{_square(end + step, size)} touches the end of the word",
        )
    if not new_squares:
        raise IllegalMoveError("no_new_tile", f"{move.notation()} places no new tile")
    if len(new_squares) > rules.max_tiles_played:
        raise IllegalMoveError(
            "too_many_tiles",
            f"{move.notation()} places {len(new_squares)} tiles; "
            f"the rules allow {rules.max_tiles_played}",
        )
    playable = tiles.playable
    for _, _, letter in new_tiles:
        if letter not in playable:
            kind = "blank" if letter.islower() else f"letter {letter}"
            raise UnknownLetterError(
                f"{move.notation()}: the tile set {tiles.name!r} has no {kind}"
            )

    words = [FormedWord(letters, range(start, end + 1, step))]
    if board.tile_count == 0:
        start_row, start_col = board.layout.start
        centre = start_row * size + start_col
        if centre not in words[0].squares:
            raise IllegalMoveError(
                "first_move_centre",
                f"{move.notation()}: the first move must cover "
                f"{square_notation(start_row, start_col)}",
            )
        if rules.first_move_horizontal and not horizontal:
            raise IllegalMoveError(
                "first_move_direction",
                f"{move.notation()}: the first move must be horizontal ({rules.name} rules)",
            )
    else:
        last = size * size - 1
        for index, (_, _, letter) in zip(new_squares, new_tiles, strict=True):
            if horizontal:
                low, high = 0, last
            else:
                low = index - col
                high = low + size - 1
            before = index - cross
            after = index + cross
            has_before = before >= low and cells[before]
            if not has_before and not (after <= high and cells[after]):
                continue
            first = index
            while before >= low and cells[before]:
                first = before
                before -= cross
            final_square = index
            while after <= high and cells[after]:
                final_square = after
                after += cross
            words.append(
                FormedWord(
                    "".join(cells[first:index:cross])
                    + letter
                    + "".join(cells[index + cross : final_square + 1 : cross]),
                    range(first, final_square + 1, cross),
                )
            )
        if len(words) == 1 and len(new_squares) == length:
            raise IllegalMoveError(
                "not_connected", f"{move.notation()} touches no tile already on the board"
            )

    if rack is not None:
        rack.require(letter for _, _, letter in new_tiles)
    return Placement(move, tuple(new_tiles), frozenset(new_squares), tuple(words))


def _square(index: int, size: int) -> str:
    return square_notation(*divmod(index, size))
