"""What an action does (tactics.md, "Turns and days", "Movement", "Capturing",
"Transports", "Combat and damage", "Funds, properties and production", "Commander powers").

A unit's turn is one decision: a move (up to its movement points, never more than its fuel;
friends passed but not stopped on except to board a transport with room; enemies block) and
then one action. Under fog only the enemies the player sees block the way; a move that runs
into a hidden one stops on the last free tile before it (an ambush) and the unit's turn ends.
Every refusal raises IllegalAction with a reason and a message saying what, why and how to fix
it, and changes nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from academy.core.protocol import Event
from academy.core.text import a

from . import combat, missions, upkeep
from .actions import ActivatePower, Attack, Build, Capture, EndTurn, Load, Luck, Resign, Supply, Unload, Wait
from .board import Pos, Unit, parse_tile, tile_name
from .legal import Context, context, legal_actions, reach_of, tile_of
from .refusals import validate
from .state import CAPTURE_POINTS, event
from .terrain import TERRAIN
from .units import UNITS

if TYPE_CHECKING:
    from .state import TacticsState

__all__ = ["apply", "legal_actions", "validate"]


# --- applying ------------------------------------------------------------------------------------

def apply(state: TacticsState, action: Any) -> list[Event]:
    """Change the state for a validated decision or luck outcome; return what happened (a campaign
    mission's objective is checked after each)."""
    events = _apply(state, action)
    if not state.over and state.pending is None:
        events += missions.check(state)
    return events


def _apply(state: TacticsState, action: Any) -> list[Event]:
    if isinstance(action, Luck):
        pending = state.pending
        assert pending is not None
        w, h = state.game.map.width, state.game.map.height
        state.pending = None
        return combat.resolve(state, parse_tile(pending["attacker"], w, h), parse_tile(pending["target"], w, h),
                              bool(pending["moved"]), (action.attack, action.counter))
    if isinstance(action, EndTurn):
        return upkeep.end_turn(state)
    if isinstance(action, Resign):
        out = upkeep.knock_out(state, state.current, "they resigned")
        return out if state.over else out + upkeep.end_turn(state)
    if isinstance(action, Build):
        return _build(state, action)
    if isinstance(action, ActivatePower):
        return _activate(state, action)
    return _unit_turn(state, action)


def _build(state: TacticsState, action: Build) -> list[Event]:
    pos = tile_of(state, action.at, "Build")
    spec = UNITS[action.unit]
    state.funds[state.current] -= spec.cost
    state.units[pos] = Unit(spec.id, state.current, acted=True)
    return [event("build", f"{state.game.player_name(state.current)} builds {a(spec.name)} at {action.at} "
                           f"for {spec.cost:,} funds.", tile=action.at, unit=spec.id)]


def _activate(state: TacticsState, action: ActivatePower) -> list[Event]:
    p = state.current
    cmdr = state.commander_of(p)
    assert cmdr is not None
    state.meter[p] -= cmdr.cost(action.level)
    state.power[p] = action.level
    title = cmdr.power_name if action.level == "power" else cmdr.super_name
    out = [event("power", f"{cmdr.name} uses {title}.", player=p, level=action.level)]
    heal, strike = cmdr.heal.get(action.level, 0), cmdr.strike.get(action.level, 0)
    for pos, unit in state.units.items():
        if heal and unit.owner == p:
            unit.health = min(100, unit.health + 10 * heal)
        if strike and unit.owner != p:
            unit.health = max(1, unit.health - 10 * strike)   # a power's damage never destroys
    return out


def _walk(state: TacticsState, pos: Pos, to: Pos, ctx: Context) -> tuple[Pos, Pos | None]:
    """Where the unit on ``pos`` ends up going to ``to``: the tile and an ambushing hidden enemy (or None)."""
    if to == pos:
        return pos, None
    path = reach_of(state, pos, ctx).path_to(to)
    last_free = pos
    for step in path[1:]:
        other = state.units.get(step)
        if other is not None and other.owner != ctx.player:
            return last_free, step
        if other is None or step == to:
            last_free = step
    return to, None


def _unit_turn(state: TacticsState, action: Any) -> list[Event]:
    ctx = context(state)
    pos = tile_of(state, action.at, "Move")
    to = tile_of(state, action.to, "Move")
    unit = state.units[pos]
    reach = reach_of(state, pos, ctx)
    final, ambusher = _walk(state, pos, to, ctx)
    name = unit.spec.name
    out: list[Event] = []
    unit.fuel -= reach.costs[final]
    unit.acted = True
    if final != pos:
        state.capture.pop(pos, None)
        del state.units[pos]
        if not isinstance(action, Load) or ambusher is not None:
            state.units[final] = unit
        out.append(event("move", f"{name} {action.at} → {tile_name(final)}.", unit=unit.type,
                         frm=action.at, to=tile_name(final), fuel=reach.costs[final]))
    if ambusher is not None:
        out.append(event("ambush", f"Ambush! A hidden {state.units[ambusher].spec.name} on {tile_name(ambusher)} "
                                   f"stops the {name} on {tile_name(final)}; its turn is over.",
                         tile=tile_name(final), enemy=tile_name(ambusher)))
        return out
    if isinstance(action, Wait):
        return out
    if isinstance(action, Load):
        state.units[to].cargo.append(unit)
        return out + [event("load", f"{name} boards the {state.units[to].spec.name} on {action.to}.", tile=action.to)]
    if isinstance(action, Capture):
        return out + _capture(state, final, unit)
    if isinstance(action, Supply):
        return out + upkeep.supply_around(state, final)
    if isinstance(action, Unload):
        return out + _unload(state, action, final, unit)
    assert isinstance(action, Attack)
    target = tile_of(state, action.target, "Attack")
    if state.game.options["luck"]:
        state.pending = {"attacker": tile_name(final), "target": action.target, "moved": final != pos}
        return out
    return out + combat.resolve(state, final, target, final != pos, None)


def _capture(state: TacticsState, pos: Pos, unit: Unit) -> list[Event]:
    before = state.capture.get(pos, CAPTURE_POINTS)
    left = before - unit.hp
    kind = TERRAIN[state.terrain(pos)].name
    tn = tile_name(pos)
    if left > 0:
        state.capture[pos] = left
        return [event("capture", f"{unit.spec.name} captures the {kind} on {tn}: {before} → {left} points left.",
                      tile=tn, points=left)]
    state.capture.pop(pos, None)
    old = state.owners[pos]
    state.owners[pos] = unit.owner
    out = [event("captured", f"{state.game.player_name(unit.owner)} takes the {kind} on {tn}.", tile=tn, points=0)]
    if state.terrain(pos) == "hq" and old is not None:
        out += upkeep.knock_out(state, old, "their HQ was captured")
    return out


def _unload(state: TacticsState, action: Unload, pos: Pos, transport: Unit) -> list[Event]:
    out = []
    dropped = []
    for slot, tile in action.drops:
        drop = tile_of(state, tile, "Unload")
        cargo = transport.cargo[slot]
        if drop in state.units:
            out.append(event("blocked_drop", f"A hidden unit on {tile} blocks the drop of the {cargo.spec.name}.",
                             tile=tile))
            continue
        cargo.acted = True
        state.units[drop] = cargo
        dropped.append(slot)
        out.append(event("unload", f"{transport.spec.name} drops the {cargo.spec.name} on {tile}.", tile=tile))
    transport.cargo = [c for i, c in enumerate(transport.cargo) if i not in dropped]
    return out
