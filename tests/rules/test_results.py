"""Results of a duplicate game: ranks with shared places, négatif, % of top, tops and solos,
checked by hand on small games, plus properties over random ones."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.errors import ArbitreError
from arbitre.rules.results import (
    InvalidResultsError,
    Standing,
    TurnScores,
    solos,
    standings,
)

PLAYERS = ["ana", "bob", "cyd", "dan"]


def crowd(count: int) -> list[str]:
    """``count`` player ids that sort in their natural order: p01, p02..."""
    return [f"p{index:02d}" for index in range(1, count + 1)]


def test_hand_checked_game() -> None:
    # Cumulated top 80 + 36 + 50 = 166.
    turns = [
        TurnScores(1, 80, {"ana": 80, "bob": 80, "cyd": 20, "dan": 0}),
        TurnScores(2, 36, {"ana": 30, "bob": 36, "cyd": 36, "dan": 0}),
        TurnScores(3, 50, {"ana": 50, "bob": 44, "cyd": 50, "dan": 0}),
    ]
    assert standings(PLAYERS, turns) == [
        Standing(1, "ana", 160, -6, 96.39, 2, 0),  # 160 / 166 = 96.385...
        Standing(1, "bob", 160, -6, 96.39, 2, 0),
        Standing(3, "cyd", 106, -60, 63.86, 2, 0),  # 106 / 166 = 63.855...
        Standing(4, "dan", 0, -166, 0.0, 0, 0),
    ]


def test_ties_share_places_1_2_2_4() -> None:
    turns = [TurnScores(1, 50, {"ana": 50, "bob": 40, "cyd": 40, "dan": 10})]
    ranks = [(line.rank, line.player) for line in standings(PLAYERS, turns)]
    assert ranks == [(1, "ana"), (2, "bob"), (2, "cyd"), (4, "dan")]


def test_ties_are_sorted_by_player_name() -> None:
    turns = [TurnScores(1, 20, {"zoe": 10, "amy": 10, "max": 20})]
    lines = standings(["zoe", "max", "amy"], turns)
    assert [(line.rank, line.player) for line in lines] == [(1, "max"), (2, "amy"), (2, "zoe")]


def test_every_top_gives_negatif_0_and_100_percent() -> None:
    turns = [TurnScores(n, top, {"ana": top, "bob": 0}) for n, top in enumerate((80, 36, 7), 1)]
    ana, bob = standings(["ana", "bob"], turns)
    assert (ana.total, ana.negatif, ana.percent_of_top, ana.tops) == (123, 0, 100.0, 3)
    assert (bob.total, bob.negatif, bob.percent_of_top, bob.tops) == (0, -123, 0.0, 0)


def test_percent_of_top_as_in_the_online_table() -> None:
    # 620 points out of a cumulated top of 850: 72.94 % of the top.
    turns = [TurnScores(1, 850, {"ana": 620})]
    (ana,) = standings(["ana"], turns)
    assert ana.percent_of_top == 72.94
    assert ana.negatif == -230


def test_percent_rounds_half_up_exactly() -> None:
    # 1 / 32 = 3.125 %: half up gives 3.13 (binary floats and round() would give 3.12).
    (ana,) = standings(["ana"], [TurnScores(1, 32, {"ana": 1})])
    assert ana.percent_of_top == 3.13
    (ana,) = standings(["ana"], [TurnScores(1, 3, {"ana": 2})])  # 66.666...
    assert ana.percent_of_top == 66.67


def test_player_who_never_answers() -> None:
    turns = [
        TurnScores(1, 40, {"ana": 40, "bob": 0}),  # bob present with 0
        TurnScores(2, 30, {"ana": 12}),  # bob absent: counts as 0
    ]
    ana, bob = standings(["ana", "bob"], turns)
    assert bob == Standing(2, "bob", 0, -70, 0.0, 0, 0)
    assert ana == Standing(1, "ana", 52, -18, 74.29, 1, 0)


def test_no_turns_yet() -> None:
    assert standings(["bob", "ana"], []) == [
        Standing(1, "ana", 0, 0, 100.0, 0, 0),
        Standing(1, "bob", 0, 0, 100.0, 0, 0),
    ]
    assert standings([], []) == []


def test_turn_order_does_not_matter() -> None:
    turns = [
        TurnScores(1, 40, {"ana": 40, "bob": 20}),
        TurnScores(2, 30, {"ana": 12, "bob": 30}),
    ]
    assert standings(["ana", "bob"], turns) == standings(["ana", "bob"], turns[::-1])


# -- solos -------------------------------------------------------------------------------------


def test_solo_for_the_one_top_scorer_with_16_players() -> None:
    players = crowd(16)
    turn = TurnScores(1, 80, dict.fromkeys(players, 30) | {"p07": 80})
    assert solos(turn, 16) == frozenset({"p07"})
    assert solos(turn, 15) == frozenset()
    assert solos(turn, 16, min_players=17) == frozenset()
    assert solos(turn, 2, min_players=2) == frozenset({"p07"})
    assert solos(turn, 16, bonus=0) == frozenset()  # solos turned off


def test_no_solo_when_two_share_the_top_or_nobody_has_it() -> None:
    players = crowd(20)
    shared = TurnScores(1, 80, dict.fromkeys(players, 30) | {"p01": 80, "p02": 80})
    assert solos(shared, 20) == frozenset()
    nobody = TurnScores(2, 80, dict.fromkeys(players, 30))
    assert solos(nobody, 20) == frozenset()
    zero_top = TurnScores(3, 0, {"p01": 0})
    assert solos(zero_top, 20, min_players=0) == frozenset()


def test_solo_bonus_in_standings() -> None:
    players = crowd(16)
    turns = [
        TurnScores(1, 80, dict.fromkeys(players, 0) | {"p03": 80}),  # solo for p03
        TurnScores(2, 40, dict.fromkeys(players, 40)),  # everyone on the top: no solo
        TurnScores(3, 50, dict.fromkeys(players, 10) | {"p05": 50, "p09": 50}),  # shared top
    ]
    lines = {line.player: line for line in standings(players, turns)}
    # Cumulated top 170; p03: 80 + 40 + 10 + 10 (solo) = 140.
    assert lines["p03"] == Standing(1, "p03", 140, -30, 82.35, 2, 1)
    assert lines["p05"] == Standing(2, "p05", 90, -80, 52.94, 2, 0)
    assert lines["p09"].rank == 2
    assert lines["p01"] == Standing(4, "p01", 50, -120, 29.41, 1, 0)
    # A configurable bonus, and the same game with 15 players gives no solo.
    assert standings(players, turns, solo_bonus=20)[0].total == 150
    assert standings(players, turns, solo_min_players=17)[0].total == 130
    fifteen = players[:15]
    alone = TurnScores(1, 80, dict.fromkeys(fifteen, 0) | {"p03": 80})
    assert standings(fifteen, [alone])[0] == Standing(1, "p03", 80, 0, 100.0, 1, 0)


def test_solos_can_make_the_negatif_positive() -> None:
    players = crowd(16)
    turns = [TurnScores(n, 30, dict.fromkeys(players, 0) | {"p01": 30}) for n in range(1, 4)]
    best = standings(players, turns)[0]
    assert (best.player, best.total, best.negatif, best.solos) == ("p01", 120, 30, 3)
    assert best.percent_of_top == 133.33


def test_active_players_are_the_registered_players() -> None:
    # 16 registered, only 2 answer: solos still apply (every registered player is active).
    players = crowd(16)
    turns = [TurnScores(1, 60, {"p01": 60, "p02": 12})]
    assert standings(players, turns)[0] == Standing(1, "p01", 70, 10, 116.67, 1, 1)


# -- errors ------------------------------------------------------------------------------------


def test_unknown_player() -> None:
    with pytest.raises(InvalidResultsError, match="unknown players 'eve'"):
        standings(PLAYERS, [TurnScores(1, 10, {"ana": 10, "eve": 3})])


@pytest.mark.parametrize(
    ("number", "top", "points"),
    [
        (1, 10, {"ana": -1}),  # negative points
        (1, 10, {"ana": 11}),  # above the top
        (1, -5, {}),  # negative top
        (0, 10, {}),  # turns count from 1
        (1, 10, {"ana": 2.5}),  # not an integer
        (1, 10, {"ana": True}),
        (1, 10, {7: 3}),  # player ids are strings
    ],
)
def test_bad_turn_scores(number: int, top: int, points: dict[str, int]) -> None:
    with pytest.raises(InvalidResultsError) as caught:
        TurnScores(number, top, points)
    assert caught.value.code == "bad_results"
    assert isinstance(caught.value, ArbitreError)


def test_duplicate_turn_numbers() -> None:
    turns = [TurnScores(1, 10, {"ana": 10}), TurnScores(1, 20, {"ana": 5})]
    with pytest.raises(InvalidResultsError, match="turn 1 appears more than once"):
        standings(PLAYERS, turns)


def test_bad_players_and_settings() -> None:
    with pytest.raises(InvalidResultsError, match="more than once: ana"):
        standings(["ana", "bob", "ana"], [])
    with pytest.raises(InvalidResultsError):
        standings("ana", [])
    with pytest.raises(InvalidResultsError):
        standings(PLAYERS, [], solo_bonus=-10)
    with pytest.raises(InvalidResultsError):
        standings(PLAYERS, [], solo_min_players=-1)
    with pytest.raises(InvalidResultsError):
        solos(TurnScores(1, 10, {}), -1)


# -- properties --------------------------------------------------------------------------------


@st.composite
def games(draw: st.DrawFn) -> tuple[list[str], list[TurnScores]]:
    players = crowd(draw(st.integers(1, 20)))
    turns = []
    for number in range(1, draw(st.integers(0, 8)) + 1):
        top = draw(st.integers(0, 120))
        points = {
            player: draw(st.sampled_from([top, 0, top // 2, max(top - 1, 0)])) for player in players
        }
        turns.append(TurnScores(number, top, points))
    return players, turns


@given(games())
def test_standings_properties(game: tuple[list[str], list[TurnScores]]) -> None:
    players, turns = game
    lines = standings(players, turns, solo_min_players=4)
    cumulated = sum(turn.top for turn in turns)
    assert sorted(line.player for line in lines) == sorted(players)
    assert lines == sorted(lines, key=lambda line: (line.rank, line.player))
    for index, line in enumerate(lines):
        better = sum(other.total > line.total for other in lines)
        assert line.rank == better + 1
        assert line.rank <= index + 1
        assert line.negatif == line.total - cumulated
        assert line.total == sum(t.points[line.player] for t in turns) + 10 * line.solos
        if cumulated:
            assert abs(line.percent_of_top - 100 * line.total / cumulated) <= 0.005 + 1e-9
        assert 0 <= line.solos <= line.tops <= len(turns)
    assert sum(line.solos for line in lines) <= len(turns)


def test_shared_places_skip_after_a_tie() -> None:
    from arbitre.rules.results import shared_places

    assert shared_places([50, 40, 40, 30]) == [1, 2, 2, 4]
    assert shared_places([7, 7, 7]) == [1, 1, 1]
    assert shared_places([]) == []
