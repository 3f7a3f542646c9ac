"""The movement-phase adjudicator: Kruijswijk's guess-and-check resolution (DATC v3.0 choices).

Each order's outcome is decided by ``resolve``: it guesses, adjudicates, and when the
answer depends on its own guess tries the other guess. A dependency cycle with no single
answer falls back on the backup rule: a circular movement succeeds; a cycle through a
convoy is a convoy paradox, settled by the Szykman rule (the convoyed armies in it do not
move, as if they held). A settled cycle is a new fact: every order not yet resolved is then
adjudicated again from the start (``run``), so no half-finished adjudication goes on with what
it read before the settlement (an army that read its convoy route before the paradox was
settled would otherwise still move).

An army goes by convoy when its destination is not adjacent, when it is ordered "via
convoy", or when a fleet of its own power is ordered to convoy it there and that fleet lies on
a minimal convoy route (the 2023 rules' intent, DATC 4.A.3); a foreign fleet's convoy order,
or one by a fleet no convoy needs, shows no intent (DATC 6.G.2, 6.G.7, 6.G.19).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import networkx as nx

from academy.core import graph

from .mapdata import DiplomacyMap, province_of
from .orders import Convoy, Move, Order, SupportHold, SupportMove
from .position import Unit

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2


class _Settled(Exception):
    """Raised when the backup rule has settled a cycle: the adjudications under way are stale."""


@dataclass
class MovementOutcome:
    """What the resolver decided, by province of the ordered unit."""

    succeeds: dict[str, bool] = field(default_factory=dict)     # province -> order result (moves, supports, convoys)
    dislodged: dict[str, tuple[str, bool]] = field(default_factory=dict)  # province -> (attacked_from, via_convoy)
    moved: dict[str, str] = field(default_factory=dict)          # from province -> destination location
    contested: set[str] = field(default_factory=set)
    paradox: set[str] = field(default_factory=set)               # armies held by the Szykman rule
    cut_by: dict[str, str] = field(default_factory=dict)         # supporter province -> attacker province


class Resolver:
    """Resolves legal, validated orders keyed by province. ``orders`` holds every unit (hold by default)."""

    def __init__(self, dmap: DiplomacyMap, units: Mapping[str, Unit], orders: Mapping[str, Order]) -> None:
        self.m, self.units, self.orders = dmap, units, orders
        self.state: dict[str, int] = {p: UNRESOLVED for p in orders}
        self.result: dict[str, bool] = {p: False for p in orders}
        self.deps: list[str] = []
        self.guess_reads = 0
        self.no_path: set[str] = set()
        # index: moves into each province, supports for each unit, convoys for each army
        self.moves_to: dict[str, list[str]] = {}
        self.supports: dict[str, list[str]] = {}
        self.convoys: dict[str, list[str]] = {}
        # armies whose own power orders a fleet to convoy exactly this move: convoy intent
        self.intent: set[str] = set()
        at_sea = [q for q, u in units.items() if u.kind == "F" and dmap.is_sea(q)]
        for p, o in orders.items():
            if isinstance(o, Convoy):
                a, t = o.army.province, orders.get(o.army.province)
                if (isinstance(t, Move) and province_of(t.dest) == province_of(o.dest) and a in units
                        and units[a].kind == "A" and units[a].power == units[p].power
                        and convoy_route_exists(dmap, at_sea, a, province_of(o.dest), through=p)):
                    self.intent.add(a)
        for p, o in orders.items():
            if isinstance(o, Move):
                self.moves_to.setdefault(province_of(o.dest), []).append(p)
        for p, o in orders.items():
            if isinstance(o, SupportHold) and not self.is_move(o.supported.province):
                self.supports.setdefault(o.supported.province, []).append(p)
            elif isinstance(o, SupportMove):
                t = orders.get(o.supported.province)
                if isinstance(t, Move) and province_of(t.dest) == province_of(o.dest) and \
                        ("/" not in o.dest or "/" not in t.dest or o.dest == t.dest):
                    self.supports.setdefault(o.supported.province, []).append(p)
            elif isinstance(o, Convoy):
                t = orders.get(o.army.province)
                if (isinstance(t, Move) and province_of(t.dest) == province_of(o.dest)
                        and self.is_convoyed(o.army.province)):
                    self.convoys.setdefault(o.army.province, []).append(p)

    # -- facts of the orders -----------------------------------------------------------
    def is_move(self, prov: str) -> bool:
        return isinstance(self.orders.get(prov), Move)

    def is_convoyed(self, prov: str) -> bool:
        """A move goes by convoy when ordered 'via convoy', when the destination is not adjacent,
        or when a fleet of the army's own power is ordered to convoy it there."""
        o = self.orders.get(prov)
        if not isinstance(o, Move) or self.units[prov].kind != "A":
            return False
        return o.via_convoy or prov in self.intent or not self.m.can_army_move(prov, o.dest)

    def dest(self, prov: str) -> str:
        o = self.orders[prov]
        assert isinstance(o, Move)
        return province_of(o.dest)

    # -- the guess-and-check core ------------------------------------------------------
    def resolve(self, p: str) -> bool:
        if self.state[p] == RESOLVED:
            return self.result[p]
        if self.state[p] == GUESSING:
            self.guess_reads += 1
            if p not in self.deps:
                self.deps.append(p)
            return self.result[p]
        start, reads = len(self.deps), self.guess_reads
        self.result[p], self.state[p] = False, GUESSING
        first = self.adjudicate(p)
        if self.guess_reads == reads:
            # no guess was read: the answer stands on its own
            if self.state[p] != RESOLVED:
                self.result[p], self.state[p] = first, RESOLVED
            return first
        if len(self.deps) == start or self.deps[start] != p:
            # depends on someone else's guess: keep ours as a guess, to be reset with theirs
            if p not in self.deps:
                self.deps.append(p)
            self.result[p] = first
            return first
        for q in self.deps[start:]:
            self.state[q] = UNRESOLVED
        del self.deps[start:]
        self.result[p], self.state[p] = True, GUESSING
        second = self.adjudicate(p)
        if first == second:
            for q in self.deps[start:]:
                self.state[q] = UNRESOLVED
            del self.deps[start:]
            self.result[p], self.state[p] = first, RESOLVED
            return first
        self.backup_rule(start)
        raise _Settled

    def backup_rule(self, start: int) -> None:
        cycle = self.deps[start:]
        del self.deps[start:]
        convoys = [q for q in cycle if isinstance(self.orders[q], Convoy)]
        if convoys:
            # Szykman: every army convoyed by a fleet in the paradox is treated as holding
            for q in convoys:
                o = self.orders[q]
                assert isinstance(o, Convoy)
                self.no_path.add(o.army.province)
            for q in cycle:
                self.state[q] = UNRESOLVED
            for a in self.no_path:
                if a in self.state:
                    self.result[a], self.state[a] = False, RESOLVED
        else:
            # circular movement: all moves in the cycle succeed
            for q in cycle:
                if isinstance(self.orders[q], Move):
                    self.result[q], self.state[q] = True, RESOLVED
                else:
                    self.state[q] = UNRESOLVED

    # -- adjudication of one order given the current guesses ---------------------------
    def adjudicate(self, p: str) -> bool:
        o = self.orders[p]
        if isinstance(o, Move):
            return self.adjudicate_move(p)
        if isinstance(o, (SupportHold, SupportMove)):
            return self.adjudicate_support(p)
        if isinstance(o, Convoy):
            return not self.is_dislodged(p)
        return True

    def is_dislodged(self, p: str) -> bool:
        """Whether the unit in ``p`` (not moving, or failing to move) is dislodged."""
        for q in self.moves_to.get(p, ()):
            if self.resolve(q):
                return True
        return False

    def has_path(self, p: str) -> bool:
        """Whether the move from ``p`` can get there: over land, or through a chain of undislodged fleets."""
        if p in self.no_path:
            return False
        if not self.is_convoyed(p):
            return True
        # search through the fleets ordered to convoy this move whose convoy succeeds (not dislodged)
        # (each fleet's order is resolved only when the search reaches it, in the order of the convoys)
        usable = {self.orders[q].unit.location: q for q in self.convoys.get(p, ())}  # type: ignore[union-attr]
        return graph.has_path(lambda loc: [n for n in usable if self.m.can_fleet_move(loc, n)],
                              [loc for loc in usable if province_of(loc) in self.m.army_coastal_seas(p)],
                              is_goal=lambda loc: self.m.can_fleet_reach_province(loc, self.dest(p)),
                              passable=lambda loc: self.resolve(usable[loc]))

    def head_to_head(self, p: str) -> str | None:
        """The unit moving into ``p`` from ``p``'s destination, both over land, if any."""
        if not self.is_move(p) or self.is_convoyed(p):
            return None
        d = self.dest(p)
        if self.is_move(d) and self.dest(d) == p and not self.is_convoyed(d):
            return d
        return None

    def support_count(self, p: str, exclude_power: str | None = None) -> int:
        n = 0
        for s in self.supports.get(p, ()):
            if exclude_power and self.units[s].power == exclude_power:
                continue
            if self.resolve(s):
                n += 1
        return n

    def hold_strength(self, prov: str) -> int:
        if prov not in self.units:
            return 0
        if self.is_move(prov):
            return 0 if self.resolve(prov) else 1
        return 1 + self.support_count(prov)

    def attack_strength(self, p: str) -> int:
        if not self.has_path(p):
            return 0
        d = self.dest(p)
        occupant = self.units.get(d)
        stays = occupant is not None and (not self.is_move(d) or self.head_to_head(p) == d or not self.resolve(d))
        if stays:
            assert occupant is not None
            if occupant.power == self.units[p].power:
                return 0
            return 1 + self.support_count(p, exclude_power=occupant.power)
        return 1 + self.support_count(p)

    def defend_strength(self, p: str) -> int:
        return 1 + self.support_count(p)

    def prevent_strength(self, p: str) -> int:
        if not self.has_path(p):
            return 0
        h = self.head_to_head(p)
        if h is not None and self.resolve(h):
            return 0
        return 1 + self.support_count(p)

    def adjudicate_move(self, p: str) -> bool:
        d = self.dest(p)
        attack = self.attack_strength(p)
        h = self.head_to_head(p)
        if attack <= (self.defend_strength(h) if h is not None else self.hold_strength(d)):
            return False
        for q in self.moves_to.get(d, ()):
            if q != p and attack <= self.prevent_strength(q):
                return False
        return True

    def adjudicate_support(self, p: str) -> bool:
        o = self.orders[p]
        target = province_of(o.dest) if isinstance(o, SupportMove) else None
        me = self.units[p].power
        for q in self.moves_to.get(p, ()):
            if self.units[q].power == me:
                continue
            if q == target:
                continue
            if self.has_path(q):
                return False
        if target is not None and target in self.moves_to.get(p, ()) and self.units[target].power != me:
            # attacked from the province it supports into: fails only when dislodged
            if self.resolve(target):
                return False
        return True

    # -- the whole phase ---------------------------------------------------------------
    def run(self) -> MovementOutcome:
        out = MovementOutcome()
        known = -1          # orders resolved at the last settlement: each settlement must add some
        while True:
            try:
                for p in self.orders:
                    self.resolve(p)
                break
            except _Settled:
                # keep what is resolved (it read no guess, and the settled facts); redo the rest
                settled = sum(st == RESOLVED for st in self.state.values())
                if settled <= known:      # pragma: no cover - every cycle holds a move or a convoy
                    raise RuntimeError("the backup rule settled no order of a cycle") from None
                known = settled
                for q, st in self.state.items():
                    if st != RESOLVED:
                        self.state[q] = UNRESOLVED
                self.deps.clear()
        out.succeeds = {p: self.result[p] for p in self.orders}
        out.paradox = set(self.no_path)
        for p, o in self.orders.items():
            if isinstance(o, Move) and out.succeeds[p]:
                out.moved[p] = o.dest
        for p in self.orders:
            if p in out.moved:
                continue
            for q in self.moves_to.get(p, ()):
                if out.succeeds[q]:
                    out.dislodged[p] = (q, self.is_convoyed(q))
        for prov, movers in self.moves_to.items():
            if any(out.succeeds[q] for q in movers):
                continue
            still_there = prov in self.units and prov not in out.moved
            if still_there:
                continue
            if any(self.prevent_strength(q) > 0 for q in movers):
                out.contested.add(prov)
        for p, o in self.orders.items():
            if isinstance(o, (SupportHold, SupportMove)) and not out.succeeds[p]:
                for q in self.moves_to.get(p, ()):
                    if self.units[q].power != self.units[p].power and self.has_path(q):
                        out.cut_by[p] = q
                        break
        return out


def fleet_graph(dmap: DiplomacyMap) -> nx.DiGraph:
    """The fleet locations (coasts apart) as a graph, an edge for each fleet move; built once per map."""
    return graph.map_graph(dmap, lambda: graph.graph_of(dmap.fleet_adj, directed=True), "fleet")


def fleet_chain_joins(dmap: DiplomacyMap, fleets: Iterable[str], src: str, dest: str, through: str) -> bool:
    """Whether the fleets at sea connected to the fleet in ``through`` touch both ``src`` and ``dest``.

    This is what makes a convoy order legal: the fleet belongs to a chain of fleets on the board
    that could carry an army from ``src`` to ``dest`` (it need not be on the route used, DATC 6.F.12).
    """
    seas = {province_of(f) for f in fleets if dmap.is_sea(province_of(f))}
    if through not in seas:
        return False
    comp = graph.reachable(fleet_graph(dmap), through, seas.__contains__)
    return bool(comp & dmap.army_coastal_seas(src)) and any(dmap.fleet_can_reach_province(x, dest) for x in comp)


def convoy_route_exists(dmap: DiplomacyMap, fleets: Iterable[str], src: str, dest: str,
                        through: str | None = None) -> bool:
    """Whether fleets at sea in ``fleets`` (provinces) could carry an army from ``src`` to ``dest``.

    With ``through``, the route must be a minimal one (no fleet on it could be left out, no
    shortcut between its fleets or to its ends) that uses the fleet in ``through``: a fleet on
    no minimal route is not necessary for any convoy and cannot show convoy intent (DATC 6.G.19).

    >>> from academy.games.diplomacy.mapdata import standard_map
    >>> m = standard_map()
    >>> fleets = ["LYO", "WES"]
    >>> convoy_route_exists(m, fleets, "MAR", "SPA"), convoy_route_exists(m, fleets, "MAR", "SPA", through="WES")
    (True, False)
    """
    seas = {province_of(f) for f in fleets if dmap.is_sea(province_of(f))}
    first = dmap.army_coastal_seas(src)
    starts = sorted(s for s in seas if s in first)
    moves = fleet_graph(dmap)
    if through is None:         # some route exists: then a shortest one, which is minimal
        return graph.has_path(moves, starts, lambda s: dmap.fleet_can_reach_province(s, dest), seas.__contains__)
    after = graph.adjacency(moves)

    def extend(path: list[str]) -> bool:
        """Whether a minimal route through ``through`` goes on from ``path`` (minimal so far)."""
        last = path[-1]
        if dmap.fleet_can_reach_province(last, dest):
            return through in path
        for n in after[last]:
            if n not in seas or n in path or n in first:
                continue
            if any(dmap.can_fleet_move(q, n) for q in path[:-1]):
                continue
            if extend(path + [n]):
                return True
        return False

    return any(extend([s]) for s in starts)
