"""Placing a die: the legal cells, the captures, the suites and their points.

**Legal cells.** A die of face *f* may go on a free cell whose row and column hold no die of
face *f*, whoever owns it (:func:`legal_cells`, :func:`is_legal`). So the faces of a line stay
distinct, and a full line holds the faces 1 to 6.

**Captures** (:func:`captured_cells`). From the placed die, in each of the four directions, look
along the contiguous dice (up to the first empty cell or the edge). A die of that run is a
*borne* when at least one die lies between it and the placed die and every die in between has
a face strictly between the placed die's and the borne's. The **farthest** borne of each
direction counts: the dice between it and the placed die are captured (removed from the grid,
to the placer's tray); the borne and the placed die stay. Any owner's dice may be bornes or be
captured. A captured die is worth its face to the placer if it was the placer's own, twice its
face if it was the opponent's.

**Suites.** After the captures, each line through the placed die (its row, its column) that is
full is a *suite*: it scores the sum of its faces but the placed die's (21 minus its face),
doubled when all six dice are the placer's. A row and a column may both score.

The issue's examples, along a row (the placed die in column 1, or in the gap):

>>> def row(text, face, column, player=0):
...     grid = Grid.from_rows([text] + ["......"] * 5)
...     return place(grid, column - 1, face, player)
>>> [cell_name(c) for c in row(".3256.", 1, 1).captured_cells]  # the farthest borne is the 6
['A2', 'A3', 'A4']
>>> row(".425..", 3, 1).captured
()
>>> [cell_name(c) for c in row(".451..", 6, 1).captured_cells]
['A2', 'A3']
>>> row("615.23", 4, 4).suite_points, row("615.2c", 4, 4).suite_points
(34, 17)
>>> moved = row("12345.", 6, 6)
>>> [cell_name(c) for c in moved.captured_cells], moved.capture_points, moved.suites
(['A2', 'A3', 'A4', 'A5'], 14, ())

The functions on raw cells (:func:`gain`, :func:`play`, :func:`line_masks`) skip every check:
they serve the robots' searches, which call them hundreds of thousands of times.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.indecix.grid import (
    CELLS,
    EMPTY,
    LINE_CELLS,
    RAYS,
    SIZE,
    Die,
    Grid,
    cell_name,
    die_code,
    face_of,
    line_name,
    lines_through,
    owner_of,
)

__all__ = [
    "FULL_LINE_SUM",
    "IllegalPlacementError",
    "Placement",
    "Suite",
    "captured_cells",
    "gain",
    "is_legal",
    "legal_cells",
    "line_masks",
    "place",
    "play",
]

#: The faces of a full line add up to this (1 + 2 + ... + 6).
FULL_LINE_SUM = 21


class IllegalPlacementError(ArbitreError):
    """A die put where the rules do not allow it: an occupied cell (``reason`` ``occupied``) or a
    cell whose row or column holds its face (``illegal_cell``)."""

    code = "illegal_cell"

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Suite:
    """A full line completed by a placement: the ``line`` (its name: a row letter or a column
    number), its ``points``, and whether all six dice were the placer's (``pure``: doubled)."""

    line: str
    points: int
    pure: bool


@dataclass(frozen=True, slots=True)
class Placement:
    """A die of ``face`` put on ``cell`` by seat ``player``: the dice it ``captured`` (cell and
    die, in reading order) and their points, the ``suites`` it completed and theirs, and the
    ``grid`` after it."""

    cell: int
    face: int
    player: int
    captured: tuple[tuple[int, Die], ...]
    capture_points: int
    suites: tuple[Suite, ...]
    grid: Grid

    @property
    def captured_cells(self) -> list[int]:
        return [cell for cell, _ in self.captured]

    @property
    def suite_points(self) -> int:
        return sum(suite.points for suite in self.suites)

    @property
    def points(self) -> int:
        """What the placement scores: its captures and its suites."""
        return self.capture_points + self.suite_points


def line_masks(cells: tuple[int, ...]) -> list[int]:
    """For each line of :data:`~arbitre.rules.kinds.indecix.grid.LINE_CELLS` (rows, then
    columns), the faces it holds as bits (bit *f* for face *f*)."""
    masks = [0] * (2 * SIZE)
    for cell, code in enumerate(cells):
        if code:
            bit = 1 << ((code - 1) % 6 + 1)
            masks[cell // SIZE] |= bit
            masks[SIZE + cell % SIZE] |= bit
    return masks


def is_legal(grid: Grid, cell: int, face: int) -> bool:
    """Whether a die of ``face`` may go on ``cell``: free, and no die of ``face`` in its row or
    column."""
    cells = grid.cells
    if cells[cell] != EMPTY:
        return False
    masks = line_masks(cells)
    return not (masks[cell // SIZE] | masks[SIZE + cell % SIZE]) & (1 << face)


def legal_cells(grid: Grid, face: int) -> list[int]:
    """Every cell a die of ``face`` may go on, in reading order (empty: the die goes unplayed)."""
    return _legal(grid.cells, face)


def _legal(cells: tuple[int, ...], face: int) -> list[int]:
    masks = line_masks(cells)
    bit = 1 << face
    return [
        cell
        for cell in range(CELLS)
        if not cells[cell] and not (masks[cell // SIZE] | masks[SIZE + cell % SIZE]) & bit
    ]


def _run(cells: tuple[int, ...], ray: tuple[int, ...], face: int) -> int:
    """How many dice of ``ray`` (nearest first) a die of ``face`` captures: those before the
    farthest borne (0: none)."""
    low, high, taken = 7, 0, 0
    for place_, cell in enumerate(ray):
        code = cells[cell]
        if not code:
            break
        other = (code - 1) % 6 + 1
        if place_ and (
            (other > face and low > face and high < other)
            or (other < face and high < face and low > other)
        ):
            taken = place_
        low = min(low, other)
        high = max(high, other)
        if low < face < high:  # dice on both sides of the face between: no borne further on
            break
    return taken


def captured_cells(grid: Grid, cell: int, face: int) -> list[int]:
    """The cells whose dice a die of ``face`` put on ``cell`` captures, in reading order."""
    cells = grid.cells
    taken: list[int] = []
    for ray in RAYS[cell]:
        taken.extend(ray[: _run(cells, ray, face)])
    return sorted(taken)


def place(grid: Grid, cell: int, face: int, player: int) -> Placement:
    """Seat ``player``'s die of ``face`` put on ``cell`` of ``grid``, or
    :class:`IllegalPlacementError` for an occupied cell or one the face rule forbids."""
    cells = grid.cells
    if cells[cell] != EMPTY:
        raise IllegalPlacementError("occupied", f"{cell_name(cell)} is occupied")
    if not is_legal(grid, cell, face):
        raise IllegalPlacementError(
            "illegal_cell", f"a {face} is already in the row or the column of {cell_name(cell)}"
        )
    after = list(cells)
    after[cell] = die_code(face, player)
    captured: list[tuple[int, Die]] = []
    capture_points = 0
    for taken in captured_cells(grid, cell, face):
        code = cells[taken]
        die = Die(face_of(code), owner_of(code))
        captured.append((taken, die))
        capture_points += die.face if die.owner == player else 2 * die.face
        after[taken] = EMPTY
    suites = []
    for line in lines_through(cell):
        codes = [after[other] for other in LINE_CELLS[line]]
        if all(codes):
            pure = all(owner_of(code) == player for code in codes)
            points = (FULL_LINE_SUM - face) * (2 if pure else 1)
            suites.append(Suite(line_name(line), points, pure))
    return Placement(
        cell=cell,
        face=face,
        player=player,
        captured=tuple(captured),
        capture_points=capture_points,
        suites=tuple(suites),
        grid=Grid(tuple(after)),
    )


def gain(cells: tuple[int, ...], cell: int, face: int, player: int) -> int:
    """The points of :func:`place` without its checks or its new grid: ``cell`` must be legal
    for ``face``."""
    return _scored(cells, cell, face, player, None)


def play(cells: tuple[int, ...], cell: int, face: int, player: int) -> tuple[int, tuple[int, ...]]:
    """:func:`gain` and the cells after the placement, unchecked (for searches)."""
    after = list(cells)
    points = _scored(cells, cell, face, player, after)
    return points, tuple(after)


def _scored(
    cells: tuple[int, ...], cell: int, face: int, player: int, after: list[int] | None
) -> int:
    """The points of seat ``player``'s ``face`` on ``cell``; when ``after`` (a copy of
    ``cells``) is given, the placement is made in it."""
    mine = player == 1
    points = 0
    across = [0, 0]  # dice captured along the column (up, down), along the row (left, right)
    for direction, ray in enumerate(RAYS[cell]):
        taken = _run(cells, ray, face)
        if not taken:
            continue
        across[direction >> 1] += taken
        for other in ray[:taken]:
            code = cells[other]
            points += ((code - 1) % 6 + 1) * (1 if (code > 6) == mine else 2)
            if after is not None:
                after[other] = EMPTY
    if after is not None:
        after[cell] = face + 6 * player
    for line, broken in ((cell // SIZE, across[1]), (SIZE + cell % SIZE, across[0])):
        if broken:
            continue  # a capture along the line leaves a gap in it
        pure = True
        for other in LINE_CELLS[line]:
            if other == cell:
                continue
            code = cells[other]
            if not code:
                break
            if (code > 6) != mine:
                pure = False
        else:
            points += (FULL_LINE_SUM - face) * (2 if pure else 1)
    return points
