"""Whose word stays: each of the seven criteria with hand-checked numbers, the tile bonus and the
speed bonus, and a property against a reference ordering written here."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.kinds.duplikta.resolution import (
    Contender,
    Criterion,
    resolution_random,
    resolve,
)

#: Two accepted moves of 4 tokens and 22 points, equal on every criterion.
ANA = Contender(
    "ana", accepted=True, tiles=4, points=22, confirm_ms=40_000, total=100, previous=10, chances=4
)
BOB = Contender(
    "bob", accepted=True, tiles=4, points=22, confirm_ms=40_000, total=100, previous=10, chances=4
)


def with_(side: Contender, **changes: Any) -> Contender:
    return dataclasses.replace(side, **changes)


def resolved(first: Contender, second: Contender, clock: bool = True, seed: int = 0):
    return resolve(first, second, clock=clock, draws=random.Random(seed))


def test_1_more_tokens_wins_with_5_per_extra_token() -> None:
    # ana places 5 tokens for 30, bob 2 for 60: ana's move stays, +5 x 3.
    done = resolved(with_(ANA, tiles=5, points=30), with_(BOB, tiles=2, points=60))
    assert (done.installed, done.criterion) == ("ana", Criterion.TILES)
    assert done.points == {"ana": 45, "bob": 60}
    assert done.bonuses == {"ana": {"tiles": 15}, "bob": {}}


def test_1_the_tile_bonus_goes_past_5() -> None:
    # 7 tokens (80 with the +50) against 1 token (5): +5 x 6.
    done = resolved(with_(ANA, tiles=7, points=80), with_(BOB, tiles=1, points=5))
    assert done.bonuses["ana"] == {"tiles": 30}
    assert done.points == {"ana": 110, "bob": 5}


def test_1_a_lone_accepted_move_wins_and_its_tokens_are_the_difference() -> None:
    # bob's refused move placed 5 tokens, which count for nothing: ana's 3 tokens win, +15.
    refused = with_(BOB, accepted=False, tiles=5, points=-14)
    done = resolved(with_(ANA, tiles=3, points=12), refused)
    assert (done.installed, done.criterion) == ("ana", Criterion.TILES)
    assert done.points == {"ana": 27, "bob": -14}
    passed = with_(ANA, accepted=False, tiles=0, points=0)
    done = resolved(passed, with_(BOB, tiles=2, points=9))
    assert (done.installed, done.points) == ("bob", {"ana": 0, "bob": 19})


def test_2_the_better_score() -> None:
    done = resolved(ANA, with_(BOB, points=26))
    assert (done.installed, done.criterion) == ("bob", Criterion.SCORE)
    assert done.points == {"ana": 22, "bob": 26}
    assert done.bonuses == {"ana": {}, "bob": {}}


def test_3_the_faster_with_the_clock_gets_2() -> None:
    done = resolved(ANA, with_(BOB, confirm_ms=39_500, total=0))
    assert (done.installed, done.criterion) == ("bob", Criterion.SPEED)
    assert done.points == {"ana": 22, "bob": 24}
    assert done.bonuses["bob"] == {"speed": 2}


def test_3_no_speed_without_the_clock_nor_for_equal_or_unknown_times() -> None:
    faster_but_behind = with_(BOB, confirm_ms=39_500, total=90)
    assert resolved(ANA, faster_but_behind, clock=False).criterion is Criterion.TOTAL
    assert resolved(ANA, with_(BOB, total=90), clock=True).criterion is Criterion.TOTAL
    unknown = with_(BOB, confirm_ms=None, total=90)
    assert resolved(ANA, unknown, clock=True).criterion is Criterion.TOTAL


def test_4_the_better_game_total() -> None:
    done = resolved(with_(ANA, total=120), with_(BOB, total=95, previous=40, chances=20))
    assert (done.installed, done.criterion) == ("ana", Criterion.TOTAL)
    assert done.points == {"ana": 22, "bob": 22}


def test_5_the_better_previous_turn() -> None:
    done = resolved(ANA, with_(BOB, previous=31, chances=0))
    assert (done.installed, done.criterion) == ("bob", Criterion.PREVIOUS)


def test_6_more_chances_left() -> None:
    done = resolved(with_(ANA, chances=3), BOB)
    assert (done.installed, done.criterion) == ("bob", Criterion.CHANCES)


def test_7_a_draw_from_the_seeded_generator() -> None:
    for seed in range(20):
        expected = ("ana", "bob")[random.Random(seed).randrange(2)]
        done = resolved(ANA, BOB, seed=seed)
        assert (done.installed, done.criterion) == (expected, Criterion.DRAW)
        assert done.points == {"ana": 22, "bob": 22}
    winners = {resolved(ANA, BOB, seed=seed).installed for seed in range(20)}
    assert winners == {"ana", "bob"}


def test_the_game_draws_from_a_stream_of_its_own() -> None:
    first = [resolution_random(5).randrange(2) for _ in range(3)]
    assert first == [resolution_random(5).randrange(2) for _ in range(3)]
    draws = resolution_random(5)
    assert [draws.random() for _ in range(3)] != [random.Random(5).random() for _ in range(3)]


def test_the_draw_is_only_taken_when_needed() -> None:
    draws = random.Random(1)
    state = draws.getstate()
    resolve(ANA, with_(BOB, chances=5), clock=True, draws=draws)
    assert draws.getstate() == state


@pytest.mark.parametrize("refused_points", [(-10, -12), (0, 0), (-15, 0)])
def test_neither_accepted_installs_nobody(refused_points: tuple[int, int]) -> None:
    ana = with_(ANA, accepted=False, points=refused_points[0])
    bob = with_(BOB, accepted=False, points=refused_points[1], tiles=0)
    done = resolved(ana, bob)
    assert (done.installed, done.criterion) == (None, Criterion.NONE)
    assert done.points == {"ana": refused_points[0], "bob": refused_points[1]}


def test_two_contenders_of_one_name_are_an_error() -> None:
    with pytest.raises(ValueError, match="two contenders"):
        resolved(ANA, with_(BOB, player="ana"))


# -- the property -------------------------------------------------------------------------


def reference(
    first: Contender, second: Contender, clock: bool, seed: int
) -> tuple[str | None, str, dict[str, int]]:
    """Whose move stays, written independently: each side's key, in the criteria's order,
    compared as tuples; the first place where the keys differ names the criterion."""
    if not first.accepted and not second.accepted:
        return None, "none", {first.player: first.points, second.player: second.points}
    timed = clock and first.confirm_ms is not None and second.confirm_ms is not None
    names = ["tiles", "score", "speed", "total", "previous", "chances"]

    def key(side: Contender) -> tuple[int, ...]:
        tokens = side.tiles if side.accepted else 0
        speed = -(side.confirm_ms or 0) if timed else 0
        return (tokens, side.points, speed, side.total, side.previous, side.chances)

    keys = {first.player: key(first), second.player: key(second)}
    ranked = sorted((first, second), key=lambda side: keys[side.player], reverse=True)
    points = {first.player: first.points, second.player: second.points}
    if keys[first.player] == keys[second.player]:
        winner = (first, second)[random.Random(seed).randrange(2)]
        return winner.player, "draw", points
    winner, loser = ranked
    where = next(i for i in range(6) if keys[winner.player][i] != keys[loser.player][i])
    if names[where] == "tiles":
        points[winner.player] += 5 * (keys[winner.player][0] - keys[loser.player][0])
    if names[where] == "speed":
        points[winner.player] += 2
    return winner.player, names[where], points


def contenders(player: str) -> st.SearchStrategy[Contender]:
    small = st.integers(0, 3)  # few values, so that ties are frequent
    return st.builds(
        Contender,
        st.just(player),
        accepted=st.booleans(),
        tiles=st.integers(1, 7),
        points=st.integers(-3, 3).map(lambda n: 10 * n),
        confirm_ms=st.none() | small.map(lambda n: 1000 * n),
        total=small,
        previous=small,
        chances=small,
    )


@given(contenders("ana"), contenders("bob"), st.booleans(), st.integers(0, 2**32))
def test_the_installed_move_is_always_the_first_by_the_criteria(
    ana: Contender, bob: Contender, clock: bool, seed: int
) -> None:
    done = resolve(ana, bob, clock=clock, draws=random.Random(seed))
    installed, criterion, points = reference(ana, bob, clock, seed)
    assert (done.installed, done.criterion.value) == (installed, criterion)
    assert done.points == points
    if done.installed is not None:
        loser = bob if done.installed == "ana" else ana
        assert done.bonuses[loser.player] == {}
        assert (ana if done.installed == "ana" else bob).accepted
