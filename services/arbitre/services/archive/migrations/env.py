"""Alembic's environment for the archive: online migrations only, on the connection that
:func:`arbitre.services.archive.migrate.upgrade` gives (``config.attributes["connection"]``),
or on an engine made from the configuration's ``sqlalchemy.url`` (the ``alembic`` command).
On PostgreSQL, a transaction-scoped advisory lock makes replicas that start together migrate
one after the other: the second finds the database at the head, and does nothing."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine, text

from arbitre.services.archive.models import Base

#: The advisory lock's key on PostgreSQL (any constant: "arbitre" in ASCII).
_MIGRATION_LOCK = 0x617262697472


def _migrate(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        # The revision the migrations start from, once the lock is ours (another replica may
        # have migrated while we waited): what :func:`upgrade` reports.
        context.config.attributes["revision_before"] = context.get_context().get_current_revision()
        context.run_migrations()


def _run() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:
        _migrate(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("alembic: set sqlalchemy.url, or run `arbitre db upgrade`")
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            _migrate(connection)
            connection.commit()
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise RuntimeError("the archive's migrations run online only (`arbitre db upgrade`)")
_run()
