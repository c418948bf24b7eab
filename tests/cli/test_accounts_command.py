"""``arbitre accounts grant-organiser NAME`` / ``revoke-organiser NAME`` on SQLite and
PostgreSQL (``DATABASE_URL``): the flag set and cleared by name in any case, an unknown name exit
status 1, a database that cannot be used exit status 2, never a traceback."""

from __future__ import annotations

from collections.abc import Callable
from subprocess import CompletedProcess

from argon2 import PasswordHasher

from arbitre.services.archive.accounts import AccountStore
from arbitre.services.archive.store import ArchiveStore
from tests.database_fixtures import (  # noqa: F401
    database_url,
    postgres_database,
    postgres_server,
)
from tests.network import free_port

Run = Callable[..., CompletedProcess[bytes]]
FAST = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


def test_an_operator_grants_and_revokes_organiser_rights(
    arbitre: Run,
    database_url: str,  # noqa: F811
) -> None:
    archive = ArchiveStore.open(database_url)
    try:
        archive.upgrade()
        signed = AccountStore(archive.engine, FAST).sign_up("Zoé", "correct horse", 1)
        assert not signed.account.organiser
        environment = {"DATABASE_URL": database_url}
        granted = arbitre("accounts", "grant-organiser", "ZOÉ", env=environment)
        assert granted.returncode == 0, granted.stderr.decode()
        assert "Zoé (account 1) is an organiser" in granted.stdout.decode()
        store = AccountStore(archive.engine, FAST)
        assert store.authenticate(signed.session_token, 2).organiser
        revoked = arbitre("accounts", "revoke-organiser", "zoé", env=environment)
        assert revoked.returncode == 0, revoked.stderr.decode()
        assert not store.authenticate(signed.session_token, 2).organiser
        unknown = arbitre("accounts", "grant-organiser", "Nobody", env=environment)
        assert unknown.returncode == 1
        assert unknown.stderr.decode() == "arbitre accounts: no account is named 'Nobody'\n"
    finally:
        archive.close()


def test_a_database_that_cannot_be_used_is_a_clear_error(arbitre: Run) -> None:
    down = f"postgresql://postgres:secret@127.0.0.1:{free_port()}/arbitre"
    failed = arbitre("accounts", "grant-organiser", "Zoé", env={"DATABASE_URL": down})
    assert failed.returncode == 2
    said = failed.stderr.decode()
    assert said.startswith("arbitre accounts: postgresql+psycopg://postgres:***@127.0.0.1:")
    assert "cannot be used" in said
    assert "Traceback" not in said
