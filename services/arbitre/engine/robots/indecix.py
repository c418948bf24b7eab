"""Indecix robots: where a robot of each level puts the die it rolled.

A robot plays through the same path as people: it is given only its own view of the game
(:meth:`arbitre.rules.kinds.base.Kind.view` for its player id: the grid, the open roll's face
and number, its seat; it reads no aid) and answers the same action as a person,
``{"cell": "C4", "roll": n}``. It never sees the seed or a die still to roll: the opponent's
next die is, to it, any face from 1 to 6 with the same chance. What it answers is a pure
function of its view and level (ties go to the first cell in reading order), so any replica
asking again gets the same placement.

The levels (:class:`IndecixLevel`), weakest first, each valuing a placement by the points it
scores minus what the opponent is expected to score in return:

- **greedy**: the most points now (captures and suites), nothing else.
- **prudent**: two plies of expectimax: the points now minus the opponent's expected best
  points on their next roll (each face 1 to 6 equally likely; a face with no legal cell is a
  point for the robot), over every legal cell.
- **expectimax**: three plies: the prudent value of every legal cell, then, for the
  :data:`ROOT_BEAM` best of them, the opponent's reply to each face valued in turn by the
  robot's expected best answer on its own next roll (over the opponent's :data:`REPLY_BEAM`
  best immediate replies to that face). The plies stop at the game's last roll.

Their strengths and times are measured by ``benchmarks/bench_indecix_robots.py``. On the
session a robot is seated with the level every kind shares
(:class:`~arbitre.engine.robots.duplicate.RobotLevel`): ``debutant`` plays greedy, ``confirme``
prudent and ``expert`` expectimax (:data:`SESSION_LEVELS`).

How it is fast: the search works on the grid's raw die codes
(:func:`arbitre.rules.kinds.indecix.moves.play`, the rules' own, makes each placement), and
:func:`options` and :func:`best_points` value every legal cell for the six faces at once: the
contiguous dice around a cell are read once, and a cell with no direction starting with two
dice and no line missing only it scores 0 whatever the face. The tests check them against the
rules' :func:`~arbitre.rules.kinds.indecix.moves.place`.

>>> view = {"grid": ["1234..", "......", "......", "......", "......", "......"],
...         "current": {"roll": 5, "game_roll": 5, "face": 6, "seat": 0},
...         "you": {"seat": 0, "to_play": True}}
>>> choose(view, "greedy")  # a 6 on A5 captures 4 3 2 (the 1 is the borne)
{'cell': 'A5', 'roll': 5}
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.engine.robots.planner import Plan
from arbitre.rules.kinds.indecix.dice import ROLLS
from arbitre.rules.kinds.indecix.grid import (
    CELLS,
    FACES,
    LINE_CELLS,
    RAYS,
    SIZE,
    Grid,
    cell_name,
)
from arbitre.rules.kinds.indecix.moves import FULL_LINE_SUM, play

__all__ = [
    "REPLY_BEAM",
    "ROOT_BEAM",
    "SESSION_LEVELS",
    "IndecixLevel",
    "best_cell",
    "best_points",
    "choose",
    "expected_best",
    "level_of",
    "options",
    "plan",
    "reply_value",
]

#: How many of its best two-ply placements the expectimax robot searches a ply deeper.
ROOT_BEAM = 6
#: How many of the opponent's best immediate replies to a face it weighs at the third ply.
REPLY_BEAM = 3
#: A robot places its die this long after the roll at least, and at most this much more.
THINK_MS = 700
THINK_SPREAD_MS = 900
#: In Blitz, a robot places its die at least this long before the deadline.
BLITZ_MARGIN_MS = 2_000


class IndecixLevel(StrEnum):
    """A robot's level (see the module)."""

    GREEDY = "greedy"
    PRUDENT = "prudent"
    EXPECTIMAX = "expectimax"


#: The levels every kind's robots share on the session, as this kind's.
SESSION_LEVELS: Mapping[str, IndecixLevel] = {
    RobotLevel.DEBUTANT.value: IndecixLevel.GREEDY,
    RobotLevel.CONFIRME.value: IndecixLevel.PRUDENT,
    RobotLevel.EXPERT.value: IndecixLevel.EXPECTIMAX,
}


def level_of(level: str) -> IndecixLevel:
    """The Indecix level named ``level``: one of :class:`IndecixLevel`, or of the session's
    shared levels (:data:`SESSION_LEVELS`); a ``ValueError`` for another name.

    >>> level_of("expert"), level_of("greedy")
    (<IndecixLevel.EXPECTIMAX: 'expectimax'>, <IndecixLevel.GREEDY: 'greedy'>)
    """
    found = SESSION_LEVELS.get(level)
    return found if found is not None else IndecixLevel(level)


#: Options by face (index 1 to 6; 0 unused): each legal cell's (points, cell).
Options = list[list[tuple[int, int]]]

#: The faces a cell may take, by the faces its row and column hold (as bits 1 to 6).
_ALLOWED: tuple[tuple[int, ...], ...] = tuple(
    tuple(face for face in FACES if not mask >> face & 1) for mask in range(128)
)
#: For each cell, the first two cells of each direction that has two: a capture needs both.
_PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((ray[0], ray[1]) for ray in RAYS[cell] if len(ray) >= 2) for cell in range(CELLS)
)


def _lines(cells: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Each line's faces as bits and its number of dice (rows, then columns)."""
    masks = [0] * (2 * SIZE)
    counts = [0] * (2 * SIZE)
    for cell, code in enumerate(cells):
        if code:
            bit = 1 << ((code - 1) % 6 + 1)
            row, column = cell // SIZE, SIZE + cell % SIZE
            masks[row] |= bit
            masks[column] |= bit
            counts[row] += 1
            counts[column] += 1
    return masks, counts


def _quiet(cells: tuple[int, ...], cell: int) -> bool:
    """Whether no direction from ``cell`` starts with two dice (so nothing can be captured)."""
    for first, second in _PAIRS[cell]:  # noqa: SIM110 - a loop is faster than all() here
        if cells[first] and cells[second]:
            return False
    return True


def options(cells: tuple[int, ...], player: int) -> Options:
    """Every legal placement of seat ``player`` on the grid of die codes ``cells``, by face:
    ``result[face]`` lists ``(points, cell)`` in reading order (empty: that face is a pass)."""
    masks, counts = _lines(cells)
    found: Options = [[] for _ in range(7)]
    for cell in range(CELLS):
        if cells[cell]:
            continue
        row, column = cell // SIZE, SIZE + cell % SIZE
        allowed = _ALLOWED[masks[row] | masks[column]]
        if not allowed:
            continue
        full_row, full_column = counts[row] == SIZE - 1, counts[column] == SIZE - 1
        if not full_row and not full_column and _quiet(cells, cell):
            for face in allowed:
                found[face].append((0, cell))
            continue
        for face, points in _faces(cells, cell, player, allowed, full_row, full_column):
            found[face].append((points, cell))
    return found


def best_points(cells: tuple[int, ...], player: int) -> list[int]:
    """For each face (index 1 to 6; 0 unused), the most points seat ``player`` scores with it
    on ``cells``, or -1 when it has no legal cell (a pass: a point to the other)."""
    masks, counts = _lines(cells)
    best = [-1] * 7
    for cell in range(CELLS):
        if cells[cell]:
            continue
        row, column = cell // SIZE, SIZE + cell % SIZE
        allowed = _ALLOWED[masks[row] | masks[column]]
        if not allowed:
            continue
        full_row, full_column = counts[row] == SIZE - 1, counts[column] == SIZE - 1
        if not full_row and not full_column and _quiet(cells, cell):
            for face in allowed:
                if best[face] < 0:
                    best[face] = 0
            continue
        for face, points in _faces(cells, cell, player, allowed, full_row, full_column):
            if points > best[face]:
                best[face] = points
    return best


def _faces(
    cells: tuple[int, ...],
    cell: int,
    player: int,
    allowed: tuple[int, ...],
    full_row: bool,
    full_column: bool,
) -> list[tuple[int, int]]:
    """The points of each ``allowed`` face on ``cell``: the contiguous dice around it are read
    once for all of them."""
    mine = player == 1
    active = []  # (direction, faces of its contiguous dice, worth of capturing the first k)
    for direction, ray in enumerate(RAYS[cell]):
        if len(ray) < 2 or not cells[ray[0]] or not cells[ray[1]]:
            continue  # a capture needs a die between and a borne
        run: list[int] = []
        worth = [0]
        for other in ray:
            code = cells[other]
            if not code:
                break
            face = (code - 1) % 6 + 1
            run.append(face)
            worth.append(worth[-1] + (face if (code > 6) == mine else 2 * face))
        active.append((direction, run, worth))
    pure_row = full_row and _pure(cells, LINE_CELLS[cell // SIZE], cell, mine)
    pure_column = full_column and _pure(cells, LINE_CELLS[SIZE + cell % SIZE], cell, mine)
    scored = []
    for face in allowed:
        points = 0
        across_column = across_row = False  # a capture along the column, along the row
        for direction, run, worth in active:
            count = _taken(run, face)
            if count:
                points += worth[count]
                if direction < 2:
                    across_column = True
                else:
                    across_row = True
        if full_row and not across_row:
            points += (FULL_LINE_SUM - face) * (2 if pure_row else 1)
        if full_column and not across_column:
            points += (FULL_LINE_SUM - face) * (2 if pure_column else 1)
        scored.append((face, points))
    return scored


def _pure(cells: tuple[int, ...], line: tuple[int, ...], cell: int, mine: bool) -> bool:
    """Whether every die of ``line`` but on ``cell`` is the placer's."""
    return all((cells[other] > 6) == mine for other in line if other != cell)


def _taken(run: list[int], face: int) -> int:
    """How many dice of ``run`` (faces, nearest first) a die of ``face`` captures."""
    low, high, taken = 7, 0, 0
    for place, other in enumerate(run):
        if place and (
            (other > face and low > face and high < other)
            or (other < face and high < face and low > other)
        ):
            taken = place
        if other < low:
            low = other
        if other > high:
            high = other
        if low < face < high:
            break
    return taken


def expected_best(best: list[int]) -> float:
    """The expected value of :func:`best_points` over the six faces."""
    return (best[1] + best[2] + best[3] + best[4] + best[5] + best[6]) / 6


def best_cell(
    cells: tuple[int, ...], face: int, player: int, level: IndecixLevel, rolls_left: int
) -> int | None:
    """Where seat ``player``'s robot of ``level`` puts a die of ``face`` on ``cells``, with
    ``rolls_left`` rolls of the game after this one (``None``: no legal cell)."""
    mine = options(cells, player)[face]
    if not mine:
        return None
    if level is IndecixLevel.GREEDY or rolls_left == 0:
        return max(mine, key=lambda option: option[0])[1]
    other = 1 - player
    scored: list[tuple[float, int, tuple[int, ...], int]] = []
    for points, cell in mine:
        _, after = play(cells, cell, face, player)
        scored.append((points - expected_best(best_points(after, other)), cell, after, points))
    best = max(scored, key=lambda item: item[0])
    if level is IndecixLevel.PRUDENT or rolls_left == 1:
        return best[1]
    ranked = sorted(scored, key=lambda item: (-item[0], item[1]))[:ROOT_BEAM]
    deeper = [
        (points - reply_value(after, other, player), cell) for _, cell, after, points in ranked
    ]
    return max(deeper, key=lambda item: (item[0], -item[1]))[1]


def reply_value(cells: tuple[int, ...], mover: int, answerer: int) -> float:
    """``mover``'s expected value over their six faces on ``cells``: their best of the
    :data:`REPLY_BEAM` best immediate replies, each valued by its points minus ``answerer``'s
    expected best points after it (a pass: -1 and ``answerer`` answers on ``cells``)."""
    found = options(cells, mover)
    total = 0.0
    for face in FACES:
        listed = found[face]
        if not listed:
            total += -1 - expected_best(best_points(cells, answerer))
            continue
        replies = sorted(listed, key=lambda option: (-option[0], option[1]))[:REPLY_BEAM]
        best = None
        for points, cell in replies:
            _, after = play(cells, cell, face, mover)
            value = points - expected_best(best_points(after, answerer))
            if best is None or value > best:
                best = value
        assert best is not None
        total += best
    return total / 6


def choose(view: Mapping[str, Any], level: str) -> dict[str, Any] | None:
    """The placement a robot of ``level`` (:func:`level_of`) makes from its own ``view`` (the
    dict :meth:`~arbitre.rules.kinds.indecix.kind.IndecixKind.view` gives its player), or
    ``None`` when it has no die to place."""
    you, current = view.get("you"), view.get("current")
    if not isinstance(you, Mapping) or not isinstance(current, Mapping):
        return None
    seat = you.get("seat")
    if not you.get("to_play", True) or current.get("seat") != seat or not isinstance(seat, int):
        return None
    cells = Grid.from_rows(view["grid"]).cells
    face, index = int(current["face"]), int(current["game_roll"])
    cell = best_cell(cells, face, seat, level_of(level), ROLLS - index)
    if cell is None:
        return None
    return {"cell": cell_name(cell), "roll": int(current["roll"])}


def plan(view: Mapping[str, Any], level: str, seed: int, tools: object) -> Plan | None:
    """A seated robot's next placement from its own view (a
    :data:`~arbitre.engine.robots.planner.Planner`): ``None`` unless it has a die to place;
    else :func:`choose`'s placement, made a moment after the roll (drawn from ``seed`` and the
    roll; in Blitz, well before the deadline)."""
    action = choose(view, level)
    if action is None:
        return None
    current = view["current"]
    digest = hashlib.sha256(f"indecix-robot:{seed}:{action['roll']}".encode()).digest()
    at_ms = int(current["rolled_at"]) + THINK_MS + int.from_bytes(digest[:4]) % THINK_SPREAD_MS
    deadline = current.get("deadline_at")
    if isinstance(deadline, int):
        at_ms = max(int(current["rolled_at"]), min(at_ms, deadline - BLITZ_MARGIN_MS))
    return Plan(action, at_ms)
