"""The classic board and its openings (maps/game_of_war/classic.json)."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from academy.core.datafile import check_map_id, line_of, load_json
from academy.core.errors import MapError

from .position import Position, PositionError

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps" / "game_of_war"
FORMAT = "academy-game-of-war-map"


@functools.cache
def _load(name: str) -> tuple[dict[str, Any], str, Path]:
    path = MAPS_DIR / f"{check_map_id(MAPS_DIR, name, 'Game of War')}.json"  # UnknownMap for any other name
    data, text = load_json(path, MapError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MapError(f'not a Game of War map: expected "format": "{FORMAT}"', file=str(path),
                       line=line_of(text, '"format"'))
    return data, text, path


def board(name: str = "classic") -> Position:
    """The empty board: terrain and arsenals, no units. Raises MapError naming the file and line."""
    return deployment(None, name)


def deployment_names(name: str = "classic") -> list[str]:
    return list(_load(name)[0].get("deployments", {}))


def deployment_description(which: str, name: str = "classic") -> str:
    """What the map says of one of its openings ('academy_default', 'open_source_default'); '' if nothing."""
    return str(_load(name)[0].get("deployments", {}).get(which, {}).get("description", ""))


def deployment(which: str | None = "academy_default", name: str = "classic") -> Position:
    """The board with one of its openings ('academy_default', 'open_source_default'), or empty for None."""
    data, text, path = _load(name)
    units: list[Any] = []
    if which is not None:
        found = data.get("deployments", {}).get(which)
        if found is None:
            raise MapError(f"no deployment {which!r}; there are {', '.join(data.get('deployments', {}))}",
                           file=str(path))
        units = found["units"]
    try:
        return Position.from_dict({"width": data["width"], "height": data["height"], "terrain": data["terrain"],
                                   "arsenals": data["arsenals"], "units": units})
    except (KeyError, PositionError) as exc:
        raise MapError(f"malformed board: {exc}", file=str(path),
                       line=line_of(text, f'"{which}"') if which else None) from None


def territory_rows(side: str, name: str = "classic") -> tuple[int, int]:
    """The first and last row of a side's half (North 0..9, South 10..19 on the classic board)."""
    lo, hi = _load(name)[0]["territory"][side]
    return lo, hi
