"""The games table: one row per finished game.

Revision ID: 0001_games
Revises:
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0001_games"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_JSON = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("game_id", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("archived_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("player_count", sa.Integer(), nullable=False),
        sa.Column("players", _JSON, nullable=False),
        sa.Column("turns", sa.Integer(), nullable=False),
        sa.Column("standings", _JSON, nullable=False),
        sa.Column("record", _JSON, nullable=False),
        sa.Column("seed_commitment", sa.String(128), nullable=False),
        sa.Column("seed_salt", sa.String(128), nullable=False),
        sa.Column("fingerprint", sa.String(128), nullable=False),
        sa.Column("sheet", sa.Text(), nullable=False),
    )
    op.create_index("ix_games_kind", "games", ["kind"])
    op.create_index("ix_games_finished_at", "games", ["finished_at"])


def downgrade() -> None:
    op.drop_index("ix_games_finished_at", table_name="games")
    op.drop_index("ix_games_kind", table_name="games")
    op.drop_table("games")
