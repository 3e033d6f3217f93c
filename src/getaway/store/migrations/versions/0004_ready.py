"""Ready together: a real-time table waits until every human seat is ready.

Existing tables have no getting-ready phase (their clocks run as before).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as t:
        t.add_column(sa.Column("ready", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as t:
        t.drop_column("ready")
