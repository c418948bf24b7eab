"""Tests of arbitre.rules.kinds.indecix.trays: the categories, the score and the tie-breaks."""

from __future__ import annotations

from arbitre.rules.kinds.indecix.grid import Die, Grid
from arbitre.rules.kinds.indecix.moves import Placement, Suite
from arbitre.rules.kinds.indecix.rolls import Loss, Roll
from arbitre.rules.kinds.indecix.trays import Tray, trays, winner


def test_the_score_is_the_sum_of_the_categories() -> None:
    tray = Tray(2, (1, 5), (3,), (4, 6, 2), (17, 34))
    assert tray.total == 6 + 6 + 3 + 51
    data = tray.data()
    assert data == {
        "remaining": 2,
        "captured_own": {"faces": [1, 5], "count": 2, "points": 6},
        "captured_opponent": {"faces": [3], "count": 1, "points": 6},
        "unplayed_opponent": {"faces": [4, 6, 2], "count": 3, "points": 3},
        "suites": {"count": 2, "points": 51},
        "total": 66,
    }


def test_ties_go_to_suites_then_opponent_dice_then_a_draw() -> None:
    plain = Tray(0, (), (5,), (), ())  # 10 points, no suite, one opponent die
    suited = Tray(0, (), (), (), (10,))  # 10 points, one suite
    assert winner((plain, suited)) == 1
    assert winner((suited, plain)) == 0
    more_dice = Tray(0, (), (1, 1, 1, 1, 1), (), ())  # 10 points, five opponent dice
    assert winner((plain, more_dice)) == 1
    same = Tray(0, (), (2, 3), (), ())  # 10 points, two opponent dice
    assert winner((Tray(0, (4,), (1, 2), (), ()), same)) is None
    assert winner((Tray(0, (), (), (1,), ()), Tray(0, (), (), (), ()))) == 0


def _roll(index: int, player: int, face: int, **outcome: object) -> Roll:
    return Roll(index, 1, index, player, face, 0, None, at_ms=0, **outcome)  # type: ignore[arg-type]


def test_trays_from_rolls() -> None:
    placement = Placement(
        cell=0,
        face=1,
        player=0,
        captured=((1, Die(3, 0)), (2, Die(2, 1))),
        capture_points=3 + 4,
        suites=(Suite("A", 17, False),),
        grid=Grid.empty(),
    )
    rolls = [
        _roll(1, 0, 1, placement=placement),
        _roll(2, 1, 5, lost=Loss.NO_LEGAL_CELL),
        _roll(3, 0, 6, lost=Loss.TIMEOUT),
    ]
    first, second = trays(rolls)
    assert first == Tray(16, (3,), (2,), (5,), (17,))
    assert second == Tray(17, (), (), (6,), ())
    assert (first.total, second.total) == (3 + 4 + 1 + 17, 1)
