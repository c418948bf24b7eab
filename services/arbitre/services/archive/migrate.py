"""The archive's schema brought up to date: Alembic, run in code on the migrations shipped in
the package's ``migrations/`` directory (its ``env.py`` and ``versions/``, one module a
revision; data files of the package, not modules to import), by ``arbitre db upgrade`` and at
the start of every session service. Running it again on a database at the head does nothing;
replicas starting together on PostgreSQL take turns (an advisory lock, in the migrations'
environment). A new migration: ``alembic -c services/arbitre/services/archive/migrations/
alembic.ini revision -m "what it does"`` from the repository's root, then write it by hand
(a test checks that the migrated schema is the models').

>>> head_revision()
'0005_ratings'
"""

from __future__ import annotations

import threading

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Engine

__all__ = ["MIGRATIONS", "SchemaError", "current_revision", "head_revision", "upgrade"]

#: Where the migrations are, as Alembic finds a package's directory.
MIGRATIONS = "arbitre.services.archive:migrations"

#: Alembic's environment is the process's (``alembic.context``): one migration at a time in it.
_MIGRATING = threading.Lock()


class SchemaError(RuntimeError):
    """The archive's schema cannot be brought up to date (not the database being unreachable,
    which is SQLAlchemy's :class:`~sqlalchemy.exc.OperationalError`): a database at a revision
    this version of Arbitre does not know (a newer one migrated it), or a migration that
    failed."""


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    return config


def head_revision() -> str:
    """The revision the shipped migrations lead to."""
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision ``engine``'s database is at (``None``: never migrated)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> tuple[str | None, str]:
    """Bring ``engine``'s database to the head revision: (the revision it was at, ``None`` for
    an empty one; the head). Nothing changes when it is at the head already. Raises
    :class:`SchemaError` when its revision is unknown here or a migration fails, and SQLAlchemy's
    errors when the database cannot be reached."""
    before = current_revision(engine)
    head = head_revision()
    if before == head:
        return before, head
    config = _config()
    try:
        with _MIGRATING, engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        before = config.attributes.get("revision_before", before)
    except CommandError as error:
        raise SchemaError(
            f"the archive's database is at revision {before!r}, which this version of Arbitre "
            f"(head {head!r}) cannot upgrade: {error}"
        ) from error
    return before, head
