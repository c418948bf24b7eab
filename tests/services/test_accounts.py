"""Accounts (:mod:`arbitre.services.archive.accounts`) on real databases, SQLite and PostgreSQL
(``tests.database_fixtures``): the migration that adds their tables comes after the
environments' and keeps what was there; sign up, in and out; names unique whatever their case;
the database holds an argon2id hash of each password and the SHA-256 of each token, never them;
one refusal for an unknown name and a wrong password; API keys issued, used and revoked; an
organiser granted by name; a deleted account frees its name and ends its tokens, its archived
results staying under a placeholder name; seats linked to
an account listed newest first, with the player's result once the game is archived."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from alembic import command
from alembic.config import Config
from argon2 import PasswordHasher
from sqlalchemy import create_engine, select

from arbitre.services.archive.accounts import (
    API_KEY_PREFIX,
    DELETED_NAME,
    SESSION_DAYS,
    SESSION_PREFIX,
    AccountStore,
    BadAccountError,
    KeyNotAllowedError,
    NameTakenError,
    NotFoundError,
    UnknownTokenError,
    WrongCredentialsError,
    token_hash,
)
from arbitre.services.archive.environments import EnvironmentStore
from arbitre.services.archive.migrate import MIGRATIONS, current_revision, head_revision
from arbitre.services.archive.models import AccountRow, AccountSessionRow, ApiKeyRow
from arbitre.services.archive.store import ArchiveStore, engine_url
from tests.database_fixtures import (  # noqa: F401
    database_url,
    postgres_database,
    postgres_server,
)
from tests.services.test_archive import a_game

#: Cheap argon2 parameters: the tests check the logic, not the cost.
FAST = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
NOW = 1_764_000_000_000
DAY_MS = 86_400_000
PASSWORD = "correct horse battery"


@pytest.fixture
def store(database_url: str) -> Iterator[AccountStore]:  # noqa: F811
    archive = ArchiveStore.open(database_url)
    archive.upgrade()
    try:
        yield AccountStore(archive.engine, FAST)
    finally:
        archive.close()


def test_the_migration_comes_after_the_environments_and_keeps_them(
    database_url: str,  # noqa: F811
) -> None:
    engine = create_engine(engine_url(database_url))
    try:
        config = Config()
        config.set_main_option("script_location", MIGRATIONS)
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0002_environments")
        EnvironmentStore(engine, FAST).save("duel", "Soirée", {}, None, NOW)
        archive = ArchiveStore(engine)
        assert archive.upgrade() == ("0002_environments", head_revision())
        assert archive.upgrade() == (head_revision(), head_revision())  # twice: nothing
        assert current_revision(engine) == head_revision()
        assert [found.name for found in EnvironmentStore(engine, FAST).names("duel")] == ["Soirée"]
        signed = AccountStore(engine, FAST).sign_up("Zoé", PASSWORD, NOW)
        assert signed.account.name == "Zoé"
    finally:
        engine.dispose()


def test_sign_up_in_and_out(store: AccountStore) -> None:
    signed = store.sign_up(
        "  Zoé ", PASSWORD, NOW, licence="12345", club="Club de Lyon", serie="s3", country="fra"
    )
    account = signed.account
    assert (account.name, account.licence, account.club, account.serie, account.country) == (
        "Zoé",
        "12345",
        "Club de Lyon",
        "S3",
        "FRA",
    )
    assert not account.organiser
    assert account.created_ms == NOW
    assert signed.session_token.startswith(SESSION_PREFIX)
    assert signed.expires_ms == NOW + SESSION_DAYS * DAY_MS
    assert store.authenticate(signed.session_token, NOW + 1) == account

    again = store.sign_in("ZOÉ", PASSWORD, NOW + 5)  # any case
    assert again.account == account
    assert again.session_token != signed.session_token  # one session a device
    assert store.sign_out(again.session_token, NOW + 6) == account
    with pytest.raises(UnknownTokenError):
        store.authenticate(again.session_token, NOW + 7)
    assert store.authenticate(signed.session_token, NOW + 7) == account  # the other goes on
    with pytest.raises(UnknownTokenError):  # expired
        store.authenticate(signed.session_token, NOW + SESSION_DAYS * DAY_MS + 1)
    later = store.sign_in("zoé", PASSWORD, NOW + SESSION_DAYS * DAY_MS + 2)
    with store.engine.connect() as connection:  # the expired session was deleted then
        kept = connection.execute(select(AccountSessionRow.token_hash)).scalars().all()
    assert kept == [token_hash(later.session_token)]
    for token in ("", "s_nosuch", "nothing", signed.session_token + "x"):
        with pytest.raises(UnknownTokenError):
            store.authenticate(token, NOW)


def test_the_database_keeps_hashes_only(store: AccountStore) -> None:
    signed = store.sign_up("Ana", PASSWORD, NOW)
    key, clear = store.issue_key(signed.session_token, "my app", NOW)
    with store.engine.connect() as connection:
        hashed = connection.execute(select(AccountRow.password_hash)).scalar_one()
        sessions = connection.execute(select(AccountSessionRow.token_hash)).scalars().all()
        keys = connection.execute(select(ApiKeyRow.key_hash, ApiKeyRow.prefix)).one()
    assert hashed is not None
    assert hashed.startswith("$argon2id$")
    assert PASSWORD not in hashed
    assert sessions == [token_hash(signed.session_token)]
    assert keys.key_hash == token_hash(clear) != clear
    assert keys.prefix == key.prefix == clear[:10]
    assert clear.startswith(API_KEY_PREFIX)


def test_names_are_unique_whatever_their_case_and_bad_input_is_refused(
    store: AccountStore,
) -> None:
    store.sign_up("Soirée", PASSWORD, NOW)
    with pytest.raises(NameTakenError):
        store.sign_up("SOIRÉE", "another password", NOW)
    cases = [
        (("", PASSWORD), "bad_name"),
        (("x" * 41, PASSWORD), "bad_name"),
        (("tab\there", PASSWORD), "bad_name"),
        (("a/b", PASSWORD), "bad_name"),
        (("Bob", "short"), "bad_password"),
        (("Bob", "x" * 201), "bad_password"),
    ]
    for (name, password), code in cases:
        with pytest.raises(BadAccountError) as raised:
            store.sign_up(name, password, NOW)
        assert raised.value.code == code
    for fields in ({"serie": "S9"}, {"country": "France"}, {"licence": "12;drop"}):
        with pytest.raises(BadAccountError) as raised:
            store.sign_up("Bob", PASSWORD, NOW, **fields)
        assert raised.value.code == "bad_registration"
    with store.engine.connect() as connection:
        assert connection.execute(select(AccountRow.name)).scalars().all() == ["Soirée"]


def test_a_wrong_password_and_an_unknown_name_are_one_refusal(store: AccountStore) -> None:
    signed = store.sign_up("Ana", PASSWORD, NOW)
    messages = set()
    for name, password in (("Ana", "wrong password"), ("Nobody", PASSWORD), ("Ana", "")):
        with pytest.raises(WrongCredentialsError) as raised:
            store.sign_in(name, password, NOW)
        messages.add(raised.value.message)
        assert PASSWORD not in raised.value.message
    assert messages == {"wrong name or password"}
    with store.engine.connect() as connection:
        sessions = connection.execute(select(AccountSessionRow.token_hash)).scalars().all()
    assert sessions == [token_hash(signed.session_token)]  # sign-up's only


def test_api_keys_are_issued_used_and_revoked(store: AccountStore) -> None:
    signed = store.sign_up("Ana", PASSWORD, NOW)
    other = store.sign_up("Bob", PASSWORD, NOW)
    key, clear = store.issue_key(signed.session_token, " scores app ", NOW + 1)
    assert (key.label, key.created_ms, key.revoked_ms) == ("scores app", NOW + 1, 0)
    assert store.authenticate(clear, NOW + 2) == signed.account
    with pytest.raises(KeyNotAllowedError):  # a key issues no key, deletes nothing
        store.issue_key(clear, "another", NOW)
    with pytest.raises(KeyNotAllowedError):
        store.delete(clear, PASSWORD, NOW)
    with pytest.raises(BadAccountError):
        store.issue_key(signed.session_token, "", NOW)
    assert store.keys(clear, NOW) == [key]
    assert store.keys(other.session_token, NOW) == []
    with pytest.raises(NotFoundError):  # not Bob's
        store.revoke_key(other.session_token, key.key_id, NOW)
    assert store.authenticate(clear, NOW + 3) == signed.account
    revoked = store.revoke_key(signed.session_token, key.key_id, NOW + 4)
    assert revoked.revoked_ms == NOW + 4
    assert store.revoke_key(signed.session_token, key.key_id, NOW + 9).revoked_ms == NOW + 4
    with pytest.raises(UnknownTokenError):
        store.authenticate(clear, NOW + 5)
    with pytest.raises(UnknownTokenError):  # a session token is not a key, nor the reverse
        store.authenticate(API_KEY_PREFIX + signed.session_token[2:], NOW)


def test_an_operator_grants_organiser_rights_by_name(store: AccountStore) -> None:
    signed = store.sign_up("Ana", PASSWORD, NOW)
    assert store.grant_organiser("ANA").organiser
    assert store.authenticate(signed.session_token, NOW).organiser
    assert not store.grant_organiser("ana", granted=False).organiser
    with pytest.raises(NotFoundError):
        store.grant_organiser("nobody")


def test_deleting_an_account_frees_its_name_and_ends_its_tokens(store: AccountStore) -> None:
    signed = store.sign_up("Ana", PASSWORD, NOW, club="Club de Lyon")
    device = store.sign_in("ana", PASSWORD, NOW)
    _, clear = store.issue_key(signed.session_token, "app", NOW)
    with pytest.raises(WrongCredentialsError):
        store.delete(signed.session_token, "not the password", NOW)
    assert store.authenticate(device.session_token, NOW) == signed.account  # nothing changed
    assert store.delete(signed.session_token, PASSWORD, NOW + 1) == signed.account
    for token in (signed.session_token, device.session_token, clear):
        with pytest.raises(UnknownTokenError):
            store.authenticate(token, NOW + 2)
    with pytest.raises(WrongCredentialsError):
        store.sign_in("Ana", PASSWORD, NOW + 2)
    with store.engine.connect() as connection:
        row = connection.execute(select(AccountRow.__table__)).one()
    assert (row.id, row.name, row.name_key, row.password_hash, row.club) == (
        signed.account.account_id,
        None,
        None,
        None,
        "",
    )
    assert row.deleted_at is not None
    again = store.sign_up("Ana", PASSWORD, NOW + 3)  # the name is free again
    assert again.account.account_id != signed.account.account_id


def test_seats_are_listed_newest_first_with_their_result_once_archived(
    store: AccountStore,
) -> None:
    ana = store.sign_up("Ana", PASSWORD, NOW).account
    bob = store.sign_up("Bob", PASSWORD, NOW).account
    store.link_seat(ana.account_id, "g-1", "p1", "indecix", "Le tournoi d'été", NOW)
    store.link_seat(ana.account_id, "g-1", "p1", "indecix", "again", NOW + 1)  # once only
    store.link_seat(ana.account_id, "g-2", "p7", "duel", "Mots", NOW + 2)
    store.link_seat(bob.account_id, "g-2", "p8", "duel", "Mots", NOW + 2)
    assert [seat.game_id for seat in store.held_seats(ana.account_id)] == ["g-2", "g-1"]
    assert store.held_seats(ana.account_id, limit=1)[0].game_id == "g-2"
    assert all(not seat.archived for seat in store.held_seats(ana.account_id))
    assert store.seat_of(ana.account_id, "g-1") == "p1"
    assert store.seat_of(bob.account_id, "g-1") is None
    assert ArchiveStore(store.engine).add(a_game("g-1"), now_ms=NOW + 5)
    finished = store.held_seats(ana.account_id)[1]
    assert (finished.archived, finished.rank, finished.total, finished.players) == (
        True,
        2,
        72,
        2,
    )
    assert finished.finished_ms == a_game().finished_ms
    assert finished.title == "Le tournoi d'été"


def test_a_deleted_accounts_archived_results_stay_without_its_name(store: AccountStore) -> None:
    signed = store.sign_up("Anaïs", PASSWORD, NOW)
    store.link_seat(signed.account.account_id, "g-1", "p1", "indecix", "", NOW)
    archive = ArchiveStore(store.engine)
    assert archive.add(a_game("g-1"), now_ms=NOW)
    assert archive.add(a_game("g-2"), now_ms=NOW)  # a game it did not play (p1 there too)
    store.delete(signed.session_token, PASSWORD, NOW + 1)
    game = archive.get("g-1")
    assert game is not None
    assert [player.name for player in game.players] == [DELETED_NAME, "Robot Expert"]
    assert [(line["player"], line["name"], line["total"]) for line in game.standings] == [
        ("p2", "Robot Expert", 90),
        ("p1", DELETED_NAME, 72),  # the result stays
    ]
    assert archive.get("g-2") == a_game("g-2")  # another game's p1 is someone else
