"""Initial tables: games, seats, actions (the record's log), messages and their recipients.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_name", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("start", sa.JSON(), nullable=True),
        sa.Column("clock", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("status IN ('open', 'running', 'finished')", name=op.f("ck_games_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index(op.f("ix_games_status"), "games", ["status"])
    op.create_index(op.f("ix_games_updated_at"), "games", ["updated_at"])

    op.create_table(
        "actions",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=True),
        sa.Column("chance", sa.Boolean(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("idx >= 0", name=op.f("ck_actions_idx")),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_actions_game_id_games"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "idx", name=op.f("pk_actions")),
    )

    op.create_table(
        "seats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("level", sa.String(length=32), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.Column("joined", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.CheckConstraint("kind IN ('human', 'cpu')", name=op.f("ck_seats_kind")),
        sa.CheckConstraint("status IN ('in', 'resigned', 'timed_out', 'abandoned')", name=op.f("ck_seats_status")),
        sa.CheckConstraint("player >= 0", name=op.f("ck_seats_player")),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_seats_game_id_games"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "player", name=op.f("pk_seats")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_seats_token_hash")),
    )

    op.create_table(
        "messages",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("sender", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=100), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id", "sender"], ["seats.game_id", "seats.player"],
                                name="fk_messages_sender_seats", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_messages_game_id_games"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_messages")),
    )
    op.create_index("ix_messages_game_id", "messages", ["game_id", "id"])

    op.create_table(
        "message_recipients",
        sa.Column("message_id", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id", "player"], ["seats.game_id", "seats.player"],
                                name="fk_message_recipients_player_seats", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["message_id"], ["messages.id"],
                                name=op.f("fk_message_recipients_message_id_messages"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("message_id", "player", name=op.f("pk_message_recipients")),
    )
    op.create_index("ix_message_recipients_seat", "message_recipients", ["game_id", "player"])


def downgrade() -> None:
    op.drop_index("ix_message_recipients_seat", table_name="message_recipients")
    op.drop_table("message_recipients")
    op.drop_index("ix_messages_game_id", table_name="messages")
    op.drop_table("messages")
    op.drop_table("seats")
    op.drop_table("actions")
    op.drop_index(op.f("ix_games_updated_at"), table_name="games")
    op.drop_index(op.f("ix_games_status"), table_name="games")
    op.drop_table("games")
