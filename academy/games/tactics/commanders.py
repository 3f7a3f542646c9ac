"""Commanders: passive bonuses and drawbacks, a power meter, a Power and a Super Power
(tactics.md, "Commander powers"). The three commanders are this project's own.

The meter is counted in funds of damage value: combat charges the attacking side 50% and the
damaged side 100% of (the damaged unit's cost × HP lost ÷ 10); one star is 5,000 funds.
A running power does not charge the meter. Every power also gives +10% attack and +10%
defence (the standard games' rule), and lasts until its owner's next turn begins.

>>> c = COMMANDERS["vanguard"]
>>> c.attack_pct("tank", None), c.attack_pct("artillery", None), c.attack_pct("tank", "power")
(120, 90, 130)
>>> charge(7000, 3, attacker=True), charge(7000, 3, attacker=False)
(1050, 2100)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from academy.core.errors import IllegalAction
from academy.games.tactics.damage import LUCK_RANGE
from academy.games.tactics.units import UNITS

STAR = 5000
"""One star of the power meter is 5,000 funds of damage value."""
POWER_BONUS = 10
"""Any running power adds 10% attack and 10% defence."""
LEVELS = ("power", "super")


def charge(cost: int, hp_lost: int, attacker: bool) -> int:
    """Meter funds one side gains from a hit that took ``hp_lost`` HP off a unit costing ``cost``:
    50% for the side that fired, 100% for the side that was hit."""
    value = cost * hp_lost // 10
    return value // 2 if attacker else value


@dataclass(frozen=True)
class Commander:
    """A commander's kit. Percentages are of 100; ``direct``/``indirect`` split attack by kind of fire.

    ``heal`` and ``strike`` are HP every own unit gains / every enemy unit loses when the power
    starts (a strike never destroys); ``move`` is extra movement while it runs.
    """

    id: str
    name: str
    blurb: str
    power_name: str
    super_name: str
    power_stars: int
    super_stars: int
    direct: Mapping[str | None, int]
    indirect: Mapping[str | None, int]
    defence: Mapping[str | None, int]
    luck: Mapping[str | None, tuple[int, int]]
    move: Mapping[str | None, int]
    heal: Mapping[str | None, int]
    strike: Mapping[str | None, int]

    def cost(self, level: str) -> int:
        """Meter funds a power costs; raises IllegalAction(reason="bad_power") for an unknown level."""
        if level not in LEVELS:
            raise IllegalAction("bad_power", f"{level!r} is not a power level: use 'power' or 'super'.")
        return (self.power_stars if level == "power" else self.super_stars) * STAR

    @property
    def meter_max(self) -> int:
        return self.super_stars * STAR

    def attack_pct(self, unit: str, level: str | None) -> int:
        table = self.indirect if UNITS[unit].is_indirect else self.direct
        return table.get(level, table[None]) + (POWER_BONUS if level else 0)

    def defence_pct(self, unit: str, level: str | None) -> int:
        return self.defence.get(level, self.defence[None]) + (POWER_BONUS if level else 0)

    def luck_range(self, level: str | None) -> tuple[int, int]:
        return self.luck.get(level, self.luck[None])

    def move_bonus(self, level: str | None) -> int:
        return self.move.get(level, 0)


def _m(base: object, power: object = None, super_: object = None) -> Mapping[str | None, object]:
    out: dict[str | None, object] = {None: base}
    if power is not None:
        out["power"] = power
    if super_ is not None:
        out["super"] = super_
    return MappingProxyType(out)


COMMANDERS: Mapping[str, Commander] = MappingProxyType({
    "vanguard": Commander(
        "vanguard", "Vanguard", "Direct-fire units attack at 120%, indirect fire at 90%.",
        "Forward March (+1 movement)", "Blitz (+2 movement, direct fire 150%)", 3, 6,
        _m(120, None, 140), _m(90), _m(100), _m(LUCK_RANGE), _m(0, 1, 2), _m(0), _m(0)),  # type: ignore[arg-type]
    "mender": Commander(
        "mender", "Mender", "Units defend at 110% but attack at 90%.",
        "Field Hospital (every unit +2 HP)", "Rally (every unit +5 HP)", 3, 6,
        _m(90), _m(90), _m(110), _m(LUCK_RANGE), _m(0), _m(0, 2, 5), _m(0)),  # type: ignore[arg-type]
    "tempest": Commander(
        "tempest", "Tempest", "Luck adds 0 to 19 instead of 0 to 9, but units defend at 90%.",
        "Squall (every enemy -1 HP)", "Maelstrom (every enemy -2 HP, luck 0 to 29)", 3, 7,
        _m(100), _m(100), _m(90), _m((0, 19), None, (0, 29)), _m(0), _m(0), _m(0, 1, 2)),  # type: ignore[arg-type]
})


def commander(name: str | None) -> Commander | None:
    """The commander with id ``name`` (None = no commander); raises IllegalAction(reason="bad_option")."""
    if name is None:
        return None
    if name not in COMMANDERS:
        raise IllegalAction("bad_option", f"Unknown commander {name!r}; choose one of {', '.join(COMMANDERS)} "
                                          "or None.")
    return COMMANDERS[name]


def luck_off_roll(luck_range: tuple[int, int]) -> int:
    """The roll with luck off (tactics.md, "Luck"): nothing for the normal range; for another range,
    the middle of it relative to the normal one's middle. (0, 19) -> 5, (0, 29) -> 10."""
    lo, hi = luck_range
    return max(0, (lo + hi) // 2 - (LUCK_RANGE[0] + LUCK_RANGE[1]) // 2)
