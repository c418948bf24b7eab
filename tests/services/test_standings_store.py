"""The standings of games in Redis (:mod:`arbitre.services.standings_store`), on a real Redis:
closing turns adds the points and solos once, reading ranks them as the rules do
(:func:`arbitre.rules.results.standings`), page by page."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import redis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.rules.results import InvalidResultsError, Standing, TurnScores, standings
from arbitre.services.game_keys import GameKeys
from arbitre.services.standings_store import StandingsStore
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

GAME = "g1"


@pytest.fixture
def db(redis_db: redis.Redis) -> redis.Redis:  # noqa: F811
    """The tests' Redis database, flushed."""
    return redis_db


@pytest.fixture
def store(db: redis.Redis) -> StandingsStore:
    return StandingsStore(db)


def close(
    store: StandingsStore,
    turn: int,
    top: int,
    points: dict[str, int],
    players: list[str] | None = None,
    *,
    game: str = GAME,
    solo_bonus: int = 10,
    solo_min_players: int = 16,
) -> tuple[frozenset[str], bool]:
    return store.close_turn(
        game,
        turn,
        top,
        sorted(points) if players is None else players,
        points,
        solo_bonus,
        solo_min_players,
    )


def lines(store: StandingsStore, game: str = GAME) -> list[tuple[int, str, int]]:
    return [(line.rank, line.player, line.total) for line in store.page(game).standings]


def game_keys(client: redis.Redis, game: str = GAME) -> list[str]:
    return sorted(str(key) for key in client.keys(f"arbitre:game:{{{game}}}*"))


def test_closing_turns_adds_their_points(store: StandingsStore) -> None:
    assert close(store, 1, 80, {"ana": 80, "bob": 30, "cyd": 0}) == (frozenset(), False)
    assert close(store, 2, 36, {"ana": 30, "bob": 36}, ["ana", "bob", "cyd"]) == (
        frozenset(),
        False,
    )
    page = store.page(GAME)
    assert (page.top_total, page.turns, page.players) == (116, 2, 3)
    assert page.standings == (
        Standing(1, "ana", 110, -6, 94.83, 1, 0),
        Standing(2, "bob", 66, -50, 56.9, 1, 0),
        Standing(3, "cyd", 0, -116, 0.0, 0, 0),
    )


def test_a_player_alone_on_the_top_gets_a_solo(store: StandingsStore) -> None:
    players = ["ana", "bob", "cyd"]
    # alone on the top, enough players: +10
    assert close(store, 1, 50, {"ana": 50, "bob": 20}, players, solo_min_players=3) == (
        frozenset({"ana"}),
        False,
    )
    # two on the top: no solo
    assert close(store, 2, 40, {"ana": 40, "bob": 40}, players, solo_min_players=3) == (
        frozenset(),
        False,
    )
    # a top of 0 is no solo
    assert close(store, 3, 0, {}, players, solo_min_players=3)[0] == frozenset()
    page = store.page(GAME)
    assert page.standings == (
        Standing(1, "ana", 100, 10, 111.11, 3, 1),
        Standing(2, "bob", 60, -30, 66.67, 2, 0),
        Standing(3, "cyd", 0, -90, 0.0, 1, 0),
    )
    assert page.top_total == 90


@pytest.mark.parametrize(
    ("solo_bonus", "solo_min_players"),
    [(10, 4), (0, 1)],  # too few players; solos off
)
def test_no_solo_below_the_minimum_or_without_a_bonus(
    store: StandingsStore, solo_bonus: int, solo_min_players: int
) -> None:
    alone, _ = close(
        store,
        1,
        50,
        {"ana": 50, "bob": 20, "cyd": 0},
        solo_bonus=solo_bonus,
        solo_min_players=solo_min_players,
    )
    assert alone == frozenset()
    assert store.page(GAME).standings[0] == Standing(1, "ana", 50, 0, 100.0, 1, 0)


def test_a_solo_counts_every_registered_player_answered_or_not(store: StandingsStore) -> None:
    """Two players answered, four are registered: the solo rule sees four."""
    alone, _ = close(
        store, 1, 30, {"ana": 30, "bob": 3}, ["ana", "bob", "cyd", "dan"], solo_min_players=4
    )
    assert alone == frozenset({"ana"})
    assert store.page(GAME).standings[0].total == 40


def test_equal_totals_share_a_place_in_player_id_order(store: StandingsStore) -> None:
    close(store, 1, 50, {"dan": 50, "cyd": 40, "bob": 40, "ana": 30, "eve": 40})
    assert lines(store) == [
        (1, "dan", 50),
        (2, "bob", 40),
        (2, "cyd", 40),
        (2, "eve", 40),
        (5, "ana", 30),
    ]
    close(store, 2, 10, {"ana": 10, "bob": 0, "cyd": 0, "dan": 0, "eve": 0})
    assert lines(store) == [
        (1, "dan", 50),
        (2, "ana", 40),
        (2, "bob", 40),
        (2, "cyd", 40),
        (2, "eve", 40),
    ]


def test_negatif_and_percent_of_top(store: StandingsStore) -> None:
    close(store, 1, 3, {"ana": 3, "bob": 2, "cyd": 1, "dan": 0})
    page = store.page(GAME)
    assert [(line.negatif, line.percent_of_top) for line in page.standings] == [
        (0, 100.0),
        (-1, 66.67),  # 66.666… rounded half up
        (-2, 33.33),
        (-3, 0.0),
    ]
    close(store, 2, 0, {}, ["ana", "bob", "cyd", "dan"])
    assert store.page(GAME).top_total == 3


def test_with_nothing_to_score_everyone_has_100_percent(store: StandingsStore) -> None:
    close(store, 1, 0, {"ana": 0, "bob": 0})
    page = store.page(GAME)
    assert [(line.rank, line.percent_of_top, line.tops) for line in page.standings] == [
        (1, 100.0, 1),
        (1, 100.0, 1),
    ]


def test_closing_a_turn_twice_changes_nothing(store: StandingsStore, db: redis.Redis) -> None:
    players = ["ana", "bob", "cyd"]
    assert close(store, 1, 50, {"ana": 50, "bob": 20}, players, solo_min_players=2) == (
        frozenset({"ana"}),
        False,
    )
    before = store.page(GAME)
    dump = {key: db.dump(key) for key in game_keys(db)}
    again = close(store, 1, 50, {"ana": 50, "bob": 20}, players, solo_min_players=2)
    assert again == (frozenset({"ana"}), True)
    # other points for the same turn: still nothing changes
    assert close(store, 1, 90, {"bob": 90, "cyd": 90}, players)[1] is True
    assert store.page(GAME) == before
    assert {key: db.dump(key) for key in game_keys(db)} == dump
    # the next turn is added normally
    assert close(store, 2, 10, {"cyd": 10}, players) == (frozenset(), False)
    assert store.page(GAME).turns == 2


def test_games_are_kept_apart(store: StandingsStore) -> None:
    close(store, 1, 50, {"ana": 50}, game="one")
    assert close(store, 1, 20, {"ana": 5}, game="two") == (frozenset(), False)
    assert lines(store, "one") == [(1, "ana", 50)]
    assert lines(store, "two") == [(1, "ana", 5)]
    empty = store.page("three")
    assert (empty.standings, empty.top_total, empty.turns, empty.players) == ((), 0, 0, 0)


def test_pages_keep_the_ranks_of_the_whole_ranking(store: StandingsStore) -> None:
    totals = {"a": 9, "b": 7, "c": 7, "d": 7, "e": 5, "f": 5, "g": 3, "h": 0, "i": 0, "j": 9}
    close(store, 1, 9, totals)
    whole = store.page(GAME).standings
    assert [(line.rank, line.player) for line in whole] == [
        (1, "a"),
        (1, "j"),
        (3, "b"),
        (3, "c"),
        (3, "d"),
        (6, "e"),
        (6, "f"),
        (8, "g"),
        (9, "h"),
        (9, "i"),
    ]
    for offset, limit in itertools.product(range(12), range(5)):
        page = store.page(GAME, offset, limit)
        expected = whole[offset : offset + limit] if limit else whole[offset:]
        assert page.standings == expected, (offset, limit)
        assert (page.top_total, page.turns, page.players) == (9, 1, 10)


@pytest.mark.parametrize(
    ("top", "points", "players"),
    [
        (30, {"ana": 31}, ["ana", "bob"]),  # above the top
        (30, {"ana": -1}, ["ana", "bob"]),  # negative
        (30, {"ana": 10, "zed": 5}, ["ana", "bob"]),  # not a registered player
        (-1, {}, ["ana", "bob"]),  # negative top
        (30, {"ana": 30}, ["ana", "ana"]),  # a player registered twice
    ],
)
def test_refused_results_write_nothing(
    store: StandingsStore,
    db: redis.Redis,
    top: int,
    points: dict[str, int],
    players: list[str],
) -> None:
    with pytest.raises(InvalidResultsError):
        close(store, 1, top, points, players, solo_min_players=2)
    assert game_keys(db) == []
    # the turn can still be closed with valid results
    assert close(store, 1, 30, {"ana": 30}, ["ana", "bob"]) == (frozenset(), False)
    assert lines(store) == [(1, "ana", 30), (2, "bob", 0)]


def test_the_keys_are_the_game_s() -> None:
    keys = GameKeys("g1")
    assert {keys.totals, keys.stats, keys.closed} == {
        "arbitre:game:{g1}:totals",
        "arbitre:game:{g1}:stats",
        "arbitre:game:{g1}:closed",
    }


# -- the rules' standings, property-tested ----------------------------------------------------

PLAYER_IDS = ["p" + suffix for suffix in ("A", "B", "Ca", "Cb", "_x", "-y", "0", "9", "é", "z")]


@st.composite
def seasons(draw: st.DrawFn) -> dict[str, Any]:
    """Players, turns (each player's points: 0, the top or in between) and the solo rule."""
    players = draw(st.lists(st.sampled_from(PLAYER_IDS), min_size=1, max_size=8, unique=True))
    turns = []
    for number in range(1, draw(st.integers(0, 6)) + 1):
        top = draw(st.integers(0, 130))
        answered = draw(st.lists(st.sampled_from(players), unique=True))
        turns.append(
            TurnScores(
                number,
                top,
                {player: draw(st.one_of(st.just(top), st.integers(0, top))) for player in answered},
            )
        )
    return {
        "players": players,
        "turns": draw(st.permutations(turns)),  # the order of closing does not matter
        "solo_bonus": draw(st.sampled_from([0, 10, 25])),
        "solo_min_players": draw(st.integers(1, 5)),
    }


game_numbers = itertools.count()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(season=seasons(), offset=st.integers(0, 9), limit=st.integers(0, 4))
def test_the_store_ranks_as_the_rules_do(
    store: StandingsStore, season: dict[str, Any], offset: int, limit: int
) -> None:
    game = f"prop{next(game_numbers)}"
    for turn in season["turns"]:
        close(
            store,
            turn.number,
            turn.top,
            dict(turn.points),
            season["players"],
            game=game,
            solo_bonus=season["solo_bonus"],
            solo_min_players=season["solo_min_players"],
        )
    expected = standings(
        season["players"],
        season["turns"],
        solo_bonus=season["solo_bonus"],
        solo_min_players=season["solo_min_players"],
    )
    page = store.page(game)
    if season["turns"]:
        assert list(page.standings) == expected
        assert page.players == len(season["players"])
    else:
        assert page.standings == ()
    assert page.top_total == sum(turn.top for turn in season["turns"])
    assert page.turns == len(season["turns"])
    part = store.page(game, offset, limit).standings
    assert list(part) == list(page.standings)[offset : offset + limit if limit else None]
