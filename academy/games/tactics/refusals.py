"""Why an action is refused: IllegalAction with a machine-readable reason and a message saying what,
why and how to fix it (too far, out of fuel, blocked, wrong target, indirect fire after moving,
capture by a vehicle, ...). Validation never changes the state.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from academy.core.errors import IllegalAction
from academy.core.text import a, count

from .actions import ActivatePower, Attack, Build, Capture, EndTurn, Load, Resign, Supply, Unload, UNIT_ACTIONS
from .board import Pos, Unit, distance, tile_name
from .legal import (LANDER_BEACHES, Context, can_stand, context, drop_tiles, movement_of, reach_of, tile_of,
                    unit_actions)
from .terrain import TERRAIN
from .units import UNITS, unit_type

if TYPE_CHECKING:
    from .state import TacticsState

# --- validation ----------------------------------------------------------------------------------

def validate(state: TacticsState, action: Any) -> None:
    """Raise IllegalAction (with a reason and how to fix it) unless ``action`` is legal now."""
    name = state.game.player_name(state.current)
    if isinstance(action, (EndTurn, Resign)):
        return
    if isinstance(action, Build):
        _validate_build(state, action, name)
    elif isinstance(action, ActivatePower):
        _validate_power(state, action, name)
    elif isinstance(action, UNIT_ACTIONS):
        _validate_unit_action(state, action, name)
    else:
        raise IllegalAction("not_an_action", f"{action!r} is not a Tactics decision. Use Wait, Attack, Capture, "
                                             "Load, Unload, Supply, Build, ActivatePower or EndTurn.")


def _validate_build(state: TacticsState, action: Build, name: str) -> None:
    spec = unit_type(action.unit)
    if spec.id != action.unit:
        raise IllegalAction("unknown_unit", f"Build names units by id: use {spec.id!r}, not {action.unit!r}.")
    pos = tile_of(state, action.at, "Build refused")
    kind = state.terrain(pos)
    if state.owners.get(pos) != state.current:
        raise IllegalAction("not_your_property", f"Build {spec.name} at {action.at} refused: {name} does not own "
                            f"a property there. Build at one of your own factories, airports or ports.")
    if TERRAIN[kind].builds is None:
        raise IllegalAction("cannot_build_here", f"Build {spec.name} at {action.at} refused: a "
                            f"{TERRAIN[kind].name} builds nothing. Factories build ground units, airports "
                            "aircraft, ports ships.")
    if spec.built_at != kind:
        raise IllegalAction("wrong_production", f"Build {spec.name} at {action.at} refused: {a(spec.name)} is "
                            f"built at a {spec.built_at}, not {a(TERRAIN[kind].name)}.")
    if pos in state.units:
        raise IllegalAction("occupied", f"Build {spec.name} at {action.at} refused: a unit is standing on it. "
                            "Move it off first.")
    if spec.cost > state.funds[state.current]:
        raise IllegalAction("not_enough_funds", f"Build {spec.name} refused: it costs {spec.cost:,} funds and "
                            f"{name} has {state.funds[state.current]:,}. Build something cheaper or save up.")


def _validate_power(state: TacticsState, action: ActivatePower, name: str) -> None:
    cmdr = state.commander_of(state.current)
    if cmdr is None:
        raise IllegalAction("no_commander", f"{name} plays without a commander, so there is no power to use.")
    cost = cmdr.cost(action.level)
    if state.power[state.current]:
        raise IllegalAction("power_running", f"{cmdr.name}'s power is already running this turn; it ends when "
                            "your next turn begins.")
    if state.meter[state.current] < cost:
        raise IllegalAction("meter_not_full", f"{cmdr.name}'s {action.level} needs {count(cost // 5000, 'star')} "
                            f"({cost:,} funds of damage); the meter holds {state.meter[state.current]:,}. "
                            "Fight more to charge it.")


def _validate_unit_action(state: TacticsState, action: Any, name: str) -> None:
    verb = type(action).__name__
    pos = tile_of(state, action.at, f"{verb} refused")
    to = tile_of(state, action.to, f"{verb} refused")
    unit = state.units.get(pos)
    if unit is not None and unit.owner != state.current and pos not in context(state).visible:
        unit = None                      # a hidden enemy: the player sees an empty tile
    if unit is None:
        raise IllegalAction("no_unit", f"{verb} refused: there is no unit on {action.at}. Pick one of your units.")
    if unit.owner != state.current:
        raise IllegalAction("not_your_unit", f"{verb} refused: the {unit.spec.name} on {action.at} belongs to "
                            f"{state.game.player_name(unit.owner)}. Move one of {name}'s units.")
    if unit.acted:
        others = sum(1 for u in state.units.values() if u.owner == state.current and not u.acted)
        then = (f"Move one of your other units ({count(others, 'unit')} can still act), or end the turn."
                if others else "None of your units can act any more: end the turn.")
        raise IllegalAction("already_acted", f"{verb} refused: the {unit.spec.name} on {action.at} has already "
                            f"acted this turn (units built or dropped this turn wait too). {then}")
    ctx = context(state)
    if action in unit_actions(state, pos, ctx):
        return
    what = f"{unit.spec.name} {action.at}" + (f" -> {action.to}" if action.to != action.at else "")
    _check_move(state, ctx, pos, to, unit, what, isinstance(action, Load))
    _diagnose(state, ctx, action, pos, to, unit, what)


def _check_move(state: TacticsState, ctx: Context, pos: Pos, to: Pos, unit: Unit, what: str,
                boarding: bool) -> None:
    reach = reach_of(state, pos, ctx)
    if to in reach.tiles or (boarding and to in reach.costs):
        return
    terrain = TERRAIN[state.terrain(to)]
    if not can_stand(state, unit.type, to):
        raise IllegalAction("impassable", f"{what} refused: {a(unit.spec.name)} ({unit.spec.move_type}) can't "
                            f"enter {terrain.name}. Go around it.")
    if to in ctx.enemies:
        why = attack_refusal(state, tile_name(pos), tile_name(to))
        then = (f" It can't attack it either: {why.message}" if why is not None else
                " To attack it, choose Attack with a tile in range as the destination.")
        raise IllegalAction("occupied", f"{what} refused: an enemy unit stands on {tile_name(to)} and a unit can't "
                            f"end its move on an enemy.{then}")
    if to in reach.costs:
        raise IllegalAction("occupied", f"{what} refused: your {state.units[to].spec.name} stands there; units "
                            "pass through friends but can't stop on them (except to board a transport with room).")
    if to in reach_of(state, pos, ctx, fuel=False).tiles:
        raise IllegalAction("out_of_fuel", f"{what} refused: it has {unit.fuel} fuel left and every point of "
                            "movement costs 1 fuel. Resupply it on a property or next to an APC.")
    if to in reach_of(state, pos, ctx, enemies=False).tiles:
        raise IllegalAction("blocked", f"{what} refused: enemy units block the way (units can't pass through "
                            "enemies). Find another path or clear the way.")
    raise IllegalAction("too_far", f"{what} refused: it has {movement_of(state, unit)} movement points and "
                        f"{tile_name(to)} costs more to reach over this terrain. Pick a closer tile.")


def _diagnose(state: TacticsState, ctx: Context, action: Any, pos: Pos, to: Pos, unit: Unit, what: str) -> None:
    spec = unit.spec
    other = state.units.get(to) if to != pos else None
    if isinstance(action, Load):
        if other is None or other.owner != ctx.player or other.spec.transport is None:
            raise IllegalAction("not_a_transport", f"{what}, load refused: there is no transport of yours on "
                                f"{action.to}. Move onto an APC, Transport Copter or Lander.")
        if unit.type not in other.spec.transport.carries:
            raise IllegalAction("cannot_carry", f"{what}, load refused: {a(other.spec.name)} carries only "
                                f"{', '.join(UNITS[c].name for c in sorted(other.spec.transport.carries))}.")
        raise IllegalAction("no_room", f"{what}, load refused: the {other.spec.name} is full "
                            f"({other.spec.transport.capacity} aboard).")
    if other is not None and other.owner == ctx.player:
        raise IllegalAction("occupied", f"{what} refused: your {other.spec.name} is on {action.to}; only boarding "
                            "a transport with room may end there (use Load).")
    if isinstance(action, Attack):
        _diagnose_attack(state, ctx, action, pos, to, unit, what)
    if isinstance(action, Capture):
        if not spec.can_capture:
            raise IllegalAction("cannot_capture", f"{what}, capture refused: only Infantry and Mech capture; a "
                                f"{spec.name} can't. Bring a foot soldier.")
        if to not in state.owners:
            raise IllegalAction("not_a_property", f"{what}, capture refused: {TERRAIN[state.terrain(to)].name} "
                                "is not a property. Capture cities, factories, HQs, airports and ports.")
        raise IllegalAction("already_yours", f"{what}, capture refused: {action.to} is already yours.")
    if isinstance(action, Unload):
        _diagnose_unload(state, ctx, action, pos, to, unit, what)
    if isinstance(action, Supply):
        if unit.type != "apc":
            raise IllegalAction("cannot_supply", f"{what}, supply refused: only an APC supplies.")
        raise IllegalAction("nothing_to_supply", f"{what}, supply refused: no unit of yours is next to "
                            f"{action.to}. Move next to the units that need fuel or ammo.")
    raise IllegalAction("illegal", f"{what}: {type(action).__name__} is not possible there.")


def _diagnose_attack(state: TacticsState, ctx: Context, action: Attack, pos: Pos, to: Pos, unit: Unit,
                     what: str) -> None:
    spec = unit.spec
    target = tile_of(state, action.target, "Attack refused")
    if target not in ctx.enemies:
        raise IllegalAction("wrong_target", f"{what}, attack {action.target} refused: there is no enemy unit you "
                            "can see there. Pick an enemy unit in range.")
    enemy = ctx.visible[target]
    if not spec.weapons:
        raise IllegalAction("cannot_attack", f"{what} refused: {a(spec.name)} has no weapon and can't attack.")
    if spec.is_indirect and to != pos:
        raise IllegalAction("fired_after_moving", f"{what}, attack refused: {a(spec.name)} fires indirectly and "
                            "can't fire after moving. Attack from where it stands, or move and wait.")
    if not spec.in_range(distance(to, target)):
        raise IllegalAction("out_of_range", f"{what}, attack {action.target} refused: {a(spec.name)} fires at "
                            f"{spec.min_range}-{spec.max_range} tiles and the {enemy.spec.name} would be "
                            f"{distance(to, target)} away. Move so the target is in range.")
    if not spec.can_target(enemy.type):
        raise IllegalAction("cannot_attack", f"{what}, attack refused: {a(spec.name)} can't hit a "
                            f"{enemy.spec.name} (a dash in the damage chart). Pick another target.")
    raise IllegalAction("out_of_ammo", f"{what}, attack refused: the {spec.name} is out of ammo and has no "
                        f"other weapon for {a(enemy.spec.name)}. Resupply it on a property or next to an APC.")


def attack_refusal(state: TacticsState, at: str, target: str, to: str | None = None) -> IllegalAction | None:
    """Why the unit on ``at`` can't attack the enemy on ``target`` this turn, moving to ``to`` first
    (None: from any tile it can reach), or None if it can. The reason names its own rule of
    tactics.md ("Combat and damage", "Indirect fire", "Repair, fuel and ammo"):

    - ``cannot_attack``: it has no weapon, or none of its weapons can hit that target (a dash in the chart);
    - ``out_of_ammo``: the weapon that could hit it needs ammo and has none left;
    - ``fired_after_moving``: an indirect-fire unit fires only from where it started the turn;
    - ``out_of_range``: from where it would fire, the target is outside its range;
    - ``out_of_reach``: no tile it can reach this turn has the target in range.
    Never changes the state.
    """
    pos, tgt = tile_of(state, at, "Attack refused"), tile_of(state, target, "Attack refused")
    ctx = context(state)
    unit = state.units.get(pos)
    if unit is None or unit.owner != ctx.player or tgt not in ctx.enemies:
        return None
    start = tile_of(state, to, "Attack refused") if to is not None else None
    if any(isinstance(x, Attack) and x.target == target and (to is None or x.to == to)
           for x in unit_actions(state, pos, ctx)):
        return None
    spec, enemy = unit.spec, ctx.visible[tgt]
    what = f"Attack {target} with the {spec.name} on {at}"
    if not spec.weapons:
        return IllegalAction("cannot_attack", f"{what} refused: {a(spec.name)} has no weapon and never attacks. "
                             "Use it for what it carries or supplies.")
    if not spec.can_target(enemy.type):
        return IllegalAction("cannot_attack", f"{what} refused: {a(spec.name)} has no weapon that can hit "
                             f"{a(enemy.spec.name)} (a dash in the damage chart). Attack it with a unit that "
                             "can, or pick another target.")
    if spec.weapon_against(enemy.type, unit.ammo) is None:
        return IllegalAction("out_of_ammo", f"{what} refused: the {spec.name} is out of ammo, and it has no "
                             f"weapon without ammo that can hit {a(enemy.spec.name)}. Resupply it on one of "
                             "your properties or next to an APC.")
    lo, hi = spec.min_range or 0, spec.max_range or 0
    span = f"{lo} tile" if lo == hi == 1 else f"{lo}–{hi} tiles"
    if spec.is_indirect:
        if start is not None and start != pos:
            return IllegalAction("fired_after_moving", f"{what} refused: {a(spec.name)} fires indirectly, so it "
                                 f"can't fire after moving. Fire from {at}, where it stands, or move now and "
                                 "fire next turn.")
        d = distance(pos, tgt)
        close = " (indirect fire can't hit a neighbouring tile)" if d < lo else ""
        return IllegalAction("out_of_range", f"{what} refused: {a(spec.name)} fires at {span} from where it "
                             f"stands and the {enemy.spec.name} is {count(d, 'tile')} away{close}. It can't move "
                             "and fire in one turn: move it now and fire next turn.")
    if start is not None:
        d = distance(start, tgt)
        if not lo <= d <= hi:
            return IllegalAction("out_of_range", f"{what} refused: from {to} the {enemy.spec.name} is "
                                 f"{count(d, 'tile')} away and {a(spec.name)} fires at {span}. Move next to it.")
        try:
            _check_move(state, ctx, pos, start, unit, f"{spec.name} {at} -> {to}", False)
        except IllegalAction as exc:
            return exc
        return None
    return IllegalAction("out_of_reach", f"{what} refused: the {enemy.spec.name} is "
                         f"{count(distance(pos, tgt), 'tile')} away, and no tile the {spec.name} can reach this "
                         f"turn ({count(movement_of(state, unit), 'movement point')}) is within its range of "
                         f"{span}. Move closer now and attack next turn.")


def _diagnose_unload(state: TacticsState, ctx: Context, action: Unload, pos: Pos, to: Pos, unit: Unit,
                     what: str) -> None:
    spec = unit.spec
    if spec.transport is None:
        raise IllegalAction("not_a_transport", f"{what}, unload refused: {a(spec.name)} carries nothing.")
    if not unit.cargo:
        raise IllegalAction("no_cargo", f"{what}, unload refused: the {spec.name} is empty.")
    if not spec.transport.unloads_anywhere and state.terrain(to) not in LANDER_BEACHES:
        raise IllegalAction("cannot_unload_here", f"{what}, unload refused: a Lander unloads only from shoal "
                            "or port. Move it onto a shoal or a port first.")
    drops = action.drops if isinstance(action.drops, tuple) else ()
    if not drops or not all(isinstance(d, tuple) and len(d) == 2 for d in drops):
        raise IllegalAction("bad_cargo", f"{what}, unload refused: drops must be (cargo slot, tile) pairs, "
                            "such as ((0, 'F5'),).")
    seen: set[Any] = set()
    for slot, tile in drops:
        if not isinstance(slot, int) or not 0 <= slot < len(unit.cargo) or slot in seen:
            raise IllegalAction("bad_cargo", f"{what}, unload refused: cargo slot {slot!r} is not aboard "
                                f"(slots 0-{len(unit.cargo) - 1}, each once).")
        seen.add(slot)
        drop = tile_of(state, tile, "Unload refused")
        if drop in seen or drop not in drop_tiles(state, ctx, pos, to, unit.cargo[slot]):
            raise IllegalAction("bad_drop", f"{what}, unload refused: the {unit.cargo[slot].spec.name} can't be "
                                f"dropped on {tile}. Drop on an empty neighbouring tile it can stand on, one "
                                "unit per tile.")
        seen.add(drop)
    raise IllegalAction("bad_cargo", f"{what}, unload refused: name at least one cargo slot and a tile.")


