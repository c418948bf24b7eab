"""Databases for the tests of the archive of finished games: pytest fixtures to import where
they are used,

    from tests.database_fixtures import (  # noqa: F401
        database_url,
        postgres_database,
        postgres_server,
    )

* ``database_url`` is the URL of an empty database, one per test, for each backend the archive
  runs on (the fixture is parametrized, ids ``sqlite`` and ``postgresql``):

  - ``sqlite``: a file in the test's temporary directory, always;
  - ``postgresql``: a database of its own (``postgres_database``:
    ``arbitre_test_<worker>_<random>``, dropped after the test) on the server of
    :data:`POSTGRES_VARIABLE`, by default the local one
    (:data:`DEFAULT_POSTGRES`: 127.0.0.1:5432, user ``postgres``, database ``test``, trust
    authentication, as on CI's machines). Without a server that answers, those tests are
    skipped, saying why, except under ``CI=true``, where they fail: CI runs both backends.

* ``postgres_server`` (one per test session) is the URL of that server's maintenance database
  (where the fresh databases are created from), or the skip/failure above.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

__all__ = [
    "DEFAULT_POSTGRES",
    "POSTGRES_VARIABLE",
    "database_url",
    "postgres_database",
    "postgres_server",
]

#: The environment variable naming the PostgreSQL server (and a database on it) the tests use.
POSTGRES_VARIABLE = "ARBITRE_TEST_POSTGRES_URL"
#: The server the tests use when :data:`POSTGRES_VARIABLE` is unset.
DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The URL of the tests' PostgreSQL server (see the module's docstring)."""
    url = os.environ.get(POSTGRES_VARIABLE) or DEFAULT_POSTGRES
    parsed = make_url(url)
    if parsed.drivername in ("postgres", "postgresql"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    engine = create_engine(parsed, connect_args={"connect_timeout": 3})
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError as error:
        shown = parsed.render_as_string(hide_password=True)
        reason = str(error).strip().splitlines()[0]
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL at {shown} does not answer under CI=true: {reason}")
        pytest.skip(
            f"PostgreSQL at {shown} does not answer ({reason}): set {POSTGRES_VARIABLE} to a "
            f"server the tests may create databases on (CI=true requires one)"
        )
    finally:
        engine.dispose()
    return parsed.render_as_string(hide_password=False)


def _fresh_postgres_database(server: str) -> Iterator[str]:
    """A new database on ``server`` (its URL), dropped after."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    name = f"arbitre_test_{worker}_{secrets.token_hex(4)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@pytest.fixture
def postgres_database(postgres_server: str) -> Iterator[str]:
    """The URL of an empty PostgreSQL database of the test's own (dropped after it)."""
    yield from _fresh_postgres_database(postgres_server)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database of the backend the parameter names."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'archive.sqlite3'}"
    url: str = request.getfixturevalue("postgres_database")
    return url
