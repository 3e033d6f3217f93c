"""Hints: what the Hard bot advised a seat, and the seat's estimated chance of winning.

A hint is never a move: it lives in its own table, beside the table's moves,
so records and replays stay exactly the game played. Existing tables have had
none.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hints",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("n", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("chance", sa.Float, nullable=False),
        sa.Column("playouts", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_hints_table_id", "hints", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_hints_table_id", table_name="hints")
    op.drop_table("hints")
