"""Saved environments: a game's options (what its initiator chose on the create form) kept under
a name, with an optional password, in the archive's database (table ``environments``,
:class:`~arbitre.services.archive.models.EnvironmentRow`), and loaded later to fill the form
again.

Kind-generic: the options are the kind's own (its ``configure`` reads them, its
``config_data`` writes them), checked when saved and again when loaded (a kind whose options
changed since refuses an environment it cannot read any more). A name is unique per kind
whatever its case (``Club`` and ``club`` are one environment). A password, when given, is kept
as an argon2id hash (``argon2-cffi``, its own salt and parameters in the hash); it is then needed
to load, overwrite or delete the environment, and the list shows the name of a protected one
without its options. Nothing here logs a password.

>>> checked_name("  Le club du mardi ")
'Le club du mardi'
>>> name_key("Le Club du MARDI") == name_key("le club du mardi")
True
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds import kind as kind_of
from arbitre.services.archive.models import EnvironmentRow

__all__ = [
    "MAX_NAME_CHARS",
    "MAX_OPTIONS_CHARS",
    "MAX_PASSWORD_CHARS",
    "BadEnvironmentError",
    "Environment",
    "EnvironmentNotFoundError",
    "EnvironmentRefusedError",
    "EnvironmentStore",
    "NameTakenError",
    "WrongPasswordError",
    "checked_name",
    "name_key",
]

#: Longest name of an environment (characters, once trimmed).
MAX_NAME_CHARS = 40
#: Longest password (characters).
MAX_PASSWORD_CHARS = 200
#: Longest options, as JSON text (a custom token set fits many times over).
MAX_OPTIONS_CHARS = 20_000


class EnvironmentRefusedError(Exception):
    """An environment cannot be saved, loaded or deleted: :attr:`code` says why (stable, for
    the API), the message for people."""

    code = "environment_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class BadEnvironmentError(EnvironmentRefusedError):
    """A name, password, kind or options that cannot be used."""

    code = "bad_options"


class WrongPasswordError(EnvironmentRefusedError):
    """The environment has a password, and it was not given or not this one."""

    code = "wrong_password"


class EnvironmentNotFoundError(EnvironmentRefusedError):
    """No environment of this kind has this name."""

    code = "not_found"


class NameTakenError(EnvironmentRefusedError):
    """An environment of this kind has this name already (and overwriting was not asked)."""

    code = "name_taken"


@dataclass(frozen=True, slots=True)
class Environment:
    """A saved environment: its kind, name (as saved), options (``None`` where they are not
    shown: a protected one in a list), whether it has a password, times in Unix ms."""

    kind: str
    name: str
    options: Mapping[str, Any] | None
    protected: bool
    created_ms: int
    updated_ms: int


def checked_name(name: str) -> str:
    """``name`` trimmed, when it is 1 to :data:`MAX_NAME_CHARS` characters with no control
    character and no ``/``; :class:`BadEnvironmentError` otherwise."""
    trimmed = name.strip() if isinstance(name, str) else ""
    if not trimmed or len(trimmed) > MAX_NAME_CHARS:
        raise BadEnvironmentError(
            f"an environment's name is 1 to {MAX_NAME_CHARS} characters (got {len(trimmed)})",
            "bad_name",
        )
    if any(unicodedata.category(char).startswith("C") for char in trimmed) or "/" in trimmed:
        raise BadEnvironmentError(
            "an environment's name has no control character and no slash (it is a part of its URL)",
            "bad_name",
        )
    return trimmed


def name_key(name: str) -> str:
    """What names are compared by: the name normalised (NFKC) and case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def _moment(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


def _ms(moment: datetime) -> int:
    if moment.tzinfo is None:  # SQLite keeps no time zone: the store writes UTC
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp() * 1000)


def _options(kind: str, options: object) -> dict[str, Any]:
    """``options`` as ``kind`` reads and writes them back (its ``configure``, then its
    ``config_data``); :class:`BadEnvironmentError` when the kind refuses them."""
    try:
        game_kind = kind_of(kind)
    except ArbitreError as error:
        raise BadEnvironmentError(str(error), "bad_kind") from None
    if not isinstance(options, Mapping):
        raise BadEnvironmentError("options are an object (the kind's game options)")
    try:
        written = json.dumps(options)
    except (TypeError, ValueError):
        raise BadEnvironmentError("options are JSON data") from None
    if len(written) > MAX_OPTIONS_CHARS:
        raise BadEnvironmentError(f"options are at most {MAX_OPTIONS_CHARS} characters of JSON")
    try:
        return game_kind.config_data(game_kind.configure(options))
    except (ArbitreError, TypeError, ValueError) as error:
        raise BadEnvironmentError(f"options: {error}") from None


class EnvironmentStore:
    """The saved environments of the database ``engine`` (migrated to the head:
    :meth:`~arbitre.services.archive.store.ArchiveStore.upgrade`). Raises SQLAlchemy's errors
    when the database fails."""

    def __init__(self, engine: Engine, hasher: PasswordHasher | None = None) -> None:
        self.engine = engine
        self.hasher = hasher or PasswordHasher()

    def _row(self, kind: str, name: str) -> Any:
        with self.engine.connect() as connection:
            return connection.execute(
                select(EnvironmentRow.__table__).where(
                    EnvironmentRow.kind == kind, EnvironmentRow.name_key == name_key(name)
                )
            ).one_or_none()

    def _found(self, kind: str, name: str, password: str | None) -> Any:
        """The row of ``kind``'s environment ``name``, its password checked."""
        row = self._row(kind, checked_name(name))
        if row is None:
            raise EnvironmentNotFoundError(f"no {kind} environment is named {name.strip()!r}")
        self._check(row, password)
        return row

    def _check(self, row: Any, password: str | None) -> None:
        if row.password_hash is None:
            return
        if not password:
            raise WrongPasswordError(f"the environment {row.name!r} needs its password")
        try:
            self.hasher.verify(row.password_hash, password)
        except (VerificationError, InvalidHashError):
            raise WrongPasswordError(f"wrong password for the environment {row.name!r}") from None

    def _hash(self, password: str | None) -> str | None:
        if not password:
            return None
        if len(password) > MAX_PASSWORD_CHARS:
            raise BadEnvironmentError(
                f"a password is at most {MAX_PASSWORD_CHARS} characters", "bad_password"
            )
        return self.hasher.hash(password)

    def save(
        self,
        kind: str,
        name: str,
        options: object,
        password: str | None,
        now_ms: int,
        overwrite: bool = False,
    ) -> Environment:
        """Save ``options`` of ``kind`` as ``name`` (with ``password``, when given: then needed
        to load, overwrite or delete it). A name taken is :class:`NameTakenError` unless
        ``overwrite``; overwriting a protected environment needs its password
        (:class:`WrongPasswordError`), and the environment then takes ``password`` (none:
        unprotected)."""
        name = checked_name(name)
        data = _options(kind, options)
        hashed = self._hash(password)
        moment = _moment(now_ms)
        row = self._row(kind, name)
        if row is None:
            values = {
                "kind": kind,
                "name": name,
                "name_key": name_key(name),
                "options": data,
                "password_hash": hashed,
                "created_at": moment,
                "updated_at": moment,
            }
            try:
                with self.engine.begin() as connection:
                    connection.execute(insert(EnvironmentRow).values(values))
            except IntegrityError:  # saved meanwhile under the same name
                raise NameTakenError(f"a {kind} environment is named {name!r} already") from None
            return Environment(kind, name, data, hashed is not None, now_ms, now_ms)
        if not overwrite:
            raise NameTakenError(
                f"a {kind} environment is named {row.name!r} already (overwrite it, "
                "with its password when it has one, or choose another name)"
            )
        self._check(row, password)
        with self.engine.begin() as connection:
            changed = connection.execute(
                update(EnvironmentRow)
                .where(
                    EnvironmentRow.id == row.id,
                    EnvironmentRow.updated_at == row.updated_at,
                )
                .values(name=name, options=data, password_hash=hashed, updated_at=moment)
            ).rowcount
        if not changed:  # overwritten or deleted meanwhile
            raise NameTakenError(f"the environment {row.name!r} changed meanwhile; retry")
        return Environment(kind, name, data, hashed is not None, _ms(row.created_at), now_ms)

    def load(self, kind: str, name: str, password: str | None) -> Environment:
        """``kind``'s environment ``name``, its options checked again by the kind (ones it
        cannot read any more are :class:`BadEnvironmentError`); its password needed when it
        has one (:class:`WrongPasswordError`)."""
        row = self._found(kind, name, password)
        return Environment(
            row.kind,
            row.name,
            _options(row.kind, row.options),
            row.password_hash is not None,
            _ms(row.created_at),
            _ms(row.updated_at),
        )

    def names(self, kind: str) -> list[Environment]:
        """``kind``'s environments by name (case-folded order); the options of a protected one
        are not given."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(EnvironmentRow.__table__)
                .where(EnvironmentRow.kind == kind)
                .order_by(EnvironmentRow.name_key)
            ).all()
        return [
            Environment(
                row.kind,
                row.name,
                None if row.password_hash is not None else row.options,
                row.password_hash is not None,
                _ms(row.created_at),
                _ms(row.updated_at),
            )
            for row in rows
        ]

    def delete(self, kind: str, name: str, password: str | None) -> Environment:
        """Delete ``kind``'s environment ``name`` (its password needed when it has one): what
        it was, without its options."""
        row = self._found(kind, name, password)
        with self.engine.begin() as connection:
            connection.execute(delete(EnvironmentRow).where(EnvironmentRow.id == row.id))
        return Environment(
            row.kind,
            row.name,
            None,
            row.password_hash is not None,
            _ms(row.created_at),
            _ms(row.updated_at),
        )
