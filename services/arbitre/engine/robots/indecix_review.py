"""The review of a finished Indecix match: for every die placed, how the strongest robot values
each legal cell, which one was best and how many points the placement made cost.

A placement's **value** is the expectimax robot's (:mod:`arbitre.engine.robots.indecix`): the
points it scores now minus what the opponent is expected to score in return, over the
opponent's six faces (two plies), and for the robot's :data:`~arbitre.engine.robots.indecix.
ROOT_BEAM` best cells and the cell played, one ply deeper (the opponent's reply valued by the
robot's expected best answer). So ``best`` is the expectimax robot's own choice, or the cell
played when that one values higher, and ``loss``, the best value minus the played one, is never
negative: 0 for a placement the robot would have made. Values are expected points, rounded to
two decimals. A die lost (no legal cell, the Blitz clock, an illegal drop in Master, an absent
player) is listed with its reason and no values. Pure: the match is replayed from its record
(:meth:`~arbitre.rules.kinds.indecix.kind.IndecixKind.replay`, which checks it).

>>> from arbitre.rules.kinds import kind
>>> from arbitre.rules.kinds.base import Setup, Viewer
>>> from arbitre.engine.robots.indecix import choose
>>> indecix = kind("indecix")
>>> state = indecix.new_game(indecix.configure({}), Setup("g", 3, ("ana", "bob")), None)
>>> _ = indecix.open_next(state, 0)
>>> while not state.match.over:
...     mover = state.match.seats[state.match.games[-1].current.player]
...     action = choose(indecix.view(state, Viewer(mover), 0), "greedy")
...     _ = indecix.act(state, mover, action, 0) if action else None
>>> moves = review(indecix.record(state))["games"][0]["moves"]
>>> len(moves), all(move["loss"] >= 0 for move in moves if move["placed"])
(36, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitre.engine.robots.indecix import (
    ROOT_BEAM,
    best_points,
    expected_best,
    options,
    reply_value,
)
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.indecix.dice import ROLLS
from arbitre.rules.kinds.indecix.game import IndecixGame
from arbitre.rules.kinds.indecix.grid import Grid, cell_name
from arbitre.rules.kinds.indecix.moves import play

__all__ = ["review", "values"]


def values(
    cells: tuple[int, ...], face: int, player: int, rolls_left: int, played: int | None = None
) -> dict[int, float]:
    """The values of the candidate cells for seat ``player``'s die of ``face`` on ``cells``
    with ``rolls_left`` rolls of the game after this one (see the module), all at the same
    depth: every legal cell at one or two plies (the game's last rolls); else the
    :data:`ROOT_BEAM` best at two plies and ``played``, at three. The best of them is the
    expectimax robot's choice."""
    mine = options(cells, player)[face]
    other = 1 - player
    if rolls_left == 0:
        return {cell: float(points) for points, cell in mine}
    shallow: dict[int, float] = {}
    afters: dict[int, tuple[int, tuple[int, ...]]] = {}
    for points, cell in mine:
        _, after = play(cells, cell, face, player)
        afters[cell] = (points, after)
        shallow[cell] = points - expected_best(best_points(after, other))
    if rolls_left == 1:
        return shallow
    deeper = sorted(shallow, key=lambda cell: (-shallow[cell], cell))[:ROOT_BEAM]
    if played is not None and played in shallow and played not in deeper:
        deeper.append(played)
    found: dict[int, float] = {}
    for cell in deeper:
        points, after = afters[cell]
        found[cell] = points - reply_value(after, other, player)
    return found


def _move(state: IndecixGame, roll: Any, cells: tuple[int, ...]) -> dict[str, Any]:
    """The review of one resolved ``roll`` made on ``cells``."""
    match = state.match
    common = {
        "roll": roll.number,
        "game_roll": roll.index,
        "seat": roll.player,
        "player": match.seats[roll.player],
        "face": roll.face,
    }
    if roll.placement is None:
        return {**common, "placed": False, "lost": str(roll.lost)}
    played = roll.placement.cell
    found = values(cells, roll.face, roll.player, ROLLS - roll.index, played)
    best = max(found, key=lambda cell: (found[cell], -cell))
    return {
        **common,
        "placed": True,
        "lost": None,
        "cell": cell_name(played),
        "points": roll.placement.points,
        "value": round(found[played], 2) + 0.0,
        "best": cell_name(best),
        "best_value": round(found[best], 2) + 0.0,
        "loss": round(max(0.0, found[best] - found[played]), 2) + 0.0,
        "legal_cells": len(options(cells, roll.player)[roll.face]),
    }


def review(record: Mapping[str, Any]) -> dict[str, Any]:
    """The review of the finished match ``record`` (checked by replaying it): per game, every
    roll's move (see the module), and per seat the placements that matched the robot's best
    and the points lost in all."""
    indecix: Any = kind("indecix")
    state: IndecixGame = indecix.replay(record, None)
    match = state.match
    games = []
    lost = [0.0, 0.0]
    matched = [0, 0]
    placed = [0, 0]
    for game in match.games:
        cells = Grid.empty().cells
        moves = []
        for roll in game.rolls:
            move = _move(state, roll, cells)
            moves.append(move)
            if roll.placement is not None:
                cells = roll.placement.grid.cells
                placed[roll.player] += 1
                matched[roll.player] += move["loss"] == 0
                lost[roll.player] += move["loss"]
        games.append({"number": game.number, "moves": moves})
    seats = [
        {
            "seat": seat,
            "player": player,
            "placed": placed[seat],
            "best_moves": matched[seat],
            "points_lost": round(lost[seat], 2) + 0.0,
        }
        for seat, player in enumerate(match.seats)
    ]
    return {"games": games, "seats": seats}
