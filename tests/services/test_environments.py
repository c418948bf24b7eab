"""Saved environments (:mod:`arbitre.services.archive.environments`) on real databases, SQLite and
PostgreSQL (``tests.database_fixtures``): the migration that adds their table comes after the
games' (a database archived under the first keeps its games), options are the kind's and checked
on the way in and out, a name is unique per kind whatever its case, a password is an argon2id
hash that loading, overwriting and deleting need."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from alembic import command
from alembic.config import Config
from argon2 import PasswordHasher
from sqlalchemy import create_engine, select, update

from arbitre.rules.kinds import kind
from arbitre.services.archive.environments import (
    BadEnvironmentError,
    EnvironmentNotFoundError,
    EnvironmentStore,
    NameTakenError,
    WrongPasswordError,
)
from arbitre.services.archive.migrate import MIGRATIONS, current_revision, head_revision
from arbitre.services.archive.models import EnvironmentRow
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
CLUB = {"tiles": "fr", "same_racks": True, "clock": 120, "chances": 2}


@pytest.fixture
def store(database_url: str) -> Iterator[EnvironmentStore]:  # noqa: F811
    archive = ArchiveStore.open(database_url)
    archive.upgrade()
    try:
        yield EnvironmentStore(archive.engine, FAST)
    finally:
        archive.close()


def test_the_migration_comes_after_the_games_and_keeps_them(
    database_url: str,  # noqa: F811
) -> None:
    engine = create_engine(engine_url(database_url))
    try:
        config = Config()
        config.set_main_option("script_location", MIGRATIONS)
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0001_games")
        assert current_revision(engine) == "0001_games"
        archive = ArchiveStore(engine)
        # a game of a kind not rated: archiving a rated one reads the seats of migration 0004
        old = replace(a_game(), kind="duplicate")
        assert archive.add(old, now_ms=NOW)
        assert archive.upgrade() == ("0001_games", head_revision())
        assert archive.upgrade() == (head_revision(), head_revision())  # again: nothing
        assert archive.get("g-1") == old
    finally:
        engine.dispose()


def test_options_are_saved_as_the_kind_reads_them_and_loaded_back(
    store: EnvironmentStore,
) -> None:
    saved = store.save("duplikta", "  Club du mardi ", CLUB, None, NOW)
    assert saved.name == "Club du mardi"
    assert not saved.protected
    duplikta = kind("duplikta")
    expected = duplikta.config_data(duplikta.configure(CLUB))  # every option, defaults too
    assert {**expected, **CLUB, "tile_set": None, "handicaps": [0, 0]} == expected
    assert saved.options == expected
    loaded = store.load("duplikta", "CLUB DU MARDI", None)  # any case
    assert loaded.options == expected
    assert (loaded.created_ms, loaded.updated_ms) == (NOW, NOW)
    assert [found.name for found in store.names("duplikta")] == ["Club du mardi"]
    assert store.names("duel") == []


def test_bad_names_kinds_and_options_are_refused(store: EnvironmentStore) -> None:
    for name in ("", "   ", "x" * 41, "tab\there", "a/b"):
        with pytest.raises(BadEnvironmentError) as raised:
            store.save("duplikta", name, CLUB, None, NOW)
        assert raised.value.code == "bad_name"
    store.save("duplikta", "x" * 40, {}, None, NOW)
    with pytest.raises(BadEnvironmentError) as raised:
        store.save("nosuchkind", "a", {}, None, NOW)
    assert raised.value.code == "bad_kind"
    for options in ({"clock": "soon"}, {"colour": "red"}, {"chances": 99}, ["clock"]):
        with pytest.raises(BadEnvironmentError) as raised:
            store.save("duplikta", "bad", options, None, NOW)
        assert raised.value.code == "bad_options"
    assert [found.name for found in store.names("duplikta")] == ["x" * 40]


def test_a_name_is_taken_whatever_its_case_unless_overwritten(store: EnvironmentStore) -> None:
    store.save("duplikta", "Soirée", CLUB, None, NOW)
    with pytest.raises(NameTakenError):
        store.save("duplikta", "SOIRÉE", {}, None, NOW + 1)
    store.save("duel", "soirée", {}, None, NOW)  # another kind: another name
    again = store.save("duplikta", "SOIRÉE", {"clock": 60}, None, NOW + 5, overwrite=True)
    assert again.name == "SOIRÉE"
    assert (again.created_ms, again.updated_ms) == (NOW, NOW + 5)
    assert store.load("duplikta", "soirée", None).options["clock"] == 60  # type: ignore[index]
    assert len(store.names("duplikta")) == 1


def test_a_password_protects_loading_overwriting_and_deleting(
    store: EnvironmentStore,
) -> None:
    store.save("duplikta", "Secret", CLUB, "sésame", NOW)
    with store.engine.connect() as connection:
        hashed = connection.execute(select(EnvironmentRow.password_hash)).scalar_one()
    assert hashed is not None
    assert hashed.startswith("$argon2id$")
    assert "sésame" not in hashed
    store.save("duplikta", "Public", {}, None, NOW)
    listed = {found.name: found for found in store.names("duplikta")}
    assert listed["Secret"].protected
    assert listed["Secret"].options is None  # never the options of a protected one
    assert listed["Public"].options is not None
    for wrong in (None, "", "SÉSAME"):
        with pytest.raises(WrongPasswordError):
            store.load("duplikta", "secret", wrong)
        with pytest.raises(WrongPasswordError):
            store.save("duplikta", "secret", {}, wrong, NOW, overwrite=True)
        with pytest.raises(WrongPasswordError):
            store.delete("duplikta", "secret", wrong)
    assert store.load("duplikta", "secret", "sésame").options["clock"] == 120  # type: ignore[index]
    store.save("duplikta", "secret", {"clock": 30}, "sésame", NOW + 1, overwrite=True)
    assert store.load("duplikta", "Secret", "sésame").protected
    with pytest.raises(NameTakenError):  # without overwrite: taken, password or not
        store.save("duplikta", "secret", {}, "sésame", NOW + 2)
    store.delete("duplikta", "SECRET", "sésame")
    with pytest.raises(EnvironmentNotFoundError):
        store.load("duplikta", "secret", "sésame")
    with pytest.raises(EnvironmentNotFoundError):
        store.delete("duplikta", "secret", "sésame")
    store.delete("duplikta", "public", None)  # no password: anyone may
    assert store.names("duplikta") == []


def test_options_the_kind_no_longer_reads_are_refused_when_loaded(
    store: EnvironmentStore,
) -> None:
    store.save("duplikta", "Vieux", CLUB, None, NOW)
    with store.engine.begin() as connection:
        connection.execute(update(EnvironmentRow).values(options={"retired_option": 1}))
    with pytest.raises(BadEnvironmentError, match="retired_option"):
        store.load("duplikta", "vieux", None)
