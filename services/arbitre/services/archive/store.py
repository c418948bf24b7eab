"""The archive's store: a finished game written once and read back.

:meth:`ArchiveStore.open` makes the engine of a database URL (``postgresql://`` takes the
``psycopg`` driver, version 3; a SQLite file gets a busy timeout and write-ahead logging, so that
reads do not wait for a write). :meth:`ArchiveStore.add` inserts a game's row with
``INSERT .. ON CONFLICT DO NOTHING`` on its id, in a transaction of its own: whoever comes second
(another replica, a retry after a replica died between the commit and taking the game off the
queue) writes nothing, and learns so. :meth:`ArchiveStore.get` reads a game back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Self

from sqlalchemy import Connection, Engine, create_engine, event, func, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import IntegrityError

from arbitre.services.archive.migrate import upgrade
from arbitre.services.archive.models import FinishedGameRow
from arbitre.services.archive.ratings import rate_game

__all__ = ["ArchiveStore", "ArchivedPlayer", "FinishedGame", "engine_url", "shown_url"]

#: How long a connection to the database may take (seconds): a database down is an error soon,
#: not a thread stuck.
CONNECT_SECONDS = 5
#: How long a SQLite write waits for another's to finish (seconds).
SQLITE_BUSY_SECONDS = 30


@dataclass(frozen=True, slots=True)
class ArchivedPlayer:
    """A player of a finished game: their id, name and robot level (``None``: a person)."""

    id: str
    name: str
    robot: str | None = None


@dataclass(frozen=True)
class FinishedGame:
    """What the archive keeps of a finished game (see :mod:`arbitre.services.archive.models`);
    times in Unix ms."""

    game_id: str
    kind: str
    title: str
    created_ms: int | None
    finished_ms: int
    players: tuple[ArchivedPlayer, ...]
    turns: int
    #: The standings lines, ranked: ``{rank, player, name, total, details}``.
    standings: tuple[Mapping[str, Any], ...]
    #: The kind's record.
    record: Mapping[str, Any]
    seed_commitment: str = ""
    seed_salt: str = ""
    fingerprint: str = ""
    sheet: str = ""
    #: When it was archived (Unix ms; ``None`` before it is).
    archived_ms: int | None = field(default=None, compare=False)


def engine_url(url: str) -> URL:
    """``url`` as SQLAlchemy connects to it: ``postgres://`` and ``postgresql://`` (no driver
    named) take ``psycopg`` (version 3), the driver Arbitre installs. Raises
    :class:`~sqlalchemy.exc.ArgumentError` for a URL SQLAlchemy cannot read."""
    parsed = make_url(url)
    if parsed.drivername in ("postgres", "postgresql"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def shown_url(url: str) -> str:
    """``url`` with its password hidden, for logs and messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(a database URL that cannot be read)"


def _ms(moment: datetime | None) -> int | None:
    if moment is None:
        return None
    if moment.tzinfo is None:  # SQLite keeps no time zone: the archive writes UTC
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp() * 1000)


def _moment(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


class ArchiveStore:
    """The finished games of the database ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        #: Whether :meth:`upgrade` brought the schema to the head (in this process).
        self.migrated = False

    @classmethod
    def open(cls, url: str) -> Self:
        """The store of the database at ``url`` (a SQLAlchemy URL), not connected yet: nothing
        is migrated (:meth:`upgrade`). Raises :class:`~sqlalchemy.exc.ArgumentError` or
        :class:`~sqlalchemy.exc.NoSuchModuleError` for a URL it cannot use."""
        parsed = engine_url(url)
        if parsed.get_backend_name() == "sqlite":
            engine = create_engine(
                parsed, connect_args={"timeout": SQLITE_BUSY_SECONDS}, pool_pre_ping=True
            )
            event.listen(engine, "connect", _sqlite_pragmas)
        elif parsed.get_backend_name() == "postgresql":
            engine = create_engine(
                parsed, connect_args={"connect_timeout": CONNECT_SECONDS}, pool_pre_ping=True
            )
        else:
            engine = create_engine(parsed, pool_pre_ping=True)
        return cls(engine)

    @property
    def url(self) -> str:
        """The database's URL, its password hidden."""
        return self.engine.url.render_as_string(hide_password=True)

    def upgrade(self) -> tuple[str | None, str]:
        """Bring the schema to the head (:func:`arbitre.services.archive.migrate.upgrade`)."""
        found = upgrade(self.engine)
        self.migrated = True
        return found

    def close(self) -> None:
        self.engine.dispose()

    def add(self, game: FinishedGame, now_ms: int) -> bool:
        """Archive ``game`` (at ``now_ms``), committed when this returns: True when this call
        wrote it, False when its row was there already (nothing written). The call that
        writes it also rates its account-held players, in the same transaction. Raises SQLAlchemy's
        errors when the database fails (nothing written)."""
        values = {
            "game_id": game.game_id,
            "kind": game.kind,
            "title": game.title,
            "created_at": None if game.created_ms is None else _moment(game.created_ms),
            "finished_at": _moment(game.finished_ms),
            "archived_at": _moment(now_ms),
            "player_count": len(game.players),
            "players": [
                {"id": player.id, "name": player.name, "robot": player.robot}
                for player in game.players
            ],
            "turns": game.turns,
            "standings": [dict(line) for line in game.standings],
            "record": dict(game.record),
            "seed_commitment": game.seed_commitment,
            "seed_salt": game.seed_salt,
            "fingerprint": game.fingerprint,
            "sheet": game.sheet,
        }
        dialect = self.engine.dialect.name
        if dialect == "postgresql":  # a row back: this insert wrote it
            returning = (
                postgresql.insert(FinishedGameRow)
                .values(values)
                .on_conflict_do_nothing(index_elements=["game_id"])
                .returning(FinishedGameRow.game_id)
            )
            with self.engine.begin() as connection:
                written = connection.execute(returning).first() is not None
                if written:
                    self._rate(connection, game, now_ms)
                return written
        if dialect == "sqlite":  # a row counted: this insert wrote it (no RETURNING before 3.35)
            statement = (
                sqlite.insert(FinishedGameRow)
                .values(values)
                .on_conflict_do_nothing(index_elements=["game_id"])
            )
            with self.engine.begin() as connection:
                written = bool(connection.execute(statement).rowcount)
                if written:
                    self._rate(connection, game, now_ms)
                return written
        try:  # another database: the primary key refuses the second row
            with self.engine.begin() as connection:
                connection.execute(insert(FinishedGameRow).values(values))
                self._rate(connection, game, now_ms)
        except IntegrityError:
            if self.get(game.game_id) is None:
                raise
            return False
        return True

    @staticmethod
    def _rate(connection: Connection, game: FinishedGame, now_ms: int) -> None:
        """In the transaction that wrote ``game``: its account-held players' ratings
        (:func:`arbitre.services.archive.ratings.rate_game`), so a game is rated once."""
        rate_game(connection, game.game_id, game.kind, list(game.standings), _moment(now_ms))

    def get(self, game_id: str) -> FinishedGame | None:
        """The archived game ``game_id``, ``None`` when the archive does not have it."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(FinishedGameRow.__table__).where(FinishedGameRow.game_id == game_id)
            ).one_or_none()
        if row is None:
            return None
        finished = _ms(row.finished_at)
        assert finished is not None
        return FinishedGame(
            game_id=row.game_id,
            kind=row.kind,
            title=row.title,
            created_ms=_ms(row.created_at),
            finished_ms=finished,
            players=tuple(
                ArchivedPlayer(player["id"], player["name"], player.get("robot"))
                for player in row.players
            ),
            turns=row.turns,
            standings=tuple(row.standings),
            record=row.record,
            seed_commitment=row.seed_commitment,
            seed_salt=row.seed_salt,
            fingerprint=row.fingerprint,
            sheet=row.sheet,
            archived_ms=_ms(row.archived_at),
        )

    def count(self) -> int:
        """How many games are archived."""
        with self.engine.connect() as connection:
            found = connection.execute(select(func.count()).select_from(FinishedGameRow)).scalar()
        return int(found or 0)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """A SQLite connection's settings: write-ahead logging (readers never wait for the
    archiver's writes)."""
    cursor = connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
    finally:
        cursor.close()
