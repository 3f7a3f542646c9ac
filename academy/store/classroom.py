"""Classroom mode: a teacher runs a lesson, or a course of lessons, with a class; students join with a short code.

Panel-free. A ``Classroom`` (one per server process, like the ``LiveHub``; the UI gets it from
``academy.ui.classroom.shared_classroom()``) stores classes in the store's database and tells the
sessions that watch a class what changed.

The teacher
    ``open_class(game, lesson_id, exercises) -> (ClassInfo, teacher_token)``: a class with a short
    join code (6 characters, no look-alikes such as 0/O or 1/I; unique) and a secret teacher token
    (256 random bits; only its SHA-256 is stored, as for seat tokens). Only the token can
    ``set_exercise`` / ``step`` (previous, next), ``show`` one student's board to the class (or
    nobody's), ``table`` (per student: tried?, solved?, tries) and ``close_class``. A wrong token
    raises ``BadToken``.

    A teacher with a teacher link (``teachers.py``) opens classes as themselves:
    ``open_class(..., teacher_token=T, lessons=[ref, ...], course_id=...)``: the class's token is then
    derived from the teacher's (``teachers.class_token``) and ``classes_of(T)`` lists every class of that
    teacher with its token. A class runs its ``lessons`` in order (a course's, when it opened; one lesson
    by default): ``set_exercise(token, index, lesson_id=...)`` moves it to any exercise of any of them, and
    the students' work is kept per lesson and exercise (``course_grid``). ``set_demo`` / ``demo`` keep
    the teacher's demo board (a position, the moves played on it, arrows and marks), which every
    student's page shows on top.

Students
    ``join(code, name, learner_key=None) -> Member``: the code is read without regard to case,
    spaces or dashes; a wrong code raises ``ClassNotFound`` with a message saying what to check.
    A student is a learner (``progress.py``): joining again from the same browser (same
    ``learner_key``) is the same student. ``record_work(class_id, learner_id, index, exercise_id,
    new_try=, solved=, board=)`` counts a try / a solve during the class (and in the learner's own
    progress) and keeps the student's current board (the actions of the current try), which the
    teacher may show. Students read only ``info(class_id)`` and ``shown_board(class_id)``: the one
    board the teacher chose, never the table or the other boards.

Live updates
    ``subscribe(class_id, callback) -> unsubscribe``; ``callback(ClassEvent)`` runs after every
    change of that class is committed (kind "exercise", "shown", "join", "work", "closed"), on the
    thread that made it, outside any lock; an exception in one callback is logged and the others
    still run. On PostgreSQL each change also sends ``pg_notify('academy_classes', '<class_id>')``
    inside its transaction, and a ``notify.Listener`` (the same machinery the live games use) turns
    another server's changes into ``ClassEvent("refresh")`` for the sessions watching here.
    Subscribers re-read what they show (``info``, ``table``, ``shown_board``): an event carries no data,
    so the echo of this server's own changes (it also arrives as "refresh") costs one re-read, no more.

    >>> import tempfile
    >>> from academy.store import Store
    >>> with tempfile.TemporaryDirectory() as d, Store(f"sqlite:///{d}/a.db") as store:
    ...     room = Classroom(store)
    ...     info, token = room.open_class("conquest", "attacking", exercises=2)
    ...     ann = room.join(info.code.lower(), "Ann")
    ...     _ = room.record_work(info.id, ann.learner_id, 0, "most-dice", solved=True)
    ...     [(r.name, r.tried, r.solved, r.tries) for r in room.table(token)]
    [('Ann', True, True, 1)]
"""
from __future__ import annotations

import logging
import re
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from academy.core.text import count

from .errors import BadToken, InvalidInput, StoreError
from .courses import check_lesson_refs
from .models import ClassMemberRow, ClassRow, ClassWorkRow, LearnerRow, utcnow
from .notify import _NOTIFY, Listener, is_postgresql
from .progress import ClassTableRow, Progress, check_learner_key, class_table, new_learner_key
from .store import Store, _aware
from .teachers import Teachers, class_token
from .text import check_json_text, check_line, check_text, find_unsafe
from .tokens import by_token, hash_token, new_token

log = logging.getLogger("academy.store.classroom")

__all__ = ["CLASS_CHANNEL", "CODE_ALPHABET", "CODE_LENGTH", "ClassClosed", "ClassEvent", "ClassInfo",
           "ClassNotFound", "Classroom", "Member", "check_demo", "normalize_code"]

#: the PostgreSQL notification channel of classes; the payload is the class id in decimal
CLASS_CHANNEL = "academy_classes"
#: join codes use these characters only: no 0/O, 1/I/L, easy to read aloud and to type
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_NAME = 40


class ClassNotFound(StoreError, LookupError):
    """No open class has this join code."""


class ClassClosed(StoreError):
    """The class has ended: nobody can join it or work in it any more."""


@dataclass(frozen=True)
class ClassInfo:
    """What everyone in a class may know: the lesson and the exercise under way, who is shown."""

    id: int
    code: str
    game: str
    lesson_id: str
    exercise_index: int
    shown_learner_id: int | None
    shown_name: str | None
    status: str                 # "open" or "closed"
    created_at: datetime
    updated_at: datetime
    lessons: tuple[str, ...] = ()   # the lessons the class runs, in order (``lesson_id`` is one of them)
    course_id: int | None = None
    teacher_id: int | None = None

    @property
    def lesson_number(self) -> int:
        """The lesson under way's place in the class's lessons (0-based)."""
        return self.lessons.index(self.lesson_id) if self.lesson_id in self.lessons else 0


@dataclass(frozen=True)
class Member:
    """A student in a class: the learner (``learner_key`` is the browser's learner id) and the name given."""

    class_id: int
    learner_id: int
    learner_key: str
    name: str


@dataclass(frozen=True)
class ClassEvent:
    """Something changed in class ``class_id``: "exercise", "shown", "join", "work", "demo", "closed" or
    "refresh" (another server changed it)."""

    kind: str
    class_id: int
    learner_id: int | None = None


#: the most a demo board holds: moves played, arrows, marks
MAX_DEMO_ACTIONS, MAX_DEMO_ARROWS, MAX_DEMO_MARKS = 200, 60, 60


def check_demo(demo: object) -> dict[str, Any]:
    """A demo board as the store keeps it; raises InvalidInput saying what is wrong."""
    import math
    if not isinstance(demo, dict):
        raise InvalidInput("A demo board is a mapping of lesson, exercise, actions, arrows and marks.")
    lesson, exercise = demo.get("lesson"), demo.get("exercise", 0)
    if not isinstance(lesson, str) or not lesson:
        raise InvalidInput("A demo board names the lesson whose position it shows.")
    if not isinstance(exercise, int) or isinstance(exercise, bool) or exercise < 0:
        raise InvalidInput(f"A demo board's exercise is a whole number from 0, not {exercise!r}.")
    actions, arrows, marks = (list(demo.get(k) or []) for k in ("actions", "arrows", "marks"))
    for what, items, most in (("moves", actions, MAX_DEMO_ACTIONS), ("arrows", arrows, MAX_DEMO_ARROWS),
                              ("marks", marks, MAX_DEMO_MARKS)):
        if len(items) > most:
            raise InvalidInput(f"A demo board holds at most {most} {what}; clear some and draw again.")
    for what, items, size in (("An arrow", arrows, 4), ("A mark", marks, 2)):
        for item in items:
            if (not isinstance(item, (list, tuple)) or len(item) != size
                    or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                               and abs(v) < 1e6 for v in item)):
                raise InvalidInput(f"{what} of a demo board is {size} numbers (board units), not {item!r}.")
    out = {"lesson": lesson, "exercise": exercise, "actions": actions,
           "arrows": [[float(v) for v in a] for a in arrows], "marks": [[float(v) for v in m] for m in marks]}
    check_json_text(out, "A demo board")
    return out


def normalize_code(code: object) -> str:
    """A join code as stored: upper case, without spaces or dashes (``" k7q-m2p "`` → ``"K7QM2P"``)."""
    return re.sub(r"[\s\-_.]", "", str(code or "")).upper()


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _check_name(name: object) -> str:
    return check_line(name, "Your name", MAX_NAME, "Type your name (as your teacher will see it) to join the class.")


Callback = Callable[[ClassEvent], None]


class Classroom:
    """Classes in ``store``'s database, and live notifications to the sessions of this process."""

    def __init__(self, store: Store, *, listen: bool = True) -> None:
        self.store = store
        self.progress = Progress(store)
        self._subs: dict[int, dict[int, Callback]] = {}
        self._sub_lock = threading.Lock()
        self._next = 0
        self._limits: dict[int, int | None] = {}   # exercises per class opened here (the UI also passes them)
        self.listener: Listener | None = None
        if listen and is_postgresql(store.engine):
            self.listener = Listener(store.engine, self._on_notify, channel=CLASS_CHANNEL).start()

    def close(self) -> None:
        """Stop listening to other servers (PostgreSQL); the store stays open."""
        if self.listener is not None:
            self.listener.close()
            self.listener = None

    # --- reading ---------------------------------------------------------------------------
    def _row(self, s: Session, class_id: int) -> ClassRow:
        row = s.get(ClassRow, class_id) if isinstance(class_id, int) and not isinstance(class_id, bool) else None
        if row is None:
            raise ClassNotFound(f"There is no class number {class_id!r}.")
        return row

    def _info(self, s: Session, row: ClassRow) -> ClassInfo:
        shown = None
        if row.shown_learner_id is not None:
            shown = s.scalar(select(ClassMemberRow.name).where(ClassMemberRow.class_id == row.id,
                                                               ClassMemberRow.learner_id == row.shown_learner_id))
        return ClassInfo(row.id, row.code, row.game, row.lesson_id, row.exercise_index, row.shown_learner_id, shown,
                         row.status, _aware(row.created_at), _aware(row.updated_at),
                         tuple(row.lessons) if row.lessons else (row.lesson_id,), row.course_id, row.teacher_id)

    def info(self, class_id: int) -> ClassInfo:
        """What every member may know about the class; raises ClassNotFound."""
        with self.store._session() as s:
            return self._info(s, self._row(s, class_id))

    def find(self, code: str) -> ClassInfo:
        """The open class with this join code; raises ClassNotFound (wrong code) or ClassClosed."""
        wanted = normalize_code(code)
        if not wanted:
            raise ClassNotFound("Type the class code your teacher gave you (6 letters and digits, e.g. K7QM2P).")
        if find_unsafe(wanted) is not None:       # not echoed, never sent to the database (NUL on PostgreSQL)
            raise ClassNotFound(f"A class code has {CODE_LENGTH} letters and digits, like K7QM2P (no 0, O, 1 or I); "
                                "this one holds other, invisible characters. Type it again as your teacher shows it.")
        with self.store._session() as s:
            row = s.scalar(select(ClassRow).where(ClassRow.code == wanted))
            if row is None:
                raise ClassNotFound(f"No class has the code {wanted}. Check it with your teacher: it has "
                                    f"{CODE_LENGTH} letters and digits, like K7QM2P (no 0, O, 1 or I).")
            if row.status != "open":
                raise ClassClosed(f"The class {wanted} has ended. Ask your teacher for the code of the new one.")
            return self._info(s, row)

    def for_teacher(self, token: str) -> ClassInfo:
        """The class this teacher token opens; raises BadToken."""
        with self.store._session() as s:
            return self._info(s, self._teacher_row(s, token))

    def _teacher_row(self, s: Session, token: object) -> ClassRow:
        if not isinstance(token, str) or not token:
            raise BadToken("This page needs the class's teacher link.")
        row = by_token(s, ClassRow.teacher_hash, token)
        if row is None:
            log.warning("classroom: a teacher token that opens no class was refused")
            raise BadToken("This teacher link does not open any class. Open a new class, or use the link "
                           "shown when you opened yours.")
        return row

    def is_teacher(self, class_id: int, token: str) -> bool:
        """Whether ``token`` is the teacher token of class ``class_id``."""
        try:
            return self.for_teacher(token).id == class_id
        except BadToken:
            return False

    # --- the teacher -----------------------------------------------------------------------
    def open_class(self, game: str, lesson_id: str, exercises: int | None = None,
                   exercise_index: int = 0, *, teacher_token: str | None = None, lessons: list[str] | None = None,
                   course_id: int | None = None) -> tuple[ClassInfo, str]:
        """A new class on a lesson (``exercises``: how many it has, to bound the steps); returns it
        and the class's secret token. With ``teacher_token`` the class is that teacher's (its token is
        derived from theirs; raises BadToken); ``lessons``: the lessons it runs in order (a course's;
        ``lesson_id`` first by default), ``course_id`` the course they come from. Raises InvalidInput."""
        if not isinstance(game, str) or not game or not isinstance(lesson_id, str) or not lesson_id:
            raise InvalidInput("Choose a game and one of its lessons to open a class.")
        check_text(game, "A class's game")
        check_text(lesson_id, "A class's lesson")
        refs = check_lesson_refs(lessons) if lessons is not None else None
        if refs is not None and lesson_id not in refs:
            raise InvalidInput(f"The lesson {lesson_id!r} is not one of the class's lessons.")
        if exercises is not None and exercises < 1:
            raise InvalidInput(f"The lesson {lesson_id!r} has no exercises to work on in class.")
        token = new_token()
        for _ in range(20):
            try:
                with self.store._session(write=True) as s:
                    now = utcnow()
                    code = _new_code()
                    teacher_id = None
                    if teacher_token is not None:
                        teacher_id = Teachers(self.store).row(s, teacher_token).id
                        token = class_token(teacher_token, code)
                    row = ClassRow(code=code, teacher_hash=hash_token(token), game=game[:64],
                                   lesson_id=lesson_id[:100], exercise_index=max(0, int(exercise_index)),
                                   shown_learner_id=None, status="open", created_at=now, updated_at=now,
                                   teacher_id=teacher_id, course_id=course_id, lessons=refs, demo=None)
                    s.add(row)
                    s.flush()
                    info = self._info(s, row)
                self._limits[info.id] = exercises
                log.info("classroom: class %s opened on %s/%s", info.id, game, lesson_id)
                return info, token
            except IntegrityError:    # the code was taken (1 in ~900 million per class): draw again
                continue
        raise StoreError("No free class code could be drawn; try again.")

    def classes_of(self, teacher_token: str) -> list[tuple[ClassInfo, str]]:
        """Every class the teacher of ``teacher_token`` opened, newest first, each with its own token (its
        link). Raises BadToken."""
        with self.store._session() as s:
            teacher = Teachers(self.store).row(s, teacher_token)
            rows = s.scalars(select(ClassRow).where(ClassRow.teacher_id == teacher.id)
                             .order_by(ClassRow.created_at.desc(), ClassRow.id.desc())).all()
            return [(self._info(s, row), class_token(teacher_token, row.code)) for row in rows]

    def set_exercise(self, token: str, index: int, exercises: int | None = None,
                     lesson_id: str | None = None) -> ClassInfo:
        """Move the class to exercise ``index`` (0-based; below ``exercises`` when given) of its lesson
        ``lesson_id`` (default: the lesson under way); every student's page follows. Raises BadToken,
        InvalidInput, ClassClosed."""
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise InvalidInput(f"An exercise number starts at 1; {index!r} is not one.")
        with self.store._session(write=True) as s:
            row = self._teacher_row(s, token)
            lessons = row.lessons or [row.lesson_id]
            if lesson_id is not None and lesson_id not in lessons:
                raise InvalidInput(f"The lesson {lesson_id!r} is not one of this class's lessons.")
            moved = lesson_id is not None and lesson_id != row.lesson_id
            limit = exercises if exercises is not None else (None if moved else self._limits.get(row.id))
            if limit is not None and index >= limit:
                raise InvalidInput(f"The lesson has {count(limit, 'exercise')}; there is no exercise {index + 1}.")
            self._check_open(row)
            if moved:
                row.lesson_id = lesson_id
                self._limits[row.id] = exercises
            row.exercise_index, row.shown_learner_id, row.updated_at = index, None, utcnow()
            self._pg_notify(s, row.id)
            info = self._info(s, row)
        self._deliver(ClassEvent("exercise", info.id))
        return info

    def step(self, token: str, delta: int, exercises: int | None = None) -> ClassInfo:
        """Previous (-1) or next (+1) exercise, staying within the lesson; raises BadToken."""
        info = self.for_teacher(token)
        limit = exercises if exercises is not None else self._limits.get(info.id)
        index = info.exercise_index + delta
        if limit is not None:
            index = min(index, limit - 1)
        index = max(0, index)
        if index == info.exercise_index:
            return info
        return self.set_exercise(token, index, exercises)

    def show(self, token: str, learner_id: int | None) -> ClassInfo:
        """Show student ``learner_id``'s board to the class (None: stop showing). Raises BadToken,
        InvalidInput (not a student of this class)."""
        with self.store._session(write=True) as s:
            row = self._teacher_row(s, token)
            self._check_open(row)
            if learner_id is not None and s.get(ClassMemberRow, (row.id, learner_id)) is None:
                raise InvalidInput(f"Learner {learner_id!r} is not a student of this class.")
            row.shown_learner_id, row.updated_at = learner_id, utcnow()
            self._pg_notify(s, row.id)
            info = self._info(s, row)
        self._deliver(ClassEvent("shown", info.id, learner_id))
        return info

    def reset_student(self, token: str, learner_id: int) -> ClassInfo:
        """Clear a student's work in this class (tries, hints, solves, boards); they stay in it. Their own
        progress page keeps what they did. Raises BadToken, InvalidInput (not a student of this class)."""
        return self._drop(token, learner_id, remove=False)

    def remove_student(self, token: str, learner_id: int) -> ClassInfo:
        """Take a student out of the class with their work in it (they may join again with the code).
        Raises BadToken, InvalidInput (not a student of this class)."""
        return self._drop(token, learner_id, remove=True)

    def _drop(self, token: str, learner_id: int, remove: bool) -> ClassInfo:
        with self.store._session(write=True) as s:
            row = self._teacher_row(s, token)
            member = s.get(ClassMemberRow, (row.id, learner_id))
            if member is None:
                raise InvalidInput(f"Learner {learner_id!r} is not a student of this class.")
            s.execute(delete(ClassWorkRow).where(ClassWorkRow.class_id == row.id,
                                                 ClassWorkRow.learner_id == learner_id))
            if remove:
                s.delete(member)
                if row.shown_learner_id == learner_id:
                    row.shown_learner_id = None
            row.updated_at = utcnow()
            self._pg_notify(s, row.id)
            info = self._info(s, row)
        log.info("classroom: class %s: learner %s %s", info.id, learner_id, "removed" if remove else "reset")
        self._deliver(ClassEvent("work", info.id, learner_id))
        return info

    def table(self, token: str) -> list[ClassTableRow]:
        """The teacher's table for the exercise under way: per student, tries and solved. Raises BadToken."""
        info = self.for_teacher(token)
        return class_table(self.store, info.id, info.exercise_index, info.lesson_id)

    def grid(self, token: str, exercises: int) -> list[list[ClassTableRow]]:
        """The whole class: for each of the lesson's ``exercises`` (by index), every student's line, as in
        ``table``. Raises BadToken."""
        info = self.for_teacher(token)
        return [class_table(self.store, info.id, index, info.lesson_id) for index in range(max(0, int(exercises)))]

    def course_grid(self, token: str, lessons: list[tuple[str, int]]) -> list[tuple[str, list[list[ClassTableRow]]]]:
        """The whole class over its course: for each (lesson ref, number of exercises) of ``lessons``, every
        exercise's lines as in ``table``. Raises BadToken."""
        info = self.for_teacher(token)
        return [(ref, [class_table(self.store, info.id, index, ref) for index in range(max(0, int(n)))])
                for ref, n in lessons]

    def close_class(self, token: str) -> ClassInfo:
        """End the class: nobody can join or work in it any more. Raises BadToken."""
        with self.store._session(write=True) as s:
            row = self._teacher_row(s, token)
            row.status, row.updated_at = "closed", utcnow()
            self._pg_notify(s, row.id)
            info = self._info(s, row)
        self._deliver(ClassEvent("closed", info.id))
        return info

    @staticmethod
    def _check_open(row: ClassRow) -> None:
        if row.status != "open":
            raise ClassClosed(f"The class {row.code} has ended.")

    # --- students --------------------------------------------------------------------------
    def join(self, code: str, name: str, learner_key: str | None = None) -> Member:
        """Join the class with this code under ``name``; ``learner_key`` is the browser's learner id
        (a new one is made without it). Joining again with the same key is the same student (the
        new name replaces the old). Raises ClassNotFound, ClassClosed, InvalidInput (no name)."""
        name = _check_name(name)
        info = self.find(code)
        key = check_learner_key(learner_key) if learner_key else new_learner_key()
        learner = self.progress.learner(key)
        with self.store._session(write=True) as s:
            member = s.get(ClassMemberRow, (info.id, learner.id))
            if member is None:
                s.add(ClassMemberRow(class_id=info.id, learner_id=learner.id, name=name, joined_at=utcnow()))
            else:
                member.name = name
            row = s.get(LearnerRow, learner.id)
            if row is not None and not row.name:
                row.name = name
            self._pg_notify(s, info.id)
        log.info("classroom: class %s: %s joined", info.id, name)
        self._deliver(ClassEvent("join", info.id, learner.id))
        return Member(info.id, learner.id, key, name)

    def membership(self, code: str, learner_key: str) -> Member | None:
        """The student this browser (``learner_key``) already is in the open class ``code``, or None
        (a page reloaded in class rejoins without asking again). Raises nothing for a wrong code."""
        try:
            info = self.find(code)
            key = check_learner_key(learner_key)
        except StoreError:
            return None
        with self.store._session() as s:
            row = s.execute(select(ClassMemberRow.learner_id, ClassMemberRow.name)
                            .join(LearnerRow, LearnerRow.id == ClassMemberRow.learner_id)
                            .where(ClassMemberRow.class_id == info.id, LearnerRow.key == key)).first()
        return Member(info.id, row[0], key, row[1]) if row is not None else None

    def member(self, class_id: int, learner_id: int) -> Member:
        """A student of the class; raises InvalidInput if not one."""
        with self.store._session() as s:
            row = s.get(ClassMemberRow, (class_id, learner_id))
            learner = s.get(LearnerRow, learner_id)
            if row is None or learner is None:
                raise InvalidInput(f"Learner {learner_id!r} is not a student of class {class_id!r}.")
            return Member(class_id, learner_id, learner.key, row.name)

    def record_work(self, class_id: int, learner_id: int, exercise_index: int, exercise_id: str | None = None, *,
                    new_try: bool = True, solved: bool = False, board: list[Any] | None = None,
                    hints: int = 0, lesson_id: str | None = None) -> ClassTableRow:
        """A student's try (``new_try``), solve (``solved``) and/or current board (``board``: the
        actions of the current try as JSON data) on an exercise of the class; also counted in the
        learner's own progress; ``hints``: the hints seen in this try (the most of any try is kept); ``lesson_id``:
        one of the class's lessons (default: the one under way). Returns the student's line of the teacher's
        table. Raises ClassNotFound, ClassClosed, InvalidInput (not a student of the class)."""
        if not isinstance(exercise_index, int) or isinstance(exercise_index, bool) or exercise_index < 0:
            raise InvalidInput(f"An exercise index is a whole number from 0, not {exercise_index!r}.")
        if exercise_id is not None:
            check_text(exercise_id, "An exercise id")
        if board is not None:
            check_json_text(list(board), "A student's board")
        now = utcnow()
        with self.store._session(write=True) as s:
            row = self._row(s, class_id)
            self._check_open(row)
            member = s.get(ClassMemberRow, (class_id, learner_id))
            if member is None:
                raise InvalidInput("you are not in this class (any more): type its code and your name again to "
                                   "join it.")
            lesson = row.lesson_id if lesson_id is None else lesson_id
            if lesson not in (row.lessons or [row.lesson_id]):
                raise InvalidInput(f"The lesson {lesson!r} is not one of this class's lessons.")
            work = s.get(ClassWorkRow, (class_id, learner_id, lesson, exercise_index), with_for_update=True)
            if work is None:
                work = ClassWorkRow(class_id=class_id, learner_id=learner_id, lesson_id=lesson,
                                    exercise_index=exercise_index, tries=0, hints=0, solved=False,
                                    first_solved_at=None, board=[], updated_at=now)
                s.add(work)
            hints = max(0, int(hints)) if isinstance(hints, int) and not isinstance(hints, bool) else 0
            counted = new_try or solved or hints > (work.hints or 0)
            work.hints = max(work.hints or 0, hints)
            if new_try or (solved and work.tries == 0):
                work.tries += 1
            if solved and not work.solved:
                work.solved, work.first_solved_at = True, now
            if board is not None:
                work.board = list(board)
            work.updated_at = now
            if counted:
                self.progress._record(s, learner_id, row.game, lesson, exercise_index,
                                      exercise_id or str(exercise_index), solved, new_try, now, hints)
            self._pg_notify(s, class_id)
            line = ClassTableRow(learner_id, member.name, work.tries, bool(work.solved),
                                 _aware(work.first_solved_at) if work.first_solved_at else None, work.hints)
        self._deliver(ClassEvent("work", class_id, learner_id))
        return line

    def board_of(self, token: str, learner_id: int) -> list[Any]:
        """The teacher's look at a student's current board (the actions of their current try on the
        exercise under way); raises BadToken."""
        info = self.for_teacher(token)
        return self._board(info.id, learner_id, info.lesson_id, info.exercise_index)

    def shown_board(self, class_id: int) -> tuple[str, int, list[Any]] | None:
        """The board the teacher shows to the class: (student's name, exercise index, actions), or None."""
        info = self.info(class_id)
        if info.shown_learner_id is None:
            return None
        return (info.shown_name or "A student", info.exercise_index,
                self._board(class_id, info.shown_learner_id, info.lesson_id, info.exercise_index))

    def _board(self, class_id: int, learner_id: int, lesson_id: str, exercise_index: int) -> list[Any]:
        with self.store._session() as s:
            work = s.get(ClassWorkRow, (class_id, learner_id, lesson_id, exercise_index))
            return list(work.board) if work is not None else []

    # --- the teacher's demo board ------------------------------------------------------------
    def set_demo(self, token: str, demo: dict[str, Any] | None) -> ClassInfo:
        """Show the teacher's demo board on every student's page (None: stop showing it): ``demo`` is
        {"lesson": ref, "exercise": index, "actions": [...], "arrows": [[x0, y0, x1, y1], ...],
        "marks": [[x, y], ...]} in the board's own units. Raises BadToken, ClassClosed, InvalidInput."""
        demo = check_demo(demo) if demo is not None else None
        with self.store._session(write=True) as s:
            row = self._teacher_row(s, token)
            self._check_open(row)
            if demo is not None and demo["lesson"] not in (row.lessons or [row.lesson_id]):
                raise InvalidInput(f"The demo board's lesson {demo['lesson']!r} is not one of this class's lessons.")
            row.demo, row.updated_at = demo, utcnow()
            self._pg_notify(s, row.id)
            info = self._info(s, row)
        self._deliver(ClassEvent("demo", info.id))
        return info

    def demo(self, class_id: int) -> dict[str, Any] | None:
        """The teacher's demo board of the class (see ``set_demo``), or None."""
        with self.store._session() as s:
            row = self._row(s, class_id)
            return dict(row.demo) if row.demo else None

    # --- live updates ----------------------------------------------------------------------
    def subscribe(self, class_id: int, callback: Callback) -> Callable[[], None]:
        """Call ``callback(ClassEvent)`` after each change of class ``class_id``; returns the unsubscribe."""
        with self._sub_lock:
            sub_id = self._next
            self._next += 1
            self._subs.setdefault(class_id, {})[sub_id] = callback

        def unsubscribe() -> None:
            with self._sub_lock:
                subs = self._subs.get(class_id, {})
                subs.pop(sub_id, None)
                if not subs:
                    self._subs.pop(class_id, None)
        return unsubscribe

    def watchers(self, class_id: int) -> int:
        """How many sessions of this process watch the class (tests)."""
        with self._sub_lock:
            return len(self._subs.get(class_id, {}))

    def _deliver(self, event: ClassEvent) -> None:
        with self._sub_lock:
            subs = list(self._subs.get(event.class_id, {}).values())
        for callback in subs:
            try:
                callback(event)
            except Exception:  # noqa: BLE001 - one broken page must not break the others
                log.exception("classroom: class %s: a subscriber failed on %s", event.class_id, event.kind)

    def _pg_notify(self, s: Session, class_id: int) -> None:
        conn = s.connection()
        if is_postgresql(conn):
            conn.execute(_NOTIFY, {"channel": CLASS_CHANNEL, "payload": str(int(class_id))})

    def _on_notify(self, class_id: int, _pid: int) -> None:
        self._deliver(ClassEvent("refresh", class_id))
