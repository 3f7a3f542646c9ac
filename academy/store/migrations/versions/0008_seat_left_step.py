"""When a seat left its game: the number of actions in the game's log when it resigned, ran out of time or
left, so that a seat's log rebuilt after a reload says "Red resigns." where the live log said it.

    seats.left_step  the log's length when the seat's status left "in"; None while it is in (and for a seat
                     that left before this migration: its log says it at the end)

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("left_step", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("left_step")
