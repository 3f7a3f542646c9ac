"""Turns, days, upkeep and the end of the game (tactics.md, "Turns and days", "Winning and losing",
"Repair, fuel and ammo").

Upkeep at the start of a turn, in the document's order: a running power ends; income; daily
fuel for aircraft and ships (from day 2); paid repair and free resupply on own properties;
APC resupply of neighbours; aircraft and ships at 0 fuel are lost; a player left with no
units is out.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from academy.core.protocol import Event

from . import missions
from .board import adjacent, tile_name
from .state import event
from .terrain import TERRAIN

if TYPE_CHECKING:
    from .state import TacticsState

REPAIR_HP = 2
"""A unit on a property that serves it repairs up to 2 HP a turn."""


def serves(terrain: str, unit_class: str) -> bool:
    """Whether a property of ``terrain`` repairs and resupplies units of ``unit_class``."""
    return unit_class in TERRAIN[terrain].serves


def start_turn(state: TacticsState) -> list[Event]:
    """Run the upkeep of ``state.current`` and reset its units; returns what happened."""
    p, name = state.current, state.game.player_name(state.current)
    out: list[Event] = []
    if state.power[p]:
        out.append(event("power_end", f"{name}'s power ends.", player=p))
        state.power[p] = None
    owned = state.properties_of(p)
    pay = len(owned) * int(state.game.options["income"])
    state.funds[p] += pay
    out.append(event("income", f"{name} earns {pay:,} funds from {len(owned)} properties.", player=p, funds=pay))
    mine = sorted(state.units_of(p).items(), key=lambda kv: kv[0][::-1])
    for pos, unit in mine:
        unit.acted = False
        for c in unit.cargo:
            c.acted = False
    if state.day >= 2:
        for pos, unit in mine:
            if unit.spec.fuel_per_day:
                unit.fuel = max(0, unit.fuel - unit.spec.fuel_per_day)
    for pos, unit in mine:
        terrain = state.terrain(pos)
        if state.owners.get(pos) != p or not serves(terrain, unit.spec.unit_class):
            continue
        gain = 0
        if state.game.options["repairs"]:
            per_hp = unit.spec.cost // 10
            gain = max(0, min(REPAIR_HP, 10 - unit.hp, state.funds[p] // per_hp))
            if gain:
                state.funds[p] -= gain * per_hp
                unit.health = min(100, unit.health + 10 * gain)
        refilled = unit.resupply()
        if gain or refilled:
            out.append(event("repair", f"{unit.spec.name} {tile_name(pos)}: "
                             + (f"repaired {gain} HP for {gain * (unit.spec.cost // 10):,} funds, " if gain else "")
                             + "refuelled and rearmed.", tile=tile_name(pos), hp=gain))
    for pos, unit in mine:
        if unit.type == "apc" and pos in state.units:
            out += supply_around(state, pos)
    for pos, unit in mine:
        if unit.spec.fuel_per_day and unit.fuel == 0:
            del state.units[pos]
            state.capture.pop(pos, None)
            out.append(event("crash", f"{unit.spec.name} {tile_name(pos)} ran out of fuel and is lost.",
                             tile=tile_name(pos)))
    out += check_knockouts(state)
    return out


def supply_around(state: TacticsState, pos: tuple[int, int]) -> list[Event]:
    """The APC on ``pos`` refuels and rearms the friendly units next to it (never repairs)."""
    apc = state.units[pos]
    out = []
    for n in adjacent(pos, state.game.map.width, state.game.map.height):
        friend = state.units.get(n)
        if friend is not None and friend.owner == apc.owner and friend.resupply():
            out.append(event("supply", f"APC {tile_name(pos)} resupplies {friend.spec.name} {tile_name(n)}.",
                             tile=tile_name(n)))
    return out


def knock_out(state: TacticsState, player: int, why: str) -> list[Event]:
    """Knock ``player`` out: their units are removed, their properties become neutral."""
    if not state.alive[player]:
        return []
    state.alive[player] = False
    for pos in [p for p, u in state.units.items() if u.owner == player]:
        del state.units[pos]
        state.capture.pop(pos, None)
    for pos, owner in state.owners.items():
        if owner == player:
            state.owners[pos] = None
    out = [event("knock_out", f"{state.game.player_name(player)} is out: {why}.", player=player)]
    left = [p for p, a in enumerate(state.alive) if a]
    if len(left) == 1:
        state.over, state.won_by, state.pending = True, left[0], None
        out.append(event("victory", f"{state.game.player_name(left[0])} wins.", winner=left[0]))
    return out


def check_knockouts(state: TacticsState) -> list[Event]:
    """Knock out every player still in who has no units left (cargo counts)."""
    out: list[Event] = []
    for p, alive in enumerate(state.alive):
        if alive and not state.over and state.unit_count(p) == 0:
            out += knock_out(state, p, "no units left")
    return out


def end_turn(state: TacticsState) -> list[Event]:
    """Pass the turn to the next player still in; a new day starts after the last. Runs upkeep.

    With a ``day_limit``, the game ends when that day is over: most properties wins, a tie is a draw.
    """
    n = state.game.num_players
    out = [event("end_turn", f"{state.game.player_name(state.current)} ends the turn.", player=state.current)]
    nxt = state.current
    while True:
        nxt = (nxt + 1) % n
        if nxt == 0:
            out += missions.check(state, day_over=True)
            if state.over:
                return out
            state.day += 1
            limit = state.game.options["day_limit"]
            if limit is not None and state.day > limit:
                return out + _time_up(state)
        if state.alive[nxt]:
            break
    state.current = nxt
    out += start_turn(state)
    if not state.over and not state.alive[state.current]:
        out += end_turn(state)
    return out


def _time_up(state: TacticsState) -> list[Event]:
    counts = {p: len(state.properties_of(p)) for p, a in enumerate(state.alive) if a}
    best = max(counts.values())
    leaders = [p for p, c in counts.items() if c == best]
    state.over = True
    state.day -= 1
    if len(leaders) == 1:
        state.won_by = leaders[0]
        return [event("victory", f"The day limit is over: {state.game.player_name(leaders[0])} wins with "
                                 f"{best} properties.", winner=leaders[0])]
    return [event("draw", f"The day limit is over: a draw, {best} properties each.", winner=None)]
