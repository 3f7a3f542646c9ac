"""What the teachers' pages share: the teacher in this browser, their lesson collection, and any lesson
found by its ref (a built-in lesson's id, or a teacher's ``<collection>/<name>``).

How a teacher's lessons reach learners: never in the public list of a game's lessons (that list is the
same for everybody); a teacher's lesson is unlisted, and learners open it by its link
(``?game=<game>&tab=lessons&lesson=<ref>``), by a course's link (``?page=course&course=CODE``) or in a
class that runs it.

The teacher in this browser: the teacher page keeps the teacher's token in the browser's localStorage
(``TeacherKey``, entry ``academy-teacher``; ``?teacher=TOKEN`` in its link sets it), so the other
teacher pages (writing a lesson from any board, opening a class) know the teacher without the link.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from academy.lessons.collection import Collection, find_lesson as find_collection_lesson, is_ref
from academy.store.courses import Courses
from academy.store.location import data_dir
from academy.store.teachers import Teacher, Teachers
from academy.ui.progress_page import TeacherKey, learner_store

__all__ = ["TeacherKey", "collection_of", "courses", "find_lesson", "lesson_link", "lessons_root", "teacher_hook",
           "teacher_link", "teachers", "title_of"]

_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,100}$")


def teacher_hook(query: dict[str, str] | None = None, field: str = "teacher") -> TeacherKey:
    """The teacher hook of a page: ``field`` of its link (when it is a teacher token) wins over the browser's."""
    wanted = (query or {}).get(field) or ""
    return TeacherKey(key=wanted if _TOKEN.match(wanted) else "", entry="academy-teacher", field=field,
                      height=0, width=0, margin=0)


def lessons_root() -> Path:
    """Where teachers' lesson collections live: ``lessons/`` in the Academy's data folder."""
    return data_dir() / "lessons"


def teachers() -> Teachers:
    return Teachers(learner_store())


def courses() -> Courses:
    return Courses(learner_store())


def collection_of(teacher: Teacher) -> Collection:
    """The teacher's lesson collection."""
    return Collection(lessons_root(), teacher.collection)


def find_lesson(game: str, ref: str | None) -> Any:
    """The lesson ``ref`` of ``game``: a built-in one (or one of ``--lessons DIR``), or a teacher's; None."""
    if not ref:
        return None
    if is_ref(ref):
        return find_collection_lesson(lessons_root(), game, ref)
    from academy.ui.lessons_page import game_lessons
    return next((lesson for lesson in game_lessons(game)[0] if lesson.id == ref), None)


def teacher_link(token: str) -> str:
    """The teacher's own link (a query string)."""
    return f"?page=teacher&teacher={token}"


def lesson_link(game: str, ref: str) -> str:
    """The link that opens a lesson on the game's Lessons tab (any learner may open it)."""
    from urllib.parse import quote
    return f"?game={game}&tab=lessons&lesson={quote(ref, safe='/')}"


def title_of(game: str, ref: str) -> str:
    """A lesson's title, or its ref and "(missing)" when it cannot be found (deleted, or broken since)."""
    lesson = find_lesson(game, ref)
    return lesson.title if lesson is not None else f"{ref} (missing)"
