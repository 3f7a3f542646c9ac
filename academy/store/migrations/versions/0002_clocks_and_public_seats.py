"""Clocks and public seats: a game's current deadline, and seats anyone may take from the list.

    games.deadline       when the current turn (or order phase) runs out; None: no clock running
    games.deadline_step  the log index at which that turn or phase began (the deadline's owner)
    seats.public         True: anyone may take this free seat from the games list

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("deadline_step", sa.Integer(), nullable=True))
        batch.create_index(op.f("ix_games_deadline"), ["deadline"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("public")
    with op.batch_alter_table("games") as batch:
        batch.drop_index(op.f("ix_games_deadline"))
        batch.drop_column("deadline_step")
        batch.drop_column("deadline")
