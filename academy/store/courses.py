"""Courses: several lessons of one game in order, a teacher's, shared by a short code.

Panel-free. A course names its lessons by their refs: a built-in lesson's id (``attacking``) or a
teacher's lesson, ``<collection>/<lesson>`` (see ``academy.lessons.collection``); the store does not read
lesson files, the pages do. ``Courses(store)``:

- ``create(token, game, title, lessons) -> Course`` (the teacher's token; raises BadToken, InvalidInput),
- ``update(token, course_id, title=None, lessons=None) -> Course``, ``delete(token, course_id)``,
- ``of_teacher(token) -> [Course]`` (newest first),
- ``by_code(code) -> Course``: anyone with the course's link (``?page=course&course=CODE``) may read it;
  raises ``CourseNotFound`` in plain words.

>>> import tempfile
>>> from academy.store import Store
>>> from academy.store.teachers import Teachers
>>> with tempfile.TemporaryDirectory() as d, Store(f"sqlite:///{d}/a.db") as store:
...     _, token = Teachers(store).create()
...     course = Courses(store).create(token, "conquest", "Attack!", ["attacking", "conquering"])
...     Courses(store).by_code(course.code.lower()).lessons
('attacking', 'conquering')
"""
from __future__ import annotations

import logging
import re
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .errors import InvalidInput, StoreError
from .models import CourseRow, utcnow
from .store import Store, _aware
from .teachers import Teachers
from .text import check_line, check_text

log = logging.getLogger("academy.store.courses")

__all__ = ["Course", "CourseNotFound", "Courses", "MAX_LESSONS", "check_lesson_refs"]

#: how many lessons a course may hold
MAX_LESSONS = 40
MAX_TITLE = 200
_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
_REF = re.compile(r"^(?:[a-z0-9]{10}/)?[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$")


class CourseNotFound(StoreError, LookupError):
    """No course has this code (or it was deleted)."""


@dataclass(frozen=True)
class Course:
    """A course: its teacher, share code, game, title and lesson refs in order."""

    id: int
    teacher_id: int
    code: str
    game: str
    title: str
    lessons: tuple[str, ...]
    created_at: datetime
    updated_at: datetime

    @property
    def link(self) -> str:
        """The course's link (a query string): anyone may open its lessons in order."""
        return f"?page=course&course={self.code}"


def check_lesson_refs(lessons: object) -> list[str]:
    """The lesson refs of a course or class, checked; raises InvalidInput saying what is wrong."""
    if not isinstance(lessons, (list, tuple)) or not lessons:
        raise InvalidInput("A course needs at least one lesson: add a lesson to it, then save it.")
    if len(lessons) > MAX_LESSONS:
        raise InvalidInput(f"A course holds at most {MAX_LESSONS} lessons; this one has {len(lessons)}. "
                           "Make two courses of it.")
    out = []
    for ref in lessons:
        if not isinstance(ref, str) or not _REF.match(ref):
            raise InvalidInput(f"{ref!r} does not name a lesson: a lesson is named by its file name "
                               "(like attacking, or abcdefgh23/my-lesson for one of yours).")
        if ref in out:
            raise InvalidInput(f"The lesson {ref} is twice in the course; keep it once.")
        out.append(ref)
    return out


def _title(title: object) -> str:
    return check_line(title, "A course's title", MAX_TITLE, "Give the course a title (your students see it), then "
                      "save it.")


def normalize_code(code: object) -> str:
    """A course code as stored: upper case, without spaces or dashes."""
    return re.sub(r"[\s\-_.]", "", str(code or "")).upper()


def _course(row: CourseRow) -> Course:
    return Course(row.id, row.teacher_id, row.code, row.game, row.title, tuple(row.lessons or ()),
                  _aware(row.created_at), _aware(row.updated_at))


class Courses:
    """The courses in ``store``'s database (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.teachers = Teachers(store)

    def create(self, token: str, game: str, title: str, lessons: list[str]) -> Course:
        """A new course of the teacher of ``token``; raises BadToken, InvalidInput."""
        if not isinstance(game, str) or not game:
            raise InvalidInput("Choose the game of the course.")
        check_text(game, "A course's game")
        title, refs = _title(title), check_lesson_refs(lessons)
        for _ in range(20):
            try:
                with self.store._session(write=True) as s:
                    teacher = self.teachers.row(s, token)
                    now = utcnow()
                    code = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(8))
                    row = CourseRow(teacher_id=teacher.id, code=code, game=game[:64], title=title, lessons=refs,
                                    created_at=now, updated_at=now)
                    s.add(row)
                    s.flush()
                    course = _course(row)
                log.info("courses: course %s made by teacher %s", course.id, course.teacher_id)
                return course
            except IntegrityError:      # the code was taken: draw again
                continue
        raise StoreError("No free course code could be drawn; try again.")

    def _own(self, s: Session, token: str, course_id: object) -> CourseRow:
        teacher = self.teachers.row(s, token)
        row = s.get(CourseRow, course_id) if isinstance(course_id, int) and not isinstance(course_id, bool) else None
        if row is None or row.teacher_id != teacher.id:
            raise CourseNotFound("This course is not one of yours (or it was deleted): open it from your teacher page.")
        return row

    def update(self, token: str, course_id: int, title: str | None = None,
               lessons: list[str] | None = None) -> Course:
        """Change a course's title and/or lessons; raises BadToken, CourseNotFound, InvalidInput."""
        new_title = _title(title) if title is not None else None
        refs = check_lesson_refs(lessons) if lessons is not None else None
        with self.store._session(write=True) as s:
            row = self._own(s, token, course_id)
            if new_title is not None:
                row.title = new_title
            if refs is not None:
                row.lessons = refs
            row.updated_at = utcnow()
            return _course(row)

    def delete(self, token: str, course_id: int) -> None:
        """Delete a course (its classes keep their lessons); raises BadToken, CourseNotFound."""
        with self.store._session(write=True) as s:
            s.delete(self._own(s, token, course_id))

    def get(self, token: str, course_id: int) -> Course:
        """One of the teacher's courses; raises BadToken, CourseNotFound."""
        with self.store._session() as s:
            return _course(self._own(s, token, course_id))

    def find(self, course_id: int) -> Course | None:
        """The course with this id (its class's teacher page shows its link), or None."""
        with self.store._session() as s:
            row = s.get(CourseRow, course_id) if isinstance(course_id, int) else None
            return _course(row) if row is not None else None

    def of_teacher(self, token: str) -> list[Course]:
        """The teacher's courses, newest first; raises BadToken."""
        with self.store._session() as s:
            teacher = self.teachers.row(s, token)
            rows = s.scalars(select(CourseRow).where(CourseRow.teacher_id == teacher.id)
                             .order_by(CourseRow.created_at.desc(), CourseRow.id.desc()))
            return [_course(r) for r in rows]

    def by_code(self, code: object) -> Course:
        """The course with this share code (read without regard to case, spaces or dashes); raises CourseNotFound."""
        wanted = normalize_code(code)
        if not re.fullmatch(r"[A-Z0-9]{4,12}", wanted):
            raise CourseNotFound("This course link is cut or changed: it ends in course= and 8 letters and digits. "
                                 "Ask your teacher for the link again.")
        with self.store._session() as s:
            row = s.scalar(select(CourseRow).where(CourseRow.code == wanted))
            if row is None:
                raise CourseNotFound(f"No course has the code {wanted}: it may have been deleted. Ask your teacher "
                                     "for the link again.")
            return _course(row)
