"""Long-term figures (:mod:`arbitre.services.archive.ratings`) on SQLite and PostgreSQL: a rated
game updates its account-held players' Glicko-2 ratings once, when the archive writes it (not on
a second insert, not twice when two stores race, never for a kind not rated; two games of one
account archived at once both count); duplicate's % of
top over the last N games with its series; public rankings by kind, série and country, a deleted
account's line without its name."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace

import pytest
from argon2 import PasswordHasher
from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError

from arbitre.rules.glicko2 import Rating, update
from arbitre.services.archive.accounts import AccountStore
from arbitre.services.archive.models import RatingRow
from arbitre.services.archive.ratings import figures, rankings
from arbitre.services.archive.store import ArchivedPlayer, ArchiveStore, FinishedGame
from tests.database_fixtures import (  # noqa: F401
    database_url,
    postgres_database,
    postgres_server,
)
from tests.services.test_archive import a_game

FAST = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
NOW = 1_764_000_000_000
PASSWORD = "correct horse battery"


@pytest.fixture
def archive(database_url: str) -> Iterator[ArchiveStore]:  # noqa: F811
    store = ArchiveStore.open(database_url)
    store.upgrade()
    try:
        yield store
    finally:
        store.close()


def two_player_game(
    game_id: str, kind: str, winner: str, loser: str, **details: float
) -> FinishedGame:
    """A finished game of ``kind`` that ``winner`` won against ``loser`` (player ids)."""
    return replace(
        a_game(game_id),
        kind=kind,
        players=(ArchivedPlayer(winner, winner), ArchivedPlayer(loser, loser)),
        standings=(
            {"rank": 1, "player": winner, "name": winner, "total": 90, "details": details or None},
            {"rank": 2, "player": loser, "name": loser, "total": 70, "details": details or None},
        ),
    )


def test_a_rated_game_updates_its_accounts_ratings_once(archive: ArchiveStore) -> None:
    accounts = AccountStore(archive.engine, FAST)
    ana = accounts.sign_up("Ana", PASSWORD, NOW, serie="S2", country="FRA").account
    bob = accounts.sign_up("Bob", PASSWORD, NOW).account
    accounts.link_seat(ana.account_id, "g-1", "pa", "indecix", "", NOW)
    accounts.link_seat(bob.account_id, "g-1", "pb", "indecix", "", NOW)
    game = two_player_game("g-1", "indecix", "pa", "pb")
    assert archive.add(game, NOW)
    expected = update(Rating(), [(Rating(), 1.0)])
    won = figures(archive.engine, ana.account_id, "indecix")
    assert won.games == 1
    assert won.rating is not None
    assert won.rating.rating == pytest.approx(expected.rating)
    lost = figures(archive.engine, bob.account_id, "indecix")
    assert lost.rating is not None
    assert lost.rating.rating == pytest.approx(2 * 1500 - expected.rating)
    assert not archive.add(game, NOW + 1)  # archived already: rated already
    assert figures(archive.engine, ana.account_id, "indecix").games == 1
    assert figures(archive.engine, ana.account_id, "duel").games == 0
    with archive.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(RatingRow)).scalar() == 2


def test_two_stores_racing_on_a_game_rate_it_once(archive: ArchiveStore) -> None:
    accounts = AccountStore(archive.engine, FAST)
    ana = accounts.sign_up("Ana", PASSWORD, NOW).account
    accounts.link_seat(ana.account_id, "g-1", "pa", "duel", "", NOW)
    game = two_player_game("g-1", "duel", "pa", "guest")  # a guest: a new player's rating
    stores = [ArchiveStore(archive.engine), ArchiveStore(archive.engine)]
    barrier = threading.Barrier(len(stores))
    written: list[bool] = []

    def archive_it(store: ArchiveStore) -> None:
        barrier.wait()
        written.append(store.add(game, NOW))

    threads = [threading.Thread(target=archive_it, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(written) == [False, True]
    assert figures(archive.engine, ana.account_id, "duel").games == 1


def test_a_kind_not_rated_and_a_game_of_guests_rate_nobody(archive: ArchiveStore) -> None:
    accounts = AccountStore(archive.engine, FAST)
    ana = accounts.sign_up("Ana", PASSWORD, NOW).account
    accounts.link_seat(ana.account_id, "g-1", "pa", "duplikta", "", NOW)
    assert archive.add(two_player_game("g-1", "duplikta", "pa", "pb"), NOW)
    assert archive.add(two_player_game("g-2", "duel", "px", "py"), NOW)
    with archive.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(RatingRow)).scalar() == 0
    with pytest.raises(ValueError, match="figures of"):
        figures(archive.engine, ana.account_id, "duplikta")


def test_duplicate_percent_of_top_over_the_last_games(archive: ArchiveStore) -> None:
    accounts = AccountStore(archive.engine, FAST)
    ana = accounts.sign_up("Ana", PASSWORD, NOW).account
    percents = [80.0, 90.0, 100.0, 70.0]
    for number, percent in enumerate(percents):
        game_id = f"d-{number}"
        accounts.link_seat(ana.account_id, game_id, "pa", "duplicate", "", NOW)
        game = two_player_game(game_id, "duplicate", "pa", "pb", percent_of_top=percent)
        assert archive.add(replace(game, finished_ms=NOW + number * 1000), NOW)
    everything = figures(archive.engine, ana.account_id, "duplicate")
    assert everything.games == 4
    assert everything.percent_of_top == 85.0
    assert [percent for _, _, percent in everything.series] == percents  # oldest first
    last_two = figures(archive.engine, ana.account_id, "duplicate", last=2)
    assert last_two.percent_of_top == 85.0
    assert [game_id for game_id, _, _ in last_two.series] == ["d-2", "d-3"]
    assert figures(archive.engine, ana.account_id + 1, "duplicate").percent_of_top is None
    with pytest.raises(ValueError, match="last"):
        figures(archive.engine, ana.account_id, "duplicate", last=0)


def test_rankings_by_kind_serie_and_country_without_deleted_names(
    archive: ArchiveStore,
) -> None:
    accounts = AccountStore(archive.engine, FAST)
    ana = accounts.sign_up("Ana", PASSWORD, NOW, serie="S2", country="FRA")
    bob = accounts.sign_up("Bob", PASSWORD, NOW, serie="S2", country="BEL")
    cyd = accounts.sign_up("Cyd", PASSWORD, NOW, serie="S4", country="FRA")
    ids = {
        name: signed.account.account_id for name, signed in zip("abc", (ana, bob, cyd), strict=True)
    }
    for number, (winner, loser) in enumerate((("a", "b"), ("a", "c"), ("b", "c"))):
        game_id = f"g-{number}"
        accounts.link_seat(ids[winner], game_id, winner, "indecix", "", NOW)
        accounts.link_seat(ids[loser], game_id, loser, "indecix", "", NOW)
        assert archive.add(two_player_game(game_id, "indecix", winner, loser), NOW)
    ranked = rankings(archive.engine, "indecix")
    assert [line.name for line in ranked] == ["Ana", "Bob", "Cyd"]
    assert [line.rank for line in ranked] == [1, 2, 3]
    assert ranked[0].rating is not None
    assert ranked[2].rating is not None
    assert ranked[0].rating > 1500 > ranked[2].rating
    assert [line.name for line in rankings(archive.engine, "indecix", serie="S2")] == ["Ana", "Bob"]
    assert [line.name for line in rankings(archive.engine, "indecix", country="FRA")] == [
        "Ana",
        "Cyd",
    ]
    assert [line.name for line in rankings(archive.engine, "indecix", limit=1)] == ["Ana"]
    assert rankings(archive.engine, "duel") == []
    accounts.delete(ana.session_token, PASSWORD, NOW + 1)
    after = rankings(archive.engine, "indecix")
    assert [line.name for line in after] == ["", "Bob", "Cyd"]  # the result stays, anonymised
    assert (after[0].serie, after[0].country, after[0].club) == ("", "", "")
    assert [line.name for line in rankings(archive.engine, "indecix", country="FRA")] == ["Cyd"]
    with pytest.raises(ValueError, match="rankings of"):
        rankings(archive.engine, "duplikta")


def test_duplicate_rankings_by_percent_of_top(archive: ArchiveStore) -> None:
    accounts = AccountStore(archive.engine, FAST)
    ana = accounts.sign_up("Ana", PASSWORD, NOW, country="FRA").account
    bob = accounts.sign_up("Bob", PASSWORD, NOW, country="BEL").account
    for number, (account, percent) in enumerate(((ana, 95.5), (bob, 99.0), (ana, 90.5))):
        accounts.link_seat(account.account_id, f"d-{number}", "p", "duplicate", "", NOW)
        game = two_player_game(f"d-{number}", "duplicate", "p", "q", percent_of_top=percent)
        assert archive.add(game, NOW)
    ranked = rankings(archive.engine, "duplicate")
    assert [(line.name, line.percent_of_top, line.games) for line in ranked] == [
        ("Bob", 99.0, 1),
        ("Ana", 93.0, 2),
    ]
    assert [line.name for line in rankings(archive.engine, "duplicate", country="FRA")] == ["Ana"]


def test_two_games_of_one_account_archived_at_once_both_count(archive: ArchiveStore) -> None:
    """Both read the account's rating under a lock (or, for its first rating, one insert fails
    and its game is archived again, as the archiver retries): no update is lost."""
    accounts = AccountStore(archive.engine, FAST)
    ana = accounts.sign_up("Ana", PASSWORD, NOW).account
    games = [two_player_game(f"g-{number}", "indecix", "pa", "guest") for number in range(2)]
    for game in games:
        accounts.link_seat(ana.account_id, game.game_id, "pa", "indecix", "", NOW)
    barrier = threading.Barrier(len(games))
    failures: list[Exception] = []

    def archive_it(game: FinishedGame) -> None:
        store = ArchiveStore(archive.engine)
        barrier.wait()
        try:
            store.add(game, NOW)
        except SQLAlchemyError as error:  # the archiver retries it
            failures.append(error)
            assert store.add(game, NOW)

    threads = [threading.Thread(target=archive_it, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(failures) <= 1
    assert figures(archive.engine, ana.account_id, "indecix").games == 2
    assert archive.count() == 2
