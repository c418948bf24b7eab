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
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Integer, String, Text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "FinishedGameRow", "Json"]

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
