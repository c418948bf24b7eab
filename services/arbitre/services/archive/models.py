"""The archive's tables, as SQLAlchemy 2 typed models. The migrations
(:mod:`arbitre.services.archive.migrate`) create them; a test checks that the migrated schema and
these models agree.

``games``: one row per finished game, its id the primary key (a game is archived once). The
columns hold what a finished game's history and rankings will read: its kind, title, when it was
created and ended, its players (id, name, robot level) and the session's part of its record
(seed commitment and salt, the fingerprint of what its tools played, the game sheet); the kind's
record and the standings lines are JSON (``JSONB`` on PostgreSQL), as the API gives them: the
record as ``GET /v1/games/{id}/record``'s ``record``, each line ``{rank, player, name, total,
details}`` with the kind's figures in ``details``.

``environments``: a game's options saved under a name (:mod:`arbitre.services.archive.
environments`), one row per kind and name, the name unique per kind whatever its case (the
``name_key`` column: the name case-folded); the options are the kind's ``config_data``, the
password (optional) an argon2id hash.

``accounts``, ``account_sessions``, ``api_keys`` (:mod:`arbitre.services.archive.accounts`):
an account's name (unique whatever its case: ``name_key``), its password's argon2id hash, its
optional registration (licence, club, série, country) and the ``organiser`` flag; a deleted
account keeps its row (``deleted_at``; name, key and hash cleared), so that what refers to it
stays, without its name. Sessions and API keys are kept as the SHA-256 of their token, never the
token itself. ``account_seats``: the player of a game an account holds (written when a signed-in
player joins), what "my games" and a player's history read. ``ratings``: an account's Glicko-2
rating per rated kind (:mod:`arbitre.services.archive.ratings`), updated in the transaction that
archives a game.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "AccountRow",
    "AccountSeatRow",
    "AccountSessionRow",
    "ApiKeyRow",
    "Base",
    "EnvironmentRow",
    "FinishedGameRow",
    "Json",
    "RatingRow",
]

#: JSON in every database, ``JSONB`` (indexable, compact) on PostgreSQL.
Json = JSON().with_variant(JSONB(), "postgresql")


class Base(DeclarativeBase):
    """The archive's models."""


class FinishedGameRow(Base):
    """A finished game, as archived."""

    __tablename__ = "games"

    game_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32), index=True)
    title: Mapped[str] = mapped_column(String(200), default="")
    #: When the game was created and when it ended (UTC).
    created_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    #: When the row was written (UTC).
    archived_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    player_count: Mapped[int] = mapped_column(Integer)
    #: The players in join order: ``[{"id", "name", "robot"}]`` (``robot``: a level, or null).
    players: Mapped[list[dict[str, Any]]] = mapped_column(Json)
    #: How many turns or rounds the standings are over, and their lines, ranked.
    turns: Mapped[int] = mapped_column(Integer)
    standings: Mapped[list[dict[str, Any]]] = mapped_column(Json)
    #: The kind's record (its replay gives the game again).
    record: Mapped[dict[str, Any]] = mapped_column(Json)
    seed_commitment: Mapped[str] = mapped_column(String(128), default="")
    seed_salt: Mapped[str] = mapped_column(String(128), default="")
    fingerprint: Mapped[str] = mapped_column(String(128), default="")
    #: The FISF game sheet of a kind that writes one (duplicate), else empty.
    sheet: Mapped[str] = mapped_column(Text, default="")


class EnvironmentRow(Base):
    """A game's options saved under a name."""

    __tablename__ = "environments"
    __table_args__ = (UniqueConstraint("kind", "name_key", name="uq_environments_kind_name_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(32))
    #: The name as given, and as compared (case-folded): unique per kind.
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160))
    #: The kind's ``config_data`` of the options.
    options: Mapped[dict[str, Any]] = mapped_column(Json)
    #: The password's argon2id hash (its own salt and parameters inside); ``None``: none.
    password_hash: Mapped[str | None] = mapped_column(String(200))
    #: When the environment was first saved, and last overwritten (UTC).
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountRow(Base):
    """A player's account."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: The name as signed up, and as compared (NFKC, case-folded; unique); both ``None`` once
    #: the account is deleted.
    name: Mapped[str | None] = mapped_column(String(40))
    name_key: Mapped[str | None] = mapped_column(String(160), unique=True)
    #: The password's argon2id hash; ``None`` once deleted.
    password_hash: Mapped[str | None] = mapped_column(String(200))
    licence: Mapped[str] = mapped_column(String(20), default="")
    club: Mapped[str] = mapped_column(String(60), default="")
    serie: Mapped[str] = mapped_column(String(20), default="")
    country: Mapped[str] = mapped_column(String(3), default="")
    organiser: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class AccountSessionRow(Base):
    """A signed-in session: the SHA-256 (hex) of its bearer token."""

    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ApiKeyRow(Base):
    """An API key issued to an account: the SHA-256 (hex) of the key, its label and prefix."""

    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    label: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class AccountSeatRow(Base):
    """A seat held by an account: the game, the player's id in it, the game's kind and title."""

    __tablename__ = "account_seats"

    game_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(200))
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """An account's Glicko-2 rating in a kind, and how many archived games it is over."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_kind_rating", "kind", "rating"),)

    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
