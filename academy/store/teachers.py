"""Teachers: one secret link finds a teacher's lessons, courses and classes again.

Panel-free. ``Teachers(store)``:

- ``create(name=None) -> (Teacher, token)``: a new teacher with a secret token (256 random bits; only its
  SHA-256 is stored, as for seat and class tokens: the returned token is the only copy, for the teacher's
  link ``?page=teacher&teacher=TOKEN``) and a ``collection``: the random, public name of the folder
  that holds the teacher's lesson files (it appears in the refs of the teacher's lessons,
  ``<collection>/<lesson>``, and gives nothing of the token away).
- ``find(token) -> Teacher``: raises ``BadToken`` in plain words for a wrong or cut link.
- ``rename(token, name) -> Teacher``.
- ``class_token(token, code)``: the secret token of the teacher's class ``code`` (``tokens.derived_token``):
  the teacher's link lists every class with its own link, and a class's link opens that class only.

>>> import tempfile
>>> from academy.store import Store
>>> with tempfile.TemporaryDirectory() as d, Store(f"sqlite:///{d}/a.db") as store:
...     teacher, token = Teachers(store).create("Ms Lee")
...     Teachers(store).find(token).name, len(teacher.collection)
('Ms Lee', 10)
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

from .errors import BadToken, StoreError
from .models import TeacherRow, utcnow
from .store import Store, _aware
from .text import check_line
from .tokens import by_token, derived_token, hash_token, new_token

log = logging.getLogger("academy.store.teachers")

__all__ = ["COLLECTION", "Teacher", "Teachers", "class_token", "check_teacher_token"]

#: a collection's name: 10 lower-case letters and digits without look-alikes
COLLECTION = re.compile(r"^[a-hjkmnp-z2-9]{10}$")
_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,100}$")
MAX_NAME = 100


@dataclass(frozen=True)
class Teacher:
    """A teacher: the store's id, the name of their lesson collection, an optional name."""

    id: int
    collection: str
    name: str | None
    created_at: datetime

    @property
    def label(self) -> str:
        return self.name or "A teacher"


def check_teacher_token(token: object) -> str:
    """``token`` if it looks like a teacher token; raises BadToken saying what to do."""
    if not isinstance(token, str) or not token.strip():
        raise BadToken("This page needs your teacher link. Open the link you got when you started as a teacher, "
                       "or start as a new teacher.")
    if not _TOKEN.match(token.strip()):
        raise BadToken("This teacher link is cut or changed: a teacher link ends in 43 letters, digits, '-' and '_'. "
                       "Copy the whole link again from where you kept it.")
    return token.strip()


def class_token(token: str, code: str) -> str:
    """The secret token of the class with join code ``code`` opened by the teacher of ``token``."""
    return derived_token(token, f"class:{code}")


def _teacher(row: TeacherRow) -> Teacher:
    return Teacher(row.id, row.collection, row.name, _aware(row.created_at))


class Teachers:
    """The teachers in ``store``'s database (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, name: str | None = None) -> tuple[Teacher, str]:
        """A new teacher and their secret token (the only copy). Raises InvalidInput for a bad name."""
        name = self._name(name)
        token = new_token()
        for _ in range(20):
            collection = "".join(secrets.choice(_ALPHABET) for _ in range(10))
            try:
                with self.store._session(write=True) as s:
                    row = TeacherRow(token_hash=hash_token(token), collection=collection, name=name,
                                     created_at=utcnow())
                    s.add(row)
                    s.flush()
                    teacher = _teacher(row)
                log.info("teachers: teacher %s started (collection %s)", teacher.id, collection)
                return teacher, token
            except IntegrityError:      # the collection name was taken: draw again
                continue
        raise StoreError("No free name for a lesson collection could be drawn; try again.")

    def row(self, s: Session, token: object) -> TeacherRow:
        """The teacher row of ``token`` in an open session; raises BadToken."""
        row = by_token(s, TeacherRow.token_hash, check_teacher_token(token))
        if row is None:
            log.warning("teachers: a teacher token that opens nobody was refused")
            raise BadToken("This teacher link opens no teacher here: it may be cut, changed, or from another "
                           "Academy. Copy the whole link again from where you kept it, or start as a new teacher.")
        return row

    def find(self, token: object) -> Teacher:
        """The teacher whose secret token this is; raises BadToken."""
        with self.store._session() as s:
            return _teacher(self.row(s, token))

    def by_collection(self, collection: str) -> Teacher | None:
        """The teacher who owns the lesson collection ``collection`` (None: nobody)."""
        if not isinstance(collection, str) or not COLLECTION.match(collection):
            return None
        with self.store._session() as s:
            row = s.scalar(select(TeacherRow).where(TeacherRow.collection == collection))
            return _teacher(row) if row is not None else None

    def rename(self, token: str, name: str | None) -> Teacher:
        """Give the teacher a name (None or empty: none); raises BadToken, InvalidInput."""
        name = self._name(name)
        with self.store._session(write=True) as s:
            row = self.row(s, token)
            row.name = name
            return _teacher(row)

    @staticmethod
    def _name(name: object) -> str | None:
        return check_line(name, "A teacher's name", MAX_NAME) or None if name is not None else None
