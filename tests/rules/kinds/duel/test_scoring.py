"""Tests of arbitre.rules.kinds.duel.scoring."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.kinds.base import Standing
from arbitre.rules.kinds.duel.scoring import (
    BEST_ROUND,
    MAX_TRIES,
    SPEED_BONUS,
    TRY_POINTS,
    RoundResult,
    speed_bonus,
    standings,
    try_points,
)


def test_tables() -> None:
    assert TRY_POINTS == (60, 50, 40, 30, 20, 10)
    assert SPEED_BONUS == (15, 10, 5)
    assert MAX_TRIES == 6
    assert BEST_ROUND == 75
    assert [try_points(t) for t in range(1, 7)] == [60, 50, 40, 30, 20, 10]
    assert [speed_bonus(p) for p in range(1, 6)] == [15, 10, 5, 0, 0]


@pytest.mark.parametrize("tries", [0, 7, -1])
def test_tries_out_of_range(tries: int) -> None:
    with pytest.raises(ValueError, match="try 1 to 6"):
        try_points(tries)


def test_places_count_from_one() -> None:
    with pytest.raises(ValueError, match="from 1"):
        speed_bonus(0)


def test_round_points() -> None:
    assert RoundResult(tries=1, place=1, solve_ms=1).points == BEST_ROUND
    assert RoundResult(tries=6, place=1, solve_ms=1).points == 10 + 15  # sixth try, first
    assert RoundResult(tries=1, place=2, solve_ms=1).points == 60 + 10
    assert RoundResult(tries=3, place=3, solve_ms=1).points == 40 + 5
    assert RoundResult(tries=2, place=4, solve_ms=1).points == 50
    assert RoundResult(tries=6).points == 0  # six tries, not found
    assert RoundResult(tries=0).points == 0
    assert not RoundResult(tries=6).found
    assert RoundResult(tries=6, place=9).found


@given(st.integers(1, MAX_TRIES), st.integers(1, 8))
def test_no_round_is_worth_more_than_the_best(tries: int, place: int) -> None:
    assert 0 < RoundResult(tries, place).points <= BEST_ROUND


def found(tries: int, place: int, solve_ms: int) -> RoundResult:
    return RoundResult(tries, place, solve_ms)


def ranking(lines: list[Standing]) -> list[tuple[int, str, int]]:
    return [(s.rank, s.player, s.total) for s in lines]


def test_ranked_on_the_total_over_the_rounds() -> None:
    rounds = [
        {"ana": found(1, 2, 9_000), "bob": found(2, 1, 5_000), "cyd": RoundResult(6)},
        {"ana": found(3, 1, 20_000), "bob": RoundResult(4), "cyd": found(1, 2, 30_000)},
    ]
    lines = standings(["ana", "bob", "cyd"], rounds)
    assert ranking(lines) == [(1, "ana", 70 + 55), (2, "cyd", 70), (3, "bob", 65)]
    assert lines[0].details == {
        "rounds_found": 2,
        "tries": 4,
        "solve_ms": 29_000,
        "round_points": [70, 55],
    }
    assert lines[2].details["round_points"] == [65, 0]


def test_equal_totals_more_words_found_first() -> None:
    # ana: 40 + 0, bob: 20 + 20: the same total, but bob found twice.
    rounds = [
        {"ana": found(3, 4, 1_000), "bob": found(5, 5, 2_000)},
        {"ana": RoundResult(6), "bob": found(5, 4, 2_000)},
    ]
    assert ranking(standings(["ana", "bob"], rounds)) == [(1, "bob", 40), (2, "ana", 40)]


def test_equal_totals_and_words_fewer_tries_first() -> None:
    # ana: 1st try, 5th place (60); bob: 2nd try, 2nd place (50 + 10).
    rounds = [{"ana": found(1, 5, 1_000), "bob": found(2, 2, 9_000)}]
    assert ranking(standings(["bob", "ana"], rounds)) == [(1, "ana", 60), (2, "bob", 60)]


def test_then_the_smaller_sum_of_solve_times() -> None:
    # 90 points, 2 words and 5 tries each; ana took 60 s in all, bob 50 s.
    rounds = [
        {"ana": found(2, 4, 50_000), "bob": found(3, 4, 10_000)},
        {"ana": found(3, 4, 10_000), "bob": found(2, 4, 40_000)},
    ]
    assert ranking(standings(["ana", "bob"], rounds)) == [(1, "bob", 90), (2, "ana", 90)]


def test_still_equal_players_share_their_rank_in_seating_order() -> None:
    rounds = [
        {"ana": found(2, 4, 50_000), "bob": found(3, 4, 10_000), "cyd": found(2, 4, 20_000)},
        {"ana": found(3, 4, 20_000), "bob": found(2, 4, 60_000), "cyd": RoundResult(6)},
    ]
    # ana and bob: 90 points, 2 words, 5 tries, 70 s; cyd: 50.
    lines = standings(["bob", "cyd", "ana"], rounds)
    assert ranking(lines) == [(1, "bob", 90), (1, "ana", 90), (3, "cyd", 50)]


def test_solve_times_break_ties() -> None:
    rounds = [{"ana": found(2, 4, 30_000), "bob": found(2, 5, 20_000)}]
    assert ranking(standings(["ana", "bob"], rounds)) == [(1, "bob", 50), (2, "ana", 50)]


def test_rounds_not_played_show_as_none() -> None:
    rounds = [{"ana": found(1, 1, 1_000)}, {"ana": RoundResult(2), "bob": found(4, 1, 9_000)}]
    lines = {s.player: s for s in standings(["ana", "bob", "cyd"], rounds)}
    assert lines["bob"].details["round_points"] == [None, 45]
    assert lines["cyd"].details["round_points"] == [None, None]
    assert lines["cyd"].total == 0
