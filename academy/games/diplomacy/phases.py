"""The phase sequence, retreats and adjustments (builds, disbands, civil disorder).

Spring orders, Spring retreats, Fall orders, Fall retreats, Winter adjustments; a retreat
or adjustment phase in which nobody has anything to do is skipped. Supply centres change
hands after the Fall (after its retreats).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from typing import Any

import networkx as nx

from academy.core import graph
from academy.core.text import count, listing, plural

from .mapdata import DiplomacyMap, province_of
from .orders import Build, Disband, Move, Retreat, Waive, format_order
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
    """Adjudicate a retreat phase. A retreat may be written 'A MUN R BOH' or, as the DATC does,
    'A MUN - BOH'. Each outcome is also given as data in ``details`` (retreated, disbanded,
    illegal_retreat, retreat_bounce, no_retreat)."""
    from .adjudicate import FAILS, SUCCEEDS, Resolution, parse_power_orders, rows_of_given
    results: dict[str, str] = {}
    reasons: dict[str, str] = {}
    details: dict[str, dict[str, Any]] = {}
    parsed = {}
    by_prov = {d.unit.province: d for d in pos.dislodged}
    chosen: dict[str, tuple[str, object]] = {}
    given = parse_power_orders(pos, orders)
    for power, key, o, err, _text in given:
        parsed[key] = o
        kind = "invalid"
        if isinstance(o, Move) and not o.via_convoy and o.unit.province in by_prov:
            o = Retreat(o.unit, o.dest)       # "F TRI - ALB" written for a dislodged unit is a retreat
        if err is None and o is not None:
            if not isinstance(o, (Retreat, Disband)):
                err = f"{format_order(o)} is not a retreat-phase order; write 'A MUN R BOH' or 'A MUN D'."
            else:
                d = by_prov.get(o.unit.province)
                if d is None:
                    err = f"There is no dislodged unit in {o.unit.province}."
                elif d.unit.power != power:
                    err = f"{d.unit} belongs to {d.unit.power.title()}, not {power.title()}."
                elif o.unit.province in chosen:
                    err = (f"{o.unit.province} already has an order ({format_order(chosen[o.unit.province][1])}); "
                           "a unit takes one order per phase, so this one is ignored.")
                    kind = "duplicate"
        if err is not None:
            results[key], reasons[key] = FAILS, err
            details[key] = {"kind": kind, "reason": err}
            continue
        chosen[o.unit.province] = (key, o)
    targets: dict[str, list[str]] = {}
    valid: dict[str, str] = {}
    for prov, (key, o) in chosen.items():
        d = by_prov[prov]
        if isinstance(o, Disband):
            results[key], reasons[key] = SUCCEEDS, f"{d.unit} is disbanded."
            details[key] = {"kind": "disbanded"}
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
            if opts:
                reasons[key] = (f"{d.unit} R {o.dest}: not a legal retreat (possible: {', '.join(opts)}); "
                                "the unit is disbanded.")
                details[key] = {"kind": "illegal_retreat", "to": o.dest, "options": opts}
            else:
                reasons[key] = (f"{d.unit} R {o.dest}: {d.unit} has no legal retreat at all, so it is "
                                "disbanded.")
                details[key] = {"kind": "no_retreat", "to": o.dest, "options": []}
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
            others = listing(str(by_prov[q].unit) for q in rivals)
            reasons[key] = (f"{d.unit} R {dest}: {others} {plural(len(rivals), 'retreats', 'retreat')} there "
                            f"too; {'all three' if len(rivals) == 2 else 'both' if len(rivals) == 1 else 'all'} "
                            "are disbanded.")
            details[key] = {"kind": "retreat_bounce", "to": dest, "with": [str(by_prov[q].unit) for q in rivals]}
        else:
            results[key], reasons[key] = SUCCEEDS, f"{d.unit} retreats to {dest}."
            details[key] = {"kind": "retreated", "to": dest}
            units[province_of(dest)] = replace(d.unit, location=dest)
    for prov, d in by_prov.items():
        if prov not in chosen:
            opts = retreat_options(pos, d.unit, d.attacked_from, d.via_convoy)
            # keyed by the unit, or when a refused order holds that key, by its power and unit
            key = str(d.unit) if str(d.unit) not in details else f"{d.unit.power}: {d.unit} (no order)"
            details[key] = {"kind": "no_retreat", "options": []} if not opts else {"kind": "no_order", "options": opts}
    new = next_phase_after(replace(pos, units=units))
    return Resolution(results, reasons, new, parsed, details=details, before=pos, rows=rows_of_given(given))


def land_and_sea(m: DiplomacyMap) -> nx.Graph:
    """The provinces as a graph, an edge between neighbours by land or by sea; built once per map."""
    def build() -> nx.Graph:
        neighbours: dict[str, set[str]] = {p: set(m.army_adj[p]) for p in m.provinces}
        for loc, ns in m.fleet_adj.items():
            neighbours[province_of(loc)].update(province_of(n) for n in ns)
        return graph.graph_of(neighbours)
    return graph.map_graph(m, build, "land_and_sea")


def _land_and_sea(m: DiplomacyMap) -> Mapping[str, tuple[str, ...]]:
    """Province -> its neighbours by land or by sea, sorted; built once per map."""
    return graph.adjacency(land_and_sea(m))


def civil_disorder_distances(pos: Position, power: str) -> dict[str, int]:
    """Steps from each province to the nearest supply centre ``power`` owns (2023 rules), moving
    over land and sea alike whatever the unit (DATC 6.J.6, 6.J.10, 6.J.11)."""
    return graph.steps(land_and_sea(pos.dmap), [c for c, pw in pos.supply_centers.items() if pw == power])


def civil_disorder_disbands(pos: Position, power: str, count: int, keep_out: set[str]) -> list[str]:
    """Provinces of the units disbanded by the distance rule: farthest from a supply centre the
    power owns first (2023 rules; counting moves over land and sea alike), fleets before armies,
    then alphabetical by province name (DATC 6.J.3-6.J.11)."""
    m = pos.dmap
    dist = civil_disorder_distances(pos, power)
    cands = [u for u in pos.units_of(power) if u.province not in keep_out]
    cands.sort(key=lambda u: (-dist.get(u.province, 99), 0 if u.kind == "F" else 1, m.name_of(u.province)))
    return [u.province for u in cands[:count]]


def adjudicate_adjustments(pos: Position, orders: Mapping[str, Iterable[str]]) -> Resolution:
    """Adjudicate a Winter adjustment phase: orders are taken one by one until the power's builds or
    disbands are used up (DATC 6.I.1, 6.J.1); disbands still owed are made by civil disorder, whose
    removals appear in ``details`` under the removed unit with kind "civil_disorder"."""
    from .adjudicate import FAILS, SUCCEEDS, Resolution, parse_power_orders, rows_of_given
    m = pos.dmap
    results: dict[str, str] = {}
    reasons: dict[str, str] = {}
    details: dict[str, dict[str, Any]] = {}
    parsed = {}
    counts = adjustment_counts(pos)
    units = dict(pos.units)
    done: dict[str, int] = {pw: 0 for pw in m.powers}
    disbanded: dict[str, set[str]] = {pw: set() for pw in m.powers}
    given = parse_power_orders(pos, orders)
    built: dict[str, str] = {}          # province -> the order that built there this phase
    for power, key, o, err, text in given:
        name = power.title()             # in sentences: 'France builds A PAR.'
        parsed[key] = o
        duplicate = False
        if err is None and o is not None:
            n = counts.get(power, 0)
            if isinstance(o, Waive):
                if n <= done[power]:
                    err = f"{name} has no build left to waive."
                else:
                    done[power] += 1
                    results[key], reasons[key] = SUCCEEDS, f"{name} waives a build."
                    details[key] = {"kind": "waived"}
                    continue
            elif isinstance(o, Build):
                prov = o.unit.province
                kind = o.unit.kind or "A"
                p = m.provinces[prov]
                if prov in built and units[prov].power == power:
                    err = (f"{text}: {name} already builds {units[prov]} in {prov} this phase ({built[prov]}, "
                           "an earlier order); this duplicate order is ignored.")
                    duplicate = True
                elif n <= done[power]:
                    err = f"{name} has no build left ({count(len(pos.centers_of(power)), 'centre')}, " \
                          f"{count(len(pos.units_of(power)), 'unit')})."
                elif p.home != power:
                    err = f"{prov} is not a home centre of {name}; build only in your own home centres."
                elif pos.supply_centers.get(prov) != power:
                    err = f"{name} does not control {prov} now, so it cannot build there."
                elif prov in units:
                    err = f"{prov} is occupied; build only in an empty home centre."
                elif kind == "F" and p.kind != "coast":
                    err = f"A fleet cannot be built in {p.name}, inland."
                elif kind == "F" and p.coasts and "/" not in o.unit.location:
                    err = f"Say which coast: {', '.join(m.fleet_locations(prov))}."
                else:
                    units[prov] = Unit(power, kind, o.unit.location if kind == "F" else prov)
                    built[prov] = text
                    done[power] += 1
                    results[key], reasons[key] = SUCCEEDS, f"{name} builds {units[prov]}."
                    details[key] = {"kind": "built", "unit": str(units[prov])}
                    continue
            elif isinstance(o, Disband):
                prov = o.unit.province
                u = units.get(prov)
                if prov in disbanded[power]:
                    err = (f"{text}: the unit in {prov} is already disbanded by an earlier order this phase; "
                           "this duplicate order is ignored.")
                    duplicate = True
                elif n >= 0 or -n <= done[power]:
                    err = f"{name} owes no disband."
                elif u is None or u.power != power:
                    err = f"{name} has no unit in {prov} to disband."
                else:
                    del units[prov]
                    disbanded[power].add(prov)
                    done[power] += 1
                    results[key], reasons[key] = SUCCEEDS, f"{u} is disbanded."
                    details[key] = {"kind": "disbanded", "unit": str(u)}
                    continue
            else:
                err = f"{format_order(o)} is not an adjustment order; write 'A PAR B', 'F TRI D' or 'WAIVE'."
        results[key], reasons[key] = FAILS, err or "not understood"
        details[key] = {"kind": "duplicate" if duplicate else "illegal", "reason": reasons[key]}
    for pw, n in counts.items():
        owed = -n - done[pw]
        if n < 0 and owed > 0:
            now = replace(pos, units=units)
            dist = civil_disorder_distances(now, pw)
            for prov in civil_disorder_disbands(now, pw, owed, set()):
                u = units.pop(prov)
                steps = dist.get(prov)
                far = f"{count(steps, 'step')} from its nearest owned supply centre" \
                    if steps is not None else "with no owned supply centre in reach"
                key = str(u) if str(u) not in details else f"{pw}: {u} removed by civil disorder"
                details[key] = {
                    "kind": "civil_disorder", "unit": str(u), "power": pw, "distance": steps,
                    "reason": f"{pw} owed {count(owed, 'more disband')} and ordered none: "
                              f"{u} is removed by civil disorder ({far}; the farthest unit goes first, fleets "
                              "before armies at equal distance, then alphabetical order)."}
    new = replace(pos, units=units, phase=Phase("S", pos.phase.year + 1, "M"), dislodged=(), contested=frozenset())
    return Resolution(results, reasons, new, parsed, details=details, before=pos, rows=rows_of_given(given))
