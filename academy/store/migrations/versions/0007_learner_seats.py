"""Learner seats: the seats of shared games a learner's browser opened, so that a class's table reads the
coach's reviews of its students' shared games as well as of their games on their own screen.

    learner_seats  (learner, game, player): when the seat was last opened

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-05
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "learner_seats",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name=op.f("fk_learner_seats_learner_id_learners"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_learner_seats_game_id_games"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("learner_id", "game_id", "player", name=op.f("pk_learner_seats")),
    )
    op.create_index(op.f("ix_learner_seats_seen_at"), "learner_seats", ["seen_at"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_learner_seats_seen_at"), table_name="learner_seats")
    op.drop_table("learner_seats")
