"""The seats of signed-in players: which account holds which player of which game.

Revision ID: 0004_account_seats
Revises: 0003_accounts
Create Date: 2026-12-04
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_account_seats"
down_revision: str | None = "0003_accounts"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "account_seats",
        sa.Column("game_id", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_seats_account_id", "account_seats", ["account_id"])


def downgrade() -> None:
    op.drop_table("account_seats")
