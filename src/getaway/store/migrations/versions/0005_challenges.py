"""Challenges: a table may be created for a daily or weekly challenge, and a finished
challenge table gets an entry on its challenge's leaderboard (``records``).

Existing tables are no challenge's. The ``secrets`` table gets this installation's
challenge secret, made here once: every challenge seed is derived from it, so nobody
can work a challenge's deal out from the date (see ``server/challenges.py``).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as t:
        t.add_column(sa.Column("challenge", sa.String(80), nullable=True))
    op.create_table(
        "records",
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("challenge", sa.String(80), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("order_key", sa.Float, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("clock", sa.Float, nullable=True),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("reason", sa.String(60), nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_records_challenge", "records", ["challenge"])
    kept = op.create_table(
        "secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.bulk_insert(kept, [{"name": "challenges", "value": secrets.token_hex(32)}])


def downgrade() -> None:
    op.drop_table("secrets")
    op.drop_index("ix_records_challenge", table_name="records")
    op.drop_table("records")
    with op.batch_alter_table("game_tables") as t:
        t.drop_column("challenge")
