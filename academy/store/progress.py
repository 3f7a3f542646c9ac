"""Learner progress: who tried which exercise of which lesson, how often, and whether they solved it.

Panel-free. A learner is an anonymous id kept in the browser (``key``: random, URL-safe; the page
keeps it in the browser's localStorage, and ``?learner=KEY`` in a link opens the same learner on
another browser), with an optional name. Progress is one row per (learner, game, lesson,
exercise index): ``tries`` (tries that did something: the learner's first action of a try counts
it), ``solved`` and ``first_solved_at``.

    >>> import tempfile
    >>> from academy.store import Store
    >>> with tempfile.TemporaryDirectory() as d, Store(f"sqlite:///{d}/a.db") as store:
    ...     book = Progress(store)
    ...     ann = book.learner("k" * 22, name="Ann")
    ...     _ = book.record_try(ann.key, "conquest", "attacking", 0, "most-dice")
    ...     _ = book.record_try(ann.key, "conquest", "attacking", 0, "most-dice", solved=True)
    ...     [(p.lesson_id, p.exercise_index, p.tries, p.solved) for p in book.progress_of(ann.key)]
    [('attacking', 0, 2, True)]

Errors: ``InvalidInput`` for a malformed learner key, game, lesson or index; ``LearnerNotFound``
(a ``StoreError``) for a key nobody has used yet (``progress_of`` returns [] for it instead).
"""
from __future__ import annotations

import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .errors import InvalidInput, StoreError
from .models import ClassMemberRow, ClassRow, ClassWorkRow, LearnerRow, ProgressRow, utcnow
from .store import Store, _aware
from .text import check_text

__all__ = ["Learner", "LearnerNotFound", "Progress", "ExerciseProgress", "ClassTableRow", "new_learner_key",
           "check_learner_key", "class_table"]

_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
_ID = re.compile(r"^[^\x00-\x1f]{1,100}$")
MAX_NAME = 100


class LearnerNotFound(StoreError, LookupError):
    """No learner has this id yet."""


@dataclass(frozen=True)
class Learner:
    id: int
    key: str
    name: str | None

    @property
    def label(self) -> str:
        """The learner's name, or "Anonymous learner"."""
        return self.name or "Anonymous learner"


@dataclass(frozen=True)
class ExerciseProgress:
    """One learner's progress on one exercise."""

    game: str
    lesson_id: str
    exercise_index: int
    exercise_id: str
    tries: int
    solved: bool
    first_solved_at: datetime | None
    hints: int = 0          # the most hints seen in any try


@dataclass(frozen=True)
class ClassTableRow:
    """One student's line in the teacher's table, for one exercise of the class."""

    learner_id: int
    name: str
    tries: int
    solved: bool
    first_solved_at: datetime | None
    hints: int = 0          # the most hints seen in any try

    @property
    def tried(self) -> bool:
        return self.tries > 0


def new_learner_key() -> str:
    """A fresh anonymous learner id (22 URL-safe characters, 128 random bits)."""
    return secrets.token_urlsafe(16)


def check_learner_key(key: object) -> str:
    """``key`` if it is a learner id (8-64 letters, digits, ``-`` or ``_``); raises InvalidInput."""
    if not isinstance(key, str) or not _KEY.match(key):
        raise InvalidInput("A learner id is 8 to 64 letters, digits, '-' or '_'; this one is not. "
                           "Open the page without ?learner= to get a new one.")
    return key


def learner_id_for(s: Session, key: str) -> int:
    """The id of the learner with browser id ``key`` (checked) in session ``s``, the learner added if new; the
    caller's transaction retries once on IntegrityError (two pages of one browser may add it at once)."""
    learner = s.scalar(select(LearnerRow.id).where(LearnerRow.key == key))
    if learner is None:
        new = LearnerRow(key=key, name=None, created_at=utcnow())
        s.add(new)
        s.flush()
        learner = new.id
    return int(learner)


def of_learner(query: Any, learner_column: Any, key: str | None = None, learner_id: int | None = None) -> Any:
    """``query`` kept to the rows of one learner (``learner_column``: the rows' learner id), given by the
    browser's ``key`` or by ``learner_id`` (a teacher's class table). Raises InvalidInput for a malformed key,
    ValueError when neither or both are given."""
    if (key is None) == (learner_id is None):
        raise ValueError("Give a learner key or a learner id.")
    if key is not None:
        return query.join(LearnerRow, LearnerRow.id == learner_column).where(LearnerRow.key == check_learner_key(key))
    return query.where(learner_column == int(learner_id))     # type: ignore[arg-type]


def _check_name(name: str | None) -> str | None:
    if name is None:
        return None
    name = check_text(" ".join(str(name).split())[:MAX_NAME], "A name")
    return name or None


def _check_id(what: str, value: object) -> str:
    if not isinstance(value, str) or not _ID.match(value):
        raise InvalidInput(f"A {what} is 1 to 100 printable characters, not {value!r}.")
    return check_text(value, f"A {what}")


def _check_index(index: object) -> int:
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise InvalidInput(f"An exercise index is a whole number from 0, not {index!r}.")
    return index


class Progress:
    """Learners and their progress in ``store``'s database (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _session(self, write: bool = False) -> Session:
        return self.store._session(write)  # type: ignore[return-value]

    # --- learners --------------------------------------------------------------------------
    def learner(self, key: str, name: str | None = None, create: bool = True) -> Learner:
        """The learner with this browser id, created if new (unless ``create`` is False: then
        LearnerNotFound); a given ``name`` replaces the stored one. Raises InvalidInput."""
        key = check_learner_key(key)
        name = _check_name(name)
        for _ in range(2):     # two pages of one browser may create the same learner at once
            try:
                with self._session(write=True) as s:
                    row = s.scalar(select(LearnerRow).where(LearnerRow.key == key))
                    if row is None:
                        if not create:
                            raise LearnerNotFound(f"No progress is stored for learner {key!r} yet.")
                        row = LearnerRow(key=key, name=name, created_at=utcnow())
                        s.add(row)
                        s.flush()
                    elif name and row.name != name:
                        row.name = name
                    return Learner(row.id, row.key, row.name)
            except IntegrityError:
                continue
        raise StoreError(f"Learner {key!r} could not be stored; try again.")

    def learner_by_id(self, learner_id: int) -> Learner:
        with self._session() as s:
            row = s.get(LearnerRow, learner_id)
            if row is None:
                raise LearnerNotFound(f"No learner number {learner_id!r}.")
            return Learner(row.id, row.key, row.name)

    def rename(self, key: str, name: str | None) -> Learner:
        """Give the learner a name (None or blank: anonymous again)."""
        key = check_learner_key(key)
        with self._session(write=True) as s:
            row = s.scalar(select(LearnerRow).where(LearnerRow.key == key))
            if row is None:
                row = LearnerRow(key=key, name=None, created_at=utcnow())
                s.add(row)
            row.name = _check_name(name)
            s.flush()
            return Learner(row.id, row.key, row.name)

    # --- progress --------------------------------------------------------------------------
    def record_try(self, key: str, game: str, lesson_id: str, exercise_index: int, exercise_id: str | None = None,
                   *, solved: bool = False, new_try: bool = True, hints: int = 0) -> ExerciseProgress:
        """Count a try of an exercise (``new_try``) and/or mark it solved; return the progress now.

        A learner's first try of an exercise creates its row. ``solved`` sets ``solved`` and, the
        first time, ``first_solved_at``; a solved exercise stays solved. ``new_try=False,
        solved=True`` marks a solve within a try already counted (a solve always counts at
        least one try). ``hints`` is how many hints the learner has seen in this try; the row keeps the
        most seen in any try. Raises InvalidInput.
        """
        game, lesson_id = _check_id("game", game), _check_id("lesson id", lesson_id)
        exercise_index = _check_index(exercise_index)
        exercise_id = _check_id("exercise id", exercise_id) if exercise_id is not None else str(exercise_index)
        learner = self.learner(key)
        now = utcnow()
        with self._session(write=True) as s:
            return self._record(s, learner.id, game, lesson_id, exercise_index, exercise_id, solved, new_try, now,
                                _check_index(hints))

    def _record(self, s: Session, learner_id: int, game: str, lesson_id: str, index: int, exercise_id: str,
                solved: bool, new_try: bool, now: datetime, hints: int = 0) -> ExerciseProgress:
        row = s.get(ProgressRow, (learner_id, game, lesson_id, index), with_for_update=True)
        if row is None:
            row = ProgressRow(learner_id=learner_id, game=game, lesson_id=lesson_id, exercise_index=index,
                              exercise_id=exercise_id, tries=0, hints=0, solved=False, first_solved_at=None,
                              updated_at=now)
            s.add(row)
        row.exercise_id = exercise_id
        if new_try or row.tries == 0:
            row.tries += 1
        row.hints = max(row.hints or 0, hints)
        if solved and not row.solved:
            row.solved, row.first_solved_at = True, now
        row.updated_at = now
        s.flush()
        return _progress(row)

    def progress_of(self, key: str, game: str | None = None) -> list[ExerciseProgress]:
        """Every exercise the learner has tried (of ``game`` only, if given), by game, lesson and index;
        [] for a learner id nobody has used yet. Raises InvalidInput for a malformed id."""
        return self._progress_where(LearnerRow.key == check_learner_key(key), game)

    def progress_of_learner(self, learner_id: int, game: str | None = None) -> list[ExerciseProgress]:
        """``progress_of`` for the learner with the store's id ``learner_id`` (a teacher's look at a student)."""
        return self._progress_where(LearnerRow.id == learner_id, game)

    def _progress_where(self, which: Any, game: str | None) -> list[ExerciseProgress]:
        with self._session() as s:
            query = (select(ProgressRow).join(LearnerRow, LearnerRow.id == ProgressRow.learner_id)
                     .where(which)
                     .order_by(ProgressRow.game, ProgressRow.lesson_id, ProgressRow.exercise_index))
            if game is not None:
                query = query.where(ProgressRow.game == game)
            return [_progress(r) for r in s.scalars(query)]

    def class_table(self, class_id: int, exercise_index: int) -> list[ClassTableRow]:
        """The teacher's table for one exercise of a class (see ``class_table``)."""
        return class_table(self.store, class_id, exercise_index)


def _progress(row: ProgressRow) -> ExerciseProgress:
    return ExerciseProgress(row.game, row.lesson_id, row.exercise_index, row.exercise_id, row.tries, bool(row.solved),
                            _aware(row.first_solved_at) if row.first_solved_at is not None else None,
                            row.hints or 0)


def class_table(store: Store, class_id: int, exercise_index: int, lesson_id: str | None = None) -> list[ClassTableRow]:
    """Every student of a class, in the order they joined, with their tries and solved mark on
    exercise ``exercise_index`` of lesson ``lesson_id`` (default: the class's lesson under way) during the
    class (0 tries: not tried yet)."""
    with store._session() as s:
        if lesson_id is None:
            lesson_id = s.scalar(select(ClassRow.lesson_id).where(ClassRow.id == class_id)) or ""
        members = s.execute(select(ClassMemberRow.learner_id, ClassMemberRow.name)
                            .where(ClassMemberRow.class_id == class_id)
                            .order_by(ClassMemberRow.joined_at, ClassMemberRow.learner_id)).all()
        work = {w.learner_id: w for w in s.scalars(select(ClassWorkRow).where(
            ClassWorkRow.class_id == class_id, ClassWorkRow.lesson_id == lesson_id,
            ClassWorkRow.exercise_index == exercise_index))}
    rows = []
    for learner_id, name in members:
        w = work.get(learner_id)
        rows.append(ClassTableRow(learner_id, name, w.tries if w else 0, bool(w.solved) if w else False,
                                  _aware(w.first_solved_at) if w is not None and w.first_solved_at else None,
                                  w.hints if w else 0))
    return rows


def summary(entries: Iterable[ExerciseProgress]) -> dict[tuple[str, str], tuple[int, int]]:
    """{(game, lesson_id): (exercises solved, tries in all)} from ``progress_of``'s entries."""
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for p in entries:
        solved, tries = out.get((p.game, p.lesson_id), (0, 0))
        out[(p.game, p.lesson_id)] = (solved + p.solved, tries + p.tries)
    return out
