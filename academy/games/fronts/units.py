"""Units and costs: fronts.md, "Units".

>>> UNITS["armor"].attack, UNITS["armor"].cost
(Fraction(7, 2), 6)
>>> parse_units({"Infantry": 2, "tanks": 1})
{'infantry': 2, 'artillery': 0, 'armor': 1, 'air': 0}
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from academy.core.errors import IllegalAction
from academy.core.names import NameIndex


@dataclass(frozen=True)
class UnitType:
    """One row of the Units table. Air has no attack or defense value of its own (``None``)."""

    id: str
    name: str
    cost: int
    attack: Fraction | None
    defense: Fraction | None
    move: int
    is_ground: bool


UNITS: Mapping[str, UnitType] = {
    "infantry": UnitType("infantry", "Infantry", 3, Fraction(1), Fraction(2), 1, True),
    "armor": UnitType("armor", "Armor", 6, Fraction(7, 2), Fraction(2), 2, True),
    "artillery": UnitType("artillery", "Artillery", 5, Fraction(1), Fraction(1), 1, True),
    "air": UnitType("air", "Air", 8, None, None, 0, False),
}

#: "Losses come off infantry, then artillery, then armor, then air."
LOSS_ORDER: tuple[str, ...] = ("infantry", "artillery", "armor", "air")

#: Support added on top of a side's strength, never scaled (fronts.md "Units", "Battles").
GUN_SUPPORT = Fraction(2)
PLANE_STRIKE = Fraction(3)
#: How far a plane strikes or scouts, in provinces.
AIR_RANGE = 3

_NAMES = NameIndex({
    "infantry": ["Infantry", "inf", "soldiers"],
    "armor": ["Armor", "armour", "tank", "tanks"],
    "artillery": ["Artillery", "art", "gun", "guns"],
    "air": ["Air", "plane", "planes", "aircraft"],
}, kind="unit type")


def unit_type(name: str) -> UnitType:
    """The unit type for a name or alias ("tanks" -> armor); raises InvalidNotation with "did you mean"."""
    if name in UNITS:                       # the canonical id, as the engine writes it
        return UNITS[name]
    return UNITS[_NAMES.resolve(name)]


def is_unit_name(name: str) -> bool:
    """Does ``name`` name a unit type (as ``unit_type`` reads it, without raising)?"""
    return _NAMES.find(name) is not None


def parse_units(units: Mapping[str, int]) -> dict[str, int]:
    """Counts per unit type, every type present, in loss order.

    Raises InvalidNotation for an unknown type and IllegalAction (``bad_count``) for a count that is
    not a whole number of 0 or more.
    """
    counts = dict.fromkeys(LOSS_ORDER, 0)
    for name, n in units.items():
        kind = unit_type(name).id
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise IllegalAction("bad_count", f"{n!r} {kind} is not a unit count: give a whole number of 0 or more, "
                                             f"like {{{kind!r}: 2}}.")
        counts[kind] += n
    return counts


def unit_count(units: Mapping[str, int]) -> int:
    """How many units, of every type, in a stack."""
    return sum(parse_units(units).values())


def cost_of(units: Mapping[str, int]) -> int:
    """What building these units costs: infantry 3, armor 6, artillery 5, air 8.

    >>> cost_of({"infantry": 2, "air": 1})
    14
    """
    return sum(UNITS[k].cost * n for k, n in parse_units(units).items())


def stack_moves(units: Mapping[str, int]) -> int:
    """Moves a stack has in a turn: the slowest ground unit's (armor alone has 2). 0 for no ground unit."""
    moves = [UNITS[k].move for k, n in parse_units(units).items() if n and UNITS[k].is_ground]
    return min(moves) if moves else 0


def format_units(units: Mapping[str, int]) -> str:
    """"3 infantry, 1 armor" in loss order; "no units" for an empty stack."""
    parts = [f"{n} {k}" for k, n in parse_units(units).items() if n]
    return ", ".join(parts) if parts else "no units"
