"""Damage, luck and counterattacks (tactics.md, "Combat and damage", "Luck", "Damage chart").

Health is 0..100 inside; displayed HP = ceil(health / 10), and the formula uses displayed HP.
One hit, with the document's formula and Advance Wars By Web's rounding::

    raw    = (base × attack%/100 + luck) × attackerHP/10 × (100 − stars × defenderHP)/100 ÷ (defense%/100)
    damage = min(100, floor(raw + 0.05))        (health points removed, computed exactly)

With both percentages at 100 that is ``((base + luck) * aHP * (100 - stars * dHP) + 50) // 1000``.
Aircraft get 0 terrain stars. The counter fires with the defender's displayed HP after the hit.
In rain (campaign missions) indirect fire deals 20% less: raw × 80/100 before rounding.

>>> damage("tank", "tank", attacker_health=100, defender_health=100, defender_terrain="plains", luck=5)
54
>>> damage_by_luck("tank", "tank")
[49, 50, 51, 52, 53, 54, 54, 55, 56, 57]
>>> x = exchange("tank", "tank", distance=1, luck=5, counter_luck=3)
>>> x.damage, x.defender_health, x.counter, x.attacker_health
(54, 46, 26, 74)
>>> print(x.hit.formula())
(55 × 100% + 5) × 10/10 × (100 − 1★ × 10)/100 ÷ 100% = 54.00 → 54
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from academy.core.errors import IllegalAction
from academy.core.text import a as _an
from academy.core.text import count
from academy.games.tactics.terrain import WEATHERS, defence_stars, terrain_of
from academy.games.tactics.units import UNIT_IDS, UNITS, UnitType, Weapon, displayed_hp, unit_type

__all__ = [
    "BASE_DAMAGE",
    "LUCK_RANGE",
    "Exchange",
    "Hit",
    "base_damage",
    "chance_to_destroy",
    "damage",
    "damage_by_luck",
    "exchange",
    "hit",
]

LUCK_RANGE: tuple[int, int] = (0, 9)
"""With luck on, each hit adds a random 0..9 to the base damage (tactics.md, "Luck")."""

RAIN_INDIRECT_PCT = 80
"""Rain: indirect fire deals 20% less damage (tactics.md, "Weather (campaign missions)")."""

# The damage chart of tactics.md: rows attack, columns defend, both in UNIT_IDS order; "-" = can't.
_CHART = """
infantry          55  55  14  14  14   5   1  14  14  14   7   7   -   -   -   -   -   -
mech              65  65  85  85  85  55  25  85  85  85   9   9   -   -   -   -   -   -
recon             70  70  40  40  40   6   1  40  40  40  12  12   -   -   -   -   -   -
apc                -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -
anti_air         105 105  50  50  50  25  10  50  50  50 120 120  70  70   -   -   -   -
tank              75  75  85  85  85  55  20  85  85  85  10  10   -   -  10  10   3   3
heavy_tank       105 105 105 105 105  85  55 105 105 105  12  12   -   -  35  35  15  15
artillery         90  90  80  80  80  70  45  80  80  80   -   -   -   -  55  55  40  40
rockets           95  95  90  90  90  80  55  90  90  90   -   -   -   -  60  60  50  50
missiles           -   -   -   -   -   -   -   -   -   - 120 120 100 100   -   -   -   -
transport_copter   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -
attack_copter     75  75  65  65  30  55  25  65  65  65  65  65   -   -  25  25  10  10
fighter            -   -   -   -   -   -   -   -   -   - 100 100  55 100   -   -   -   -
bomber           110 110 105 105 105 105  95 105 105 105   -   -   -   -  95  95  75  75
lander             -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -   -
gunboat           60  60  45  45  45  20  10  45  45  45   -   -   -   -  55  55  25  25
cruiser            -   -   -   -   -   -   -   -   -   - 115 115  60  60  40  40  25  25
battleship        95  95  90  90  90  85  55  90  90  90   -   -   -   -  95  95  50  50
"""


def _parse_chart(text: str) -> dict[tuple[str, str], int | None]:
    chart: dict[tuple[str, str], int | None] = {}
    for line in text.strip().splitlines():
        row, *cells = line.split()
        if row not in UNITS or len(cells) != len(UNIT_IDS):
            raise ValueError(f"damage chart row {row!r} is malformed")
        for col, cell in zip(UNIT_IDS, cells):
            chart[row, col] = None if cell == "-" else int(cell)
    if len(chart) != len(UNIT_IDS) ** 2:
        raise ValueError("the damage chart needs one row per unit")
    return chart


BASE_DAMAGE: Mapping[tuple[str, str], int | None] = MappingProxyType(_parse_chart(_CHART))
"""Base damage (%) by (attacker id, defender id); None where the chart has a dash."""


def _check_chart() -> None:
    """A chart cell is a number exactly when one of the attacker's weapons can hit the defender."""
    for (a, d), base in BASE_DAMAGE.items():
        if (base is not None) != UNITS[a].can_target(d):
            raise ValueError(f"damage chart ({a}, {d}) = {base} disagrees with the {a}'s weapons")


_check_chart()


def base_damage(attacker: str | UnitType, defender: str | UnitType) -> int | None:
    """The chart's base damage of ``attacker`` against ``defender``; None for a dash.

    >>> base_damage("mech", "tank"), base_damage("tank", "fighter")
    (55, None)
    """
    return BASE_DAMAGE[unit_type(attacker).id, unit_type(defender).id]


# --- checking the arguments ------------------------------------------------------------------

def _int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction("bad_argument", f"{name} must be a whole number, got {value!r}.")
    return value


def _health(name: str, value: object) -> int:
    value = _int(name, value)
    if not 1 <= value <= 100:
        fix = " A unit at 0 health is destroyed and cannot fight." if value == 0 else ""
        raise IllegalAction("bad_health", f"{name} must be from 1 to 100 (internal health; "
                            f"displayed HP = ceil(health / 10)), got {value}.{fix}")
    return value


def _pct(name: str, value: object, *, zero_ok: bool) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise IllegalAction("bad_percentage", f"{name} must be a number of percent such as 110, got {value!r}.")
    try:
        pct = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    except ValueError:      # nan, inf
        raise IllegalAction("bad_percentage", f"{name} must be a finite number, got {value!r}.") from None
    if pct < 0 or (pct == 0 and not zero_ok):
        raise IllegalAction("bad_percentage", f"{name} must be {'0 or more' if zero_ok else 'above 0'}, got {value!r}.")
    return pct


def _luck(name: str, value: object, luck_range: Sequence[int]) -> int:
    lo, hi = _luck_range(luck_range)
    value = _int(name, value)
    if not lo <= value <= hi:
        raise IllegalAction("bad_luck", f"{name} must be a roll from {lo} to {hi}, got {value}. "
                            f"Use luck=0 for luck off; a commander with another luck range passes luck_range.")
    return value


def _luck_range(luck_range: Sequence[int]) -> tuple[int, int]:
    try:
        lo, hi = luck_range
    except (TypeError, ValueError):
        raise IllegalAction("bad_luck", f"luck_range must be a pair (low, high), got {luck_range!r}.") from None
    if not (isinstance(lo, int) and isinstance(hi, int)) or isinstance(lo, bool) or isinstance(hi, bool) or lo > hi:
        raise IllegalAction("bad_luck", f"luck_range must be two whole numbers low <= high, got {luck_range!r}.")
    return lo, hi


def _ammo(name: str, value: object, unit: UnitType) -> int | None:
    if value is None:
        return None
    value = _int(name, value)
    top = unit.ammo or 0
    if not 0 <= value <= top:
        what = f"from 0 to {top}" if unit.ammo else "None or 0 (it has no weapon that uses ammo)"
        raise IllegalAction("bad_ammo", f"{name} for {_an(unit.name)} must be {what}, got {value}.")
    return value


def _weather(value: object) -> str:
    if value not in WEATHERS:
        raise IllegalAction("unknown_weather", f"Unknown weather {value!r}; use one of {', '.join(WEATHERS)}.")
    return value  # type: ignore[return-value]


def _weapon(attacker: UnitType, defender: UnitType, ammo: int | None) -> Weapon:
    """The weapon ``attacker`` fires at ``defender``; raises IllegalAction when there is none."""
    if not attacker.can_target(defender.id):
        why = "it has no weapon" if not attacker.weapons else "none of its weapons can hit that unit"
        raise IllegalAction("cannot_attack", f"{_an(attacker.name, True)} cannot attack {_an(defender.name)}: {why} "
                            f"(a dash in the damage chart). Pick a target its row of the chart can hit.")
    weapon = attacker.weapon_against(defender.id, ammo)
    if weapon is None:
        empty = attacker.primary.name.lower() if attacker.primary else "weapon"
        raise IllegalAction("out_of_ammo", f"{_an(attacker.name, True)} with 0 ammo cannot attack "
                            f"{_an(defender.name)}: its {empty} is empty and it has no other weapon for "
                            f"that target. Resupply it on a property or next to an APC.")
    return weapon


# --- one hit ---------------------------------------------------------------------------------

def _fmt_pct(p: Fraction) -> str:
    return f"{p.numerator}%" if p.denominator == 1 else f"{float(p):g}%"


@dataclass(frozen=True)
class Hit:
    """One hit and every factor of its formula, so the damage can be explained.

    ``damage`` is in health points (0..100); ``raw`` is the exact unrounded value.
    ``weather_pct`` is 100, or 80 for indirect fire in rain.
    """

    attacker: str
    defender: str
    weapon: str
    uses_ammo: bool
    base: int
    attack_pct: Fraction
    luck: int
    attacker_health: int
    attacker_hp: int
    defender_health: int
    defender_hp: int
    defender_terrain: str
    stars: int
    defender_is_air: bool
    defense_pct: Fraction
    weather_pct: int
    raw: Fraction
    damage: int

    @property
    def health_after(self) -> int:
        """The defender's health after the hit (0 = destroyed)."""
        return max(0, self.defender_health - self.damage)

    @property
    def destroys(self) -> bool:
        """Whether the hit destroys the defender."""
        return self.health_after == 0

    def formula(self) -> str:
        """The formula with every factor filled in, and the rounded result.

        >>> print(hit("tank", "infantry", defender_terrain="forest").formula())
        (75 × 100% + 0) × 10/10 × (100 − 2★ × 10)/100 ÷ 100% = 60.00 → 60
        """
        rain = f" × {self.weather_pct}%" if self.weather_pct != 100 else ""
        return (f"({self.base} × {_fmt_pct(self.attack_pct)} + {self.luck}) × {self.attacker_hp}/10 × "
                f"(100 − {self.stars}★ × {self.defender_hp})/100 ÷ {_fmt_pct(self.defense_pct)}{rain} = "
                f"{float(self.raw):.2f} → {self.damage}")

    def why(self) -> tuple[str, ...]:
        """One line per factor, in the words of the rules."""
        a, d = UNITS[self.attacker].name, UNITS[self.defender].name
        verb = "do" if self.weapon.endswith("s") else "does"     # missiles, rockets, bombs: plural
        lines = [f"Base damage: the {a}'s {self.weapon.lower()} {verb} {self.base}% to a full-health {d} "
                 f"on open ground (damage chart)."]
        if self.attack_pct != 100:
            lines.append(f"Attack {_fmt_pct(self.attack_pct)} (commander): base becomes "
                         f"{float(self.base * self.attack_pct / 100):g}.")
        lines.append(f"Luck adds {self.luck}." if self.luck else "Luck adds nothing (a roll of 0, or luck off).")
        lines.append(f"The {a} has {self.attacker_hp} HP (health {self.attacker_health}): it deals "
                     f"{self.attacker_hp}/10 of full damage.")
        terrain = terrain_of(self.defender_terrain).name
        if self.defender_is_air:
            lines.append(f"The {d} is an aircraft: it ignores terrain defence (0 stars over {terrain}).")
        else:
            lines.append(f"{terrain} gives {count(self.stars, 'defence star')} × "
                         f"{self.defender_hp} HP = {self.stars * self.defender_hp}% less damage.")
        if self.defense_pct != 100:
            lines.append(f"Defence {_fmt_pct(self.defense_pct)} (commander): damage divided by "
                         f"{float(self.defense_pct / 100):g}.")
        if self.weather_pct != 100:
            lines.append(f"Rain: indirect fire deals {100 - self.weather_pct}% less.")
        lines.append(f"Raw {float(self.raw):.2f}, rounded down after adding 0.05: {self.damage} health "
                     f"({self.defender_health} → {self.health_after}, "
                     f"{displayed_hp(self.defender_health)} HP → {displayed_hp(self.health_after)} HP).")
        return tuple(lines)


def _hit(a: UnitType, d: UnitType, a_health: int, d_health: int, terrain: str, luck: int,
         attack_pct: Fraction, defense_pct: Fraction, weapon: Weapon, weather: str) -> Hit:
    t = terrain_of(terrain)
    base = BASE_DAMAGE[a.id, d.id]
    assert base is not None  # _weapon has checked the chart
    a_hp, d_hp = displayed_hp(a_health), displayed_hp(d_health)
    stars = defence_stars(t, d)
    weather_pct = RAIN_INDIRECT_PCT if weather == "rain" and a.is_indirect else 100
    raw = ((base * attack_pct / 100 + luck) * Fraction(a_hp, 10) * Fraction(100 - stars * d_hp, 100)
           / (defense_pct / 100) * Fraction(weather_pct, 100))
    dealt = max(0, min(100, math.floor(raw + Fraction(5, 100))))
    return Hit(a.id, d.id, weapon.name, weapon.uses_ammo, base, attack_pct, luck, a_health, a_hp, d_health,
               d_hp, t.id, stars, d.is_air, defense_pct, weather_pct, raw, dealt)


def hit(attacker: str | UnitType, defender: str | UnitType, attacker_health: int = 100,
        defender_health: int = 100, defender_terrain: str = "plains", luck: int = 0, *,
        attack_pct: int | Fraction = 100, defense_pct: int | Fraction = 100, ammo: int | None = None,
        weather: str = "clear", luck_range: Sequence[int] = LUCK_RANGE) -> Hit:
    """One hit with all its factors (see :class:`Hit`); :func:`damage` is ``hit(...).damage``.

    Raises IllegalAction (a ValueError) with a reason: ``unknown_unit``/``unknown_terrain``
    (with "did you mean"), ``cannot_attack`` (a dash in the chart), ``out_of_ammo``,
    ``bad_health`` (not 1..100), ``bad_luck`` (outside ``luck_range``), ``bad_percentage``,
    ``bad_ammo``, ``unknown_weather``.
    """
    a, d = unit_type(attacker), unit_type(defender)
    terrain = terrain_of(defender_terrain).id
    a_health, d_health = _health("attacker_health", attacker_health), _health("defender_health", defender_health)
    roll = _luck("luck", luck, luck_range)
    weapon = _weapon(a, d, _ammo("ammo", ammo, a))
    return _hit(a, d, a_health, d_health, terrain, roll, _pct("attack_pct", attack_pct, zero_ok=True),
                _pct("defense_pct", defense_pct, zero_ok=False), weapon, _weather(weather))


def damage(attacker: str | UnitType, defender: str | UnitType, attacker_health: int = 100,
           defender_health: int = 100, defender_terrain: str = "plains", luck: int = 0, *,
           attack_pct: int | Fraction = 100, defense_pct: int | Fraction = 100, ammo: int | None = None,
           weather: str = "clear", luck_range: Sequence[int] = LUCK_RANGE) -> int:
    """Health points (0..100) one hit removes. ``luck`` is the roll (0..9; 0 = luck off).

    ``attack_pct`` is the attacker's commander attack%, ``defense_pct`` the defender's;
    ``ammo`` the attacker's ammo left (None = full; 0 falls back to the machine gun).
    Raises IllegalAction as :func:`hit` does.

    >>> damage("tank", "tank", attacker_health=100, defender_health=100, defender_terrain="plains", luck=5)
    54
    >>> damage("tank", "infantry", defender_terrain="forest"), damage("fighter", "bomber", defender_terrain="mountain")
    (60, 100)
    """
    return hit(attacker, defender, attacker_health, defender_health, defender_terrain, luck,
               attack_pct=attack_pct, defense_pct=defense_pct, ammo=ammo, weather=weather,
               luck_range=luck_range).damage


def damage_by_luck(attacker: str | UnitType, defender: str | UnitType, attacker_health: int = 100,
                   defender_health: int = 100, defender_terrain: str = "plains", *,
                   attack_pct: int | Fraction = 100, defense_pct: int | Fraction = 100,
                   ammo: int | None = None, weather: str = "clear",
                   luck_range: Sequence[int] = LUCK_RANGE) -> list[int]:
    """The damage for each luck roll, lowest roll first: ten values for rolls 0..9.

    Each roll is equally likely, so this list is the damage distribution with luck on.
    Raises IllegalAction as :func:`hit` does.

    >>> damage_by_luck("tank", "tank", defender_terrain="plains")
    [49, 50, 51, 52, 53, 54, 54, 55, 56, 57]
    """
    lo, hi = _luck_range(luck_range)
    first = hit(attacker, defender, attacker_health, defender_health, defender_terrain, lo,
                attack_pct=attack_pct, defense_pct=defense_pct, ammo=ammo, weather=weather, luck_range=(lo, hi))
    out = [first.damage]
    a, d = unit_type(attacker), unit_type(defender)
    weapon = _weapon(a, d, ammo)
    for roll in range(lo + 1, hi + 1):
        out.append(_hit(a, d, first.attacker_health, first.defender_health, first.defender_terrain, roll,
                        first.attack_pct, first.defense_pct, weapon, weather).damage)
    return out


def chance_to_destroy(attacker: str | UnitType, defender: str | UnitType, attacker_health: int = 100,
                      defender_health: int = 100, defender_terrain: str = "plains", **kwargs: object) -> Fraction:
    """Exact chance (over equally likely luck rolls) that one hit destroys the defender.

    Takes the keywords of :func:`damage_by_luck`.

    >>> chance_to_destroy("tank", "infantry", defender_health=70)   # luck 0 deals 69, 1..9 deal 70+
    Fraction(9, 10)
    """
    rolls = damage_by_luck(attacker, defender, attacker_health, defender_health, defender_terrain,
                           **kwargs)  # type: ignore[arg-type]
    return Fraction(sum(r >= defender_health for r in rolls), len(rolls))


# --- an attack and its counter ---------------------------------------------------------------

@dataclass(frozen=True)
class Exchange:
    """An attack and the counterattack, if any.

    ``damage`` and ``counter`` are health points removed; ``counter`` is None when the
    defender does not fire back, and ``no_counter`` then says why. ``defender_health`` and
    ``attacker_health`` are the healths after the exchange (0 = destroyed). The ammo fields
    are what each side has left (None = the unit has no ammo-limited weapon, or full when
    it was not given).
    """

    hit: Hit
    counter_hit: Hit | None
    no_counter: str | None
    attacker_ammo: int | None
    defender_ammo: int | None

    @property
    def damage(self) -> int:
        return self.hit.damage

    @property
    def defender_health(self) -> int:
        return self.hit.health_after

    @property
    def counter(self) -> int | None:
        return None if self.counter_hit is None else self.counter_hit.damage

    @property
    def attacker_health(self) -> int:
        return self.hit.attacker_health if self.counter_hit is None else self.counter_hit.health_after

    @property
    def defender_destroyed(self) -> bool:
        return self.defender_health == 0

    @property
    def attacker_destroyed(self) -> bool:
        return self.attacker_health == 0

    @property
    def no_counter_ahead(self) -> str | None:
        """``no_counter`` in the words of a preview, before the attack is made: "the Infantry would be
        destroyed." where ``no_counter`` (said of an attack made) has "the Infantry was destroyed."; the
        other reasons are rules, true before and after alike.

        >>> x = exchange("tank", "infantry", defender_health=10)
        >>> x.no_counter, x.no_counter_ahead
        ('the Infantry was destroyed.', 'the Infantry would be destroyed.')
        """
        if self.counter_hit is None and self.defender_destroyed:
            return f"the {UNITS[self.hit.defender].name} would be destroyed."
        return self.no_counter

    def why(self, preview: bool = False) -> tuple[str, ...]:
        """The attack's factors, then the counter's factors or the reason there is none (``preview``: in
        the words of an attack not made yet, ``no_counter_ahead``)."""
        lines = ["Attack: " + self.hit.formula(), *self.hit.why()]
        if self.counter_hit is not None:
            lines += ["Counterattack: " + self.counter_hit.formula(), *self.counter_hit.why()]
        else:
            lines.append(f"No counterattack: {self.no_counter_ahead if preview else self.no_counter}")
        return tuple(lines)


def exchange(attacker: str | UnitType, defender: str | UnitType, attacker_health: int = 100,
             defender_health: int = 100, attacker_terrain: str = "plains", defender_terrain: str = "plains",
             distance: int = 1, luck: int = 0, counter_luck: int = 0, *,
             attacker_attack_pct: int | Fraction = 100, attacker_defense_pct: int | Fraction = 100,
             defender_attack_pct: int | Fraction = 100, defender_defense_pct: int | Fraction = 100,
             attacker_ammo: int | None = None, defender_ammo: int | None = None,
             attacker_moved: bool = False, weather: str = "clear",
             luck_range: Sequence[int] = LUCK_RANGE, counter_luck_range: Sequence[int] = LUCK_RANGE) -> Exchange:
    """The attack of ``attacker`` on ``defender`` ``distance`` tiles away (Manhattan), then the counter.

    The counter (tactics.md, "Combat and damage") fires if the defender survives, neither
    side is an indirect-fire unit, and the defender has a usable weapon (ammo, or a machine
    gun) that can hit the attacker at that distance; it uses the defender's displayed HP
    after the hit, ``counter_luck``, the defender's attack% and the attacker's defence% and
    terrain. Ammo (None = full) drops by one for each shot of an ammo-using weapon.

    Raises IllegalAction (a ValueError) with a reason: everything :func:`hit` raises, plus
    ``out_of_range`` (distance outside the attacker's range, e.g. artillery at 1) and
    ``fired_after_moving`` (an indirect unit with ``attacker_moved=True``).

    >>> x = exchange("artillery", "tank", distance=2, luck=0)
    >>> x.damage, x.counter, x.no_counter
    (63, None, 'a target cannot fire back at an indirect-fire unit (Artillery).')
    """
    a, d = unit_type(attacker), unit_type(defender)
    a_terrain, d_terrain = terrain_of(attacker_terrain).id, terrain_of(defender_terrain).id
    a_health, d_health = _health("attacker_health", attacker_health), _health("defender_health", defender_health)
    roll, counter_roll = _luck("luck", luck, luck_range), _luck("counter_luck", counter_luck, counter_luck_range)
    a_ammo, d_ammo = _ammo("attacker_ammo", attacker_ammo, a), _ammo("defender_ammo", defender_ammo, d)
    a_atk = _pct("attacker_attack_pct", attacker_attack_pct, zero_ok=True)
    a_def = _pct("attacker_defense_pct", attacker_defense_pct, zero_ok=False)
    d_atk = _pct("defender_attack_pct", defender_attack_pct, zero_ok=True)
    d_def = _pct("defender_defense_pct", defender_defense_pct, zero_ok=False)
    weather = _weather(weather)
    distance = _int("distance", distance)
    if not isinstance(attacker_moved, bool):
        raise IllegalAction("bad_argument", f"attacker_moved must be True or False, got {attacker_moved!r}.")
    weapon = _weapon(a, d, a_ammo)
    if not a.in_range(distance):
        too_close = a.is_indirect and distance < (a.min_range or 0)
        raise IllegalAction("out_of_range", f"{_an(a.name, True)} fires at {a.min_range}–{a.max_range} tiles; the "
                            f"{d.name} is {distance} away. Move so the target is in range"
                            + (" (indirect fire can't hit a neighbouring tile)." if too_close else "."))
    if a.is_indirect and attacker_moved:
        raise IllegalAction("fired_after_moving", f"{_an(a.name, True)} fires indirectly and can't fire after moving. "
                            f"Attack from where it started the turn, or wait.")
    first = _hit(a, d, a_health, d_health, d_terrain, roll, a_atk, d_def, weapon, weather)
    if weapon.uses_ammo:
        a_ammo = (a.ammo if a_ammo is None else a_ammo) - 1  # type: ignore[operator]

    counter_hit: Hit | None = None
    reason: str | None = None
    counter_weapon = d.weapon_against(a.id, d_ammo)
    if first.destroys:
        reason = f"the {d.name} was destroyed."
    elif a.is_indirect:
        reason = f"a target cannot fire back at an indirect-fire unit ({a.name})."
    elif d.is_indirect:
        reason = f"{_an(d.name)} fires indirectly and never counterattacks."
    elif not d.can_target(a.id):
        reason = (f"{_an(d.name)} has no weapon." if not d.weapons else
                  f"no weapon of {_an(d.name)} can hit {_an(a.name)} (a dash in the damage chart).")
    elif not d.in_range(distance):
        reason = f"the {a.name} is {count(distance, 'tile')} away, outside the {d.name}'s range."
    elif counter_weapon is None:
        reason = f"the {d.name} is out of ammo and has no other weapon that can hit {_an(a.name)}."
    else:
        counter_hit = _hit(d, a, first.health_after, a_health, a_terrain, counter_roll, d_atk, a_def,
                           counter_weapon, weather)
        if counter_weapon.uses_ammo:
            d_ammo = (d.ammo if d_ammo is None else d_ammo) - 1  # type: ignore[operator]
    return Exchange(first, counter_hit, reason, a_ammo, d_ammo)
