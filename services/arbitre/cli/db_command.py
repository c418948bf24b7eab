"""``arbitre db upgrade``: the archive of finished games brought to this version's schema
(:mod:`arbitre.services.archive.migrate`).

The database is ``DATABASE_URL`` when set, else the SQLite file of ``arbitre up``'s data
directory (``--data-dir``, ``ARBITRE_DATA_DIR``, default ``~/.arbitre/redis``), the one
``arbitre up`` archives into. ``arbitre up`` and every session service upgrade it at their start
too: this command is for an operator who migrates before rolling out. Run again, it says the
database is up to date and changes nothing. Exit status: 0 once the database is at the head; 2
when it cannot be reached, its URL cannot be used, or its schema cannot be upgraded (a newer
Arbitre migrated it), with the reason on stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from arbitre.cli.up_command import default_data_dir
from arbitre.services.archive.location import database_url, database_url_from_environment
from arbitre.services.data_dir import private_directory

__all__ = ["register", "run"]


def register(commands: Any) -> None:
    """Add the ``db`` subcommand."""
    parser = commands.add_parser(
        "db",
        help="the database of finished games (the archive)",
        description="The database where finished games are archived: DATABASE_URL, else the "
        "SQLite file of the data directory of `arbitre up`.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    upgrade = actions.add_parser(
        "upgrade",
        help="bring the database's schema to this version (nothing when it is already)",
        description="Apply the migrations this version of Arbitre ships that the database "
        "lacks; nothing when it has them all.",
    )
    upgrade.add_argument(
        "--data-dir",
        type=Path,
        default=default_data_dir(),
        help="the data directory of `arbitre up`, whose SQLite file is the database when "
        "DATABASE_URL is unset (default $ARBITRE_DATA_DIR, else ~/.arbitre/redis)",
    )
    upgrade.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    # SQLAlchemy and Alembic are loaded for this command only.
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from arbitre.services.archive.migrate import SchemaError
    from arbitre.services.archive.store import ArchiveStore, shown_url

    try:
        url = database_url_from_environment() or database_url(private_directory(arguments.data_dir))
    except OSError as error:
        print(f"arbitre db: {error}", file=sys.stderr)
        return 2
    try:
        archive = ArchiveStore.open(url)
    except ArgumentError as error:
        print(f"arbitre db: {shown_url(url)}: not a database URL: {error}", file=sys.stderr)
        return 2
    try:
        before, head = archive.upgrade()
    except SchemaError as error:
        print(f"arbitre db: {archive.url}: {error}", file=sys.stderr)
        return 2
    except SQLAlchemyError as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        print(f"arbitre db: {archive.url} cannot be used: {reason}", file=sys.stderr)
        return 2
    finally:
        archive.close()
    if before == head:
        print(f"arbitre db: {archive.url} is up to date (revision {head}); nothing to do")
    else:
        print(f"arbitre db: {archive.url} upgraded from {before or 'an empty database'} to {head}")
    return 0
