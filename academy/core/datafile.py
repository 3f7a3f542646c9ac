"""Reading data files (maps, lessons) so that every error names the file and the line."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .errors import AcademyError, MapError

T = TypeVar("T")


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


def load_map_by_id(directory: Path, map_id: str, game_title: str, load_file: Callable[[Path], T]) -> T:
    """The map ``map_id``.json in ``directory``; raises MapError naming the known maps if it is missing."""
    path = directory / f"{map_id}.json"
    if not path.exists():
        known = sorted(p.stem for p in directory.glob("*.json"))
        raise MapError(f"no {game_title} map called {map_id!r}; known maps: {known}", file=str(path))
    return load_file(path)


def load_all_maps(directory: Path, load_file: Callable[[Path], T]) -> tuple[dict[str, T], list[MapError]]:
    """Every readable map in ``directory`` by id, and the MapErrors (file, line) of the broken ones."""
    maps: dict[str, T] = {}
    errors: list[MapError] = []
    for path in sorted(directory.glob("*.json")):
        try:
            maps[path.stem] = load_file(path)
        except MapError as exc:
            errors.append(exc)
    return maps, errors
