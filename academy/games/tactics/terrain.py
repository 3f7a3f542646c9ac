"""The Tactics terrain table (tactics.md, "Terrain table" and "Funds, properties and production").

Each terrain has defence stars and a movement cost per move type (None = can't enter).
Properties (city, factory, HQ, airport, port) also say what they build and which units
they repair and resupply. Weather (tactics.md, "Weather (campaign missions)") changes costs.

>>> TERRAIN["forest"].stars, TERRAIN["forest"].cost("treads"), TERRAIN["mountain"].cost("tires")
(2, 2, None)
>>> move_cost("plains", "heavy_tank", weather="rain")
3
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from academy.core.errors import IllegalAction
from academy.games.tactics.names import StrictNames
from academy.games.tactics.units import MOVE_TYPES, UNITS, UnitType, unit_type

__all__ = [
    "LEGEND",
    "PROPERTIES",
    "TERRAIN",
    "TERRAIN_IDS",
    "WEATHERS",
    "Terrain",
    "check_terrain",
    "defence_stars",
    "move_cost",
    "movement_points",
    "parse_grid",
    "terrain_of",
]

WEATHERS: tuple[str, ...] = ("clear", "rain", "snow")
"""Clear in skirmish, online and rated games; rain and snow only in campaign missions."""


@dataclass(frozen=True)
class Terrain:
    """One kind of tile. ``costs`` maps each move type to its cost, None where it can't enter.

    ``builds`` is the unit class a production property builds ("ground", "air", "naval"),
    ``serves`` the unit classes it repairs and resupplies; both empty for non-properties.
    """

    id: str
    name: str
    stars: int
    costs: Mapping[str, int | None]
    builds: str | None = None
    serves: frozenset[str] = frozenset()

    @property
    def is_property(self) -> bool:
        """Cities, factories, HQs, airports and ports: they can be owned and captured."""
        return self.id in PROPERTIES

    def cost(self, move_type: str) -> int | None:
        """Movement cost for ``move_type`` in clear weather; None = can't enter.

        Raises ValueError for an unknown move type.
        """
        if move_type not in self.costs:
            raise ValueError(f"unknown move type {move_type!r}; use one of {', '.join(MOVE_TYPES)}")
        return self.costs[move_type]

    def can_enter(self, move_type: str) -> bool:
        """Whether units of ``move_type`` can enter this terrain at all."""
        return self.cost(move_type) is not None


_ = None
_GROUND_CLASSES = frozenset({"foot", "vehicle"})
#            id          name       stars  foot boots treads tires air sea lander  builds   serves
_TABLE: tuple[tuple, ...] = (
    ("plains", "Plains", 1, (1, 1, 1, 2, 1, _, _), None, frozenset()),
    ("road", "Road", 0, (1, 1, 1, 1, 1, _, _), None, frozenset()),
    ("bridge", "Bridge", 0, (1, 1, 1, 1, 1, _, _), None, frozenset()),
    ("forest", "Forest", 2, (1, 1, 2, 3, 1, _, _), None, frozenset()),
    ("mountain", "Mountain", 4, (2, 1, _, _, 1, _, _), None, frozenset()),
    ("river", "River", 0, (2, 1, _, _, 1, _, _), None, frozenset()),
    ("sea", "Sea", 0, (_, _, _, _, 1, 1, 1), None, frozenset()),
    ("shoal", "Shoal", 0, (1, 1, 1, 1, 1, _, 1), None, frozenset()),
    ("reef", "Reef", 1, (_, _, _, _, 1, 2, 2), None, frozenset()),
    ("city", "City", 3, (1, 1, 1, 1, 1, _, _), None, _GROUND_CLASSES),
    ("factory", "Factory", 3, (1, 1, 1, 1, 1, _, _), "ground", _GROUND_CLASSES),
    ("hq", "HQ", 4, (1, 1, 1, 1, 1, _, _), None, _GROUND_CLASSES),
    ("airport", "Airport", 3, (1, 1, 1, 1, 1, _, _), "air", frozenset({"air"})),
    ("port", "Port", 3, (1, 1, 1, 1, 1, 1, 1), "naval", frozenset({"naval"})),
)

TERRAIN: Mapping[str, Terrain] = MappingProxyType({
    tid: Terrain(tid, name, stars, MappingProxyType(dict(zip(MOVE_TYPES, costs))), builds, serves)
    for tid, name, stars, costs, builds, serves in _TABLE
})
"""Every terrain by id (the document's names in lower case), in the document's order."""

TERRAIN_IDS: tuple[str, ...] = tuple(TERRAIN)

PROPERTIES: tuple[str, ...] = ("city", "factory", "hq", "airport", "port")
"""Terrain that can be owned: it pays income and can be captured."""

LEGEND: Mapping[str, str] = MappingProxyType({
    ".": "plains", "=": "road", "#": "bridge", "f": "forest", "^": "mountain", "r": "river",
    "~": "sea", "_": "shoal", "*": "reef", "C": "city", "F": "factory", "Q": "hq",
    "A": "airport", "P": "port",
})
"""One letter per terrain, as in ../shared/reference/tactics/maps.json (upper case = property)."""

_NAMES = StrictNames({t.id: (t.name,) for t in TERRAIN.values()} | {"hq": ("HQ", "headquarters")},
                     kind="terrain", reason="unknown_terrain")


def terrain_of(name: str | Terrain) -> Terrain:
    """The terrain for a name ("plains", "HQ", "Forest"); raises IllegalAction(reason="unknown_terrain")
    with "did you mean" for an unknown name."""
    if isinstance(name, Terrain):
        return name
    return TERRAIN[_NAMES.resolve(name)]


def defence_stars(terrain: str | Terrain, unit: str | UnitType | None = None) -> int:
    """Defence stars a unit gets on ``terrain``: the table's stars, but 0 for aircraft
    (tactics.md, "Combat and damage": aircraft ignore terrain defence).

    >>> defence_stars("mountain"), defence_stars("mountain", "fighter")
    (4, 0)
    """
    t = terrain_of(terrain)
    if unit is not None and unit_type(unit).is_air:
        return 0
    return t.stars


def _check_weather(weather: str) -> str:
    if weather not in WEATHERS:
        raise IllegalAction("unknown_weather", f"Unknown weather {weather!r}; use one of {', '.join(WEATHERS)}.")
    return weather


def move_cost(terrain: str | Terrain, unit: str | UnitType, weather: str = "clear") -> int | None:
    """Movement points ``unit`` pays to enter ``terrain``; None if it can't enter.

    Weather (tactics.md, "Weather (campaign missions)"): rain turns plains to mud, +1 for
    treads and tires and +1 more for the Heavy Tank; snow adds +1 on plains, forest and
    mountain for every ground unit (roads, bridges and buildings are cleared). Terrain a
    unit can't enter stays closed. Raises IllegalAction for unknown names or weather.

    >>> move_cost("plains", "recon"), move_cost("plains", "recon", "rain"), move_cost("forest", "infantry", "snow")
    (2, 3, 2)
    """
    t, u = terrain_of(terrain), unit_type(unit)
    _check_weather(weather)
    cost = t.cost(u.move_type)
    if cost is None:
        return None
    if weather == "rain" and t.id == "plains" and u.move_type in ("treads", "tires"):
        cost += 2 if u.id == "heavy_tank" else 1
    elif weather == "snow" and t.id in ("plains", "forest", "mountain") and u.is_ground:
        cost += 1
    return cost


def movement_points(unit: str | UnitType, weather: str = "clear") -> int:
    """Movement points per turn: the unit's movement, 1 less for aircraft in snow.

    >>> movement_points("fighter"), movement_points("fighter", "snow")
    (9, 8)
    """
    u = unit_type(unit)
    _check_weather(weather)
    return u.movement - 1 if weather == "snow" and u.is_air else u.movement


def parse_grid(rows: Sequence[str], legend: Mapping[str, str] = LEGEND) -> tuple[tuple[str, ...], ...]:
    """Turn rows of terrain letters into rows of terrain ids (``grid[y][x]``).

    >>> parse_grid([".f", "=^"])
    (('plains', 'forest'), ('road', 'mountain'))

    Raises ValueError naming the row, column and letter of an unknown letter, or for a
    ragged or empty grid.
    """
    if not rows:
        raise ValueError("a grid needs at least one row")
    width = len(rows[0])
    out = []
    for y, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {y} has {len(row)} tiles; row 0 has {width}: every row needs the same width")
        line = []
        for x, letter in enumerate(row):
            if letter not in legend:
                raise ValueError(f"tile ({x}, {y}): unknown terrain letter {letter!r}; "
                                 f"use one of {''.join(legend)}")
            line.append(legend[letter])
        out.append(tuple(line))
    if width == 0:
        raise ValueError("a grid needs at least one column")
    return tuple(out)


def check_terrain() -> None:
    """Check the table: every move type has a cost (positive or None) on every terrain, aircraft
    enter everything at 1, stars are 0..4, and every unit can stand somewhere. Raises ValueError."""
    for t in TERRAIN.values():
        if set(t.costs) != set(MOVE_TYPES):
            raise ValueError(f"terrain {t.id!r}: needs a cost for each of {MOVE_TYPES}")
        if any(c is not None and c < 1 for c in t.costs.values()):
            raise ValueError(f"terrain {t.id!r}: costs are positive or None (can't enter)")
        if t.costs["air"] != 1:
            raise ValueError(f"terrain {t.id!r}: aircraft cross everything at cost 1")
        if not 0 <= t.stars <= 4:
            raise ValueError(f"terrain {t.id!r}: defence stars run 0..4")
        if (t.builds is not None or t.serves) and t.id not in PROPERTIES:
            raise ValueError(f"terrain {t.id!r}: only properties build or repair")
    for u in UNITS.values():
        if not any(t.can_enter(u.move_type) for t in TERRAIN.values()):
            raise ValueError(f"unit {u.id!r}: no terrain it can enter")
    if set(LEGEND.values()) != set(TERRAIN):
        raise ValueError("the legend must give one letter to each terrain")


check_terrain()
