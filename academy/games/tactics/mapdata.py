"""Tactics skirmish maps (maps/tactics/*.json): terrain grid, property owners, starting units.

A map file is JSON with ``"format": "academy-tactics-map"``: ``players`` (first moves first),
``grid`` (rows of terrain letters, see ``legend``; ``grid[y][x]``), ``properties`` (every
property tile with its type and owner, null = neutral), ``units`` (army, unit id, x, y,
health 1..100) and ``settings`` (starting funds, income per property, fog, luck).
Every problem raises MapError with the file, the line and the tile.

>>> m = load_map("river_crossing")
>>> m.width, m.height, m.terrain_at((1, 1)), m.owner_of((1, 1))
(10, 10, 'hq', 'red')
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from academy.core.datafile import load_all_maps, load_json, load_map_by_id
from academy.core.errors import MapError
from academy.games.tactics.terrain import LEGEND, PROPERTIES, TERRAIN, move_cost
from academy.games.tactics.units import UNITS

__all__ = ["MAPS_DIR", "StartingUnit", "TacticsMap", "available_maps", "load_map", "load_map_file", "parse_map"]

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps" / "tactics"
FORMAT = "academy-tactics-map"
DEFAULT_SETTINGS: Mapping[str, object] = MappingProxyType(
    {"starting_funds": 0, "income_per_property": 1000, "fog": False, "luck": True})
"""tactics.md, "Game options": luck on, 1,000 income per property, fog off."""

Position = tuple[int, int]


@dataclass(frozen=True)
class StartingUnit:
    """A unit on the map at the start: its army, type, tile and health (1..100)."""

    army: str
    unit: str
    at: Position
    health: int = 100


@dataclass(frozen=True)
class TacticsMap:
    """A checked skirmish map. ``grid[y][x]`` is a terrain id; ``owners`` maps every property tile
    to its owner (None = neutral)."""

    id: str
    name: str
    players: tuple[str, ...]
    grid: tuple[tuple[str, ...], ...]
    owners: Mapping[Position, str | None]
    units: tuple[StartingUnit, ...]
    settings: Mapping[str, object]

    @property
    def width(self) -> int:
        return len(self.grid[0])

    @property
    def height(self) -> int:
        return len(self.grid)

    def terrain_at(self, at: Position) -> str:
        """The terrain id of tile ``(x, y)``; raises KeyError off the map."""
        x, y = at
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise KeyError(f"tile {at} is off the {self.width}×{self.height} map")
        return self.grid[y][x]

    def owner_of(self, at: Position) -> str | None:
        """Owner of the property at ``at`` (None = neutral); raises KeyError if it is not a property."""
        return self.owners[at]

    def hq_of(self, player: str) -> Position:
        """The tile of ``player``'s HQ."""
        return next(p for p, o in self.owners.items() if o == player and self.terrain_at(p) == "hq")


def parse_map(data: Any, path: Path, text: str = "") -> TacticsMap:
    """Build and check a map from its JSON data; raises MapError naming the file, line and tile."""
    def fail(message: str, needle: str | None = None, after: str | None = None) -> MapError:
        # the line of ``needle`` after the ``after`` section; else of ``needle``; else of the section
        line = None
        start = max(text.find(after), 0) if after else 0
        for probe in (needle, after):
            pos = text.find(probe, start) if probe else -1
            if pos < 0 and probe:
                pos = text.find(probe)
            if pos >= 0:
                line = text.count("\n", 0, pos) + 1
                break
        return MapError(message, file=str(path), line=line)

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise fail(f'not a Tactics map: expected "format": "{FORMAT}"', '"format"')
    for key in ("players", "grid", "properties", "units"):
        if key not in data:
            raise fail(f"missing the {key!r} section")
    players = data["players"]
    if not (isinstance(players, list) and len(players) >= 2 and all(isinstance(p, str) for p in players)
            and len(set(players)) == len(players)):
        raise fail("players must list two or more different army names", '"players"')
    legend = data.get("legend", dict(LEGEND))
    bad_legend = {k: v for k, v in legend.items() if v not in TERRAIN or len(k) != 1}
    if bad_legend:
        raise fail(f"legend entries {bad_legend} are not one letter for a known terrain "
                   f"({', '.join(TERRAIN)})", '"legend"')

    rows = data["grid"]
    if not (isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows)):
        raise fail("grid must be a non-empty list of strings, one per row", '"grid"')
    width = len(rows[0])
    grid = []
    for y, row in enumerate(rows):
        if len(row) != width:
            raise fail(f"grid row {y} has {len(row)} tiles but row 0 has {width}: every row needs the same width",
                       f'"{row}"', '"grid"')
        for x, letter in enumerate(row):
            if letter not in legend:
                raise fail(f"tile ({x}, {y}): unknown terrain letter {letter!r}; the legend has "
                           f"{''.join(legend)}", f'"{row}"', '"grid"')
        grid.append(tuple(legend[c] for c in row))
    for key, size in (("width", width), ("height", len(rows))):
        if key in data and data[key] != size:
            raise fail(f"{key} says {data[key]} but the grid has {size}", f'"{key}"')

    owners: dict[Position, str | None] = {}
    for entry in data["properties"]:
        try:
            x, y, kind, owner = entry["x"], entry["y"], entry["type"], entry["owner"]
        except (KeyError, TypeError):
            raise fail(f"property {entry!r} needs x, y, type and owner", '"properties"') from None
        needle = f'"x": {x}, "y": {y}'
        if not (isinstance(x, int) and isinstance(y, int) and 0 <= x < width and 0 <= y < len(rows)):
            raise fail(f"property at ({x}, {y}) is off the {width}×{len(rows)} grid", needle, '"properties"')
        if grid[y][x] != kind:
            raise fail(f"tile ({x}, {y}): the property says {kind!r} but the grid has {grid[y][x]!r}",
                       needle, '"properties"')
        if owner is not None and owner not in players:
            raise fail(f"tile ({x}, {y}): owner {owner!r} is not one of the players {players}", needle, '"properties"')
        if (x, y) in owners:
            raise fail(f"tile ({x}, {y}): the property is listed twice", needle, '"properties"')
        owners[x, y] = owner
    for y, row in enumerate(grid):
        for x, kind in enumerate(row):
            if kind in PROPERTIES and (x, y) not in owners:
                raise fail(f"tile ({x}, {y}): a {kind} with no entry in properties (give its owner, or null)",
                           f'"{rows[y]}"', '"grid"')
    for player in players:
        hqs = [p for p, o in owners.items() if o == player and grid[p[1]][p[0]] == "hq"]
        if len(hqs) != 1:
            raise fail(f"army {player!r} owns {len(hqs)} HQs; each army needs exactly one", '"properties"')
    if any(grid[p[1]][p[0]] == "hq" and o is None for p, o in owners.items()):
        raise fail("an HQ must belong to an army", '"properties"')

    units: list[StartingUnit] = []
    taken: set[Position] = set()
    for entry in data["units"]:
        try:
            army, unit, x, y = entry["army"], entry["unit"], entry["x"], entry["y"]
            health = entry.get("health", 100)
        except (KeyError, TypeError, AttributeError):
            raise fail(f"unit {entry!r} needs army, unit, x and y", '"units"') from None
        needle = f'"x": {x}, "y": {y}'
        if army not in players:
            raise fail(f"unit at ({x}, {y}): army {army!r} is not one of the players {players}", needle, '"units"')
        if unit not in UNITS:
            raise fail(f"unit at ({x}, {y}): unknown unit {unit!r}; use one of {', '.join(UNITS)}", f'"{unit}"',
                       '"units"')
        if not (isinstance(x, int) and isinstance(y, int) and 0 <= x < width and 0 <= y < len(rows)):
            raise fail(f"unit at ({x}, {y}) is off the {width}×{len(rows)} grid", needle, '"units"')
        if (x, y) in taken:
            raise fail(f"tile ({x}, {y}): two units on one tile", needle, '"units"')
        if move_cost(grid[y][x], unit) is None:
            raise fail(f"tile ({x}, {y}): a {UNITS[unit].name} can't stand on {TERRAIN[grid[y][x]].name}",
                       needle, '"units"')
        if isinstance(health, bool) or not isinstance(health, int) or not 1 <= health <= 100:
            raise fail(f"unit at ({x}, {y}): health must be 1..100, got {health!r}", needle, '"units"')
        taken.add((x, y))
        units.append(StartingUnit(army, unit, (x, y), health))

    settings = dict(DEFAULT_SETTINGS)
    for key, value in data.get("settings", {}).items():
        if key not in DEFAULT_SETTINGS:
            raise fail(f"unknown setting {key!r}; settings are {', '.join(DEFAULT_SETTINGS)}", f'"{key}"')
        if type(value) is not type(DEFAULT_SETTINGS[key]) or (isinstance(value, int) and value < 0):
            raise fail(f"setting {key!r} must be a {type(DEFAULT_SETTINGS[key]).__name__} "
                       f"(not negative), got {value!r}", f'"{key}"')
        settings[key] = value
    first = data.get("first_player", players[0])
    if first != players[0]:
        raise fail(f"first_player {first!r} must be the first of players {players}", '"first_player"')
    return TacticsMap(data.get("id", path.stem), data.get("name", path.stem), tuple(players), tuple(grid),
                      MappingProxyType(owners), tuple(units), MappingProxyType(settings))


def load_map_file(path: Path) -> TacticsMap:
    """Load one map file; raises MapError naming the file and line."""
    data, text = load_json(path, MapError)
    return parse_map(data, path, text)


@functools.cache
def load_map(map_id: str) -> TacticsMap:
    """A map from maps/tactics/ by id (cached); raises MapError if missing or malformed."""
    return load_map_by_id(MAPS_DIR, map_id, "Tactics", load_map_file)


def available_maps(directory: Path = MAPS_DIR) -> tuple[dict[str, TacticsMap], list[MapError]]:
    """Every readable map in ``directory`` by id, and the MapErrors of the broken ones."""
    return load_all_maps(directory, load_map_file)
