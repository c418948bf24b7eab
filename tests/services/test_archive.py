"""The archive of finished games (:mod:`arbitre.services.archive`) on real databases, SQLite and
PostgreSQL (``tests.database_fixtures``): the migrations bring an empty database to the models'
schema and do nothing when run again, also by replicas at once; a game is written once (a second
insert writes nothing) and read back as it was written; a database that does not answer is an
error the archiver can tell from a game's own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect
from sqlalchemy.exc import SQLAlchemyError

from arbitre.services.archive import database_url as archive_url
from arbitre.services.archive.migrate import current_revision, head_revision, upgrade
from arbitre.services.archive.models import Base
from arbitre.services.archive.store import ArchivedPlayer, FinishedGame, engine_url
from arbitre.services.session.archiver import open_archive, unreachable
from tests.database_fixtures import (  # noqa: F401
    database_url,
    postgres_database,
    postgres_server,
)
from tests.network import free_port


def a_game(game_id: str = "g-1") -> FinishedGame:
    return FinishedGame(
        game_id=game_id,
        kind="indecix",
        title="Le tournoi d'été",
        created_ms=1_764_000_000_000,
        finished_ms=1_764_000_900_123,
        players=(ArchivedPlayer("p1", "Anaïs"), ArchivedPlayer("p2", "Robot Expert", "expert")),
        turns=36,
        standings=(
            {"rank": 1, "player": "p2", "name": "Robot Expert", "total": 90, "details": {}},
            {"rank": 2, "player": "p1", "name": "Anaïs", "total": 72, "details": None},
        ),
        record={"seed": 731_904_286_517_209, "games": [{"rolls": [1, 2, 3]}], "over": True},
        seed_commitment="c" * 64,
        seed_salt="s" * 32,
        fingerprint="f" * 16,
        sheet="",
    )


def test_the_migrations_build_the_models_schema_and_run_again_as_a_no_op(
    database_url: str,  # noqa: F811
) -> None:
    engine = create_engine(engine_url(database_url))
    try:
        assert current_revision(engine) is None
        assert upgrade(engine) == (None, head_revision())
        assert current_revision(engine) == head_revision()
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []  # the migrated schema is the models'
        tables = set(inspect(engine).get_table_names())
        assert upgrade(engine) == (head_revision(), head_revision())  # again: nothing to do
        assert (
            set(inspect(engine).get_table_names())
            == tables
            == {
                "games",
                "environments",
                "accounts",
                "account_sessions",
                "api_keys",
                "account_seats",
                "ratings",
                "alembic_version",
            }
        )
    finally:
        engine.dispose()


def test_replicas_starting_together_migrate_one_after_the_other(
    postgres_database: str,  # noqa: F811
) -> None:
    """On PostgreSQL, replicas (processes: ``arbitre db upgrade``, as each session runs at its
    start) that migrate an empty database at once all succeed: the first migrates, the others
    wait for it (an advisory lock) and find it done. (A SQLite archive is one `arbitre up`'s:
    its data directory is locked.)"""
    environment = {**os.environ, "DATABASE_URL": postgres_database}
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "arbitre", "db", "upgrade"],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    outputs = [process.communicate(timeout=120) for process in processes]
    assert [process.returncode for process in processes] == [0, 0, 0], outputs
    said = sorted("upgraded" if "upgraded" in out else "up to date" for out, _ in outputs)
    assert said == ["up to date", "up to date", "upgraded"], outputs
    engine = create_engine(engine_url(postgres_database))
    try:
        assert current_revision(engine) == head_revision()
    finally:
        engine.dispose()


def test_a_game_is_written_once_and_read_back_as_it_was(database_url: str) -> None:  # noqa: F811
    archive = open_archive(database_url)
    try:
        assert archive.get("g-1") is None
        assert archive.add(a_game(), now_ms=1_764_000_901_000) is True
        assert archive.add(a_game(), now_ms=1_764_000_902_000) is False  # a second: nothing
        changed = FinishedGame(**{**a_game().__dict__, "title": "another"})
        assert archive.add(changed, now_ms=1_764_000_903_000) is False  # the first row stays
        assert archive.count() == 1
        found = archive.get("g-1")
        assert found == a_game()
        assert found is not None
        assert found.archived_ms == 1_764_000_901_000
        assert archive.get("g-2") is None
    finally:
        archive.close()


def test_a_database_that_does_not_answer_is_told_apart(tmp_path: Path) -> None:
    """Down or unreachable (PostgreSQL on a port nobody listens on, a SQLite file whose
    directory is gone): the archive opens all the same (a warning), and its errors say the
    database cannot be used now, not that a game is wrong."""
    for url in (
        f"postgresql://postgres@127.0.0.1:{free_port()}/arbitre",
        f"sqlite:///{tmp_path / 'gone' / 'archive.sqlite3'}",
    ):
        archive = open_archive(url)
        try:
            with pytest.raises(SQLAlchemyError) as raised:
                archive.add(a_game(), now_ms=0)
            assert unreachable(raised.value), raised.value
        finally:
            archive.close()


def test_a_url_that_names_no_usable_database_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match="cannot be used"):
        open_archive("nosuchdb://somewhere/archive")


def test_the_archive_is_database_url_else_a_sqlite_file_in_the_data_dir(tmp_path: Path) -> None:
    assert archive_url(tmp_path, environment={}) == f"sqlite:///{tmp_path}/arbitre.sqlite3"
    given = {"DATABASE_URL": "postgresql://arbitre@db/arbitre"}
    assert archive_url(tmp_path, environment=given) == "postgresql://arbitre@db/arbitre"
    assert engine_url("postgresql://db/a").drivername == "postgresql+psycopg"
    assert engine_url("postgres://db/a").drivername == "postgresql+psycopg"
    assert engine_url("postgresql+psycopg://db/a").drivername == "postgresql+psycopg"
