"""The units of the Game of War and their figures (game-of-war.md, Units and Terrain)."""
from __future__ import annotations

from dataclasses import dataclass

SIDES = ("north", "south")

CHARGE_BONUS = 3          # game-of-war.md Combat: "Cavalry charge: +3"
CHARGE_COLUMN = 4         # "an unbroken straight line of up to 4 cavalry"
PASS_BONUS = 2            # Terrain: "+2 defence for infantry and cannons"
FORTRESS_BONUS = 4        # Terrain: "+4 defence for infantry and cannons"
MOVES_PER_TURN = 5        # Your turn: "Move up to 5 different units"


@dataclass(frozen=True)
class UnitType:
    """One line of the unit table. ``range`` is 0 for relays: they never fire or support."""

    name: str
    move: int
    range: int
    attack: int
    defence: int
    terrain_bonus: bool   # gets the pass and fortress defence bonus
    is_fighting: bool     # infantry, cavalry and cannons; relays are not

    @property
    def is_relay(self) -> bool:
        return not self.is_fighting

    @property
    def label(self) -> str:
        return self.name.replace("_", " ")


UNIT_TYPES: dict[str, UnitType] = {t.name: t for t in (
    UnitType("infantry", move=1, range=2, attack=4, defence=6, terrain_bonus=True, is_fighting=True),
    UnitType("cavalry", move=2, range=2, attack=4, defence=5, terrain_bonus=False, is_fighting=True),
    UnitType("cannon", move=1, range=3, attack=5, defence=8, terrain_bonus=True, is_fighting=True),
    UnitType("swift_cannon", move=2, range=3, attack=5, defence=8, terrain_bonus=True, is_fighting=True),
    UnitType("relay", move=1, range=0, attack=0, defence=1, terrain_bonus=False, is_fighting=False),
    UnitType("swift_relay", move=2, range=0, attack=0, defence=1, terrain_bonus=False, is_fighting=False),
)}


def other_side(side: str) -> str:
    """'north' <-> 'south'."""
    return "south" if side == "north" else "north"
