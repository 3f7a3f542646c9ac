"""Combat in a game (tactics.md, "Combat and damage", "Luck", "Commander powers"): the luck
distribution of a pending attack, and resolving it with :func:`damage.exchange`.

With luck on, an attack is a CHANCE node: every pair (attack roll, counter roll) is equally
likely, each roll uniform over its side's luck range (0..9, or a commander's); when the
defender can never fire back the counter roll is fixed at the range's low end. With luck off
each side gets :func:`commanders.luck_off_roll` of its range (0 for the normal range).
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from academy.core.errors import IllegalAction
from academy.core.protocol import Event
from academy.core.text import count

from .actions import Luck
from .board import Pos, distance, parse_tile, tile_name
from .commanders import charge, luck_off_roll
from .damage import LUCK_RANGE, Exchange, exchange
from .odds import AttackOdds, attack_odds
from .state import event
from .upkeep import check_knockouts

if TYPE_CHECKING:
    from .state import TacticsState


def luck_range(state: TacticsState, player: int) -> tuple[int, int]:
    """The luck range of ``player``'s hits now (commander and running power)."""
    cmdr = state.commander_of(player)
    return cmdr.luck_range(state.power[player]) if cmdr else LUCK_RANGE


def _pcts(state: TacticsState, player: int, unit: str) -> tuple[int, int]:
    cmdr = state.commander_of(player)
    if cmdr is None:
        return 100, 100
    level = state.power[player]
    return cmdr.attack_pct(unit, level), cmdr.defence_pct(unit, level)


def exchange_kwargs(state: TacticsState, at: Pos, target: Pos, moved: bool,
                    stand: Pos | None = None) -> dict[str, Any]:
    """The keywords of :func:`damage.exchange` for the unit on ``at`` attacking the one on ``target``
    (rolls excluded); ``stand`` is the tile it fires from when it is to move first (a preview)."""
    a, d = state.units[at], state.units[target]
    at = at if stand is None else stand
    a_atk, a_def = _pcts(state, a.owner, a.type)
    d_atk, d_def = _pcts(state, d.owner, d.type)
    return dict(attacker=a.type, defender=d.type, attacker_health=a.health, defender_health=d.health,
                attacker_terrain=state.terrain(at), defender_terrain=state.terrain(target),
                distance=distance(at, target), attacker_attack_pct=a_atk, attacker_defense_pct=a_def,
                defender_attack_pct=d_atk, defender_defense_pct=d_def, attacker_ammo=a.ammo,
                defender_ammo=d.ammo, attacker_moved=moved, weather=state.game.options["weather"])


def can_counter(state: TacticsState, at: Pos, target: Pos, stand: Pos | None = None) -> bool:
    """Whether the defender could fire back if it survives (no indirect fire either way, a usable
    weapon that can hit the attacker at that distance); ``stand`` as in :func:`exchange_kwargs`."""
    a, d = state.units[at], state.units[target]
    at = at if stand is None else stand
    if a.spec.is_indirect or d.spec.is_indirect:
        return False
    return d.spec.in_range(distance(at, target)) and d.spec.weapon_against(a.type, d.ammo) is not None


def luck_outcomes(state: TacticsState) -> list[tuple[Luck, Fraction]]:
    """The exact distribution of the pending attack's luck rolls."""
    pending = state.pending
    assert pending is not None
    w, h = state.game.map.width, state.game.map.height
    at, target = parse_tile(pending["attacker"], w, h), parse_tile(pending["target"], w, h)
    lo, hi = luck_range(state, state.units[at].owner)
    clo, chi = luck_range(state, state.units[target].owner)
    counters = range(clo, chi + 1) if can_counter(state, at, target) else range(clo, clo + 1)
    p = Fraction(1, (hi - lo + 1) * len(counters))
    return [(Luck(r, c), p) for r in range(lo, hi + 1) for c in counters]


def preview(state: TacticsState, at: Pos, target: Pos, moved: bool, rolls: tuple[int, int] | None = None) -> Exchange:
    """The exchange for given rolls (default: luck off rolls); raises IllegalAction as exchange does."""
    a, d = state.units[at], state.units[target]
    ar, dr = luck_range(state, a.owner), luck_range(state, d.owner)
    if rolls is None:
        rolls = (luck_off_roll(ar), luck_off_roll(dr))
    if not state.game.options["luck"]:
        ar, dr = (rolls[0], rolls[0]), (rolls[1], rolls[1])
    return exchange(**exchange_kwargs(state, at, target, moved), luck=rolls[0], counter_luck=rolls[1],
                    luck_range=ar, counter_luck_range=dr)


def _hp_change(before: int, after: int) -> str:
    """A unit's shown HP after a hit: "5 HP → 3 HP", or "still 5 HP" when the hit took less than one.

    >>> _hp_change(10, 6), _hp_change(5, 5)
    ('10 HP → 6 HP', 'still 5 HP')
    """
    return f"{before} HP → {after} HP" if after != before else f"still {before} HP"


def resolve(state: TacticsState, at: Pos, target: Pos, moved: bool, rolls: tuple[int, int] | None) -> list[Event]:
    """Fire: apply the exchange with ``rolls`` (None = luck off), charge the meters, remove the dead."""
    a, d = state.units[at], state.units[target]
    x = preview(state, at, target, moved, rolls)
    names = (f"{a.spec.name} {tile_name(at)}", f"{d.spec.name} {tile_name(target)}")
    a_hp0, d_hp0 = a.hp, d.hp
    a.health, d.health = x.attacker_health, x.defender_health
    a.ammo, d.ammo = x.attacker_ammo, x.defender_ammo
    _charge(state, a, d, d_hp0 - (d.hp if d.health else 0))
    if x.counter_hit is not None:
        _charge(state, d, a, a_hp0 - (a.hp if a.health else 0))
    text = f"{names[0]} hits {names[1]} for {x.damage}% ({_hp_change(d_hp0, d.hp if d.health else 0)})"
    if x.counter is not None:
        text += f"; the counter deals {x.counter}% ({_hp_change(a_hp0, a.hp if a.health else 0)})"
    out = [event("attack", text + ".", x.why(), attacker=tile_name(at), target=tile_name(target),
                 damage=x.damage, counter=x.counter, rolls=list(rolls) if rolls else None)]
    by = (f"by {names[0]}'s attack", f"by the counter of {names[1]}")
    for pos, unit, name, how in ((target, d, names[1], by[0]), (at, a, names[0], by[1])):
        if unit.health <= 0:
            del state.units[pos]
            state.capture.pop(pos, None)
            lost = f", with the {count(len(unit.cargo), 'unit')} it carried" if unit.cargo else ""
            out.append(event("destroyed", f"{name} is destroyed {how}{lost}.", tile=tile_name(pos)))
    out += check_knockouts(state)
    return out


def _charge(state: TacticsState, firer: Any, hit: Any, hp_lost: int) -> None:
    for unit, attacker in ((firer, True), (hit, False)):
        cmdr = state.commander_of(unit.owner)
        if cmdr is None or state.power[unit.owner]:
            continue
        gain = charge(hit.spec.cost, hp_lost, attacker)
        state.meter[unit.owner] = min(cmdr.meter_max, state.meter[unit.owner] + gain)


def attack_preview(state: TacticsState, action: Any) -> AttackOdds:
    """The exact odds of a legal :class:`Attack` before it is made (the same rolls the CHANCE node
    lists): damage range, chance to destroy, expected counter, and the formula with its factors.

    Raises IllegalAction when ``action`` is not a legal attack now.
    """
    from .actions import Attack
    if not isinstance(action, Attack):
        raise IllegalAction("not_an_attack", f"{action!r} is not an attack.")
    state._validate(action)
    w, h = state.game.map.width, state.game.map.height
    at, to, target = (parse_tile(t, w, h) for t in (action.at, action.to, action.target))
    kw = exchange_kwargs(state, at, target, to != at, stand=to)
    ar, dr = luck_range(state, state.units[at].owner), luck_range(state, state.units[target].owner)
    if not state.game.options["luck"]:
        ar, dr = (luck_off_roll(ar),) * 2, (luck_off_roll(dr),) * 2
    if not can_counter(state, at, target, stand=to):
        dr = (dr[0], dr[0])
    return attack_odds(kw.pop("attacker"), kw.pop("defender"), luck=True, luck_range=ar, counter_luck_range=dr, **kw)
