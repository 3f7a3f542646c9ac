"""`academy lessons check [PATH ...]`: check lesson files and print every problem as file:line: message."""
from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from academy.core.errors import LessonError
from academy.core.text import count

from .loader import LESSONS_DIR, _lesson_files, check_path

__all__ = ["check_command", "format_problem", "main"]


def format_problem(error: LessonError) -> str:
    """``file:line: message`` (``file: message`` when the line is not known)."""
    where = error.file or "<lesson>"
    if error.line is not None:
        where += f":{error.line}"
    return f"{where}: {error.detail}"


def check_command(paths: Sequence[str] | None = None) -> int:
    """Check lesson files or folders (default: the built-in lessons); print problems and a summary.

    Returns 0 when every file is good, 1 otherwise.
    """
    targets = [Path(p) for p in paths] if paths else [LESSONS_DIR]
    files = 0
    problems: list[LessonError] = []
    for target in targets:
        files += 1 if target.is_file() else len(_lesson_files(target)) if target.is_dir() else 0
        problems += check_path(target)
    for problem in problems:
        print(format_problem(problem))
    bad_files = len({p.file for p in problems})
    if problems:
        print(f"{count(len(problems), 'problem')} in {bad_files} of {count(files, 'lesson file')}.")
        return 1
    if files == 0:
        print("No lesson files found.")
        return 0
    print(f"{count(files, 'lesson file')} checked: all good.")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m academy.lessons.cli [PATH ...]``."""
    return check_command(list(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    raise SystemExit(main())
