"""The review of a finished Indecix match (:mod:`arbitre.engine.robots.indecix_review`): the
expectimax robot's own placements cost nothing, every loss is the best value minus the played
one and never negative, the best cell is the one the expectimax robot picks (or the cell played,
when it values higher), lost dice are
listed with their reason, and a record that does not replay is refused."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.engine.robots.indecix import IndecixLevel, best_cell, choose
from arbitre.engine.robots.indecix_review import review, values
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import Setup, Viewer
from arbitre.rules.kinds.indecix.dice import ROLLS
from arbitre.rules.kinds.indecix.grid import Grid, cell_name
from arbitre.rules.kinds.indecix.kind import BadRecordError

INDECIX = kind("indecix")


def played(seed: int, levels: dict[str, str], **config: Any) -> dict[str, Any]:
    """The record of a match of robots of ``levels`` (by player) from ``seed``."""
    state = INDECIX.new_game(INDECIX.configure(config), Setup("g", seed, tuple(levels)), None)
    INDECIX.open_next(state, 0)
    while not state.match.over:
        game = state.match.games[-1]
        if game.current is None:
            INDECIX.open_next(state, 0)
            continue
        mover = state.match.seats[game.current.player]
        action = choose(INDECIX.view(state, Viewer(mover), 0), levels[mover])
        assert action is not None  # a die with no legal cell is lost by the rules at once
        INDECIX.act(state, mover, action, 0)
    return INDECIX.record(state)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_expectimax_robot_loses_nothing_and_the_greedy_one_something(seed: int) -> None:
    found = review(played(seed, {"ana": "greedy", "bob": "expectimax"}))
    seats = {seat["player"]: seat for seat in found["seats"]}
    assert seats["bob"]["points_lost"] == 0
    assert seats["bob"]["best_moves"] == seats["bob"]["placed"] > 0
    assert seats["ana"]["points_lost"] > 0
    assert seats["ana"]["best_moves"] < seats["ana"]["placed"]
    moves = [move for game in found["games"] for move in game["moves"]]
    assert len(moves) == ROLLS
    assert [move["roll"] for move in moves] == list(range(1, ROLLS + 1))
    for move in moves:
        if not move["placed"]:
            assert move["lost"] == "no_legal_cell"
            continue
        assert move["loss"] == pytest.approx(move["best_value"] - move["value"], abs=0.011)
        assert move["loss"] >= 0
        assert move["legal_cells"] >= 1
    lost = sum(move["loss"] for move in moves if move["placed"] and move["player"] == "ana")
    assert seats["ana"]["points_lost"] == pytest.approx(lost, abs=0.05)


def test_the_best_cell_is_the_expectimax_robot_s_choice_or_a_better_one_played() -> None:
    record = played(5, {"ana": "prudent", "bob": "greedy"}, games=2)
    found = review(record)
    assert [game["number"] for game in found["games"]] == [1, 2]
    replayed = INDECIX.replay(record, None)
    for game, reviewed in zip(replayed.match.games, found["games"], strict=True):
        cells = Grid.empty().cells
        for roll, move in zip(game.rolls, reviewed["moves"], strict=True):
            if roll.placement is None:
                continue
            chosen = best_cell(
                cells, roll.face, roll.player, IndecixLevel.EXPECTIMAX, ROLLS - roll.index
            )
            assert chosen is not None
            if move["best"] != cell_name(chosen):  # the cell played beat the robot's choice
                assert move["best"] == move["cell"], move
                assert move["loss"] == 0, move
            else:
                assert move["best"] == cell_name(chosen), move
            cells = roll.placement.grid.cells


def test_values_are_at_one_depth_and_include_the_cell_played() -> None:
    cells = Grid.from_rows(["1234..", "......", "......", "......", "......", "......"]).cells
    every = values(cells, 6, 0, 0)  # the last roll: the points alone
    assert every[4] == 9  # A5 captures 4, 3, 2, the player's own
    some = values(cells, 6, 0, 20, played=35)
    assert 35 in some
    assert len(some) <= 7


def test_a_record_that_does_not_replay_is_refused() -> None:
    record = played(3, {"ana": "greedy", "bob": "greedy"})
    record["games"][0]["rolls"][0]["face"] = record["games"][0]["rolls"][0]["face"] % 6 + 1
    with pytest.raises(BadRecordError):
        review(record)
    unfinished = dict(record, seed=None)
    with pytest.raises(BadRecordError):
        review(unfinished)
