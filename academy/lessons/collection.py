"""A teacher's lessons: lesson files in a folder of the Academy's data folder, one collection per teacher.

Files live at ``<root>/<collection>/<game>/<name>.md`` (``root`` is ``lessons/`` in the data folder, see
``academy.store.location``; ``collection`` is the teacher's random folder name, ``academy.store.teachers``).
They are ordinary lesson files: the same format, read and checked by the same loader. A teacher's lesson is
named by its **ref**, ``<collection>/<name>``: its id wherever a lesson id goes (links, progress, classes,
courses), so it never clashes with a built-in lesson or another teacher's.

``Collection(root, name)``:

- ``lessons(game=None) -> (lessons, problems)``: the collection's lessons (checked; a broken file is a
  problem, never an exception), read again only when a file changed;
- ``save(text, name=None, replace=None) -> Lesson``: check the text as the loader does and write it
  (``replace``: the name of the file it replaces; else a free name from the title, never overwriting one);
  raises LessonError for a text the checker refuses (nothing is written) or one over the size limit;
- ``text(game, name)``, ``delete(game, name)``: a deleted file goes to ``.deleted/`` (nothing is lost).

``find_lesson(root, game, ref)`` reads one lesson by its ref (None when there is no such file).
"""
from __future__ import annotations

import functools
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from academy.core.errors import LessonError

from .loader import _lesson_files, parse_lesson
from .model import Lesson
from .writer import slug

__all__ = ["MAX_EXERCISES", "MAX_LESSONS", "MAX_LESSON_BYTES", "Collection", "builtin_text", "find_lesson", "is_ref",
           "split_ref"]

#: the largest lesson file a teacher may save or upload (the built-in ones are 2-12 KB)
MAX_LESSON_BYTES = 100_000
#: the most exercises one lesson may hold, and lessons one collection may hold
MAX_EXERCISES = 40
MAX_LESSONS = 500
_COLLECTION = re.compile(r"^[a-z0-9]{10}$")
_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def split_ref(ref: object) -> tuple[str, str] | None:
    """(collection, file name) of a teacher's lesson ref ``abcdefgh23/my-lesson``; None for anything else."""
    if not isinstance(ref, str) or ref.count("/") != 1:
        return None
    collection, name = ref.split("/")
    return (collection, name) if _COLLECTION.match(collection) and _NAME.match(name) else None


def is_ref(ref: object) -> bool:
    """Whether ``ref`` names a teacher's lesson (not a built-in one)."""
    return split_ref(ref) is not None


@functools.lru_cache(maxsize=512)
def _read(path: str, ref: str, _size: int, _mtime: int) -> Lesson:
    """One lesson file, parsed and checked (cached while the file is unchanged). Raises LessonError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(f"cannot read the file: {getattr(exc, 'strerror', None) or exc}",
                          file=Path(path).name) from None
    return parse_lesson(text, Path(path).name, lesson_id=ref)


def _load(path: Path, ref: str) -> Lesson:
    st = path.stat()
    return _read(str(path), ref, st.st_size, st.st_mtime_ns)


def find_lesson(root: Path, game: str, ref: str) -> Lesson | None:
    """The teacher's lesson ``ref`` of ``game`` (None: no such file, or it does not check any more)."""
    parts = split_ref(ref)
    if parts is None:
        return None
    path = Path(root) / parts[0] / game / f"{parts[1]}.md"
    try:
        return _load(path, ref) if path.is_file() else None
    except (LessonError, OSError):
        return None


def _check_size(text: str) -> None:
    size = len(text.encode("utf-8"))
    if size > MAX_LESSON_BYTES:
        raise LessonError(f"this lesson is {size:,} bytes, more than the {MAX_LESSON_BYTES:,} a lesson file may "
                          "have; split it into two lessons")


class Collection:
    """One teacher's lesson files (see the module docstring)."""

    def __init__(self, root: Path | str, name: str) -> None:
        if not _COLLECTION.match(name or ""):
            raise ValueError(f"not a collection name: {name!r}")
        self.root = Path(root)
        self.name = name
        self.folder = self.root / name

    def ref(self, name: str) -> str:
        return f"{self.name}/{name}"

    def _path(self, game: str, name: str) -> Path:
        if not _NAME.match(name or "") or not re.fullmatch(r"[a-z_]+", game or ""):
            raise LessonError(f"{name!r} is not a lesson's file name: lower-case words joined by '-'")
        return self.folder / game / f"{name}.md"

    # --- reading -------------------------------------------------------------------------------
    def lessons(self, game: str | None = None) -> tuple[list[Lesson], list[LessonError]]:
        """The collection's lessons (of ``game`` only, if given), sorted by game, order and title, and the
        problems of the files that do not check."""
        lessons, problems = [], []
        games = [game] if game else sorted(p.name for p in self.folder.iterdir() if p.is_dir()
                                            and not p.name.startswith(".")) if self.folder.is_dir() else []
        for g in games:
            folder = self.folder / g
            if not folder.is_dir():
                continue
            for path in _lesson_files(folder):
                if path.parent != folder:
                    continue
                try:
                    lesson = _load(path, self.ref(path.stem))
                except LessonError as exc:
                    problems.append(exc)
                    continue
                if lesson.game != g:
                    problems.append(LessonError(f"this lesson says game: {lesson.game}, but it is kept with the "
                                                f"{g} lessons", file=path.name))
                    continue
                lessons.append(lesson)
        lessons.sort(key=lambda lesson: (lesson.game, lesson.order, lesson.title.lower(), lesson.id))
        return lessons, problems

    def text(self, game: str, name: str) -> str:
        """The file's text; raises LessonError when there is no such lesson."""
        path = self._path(game, name)
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            raise LessonError("there is no such lesson in your collection (any more)", file=f"{name}.md") from None

    def has(self, game: str, name: str) -> bool:
        return self._path(game, name).is_file()

    # --- writing -------------------------------------------------------------------------------
    def check(self, text: str, name: str = "lesson") -> Lesson:
        """The lesson ``text`` stands for, checked as the loader checks a file; raises LessonError."""
        _check_size(text)
        lesson = parse_lesson(text, f"{name}.md", lesson_id=self.ref(name))
        if len(lesson.exercises) > MAX_EXERCISES:
            raise LessonError(f"a lesson has at most {MAX_EXERCISES} exercises; this one has "
                              f"{len(lesson.exercises)}: make two lessons of it", file=f"{name}.md")
        return lesson

    def free_name(self, game: str, wanted: str) -> str:
        """``wanted`` as a file name, or with -2, -3 ... when a lesson of ``game`` already has it."""
        base = slug(wanted)[:50]
        name, n = base, 1
        while self._path(game, name).exists():
            n += 1
            name = f"{base}-{n}"
        return name

    def save(self, text: str, replace: str | None = None, name: str | None = None) -> Lesson:
        """Check ``text`` and write it: over the lesson ``replace`` (its file name), else as a new file named
        ``name`` or after the title (a free name: an existing file is never overwritten). Returns the lesson as
        saved. Raises LessonError (nothing written) when the checker refuses it."""
        lesson = self.check(text, replace or name or "lesson")
        game = lesson.game
        if replace is not None:
            if not self.has(game, replace):
                raise LessonError(f"there is no lesson {replace!r} of {game} in your collection to replace (was "
                                  "its game changed? a lesson keeps its game: make a new lesson for another one)",
                                  file=f"{replace}.md")
            target = replace
        else:
            if self._count() >= MAX_LESSONS:
                raise LessonError(f"your collection holds {MAX_LESSONS} lessons, the most it may; delete some first")
            target = self.free_name(game, name or lesson.title)
        path = self._path(game, target)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".saving-", suffix=".md")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
                out.write(text)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return _load(path, self.ref(target))

    def delete(self, game: str, name: str) -> None:
        """Move the lesson's file to ``.deleted/`` in the collection (nothing is lost); raises LessonError."""
        path = self._path(game, name)
        if not path.is_file():
            raise LessonError("there is no such lesson in your collection (any more)", file=f"{name}.md")
        bin_ = self.folder / ".deleted" / game
        bin_.mkdir(parents=True, exist_ok=True)
        target, n = bin_ / path.name, 1
        while target.exists():
            n += 1
            target = bin_ / f"{name}-{n}.md"
        os.replace(path, target)

    def _count(self) -> int:
        return sum(1 for _ in self.folder.glob("*/*.md")) if self.folder.is_dir() else 0

    def __repr__(self) -> str:
        return f"Collection({str(self.root)!r}, {self.name!r})"


def builtin_text(lesson: Any) -> str:
    """The text of a built-in (or any file-backed) lesson, for a teacher to clone it."""
    return Path(lesson.path).read_text(encoding="utf-8")
