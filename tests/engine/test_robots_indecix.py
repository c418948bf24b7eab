"""Indecix robots: their options agree with the rules, they play legal placements only, from
their own view alone (no aid, no die to come), deterministically and in time; the deeper
levels beat the greedy one. Their strength and speed are measured by
benchmarks/bench_indecix_robots.py, not asserted here beyond that."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.engine.robots.indecix import (
    BLITZ_MARGIN_MS,
    THINK_MS,
    THINK_SPREAD_MS,
    IndecixLevel,
    best_cell,
    choose,
    options,
    plan,
)
from arbitre.rules.kinds.base import Setup, Stage, Viewer
from arbitre.rules.kinds.indecix import INDECIX, IndecixGame, moves
from arbitre.rules.kinds.indecix.game import Secrets
from arbitre.rules.kinds.indecix.grid import Grid, cell_name

LEVELS = [level.value for level in IndecixLevel]


def new_game(seed: int, **config: object) -> IndecixGame:
    state = INDECIX.new_game(INDECIX.configure(config), Setup("g", seed, ("p0", "p1")), None)
    INDECIX.open_next(state, 0)
    return state


def robot_view(state: IndecixGame) -> dict[str, object]:
    """The view of the player whose die is open."""
    roll = state.match.current
    assert roll is not None
    return INDECIX.view(state, Viewer(state.match.seats[roll.player]), roll.rolled_ms)


def match(seed: int, levels: Sequence[str], **config: object) -> dict[str, int]:
    """A game between robots of ``levels`` (seat 0 first): each player's total."""
    state = new_game(seed, **config)
    while state.match.current is not None:
        roll = state.match.current
        action = choose(robot_view(state), levels[roll.player])
        assert action is not None  # a die with no legal cell is never left open
        INDECIX.act(state, state.match.seats[roll.player], action, 0)  # refused if illegal
    assert state.match.stage is Stage.OVER
    return {line.player: line.total for line in INDECIX.standings(state)}


def duel(first: str, second: str, seeds: range) -> tuple[int, int, int]:
    """``first`` against ``second`` on each seed, once in each seat: (wins, losses, points
    ahead)."""
    wins = losses = ahead = 0
    for seed in seeds:
        for seats in ((first, second), (second, first)):
            totals = match(seed, seats)
            mine, theirs = (totals["p0"], totals["p1"])
            if seats[0] != first:
                mine, theirs = theirs, mine
            wins += mine > theirs
            losses += mine < theirs
            ahead += mine - theirs
    return wins, losses, ahead


# -- the search agrees with the rules ----------------------------------------------------------


def positions(seed: int, moves_made: int) -> Grid:
    """The grid after ``moves_made`` random legal placements of game ``seed``."""
    state = new_game(seed)
    chooser = random.Random(seed)
    for _ in range(moves_made):
        roll = state.match.current
        if roll is None:
            break
        game = state.match.games[-1]
        cell = chooser.choice(moves.legal_cells(game.grid, roll.face))
        INDECIX.act(
            state,
            state.match.seats[roll.player],
            {"cell": cell_name(cell), "roll": roll.number},
            0,
        )
    game = state.match.games[-1]
    return game.grid


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 35), st.integers(0, 1))
def test_options_are_the_rules_points_of_every_legal_cell(
    seed: int, made: int, player: int
) -> None:
    grid = positions(seed, made)
    found = options(grid.cells, player)
    for face in range(1, 7):
        expected = [
            (moves.place(grid, cell, face, player).points, cell)
            for cell in moves.legal_cells(grid, face)
        ]
        assert found[face] == expected


def test_greedy_takes_the_most_points() -> None:
    grid = Grid.from_rows(["1234..", ".....5", "......", "......", "......", "......"])
    # a 6 on A5 captures 4 3 2 (9 points); nowhere else scores
    assert best_cell(grid.cells, 6, 0, IndecixLevel.GREEDY, 20) == 4
    assert best_cell(grid.cells, 6, 1, IndecixLevel.GREEDY, 20) == 4  # 18 points for seat 1


def threat(cells: tuple[int, ...], player: int) -> float:
    """The points ``player`` expects on their next die (each face alike)."""
    best = [max((p for p, _ in found), default=-1) for found in options(cells, player)[1:]]
    return sum(best) / 6


def test_prudent_sees_the_reply_greedy_does_not() -> None:
    # a 4 scores nothing anywhere; the first cell it may take is B3, next to seat 0's 6, where
    # seat 1 captures it with a 1, 2 or 3 on B4 (8 points); prudent plays where nothing is
    # threatened
    grid = Grid.from_rows(["d.....", ".6....", "......", "......", "......", "......"])
    greedy = best_cell(grid.cells, 4, 0, IndecixLevel.GREEDY, 20)
    prudent = best_cell(grid.cells, 4, 0, IndecixLevel.PRUDENT, 20)
    assert greedy == 8  # B3
    assert threat(moves.play(grid.cells, 8, 4, 0)[1], 1) == 4.0
    assert prudent is not None
    assert prudent != greedy
    assert threat(moves.play(grid.cells, prudent, 4, 0)[1], 1) == 0.0
    expectimax = best_cell(grid.cells, 4, 0, IndecixLevel.EXPECTIMAX, 20)
    assert expectimax is not None
    assert threat(moves.play(grid.cells, expectimax, 4, 0)[1], 1) == 0.0


def test_no_legal_cell_gives_no_placement() -> None:
    grid = Grid.from_rows(["5.....", ".e....", "..5...", "...e..", "....5.", ".....e"])
    for level in IndecixLevel:
        assert best_cell(grid.cells, 5, 0, level, 10) is None


# -- the robots play through the views -----------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("mode", ["classic", "master"])
def test_a_robot_always_places_legally(level: str, mode: str) -> None:
    for seed in range(3):
        match(seed, (level, level), mode=mode)


def test_a_robot_with_nothing_to_place_does_nothing() -> None:
    state = new_game(3)
    roll = state.match.current
    assert roll is not None
    waiting = state.match.seats[1 - roll.player]
    for viewer in (Viewer(waiting), Viewer.spectator(), Viewer("zed")):
        view = INDECIX.view(state, viewer, 0)
        assert choose(view, "expectimax") is None
        assert plan(view, "expectimax", 1, None) is None


def test_a_robot_uses_no_aid_and_no_die_to_come() -> None:
    chooser = random.Random(5)
    for seed in range(4):
        views = []
        made = chooser.randrange(0, 20)
        for aids in (
            {"aids": {"legal_cells": True, "capture_preview": True}},
            {"aids": {"legal_cells": False}},
            {"mode": "master"},
        ):
            state = new_game(seed, **aids)
            for _ in range(made):
                roll = state.match.current
                assert roll is not None
                action = choose(robot_view(state), "greedy")
                assert action is not None
                INDECIX.act(state, state.match.seats[roll.player], action, 0)
            views.append((state, robot_view(state)))
        actions = [choose(view, "expectimax") for _, view in views]
        assert actions[0] == actions[1] == actions[2]
        state = views[0][0]
        other = copy.deepcopy(state)
        other.secrets = Secrets(state.secrets.seed + 1)  # another future
        assert choose(robot_view(other), "expectimax") == actions[0]


def test_the_same_view_gives_the_same_placement() -> None:
    state = new_game(17)
    for _ in range(10):
        roll = state.match.current
        assert roll is not None
        view = robot_view(state)
        action = choose(view, "expectimax")
        assert action == choose(copy.deepcopy(view), "expectimax")
        assert action is not None
        INDECIX.act(state, state.match.seats[roll.player], action, 0)


def test_a_plan_comes_a_moment_after_the_roll_and_before_the_blitz_deadline() -> None:
    state = new_game(4)
    view = robot_view(state)
    planned = plan(view, "greedy", 9, None)
    assert planned is not None
    assert planned.action == choose(view, "greedy")
    assert THINK_MS <= planned.at_ms < THINK_MS + THINK_SPREAD_MS
    assert plan(view, "greedy", 9, None) == planned
    state = INDECIX.new_game(
        INDECIX.configure({"mode": "blitz", "blitz_seconds": 5}), Setup("g", 4, ("a", "b")), None
    )
    INDECIX.open_next(state, 10_000)
    planned = plan(robot_view(state), "prudent", 9, None)
    assert planned is not None
    assert 10_000 <= planned.at_ms <= 15_000 - BLITZ_MARGIN_MS


# -- strength ------------------------------------------------------------------------------------


def test_prudent_beats_greedy() -> None:
    wins, losses, ahead = duel("prudent", "greedy", range(20))
    assert wins > losses
    assert ahead > 0


def test_expectimax_beats_greedy_over_40_seeded_games() -> None:
    wins, losses, ahead = duel("expectimax", "greedy", range(20))
    assert wins + losses <= 40
    assert wins > 1.5 * losses
    assert ahead > 0
