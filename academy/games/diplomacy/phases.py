"""The phase sequence, retreats and adjustments (builds, disbands, civil disorder).

Spring orders, Spring retreats, Fall orders, Fall retreats, Winter adjustments; a retreat
or adjustment phase in which nobody has anything to do is skipped. Supply centres change
hands after the Fall (after its retreats).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from .mapdata import province_of
from .orders import Build, Disband, Retreat, Waive, format_order
from .position import Phase, Position, Unit

if TYPE_CHECKING:
    from .adjudicate import Resolution


def _update_centers(pos: Position) -> Position:
    centers = dict(pos.supply_centers)
    for prov, u in pos.units.items():
        if pos.dmap.provinces[prov].supply_center:
            centers[prov] = u.power
    return replace(pos, supply_centers=centers)


def adjustment_counts(pos: Position) -> dict[str, int]:
    """Per power: centres minus units (positive = builds allowed, negative = disbands owed)."""
    out = {}
    for pw in pos.dmap.powers:
        out[pw] = len(pos.centers_of(pw)) - len(pos.units_of(pw))
    return out


def buildable_sites(pos: Position, power: str) -> list[str]:
    return [c for c in pos.dmap.home_centers(power)
            if pos.supply_centers.get(c) == power and c not in pos.units]


def _needs_adjustments(pos: Position) -> bool:
    for pw, n in adjustment_counts(pos).items():
        if n < 0 or (n > 0 and buildable_sites(pos, pw)):
            return True
    return False


def next_phase_after(pos: Position) -> Position:
    """The position moved on to the next phase in which someone has something to do."""
    ph = pos.phase
    if ph.kind == "M":
        if pos.dislodged:
            return replace(pos, phase=Phase(ph.season, ph.year, "R"))
        return _after_season(pos)
    if ph.kind == "R":
        return _after_season(replace(pos, dislodged=(), contested=frozenset()))
    return replace(pos, phase=Phase("S", ph.year + 1, "M"), dislodged=(), contested=frozenset())


def _after_season(pos: Position) -> Position:
    ph = pos.phase
    pos = replace(pos, dislodged=(), contested=frozenset())
    if ph.season == "S":
        return replace(pos, phase=Phase("F", ph.year, "M"))
    pos = _update_centers(pos)
    if _needs_adjustments(pos):
        return replace(pos, phase=Phase("W", ph.year, "A"))
    return replace(pos, phase=Phase("S", ph.year + 1, "M"))


def retreat_options(pos: Position, unit: Unit, attacked_from: str | None, via_convoy: bool) -> list[str]:
    m = pos.dmap
    if unit.kind == "A":
        cands = sorted(m.army_adj[unit.province])
    else:
        cands = sorted(m.fleet_adj[unit.location])
    out = []
    for c in cands:
        p = province_of(c)
        if p in pos.units or p in pos.contested:
            continue
        if p == attacked_from and not via_convoy:
            continue
        out.append(c)
    return out


def adjudicate_retreats(pos: Position, orders: Mapping[str, Iterable[str]]) -> Resolution:
    from .adjudicate import FAILS, SUCCEEDS, Resolution, parse_power_orders
    results: dict[str, str] = {}
    reasons: dict[str, str] = {}
    parsed = {}
    by_prov = {d.unit.province: d for d in pos.dislodged}
    chosen: dict[str, tuple[str, object]] = {}
    for power, key, o, err in parse_power_orders(pos, orders):
        parsed[key] = o
        if err is None and o is not None:
            if not isinstance(o, (Retreat, Disband)):
                err = f"{format_order(o)} is not a retreat-phase order; write 'A MUN R BOH' or 'A MUN D'."
            else:
                d = by_prov.get(o.unit.province)
                if d is None:
                    err = f"There is no dislodged unit in {o.unit.province}."
                elif d.unit.power != power:
                    err = f"{d.unit} belongs to {d.unit.power}, not {power}."
                elif o.unit.province in chosen:
                    err = f"{o.unit.province} already has an order."
        if err is not None:
            results[key], reasons[key] = FAILS, err
            continue
        chosen[o.unit.province] = (key, o)
    targets: dict[str, list[str]] = {}
    valid: dict[str, str] = {}
    for prov, (key, o) in chosen.items():
        d = by_prov[prov]
        if isinstance(o, Disband):
            results[key], reasons[key] = SUCCEEDS, f"{d.unit} is disbanded."
            continue
        assert isinstance(o, Retreat)
        opts = retreat_options(pos, d.unit, d.attacked_from, d.via_convoy)
        dest = o.dest
        if "/" not in dest and d.unit.kind == "F":
            fits = [x for x in opts if province_of(x) == dest]
            dest = fits[0] if len(fits) == 1 else dest
        if d.unit.kind == "A":
            dest = province_of(dest)
        if dest not in opts:
            results[key] = FAILS
            reasons[key] = (f"{d.unit} R {o.dest}: not a legal retreat (possible: {', '.join(opts) or 'none'}); "
                            "the unit is disbanded.")
            continue
        valid[prov] = dest
        targets.setdefault(province_of(dest), []).append(prov)
    units = dict(pos.units)
    for prov, dest in valid.items():
        key = chosen[prov][0]
        d = by_prov[prov]
        rivals = [q for q in targets[province_of(dest)] if q != prov]
        if rivals:
            results[key] = FAILS
            reasons[key] = f"{d.unit} R {dest}: {by_prov[rivals[0]].unit} retreats there too; both are disbanded."
        else:
            results[key], reasons[key] = SUCCEEDS, f"{d.unit} retreats to {dest}."
            units[province_of(dest)] = replace(d.unit, location=dest)
    new = next_phase_after(replace(pos, units=units))
    return Resolution(results, reasons, new, parsed)


def civil_disorder_disbands(pos: Position, power: str, count: int, keep_out: set[str]) -> list[str]:
    """Provinces of the units disbanded by the distance rule: farthest from an owned home centre
    first (counting moves over land and sea alike), fleets before armies, then alphabetical."""
    m = pos.dmap
    homes = [c for c in m.home_centers(power) if pos.supply_centers.get(c) == power]
    neighbours: dict[str, set[str]] = {p: set(m.army_adj[p]) for p in m.provinces}
    for loc, ns in m.fleet_adj.items():
        neighbours[province_of(loc)].update(province_of(n) for n in ns)
    dist: dict[str, int] = {h: 0 for h in homes}
    queue = deque(homes)
    while queue:
        p = queue.popleft()
        for n in neighbours[p]:
            if n not in dist:
                dist[n] = dist[p] + 1
                queue.append(n)
    cands = [u for u in pos.units_of(power) if u.province not in keep_out]
    cands.sort(key=lambda u: (-dist.get(u.province, 99), 0 if u.kind == "F" else 1, m.name_of(u.province)))
    return [u.province for u in cands[:count]]


def adjudicate_adjustments(pos: Position, orders: Mapping[str, Iterable[str]]) -> Resolution:
    from .adjudicate import FAILS, SUCCEEDS, Resolution, parse_power_orders
    m = pos.dmap
    results: dict[str, str] = {}
    reasons: dict[str, str] = {}
    parsed = {}
    counts = adjustment_counts(pos)
    units = dict(pos.units)
    done: dict[str, int] = {pw: 0 for pw in m.powers}
    disbanded: dict[str, set[str]] = {pw: set() for pw in m.powers}
    for power, key, o, err in parse_power_orders(pos, orders):
        parsed[key] = o
        if err is None and o is not None:
            n = counts.get(power, 0)
            if isinstance(o, Waive):
                if n <= done[power]:
                    err = f"{power} has no build left to waive."
                else:
                    done[power] += 1
                    results[key], reasons[key] = SUCCEEDS, f"{power} waives a build."
                    continue
            elif isinstance(o, Build):
                prov = o.unit.province
                kind = o.unit.kind or "A"
                p = m.provinces[prov]
                if n <= done[power]:
                    err = f"{power} has no build left ({len(pos.centers_of(power))} centres, " \
                          f"{len(pos.units_of(power))} units)."
                elif p.home != power:
                    err = f"{prov} is not a home centre of {power}; build only in your own home centres."
                elif pos.supply_centers.get(prov) != power:
                    err = f"{power} does not control {prov} now, so it cannot build there."
                elif prov in units:
                    err = f"{prov} is occupied; build only in an empty home centre."
                elif kind == "F" and p.kind != "coast":
                    err = f"A fleet cannot be built in {p.name}, inland."
                elif kind == "F" and p.coasts and "/" not in o.unit.location:
                    err = f"Say which coast: {', '.join(m.fleet_locations(prov))}."
                else:
                    units[prov] = Unit(power, kind, o.unit.location if kind == "F" else prov)
                    done[power] += 1
                    results[key], reasons[key] = SUCCEEDS, f"{power} builds {units[prov]}."
                    continue
            elif isinstance(o, Disband):
                prov = o.unit.province
                u = units.get(prov)
                if n >= 0 or -n <= done[power]:
                    err = f"{power} owes no disband."
                elif u is None or u.power != power or prov in disbanded[power]:
                    err = f"{power} has no unit in {prov} to disband."
                else:
                    del units[prov]
                    disbanded[power].add(prov)
                    done[power] += 1
                    results[key], reasons[key] = SUCCEEDS, f"{u} is disbanded."
                    continue
            else:
                err = f"{format_order(o)} is not an adjustment order; write 'A PAR B', 'F TRI D' or 'WAIVE'."
        results[key], reasons[key] = FAILS, err or "not understood"
    for pw, n in counts.items():
        owed = -n - done[pw]
        if n < 0 and owed > 0:
            for prov in civil_disorder_disbands(replace(pos, units=units), pw, owed, set()):
                del units[prov]
    new = replace(pos, units=units, phase=Phase("S", pos.phase.year + 1, "M"), dislodged=(), contested=frozenset())
    return Resolution(results, reasons, new, parsed)
