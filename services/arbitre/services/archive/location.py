"""Which database archives the finished games: ``DATABASE_URL`` when set (PostgreSQL in
production: ``postgresql://user:password@host/db``), else a SQLite file in the data directory of
``arbitre up`` (:data:`SQLITE_FILE`). Light on purpose: nothing here imports SQLAlchemy, so the
command line and the services that only pass the URL on do not load it.

>>> database_url(Path("/var/lib/arbitre"), environment={})
'sqlite:////var/lib/arbitre/arbitre.sqlite3'
>>> database_url(Path("/x"), environment={"DATABASE_URL": "postgresql://db/arbitre"})
'postgresql://db/arbitre'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "DATABASE_URL_VARIABLE",
    "SQLITE_FILE",
    "database_url",
    "database_url_from_environment",
]

#: The environment variable naming the archive's database (a SQLAlchemy URL).
DATABASE_URL_VARIABLE = "DATABASE_URL"

#: The archive's SQLite file in a data directory, when ``DATABASE_URL`` is unset.
SQLITE_FILE = "arbitre.sqlite3"


def database_url_from_environment(environment: Mapping[str, str] | None = None) -> str | None:
    """``DATABASE_URL`` of ``environment`` (the process's by default), ``None`` when unset or
    empty."""
    found = (os.environ if environment is None else environment).get(DATABASE_URL_VARIABLE)
    return found.strip() or None if found else None


def database_url(data_dir: Path, environment: Mapping[str, str] | None = None) -> str:
    """The archive's database: ``DATABASE_URL`` when set, else the SQLite file
    :data:`SQLITE_FILE` in ``data_dir`` (an absolute path; the directory is not created)."""
    given = database_url_from_environment(environment)
    if given is not None:
        return given
    return f"sqlite:///{data_dir.absolute() / SQLITE_FILE}"
