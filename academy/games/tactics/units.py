"""The 18 Tactics unit types (tactics.md; units.json where the document is silent).

From tactics.md: cost and where a unit is built ("Funds, properties and production"),
move type ("Movement"), fuel, daily fuel and ammo ("Repair, fuel and ammo"), who can
capture ("Capturing"), transports ("Transports") and which units each one can hit (the
non-dash cells of its row in the "Damage chart"). From the Advance Wars 2 standard facts
(../shared/reference/tactics/units.json; Days of Ruin for the Gunboat): movement points,
vision, attack range, and which weapon is the ammo-limited primary versus the unlimited
machine gun / anti-air gun.

>>> UNITS["tank"].cost, UNITS["tank"].movement, UNITS["tank"].move_type
(7000, 6, 'treads')
>>> unit_type("Heavy Tank").id
'heavy_tank'
>>> UNITS["artillery"].is_indirect, UNITS["artillery"].min_range, UNITS["artillery"].max_range
(True, 2, 3)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from academy.games.tactics.names import StrictNames

__all__ = [
    "MOVE_TYPES",
    "UNIT_CLASSES",
    "UNIT_IDS",
    "UNITS",
    "Transport",
    "UnitType",
    "Weapon",
    "check_units",
    "displayed_hp",
    "unit_type",
]

MOVE_TYPES: tuple[str, ...] = ("foot", "boots", "treads", "tires", "air", "sea", "lander")
"""The move types of the terrain table, in the document's column order."""

UNIT_CLASSES: tuple[str, ...] = ("foot", "vehicle", "air", "naval")
"""foot and vehicle are the ground units; air the aircraft; naval the ships (Lander included)."""

MAX_HEALTH = 100
"""Internal health runs 0..100; displayed HP = ceil(health / 10) runs 0..10."""


def displayed_hp(health: int) -> int:
    """Displayed HP (0..10) of a unit with internal ``health`` (0..100): ceil(health / 10).

    >>> displayed_hp(100), displayed_hp(46), displayed_hp(41), displayed_hp(1), displayed_hp(0)
    (10, 5, 5, 1, 0)

    Raises ValueError for a health that is not an integer in 0..100.
    """
    if isinstance(health, bool) or not isinstance(health, int) or not 0 <= health <= MAX_HEALTH:
        raise ValueError(f"health must be an integer from 0 to {MAX_HEALTH}, got {health!r}")
    return -(-health // 10)


@dataclass(frozen=True)
class Weapon:
    """One weapon: its name, whether each shot uses the unit's ammo, and the unit ids it can hit."""

    name: str
    uses_ammo: bool
    targets: frozenset[str]

    def can_hit(self, target: str) -> bool:
        """Whether this weapon can fire at a unit of type ``target`` (an id)."""
        return target in self.targets


@dataclass(frozen=True)
class Transport:
    """What a transport carries: ``capacity`` units among ``carries``; where it may unload."""

    capacity: int
    carries: frozenset[str]
    unloads_anywhere: bool
    supplies_adjacent: bool


@dataclass(frozen=True)
class UnitType:
    """A unit type's fixed facts. ``ammo`` is None when no weapon uses ammo; ``min_range`` and
    ``max_range`` are None for unarmed units. ``fuel_per_day`` 0 means fuel is only burnt by moving.
    """

    id: str
    name: str
    unit_class: str
    cost: int
    built_at: str
    move_type: str
    movement: int
    vision: int
    min_range: int | None
    max_range: int | None
    fuel: int
    fuel_per_day: int
    ammo: int | None
    primary: Weapon | None
    secondary: Weapon | None
    can_capture: bool
    transport: Transport | None

    @property
    def is_ground(self) -> bool:
        """Foot soldiers and vehicles."""
        return self.unit_class in ("foot", "vehicle")

    @property
    def is_air(self) -> bool:
        """Aircraft: they ignore terrain defence and cannot hide in fog."""
        return self.unit_class == "air"

    @property
    def is_naval(self) -> bool:
        """Ships, the Lander included."""
        return self.unit_class == "naval"

    @property
    def is_indirect(self) -> bool:
        """Indirect fire (minimum range 2 or more): no firing after moving, no counters either way."""
        return self.min_range is not None and self.min_range >= 2

    @property
    def weapons(self) -> tuple[Weapon, ...]:
        """The unit's weapons, primary first."""
        return tuple(w for w in (self.primary, self.secondary) if w is not None)

    @property
    def burns_daily_fuel(self) -> bool:
        """Aircraft and ships burn fuel every day and are lost at 0 fuel."""
        return self.fuel_per_day > 0

    def can_target(self, target: str) -> bool:
        """Whether any of its weapons can hit ``target`` (ammo aside): a non-dash chart cell."""
        return any(w.can_hit(target) for w in self.weapons)

    def in_range(self, distance: int) -> bool:
        """Whether a target ``distance`` tiles away (Manhattan) is within its attack range."""
        return self.min_range is not None and self.max_range is not None and \
            self.min_range <= distance <= self.max_range

    def weapon_against(self, target: str, ammo: int | None = None) -> Weapon | None:
        """The weapon it fires at ``target``, or None if it cannot fire at it.

        ``ammo`` is the unit's ammo left (None = full). A primary that uses ammo cannot fire
        at 0; the unit then falls back to its secondary weapon if that can hit the target.
        """
        left = self.ammo if ammo is None else ammo
        for weapon in self.weapons:
            if weapon.can_hit(target) and not (weapon.uses_ammo and (left or 0) <= 0):
                return weapon
        return None


# --- the data -------------------------------------------------------------------------------

_FOOT = ("infantry", "mech")
_VEHICLES = ("recon", "apc", "anti_air", "tank", "heavy_tank", "artillery", "rockets", "missiles")
_GROUND = _FOOT + _VEHICLES
_COPTERS = ("transport_copter", "attack_copter")
_AIR = _COPTERS + ("fighter", "bomber")
_SHIPS = ("lander", "gunboat", "cruiser", "battleship")
_ALL_BUT_AIR = _GROUND + _SHIPS


def _w(name: str, uses_ammo: bool, *groups: tuple[str, ...]) -> Weapon:
    return Weapon(name, uses_ammo, frozenset(t for g in groups for t in g))


_MG_SOFT = ("Machine gun", False, _FOOT, _COPTERS)  # the secondary of Mech, Tank, Heavy Tank, Attack Copter

# id, name, class, cost, built_at, move type, movement, vision, range, fuel, per day, ammo,
# primary, secondary, can capture, transport
_ROWS: tuple[tuple, ...] = (
    ("infantry", "Infantry", "foot", 1000, "factory", "foot", 3, 2, (1, 1), 99, 0, None,
     _w("Machine gun", False, _GROUND, _COPTERS), None, True, None),
    ("mech", "Mech", "foot", 3000, "factory", "boots", 2, 2, (1, 1), 70, 0, 3,
     _w("Bazooka", True, _VEHICLES), _w(*_MG_SOFT), True, None),
    ("recon", "Recon", "vehicle", 4000, "factory", "tires", 8, 5, (1, 1), 80, 0, None,
     _w("Machine gun", False, _GROUND, _COPTERS), None, False, None),
    ("apc", "APC", "vehicle", 5000, "factory", "treads", 6, 1, None, 70, 0, None,
     None, None, False, Transport(1, frozenset(_FOOT), True, True)),
    ("anti_air", "Anti-Air", "vehicle", 8000, "factory", "treads", 6, 2, (1, 1), 60, 0, 6,
     _w("Vulcan cannon", True, _GROUND, _AIR), None, False, None),
    ("tank", "Tank", "vehicle", 7000, "factory", "treads", 6, 3, (1, 1), 70, 0, 9,
     _w("Cannon", True, _VEHICLES, _SHIPS), _w(*_MG_SOFT), False, None),
    ("heavy_tank", "Heavy Tank", "vehicle", 16000, "factory", "treads", 5, 1, (1, 1), 50, 0, 8,
     _w("Heavy cannon", True, _VEHICLES, _SHIPS), _w(*_MG_SOFT), False, None),
    ("artillery", "Artillery", "vehicle", 6000, "factory", "treads", 5, 1, (2, 3), 50, 0, 9,
     _w("Cannon", True, _ALL_BUT_AIR), None, False, None),
    ("rockets", "Rockets", "vehicle", 15000, "factory", "tires", 5, 1, (3, 5), 50, 0, 6,
     _w("Rockets", True, _ALL_BUT_AIR), None, False, None),
    ("missiles", "Missiles", "vehicle", 12000, "factory", "tires", 4, 5, (3, 5), 50, 0, 6,
     _w("Anti-air missiles", True, _AIR), None, False, None),
    ("transport_copter", "Transport Copter", "air", 5000, "airport", "air", 6, 2, None, 99, 2, None,
     None, None, False, Transport(1, frozenset(_FOOT), True, False)),
    ("attack_copter", "Attack Copter", "air", 9000, "airport", "air", 6, 3, (1, 1), 99, 2, 6,
     _w("Missiles", True, _VEHICLES, _SHIPS), _w(*_MG_SOFT), False, None),
    ("fighter", "Fighter", "air", 20000, "airport", "air", 9, 2, (1, 1), 99, 5, 9,
     _w("Missiles", True, _AIR), None, False, None),
    ("bomber", "Bomber", "air", 22000, "airport", "air", 7, 2, (1, 1), 99, 5, 9,
     _w("Bombs", True, _ALL_BUT_AIR), None, False, None),
    ("lander", "Lander", "naval", 12000, "port", "lander", 6, 1, None, 99, 1, None,
     None, None, False, Transport(2, frozenset(_GROUND), False, False)),
    ("gunboat", "Gunboat", "naval", 6000, "port", "sea", 7, 2, (1, 1), 99, 1, 6,
     _w("Deck gun", True, _ALL_BUT_AIR), None, False, None),
    ("cruiser", "Cruiser", "naval", 18000, "port", "sea", 6, 3, (1, 1), 99, 1, 9,
     _w("Anti-ship missiles", True, _SHIPS), _w("Anti-air gun", False, _AIR), False, None),
    ("battleship", "Battleship", "naval", 28000, "port", "sea", 5, 2, (2, 6), 99, 1, 9,
     _w("Cannon", True, _ALL_BUT_AIR), None, False, None),
)


def _build() -> dict[str, UnitType]:
    units: dict[str, UnitType] = {}
    for (uid, name, cls, cost, built, move, mp, vision, rng, fuel, per_day, ammo,
         primary, secondary, capture, transport) in _ROWS:
        lo, hi = rng if rng else (None, None)
        units[uid] = UnitType(uid, name, cls, cost, built, move, mp, vision, lo, hi, fuel, per_day,
                              ammo, primary, secondary, capture, transport)
    return units


UNITS: Mapping[str, UnitType] = MappingProxyType(_build())
"""Every unit type by id, in the document's damage-chart order."""

UNIT_IDS: tuple[str, ...] = tuple(UNITS)
"""Unit ids in the damage chart's row/column order (Infantry ... Battleship)."""

_ALIASES: dict[str, tuple[str, ...]] = {
    "heavy_tank": ("md tank", "medium tank"),
    "anti_air": ("aa",),
    "transport_copter": ("t copter", "tcopter"),
    "attack_copter": ("b copter", "battle copter", "bcopter"),
}

_NAMES = StrictNames({u.id: (u.name, *_ALIASES.get(u.id, ())) for u in UNITS.values()},
                     kind="unit", reason="unknown_unit")


def unit_type(name: str | UnitType) -> UnitType:
    """The unit type for an id or display name ("heavy_tank", "Heavy Tank", "Md Tank").

    Raises IllegalAction(reason="unknown_unit") with "did you mean" for an unknown name.

    >>> unit_type("anti-air").id
    'anti_air'
    """
    if isinstance(name, UnitType):
        return name
    return UNITS[_NAMES.resolve(name)]


def check_units(units: Mapping[str, UnitType] = UNITS) -> None:
    """Check the unit table's internal consistency; raises ValueError naming the unit and the fault.

    Weapons name only known units, a unit's two weapons never share a target, armed units
    have a range (indirect = minimum range 2 or more), ammo is given exactly when a weapon
    uses it, transports carry known ground units, and only foot soldiers capture.
    """
    for uid, u in units.items():
        where = f"unit {uid!r}"
        if u.id != uid:
            raise ValueError(f"{where}: keyed under the wrong id {u.id!r}")
        if u.unit_class not in UNIT_CLASSES or u.move_type not in MOVE_TYPES:
            raise ValueError(f"{where}: unknown class {u.unit_class!r} or move type {u.move_type!r}")
        if u.built_at != {"air": "airport", "naval": "port"}.get(u.unit_class, "factory"):
            raise ValueError(f"{where}: a {u.unit_class} unit cannot be built at {u.built_at!r}")
        if u.cost <= 0 or u.movement <= 0 or u.vision <= 0 or u.fuel <= 0 or u.fuel_per_day < 0:
            raise ValueError(f"{where}: cost, movement, vision and fuel must be positive")
        if u.is_ground and u.fuel_per_day:
            raise ValueError(f"{where}: ground units only burn fuel by moving")
        for w in u.weapons:
            unknown = w.targets - set(units)
            if unknown:
                raise ValueError(f"{where}: weapon {w.name!r} names unknown targets {sorted(unknown)}")
        if u.primary and u.secondary and u.primary.targets & u.secondary.targets:
            raise ValueError(f"{where}: its two weapons share targets")
        if u.secondary and u.secondary.uses_ammo:
            raise ValueError(f"{where}: the secondary weapon never runs out of ammo")
        if (u.ammo is not None) != any(w.uses_ammo for w in u.weapons):
            raise ValueError(f"{where}: ammo must be given exactly when a weapon uses it")
        armed = bool(u.weapons)
        if armed != (u.min_range is not None) or (armed and not 1 <= u.min_range <= u.max_range):  # type: ignore[operator]
            raise ValueError(f"{where}: armed units need a range 1 <= min <= max, unarmed none")
        if u.can_capture != (u.unit_class == "foot"):
            raise ValueError(f"{where}: only Infantry and Mech capture")
        if u.transport is not None:
            if armed:
                raise ValueError(f"{where}: transports cannot attack")
            if not u.transport.carries <= set(_GROUND) or u.transport.capacity < 1:
                raise ValueError(f"{where}: transports carry ground units only")


check_units()
