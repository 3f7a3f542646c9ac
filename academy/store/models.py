"""The tables of the store (SQLAlchemy 2.x declarative models).

    games     one row per game: name, options, seed, status, title, winner, start, clock, deadline
    seats     (game_id, player): kind human/cpu, cpu level, display name, token hash, joined, status, public
    actions   (game_id, idx): the record's log, one row per entry, ``idx`` 0, 1, 2 ... per game
    messages  one row per message: sender seat, text, the step (log length) and phase it was sent at
    message_recipients  (message_id, player): who a message was sent to

The schema itself is created and changed only by the Alembic migrations in ``migrations/``;
``tests/store/test_migrations.py`` checks that they produce exactly these models. Types are
portable (SQLite, PostgreSQL); constraint names follow ``NAMING`` so migrations can name them.
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (JSON, BigInteger, Boolean, CheckConstraint, DateTime, ForeignKey,
                        ForeignKeyConstraint, Index, Integer, MetaData, String, Text, false)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

GAME_STATUSES = ("open", "running", "finished")
SEAT_KINDS = ("human", "cpu")
SEAT_STATUSES = ("in", "resigned", "timed_out", "abandoned")


def utcnow() -> datetime:
    return datetime.now(UTC)


def _in(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class GameRow(Base):
    __tablename__ = "games"
    __table_args__ = (CheckConstraint(_in("status", GAME_STATUSES), name="status"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_name: Mapped[str] = mapped_column(String(64))
    title: Mapped[str] = mapped_column(String(200))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: a starting position (``State.to_json()``) when the game does not start from set-up
    start: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: clock settings, e.g. {"mode": "live", "seconds_per_turn": 300}; None: no clock
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    #: when the current turn (sequential) or order phase (simultaneous) runs out; None: no clock running
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    #: the log index at which the turn or phase that ``deadline`` belongs to began
    deadline_step: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (
        CheckConstraint(_in("kind", SEAT_KINDS), name="kind"),
        CheckConstraint(_in("status", SEAT_STATUSES), name="status"),
        CheckConstraint("player >= 0", name="player"),
    )

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    player: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    #: the CPU level ("easy", "normal", "hard") of a cpu seat; None for people
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(100))
    #: hex SHA-256 of the seat's secret token (never the token); None for cpu seats
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), default="in")
    #: True: anyone may take this seat from the games list while it is free (a new token is made)
    public: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (CheckConstraint("idx >= 0", name="idx"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    #: position in the record's log: 0, 1, 2 ... (the primary key makes it unique per game)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: who acted; None for chance outcomes
    player: Mapped[int | None] = mapped_column(Integer, nullable=True)
    chance: Mapped[bool] = mapped_column(Boolean)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MessageRow(Base):
    __tablename__ = "messages"
    __table_args__ = (
        ForeignKeyConstraint(["game_id", "sender"], ["seats.game_id", "seats.player"],
                             ondelete="CASCADE", name="fk_messages_sender_seats"),
        Index("ix_messages_game_id", "game_id", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    sender: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    #: number of actions in the log when the message was sent (its place in a replay)
    step: Mapped[int] = mapped_column(Integer)
    #: the game's phase label when sent ("Spring 1901 Movement"), if the caller gives one
    phase: Mapped[str | None] = mapped_column(String(100), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RecipientRow(Base):
    __tablename__ = "message_recipients"
    __table_args__ = (
        ForeignKeyConstraint(["game_id", "player"], ["seats.game_id", "seats.player"],
                             ondelete="CASCADE", name="fk_message_recipients_player_seats"),
        Index("ix_message_recipients_seat", "game_id", "player"),
    )

    message_id: Mapped[int] = mapped_column(ForeignKey("messages.id", ondelete="CASCADE"), primary_key=True)
    player: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: the message's game, repeated so the recipient is a seat of that same game (foreign key)
    game_id: Mapped[int] = mapped_column(Integer)
