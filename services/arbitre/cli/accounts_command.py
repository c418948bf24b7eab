"""``arbitre accounts grant-organiser NAME`` (and ``revoke-organiser NAME``): an operator gives
an account organiser rights, or takes them back (:meth:`arbitre.services.archive.accounts.
AccountStore.grant_organiser`). Nobody can grant them over the API.

The database is the archive's, found as ``arbitre db upgrade`` finds it: ``DATABASE_URL`` when
set, else the SQLite file of ``arbitre up``'s data directory (``--data-dir``); it is brought to
the head first. Exit status: 0 once done; 1 when no account has that name (any case); 2 when the
database cannot be used, with the reason on stderr.
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
    """Add the ``accounts`` subcommand."""
    parser = commands.add_parser(
        "accounts",
        help="players' accounts (an operator's commands)",
        description="Players' accounts, in the archive's database: DATABASE_URL, else the "
        "SQLite file of the data directory of `arbitre up`.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    for action, text in (
        ("grant-organiser", "give the account NAME organiser rights"),
        ("revoke-organiser", "take organiser rights back from the account NAME"),
    ):
        command = actions.add_parser(action, help=text, description=text + " (any case).")
        command.add_argument("name", metavar="NAME", help="the account's name")
        command.add_argument(
            "--data-dir",
            type=Path,
            default=default_data_dir(),
            help="the data directory of `arbitre up`, whose SQLite file is the database when "
            "DATABASE_URL is unset (default $ARBITRE_DATA_DIR, else ~/.arbitre/redis)",
        )
        command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    # SQLAlchemy and Alembic are loaded for this command only.
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from arbitre.services.archive.accounts import AccountStore, NotFoundError
    from arbitre.services.archive.migrate import SchemaError
    from arbitre.services.archive.store import ArchiveStore, shown_url

    granted = arguments.action == "grant-organiser"
    try:
        url = database_url_from_environment() or database_url(private_directory(arguments.data_dir))
        archive = ArchiveStore.open(url)
    except OSError as error:
        print(f"arbitre accounts: {error}", file=sys.stderr)
        return 2
    except ArgumentError as error:
        print(f"arbitre accounts: {shown_url(url)}: not a database URL: {error}", file=sys.stderr)
        return 2
    try:
        archive.upgrade()
        account = AccountStore(archive.engine).grant_organiser(arguments.name, granted)
    except NotFoundError as error:
        print(f"arbitre accounts: {error.message}", file=sys.stderr)
        return 1
    except SchemaError as error:
        print(f"arbitre accounts: {archive.url}: {error}", file=sys.stderr)
        return 2
    except SQLAlchemyError as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        print(f"arbitre accounts: {archive.url} cannot be used: {reason}", file=sys.stderr)
        return 2
    finally:
        archive.close()
    state = "is an organiser" if account.organiser else "is no longer an organiser"
    print(f"arbitre accounts: {account.name} (account {account.account_id}) {state}")
    return 0
