"""Tiles and the pieces on them: tile names ("B3"), and the mutable :class:`Unit` of a state.

>>> tile_name((1, 2)), parse_tile("b3", 10, 10)
('B3', (1, 2))
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from academy.core.errors import IllegalAction
from academy.games.tactics.units import UNITS, UnitType, displayed_hp

Pos = tuple[int, int]
_TILE = re.compile(r"([A-Za-z])(\d{1,2})")


def tile_name(pos: Pos) -> str:
    """The board name of ``(x, y)``: column letter A.. then row number 1.. ("B3" = (1, 2))."""
    return f"{chr(ord('A') + pos[0])}{pos[1] + 1}"


def parse_tile(text: object, width: int, height: int) -> Pos:
    """``(x, y)`` for a tile name such as "B3".

    Raises IllegalAction(reason="bad_tile") for a text that is not a tile of a width × height board.
    """
    m = _TILE.fullmatch(text.strip()) if isinstance(text, str) else None
    if not m:
        raise IllegalAction("bad_tile", f"{text!r} is not a tile: write a column letter and a row number, "
                                        f"like B3 (columns A-{chr(ord('A') + width - 1)}, rows 1-{height}).")
    x, y = ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1
    if not (0 <= x < width and 0 <= y < height):
        raise IllegalAction("bad_tile", f"{text} is off the board: columns run A-{chr(ord('A') + width - 1)} "
                                        f"and rows 1-{height}.")
    return x, y


def distance(a: Pos, b: Pos) -> int:
    """Manhattan distance between two tiles."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def adjacent(pos: Pos, width: int, height: int) -> list[Pos]:
    """The up to four tiles next to ``pos`` on the board."""
    x, y = pos
    return [(a, b) for a, b in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)) if 0 <= a < width and 0 <= b < height]


@dataclass
class Unit:
    """A unit on the board (or in a transport): type id, owner (player index), health 1..100,
    fuel, ammo (None = no ammo-limited weapon), whether it has acted this turn, and its cargo."""

    type: str
    owner: int
    health: int = 100
    fuel: int = -1
    ammo: int | None = -1
    acted: bool = False
    cargo: list[Unit] = field(default_factory=list)

    def __post_init__(self) -> None:
        spec = UNITS[self.type]
        if self.fuel == -1:
            self.fuel = spec.fuel
        if self.ammo == -1:
            self.ammo = spec.ammo

    @property
    def spec(self) -> UnitType:
        """The unit's type facts."""
        return UNITS[self.type]

    @property
    def hp(self) -> int:
        """Displayed HP: ceil(health / 10)."""
        return displayed_hp(self.health)

    def resupply(self) -> bool:
        """Refill fuel and ammo; True if anything changed."""
        spec = self.spec
        changed = self.fuel != spec.fuel or self.ammo != spec.ammo
        self.fuel, self.ammo = spec.fuel, spec.ammo
        return changed

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "owner": self.owner, "health": self.health, "fuel": self.fuel,
                "ammo": self.ammo, "acted": self.acted, "cargo": [c.to_json() for c in self.cargo]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Unit:
        """Inverse of to_json; raises KeyError for a missing field."""
        from .limits import HEALTH, SUPPLIES
        return cls(data["type"], int(data["owner"]), HEALTH.read(data["health"], "A unit's health"),
                   SUPPLIES.read(data["fuel"], "A unit's fuel"),
                   None if data["ammo"] is None else SUPPLIES.read(data["ammo"], "A unit's ammunition"),
                   bool(data["acted"]),
                   [cls.from_json(c) for c in data["cargo"]])
