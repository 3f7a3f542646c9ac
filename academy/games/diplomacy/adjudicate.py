"""``adjudicate(position, orders)``: validate the orders, resolve them, explain every outcome.

An order that is not understood, names a unit that is not there, or breaks a rule is a
result ("fails" with its reason), never an exception: the unit then holds.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from academy.core import graph
from academy.core.errors import RulesError

from .agreement import disagreements
from .mapdata import province_of
from .order_rows import OrderRow, result_keys
from .orders import (Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, UnitRef,
                     Waive, format_order, parse_order)
from .position import Dislodged, Position, Unit
from .resolve import MovementOutcome, Resolver, convoy_route_exists, fleet_chain_joins, fleet_graph

SUCCEEDS, FAILS = "succeeds", "fails"


@dataclass
class Resolution:
    """The outcome of one phase: per order "succeeds"/"fails", a reason sentence, the next position.

    Every order given is one of ``rows`` (power, text, key), in the order given; its key, which no
    other order of the phase shares, indexes ``results``, ``reasons``, ``orders``, ``details`` and
    ``strengths``: the unit ("A PAR") for the order carried out, else power and text
    ("GERMANY: WAIVE"; see order_rows). ``position`` is built from the same outcome as the results
    (``disagreements()`` lists any unit that is not where its result says).

    ``details[key]`` gives the same outcome as data, with a ``kind`` and its particulars, e.g.
    ``{"kind": "bounce", "to": "TYR", "attack": 1, "against": 1, "with": ["A VEN"]}``,
    ``{"kind": "cut", "by": "A BOH", "from": "BOH"}``, ``{"kind": "dislodged", "by": "A TYR",
    "strength": 2, "hold": 1, ...}``, ``{"kind": "convoy_disrupted", "fleet": "F ENG", ...}``,
    ``{"kind": "no_retreat", ...}``. Kinds: movement moved, bounce, no_convoy, convoy_disrupted,
    paradox, supported, cut, void, not_used, convoyed, army_failed, held, dislodged, illegal,
    invalid, duplicate (a second order for a unit); retreats retreated, disbanded,
    illegal_retreat, retreat_bounce, no_retreat, no_order, invalid, duplicate; adjustments built, disbanded, waived, illegal, duplicate, civil_disorder (keyed by
    the removed unit, which has no result, and naming it in ``unit``). A dislodged unit's data lists its legal ``retreats``.
    ``strengths[key]`` (movement only) holds the DATC strengths of the ordered unit once the
    phase is resolved: attack, defend and prevent for a move, and hold for every unit.
    """

    results: dict[str, str]
    reasons: dict[str, str]
    position: Position
    orders: dict[str, Order | None] = field(default_factory=dict)   # key -> parsed order (None if not understood)
    outcome: MovementOutcome | None = None
    details: dict[str, dict[str, Any]] = field(default_factory=dict)   # key -> the outcome as data
    strengths: dict[str, dict[str, int]] = field(default_factory=dict)  # key -> DATC strengths in play
    before: Position | None = None       # the position the orders were given in
    rows: list[OrderRow] = field(default_factory=list)   # every order given: power, text, key (order_rows)

    def disagreements(self) -> list[str]:
        """Every unit the new position puts elsewhere than its result says (empty: they agree)."""
        return disagreements(self)


class _Invalid(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def adjudicate(pos: Position, orders: Mapping[str, Iterable[str]]) -> Resolution:
    """Adjudicate one phase. ``orders`` maps each power to its order texts."""
    if pos.phase.kind == "M":
        return _movement(pos, orders)
    from .phases import adjudicate_adjustments, adjudicate_retreats
    if pos.phase.kind == "R":
        return adjudicate_retreats(pos, orders)
    return adjudicate_adjustments(pos, orders)


class Given(NamedTuple):
    """An order text as given: its power, its result key, the order (None if not understood), why it
    is refused before adjudication (or None), and the text."""

    power: str
    key: str
    order: Order | None
    error: str | None
    text: str


def parse_power_orders(pos: Position, orders: Mapping[str, Iterable[str]]) -> list[Given]:
    """Every order text given, in order, each with a result key no other order shares (order_rows)."""
    out: list[tuple[str, str, Order | None, str | None]] = []
    for power, texts in orders.items():
        pw = str(power).strip().upper()
        if isinstance(texts, str):
            texts = [texts]
        for raw in texts or ():
            text = str(raw).strip()
            try:
                o = parse_order(raw, pos.dmap)
            except RulesError as exc:
                out.append((pw, text, None, f"Order {text!r} not understood: {exc}"))
                continue
            err = None
            if pw not in pos.dmap.powers:
                err = f"{power!r} is not a power; the powers are {', '.join(pos.dmap.powers)}."
            out.append((pw, text, o, err))
    keys = result_keys(pos, [(pw, text, o) for pw, text, o, _ in out])
    return [Given(pw, key, o, err, text) for (pw, text, o, err), key in zip(out, keys)]


def rows_of_given(given: Iterable[Given]) -> list[OrderRow]:
    return [OrderRow(g.power, g.text, g.key) for g in given]


def next_position(pos: Position, orders: Mapping[str, Iterable[str]]) -> Position:
    """The position ``adjudicate(pos, orders)`` leads to, without the explanations: for a CPU's search,
    which adjudicates many trial orders and reads only where the units end up. The same rules and the
    same resolver; in a retreat or adjustment phase, simply ``adjudicate(pos, orders).position``.

    >>> pos = Position.from_dict({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}})
    >>> sorted(next_position(pos, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}).units)
    ['MUN', 'PAR']
    """
    if pos.phase.kind != "M":
        return adjudicate(pos, orders).position
    _, chosen, _, _, _, _ = _movement_orders(pos, orders)
    effective, _ = _effective_orders(pos, chosen)
    return _after_movement(pos, Resolver(pos.dmap, pos.units, effective).run())


def _movement_orders(pos: Position, orders: Mapping[str, Iterable[str]]
                     ) -> tuple[list[Given], dict[str, tuple[str, Order]], set[str], dict[str, str], dict[str, str],
                                dict[str, Order | None]]:
    """(given, chosen: province -> (key, order), duplicate keys, results and reasons of the orders refused
    before adjudication, parsed: key -> order) of a movement phase's orders."""
    results: dict[str, str] = {}
    reasons: dict[str, str] = {}
    parsed: dict[str, Order | None] = {}
    chosen: dict[str, tuple[str, Order]] = {}      # province -> (key, order)
    duplicates: set[str] = set()                   # keys of second orders for a unit
    given = parse_power_orders(pos, orders)
    for power, key, o, err, _text in given:
        parsed[key] = o
        if err is None and o is not None:
            err = _check_unit(pos, power, o)
            if err is None and o.unit.province in chosen:
                err = f"{o.unit.province} already has an order ({format_order(chosen[o.unit.province][1])}); " \
                      "a unit takes one order per phase, so this one is ignored."
                duplicates.add(key)
        if err is not None:
            results[key], reasons[key] = FAILS, err
            continue
        assert o is not None
        chosen[o.unit.province] = (key, o)
    return given, chosen, duplicates, results, reasons, parsed


def _effective_orders(pos: Position, chosen: Mapping[str, tuple[str, Order]]
                      ) -> tuple[dict[str, Order], dict[str, str]]:
    """(province -> the order resolved, province -> why its order is illegal): an illegal order, or none,
    is a hold."""
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
    return effective, illegal


def _movement(pos: Position, orders: Mapping[str, Iterable[str]]) -> Resolution:
    m = pos.dmap
    given, chosen, duplicates, results, reasons, parsed = _movement_orders(pos, orders)
    # legality: an illegal order is a hold
    effective, illegal = _effective_orders(pos, chosen)
    resolver = Resolver(m, pos.units, effective)
    out = resolver.run()

    details: dict[str, dict[str, Any]] = {k: {"kind": "duplicate" if k in duplicates else "invalid",
                                              "reason": reasons[k]} for k in results}
    strengths: dict[str, dict[str, int]] = {}
    after = _after_movement(pos, out)
    for prov, (key, o) in chosen.items():
        if prov in illegal:
            dis_txt, dis = _dislodgement(pos, resolver, out, prov) if prov in out.dislodged else ("", None)
            results[key], reasons[key] = FAILS, illegal[prov] + dis_txt
            details[key] = {"kind": "illegal", "reason": illegal[prov]}
            if dis is not None:
                details[key]["dislodged"] = dis
        else:
            ok, why, data = _explain(pos, resolver, out, prov, o)
            results[key], reasons[key], details[key] = (SUCCEEDS if ok else FAILS), why, data
        strengths[key] = unit_strengths(resolver, prov)
    _note_retreats(pos, after, out, chosen, reasons, details)
    return Resolution(results, reasons, after, parsed, out, details, strengths, before=pos,
                      rows=rows_of_given(given))


def _note_retreats(pos: Position, after: Position, out: MovementOutcome, chosen: Mapping[str, tuple[str, Order]],
                   reasons: dict[str, str], details: dict[str, dict[str, Any]]) -> None:
    """Say where each dislodged unit may retreat, or that it has no legal retreat."""
    from .phases import retreat_options
    for d in after.dislodged:
        prov = d.unit.province
        opts = retreat_options(after, d.unit, d.attacked_from, d.via_convoy)
        key = chosen[prov][0] if prov in chosen else str(d.unit)
        info = details.get(key)
        if info is None:
            info = details[key] = {"kind": "dislodged", **_dislodged_data(pos, out, prov)}
        elif info.get("kind") != "dislodged" and "dislodged" not in info:
            # an order for this unit that was refused (another power's, say) keeps its row: add the dislodgement
            info["dislodged"] = _dislodged_data(pos, out, prov)
        dis = info.get("dislodged", info)
        dis["retreats"] = opts
        if not opts:
            info["no_retreat"] = True
            if key in reasons:
                reasons[key] += " It has no legal retreat and will be disbanded."


def _dislodged_data(pos: Position, out: MovementOutcome, prov: str) -> dict[str, Any]:
    frm, via = out.dislodged[prov]
    return {"by": str(pos.units[frm]), "from": frm, "via_convoy": via}


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
        return f"{u} belongs to {u.power.title()}, not {power.title()}; a power orders only its own units."
    return None


_LEGAL_SEEN: list[tuple[Position, dict[tuple[Unit, Order], Order | str]]] = []


def _legal(pos: Position, unit: Unit, o: Order) -> Order:
    """The order with its destination made exact, or _Invalid with the reason it is illegal.

    The answers for the last position asked about are kept (positions and orders are immutable):
    the same orders are checked when submitted and again when the phase is adjudicated.
    """
    seen = _LEGAL_SEEN[0] if _LEGAL_SEEN else None
    if seen is None or seen[0] is not pos:
        seen = (pos, {})
        _LEGAL_SEEN[:] = [seen]
    key = (unit, o)
    known = seen[1].get(key)
    if known is None:
        try:
            known = _check_legal(pos, unit, o)
        except _Invalid as exc:
            known = exc.reason
        seen[1][key] = known
    if isinstance(known, str):
        raise _Invalid(known)
    return known


def _check_legal(pos: Position, unit: Unit, o: Order) -> Order:
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
            if not convoy_route_exists(m, _fleets_at_sea(pos), here, d):
                # DATC 6.D.32: an order no fleet on the board could carry out is illegal (ignored)
                raise _Invalid(f"{unit} - {d}: no chain of fleets at sea joins {here} to {d}, so the army "
                               "could not be convoyed there; the order is void and the army holds.")
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
        if (isinstance(o, SupportMove) and pos.units[target].kind == "A" and not m.can_army_move(target, into)
                and not convoy_route_exists(m, _fleets_at_sea(pos) - {here}, target, into)):
            # DATC 6.D.31: the only convoy route would go through the supporter itself
            raise _Invalid(f"{format_order(o)}: {into} can be reached from {target} only by a convoy "
                           f"through {here} itself, and a fleet cannot convoy and support at once.")
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
        if m.provinces[d].kind != "coast" or m.provinces[a.province].kind != "coast" or d == a.province:
            raise _Invalid(f"{format_order(o)}: a convoy carries an army from a coast to another coast.")
        if not fleet_chain_joins(m, _fleets_at_sea(pos), a.province, d, through=here):
            # DATC 6.G.7: a fleet in no chain of fleets joining the two coasts cannot convoy there
            raise _Invalid(f"{format_order(o)}: no chain of fleets at sea through {m.name_of(here)} joins "
                           f"{a.province} to {d}, so this convoy order is impossible.")
        return Convoy(ref, UnitRef("A", a.province), d)
    raise _Invalid(f"{format_order(o)} is not a movement-phase order.")


def _fleets_at_sea(pos: Position) -> set[str]:
    """Provinces of the fleets standing at sea (only they can convoy)."""
    return {p for p, u in pos.units.items() if u.kind == "F" and pos.dmap.is_sea(p)}


def _route_possible(r: Resolver, prov: str) -> bool:
    """Whether the fleets ordered to convoy this army could form a route (ignoring dislodgements)."""
    m = r.m
    fleets = {r.orders[q].unit.location for q in r.convoys.get(prov, ())}  # type: ignore[union-attr]
    starts = [f for f in fleets if province_of(f) in m.army_coastal_seas(prov)]
    return graph.has_path(fleet_graph(m), starts, lambda f: m.fleet_can_reach_province(f, r.dest(prov)),
                          passable=fleets.__contains__)


def unit_strengths(r: Resolver, prov: str) -> dict[str, int]:
    """The DATC strengths of the unit in ``prov`` once the phase is resolved.

    A move has an attack, a defend (used in a head-to-head battle) and a prevent strength;
    every unit has a hold strength for its own province (0 for a unit that moved away).
    """
    out: dict[str, int] = {}
    if r.is_move(prov):
        out["attack"] = r.attack_strength(prov)
        out["defend"] = r.defend_strength(prov)
        out["prevent"] = r.prevent_strength(prov)
    out["hold"] = r.hold_strength(prov)
    return out


def _opposition(r: Resolver, prov: str) -> list[tuple[str, str, int]]:
    """Who stands against the move from ``prov``: (province, role, strength) for the unit in the
    destination (role "defend" in a head-to-head battle, else "hold") and for every other unit
    moving to the same province (role "prevent")."""
    d = r.dest(prov)
    opp: list[tuple[str, str, int]] = []
    h = r.head_to_head(prov)
    if h is not None:
        opp.append((h, "defend", r.defend_strength(h)))
    elif d in r.units and not (r.is_move(d) and r.result.get(d)):
        opp.append((d, "hold", r.hold_strength(d)))
    for q in r.moves_to.get(d, ()):
        if q != prov:
            opp.append((q, "prevent", r.prevent_strength(q)))
    return opp


def _strengths_note(r: Resolver, prov: str) -> str:
    parts = [f"attack {r.attack_strength(prov)}"]
    for q, role, n in _opposition(r, prov):
        what = {"defend": "defends with", "hold": "holds with", "prevent": "also moves there with"}[role]
        parts.append(f"{r.units[q]} {what} {n}")
    return "; ".join(parts)


def _dislodgement(pos: Position, r: Resolver, out: MovementOutcome, prov: str) -> tuple[str, dict[str, Any]]:
    """The sentence and data saying who dislodged the unit in ``prov`` and with what strength."""
    frm, via = out.dislodged[prov]
    by, a, h = pos.units[frm], r.attack_strength(frm), r.hold_strength(prov)
    how = " (convoyed)" if via else ""
    txt = f" It is dislodged by {by}{how} with attack {a} against hold {h}."
    return txt, {"by": str(by), "from": frm, "via_convoy": via, "strength": a, "hold": h}


def _explain(pos: Position, r: Resolver, out: MovementOutcome, prov: str, o: Order
             ) -> tuple[bool, str, dict[str, Any]]:
    """(succeeds, sentence, data) for the order of the unit in ``prov``."""
    unit = pos.units[prov]
    eff = r.orders[prov]
    dis_txt, dis = _dislodgement(pos, r, out, prov) if prov in out.dislodged else ("", None)

    def done(ok: bool, text: str, data: dict[str, Any]) -> tuple[bool, str, dict[str, Any]]:
        if dis is not None:
            if data["kind"] in ("bounce", "no_convoy", "convoy_disrupted", "paradox"):
                data = {**data, "dislodged": dis}      # the failed move, and the dislodgement
            else:
                data = {**data, "kind": "dislodged", **dis}
        return ok, text + dis_txt, data

    if isinstance(eff, Move):
        # the outcome's own verdict decides, as it decides where the unit goes (``_after_movement``)
        dest = eff.dest
        if out.succeeds[prov]:
            opp = _opposition(r, prov)
            return done(True, f"{unit} moves to {dest} ({_strengths_note(r, prov)}).",
                        {"kind": "moved", "to": dest, "attack": r.attack_strength(prov),
                         "against": max((n for _, _, n in opp), default=0),
                         "opposed_by": [str(r.units[q]) for q, _, _ in opp], "via_convoy": r.is_convoyed(prov)})
        if prov in out.paradox:
            return done(False, f"{unit} - {dest}: the convoy is caught in a paradox; by the Szykman rule the "
                               "army does not move.", {"kind": "paradox", "rule": "Szykman", "to": dest})
        if not r.has_path(prov):
            if not _route_possible(r, prov):
                return done(False, f"{unit} - {dest}: no chain of fleets is ordered to convoy it there"
                                   + _not_adjacent(r, prov, eff) + ", so it stays.",
                            {"kind": "no_convoy", "to": dest})
            lost = [str(r.units[q]) for q in r.convoys.get(prov, ()) if q in out.dislodged]
            by = ", ".join(lost) if lost else "its convoying fleets"
            return done(False, f"{unit} - {dest}: the convoy is disrupted ({by} dislodged); no chain of fleets "
                               "carries it, so it stays.",
                        {"kind": "convoy_disrupted", "to": dest, "fleet": lost[0] if lost else None,
                         "fleets": lost})
        attack = r.attack_strength(prov)
        occupant = r.units.get(r.dest(prov))
        blockers = [(q, role, n) for q, role, n in _opposition(r, prov) if n >= attack]
        data: dict[str, Any] = {"kind": "bounce", "to": dest, "attack": attack,
                                "against": max((n for _, _, n in blockers), default=0),
                                "with": [str(r.units[q]) for q, _, _ in blockers]}
        text = f"{unit} - {dest} bounces ({_strengths_note(r, prov)})."
        if attack == 0 and occupant is not None and occupant.power == unit.power and r.has_path(prov):
            data["own_unit"] = str(occupant)
            other = r.head_to_head(prov)
            if other is not None and r.defend_strength(prov) <= r.defend_strength(other):
                # two own units into each other's province, neither stronger: the swap itself bounces
                data["head_to_head"] = True
                text = (f"{unit} - {dest} bounces: {occupant} moves the other way, and two units cannot swap "
                        "places by moving into each other's province (a head-to-head bounce, Rules page: Bounces; a "
                        "swap needs a convoy, or a third unit to make a ring).")
            else:
                text = (f"{unit} - {dest} fails: {occupant} of the same power stays there, and a power cannot "
                        f"dislodge its own unit ({_strengths_note(r, prov)}).")
        return done(False, text, data)
    if isinstance(eff, (SupportHold, SupportMove)):
        what = format_order(eff)
        target = eff.supported.province
        to = province_of(eff.dest) if isinstance(eff, SupportMove) else None
        matched = prov in r.supports.get(target, ())
        if not matched:
            t = r.orders.get(target)
            did = format_order(t) if t is not None else "nothing"
            return done(False, f"{what}: the supported unit did not do that (its order: {did}); the support is "
                               "void.", {"kind": "void", "unit": str(r.units[target]), "its_order": did})
        if out.succeeds[prov]:
            return done(True, f"{what}: the support is given and not cut, adding 1 to {r.units[target]}.",
                        {"kind": "supported", "unit": str(r.units[target]), "to": to})
        if dis is not None:
            return done(False, f"{what}: the supporter is dislodged, so its support is cut.",
                        {"kind": "dislodged"})
        cut = out.cut_by.get(prov)
        if cut:
            via = " (convoyed)" if r.is_convoyed(cut) else ""
            return done(False, f"{what}: support cut by {pos.units[cut]}{via} moving to {prov} "
                               f"(attack {r.attack_strength(cut)}).",
                        {"kind": "cut", "by": str(pos.units[cut]), "from": cut})
        return done(False, f"{what}: the support fails.", {"kind": "cut", "by": None})
    if isinstance(eff, Convoy):
        what = format_order(eff)
        army = eff.army.province
        if dis is not None:
            return done(False, f"{what}: the fleet is dislodged, so the convoy is disrupted.",
                        {"kind": "dislodged", "convoy_disrupted": True, "army": str(r.units[army])})
        ao = r.orders.get(army)
        if prov not in r.convoys.get(army, ()):
            did = format_order(ao) if ao is not None else "nothing"
            if isinstance(ao, Move) and province_of(ao.dest) == eff.dest:
                return done(False, f"{what}: the army moves over land, not by sea: an army goes to an adjacent "
                                   "province by convoy only when ordered 'via convoy' or when a fleet of its own "
                                   "power, on a shortest chain of fleets, is ordered to convoy it.",
                            {"kind": "not_used", "army": str(r.units[army])})
            return done(False, f"{what}: the army did not order that move (its order: {did}).",
                        {"kind": "void", "army": str(r.units[army]), "its_order": did})
        if out.succeeds.get(army):
            return done(True, f"{what}: the fleet stays in place and {r.units[army]} arrives in {eff.dest} by "
                              "convoy.", {"kind": "convoyed", "army": str(r.units[army]), "to": eff.dest})
        if prov in out.paradox or army in out.paradox:
            return done(False, f"{what}: the convoy is caught in a paradox; by the Szykman rule the army does not "
                               "move.", {"kind": "paradox", "rule": "Szykman", "army": str(r.units[army])})
        return done(False, f"{what}: the fleet stays, but {r.units[army]} does not arrive in {eff.dest}.",
                    {"kind": "army_failed", "army": str(r.units[army]), "to": eff.dest})
    h = r.hold_strength(prov)
    if dis is not None:
        assert dis_txt.startswith(" It is dislodged")
        dis_txt = ""
        how = " (convoyed)" if dis["via_convoy"] else ""
        return done(False, f"{unit} holds but is dislodged by {dis['by']}{how} with attack {dis['strength']} "
                           f"against hold {h}.", {"kind": "dislodged"})
    attackers = [q for q in r.moves_to.get(prov, ()) if r.has_path(q)]
    if attackers:
        worst = max(r.attack_strength(q) for q in attackers)
        return True, (f"{unit} holds (hold {h}) against "
                      + ", ".join(f"{r.units[q]} (attack {r.attack_strength(q)})" for q in attackers) + "."), \
            {"kind": "held", "hold": h, "attacked_by": [str(r.units[q]) for q in attackers], "against": worst}
    return True, f"{unit} holds.", {"kind": "held", "hold": h, "attacked_by": [], "against": 0}


def _not_adjacent(r: Resolver, prov: str, eff: Move) -> str:
    if eff.via_convoy or r.m.can_army_move(prov, eff.dest):
        return ""
    return f", and {province_of(eff.dest)} is not adjacent to {prov}"


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
