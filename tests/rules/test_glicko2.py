"""Glicko-2 (:mod:`arbitre.rules.glicko2`) against Glickman's worked example ("Example of the
Glicko-2 system", 2012: r' 1464.06, RD' 151.52, sigma' 0.05999), and its properties: a win
raises the rating and a loss lowers it, playing leaves the deviation no higher than not playing,
scores outside 0-1 are refused, and the ranks of a game become pairwise results."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.glicko2 import DEFAULT_DEVIATION, Rating, game_results, update


def test_the_papers_example() -> None:
    after = update(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)],
    )
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_game_only_grows_the_deviation() -> None:
    before = Rating(1620, 80, 0.06)
    after = update(before, [])
    assert (after.rating, after.volatility) == (1620, 0.06)
    assert after.deviation > 80


def test_a_score_outside_0_to_1_is_refused() -> None:
    with pytest.raises(ValueError, match="a score is 0 to 1"):
        update(Rating(), [(Rating(), 2.0)])


ratings = st.builds(
    Rating,
    st.floats(800, 2600),
    st.floats(30, DEFAULT_DEVIATION),
    st.floats(0.03, 0.1),
)


@given(ratings, ratings)
def test_winning_raises_losing_lowers_and_playing_makes_surer(
    player: Rating, opponent: Rating
) -> None:
    won = update(player, [(opponent, 1.0)])
    lost = update(player, [(opponent, 0.0)])
    idle = update(player, [])
    assert lost.rating < player.rating < won.rating
    # not strictly: a surprise raises the volatility a hair (an opponent 1,800 points apart)
    assert won.deviation <= idle.deviation + 0.01
    assert lost.deviation <= idle.deviation + 0.01


def test_a_games_ranks_as_pairwise_results() -> None:
    results = game_results({"a": 1, "b": 2, "c": 2, "d": 4})
    assert results["a"] == [("b", 1.0), ("c", 1.0), ("d", 1.0)]
    assert results["c"] == [("a", 0.0), ("b", 0.5), ("d", 1.0)]
    assert results["d"] == [("a", 0.0), ("b", 0.0), ("c", 0.0)]
    assert game_results({"alone": 1}) == {"alone": []}
