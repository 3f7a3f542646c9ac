"""Reading data files (maps, lessons) so that every error names the file and the line."""
from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .errors import AcademyError, MapError, UnknownMap

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


@functools.cache
def map_ids(directory: Path) -> tuple[str, ...]:
    """The game's map list: the ids (file stems) of the maps in ``directory``, read once per process.

    Map names a visitor sends are looked up in this fixed list, never used as paths.
    """
    return tuple(sorted(p.stem for p in directory.glob("*.json")))


def check_map_id(directory: Path, map_id: object, game_title: str = "") -> str:
    """``map_id`` if it is one of the maps of ``directory`` (``map_ids``); raises UnknownMap otherwise,
    with the same message for every unknown name (it never says whether some file exists)."""
    known = map_ids(directory)
    if not isinstance(map_id, str) or map_id not in known:
        text = map_id if isinstance(map_id, str) else str(map_id)
        name = repr(text if len(text) <= 40 else text[:37] + "...")
        game = f"{game_title} " if game_title else ""
        raise UnknownMap(f"There is no {game}map called {name}; the maps are: {', '.join(known)}.")
    return map_id


def load_map_by_id(directory: Path, map_id: str, game_title: str, load_file: Callable[[Path], T]) -> T:
    """The map ``map_id`` of ``directory``'s map list; raises UnknownMap (the same message for every name
    not in the list, ``check_map_id``) or MapError for a broken map file."""
    return load_file(directory / f"{check_map_id(directory, map_id, game_title)}.json")


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
