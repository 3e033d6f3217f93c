"""Take-backs: how many moves a table has had taken back.

A take-back deletes the table's last move (its record simply no longer holds
it); the count tells every server holding the table in memory to rebuild it,
and every page to read its log again. Existing tables have had none.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as t:
        t.add_column(sa.Column("takebacks", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as t:
        t.drop_column("takebacks")
