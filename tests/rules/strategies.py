"""Shared by the rules tests: hypothesis strategies (positions, moves, boards, legal
placements) and a slow, obviously correct reading of the words a placement forms."""

from __future__ import annotations

from dataclasses import dataclass
from string import ascii_letters, ascii_uppercase

from hypothesis import assume
from hypothesis import strategies as st

from arbitre.rules import (
    CLASSIC,
    FRENCH,
    Board,
    IllegalMoveError,
    Move,
    Placement,
    PlayRules,
    Position,
    place,
)

SIZE = 15
upper_letters = st.sampled_from(ascii_uppercase)
#: A tile as written on the board: uppercase, or lowercase for a blank (1 in 5).
board_letters = st.tuples(upper_letters, st.integers(0, 4)).map(
    lambda pair: pair[0].lower() if pair[1] == 0 else pair[0]
)


def positions(size: int = SIZE) -> st.SearchStrategy[Position]:
    return st.builds(Position, st.integers(0, size - 1), st.integers(0, size - 1), st.booleans())


words = st.text(alphabet=ascii_letters, min_size=1, max_size=15)
moves = st.builds(Move, positions(), words)


@st.composite
def boards(draw: st.DrawFn, max_tiles: int = 70) -> Board:
    """A board with tiles scattered anywhere (placement does not need a reachable board)."""
    tiles = draw(
        st.lists(
            st.tuples(st.integers(0, SIZE * SIZE - 1), board_letters),
            max_size=max_tiles,
            unique_by=lambda item: item[0],
        )
    )
    board = Board.empty()
    board.put((index // SIZE, index % SIZE, letter) for index, letter in tiles)
    return board


@dataclass(frozen=True)
class Scenario:
    """A board and a legal move on it, with its placement under ``rules``."""

    board: Board
    move: Move
    rules: PlayRules
    placement: Placement


@st.composite
def scenarios(draw: st.DrawFn, rules: PlayRules = CLASSIC, max_tiles: int = 70) -> Scenario:
    """A board and a legal move on it: the word runs through or beside an existing tile (or the
    start square on an empty board) and is extended over the tiles touching its ends."""
    board = draw(boards(max_tiles=max_tiles))
    cells = board.cells
    occupied = [index for index, cell in enumerate(cells) if cell]
    if occupied:
        anchor = draw(st.sampled_from(occupied))
        anchor_row, anchor_col = divmod(anchor, SIZE)
        shift = draw(st.integers(-1, 1))
    else:
        anchor_row, anchor_col = board.layout.start
        shift = 0
    horizontal = draw(st.booleans())
    if horizontal:
        line, along = anchor_row + shift, anchor_col
    else:
        line, along = anchor_col + shift, anchor_row
    assume(0 <= line < SIZE)
    length = draw(st.integers(1, 8))
    first = draw(st.integers(max(0, along - length + 1), min(along, SIZE - length)))

    def square(k: int) -> int:
        return line * SIZE + k if horizontal else k * SIZE + line

    lo, hi = first, first + length - 1
    while lo > 0 and cells[square(lo - 1)]:
        lo -= 1
    while hi < SIZE - 1 and cells[square(hi + 1)]:
        hi += 1
    letters = [cells[square(k)] or draw(board_letters) for k in range(lo, hi + 1)]
    position = Position(line, lo, True) if horizontal else Position(lo, line, False)
    move = Move(position, "".join(letters))
    try:
        placement = place(board, move, FRENCH, rules)
    except IllegalMoveError:
        assume(False)
        raise
    return Scenario(board, move, rules, placement)


def reference_words(board: Board, placement: Placement) -> list[tuple[str, range]]:
    """Words formed, found by reading the board after the move, square by square."""
    after = board.copy()
    after.apply(placement)
    size = board.size
    position = placement.move.position

    def run(row: int, col: int, horizontal: bool) -> tuple[str, range]:
        dr, dc = (0, 1) if horizontal else (1, 0)
        while row - dr >= 0 and col - dc >= 0 and after[row - dr, col - dc]:
            row, col = row - dr, col - dc
        start = row * size + col
        letters = []
        while row < size and col < size and after[row, col]:
            letters.append(after[row, col])
            row, col = row + dr, col + dc
        step = 1 if horizontal else size
        return "".join(letters), range(start, start + len(letters) * step, step)

    row, col, _ = placement.new_tiles[0]
    words = [run(row, col, position.horizontal)]
    for row, col, _ in placement.new_tiles:
        cross = run(row, col, not position.horizontal)
        if len(cross[0]) >= 2:
            words.append(cross)
    return words
