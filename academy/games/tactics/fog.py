"""What a player can see in fog of war (tactics.md, "Fog of war"): the grid part.

- Each unit sees the tiles within its vision (Manhattan distance); Infantry and Mech on a
  mountain see 3 tiles further.
- Your own properties always show what stands on them.
- Ground units in a forest and boats on a reef are hidden unless one of your units is right
  next to them. Aircraft can't hide.
- Terrain and property owners are always visible; only units are hidden.

>>> grid = parse_grid([".....", "..f..", "....."])
>>> sight = sight_of(grid, [("infantry", (0, 1))])
>>> sorted(sight.seen)[:3], is_visible(grid, sight, "tank", (2, 1)), is_visible(grid, sight, "tank", (1, 1))
([(0, 0), (0, 1), (0, 2)], False, True)
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from academy.games.tactics.terrain import parse_grid
from academy.games.tactics.units import UnitType, unit_type

__all__ = ["MOUNTAIN_VISION_BONUS", "Sight", "is_hiding_place", "is_visible", "sight_of", "vision_range", "parse_grid"]

MOUNTAIN_VISION_BONUS = 3
"""Infantry and Mech on a mountain see 3 tiles further."""

Position = tuple[int, int]
Grid = Sequence[Sequence[str]]


def vision_range(unit: str | UnitType, terrain: str) -> int:
    """How far ``unit`` standing on ``terrain`` sees: its vision, +3 for foot soldiers on a mountain.

    >>> vision_range("infantry", "mountain"), vision_range("infantry", "plains"), vision_range("tank", "mountain")
    (5, 2, 3)
    """
    u = unit_type(unit)
    return u.vision + (MOUNTAIN_VISION_BONUS if u.unit_class == "foot" and terrain == "mountain" else 0)


@dataclass(frozen=True)
class Sight:
    """One player's sight: ``seen`` tiles within some unit's vision, ``near`` tiles next to (or under)
    one of their units, and ``own_properties`` whose occupants always show."""

    seen: frozenset[Position]
    near: frozenset[Position]
    own_properties: frozenset[Position]


def sight_of(grid: Grid, units: Iterable[tuple[str | UnitType, Position]],
             own_properties: Iterable[Position] = ()) -> Sight:
    """The sight of a player with ``units`` (unit type, tile) and ``own_properties`` on ``grid``.

    Units riding in a transport should not be passed: they see nothing.
    Raises IllegalAction for unknown unit names and ValueError for a unit off the grid.
    """
    width, height = len(grid[0]), len(grid)
    seen: set[Position] = set()
    near: set[Position] = set()
    for unit, (px, py) in units:
        if not (0 <= px < width and 0 <= py < height):
            raise ValueError(f"unit at {(px, py)} is off the {width}×{height} grid")
        r = vision_range(unit, grid[py][px])
        for y in range(max(0, py - r), min(height, py + r + 1)):
            span = r - abs(y - py)
            for x in range(max(0, px - span), min(width, px + span + 1)):
                seen.add((x, y))
        for x, y in ((px, py), (px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
            if 0 <= x < width and 0 <= y < height:
                near.add((x, y))
    props = frozenset(own_properties)
    return Sight(frozenset(seen) | props, frozenset(near) | props, props)


def is_hiding_place(unit: str | UnitType, terrain: str) -> bool:
    """Whether ``unit`` on ``terrain`` is hidden from everyone not right next to it: ground units in
    a forest, boats on a reef; aircraft never hide."""
    u = unit_type(unit)
    return (terrain == "forest" and u.is_ground) or (terrain == "reef" and u.is_naval)


def is_visible(grid: Grid, sight: Sight, unit: str | UnitType, at: Position) -> bool:
    """Whether a player with ``sight`` sees an enemy ``unit`` standing at ``at``."""
    if at in sight.own_properties:
        return True
    if is_hiding_place(unit, grid[at[1]][at[0]]):
        return at in sight.near
    return at in sight.seen
