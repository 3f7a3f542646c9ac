"""What is legal now (tactics.md, "Turns and days", "Movement", "Capturing", "Transports", "Combat and
damage", "Funds, properties and production", "Commander powers"): every unit's moves and actions,
builds and powers, as the player to move knows the board.

A unit's turn is one decision: a move (up to its movement points, never more than its fuel;
friends passed but not stopped on except to board a transport with room; enemies block) and then
one action. Under fog only the enemies the player sees block the way or can be attacked.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Any

from academy.core.errors import IllegalAction

from .actions import ActivatePower, Attack, Build, Capture, EndTurn, Load, Supply, Unload, Wait
from .board import Pos, Unit, adjacent, parse_tile, tile_name
from .commanders import LEVELS
from .movement import Reach, reachable
from .terrain import TERRAIN, move_cost, movement_points
from .units import UNITS
from .view import visible_units

if TYPE_CHECKING:
    from .state import TacticsState

LANDER_BEACHES = ("shoal", "port")
"""A Lander unloads only from shoal or port (tactics.md, "Transports")."""


@dataclass
class Context:
    """What the player to move knows: their units and the enemies they see."""

    player: int
    visible: dict[Pos, Unit]
    friends: set[Pos]
    enemies: set[Pos]


def context(state: TacticsState) -> Context:
    """The Context of the player to move (under fog only the enemies it sees)."""
    p = state.current
    visible = visible_units(state, p)
    return Context(p, visible, {q for q, u in state.units.items() if u.owner == p},
                   {q for q, u in visible.items() if u.owner != p})


def has_room(transport: Unit, cargo_type: str) -> bool:
    """Whether ``transport`` can take a unit of ``cargo_type`` now."""
    t = transport.spec.transport
    return t is not None and cargo_type in t.carries and len(transport.cargo) < t.capacity


def movement_of(state: TacticsState, unit: Unit) -> int:
    """Movement points this turn: the unit's (weather) plus a running power's bonus."""
    cmdr = state.commander_of(unit.owner)
    bonus = cmdr.move_bonus(state.power[unit.owner]) if cmdr else 0
    return movement_points(unit.type, state.game.options["weather"]) + bonus


def reach_of(state: TacticsState, pos: Pos, ctx: Context | None = None, *, fuel: bool = True,
             enemies: bool = True) -> Reach:
    """Where the unit on ``pos`` can go this turn, as its owner knows the board."""
    ctx = ctx or context(state)
    unit = state.units[pos]
    boardable = [q for q in ctx.friends if q != pos and has_room(state.units[q], unit.type)]
    return reachable(state.game.map.grid, unit.type, pos, movement=movement_of(state, unit),
                     fuel=unit.fuel if fuel else None, friends=ctx.friends,
                     enemies=ctx.enemies if enemies else (), boardable=boardable,
                     weather=state.game.options["weather"])


# --- legal actions -------------------------------------------------------------------------------

def can_stand(state: TacticsState, unit_type_id: str, pos: Pos) -> bool:
    return move_cost(state.terrain(pos), unit_type_id, state.game.options["weather"]) is not None


def drop_tiles(state: TacticsState, ctx: Context, start: Pos, to: Pos, cargo: Unit) -> list[Pos]:
    w, h = state.game.map.width, state.game.map.height
    return [n for n in adjacent(to, w, h)
            if (n == start or n not in ctx.visible) and can_stand(state, cargo.type, n)]


def _unloads(state: TacticsState, ctx: Context, start: Pos, to: Pos, unit: Unit) -> list[Unload]:
    spec = unit.spec.transport
    if spec is None or not unit.cargo or (not spec.unloads_anywhere and state.terrain(to) not in LANDER_BEACHES):
        return []
    at, tn = tile_name(start), tile_name(to)
    options = {i: drop_tiles(state, ctx, start, to, c) for i, c in enumerate(unit.cargo)}
    out: list[Unload] = []
    slots = list(options)
    for mask in range(1, 1 << len(slots)):
        chosen = [s for k, s in enumerate(slots) if mask >> k & 1]
        tiles = sorted({t for s in chosen for t in options[s]}, key=lambda p: p[::-1])
        for combo in permutations(tiles, len(chosen)):
            if all(t in options[s] for s, t in zip(chosen, combo)):
                out.append(Unload(at, tn, tuple((s, tile_name(t)) for s, t in zip(chosen, combo))))
    return out


def _hittable(ctx: Context, unit: Unit) -> list[Pos]:
    """The visible enemies (in board order) that some usable weapon of ``unit`` can hit."""
    spec = unit.spec
    if not spec.weapons:
        return []
    return [e for e in sorted(ctx.enemies, key=lambda p: p[::-1])
            if spec.weapon_against(ctx.visible[e].type, unit.ammo) is not None]


def _targets(hittable: list[Pos], start: Pos, to: Pos, unit: Unit) -> list[Pos]:
    spec = unit.spec
    if not hittable or (spec.is_indirect and to != start):
        return []
    lo, hi = spec.min_range or 0, spec.max_range or 0
    x, y = to
    return [e for e in hittable if lo <= abs(e[0] - x) + abs(e[1] - y) <= hi]


def unit_actions(state: TacticsState, pos: Pos, ctx: Context | None = None) -> list[Any]:
    """Every legal move-and-action of the unit on ``pos`` (which must be the mover's and not have acted)."""
    ctx = ctx or context(state)
    unit = state.units[pos]
    spec = unit.spec
    at = tile_name(pos)
    out: list[Any] = []
    w, h = state.game.map.width, state.game.map.height
    hittable = _hittable(ctx, unit)
    for to in sorted(reach_of(state, pos, ctx).tiles, key=lambda p: p[::-1]):
        tn = tile_name(to)
        other = state.units.get(to) if to != pos else None
        if other is not None and other.owner == ctx.player:
            out.append(Load(at, tn))
            continue
        out.append(Wait(at, tn))
        out += [Attack(at, tn, tile_name(e)) for e in _targets(hittable, pos, to, unit)]
        if spec.can_capture and to in state.owners and state.owners[to] != ctx.player:
            out.append(Capture(at, tn))
        if unit.cargo:
            out += _unloads(state, ctx, pos, to, unit)
        if unit.type == "apc" and any(n != pos and n in ctx.friends for n in adjacent(to, w, h)):
            out.append(Supply(at, tn))
    return out


def production_menu(state: TacticsState, at: str) -> list[tuple[str, int, int]]:
    """What the player to move could build on ``at`` (tactics.md, "Production"): one ``(unit id, cost,
    funds short)`` per unit that property type builds (in the units table's order), ``funds short`` 0 when affordable;
    empty unless ``at`` is their own empty factory, airport or port.

    >>> from academy.games.tactics.game import TacticsGame
    >>> s = TacticsGame(map="river_crossing").new_initial_state(seed=1)
    >>> s.funds[0], production_menu(s, "C2")[5]
    (6000, ('tank', 7000, 1000))
    """
    try:
        pos = parse_tile(at, state.game.map.width, state.game.map.height)
    except IllegalAction:
        return []
    kind = state.terrain(pos)
    if state.owners.get(pos) != state.current or pos in state.units or TERRAIN[kind].builds is None:
        return []
    funds = state.funds[state.current]
    return [(u.id, u.cost, max(0, u.cost - funds))
            for u in UNITS.values() if u.built_at == kind]


def builds(state: TacticsState) -> list[Build]:
    """Every unit the player to move can build now: own production property, empty, affordable."""
    out = []
    for pos in sorted(state.properties_of(state.current), key=lambda q: q[::-1]):
        at = tile_name(pos)
        out += [Build(unit, at) for unit, _, short in production_menu(state, at) if not short]
    return out


def powers(state: TacticsState) -> list[ActivatePower]:
    """The powers the player to move can use now (a full meter, no power running)."""
    p = state.current
    cmdr = state.commander_of(p)
    if cmdr is None or state.power[p]:
        return []
    return [ActivatePower(level) for level in LEVELS if state.meter[p] >= cmdr.cost(level)]


def legal_actions(state: TacticsState) -> list[Any]:
    """Every legal decision of the player to move: unit turns, builds, powers, end turn."""
    ctx = context(state)
    out: list[Any] = []
    for pos in sorted(ctx.friends, key=lambda q: q[::-1]):
        if not state.units[pos].acted:
            out += unit_actions(state, pos, ctx)
    return out + builds(state) + powers(state) + [EndTurn()]


def tile_of(state: TacticsState, text: object, what: str) -> Pos:
    """(x, y) of a tile name; raises IllegalAction(reason="bad_tile") prefixed with ``what``."""
    try:
        return parse_tile(text, state.game.map.width, state.game.map.height)
    except IllegalAction as exc:
        raise IllegalAction(exc.reason, f"{what}: {exc.message}") from None
