"""Terrain, rivers and digging in: fronts.md, "Defense bonuses".

Every factor is an exact Fraction. Terrain only ever helps the defender; armor moving into forest,
mountain or urban is weaker.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from academy.core.errors import IllegalAction
from academy.core.names import NameIndex


@dataclass(frozen=True)
class Terrain:
    """One row of the Defense bonuses table."""

    id: str
    name: str
    defender: Fraction
    armor_attacking: Fraction


TERRAINS: Mapping[str, Terrain] = {
    "plains": Terrain("plains", "Plains", Fraction(1), Fraction(1)),
    "forest": Terrain("forest", "Forest", Fraction(5, 4), Fraction(3, 4)),
    "mountain": Terrain("mountain", "Mountain", Fraction(3, 2), Fraction(1, 2)),
    "urban": Terrain("urban", "Urban", Fraction(3, 2), Fraction(1, 2)),
}

#: "an attacker crossing it has its strength divided by 1.25"
RIVER_DIVISOR = Fraction(5, 4)
#: Out of supply, a stack "fights at half strength".
OUT_OF_SUPPLY = Fraction(1, 2)
#: Dug in grows evenly: +5% a turn (+10% in a capital), full after 5 turns.
DIG_IN_TURNS = 5
DIG_IN_FULL = Fraction(1, 4)
DIG_IN_FULL_CAPITAL = Fraction(1, 2)

_NAMES = NameIndex({
    "plains": ["Plains", "plain", "open", "grassland"],
    "forest": ["Forest", "forests", "woods"],
    "mountain": ["Mountain", "mountains", "hills"],
    "urban": ["Urban", "town", "city streets"],
}, kind="terrain")


def terrain(name: str) -> Terrain:
    """The terrain for a name or alias ("plain" -> plains); raises InvalidNotation with "did you mean"."""
    return TERRAINS[_NAMES.resolve(name)]


def dug_in_bonus(turns_held: int, capital: bool = False) -> Fraction:
    """The dug-in bonus of defenders in a city held ``turns_held`` turns (not 1 + bonus).

    +5% a turn (+10% in a capital), full (+25%, +50%) after 5 turns.

    >>> dug_in_bonus(2), dug_in_bonus(9, capital=True)
    (Fraction(1, 10), Fraction(1, 2))
    """
    if isinstance(turns_held, bool) or not isinstance(turns_held, int) or turns_held < 0:
        raise IllegalAction("bad_dug_in_turns", f"dug_in_turns={turns_held!r} is not a number of turns held: "
                                                "give a whole number of 0 or more (5 or more is fully dug in).")
    full = DIG_IN_FULL_CAPITAL if capital else DIG_IN_FULL
    return full * min(turns_held, DIG_IN_TURNS) / DIG_IN_TURNS
