"""Seeded random playouts: every phase adjudicates without an exception and the position stays sound."""
from __future__ import annotations

import random

import pytest

from academy.games.diplomacy import Position, adjudicate
from academy.games.diplomacy.mapdata import province_of
from academy.games.diplomacy.phases import adjustment_counts, retreat_options


def random_orders(pos: Position, rng: random.Random) -> dict[str, list[str]]:
    m = pos.dmap
    orders: dict[str, list[str]] = {}
    if pos.phase.kind == "R":
        for d in pos.dislodged:
            opts = retreat_options(pos, d.unit, d.attacked_from, d.via_convoy)
            text = f"{d.unit} R {rng.choice(opts)}" if opts and rng.random() < 0.8 else f"{d.unit} D"
            orders.setdefault(d.unit.power, []).append(text)
        return orders
    if pos.phase.kind == "A":
        for pw, n in adjustment_counts(pos).items():
            if n > 0:
                for c in m.home_centers(pw)[:n]:
                    orders.setdefault(pw, []).append(f"A {c} B")
            elif n < 0 and rng.random() < 0.5:
                orders.setdefault(pw, []).append(f"{pos.units_of(pw)[0]} D")
        return orders
    units = list(pos.units.values())
    plan: dict[str, tuple[str, str | None]] = {}     # province -> (text, destination province or None)
    for u in units:
        near = sorted(m.army_adj[u.province]) if u.kind == "A" else sorted(m.fleet_adj[u.location])
        r = rng.random()
        if r < 0.6 and near:
            dest = rng.choice(near)
            plan[u.province] = (f"{u} - {dest}", province_of(dest))
        elif r < 0.7 and u.kind == "F" and m.is_sea(u.province):
            armies = [v for v in units if v.kind == "A"]
            text = f"{u} C {rng.choice(armies)} - {rng.choice(sorted(m.provinces))}" if armies else f"{u} H"
            plan[u.province] = (text, None)
        elif r < 0.75 and u.kind == "A":
            plan[u.province] = (f"{u} - {rng.choice(sorted(m.provinces))} VIA CONVOY", None)
        else:
            plan[u.province] = (f"{u} H", None)
    for u in units:
        if rng.random() < 0.4:
            reach = set(m.army_adj[u.province]) if u.kind == "A" else \
                {province_of(x) for x in m.fleet_adj[u.location]}
            helped = [v for v in units if v is not u and (plan[v.province][1] or v.province) in reach
                      and plan[v.province][1] != u.province]
            if helped:
                v = rng.choice(helped)
                dest = plan[v.province][1]
                plan[u.province] = (f"{u} S {v}" + (f" - {dest}" if dest else ""), None)
    for u in units:
        orders.setdefault(u.power, []).append(plan[u.province][0])
    return orders


@pytest.mark.parametrize("seed", range(8))
def test_random_playout(seed: int) -> None:
    rng = random.Random(seed)
    pos = Position.standard()
    seen_r = False
    for _ in range(40):
        orders = random_orders(pos, rng)
        res = adjudicate(pos, orders)
        # every unit is where its result says (issue 13, item 13), one row per order (item 14)
        assert res.disagreements() == [], f"{pos.phase}: " + "; ".join(res.disagreements())
        assert len({r.key for r in res.rows}) == len(res.rows) == sum(len(t) for t in orders.values())
        assert set(res.results) == set(res.reasons)
        assert all(v in ("succeeds", "fails") for v in res.results.values())
        nxt = res.position
        assert Position.from_dict(nxt.to_dict()) == nxt
        for prov, u in nxt.units.items():
            assert u.province == prov
        if nxt.phase.kind == "R":
            seen_r = True
            for d in nxt.dislodged:
                assert d.unit.province in nxt.units and nxt.units[d.unit.province] != d.unit
        else:
            assert not nxt.dislodged
        pos = nxt
    assert seen_r


def test_next_position_is_the_adjudicated_position_in_played_games() -> None:
    """The CPU's fast path (issue 21) through random and CPU orders of seeded games: every phase's
    ``next_position`` is ``adjudicate(...).position``."""
    import json

    from academy.games.diplomacy.adjudicate import adjudicate, next_position
    from academy.games.diplomacy.bots import RandomOrdersBot, make_bot
    from academy.games.diplomacy.game import DiplomacyGame

    def same(pos):
        data = pos.to_dict()
        data["dislodged"] = {pw: sorted(ds, key=json.dumps) for pw, ds in data["dislodged"].items()}
        return data

    for seed, maker in ((1, lambda p: RandomOrdersBot(p)), (2, lambda p: make_bot("easy", p))):
        state = DiplomacyGame().new_initial_state(seed)
        bots = {p: maker(p) for p in range(7)}
        for _ in range(16):
            if state.is_terminal():
                break
            orders = {state.power_of(p): bots[p].orders(state, p) for p in state.waiting()}
            pos = state.position
            assert same(next_position(pos, orders)) == same(adjudicate(pos, orders).position), str(pos.phase)
            for p in state.waiting():
                state.submit(p, orders[state.power_of(p)])
            state.resolve_step()
