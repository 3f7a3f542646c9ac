"""Learner progress and classroom mode: learners, their progress per exercise, classes, members and work.

    learners       the browser's anonymous learner id (``key``) and an optional name
    progress       (learner, game, lesson, exercise index): tries, solved, first solved at
    classes        a teacher's class: join code, teacher token hash, lesson, exercise under way, shown board
    class_members  the students who joined a class, under the name they gave
    class_work     each student's tries, solved mark and current board per exercise during a class

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_learners")),
        sa.UniqueConstraint("key", name=op.f("uq_learners_key")),
    )
    op.create_table(
        "progress",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("lesson_id", sa.String(length=100), nullable=False),
        sa.Column("exercise_index", sa.Integer(), nullable=False),
        sa.Column("exercise_id", sa.String(length=100), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("first_solved_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("exercise_index >= 0", name=op.f("ck_progress_exercise_index")),
        sa.CheckConstraint("tries >= 0", name=op.f("ck_progress_tries")),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name=op.f("fk_progress_learner_id_learners"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("learner_id", "game", "lesson_id", "exercise_index", name=op.f("pk_progress")),
    )
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("code", sa.String(length=12), nullable=False),
        sa.Column("teacher_hash", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("lesson_id", sa.String(length=100), nullable=False),
        sa.Column("exercise_index", sa.Integer(), nullable=False),
        sa.Column("shown_learner_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("status IN ('open', 'closed')", name=op.f("ck_classes_status")),
        sa.CheckConstraint("exercise_index >= 0", name=op.f("ck_classes_exercise_index")),
        sa.ForeignKeyConstraint(["shown_learner_id"], ["learners.id"],
                                name=op.f("fk_classes_shown_learner_id_learners"), ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_classes")),
        sa.UniqueConstraint("code", name=op.f("uq_classes_code")),
        sa.UniqueConstraint("teacher_hash", name=op.f("uq_classes_teacher_hash")),
    )
    op.create_table(
        "class_members",
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], name=op.f("fk_class_members_class_id_classes"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name=op.f("fk_class_members_learner_id_learners"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("class_id", "learner_id", name=op.f("pk_class_members")),
    )
    op.create_table(
        "class_work",
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("exercise_index", sa.Integer(), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("first_solved_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("board", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("exercise_index >= 0", name=op.f("ck_class_work_exercise_index")),
        sa.ForeignKeyConstraint(["class_id", "learner_id"], ["class_members.class_id", "class_members.learner_id"],
                                name="fk_class_work_member_class_members", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("class_id", "learner_id", "exercise_index", name=op.f("pk_class_work")),
    )


def downgrade() -> None:
    op.drop_table("class_work")
    op.drop_table("class_members")
    op.drop_table("classes")
    op.drop_table("progress")
    op.drop_table("learners")
