"""The environments table: a game's options saved under a name (and an optional password).

Revision ID: 0002_environments
Revises: 0001_games
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0002_environments"
down_revision: str | None = "0001_games"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_JSON = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "environments",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False),
        sa.Column("options", _JSON, nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("kind", "name_key", name="uq_environments_kind_name_key"),
    )


def downgrade() -> None:
    op.drop_table("environments")
