"""The digest chain of moves, damaged and private tables, creators, seats to act.

Existing moves get their digests computed here (what is stored at upgrade time
is taken as the truth); existing tables are public, with no known creator.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from getaway.store.chain import genesis, link

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as t:
        t.add_column(sa.Column("head", sa.String(64), nullable=True))
        t.add_column(sa.Column("damaged", sa.Text, nullable=True))
        t.add_column(sa.Column("to_act", sa.JSON, nullable=True))
        t.add_column(sa.Column("private", sa.Boolean, nullable=False,
                               server_default=sa.false()))
        t.add_column(sa.Column("invite", sa.String(64), nullable=True))
        t.add_column(sa.Column("creator", sa.String(64), nullable=True))
        t.create_index("ix_game_tables_creator", ["creator"])
    with op.batch_alter_table("moves") as t:
        t.add_column(sa.Column("digest", sa.String(64), nullable=True))
    _chain_existing_moves()


def _chain_existing_moves() -> None:
    conn = op.get_bind()
    tables = sa.table("game_tables", sa.column("id"), sa.column("game"), sa.column("players"),
                      sa.column("options", sa.JSON), sa.column("seed"), sa.column("head"))
    moves = sa.table("moves", sa.column("table_id"), sa.column("n"), sa.column("seat"),
                     sa.column("action", sa.JSON), sa.column("advance"), sa.column("digest"))
    for row in conn.execute(sa.select(tables.c.id, tables.c.game, tables.c.players,
                                      tables.c.options, tables.c.seed)).all():
        digest = genesis(row.id, row.game, row.players, row.options or {}, row.seed)
        steps = conn.execute(sa.select(moves.c.n, moves.c.seat, moves.c.action, moves.c.advance)
                             .where(moves.c.table_id == row.id).order_by(moves.c.n)).all()
        for m in steps:
            step = ({"advance": m.advance} if m.action is None
                    else {"seat": m.seat, "action": m.action})
            digest = link(digest, step)
            conn.execute(moves.update().where(moves.c.table_id == row.id, moves.c.n == m.n)
                         .values(digest=digest))
        conn.execute(tables.update().where(tables.c.id == row.id).values(head=digest))


def downgrade() -> None:
    with op.batch_alter_table("moves") as t:
        t.drop_column("digest")
    with op.batch_alter_table("game_tables") as t:
        t.drop_index("ix_game_tables_creator")
        for name in ("creator", "invite", "private", "to_act", "damaged", "head"):
            t.drop_column(name)
