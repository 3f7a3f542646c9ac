"""What a power may order now: the options tree (for click menus) and order validation.

``order_options(pos, power)`` maps each thing that can be ordered (a unit "A PAR", a build
site "PAR", "WAIVE") to a tree of choices: nested dicts whose leaves are canonical order
texts. A menu walks it key by key (unit, then kind of order, then target, then coast):

>>> from academy.games.diplomacy import Position
>>> tree = order_options(Position.standard(), "FRANCE")
>>> tree["A PAR"]["-"]["BUR"]
'A PAR - BUR'
>>> tree["F BRE"]["S"]["A PAR"]["-"]["PIC"]
'F BRE S A PAR - PIC'

``validate_orders(pos, power, texts)`` returns the canonical texts or raises
InvalidNotation (not understood, with did-you-mean) or IllegalAction (understood, not allowed
now) with a reason and a message that says how to fix it.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from academy.core import graph
from academy.core.errors import IllegalAction, RulesError

from .mapdata import DiplomacyMap, province_of
from .orders import Build, Disband, Order, Retreat, UnitRef, Waive, format_order, parse_order
from .phases import adjustment_counts, buildable_sites, retreat_options
from .position import Dislodged, Position, Unit
from .resolve import fleet_graph


# --- who has something to do -------------------------------------------------------------------
def powers_to_order(pos: Position) -> list[str]:
    """The powers with something to order in this phase (in map order)."""
    kind = pos.phase.kind
    out = []
    counts = adjustment_counts(pos) if kind == "A" else {}
    for pw in pos.dmap.powers:
        if kind == "M":
            busy = bool(pos.units_of(pw))
        elif kind == "R":       # a unit with no retreat has no choice: it is destroyed (diplomacy.md §27)
            busy = any(d.unit.power == pw and retreat_options(pos, d.unit, d.attacked_from, d.via_convoy)
                       for d in pos.dislodged)
        else:
            n = counts.get(pw, 0)
            busy = n < 0 or (n > 0 and bool(buildable_sites(pos, pw)))
        if busy:
            out.append(pw)
    return out


def order_limit(pos: Position, power: str) -> int | None:
    """How many of the option keys may be ordered at most (None: each key once)."""
    if pos.phase.kind != "A":
        return None
    return abs(adjustment_counts(pos).get(power, 0))


# --- the options tree ----------------------------------------------------------------------------
class _Reach:
    """Per map, where each unit can move without a convoy: sorted locations and the set of provinces.

    Built once per map (the tree is asked for often: every click, every bot, every phase).
    """

    _tables: dict[int, tuple[DiplomacyMap, _Reach]] = {}

    def __init__(self, m: DiplomacyMap) -> None:
        self.map = m
        self._near: dict[tuple[str, str], set[str]] = {}
        self._moves: dict[tuple[str, str], dict[str, str]] = {}
        self._supports: dict[tuple[str, str, str, str], dict[str, Any] | None] = {}
        self.army = {p: sorted(d) for p, d in m.army_adj.items()}
        self.fleet = {loc: sorted(d) for loc, d in m.fleet_adj.items()}
        self.army_provinces = {p: frozenset(d) for p, d in m.army_adj.items()}
        self.fleet_provinces = {loc: frozenset(province_of(x) for x in d) for loc, d in m.fleet_adj.items()}

    @classmethod
    def of(cls, m: DiplomacyMap) -> _Reach:
        entry = cls._tables.get(id(m))
        if entry is None or entry[0] is not m:        # the map is kept alive with its table: ids stay unique
            entry = cls._tables[id(m)] = (m, cls(m))
        return entry[1]

    def locations(self, u: Unit) -> list[str]:
        return self.army[u.province] if u.kind == "A" else self.fleet[u.location]

    def provinces(self, u: Unit) -> frozenset[str]:
        return self.army_provinces[u.province] if u.kind == "A" else self.fleet_provinces[u.location]

    def moves(self, u: Unit) -> dict[str, str]:
        """The unit's moves without a convoy, destination -> order text, sorted (kept per location; do
        not change it)."""
        key = (u.kind, u.location)
        if key not in self._moves:
            self._moves[key] = {d: f"{u.kind} {u.location} - {d}" for d in sorted(self.locations(u))}
        return self._moves[key]

    def near(self, u: Unit) -> set[str]:
        """The provinces this unit reaches and every province next to one of them (kept per location)."""
        key = (u.kind, u.location)
        if key not in self._near:
            self._near[key] = _near(self.map, self.provinces(u))
        return self._near[key]

    def support_branch(self, u: Unit, v: Unit) -> dict[str, Any] | None:
        """The supports ``u`` can give ``v`` ({"H": text, "-": {province: text}}), or None; they depend
        only on where the two units stand, so each pair is worked out once per map. Do not change it."""
        key = (u.kind, u.location, v.kind, v.location)
        if key in self._supports:
            return self._supports[key]
        into = self.provinces(u)
        targets = (self.provinces(v) & into) - {u.province}
        me, other = f"{u.kind} {u.location}", f"{v.kind} {v.location}"
        branch: dict[str, Any] = {}
        if v.province in into:
            branch["H"] = f"{me} S {other}"
        if targets:
            branch["-"] = {d: f"{me} S {other} - {d}" for d in sorted(targets)}
        self._supports[key] = branch or None
        return self._supports[key]


def _near(m: DiplomacyMap, provinces: frozenset[str]) -> set[str]:
    """``provinces`` and every province next to one of them (by land or by sea)."""
    from .phases import _land_and_sea
    table = _land_and_sea(m)
    out = set(provinces)
    for p in provinces:
        out.update(table[p])
    return out


_LAST_COMPONENTS: list[tuple[Position, list[set[str]]]] = []


def _components_of(pos: Position) -> list[set[str]]:
    """``_fleet_components(pos)``, computed once for the last position asked about (every power's
    tree of one phase shares them). Positions are immutable, so a kept answer stays right."""
    last = _LAST_COMPONENTS[0] if _LAST_COMPONENTS else None
    if last is not None and last[0] is pos:
        return last[1]
    comps = _fleet_components(pos)
    _LAST_COMPONENTS[:] = [(pos, comps)]
    return comps


def _fleet_components(pos: Position) -> list[set[str]]:
    """Groups of sea provinces holding fleets that touch each other (possible convoy chains)."""
    m = pos.dmap
    return graph.components(fleet_graph(m), (p for p, u in pos.units.items() if u.kind == "F" and m.is_sea(p)))


def _coasts_of(pos: Position, seas: set[str]) -> set[str]:
    """Coastal provinces an army could be landed in from these seas."""
    m = pos.dmap
    out = set()
    for s in seas:
        for n in m.fleet_adj[s]:
            p = province_of(n)
            if m.provinces[p].kind == "coast":
                out.add(p)
    return out


def _convoy_reach(pos: Position, comps: list[set[str]], prov: str) -> set[str]:
    """Coastal provinces an army in ``prov`` could reach through some chain of fleets."""
    m = pos.dmap
    if m.provinces[prov].kind != "coast":
        return set()
    touching = m.army_coastal_seas(prov)
    out: set[str] = set()
    for comp in comps:
        if comp & touching:
            out |= _coasts_of(pos, comp)
    out.discard(prov)
    return out


def _movement_tree(pos: Position, u: Unit, comps: list[set[str]]) -> dict[str, Any]:
    """The choices of one unit in a movement phase. The texts are written here directly in the
    canonical form of ``format_order`` (this runs for every unit at every click and phase)."""
    m = pos.dmap
    me = f"{u.kind} {u.location}"
    tree: dict[str, Any] = {"H": f"{me} H"}
    reach = _Reach.of(m)
    moves = reach.moves(u)
    by_sea = [d for d in _convoy_reach(pos, comps, u.province) if d not in moves] if u.kind == "A" else []
    tree["-"] = dict(sorted({**moves, **{d: f"{me} - {d}" for d in by_sea}}.items())) if by_sea else dict(moves)
    # supports: to hold a unit next door, or a move into a province this unit could enter
    support: dict[str, Any] = {}
    near = reach.near(u)                  # only a unit in or next to a province this unit reaches can matter
    for prov in sorted(p for p in near if p in pos.units):
        if prov == u.province:
            continue
        v = pos.units[prov]
        branch = reach.support_branch(u, v)
        if branch is not None:
            support[f"{v.kind} {v.location}"] = {k: dict(b) if isinstance(b, dict) else b for k, b in branch.items()}
    if support:
        tree["S"] = support
    if u.kind == "F" and m.is_sea(u.province):
        comp = next(c for c in comps if u.province in c)
        shores = _coasts_of(pos, comp)
        convoy: dict[str, Any] = {}
        for prov, v in sorted(pos.units.items()):
            if v.kind != "A" or prov not in shores:
                continue
            dests = sorted(shores - {prov})
            if dests:
                convoy[f"A {prov}"] = {d: f"{me} C A {prov} - {d}" for d in dests}
        if convoy:
            tree["C"] = convoy
    return tree


def order_options(pos: Position, power: str) -> dict[str, Any]:
    """Per thing to order, the tree of legal choices; leaves are canonical order texts."""
    m = pos.dmap
    kind = pos.phase.kind
    out: dict[str, Any] = {}
    if kind == "M":
        comps = _components_of(pos)
        for u in sorted(pos.units_of(power), key=lambda u: u.province):
            out[str(u)] = _movement_tree(pos, u, comps)
    elif kind == "R":
        for d in pos.dislodged:
            if d.unit.power != power:
                continue
            ref = UnitRef(d.unit.kind, d.unit.location)
            branch: dict[str, Any] = {}
            opts = retreat_options(pos, d.unit, d.attacked_from, d.via_convoy)
            if opts:
                branch["R"] = {o: format_order(Retreat(ref, o)) for o in opts}
            branch["D"] = format_order(Disband(ref))
            out[str(d.unit)] = branch
    else:
        n = adjustment_counts(pos).get(power, 0)
        if n > 0:
            for site in buildable_sites(pos, power):
                p = m.provinces[site]
                branch = {"A": format_order(Build(UnitRef("A", site)))}
                if p.kind == "coast":
                    locs = m.fleet_locations(site)
                    if len(locs) == 1:
                        branch["F"] = format_order(Build(UnitRef("F", site)))
                    else:
                        branch["F"] = {loc: format_order(Build(UnitRef("F", loc))) for loc in locs}
                out[site] = branch
            if out:
                out["WAIVE"] = "WAIVE"
        elif n < 0:
            for u in sorted(pos.units_of(power), key=lambda u: u.province):
                out[str(u)] = {"D": format_order(Disband(UnitRef(u.kind, u.location)))}
    return out


def option_leaves(tree: Any) -> list[str]:
    """Every order text in an options tree (or subtree)."""
    if isinstance(tree, str):
        return [tree]
    return [leaf for v in tree.values() for leaf in option_leaves(v)]


# --- validation ----------------------------------------------------------------------------------
def _refuse(reason: str, power: str, text: str, why: str) -> IllegalAction:
    why = why[len(text) + 2:] if why.startswith(f"{text}: ") else why     # the order is named once
    return IllegalAction(reason, f"{power.title()}'s order {text!r} is refused: {why}")


def _with_unit(o: Order, u: Unit) -> Order:
    """The order with its unit written out fully (kind and coast) as it stands on the board."""
    ref = UnitRef(u.kind, u.location)
    if o.unit == ref:                     # already so: written canonically (the usual case)
        return o
    return replace(o, unit=ref)  # type: ignore[arg-type]


def validate_orders(pos: Position, power: str, texts: Iterable[str]) -> tuple[str, ...]:
    """The canonical texts of ``power``'s orders; raises InvalidNotation or IllegalAction.

    Refused: text not understood, an order of the wrong phase, a unit that is not there or not
    yours, two orders for one unit, an order the unit cannot carry out (not adjacent, a fleet
    inland, supporting itself...), a retreat that is not open, too many builds or disbands.
    """
    from .adjudicate import FAILS, _check_unit, _Invalid, _legal, adjudicate
    if isinstance(texts, str):
        texts = [texts]
    kind = pos.phase.kind
    canon: list[str] = []
    seen: dict[str, str] = {}
    for raw in texts:
        text = str(raw).strip()
        try:
            o = parse_order(text, pos.dmap)
        except RulesError as exc:
            raise type(exc)(exc.reason, f"{power.title()}'s order {text!r} is not understood: {exc}") from None
        if kind == "M":
            err = _check_unit(pos, power, o)
            if err is not None:
                u = pos.units.get(o.unit.province) if not isinstance(o, Waive) else None
                reason = ("wrong_phase" if isinstance(o, (Waive, Retreat, Disband, Build)) else
                          "no_unit" if u is None else "not_your_unit" if u.power != power else "wrong_unit_kind")
                raise _refuse(reason, power, text, err + _hint(pos, power))
            u = pos.units[o.unit.province]
            try:
                _legal(pos, u, o)
            except _Invalid as exc:
                raise _refuse("impossible_order", power, text, exc.reason + " " + _unit_reach(pos, u)) from None
            o = _with_unit(o, u)
        elif kind == "R":
            if not isinstance(o, (Retreat, Disband)):
                raise _refuse("wrong_phase", power, text, f"phase {pos.phase} is a retreat phase: "
                              + _retreat_example(pos, power, o))
            d = next((d for d in pos.dislodged if d.unit.province == o.unit.province), None)
            if d is None:
                raise _refuse("no_unit", power, text, f"there is no dislodged unit in {o.unit.province}."
                              + _hint(pos, power))
            if d.unit.power != power:
                raise _refuse("not_your_unit", power, text, f"{d.unit} belongs to {d.unit.power.title()}; a power "
                              "orders only its own units.")
            if isinstance(o, Retreat):
                opts = retreat_options(pos, d.unit, d.attacked_from, d.via_convoy)
                dest = o.dest
                if d.unit.kind == "F" and "/" not in dest:
                    fits = [x for x in opts if province_of(x) == dest]
                    dest = fits[0] if len(fits) == 1 else dest
                if d.unit.kind == "A":
                    dest = province_of(dest)
                if dest not in opts:
                    raise _refuse("bad_retreat", power, text, f"{d.unit} cannot retreat to {o.dest}: "
                                  f"{why_no_retreat(pos, d, o.dest)}. {_retreat_choices(d, opts)}")
                o = Retreat(UnitRef(d.unit.kind, d.unit.location), dest)
            else:
                o = _with_unit(o, d.unit)
        else:
            if not isinstance(o, (Build, Disband, Waive)):
                raise _refuse("wrong_phase", power, text, f"phase {pos.phase} is an adjustment phase: write "
                              "'A PAR B', 'F TRI D' or 'WAIVE'.")
            if isinstance(o, Disband):
                u = pos.units.get(o.unit.province)
                if u is not None and u.power == power:
                    o = _with_unit(o, u)
        key = str(o.unit.province) if not isinstance(o, Waive) else f"WAIVE{len(canon)}"
        if key in seen:
            raise _refuse("two_orders", power, text, f"{seen[key]!r} already orders the unit in {key}; a unit "
                          "takes one order per phase. Remove one of them.")
        out = format_order(o)
        seen[key] = out
        canon.append(out)
    if kind == "A" and canon:
        res = adjudicate(pos, {power: canon})
        for row in res.rows:
            key = row.key
            if res.results[key] == FAILS:
                n = adjustment_counts(pos).get(power, 0)
                reason = ("too_many_builds" if "no build left" in res.reasons[key] else
                          "no_disband_owed" if "owes no disband" in res.reasons[key] else "illegal_adjustment")
                who = power.title()
                what = (f"{who} may build {n}." if n > 0 else f"{who} must disband {-n}." if n < 0 else
                        f"{who} has nothing to adjust.")
                raise _refuse(reason, power, row.text, f"{res.reasons[key]} {what}")
    return tuple(canon)


def why_no_retreat(pos: Position, d: Dislodged, dest: str) -> str:
    """Why the dislodged unit ``d`` may not retreat to ``dest`` (diplomacy.md §25-26), in words.

    >>> pos = Position.from_dict({"phase": "S1901R", "units": {"RUSSIA": ["A VIE"]}, "contested": ["GAL"],
    ...                           "dislodged": {"AUSTRIA": [{"unit": "A VIE", "attacked_from": "BOH"}]}})
    >>> why_no_retreat(pos, pos.dislodged[0], "GAL")
    'a standoff happened in GAL this phase, and no unit may retreat to a province left empty by a standoff (Rules page: Retreats)'
    """
    m, unit = pos.dmap, d.unit
    p = province_of(dest)
    near = (set(m.army_adj.get(unit.province, ())) if unit.kind == "A" else
            {province_of(x) for x in m.fleet_adj.get(unit.location, ())})
    if p not in near:
        return (f"{p} is not adjacent to {unit.location} for {'an army' if unit.kind == 'A' else 'a fleet'}, and a "
                "unit retreats only to a province it could move to, and an army never by convoy (Rules page: Retreats)")
    if p in pos.contested:
        return (f"a standoff happened in {p} this phase, and no unit may retreat to a province left empty by a "
                "standoff (Rules page: Retreats)")
    if p in pos.units:
        return (f"{p} is occupied by {pos.units[p]}, and a unit retreats only to a vacant province "
                "(Rules page: Retreats)")
    if p == d.attacked_from and not d.via_convoy:
        return f"the attack that dislodged it came from {p}, and no unit may retreat there (Rules page: Retreats)"
    return f"{dest} is not a coast this fleet can reach; name the coast"


def convoy_only_moves(pos: Position, key: str) -> list[str]:
    """The provinces the army ``key`` ("A LON") can move to only by convoy (not next to it by land), in a
    movement phase; [] for a fleet or another phase.

    >>> convoy_only_moves(Position.from_dict({"phase": "S1901M", "units": {"ENGLAND": ["A LON", "F NTH"]}}), "A LON")
    ['BEL', 'DEN', 'EDI', 'HOL', 'NWY']
    """
    u = pos.units.get(province_of(key.split()[-1]))
    if pos.phase.kind != "M" or u is None or u.kind != "A":
        return []
    land = set(pos.dmap.army_adj.get(u.province, ()))
    return sorted(d for d in _convoy_reach(pos, _components_of(pos), u.province) if d not in land)


def why_not_there(pos: Position, power: str, key: str, province: str, name_choices: bool = True) -> str:
    """Why ``key`` (one of ``power``'s things to order, "F ROM") has no order that concerns ``province``,
    and what it can do instead: the answer to a click on a province the unit cannot reach. With
    ``name_choices`` false a dislodged unit's open retreats are not named (a lesson asks the learner to
    work them out).

    >>> pos = Position.from_dict({"phase": "S1901M", "units": {"ITALY": ["F ROM", "A VEN"]}})
    >>> why_not_there(pos, "ITALY", "F ROM", "VEN")
    'VEN is not adjacent to ROM for a fleet. F ROM can move to NAP, TUS or TYS.'
    """
    from .adjudicate import _Invalid, _legal
    from .orders import Move
    kind = pos.phase.kind
    where = province_of(key.split()[-1])
    if kind == "M" and where in pos.units:
        u = pos.units[where]
        tree = order_options(pos, power).get(key) or {}
        moves = sorted(tree.get("-", {})) if isinstance(tree, dict) else []
        try:
            _legal(pos, u, Move(UnitRef(u.kind, u.location), province))
            why = f"{u} has no order about {province} now."
        except _Invalid as exc:
            why = exc.reason.split(": ", 1)[-1]
        return f"{why} {u} can move to {' or '.join([', '.join(moves[:-1]), moves[-1]] if len(moves) > 1 else moves)}." \
            if moves else f"{why} {u} cannot move anywhere now: it may hold or support."
    d = next((d for d in pos.dislodged if d.unit.power == power and d.unit.province == where), None)
    if kind == "R" and d is not None:
        opts = retreat_options(pos, d.unit, d.attacked_from, d.via_convoy)
        instead = _retreat_choices(d, opts) if name_choices else "Try another neighbour, or disband it."
        return f"{d.unit} cannot retreat to {province}: {why_no_retreat(pos, d, province)}. {instead}"
    return f"{key} has nothing to do with {province} in this phase."


def why_no_build(pos: Position, power: str, province: str) -> str | None:
    """Why ``power`` cannot build in ``province`` now, in the adjudicator's words (diplomacy.md: builds go
    in an empty home centre the power still controls); None when it may, or owes no build.

    >>> pos = Position.from_dict({"phase": "W1901A", "units": {"FRANCE": ["A PAR"], "ENGLAND": ["F BRE"]},
    ...     "supply_centers": {"FRANCE": ["PAR", "MAR", "SPA"], "ENGLAND": ["BRE", "LON", "EDI", "LVP"]}})
    >>> why_no_build(pos, "FRANCE", "BRE")
    'France does not control BRE now, so it cannot build there.'
    >>> why_no_build(pos, "FRANCE", "MAR") is None
    True
    """
    from .adjudicate import FAILS, adjudicate
    if pos.phase.kind != "A" or adjustment_counts(pos).get(power, 0) <= 0:
        return None
    try:
        res = adjudicate(pos, {power: [f"A {province_of(province)} B"]})
    except RulesError:
        return None
    key = next(iter(res.results), None)
    return res.reasons[key] if key is not None and res.results[key] == FAILS else None


def _retreat_choices(d: Dislodged, opts: list[str]) -> str:
    where = " or ".join([", ".join(opts[:-1]), opts[-1]] if len(opts) > 1 else opts)
    return (f"It may retreat to {where} (write '{d.unit} R {opts[0]}'), or disband ('{d.unit} D')." if opts else
            f"It has no open retreat: it can only disband ('{d.unit} D').")


def _retreat_example(pos: Position, power: str, o: Order) -> str:
    """How to write a retreat, shown with the power's own dislodged unit (the one ordered, if it is one)."""
    mine = [d for d in pos.dislodged if d.unit.power == power]
    if not mine:
        return f"{power.title()} has no dislodged unit, so nothing to order now."
    d = next((d for d in mine if not isinstance(o, Waive) and d.unit.province == o.unit.province), mine[0])
    opts = retreat_options(pos, d.unit, d.attacked_from, d.via_convoy)
    dest = getattr(o, "dest", None) if d.unit.province == getattr(getattr(o, "unit", None), "province", None) else None
    if dest is not None and province_of(dest) in {province_of(x) for x in opts}:
        return (f"a dislodged unit retreats with R, not with a move: write '{d.unit} R {province_of(dest)}' "
                f"(or '{d.unit} D' to disband).")
    closed = (f" {d.unit} cannot retreat to {dest}: {why_no_retreat(pos, d, dest)}." if dest is not None else "")
    return f"a dislodged unit retreats with R or disbands with D.{closed} {_retreat_choices(d, opts)}"


def _unit_reach(pos: Position, u: Unit) -> str:
    """Where ``u`` can go, in words for any reader (the board, a terminal, a lesson checker)."""
    places = list(_Reach.of(pos.dmap).moves(u))
    where = ", ".join(places[:-1]) + f" or {places[-1]}" if len(places) > 1 else "".join(places)
    unit = f"{u.kind} {u.location}"
    others = "support a move or hold next to it" + (", or convoy" if u.kind == "F" and pos.dmap.is_sea(u.province)
                                                     else "")
    return f"{unit} can hold, move to {where}, or {others}." if where else f"{unit} can hold, or {others}."


def _hint(pos: Position, power: str) -> str:
    mine = [str(u) for u in pos.units_of(power)] if pos.phase.kind == "M" else \
        [str(d.unit) for d in pos.dislodged if d.unit.power == power]
    return f" {power.title()}'s units to order: {', '.join(sorted(mine)) or 'none'}."
