"""Teachers and courses: one teacher link finds a teacher's lessons, courses and classes; a class runs a
course (several lessons in order) and keeps its students' work per lesson; the teacher's demo board.

    teachers    the teacher's token hash, the folder of their lesson files (``collection``), a name
    courses     a teacher's course: share code, game, title, lesson refs in order
    classes     + teacher_id, course_id, lessons (the refs it runs), demo (the teacher's demo board)
    class_work  + lesson_id in the primary key (a class's work on lesson A's exercise 1 is not lesson B's);
                the work of classes made before is kept under their one lesson

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-09
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "teachers",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("collection", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_teachers")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_teachers_token_hash")),
        sa.UniqueConstraint("collection", name=op.f("uq_teachers_collection")),
    )
    op.create_table(
        "courses",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("teacher_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=12), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("lessons", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["teacher_id"], ["teachers.id"], name=op.f("fk_courses_teacher_id_teachers"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_courses")),
        sa.UniqueConstraint("code", name=op.f("uq_courses_code")),
    )
    op.create_index(op.f("ix_courses_teacher_id"), "courses", ["teacher_id"])
    # plain ADD COLUMNs with their foreign keys: on SQLite a batch would copy "classes" and drop the old table,
    # and the drop (foreign keys on) would cascade to every class's members and work; SQLite adds a column with
    # its foreign key inline, other databases add the constraint after
    for column, table, action in (("teacher_id", "teachers", "SET NULL"), ("course_id", "courses", "SET NULL")):
        name = f"fk_classes_{column}_{table}"
        if op.get_context().dialect.name == "sqlite":
            op.execute(f"ALTER TABLE classes ADD COLUMN {column} INTEGER CONSTRAINT {name} "
                       f"REFERENCES {table} (id) ON DELETE {action}")
        else:
            op.add_column("classes", sa.Column(column, sa.Integer(), nullable=True))
            op.create_foreign_key(op.f(name), "classes", table, [column], ["id"], ondelete=action)
    op.add_column("classes", sa.Column("lessons", sa.JSON(), nullable=True))
    op.add_column("classes", sa.Column("demo", sa.JSON(), nullable=True))
    op.create_index(op.f("ix_classes_teacher_id"), "classes", ["teacher_id"])
    # the work of the classes made before this revision belongs to their one lesson
    with op.batch_alter_table("class_work") as batch:
        batch.add_column(sa.Column("lesson_id", sa.String(length=100), nullable=False, server_default=""))
    op.execute("UPDATE class_work SET lesson_id = (SELECT classes.lesson_id FROM classes "
               "WHERE classes.id = class_work.class_id)")
    with op.batch_alter_table("class_work") as batch:
        batch.alter_column("lesson_id", existing_type=sa.String(length=100), server_default=None,
                           existing_nullable=False)
        batch.drop_constraint("pk_class_work", type_="primary")
        batch.create_primary_key("pk_class_work", ["class_id", "learner_id", "lesson_id", "exercise_index"])


def downgrade() -> None:
    # a course's work on its other lessons has no place in the old table: only the class's current lesson's stays
    op.execute("DELETE FROM class_work WHERE lesson_id <> (SELECT classes.lesson_id FROM classes "
               "WHERE classes.id = class_work.class_id)")
    with op.batch_alter_table("class_work") as batch:
        batch.drop_constraint("pk_class_work", type_="primary")
        batch.create_primary_key("pk_class_work", ["class_id", "learner_id", "exercise_index"])
        batch.drop_column("lesson_id")
    op.drop_index(op.f("ix_classes_teacher_id"), table_name="classes")
    # a column's foreign key goes with it (a downgrade on SQLite copies the table: the classes lose their members)
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("demo")
        batch.drop_column("lessons")
        batch.drop_column("course_id")
        batch.drop_column("teacher_id")
    op.drop_index(op.f("ix_courses_teacher_id"), table_name="courses")
    op.drop_table("courses")
    op.drop_table("teachers")
