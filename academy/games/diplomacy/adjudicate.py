"""``adjudicate(position, orders)``: validate the orders, resolve them, explain every outcome.

An order that is not understood, names a unit that is not there, or breaks a rule is a
result ("fails" with its reason), never an exception: the unit then holds.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from academy.core.errors import RulesError

from .mapdata import province_of
from .orders import (Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, UnitRef,
                     Waive, format_order, parse_order)
from .position import Dislodged, Position, Unit
from .resolve import MovementOutcome, Resolver

SUCCEEDS, FAILS = "succeeds", "fails"


@dataclass
class Resolution:
    """The outcome of one phase: per order "succeeds"/"fails", a reason sentence, the next position."""

    results: dict[str, str]
    reasons: dict[str, str]
    position: Position
    orders: dict[str, Order | None] = field(default_factory=dict)   # key -> parsed order (None if not understood)
    outcome: MovementOutcome | None = None


class _Invalid(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _key(order: Order | None, raw: str) -> str:
    if order is None or isinstance(order, Waive):
        return raw.strip()
    return str(order.unit)


def adjudicate(pos: Position, orders: Mapping[str, Iterable[str]]) -> Resolution:
    """Adjudicate one phase. ``orders`` maps each power to its order texts."""
    if pos.phase.kind == "M":
        return _movement(pos, orders)
    from .phases import adjudicate_adjustments, adjudicate_retreats
    if pos.phase.kind == "R":
        return adjudicate_retreats(pos, orders)
    return adjudicate_adjustments(pos, orders)


def parse_power_orders(pos: Position, orders: Mapping[str, Iterable[str]]
                       ) -> list[tuple[str, str, Order | None, str | None]]:
    """(power, key, order or None, error reason or None) for every text, in order."""
    out = []
    for power, texts in orders.items():
        pw = str(power).strip().upper()
        if isinstance(texts, str):
            texts = [texts]
        for raw in texts or ():
            try:
                o = parse_order(raw, pos.dmap)
            except RulesError as exc:
                out.append((pw, str(raw).strip(), None, f"Order {str(raw).strip()!r} not understood: {exc}"))
                continue
            err = None
            if pw not in pos.dmap.powers:
                err = f"{power!r} is not a power; the powers are {', '.join(pos.dmap.powers)}."
            out.append((pw, _key(o, raw), o, err))
    return out


def _movement(pos: Position, orders: Mapping[str, Iterable[str]]) -> Resolution:
    m = pos.dmap
    results: dict[str, str] = {}
    reasons: dict[str, str] = {}
    parsed: dict[str, Order | None] = {}
    chosen: dict[str, tuple[str, Order]] = {}      # province -> (key, order)
    for power, key, o, err in parse_power_orders(pos, orders):
        parsed[key] = o
        if err is None and o is not None:
            err = _check_unit(pos, power, o)
            if err is None and o.unit.province in chosen:
                err = f"{o.unit.province} already has an order ({format_order(chosen[o.unit.province][1])}); " \
                      "a unit takes one order per phase."
        if err is not None:
            results[key], reasons[key] = FAILS, err
            continue
        assert o is not None
        chosen[o.unit.province] = (key, o)

    # legality: an illegal order is a hold
    effective: dict[str, Order] = {}
    illegal: dict[str, str] = {}
    for prov, unit in pos.units.items():
        if prov not in chosen:
            effective[prov] = Hold(UnitRef(unit.kind, unit.location))
            continue
        key, o = chosen[prov]
        try:
            effective[prov] = _legal(pos, unit, o)
        except _Invalid as exc:
            illegal[prov] = exc.reason
            effective[prov] = Hold(UnitRef(unit.kind, unit.location))
    resolver = Resolver(m, pos.units, effective)
    out = resolver.run()

    for prov, (key, o) in chosen.items():
        if prov in illegal:
            results[key], reasons[key] = FAILS, illegal[prov]
            continue
        ok, why = _explain(pos, resolver, out, prov, o)
        results[key], reasons[key] = (SUCCEEDS if ok else FAILS), why
    return Resolution(results, reasons, _after_movement(pos, out), parsed, out)


def _check_unit(pos: Position, power: str, o: Order) -> str | None:
    if isinstance(o, Waive):
        return "WAIVE is an adjustment-phase order; in a movement phase give orders to units."
    if isinstance(o, (Retreat, Disband, Build)):
        return f"{format_order(o)} is not a movement-phase order (phase {pos.phase})."
    u = pos.units.get(o.unit.province)
    if u is None:
        return f"There is no unit in {o.unit.province} to order."
    if o.unit.kind and o.unit.kind != u.kind:
        what = "an army" if u.kind == "A" else "a fleet"
        return f"The unit in {o.unit.province} is {what} ({u}), not {'an army' if o.unit.kind == 'A' else 'a fleet'}."
    if u.power != power:
        return f"{u} belongs to {u.power}, not {power}; a power orders only its own units."
    return None


def _legal(pos: Position, unit: Unit, o: Order) -> Order:
    """The order with its destination made exact, or _Invalid with the reason it is illegal."""
    m = pos.dmap
    here = unit.province
    ref = UnitRef(unit.kind, unit.location)
    if isinstance(o, Hold):
        return Hold(ref)
    if isinstance(o, Move):
        d = province_of(o.dest)
        if d == here:
            raise _Invalid(f"{unit} - {o.dest}: a unit cannot move to the province it is in.")
        if unit.kind == "A":
            if m.is_sea(d):
                raise _Invalid(f"{unit} - {d}: an army cannot move to {m.name_of(d)}, a sea.")
            if not o.via_convoy and m.can_army_move(here, d):
                return Move(ref, d)
            if m.provinces[here].kind != "coast" or m.provinces[d].kind != "coast":
                raise _Invalid(f"{unit} - {d}: {d} is not adjacent to {here} for an army, and an army can be "
                               "convoyed only from a coast to a coast.")
            return Move(ref, d, o.via_convoy)
        if m.is_land(d):
            raise _Invalid(f"{unit} - {d}: a fleet cannot move to {m.name_of(d)}, inland.")
        reach = m.fleet_coasts_reachable(unit.location, d)
        if not reach:
            raise _Invalid(f"{unit} - {o.dest}: {d} is not adjacent to {unit.location} for a fleet.")
        if "/" in o.dest:
            if o.dest not in reach:
                raise _Invalid(f"{unit} - {o.dest}: a fleet in {unit.location} cannot reach that coast "
                               f"(it can reach {', '.join(reach)}).")
            return Move(ref, o.dest)
        if len(reach) > 1:
            raise _Invalid(f"{unit} - {d}: say which coast, {' or '.join(reach)}; a fleet must name the coast.")
        return Move(ref, reach[0])
    if isinstance(o, (SupportHold, SupportMove)):
        target = o.supported.province
        if target not in pos.units:
            raise _Invalid(f"{format_order(o)}: there is no unit in {target} to support.")
        into = target if isinstance(o, SupportHold) else province_of(o.dest)
        if into == here:
            raise _Invalid(f"{format_order(o)}: a unit cannot support itself, nor a move into its own province.")
        if isinstance(o, SupportMove) and target == into:
            raise _Invalid(f"{format_order(o)}: a unit cannot move to where it is.")
        can = m.can_army_move(here, into) if unit.kind == "A" else m.fleet_can_reach_province(unit.location, into)
        if not can:
            raise _Invalid(f"{format_order(o)}: {unit} could not move to {into} itself, so it cannot support "
                           "there.")
        sup = UnitRef(pos.units[target].kind, pos.units[target].location)
        if isinstance(o, SupportHold):
            return SupportHold(ref, sup)
        # a coast written in a support must match the coast of the supported fleet's move (DATC 6.B.9)
        return SupportMove(ref, sup, o.dest if "/" in o.dest else into)
    if isinstance(o, Convoy):
        if unit.kind != "F" or not m.is_sea(here):
            raise _Invalid(f"{format_order(o)}: only a fleet at sea can convoy; {m.name_of(here)} is not a sea.")
        a = pos.units.get(o.army.province)
        if a is None or a.kind != "A":
            raise _Invalid(f"{format_order(o)}: there is no army in {o.army.province} to convoy.")
        d = province_of(o.dest)
        if m.provinces[d].kind != "coast" or m.provinces[a.province].kind != "coast":
            raise _Invalid(f"{format_order(o)}: a convoy carries an army from a coast to a coast.")
        return Convoy(ref, UnitRef("A", a.province), d)
    raise _Invalid(f"{format_order(o)} is not a movement-phase order.")


def _route_possible(r: Resolver, prov: str) -> bool:
    """Whether the fleets ordered to convoy this army could form a route (ignoring dislodgements)."""
    m = r.m
    fleets = {r.orders[q].unit.location for q in r.convoys.get(prov, ())}  # type: ignore[union-attr]
    starts = [f for f in fleets if province_of(f) in m.army_coastal_seas(prov)]
    seen: set[str] = set()
    while starts:
        f = starts.pop()
        if f in seen:
            continue
        seen.add(f)
        if m.fleet_can_reach_province(f, r.dest(prov)):
            return True
        starts.extend(n for n in fleets if n not in seen and m.can_fleet_move(f, n))
    return False


def _strengths_note(r: Resolver, prov: str) -> str:
    d = r.dest(prov)
    parts = [f"attack {r.attack_strength(prov)}"]
    h = r.head_to_head(prov)
    if h is not None:
        parts.append(f"{r.units[h]} defends with {r.defend_strength(h)}")
    elif d in r.units and not (r.is_move(d) and r.result.get(d)):
        parts.append(f"{r.units[d]} holds with {r.hold_strength(d)}")
    for q in r.moves_to.get(d, ()):
        if q != prov:
            parts.append(f"{r.units[q]} also moves there with {r.prevent_strength(q)}")
    return "; ".join(parts)


def _explain(pos: Position, r: Resolver, out: MovementOutcome, prov: str, o: Order) -> tuple[bool, str]:
    unit = pos.units[prov]
    eff = r.orders[prov]
    dis = out.dislodged.get(prov)
    dis_txt = (f" It is dislodged by {pos.units[dis[0]]}" + (" (convoyed)." if dis[1] else ".")) if dis else ""
    if isinstance(eff, Move):
        if prov in out.paradox:
            return False, (f"{unit} - {eff.dest}: the convoy is caught in a paradox; by the Szykman rule the army "
                           "does not move." + dis_txt)
        if out.succeeds[prov]:
            return True, f"{unit} moves to {eff.dest} ({_strengths_note(r, prov)})."
        if not r.has_path(prov):
            if not _route_possible(r, prov):
                return False, (f"{unit} - {eff.dest}: no chain of fleets is ordered to convoy it there"
                               + ("" if eff.via_convoy else f", and {eff.dest} is not adjacent to {prov}")
                               + ", so it stays." + dis_txt)
            return False, f"{unit} - {eff.dest}: the convoy is disrupted; no chain of fleets carries it." + dis_txt
        return False, f"{unit} - {eff.dest} bounces ({_strengths_note(r, prov)})." + dis_txt
    if isinstance(eff, (SupportHold, SupportMove)):
        what = format_order(eff)
        matched = prov in r.supports.get(eff.supported.province, ())
        if not matched:
            t = r.orders.get(eff.supported.province)
            did = format_order(t) if t is not None else "nothing"
            return False, f"{what}: the supported unit did not do that (its order: {did}); the support is void."
        if out.succeeds[prov]:
            return True, f"{what}: the support is given and not cut."
        if dis:
            return False, f"{what}: the supporter is dislodged, so its support fails." + dis_txt
        cut = out.cut_by.get(prov)
        if cut:
            return False, f"{what}: support cut by {pos.units[cut]} moving to {prov}."
        return False, f"{what}: the support fails."
    if isinstance(eff, Convoy):
        what = format_order(eff)
        if dis:
            return False, f"{what}: the fleet is dislodged, so the convoy is disrupted." + dis_txt
        army = eff.army.province
        ao = r.orders.get(army)
        if prov not in r.convoys.get(army, ()):
            did = format_order(ao) if ao is not None else "nothing"
            return False, f"{what}: the army did not order that move (its order: {did})."
        if out.succeeds.get(army):
            return True, f"{what}: the army arrives through this fleet."
        return False, f"{what}: the fleet stays, but the army does not arrive."
    if dis:
        return False, f"{unit} holds but is dislodged by {pos.units[dis[0]]}."
    return True, f"{unit} holds."


def _after_movement(pos: Position, out: MovementOutcome) -> Position:
    units: dict[str, Unit] = {}
    dislodged: list[Dislodged] = []
    for prov, u in pos.units.items():
        if prov in out.moved:
            continue
        if prov in out.dislodged:
            frm, via = out.dislodged[prov]
            dislodged.append(Dislodged(u, frm, via))
            continue
        units[prov] = u
    for prov, dest in out.moved.items():
        u = pos.units[prov]
        units[province_of(dest)] = replace(u, location=dest)
    from .phases import next_phase_after
    nxt = replace(pos, units=units, dislodged=tuple(dislodged), contested=frozenset(out.contested))
    return next_phase_after(nxt)
