"""The tables of the store (SQLAlchemy 2.x declarative models).

    games     one row per game: name, options, seed, status, title, winner, start, clock, deadline
    seats     (game_id, player): kind human/cpu, cpu level, display name, token hash, joined, status, public,
              the log's length when the seat left (resigned, ran out of time, left)
    actions   (game_id, idx): the record's log, one row per entry, ``idx`` 0, 1, 2 ... per game
    messages  one row per message: sender seat, text, the step (log length) and phase it was sent at
    message_recipients  (message_id, player): who a message was sent to
    learners  one row per learner: the browser's anonymous id (``key``) and an optional name
    progress  (learner_id, game, lesson_id, exercise_index): tries, solved, first solved at
    classes   one row per class: join code, teacher token hash, game, lesson, exercise under way, shown board,
              its teacher and course, its lessons in order, the teacher's demo board
    class_members  (class_id, learner_id): the students of a class and the names they gave
    class_work     (class_id, learner_id, lesson_id, exercise_index): tries, solved and the current board
    local_games    (learner_id, game): the learner's game on their own screen (record, seats, finished)
    teachers  one row per teacher: token hash, the folder of their lesson files (``collection``), a name
    courses   one row per course: its teacher, share code, game, title and lessons in order

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
    #: the number of actions in the log when the seat's status left "in" (migration 0008); None while in, and
    #: for a seat that left before it was kept
    left_step: Mapped[int | None] = mapped_column(Integer, nullable=True)


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


# ============================================================================ learners and classes
# Added by migration 0003 (learner progress and classroom mode); see progress.py and classroom.py.
CLASS_STATUSES = ("open", "closed")


class LearnerRow(Base):
    """A learner: an anonymous id kept in the browser (``key``), optionally with a name."""

    __tablename__ = "learners"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: the browser's learner id (random, URL-safe); unique
    key: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ProgressRow(Base):
    """One learner's work on one exercise of one lesson."""

    __tablename__ = "progress"
    __table_args__ = (CheckConstraint("exercise_index >= 0", name="exercise_index"),
                      CheckConstraint("tries >= 0", name="tries"))

    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    lesson_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    exercise_index: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: the exercise's id in its lesson file (its index may change if the teacher reorders them)
    exercise_id: Mapped[str] = mapped_column(String(100))
    tries: Mapped[int] = mapped_column(Integer, default=0)
    #: the most hints the learner has seen in any try of it
    hints: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    solved: Mapped[bool] = mapped_column(Boolean, default=False)
    first_solved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClassRow(Base):
    """A class a teacher runs: a lesson, the exercise under way, a join code and the teacher's token hash."""

    __tablename__ = "classes"
    __table_args__ = (CheckConstraint(_in("status", CLASS_STATUSES), name="status"),
                      CheckConstraint("exercise_index >= 0", name="exercise_index"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: the short join code students type (upper-case letters and digits); unique
    code: Mapped[str] = mapped_column(String(12), unique=True)
    #: hex SHA-256 of the teacher's secret token (never the token)
    teacher_hash: Mapped[str] = mapped_column(String(64), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    lesson_id: Mapped[str] = mapped_column(String(100))
    exercise_index: Mapped[int] = mapped_column(Integer, default=0)
    #: the learner whose board the teacher shows to the class; None: nobody's
    shown_learner_id: Mapped[int | None] = mapped_column(ForeignKey("learners.id", ondelete="SET NULL"),
                                                         nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="open")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # added by migration 0006 (teachers and courses)
    #: the teacher who opened it (None: a class opened before teachers had links)
    teacher_id: Mapped[int | None] = mapped_column(ForeignKey("teachers.id", ondelete="SET NULL"), nullable=True,
                                                   index=True)
    #: the course it runs (None: one lesson, or the course was deleted since)
    course_id: Mapped[int | None] = mapped_column(ForeignKey("courses.id", ondelete="SET NULL"), nullable=True)
    #: the lessons it runs, in order (lesson refs, the course's when it opened); None: ``lesson_id`` alone
    lessons: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    #: the teacher's demo board: {"lesson", "exercise", "actions", "arrows", "marks"}; None: none shown
    demo: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class ClassMemberRow(Base):
    """A student who joined a class, under the name they gave."""

    __tablename__ = "class_members"

    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClassWorkRow(Base):
    """A student's work on one exercise during a class: tries, solved, and the board of the current try."""

    __tablename__ = "class_work"
    __table_args__ = (
        ForeignKeyConstraint(["class_id", "learner_id"], ["class_members.class_id", "class_members.learner_id"],
                             ondelete="CASCADE", name="fk_class_work_member_class_members"),
        CheckConstraint("exercise_index >= 0", name="exercise_index"),
    )

    class_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: the lesson of the class's course the exercise belongs to (migration 0006)
    lesson_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    exercise_index: Mapped[int] = mapped_column(Integer, primary_key=True)
    tries: Mapped[int] = mapped_column(Integer, default=0)
    #: the most hints the learner has seen in any try of it
    hints: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    solved: Mapped[bool] = mapped_column(Boolean, default=False)
    first_solved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: the actions of the student's current try (``action_to_json`` data), to show the board to the class
    board: Mapped[list[Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


# ============================================================================ local games
# Added by migration 0004 (a local game survives a reload); see local_games.py.


class LearnerSeatRow(Base):
    """A seat of a shared game that a learner's browser opened (its seat link), so that their reviews of
    finished shared games reach their class's table too. The seat by its number, never its token."""

    __tablename__ = "learner_seats"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    player: Mapped[int] = mapped_column(Integer, primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)


class LocalGameRow(Base):
    """The game a learner plays on their own screen (against the CPU or hot seat), one per game kind:
    its record, its seats and whether it is over. Written after every action, read when the Play tab
    opens again in the same browser."""

    __tablename__ = "local_games"

    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: ``Record.to_json()`` of the game (seed included: it never leaves the server)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: what the record does not hold: who plays each seat (people, CPU levels)
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    saved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


# ============================================================================ teachers and courses
# Added by migration 0006; see teachers.py and courses.py.


class TeacherRow(Base):
    """A teacher: one secret link (its token's hash) finds their lessons, courses and classes."""

    __tablename__ = "teachers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: hex SHA-256 of the teacher's secret token (never the token)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    #: the name of the folder that holds the teacher's lesson files (random, not secret; in lesson refs)
    collection: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CourseRow(Base):
    """A course: lessons of one game in order (built-in ids or the teacher's lesson refs), shared by a code."""

    __tablename__ = "courses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    teacher_id: Mapped[int] = mapped_column(ForeignKey("teachers.id", ondelete="CASCADE"), index=True)
    #: the code in the course's link (``?page=course&course=CODE``); unique
    code: Mapped[str] = mapped_column(String(12), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    title: Mapped[str] = mapped_column(String(200))
    #: the lesson refs, in order
    lessons: Mapped[list[str]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
