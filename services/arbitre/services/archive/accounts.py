"""Players' accounts in the archive's database (tables ``accounts``, ``account_sessions`` and
``api_keys``: :mod:`arbitre.services.archive.models`), served by the session.

- An account has a name, unique whatever its case, and a password kept as an argon2id hash
  (``argon2-cffi``: its own salt and parameters in the hash), with an optional registration
  (licence number, club, série, country: checked as a simultané's,
  :func:`arbitre.rules.registration.registration`) and the ``organiser`` flag, which only an
  operator grants (:meth:`AccountStore.grant_organiser`).
- Signing in gives a bearer session token (:data:`SESSION_PREFIX` and 43 random URL-safe
  characters, 256 bits); the database keeps its SHA-256 only, so a copy of the database signs
  nobody in. A session lasts :data:`SESSION_DAYS` days, or until signed out.
- An API key (:data:`API_KEY_PREFIX`) is issued to an account for a third-party app, kept as its
  SHA-256, revocable; it authenticates as its account wherever a session token does, except to
  delete the account or to issue keys.
- A wrong password and an unknown name get the same refusal (:class:`WrongCredentialsError`),
  and an unknown name still costs an argon2 verification, so neither the message nor the time
  tells whether a name exists.
- A signed-in player's seat is the account's (:meth:`AccountStore.link_seat`, table
  ``account_seats``): :meth:`AccountStore.held_seats` lists them, newest first, each with the
  player's result once the archive holds the game; :meth:`AccountStore.seat_of` is what lets
  another device of the account take the seat back.
- Deleting an account (its password asked again) ends its sessions and keys and clears its name,
  name key and hash: the name is free again, and what refers to the account's id (its results)
  stays, without its name.

Nothing here logs a password or a token.

>>> token_hash("s_abc") == token_hash("s_abc") != token_hash("s_abd")
True
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from arbitre.rules.registration import InvalidRegistrationError, registration
from arbitre.services.archive.models import (
    AccountRow,
    AccountSeatRow,
    AccountSessionRow,
    ApiKeyRow,
    FinishedGameRow,
)

__all__ = [
    "API_KEY_PREFIX",
    "DELETED_NAME",
    "MAX_LABEL_CHARS",
    "MAX_LICENCE_CHARS",
    "MAX_NAME_CHARS",
    "MAX_PASSWORD_CHARS",
    "MIN_PASSWORD_CHARS",
    "SESSION_DAYS",
    "SESSION_PREFIX",
    "Account",
    "AccountRefusedError",
    "AccountStore",
    "ApiKey",
    "BadAccountError",
    "HeldSeat",
    "KeyNotAllowedError",
    "NameTakenError",
    "NotFoundError",
    "SignedIn",
    "UnknownTokenError",
    "WrongCredentialsError",
    "name_key",
    "token_hash",
]

#: Longest name (characters, once trimmed): a name of the standings.
MAX_NAME_CHARS = 40
#: Shortest and longest password (characters).
MIN_PASSWORD_CHARS = 8
MAX_PASSWORD_CHARS = 200
#: Longest licence number, and longest API key label.
MAX_LICENCE_CHARS = 20
MAX_LABEL_CHARS = 60
#: How long a session lasts once signed in.
SESSION_DAYS = 30
#: The start of a session token and of an API key (so that each is told from the other, and
#: from a game's player or organiser token, at a glance).
SESSION_PREFIX = "s_"
API_KEY_PREFIX = "ak_"
#: The name a deleted account's players take in the archived games.
DELETED_NAME = "(deleted)"
#: How many characters of an API key are kept in clear to tell keys apart (prefix included).
_SHOWN_KEY_CHARS = 10


class AccountRefusedError(Exception):
    """An account call refused: :attr:`code` says why (stable, for the API), the message for
    people (never a password or a token)."""

    code = "account_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class BadAccountError(AccountRefusedError):
    """A name, password, registration field or label that cannot be used."""

    code = "bad_request"


class NameTakenError(AccountRefusedError):
    """An account has this name already (whatever its case)."""

    code = "name_taken"


class WrongCredentialsError(AccountRefusedError):
    """A name unknown or a password wrong: one message for both."""

    code = "wrong_credentials"


class UnknownTokenError(AccountRefusedError):
    """A session token or API key unknown, expired, signed out or revoked."""

    code = "bad_token"


class KeyNotAllowedError(AccountRefusedError):
    """A call an API key may not make (delete the account, issue keys): a session's only."""

    code = "session_needed"


class NotFoundError(AccountRefusedError):
    """No such account (by name, for an operator) or API key (of this account)."""

    code = "not_found"


@dataclass(frozen=True, slots=True)
class Account:
    """An account as its owner sees it; times in Unix ms."""

    account_id: int
    name: str
    licence: str
    club: str
    serie: str
    country: str
    organiser: bool
    created_ms: int


@dataclass(frozen=True, slots=True)
class SignedIn:
    """An account signed in: its session token (given once) and when it expires."""

    account: Account
    session_token: str
    expires_ms: int


@dataclass(frozen=True, slots=True)
class ApiKey:
    """An API key as listed (never the key itself): ``revoked_ms`` 0 while in force."""

    key_id: int
    label: str
    prefix: str
    created_ms: int
    revoked_ms: int


@dataclass(frozen=True, slots=True)
class HeldSeat:
    """A seat an account holds: the game, its kind and title, the player's id, when joined;
    once archived, when the game ended and the player's standings line (``rank``, ``total``,
    the kind's ``details``) among ``players``."""

    game_id: str
    kind: str
    title: str
    player_id: str
    joined_ms: int
    archived: bool = False
    finished_ms: int = 0
    rank: int = 0
    total: int = 0
    players: int = 0
    details: Mapping[str, Any] | None = None


def name_key(name: str) -> str:
    """What names are compared by: the name normalised (NFKC) and case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def token_hash(token: str) -> str:
    """The SHA-256 (hex) of a session token or API key: what the database keeps. Tokens are
    256 random bits, so a fast hash is enough (no guessing to slow down)."""
    return hashlib.sha256(token.encode()).hexdigest()


def _moment(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


def _ms(moment: datetime | None) -> int:
    if moment is None:
        return 0
    if moment.tzinfo is None:  # SQLite keeps no time zone: the store writes UTC
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp() * 1000)


def _account(row: Any) -> Account:
    return Account(
        row.id,
        row.name or "",
        row.licence,
        row.club,
        row.serie,
        row.country,
        bool(row.organiser),
        _ms(row.created_at),
    )


def _key(row: Any) -> ApiKey:
    return ApiKey(row.id, row.label, row.prefix, _ms(row.created_at), _ms(row.revoked_at))


def _checked_password(password: object) -> str:
    if not isinstance(password, str) or not (
        MIN_PASSWORD_CHARS <= len(password) <= MAX_PASSWORD_CHARS
    ):
        raise BadAccountError(
            f"a password is {MIN_PASSWORD_CHARS} to {MAX_PASSWORD_CHARS} characters",
            "bad_password",
        )
    return password


def _checked_licence(licence: object) -> str:
    text = licence.strip() if isinstance(licence, str) else ""
    if len(text) > MAX_LICENCE_CHARS or not all(
        char.isascii() and (char.isalnum() or char in "-/ ") for char in text
    ):
        raise BadAccountError(
            f"a licence number is at most {MAX_LICENCE_CHARS} letters, digits, spaces, - or /",
            "bad_registration",
        )
    return text


class AccountStore:
    """The accounts of the database ``engine`` (migrated to the head:
    :meth:`~arbitre.services.archive.store.ArchiveStore.upgrade`). Raises SQLAlchemy's errors
    when the database fails, :class:`AccountRefusedError` for a call refused."""

    def __init__(self, engine: Engine, hasher: PasswordHasher | None = None) -> None:
        self.engine = engine
        self.hasher = hasher or PasswordHasher()
        #: Verified when the name is unknown, so that it costs what a wrong password costs.
        self._decoy = self.hasher.hash(secrets.token_urlsafe(16))

    # -- signing up and in ------------------------------------------------------------------

    def sign_up(
        self,
        name: str,
        password: str,
        now_ms: int,
        licence: str = "",
        club: str = "",
        serie: str = "",
        country: str = "",
    ) -> SignedIn:
        """A new account, signed in. :class:`BadAccountError` for a bad name (``bad_name``),
        password (``bad_password``) or registration field (``bad_registration``);
        :class:`NameTakenError` when the name is taken whatever its case."""
        try:
            entry = registration(name, club=club, serie=serie, country=country)
        except InvalidRegistrationError as error:
            code = "bad_name" if str(error).startswith("name") else "bad_registration"
            raise BadAccountError(str(error), code) from None
        if "/" in entry.name:
            raise BadAccountError("a name has no slash", "bad_name")
        hashed = self.hasher.hash(_checked_password(password))
        values = {
            "name": entry.name,
            "name_key": name_key(entry.name),
            "password_hash": hashed,
            "licence": _checked_licence(licence),
            "club": entry.club,
            "serie": entry.serie,
            "country": entry.country,
            "organiser": False,
            "created_at": _moment(now_ms),
            "deleted_at": None,
        }
        try:
            with self.engine.begin() as connection:
                account_id = connection.execute(
                    insert(AccountRow).values(values).returning(AccountRow.id)
                ).scalar_one()
        except IntegrityError:
            raise NameTakenError(f"an account is named {entry.name!r} already") from None
        return self._session(account_id, now_ms)

    def sign_in(self, name: str, password: str, now_ms: int) -> SignedIn:
        """A new session of the account ``name`` (any case) when ``password`` is its;
        :class:`WrongCredentialsError` otherwise, the same for an unknown name."""
        wrong = WrongCredentialsError("wrong name or password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise wrong
        if len(password) > MAX_PASSWORD_CHARS or len(name) > 4 * MAX_NAME_CHARS:
            raise wrong
        with self.engine.connect() as connection:
            row = connection.execute(
                select(AccountRow.id, AccountRow.password_hash).where(
                    AccountRow.name_key == name_key(name.strip())
                )
            ).one_or_none()
        try:
            self.hasher.verify(
                row.password_hash if row is not None else self._decoy, password or "-"
            )
        except (VerificationError, InvalidHashError):
            raise wrong from None
        if row is None:  # the decoy matched a password nobody knows: never, but be sure
            raise wrong
        return self._session(row.id, now_ms)

    def _session(self, account_id: int, now_ms: int) -> SignedIn:
        """A new session of the account (its expired ones deleted meanwhile)."""
        token = SESSION_PREFIX + secrets.token_urlsafe(32)
        expires = _moment(now_ms) + timedelta(days=SESSION_DAYS)
        with self.engine.begin() as connection:
            connection.execute(
                delete(AccountSessionRow).where(
                    AccountSessionRow.account_id == account_id,
                    AccountSessionRow.expires_at <= _moment(now_ms),
                )
            )
            connection.execute(
                insert(AccountSessionRow).values(
                    token_hash=token_hash(token),
                    account_id=account_id,
                    created_at=_moment(now_ms),
                    expires_at=expires,
                )
            )
        return SignedIn(self._by_id(account_id), token, _ms(expires))

    def _by_id(self, account_id: int) -> Account:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(AccountRow.__table__).where(AccountRow.id == account_id)
            ).one()
        return _account(row)

    # -- who a token is ---------------------------------------------------------------------

    def authenticate(self, token: str, now_ms: int, session_only: bool = False) -> Account:
        """The account of ``token``: a session token in force, or (unless ``session_only``:
        :class:`KeyNotAllowedError`) an API key not revoked; :class:`UnknownTokenError`
        otherwise."""
        unknown = UnknownTokenError(
            "unknown, expired or signed-out token: sign in again (Authorization: Bearer <token>)"
        )
        if not isinstance(token, str) or not token:
            raise unknown
        hashed = token_hash(token)
        with self.engine.connect() as connection:
            if token.startswith(SESSION_PREFIX):
                account_id = connection.execute(
                    select(AccountSessionRow.account_id).where(
                        AccountSessionRow.token_hash == hashed,
                        AccountSessionRow.expires_at > _moment(now_ms),
                    )
                ).scalar_one_or_none()
            elif token.startswith(API_KEY_PREFIX):
                if session_only:
                    raise KeyNotAllowedError("an API key cannot do this: sign in with a password")
                account_id = connection.execute(
                    select(ApiKeyRow.account_id).where(
                        ApiKeyRow.key_hash == hashed, ApiKeyRow.revoked_at.is_(None)
                    )
                ).scalar_one_or_none()
            else:
                account_id = None
            if account_id is None:
                raise unknown
            row = connection.execute(
                select(AccountRow.__table__).where(
                    AccountRow.id == account_id, AccountRow.deleted_at.is_(None)
                )
            ).one_or_none()
        if row is None:
            raise unknown
        return _account(row)

    def sign_out(self, token: str, now_ms: int) -> Account:
        """End the session of ``token`` (a session token): its account."""
        account = self.authenticate(token, now_ms, session_only=True)
        with self.engine.begin() as connection:
            connection.execute(
                delete(AccountSessionRow).where(AccountSessionRow.token_hash == token_hash(token))
            )
        return account

    def delete(self, token: str, password: str, now_ms: int) -> Account:
        """Delete the account of the session ``token`` when ``password`` is its
        (:class:`WrongCredentialsError` otherwise): its sessions and keys end, its name, name
        key and hash are cleared (the name is free again); the row stays, so results that
        refer to it stay, without its name; in the archived games it held a seat of, its
        players' names become :data:`DELETED_NAME` (their results stay). What the account
        was."""
        account = self.authenticate(token, now_ms, session_only=True)
        with self.engine.connect() as connection:
            hashed = connection.execute(
                select(AccountRow.password_hash).where(AccountRow.id == account.account_id)
            ).scalar_one()
        try:
            self.hasher.verify(hashed or self._decoy, password if isinstance(password, str) else "")
        except (VerificationError, InvalidHashError):
            raise WrongCredentialsError("wrong password") from None
        with self.engine.begin() as connection:
            connection.execute(
                delete(AccountSessionRow).where(AccountSessionRow.account_id == account.account_id)
            )
            connection.execute(
                update(ApiKeyRow)
                .where(ApiKeyRow.account_id == account.account_id, ApiKeyRow.revoked_at.is_(None))
                .values(revoked_at=_moment(now_ms))
            )
            _anonymise_games(connection, account.account_id)
            connection.execute(
                update(AccountRow)
                .where(AccountRow.id == account.account_id)
                .values(
                    name=None,
                    name_key=None,
                    password_hash=None,
                    licence="",
                    club="",
                    serie="",
                    country="",
                    organiser=False,
                    deleted_at=_moment(now_ms),
                )
            )
        return account

    # -- organisers (an operator's command) -------------------------------------------------

    def grant_organiser(self, name: str, granted: bool = True) -> Account:
        """Make the account ``name`` (any case) an organiser, or not with ``granted`` false;
        :class:`NotFoundError` when no account has that name."""
        with self.engine.begin() as connection:
            changed = connection.execute(
                update(AccountRow)
                .where(AccountRow.name_key == name_key(name.strip()))
                .values(organiser=granted)
                .returning(AccountRow.id)
            ).scalar_one_or_none()
        if changed is None:
            raise NotFoundError(f"no account is named {name.strip()!r}")
        return self._by_id(changed)

    # -- API keys ---------------------------------------------------------------------------

    def issue_key(self, token: str, label: str, now_ms: int) -> tuple[ApiKey, str]:
        """A new API key of the account of the session ``token`` (an API key cannot issue
        one): the key as listed, and the key itself (given once)."""
        account = self.authenticate(token, now_ms, session_only=True)
        text = label.strip() if isinstance(label, str) else ""
        if not text or len(text) > MAX_LABEL_CHARS or not text.isprintable():
            raise BadAccountError(
                f"a key's label is 1 to {MAX_LABEL_CHARS} printable characters", "bad_label"
            )
        key = API_KEY_PREFIX + secrets.token_urlsafe(32)
        with self.engine.begin() as connection:
            row = connection.execute(
                insert(ApiKeyRow)
                .values(
                    account_id=account.account_id,
                    key_hash=token_hash(key),
                    prefix=key[:_SHOWN_KEY_CHARS],
                    label=text,
                    created_at=_moment(now_ms),
                    revoked_at=None,
                )
                .returning(*ApiKeyRow.__table__.columns)
            ).one()
        return _key(row), key

    def keys(self, token: str, now_ms: int) -> list[ApiKey]:
        """The API keys of the account of ``token``, revoked ones too, oldest first."""
        account = self.authenticate(token, now_ms)
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(ApiKeyRow.__table__)
                .where(ApiKeyRow.account_id == account.account_id)
                .order_by(ApiKeyRow.id)
            ).all()
        return [_key(row) for row in rows]

    def revoke_key(self, token: str, key_id: int, now_ms: int) -> ApiKey:
        """Revoke the API key ``key_id`` of the account of ``token`` (a key may revoke itself);
        :class:`NotFoundError` for a key not of this account. Revoking twice keeps the first
        time."""
        account = self.authenticate(token, now_ms)
        with self.engine.begin() as connection:
            connection.execute(
                update(ApiKeyRow)
                .where(
                    ApiKeyRow.id == key_id,
                    ApiKeyRow.account_id == account.account_id,
                    ApiKeyRow.revoked_at.is_(None),
                )
                .values(revoked_at=_moment(now_ms))
            )
            row = connection.execute(
                select(ApiKeyRow.__table__).where(
                    ApiKeyRow.id == key_id, ApiKeyRow.account_id == account.account_id
                )
            ).one_or_none()
        if row is None:
            raise NotFoundError(f"this account has no API key {key_id}")
        return _key(row)

    # -- seats ------------------------------------------------------------------------------

    def link_seat(
        self, account_id: int, game_id: str, player_id: str, kind: str, title: str, now_ms: int
    ) -> None:
        """Make the player ``player_id`` of ``game_id`` the account's (again: nothing)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(AccountSeatRow).values(
                        game_id=game_id,
                        player_id=player_id,
                        account_id=account_id,
                        kind=kind,
                        title=title[:200],
                        joined_at=_moment(now_ms),
                    )
                )
        except IntegrityError:  # linked already
            return

    def seat_of(self, account_id: int, game_id: str) -> str | None:
        """The id of the account's player in ``game_id`` (its first seat; not its organiser's
        role, kept under the player id ``""``), if any."""
        with self.engine.connect() as connection:
            found: str | None = connection.execute(
                select(AccountSeatRow.player_id)
                .where(
                    AccountSeatRow.account_id == account_id,
                    AccountSeatRow.game_id == game_id,
                    AccountSeatRow.player_id != "",
                )
                .order_by(AccountSeatRow.joined_at)
                .limit(1)
            ).scalar_one_or_none()
        return found

    def held_seats(self, account_id: int, limit: int = 100, kind: str = "") -> list[HeldSeat]:
        """The account's seats (of ``kind`` when given), newest first (at most ``limit``), each
        with the player's result when the archive holds the game."""
        query = (
            select(
                AccountSeatRow.game_id,
                AccountSeatRow.player_id,
                AccountSeatRow.kind,
                AccountSeatRow.title,
                AccountSeatRow.joined_at,
                FinishedGameRow.finished_at,
                FinishedGameRow.player_count,
                FinishedGameRow.standings,
            )
            .outerjoin(FinishedGameRow, FinishedGameRow.game_id == AccountSeatRow.game_id)
            .where(AccountSeatRow.account_id == account_id)
            .order_by(AccountSeatRow.joined_at.desc(), AccountSeatRow.game_id)
            .limit(limit)
        )
        if kind:
            query = query.where(AccountSeatRow.kind == kind)
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [_held(row) for row in rows]


def _anonymise_games(connection: Any, account_id: int) -> None:
    """On ``connection``: the account's players, in the archived games it held a seat of, named
    :data:`DELETED_NAME` in the games' players and standings (their results unchanged)."""
    seats = connection.execute(
        select(AccountSeatRow.game_id, AccountSeatRow.player_id).where(
            AccountSeatRow.account_id == account_id
        )
    ).all()
    players: dict[str, set[str]] = {}
    for game_id, player_id in seats:
        players.setdefault(game_id, set()).add(player_id)
    if not players:
        return
    games = connection.execute(
        select(FinishedGameRow.game_id, FinishedGameRow.players, FinishedGameRow.standings)
        .where(FinishedGameRow.game_id.in_(players))
        .with_for_update()
    ).all()
    for game in games:
        held = players[game.game_id]
        connection.execute(
            update(FinishedGameRow)
            .where(FinishedGameRow.game_id == game.game_id)
            .values(
                players=[
                    {**each, "name": DELETED_NAME} if each.get("id") in held else each
                    for each in game.players
                ],
                standings=[
                    {**each, "name": DELETED_NAME} if each.get("player") in held else each
                    for each in game.standings
                ],
            )
        )


def _held(row: Any) -> HeldSeat:
    """A seat row joined with its archived game (when there is one)."""
    seat = HeldSeat(row.game_id, row.kind, row.title, row.player_id, _ms(row.joined_at))
    if row.finished_at is None:
        return seat
    line: Mapping[str, Any] = next(
        (each for each in row.standings if each.get("player") == row.player_id), {}
    )
    return HeldSeat(
        seat.game_id,
        seat.kind,
        seat.title,
        seat.player_id,
        seat.joined_ms,
        archived=True,
        finished_ms=_ms(row.finished_at),
        rank=int(line.get("rank", 0)),
        total=int(line.get("total", 0)),
        players=int(row.player_count),
        details=line.get("details"),
    )
