"""Reading data files (maps, lessons) so that every error names the file and the line."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import AcademyError


def line_of(text: str, needle: str, default: int | None = None) -> int | None:
    """1-based line of the first occurrence of ``needle`` in ``text`` (``default`` if absent)."""
    pos = text.find(needle)
    return default if pos < 0 else text.count("\n", 0, pos) + 1


def load_json(path: Path, error: type[AcademyError]) -> tuple[Any, str]:
    """Parse a JSON file; raises ``error`` (MapError, LessonError) with the file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"cannot read the file: {exc.strerror}", file=str(path)) from exc  # type: ignore[call-arg]
    try:
        return json.loads(text), text
    except json.JSONDecodeError as exc:
        raise error(f"not valid JSON: {exc.msg}", file=str(path), line=exc.lineno) from exc  # type: ignore[call-arg]
