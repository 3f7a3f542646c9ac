"""Attack and defence totals and the result of an attack (game-of-war.md, Combat).

Attack = the attack of every connected attacking fighting unit lined up with the target (straight or
45° diagonal, king steps) within its range, with no mountain strictly between; a charging cavalry
counts 4 + 3 = 7, even beyond its range. Defence = the defence of every connected defending unit
lined up with the target within its own range, the target included; relays count only as the target.
Infantry and cannons on a pass get +2, on a fortress +4. Attack <= defence: repelled;
defence + 1: retreat; defence + 2 or more: destroyed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from academy.core.errors import IllegalAction
from academy.core.text import a, count

from .communication import communication
from .position import DIRECTIONS, Position, PositionError, Square, Unit, check_side
from .units import CHARGE_BONUS, CHARGE_COLUMN, FORTRESS_BONUS, PASS_BONUS, other_side

Outcome = Literal["repelled", "retreat", "destroyed"]

#: what each result of an attack does, in words
OUTCOME_WORDS: dict[str, str] = {"repelled": "repelled: nothing happens", "retreat": "the target must retreat",
                                 "destroyed": "the target is destroyed"}


@dataclass(frozen=True)
class Combat:
    """An attack as the position stands. ``attackers`` / ``defenders``: {unit id: contribution};
    ``bonuses``: {defender id: (terrain bonus, terrain)} within those contributions; ``notes``: each rule
    that kept a unit out of a total or a cavalry from charging, in words."""

    side: str
    target: str
    attack: int
    defence: int
    attackers: dict[str, int]
    defenders: dict[str, int]
    charging: frozenset[str]
    bonuses: dict[str, tuple[int, str]] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    def contributions(self) -> tuple[str, str]:
        """The two totals' parts in words: "Attack: N1 6, N2 7 (charge: 4 + 3)", "Defence: S1 10 (6 + 4,
        fortress)"; "nobody" for an empty side."""
        att = ", ".join(f"{u} {v}" + (f" (charge: {v - CHARGE_BONUS} + {CHARGE_BONUS})" if u in self.charging else "")
                        for u, v in self.attackers.items()) or "nobody"
        dfn = ", ".join(f"{u} {v}" + (f" ({v - b[0]} + {b[0]}, {b[1]})" if (b := self.bonuses.get(u)) else "")
                        for u, v in self.defenders.items()) or "nobody"
        return f"Attack: {att}", f"Defence: {dfn}"

    @property
    def margin(self) -> int:
        """attack - defence."""
        return self.attack - self.defence

    @property
    def outcome(self) -> Outcome:
        return outcome_of(self.attack, self.defence)

    @property
    def to_force_retreat(self) -> int:
        """Attack points still missing for at least a retreat (0 if already reached)."""
        return max(0, self.defence + 1 - self.attack)

    @property
    def to_destroy(self) -> int:
        """Attack points still missing to destroy the target (0 if already reached)."""
        return max(0, self.defence + 2 - self.attack)

    def preview_lines(self) -> list[str]:
        """An aimed attack in words, before it is made: the totals and the result, who counts on each
        side, and how much more attack a stronger result needs (game-of-war.md, Combat).

            >>> Combat("north", "S-I1", 6, 6, {"N-I1": 6}, {"S-I1": 6}, frozenset()).preview_lines()[0]
            'Attack 6 against defence 6: repelled: nothing happens.'
        """
        lines = [f"Attack {self.attack} against defence {self.defence}: {OUTCOME_WORDS[self.outcome]}.",
                 *self.contributions(), *self.notes]
        if self.outcome == "repelled":
            lines.append(f"{self.to_force_retreat} more attack would force a retreat, {self.to_destroy} would destroy.")
        elif self.outcome == "retreat":
            lines.append("1 more attack would destroy.")
        return lines

    def explain(self) -> str:
        """One line saying who counts and what the result is."""
        att, dfn = (part.split(": ", 1)[1] for part in self.contributions())
        return (f"{self.side.title()} attacks {self.target}: attack {self.attack} ({att}) against defence "
                f"{self.defence} ({dfn}): {self.outcome}." + "".join(f" {n}" for n in self.notes))


def outcome_of(attack: int, defence: int) -> Outcome:
    """game-of-war.md Combat: <= defence repelled, = defence + 1 retreat, >= defence + 2 destroyed."""
    if attack <= defence:
        return "repelled"
    return "retreat" if attack == defence + 1 else "destroyed"


def distance(a: Square, b: Square) -> int:
    """King steps between two squares."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def is_aligned(a: Square, b: Square) -> bool:
    """Same column, row or 45° diagonal (and not the same square)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (dx, dy) != (0, 0) and (dx == 0 or dy == 0 or abs(dx) == abs(dy))


def has_line_of_fire(pos: Position, a: Square, b: Square) -> bool:
    """Aligned and no mountain strictly between ``a`` and ``b``; units never block fire."""
    if not is_aligned(a, b):
        return False
    n = distance(a, b)
    sx, sy = (b[0] - a[0]) // n, (b[1] - a[1]) // n
    return all((a[0] + sx * k, a[1] + sy * k) not in pos.mountains for k in range(1, n))


def reaches(pos: Position, unit: Unit, target: Square) -> bool:
    """Whether a fighting unit can fire on (or support) ``target``: lined up, within range, no mountain between."""
    return (unit.kind.range > 0 and distance(unit.at, target) <= unit.kind.range
            and has_line_of_fire(pos, unit.at, target))


def defence_value(pos: Position, unit: Unit) -> int:
    """A unit's defence where it stands: +2 on a pass, +4 on a fortress for infantry and cannons."""
    bonus = 0
    if unit.kind.terrain_bonus:
        terrain = pos.terrain_at(unit.at)
        bonus = PASS_BONUS if terrain == "pass" else FORTRESS_BONUS if terrain == "fortress" else 0
    return unit.kind.defence + bonus


def charging_cavalry(pos: Position, side: str, target: Unit, connected: frozenset[str] | set[str]) -> list[str]:
    """Ids of ``side``'s cavalry charging ``target``: in each of the 8 directions, the unbroken column of
    connected cavalry, none on a fortress, starting next to the target, up to 4 long. None against a
    target on a fortress or a pass."""
    if pos.terrain_at(target.at) in ("fortress", "pass"):
        return []
    out = []
    for dx, dy in DIRECTIONS:
        for k in range(1, CHARGE_COLUMN + 1):
            u = pos.unit_at((target.at[0] + dx * k, target.at[1] + dy * k))
            if (u is None or u.side != side or u.type != "cavalry" or u.id not in connected
                    or pos.terrain_at(u.at) == "fortress"):
                break
            out.append(u.id)
    return out


def combat(pos: Position, side: str, target_id: str) -> Combat:
    """``side`` attacks unit ``target_id`` as the position stands.

    Raises PositionError for an unknown side or unit, IllegalAction("not_an_enemy") if the target is
    ``side``'s own unit.
    """
    side = check_side(side)
    target = pos.unit(target_id)
    if target.side == side:
        raise IllegalAction("not_an_enemy", f"{target.id} is {side.title()}'s own unit; attack an enemy unit.")
    attack_net = communication(pos, side).connected
    defence_net = communication(pos, other_side(side)).connected
    charging = charging_cavalry(pos, side, target, attack_net)
    attackers: dict[str, int] = {}
    for u in pos.units_of(side):
        if u.id in charging:
            attackers[u.id] = u.kind.attack + CHARGE_BONUS
        elif u.kind.is_fighting and u.id in attack_net and reaches(pos, u, target.at):
            attackers[u.id] = u.kind.attack
    defenders: dict[str, int] = {}
    bonuses: dict[str, tuple[int, str]] = {}
    for u in pos.units_of(target.side):
        if u.id not in defence_net:
            continue
        if u.id == target.id or (u.kind.is_fighting and reaches(pos, u, target.at)):
            defenders[u.id] = defence_value(pos, u)
            if defenders[u.id] != u.kind.defence:
                bonuses[u.id] = (defenders[u.id] - u.kind.defence, pos.terrain_at(u.at) or "")
    notes = _notes(pos, side, target, attack_net, defence_net, charging)
    return Combat(side, target.id, sum(attackers.values()), sum(defenders.values()), attackers, defenders,
                  frozenset(charging), bonuses, notes)


def _notes(pos: Position, side: str, target: Unit, attack_net: frozenset[str] | set[str],
           defence_net: frozenset[str] | set[str], charging: list[str]) -> tuple[str, ...]:
    """The rules that kept units out of the totals (cut off from their lines) or cavalry from charging
    (game-of-war.md, Communication and Combat), in words."""
    out = []
    for u in pos.units_of(side):
        if u.kind.is_fighting and u.id not in attack_net and reaches(pos, u, target.at):
            out.append(f"{u.id} is cut off from {side.title()}'s lines: it adds nothing to the attack.")
    foe = target.side
    for u in pos.units_of(foe):
        if u.id not in defence_net and (u.id == target.id or (u.kind.is_fighting and reaches(pos, u, target.at))):
            own = "nothing, not even its own defence" if u.id == target.id else "nothing to the defence"
            out.append(f"{u.id} is cut off from {foe.title()}'s lines: it adds {own}.")
    terrain = pos.terrain_at(target.at)
    for u in pos.units_of(side):
        if u.type != "cavalry" or u.id in charging or u.id not in attack_net or distance(u.at, target.at) != 1:
            continue
        if terrain in ("fortress", "pass"):
            out.append(f"{u.id} does not charge: there is no charge against a unit on a {terrain}.")
        elif pos.terrain_at(u.at) == "fortress":
            out.append(f"{u.id} does not charge: there is no charge from a fortress.")
    return tuple(out)


def check_attack(pos: Position, side: str, unit_id: str, target_id: str, attacked: bool = False) -> None:
    """Raise IllegalAction if ``side``'s unit ``unit_id`` may not launch the turn's attack on ``target_id``.

    game-of-war.md Your turn: "Attack once by dragging one of your connected combat units onto an enemy
    within its range ... Relays can't attack." Reasons: unknown_unit, not_your_unit, not_an_enemy,
    already_attacked, relay_cannot_attack, cut_off, out_of_range, no_line_of_fire.
    """
    side = check_side(side)
    try:
        unit, target = pos.unit(unit_id), pos.unit(target_id)
    except PositionError as exc:   # says "did you mean"
        raise IllegalAction("unknown_unit", exc.message) from None
    what = f"Attack {unit.id} -> {target.id} refused"
    if unit.side != side:
        raise IllegalAction("not_your_unit", f"{what}: {unit.id} is a {unit.side.title()} unit; attack with one of "
                                             f"{side.title()}'s units.")
    if target.side == side:
        raise IllegalAction("not_an_enemy", f"{what}: {target.id} is {side.title()}'s own unit; pick an enemy unit.")
    if attacked:
        raise IllegalAction("already_attacked", f"{what}: {side.title()} has already attacked this turn; one attack a "
                                                "turn, so press End turn.")
    if not unit.kind.is_fighting:
        raise IllegalAction("relay_cannot_attack", f"{what}: {a(unit.kind.label)} cannot attack; attack with "
                                                   "infantry, cavalry or a cannon.")
    if unit.id not in communication(pos, side).connected:
        raise IllegalAction("cut_off", f"{what}: {unit.id} is cut off from {side.title()}'s lines of communication; "
                                       "a cut-off unit cannot attack. Reconnect it first.")
    if not is_aligned(unit.at, target.at):
        raise IllegalAction("no_line_of_fire", f"{what}: {target.id} is not on a straight or 45° diagonal line "
                                               f"from {unit.id}.")
    far = distance(unit.at, target.at)
    if far > unit.kind.range:
        raise IllegalAction("out_of_range", f"{what}: {target.id} is {count(far, 'square')} away and "
                                            f"{a(unit.kind.label)} reaches {count(unit.kind.range, 'square')}; "
                                            "move closer first.")
    if not has_line_of_fire(pos, unit.at, target.at):
        raise IllegalAction("no_line_of_fire", f"{what}: a mountain stands between {unit.id} and {target.id}.")


def can_attack(pos: Position, side: str, unit_id: str, target_id: str, attacked: bool = False) -> bool:
    """Whether check_attack accepts the attack; raises only for an unknown side."""
    try:
        check_attack(pos, side, unit_id, target_id, attacked)
    except IllegalAction:
        return False
    return True


def targets(pos: Position, side: str) -> list[str]:
    """Ids of the enemy units ``side`` could attack now (some connected fighting unit reaches them)."""
    side = check_side(side)
    connected = communication(pos, side).connected
    shooters = [u for u in pos.units_of(side) if u.kind.is_fighting and u.id in connected]
    return [t.id for t in pos.units_of(other_side(side)) if any(reaches(pos, u, t.at) for u in shooters)]
