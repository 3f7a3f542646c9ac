"""The battle model with exact odds: fronts.md, "Battles" and "Defense bonuses".

Read where the document is open (issue 7):

- A stack's strength is the sum of its units' attack values (moving in) or defense values
  (already there). Terrain, river, dug-in and supply factors multiply it; artillery support (+2 per
  gun) and air strikes (+3 per plane) are added after them and never scaled.
- The armor penalty applies only to armor moving into forest, mountain or urban: never to
  defenders, never in border clashes. Border clashes ignore terrain, rivers and digging in, and
  use attack values on both sides. Supply still counts in a border clash.
- Side i wins with chance S_i² ÷ Σ S_j², for any number of sides.
- A side loses the others' share of the total strength (1× for the loser, 0.5× for the winner)
  of its unit count, rounded half up, taken in the loss order.

Everything is computed with Fractions. The functions of the public API return floats by default
(the float nearest the exact value, so ``win_probabilities([10, 5, 5])[0] == 2/3``); pass
``exact=True`` for the Fraction.

>>> stack_strength({"infantry": 2, "armor": 4}, role="attacker", terrain="mountain")
9.0
>>> win_probabilities([10, 5, 5], exact=True)
[Fraction(2, 3), Fraction(1, 6), Fraction(1, 6)]
>>> loss_fraction([10, 5], side=0, won=True, exact=True)
Fraction(1, 6)
>>> units_lost({"infantry": 3, "armor": 2}, 0.5)
{'infantry': 3, 'artillery': 0, 'armor': 0, 'air': 0}
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from numbers import Rational, Real
from typing import Literal

from academy.core.errors import IllegalAction
from academy.core.text import count, percent

from .terrain import DIG_IN_TURNS, OUT_OF_SUPPLY, RIVER_DIVISOR, dug_in_bonus, terrain as terrain_named
from .units import GUN_SUPPORT, LOSS_ORDER, PLANE_STRIKE, UNITS, format_units, parse_units

Role = Literal["attacker", "defender"]
ROLES: tuple[str, ...] = ("attacker", "defender")
#: The share of the others' strength a side loses of its units (fronts.md "Battles", "Losses").
LOSER_SHARE = Fraction(1)
WINNER_SHARE = Fraction(1, 2)


# --- numbers -------------------------------------------------------------------------------

def as_fraction(x: Real | Fraction | int, what: str = "value") -> Fraction:
    """An exact Fraction for a number. A float is read as the simplest fraction within 1e-9 of it,
    so ``1/6`` (a float) becomes ``Fraction(1, 6)`` and rounding at a half stays exact.
    Raises IllegalAction (``not_a_number``) for anything else.
    """
    if isinstance(x, bool) or not isinstance(x, Real):
        raise IllegalAction("not_a_number", f"{what} {x!r} is not a number: give an int, a float or a Fraction.")
    if isinstance(x, Rational):
        return Fraction(x)
    if not math.isfinite(x):
        raise IllegalAction("not_a_number", f"{what} {x!r} is not a finite number.")
    exact = Fraction(x)
    near = exact.limit_denominator(10**6)
    return near if abs(near - exact) <= Fraction(1, 10**9) else exact


def round_half_up(x: Fraction) -> int:
    """Round to the nearest whole number, halves up: 2.5 -> 3, 0.5 -> 1, 2.4 -> 2."""
    return math.floor(x + Fraction(1, 2))


def _out(x: Fraction, exact: bool) -> Fraction | float:
    return x if exact else float(x)


# --- one stack's strength, factor by factor -------------------------------------------------

@dataclass(frozen=True)
class Factor:
    """One line of a strength explanation.

    ``kind`` is "base" (units × value, summed), "times" (a multiplier of the units' sum), "armor"
    (a multiplier of the armor's part only) or "plus" (support added on top, never scaled).
    ``value`` is the units' contribution for "base", the multiplier for "times"/"armor", and the
    points added for "plus".
    """

    kind: Literal["base", "armor", "times", "plus"]
    label: str
    value: Fraction
    why: str


@dataclass(frozen=True)
class Strength:
    """A stack's strength in one battle and every factor that made it."""

    units: Mapping[str, int]
    role: str
    factors: tuple[Factor, ...]
    total: Fraction

    @property
    def multiplier(self) -> Fraction:
        """The product of the "times" factors (terrain, river, dug in, supply)."""
        return math.prod((f.value for f in self.factors if f.kind == "times"), start=Fraction(1))

    @property
    def support(self) -> Fraction:
        """Points added on top: artillery support and air strikes."""
        return sum((f.value for f in self.factors if f.kind == "plus"), start=Fraction(0))

    def explain(self) -> str:
        """Every factor on its own line, then the total."""
        lines = [f"{format_units(self.units)} ({self.role}):"]
        lines += [f"  {f.label}: {f.why}" if f.kind == "base" else f"  {f.why}" for f in self.factors]
        lines.append(f"  = {_num(self.total)}")
        return "\n".join(lines)


def _num(x: Fraction) -> str:
    """2 -> "2", 7/2 -> "3.5", 1/3 -> "0.333" (3 decimals when not exact)."""
    if x.denominator == 1:
        return str(x.numerator)
    text = f"{float(x):.6f}".rstrip("0")
    return text if len(text.split(".")[1]) <= 4 else f"{float(x):.3f}"


def _pct(x: Fraction) -> str:
    return f"{_num(x * 100)}%"


def _check_role(role: str) -> str:
    if role not in ROLES:
        raise IllegalAction("bad_role", f"role={role!r} is not a battle role: use 'attacker' for the side moving "
                                        "in or 'defender' for the side already there.")
    return role


def _check_count(n: int, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise IllegalAction("bad_count", f"{what}={n!r} is not a count: give a whole number of 0 or more.")
    return n


def strength_breakdown(units: Mapping[str, int], role: str = "attacker", terrain: str = "plains", *,
                       crosses_river: bool = False, dug_in_turns: int = 0, capital: bool = False,
                       supplied: bool = True, border_clash: bool = False,
                       guns: int = 0, planes: int = 0) -> Strength:
    """A stack's strength with every factor (see the module docstring for the rules).

    ``terrain`` is the terrain of the province fought over. ``dug_in_turns`` is how long the
    defenders have held their city (0 outside a city; 5 or more, or a starting city, is full).
    ``guns`` and ``planes`` are supporting artillery next door and striking planes, added last.
    Raises IllegalAction for a bad role or count and InvalidNotation for an unknown unit or terrain.
    """
    counts = parse_units(units)
    role = _check_role(role)
    ground = terrain_named(terrain)
    _check_count(guns, "guns")
    _check_count(planes, "planes")
    attacking = border_clash or role == "attacker"
    value_name = "attack" if attacking else "defense"
    factors: list[Factor] = []
    armor_part = Fraction(0)
    other_part = Fraction(0)
    for kind, n in counts.items():
        if not n:
            continue
        unit = UNITS[kind]
        value = unit.attack if attacking else unit.defense
        if value is None:
            factors.append(Factor("base", f"{n} {kind}", Fraction(0),
                                  "planes add nothing on the ground (they only strike or scout)"))
            continue
        part = n * value
        factors.append(Factor("base", f"{n} {kind}", part, f"{n} × {_num(value)} {value_name} = {_num(part)}"))
        if kind == "armor":
            armor_part += part
        else:
            other_part += part
    if border_clash:
        armor_factor = Fraction(1)
    elif role == "attacker":
        armor_factor = ground.armor_attacking
    else:
        armor_factor = Fraction(1)
    if armor_part and armor_factor != 1:
        factors.append(Factor("armor", f"armor into {ground.id}", armor_factor,
                              f"armor moving into {ground.id} fights at ×{_num(armor_factor)}: "
                              f"{_num(armor_part)} → {_num(armor_part * armor_factor)}"))
    subtotal = other_part + armor_part * armor_factor
    multipliers: list[tuple[str, Fraction, str]] = []
    if border_clash:
        multipliers.append(("border clash", Fraction(1),
                            "armies swapping places fight on the border: attack values on both sides, "
                            "no terrain, river or dug-in bonus"))
    elif role == "defender":
        if ground.defender != 1:
            multipliers.append((f"{ground.id} defense", ground.defender,
                                f"defending in {ground.id}: ×{_num(ground.defender)}"))
        bonus = dug_in_bonus(dug_in_turns, capital)
        if bonus:
            where = "capital" if capital else "city"
            held = (f"fully dug in ({DIG_IN_TURNS} turns or more)" if dug_in_turns >= DIG_IN_TURNS
                    else f"dug in for {count(dug_in_turns, 'turn')}")
            multipliers.append(("dug in", 1 + bonus, f"{held} in a {where}: +{_pct(bonus)}"))
    else:
        dug_in_bonus(dug_in_turns, capital)  # still checks the argument
        if crosses_river:
            multipliers.append(("river", 1 / RIVER_DIVISOR, f"crossing a river: ÷{_num(RIVER_DIVISOR)}"))
    if not supplied:
        multipliers.append(("out of supply", OUT_OF_SUPPLY, "out of supply: half strength"))
    total = subtotal
    for label, m, why in multipliers:
        total *= m
        factors.append(Factor("times", label, m, why))
    if guns:
        factors.append(Factor("plus", "artillery support", guns * GUN_SUPPORT,
                              f"+{_num(GUN_SUPPORT)} × {count(guns, 'gun')} next door = "
                              f"+{_num(guns * GUN_SUPPORT)} (never scaled)"))
    if planes:
        factors.append(Factor("plus", "air strikes", planes * PLANE_STRIKE,
                              f"+{_num(PLANE_STRIKE)} × {count(planes, 'plane')} striking = "
                              f"+{_num(planes * PLANE_STRIKE)} (never scaled)"))
    total += guns * GUN_SUPPORT + planes * PLANE_STRIKE
    return Strength(counts, "border clash" if border_clash else role, tuple(factors), total)


def stack_strength(units: Mapping[str, int], role: str = "attacker", terrain: str = "plains", *,
                   crosses_river: bool = False, dug_in_turns: int = 0, capital: bool = False,
                   supplied: bool = True, border_clash: bool = False, guns: int = 0, planes: int = 0,
                   exact: bool = False) -> float | Fraction:
    """A stack's strength (a float; a Fraction with ``exact=True``). See ``strength_breakdown``.

    >>> stack_strength({"infantry": 3}, role="defender", terrain="forest", dug_in_turns=5)
    9.375
    """
    s = strength_breakdown(units, role, terrain, crosses_river=crosses_river, dug_in_turns=dug_in_turns,
                           capital=capital, supplied=supplied, border_clash=border_clash, guns=guns,
                           planes=planes)
    return _out(s.total, exact)


def side_strength(stacks: Sequence[Real | Strength], guns: int = 0, planes: int = 0, *,
                  exact: bool = False) -> float | Fraction:
    """A side's strength: the sum of its stacks' strengths, +2 per supporting gun, +3 per striking plane.

    >>> side_strength([4, 2.5], guns=1, planes=1)
    11.5
    """
    total = sum((s.total if isinstance(s, Strength) else _strength_value(s) for s in stacks), start=Fraction(0))
    total += _check_count(guns, "guns") * GUN_SUPPORT + _check_count(planes, "planes") * PLANE_STRIKE
    return _out(total, exact)


def _strength_value(s: Real) -> Fraction:
    x = as_fraction(s, "strength")
    if x < 0:
        raise IllegalAction("negative_strength", f"strength {s!r} is negative: strengths are 0 or more.")
    return x


# --- odds and losses ------------------------------------------------------------------------

def _strengths(strengths: Sequence[Real]) -> list[Fraction]:
    values = [_strength_value(s) for s in strengths]
    if len(values) < 2:
        raise IllegalAction("too_few_sides", f"a battle needs at least 2 sides, got {len(values)}: "
                                             "give one strength per side, like [10, 5].")
    return values


def win_probabilities(strengths: Sequence[Real], *, exact: bool = False) -> list[float] | list[Fraction]:
    """Each side's chance of winning: S_i² ÷ Σ S_j², for any number of sides.

    If every side has strength 0, each is equally likely. Raises IllegalAction for fewer than
    2 sides or a negative strength.

    >>> win_probabilities([2, 1])
    [0.8, 0.2]
    """
    values = _strengths(strengths)
    squares = [s * s for s in values]
    total = sum(squares, start=Fraction(0))
    if total == 0:
        return [_out(Fraction(1, len(values)), exact) for _ in values]  # type: ignore[return-value]
    return [_out(sq / total, exact) for sq in squares]  # type: ignore[return-value]


def loss_fraction(strengths: Sequence[Real], side: int, won: bool, *, exact: bool = False) -> float | Fraction:
    """The share of its units side ``side`` loses: the others' share of the total strength,
    1× for the loser, 0.5× for the winner. If every strength is 0, the others' share is their
    number of sides over all sides.

    >>> loss_fraction([10, 5], side=1, won=False)
    0.6666666666666666
    """
    values = _strengths(strengths)
    if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < len(values):
        raise IllegalAction("bad_side", f"side={side!r} is not one of the {len(values)} sides: "
                                        f"give an index from 0 to {len(values) - 1}.")
    total = sum(values, start=Fraction(0))
    others = (total - values[side]) / total if total else Fraction(len(values) - 1, len(values))
    return _out(others * (WINNER_SHARE if won else LOSER_SHARE), exact)


def units_lost(units: Mapping[str, int], fraction: Real) -> dict[str, int]:
    """Which units a stack loses: ``fraction`` of its unit count, rounded half up, taken off
    infantry, then artillery, then armor, then air. Every type is in the answer.

    A float fraction is read exactly (see ``as_fraction``), so ``1/6`` of 3 units rounds to 1.
    Raises IllegalAction (``bad_fraction``) outside 0..1.
    """
    counts = parse_units(units)
    share = as_fraction(fraction, "fraction")
    if not 0 <= share <= 1:
        raise IllegalAction("bad_fraction", f"fraction {fraction!r} is not a share of a stack: give a number "
                                            "from 0 to 1, like loss_fraction(...) returns.")
    left = round_half_up(sum(counts.values()) * share)
    lost = dict.fromkeys(LOSS_ORDER, 0)
    for kind in LOSS_ORDER:
        take = min(left, counts[kind])
        lost[kind] = take
        left -= take
    return lost


# --- a whole battle -------------------------------------------------------------------------

@dataclass(frozen=True)
class Stack:
    """A stack in a battle: its units, where it came from, whether it crosses a river and is supplied."""

    units: Mapping[str, int]
    came_from: str | None = None
    crosses_river: bool = False
    supplied: bool = True


@dataclass(frozen=True)
class Side:
    """One side in a battle: who, moving in or already there, its stacks and its support."""

    name: str
    role: str
    stacks: tuple[Stack, ...]
    guns: int = 0
    planes: int = 0

    @classmethod
    def of(cls, name: str, units: Mapping[str, int], role: str = "attacker", *, came_from: str | None = None,
           crosses_river: bool = False, supplied: bool = True, guns: int = 0, planes: int = 0) -> Side:
        """A side with one stack."""
        return cls(name, role, (Stack(dict(units), came_from, crosses_river, supplied),), guns, planes)

    @property
    def units(self) -> dict[str, int]:
        """All the side's units together."""
        total = dict.fromkeys(LOSS_ORDER, 0)
        for s in self.stacks:
            for k, n in parse_units(s.units).items():
                total[k] += n
        return total


def _origin(stack: Stack, role: str, came: bool) -> str:
    """Where a stack of a battle's report came from: " from Ember Ford" (an attacker), " that came in from Ember
    Ford" (a defender that moved in this turn), " that stood there" (a defender beside one that came in, so two
    stacks of one side read apart), else ""."""
    if stack.came_from:
        return f" from {stack.came_from}" if role == "attacker" else f" that came in from {stack.came_from}"
    return " that stood there" if came and role != "attacker" else ""


@dataclass(frozen=True)
class Outcome:
    """One way a battle can end: who won, with what chance, and what each side loses (in side order)."""

    winner: int
    probability: Fraction
    losses: tuple[dict[str, int], ...]


@dataclass(frozen=True)
class Battle:
    """A battle in one province, or a border clash between two provinces, with any number of sides.

    ``dug_in_turns`` and ``capital`` describe the defenders' city (0 when the province has none).
    """

    province: str
    terrain: str
    sides: tuple[Side, ...]
    dug_in_turns: int = 0
    capital: bool = False
    border_clash: bool = False

    def __post_init__(self) -> None:
        if len(self.sides) < 2:
            raise IllegalAction("too_few_sides", f"a battle in {self.province} needs at least 2 sides, "
                                                 f"got {len(self.sides)}.")
        names = [s.name for s in self.sides]
        if len(set(names)) != len(names):
            raise IllegalAction("repeated_side", f"battle in {self.province}: side names {names} repeat; "
                                                 "put a side's stacks together in one Side.")
        for s in self.sides:
            _check_role(s.role)
        if self.border_clash and len(self.sides) != 2:
            raise IllegalAction("bad_border_clash", "a border clash is between exactly 2 sides swapping places.")

    def breakdowns(self) -> list[tuple[list[Strength], Fraction]]:
        """For each side: each stack's Strength (without support) and the side's total with support."""
        return list(self._breakdowns)

    @cached_property
    def _breakdowns(self) -> tuple[tuple[list[Strength], Fraction], ...]:
        """``breakdowns()``, worked out once (a battle is frozen; the odds, the draw and the report all
        read it)."""
        out = []
        for side in self.sides:
            parts = [strength_breakdown(st.units, side.role, self.terrain, crosses_river=st.crosses_river,
                                        dug_in_turns=self.dug_in_turns if side.role == "defender" else 0,
                                        capital=self.capital, supplied=st.supplied,
                                        border_clash=self.border_clash) for st in side.stacks]
            out.append((parts, side_strength(parts, side.guns, side.planes, exact=True)))
        return tuple(out)

    def strengths(self) -> list[Fraction]:
        """Each side's strength, exact."""
        return [total for _, total in self.breakdowns()]

    def win_probabilities(self) -> list[Fraction]:
        """Each side's chance of winning, exact."""
        return win_probabilities(self.strengths(), exact=True)  # type: ignore[return-value]

    def outcomes(self) -> list[Outcome]:
        """Every possible end with its chance: the chance outcomes the engine samples from."""
        strengths = self.strengths()
        chances = win_probabilities(strengths, exact=True)
        result = []
        for w, p in enumerate(chances):
            losses = tuple(units_lost(side.units, loss_fraction(strengths, i, i == w, exact=True))
                           for i, side in enumerate(self.sides))
            result.append(Outcome(w, p, losses))  # type: ignore[arg-type]
        return result

    def expected_losses(self) -> list[Fraction]:
        """Each side's expected number of units lost, exact."""
        expected = [Fraction(0)] * len(self.sides)
        for o in self.outcomes():
            for i, lost in enumerate(o.losses):
                expected[i] += o.probability * sum(lost.values())
        return expected

    def explain(self) -> str:
        """Each side's strength with every factor, the win chances and the losses either way."""
        if self.border_clash:
            where = f"Border clash at {self.province} (terrain, rivers and digging in do not count)"
        else:
            where = f"Battle in {self.province} ({terrain_named(self.terrain).id})"
        lines = [where + ":"]
        strengths = []
        for side, (parts, total) in zip(self.sides, self.breakdowns()):
            strengths.append(total)
            if self.border_clash:
                doing = "swapping places"
            else:
                doing = "moving in" if side.role == "attacker" else "already there"
            lines.append(f"{side.name}, {doing}:")
            came = any(st.came_from for st in side.stacks)
            for st, part in zip(side.stacks, parts):
                lines.append(f"  stack{_origin(st, side.role, came)}: {format_units(st.units)}")
                lines += [f"    {f.label}: {f.why}" if f.kind == "base" else f"    {f.why}" for f in part.factors]
                lines.append(f"    stack strength {_num(part.total)}")
            if side.guns:
                lines.append(f"  artillery support: +{_num(GUN_SUPPORT)} × {side.guns} = +{_num(side.guns * GUN_SUPPORT)}")
            if side.planes:
                lines.append(f"  air strikes: +{_num(PLANE_STRIKE)} × {side.planes} = "
                             f"+{_num(side.planes * PLANE_STRIKE)}")
            lines.append(f"  strength {_num(total)}")
        squares = " + ".join(f"{_num(s)}²" for s in strengths)
        lines.append(f"Chance to win = strength² ÷ ({squares}):")
        for o in self.outcomes():
            side = self.sides[o.winner]
            lost = "; ".join(f"{s.name} loses {format_units(l) if sum(l.values()) else 'nothing'}"
                             for s, l in zip(self.sides, o.losses))
            lines.append(f"  {side.name} wins {_pct_round(o.probability)}: {lost}")
        return "\n".join(lines)


def _pct_round(p: Fraction) -> str:
    return percent(p, 0)
