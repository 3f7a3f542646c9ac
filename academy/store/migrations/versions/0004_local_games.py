"""Local games: the game a learner plays on their own screen, kept so that a reload brings it back.

    local_games  (learner, game): the record (``Record.to_json()``), the seats (people, CPU levels),
                 whether it is over, when it was saved

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "local_games",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("saved_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name=op.f("fk_local_games_learner_id_learners"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("learner_id", "game", name=op.f("pk_local_games")),
    )


def downgrade() -> None:
    op.drop_table("local_games")
