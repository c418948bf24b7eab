"""``arbitre db upgrade``: the archive of finished games migrated, on SQLite (the data
directory's file, or ``DATABASE_URL``) and PostgreSQL; run twice, the second does nothing; a
database that cannot be used is a clear error (exit status 2), never a traceback."""

from __future__ import annotations

import stat
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

from sqlalchemy import create_engine, text

from arbitre.services.archive.migrate import current_revision, head_revision
from arbitre.services.archive.store import engine_url
from tests.database_fixtures import (  # noqa: F401
    database_url,
    postgres_database,
    postgres_server,
)
from tests.network import free_port

Run = Callable[..., CompletedProcess[bytes]]


def test_upgrade_makes_the_data_dirs_archive_and_a_second_run_does_nothing(
    arbitre: Run, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    environment = {"DATABASE_URL": ""}
    first = arbitre("db", "upgrade", "--data-dir", data, env=environment)
    assert first.returncode == 0, first.stderr.decode()
    assert f"upgraded from an empty database to {head_revision()}" in first.stdout.decode()
    assert (data / "arbitre.sqlite3").is_file()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    second = arbitre("db", "upgrade", "--data-dir", data, env=environment)
    assert second.returncode == 0, second.stderr.decode()
    assert "up to date" in second.stdout.decode()
    assert "nothing to do" in second.stdout.decode()


def test_upgrade_migrates_database_url_once(arbitre: Run, database_url: str) -> None:  # noqa: F811
    for expected in ("upgraded", "up to date"):
        done = arbitre("db", "upgrade", env={"DATABASE_URL": database_url})
        assert done.returncode == 0, done.stderr.decode()
        assert expected in done.stdout.decode()
    engine = create_engine(engine_url(database_url))
    try:
        assert current_revision(engine) == head_revision()
    finally:
        engine.dispose()


def test_a_database_that_cannot_be_used_is_a_clear_error(arbitre: Run, tmp_path: Path) -> None:
    down = f"postgresql://postgres:secret@127.0.0.1:{free_port()}/arbitre"
    failed = arbitre("db", "upgrade", env={"DATABASE_URL": down})
    assert failed.returncode == 2
    said = failed.stderr.decode()
    assert said.startswith("arbitre db: postgresql+psycopg://postgres:***@127.0.0.1:")
    assert "cannot be used" in said
    assert "secret" not in said
    assert "Traceback" not in said
    failed = arbitre("db", "upgrade", env={"DATABASE_URL": "nosuchdb://somewhere/x"})
    assert failed.returncode == 2
    assert "not a database URL" in failed.stderr.decode()


def test_a_database_a_newer_arbitre_migrated_is_refused_untouched(
    arbitre: Run, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'newer.sqlite3'}"
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32))"))
        connection.execute(text("INSERT INTO alembic_version VALUES ('9999_from_the_future')"))
    failed = arbitre("db", "upgrade", env={"DATABASE_URL": url})
    assert failed.returncode == 2
    assert "cannot upgrade" in failed.stderr.decode()
    assert "Traceback" not in failed.stderr.decode()
    assert current_revision(engine) == "9999_from_the_future"
    engine.dispose()
