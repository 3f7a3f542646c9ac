"""Steps 2 to 5 of a turn, after the movement (fronts.md "Turn order", "Battles", "Supply",
"Income", "Goal", "Free-for-all"): provinces change hands, planes in fallen cities are lost,
supply is checked, counters grow, income is paid, builds appear, players drop out.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from academy.core.text import count

from .board import NEUTRAL, Board, empty_units, ground, size
from .mapdata import INCOME, FrontsMap
from .orders import Order, parse_order
from .supply import attrition, is_supplied
from .terrain import DIG_IN_TURNS
from .turn import Turn
from .units import LOSS_ORDER, cost_of, format_units


def write_back(t: Turn) -> None:
    b = t.board
    b.stacks = {pl: {} for pl in b.players}
    b.neutral = {}
    oos: dict[str, dict[str, int]] = {pl: {} for pl in b.players}
    for g in t.groups:
        if not size(g.units):
            continue
        b.put(g.owner, g.at, g.units)
        if g.owner != NEUTRAL and g.oos:
            oos[g.owner][g.at] = max(oos[g.owner].get(g.at, 0), g.oos)
    b.oos = oos


def captures(t: Turn) -> set[str]:
    b, fmap = t.board, t.fmap
    taken = set()
    for prov in sorted(fmap.provinces):
        present = {o: u for o, u in b.stacks_in(prov).items() if size(ground(u))}
        teams = {b.team_of(None if o == NEUTRAL else o) for o in present}
        if len(teams) != 1 or NEUTRAL in teams:
            continue
        team = teams.pop()
        old = b.owners.get(prov)
        if b.team_of(old) == team:
            continue
        new = max(present, key=lambda o: (size(ground(present[o])), -b.players.index(o)))
        b.owners[prov] = new
        taken.add(prov)
        if fmap.provinces[prov].is_city:
            b.dug[prov] = 0
            b.held[prov] = 0
            if old is not None:
                b.half = sorted(set(b.half) | {prov})
            else:
                b.half = [p for p in b.half if p != prov]
        for o, u in b.stacks_in(prov).items():
            if o != NEUTRAL and b.teams[o] != team and u.get("air"):
                b.take(o, prov, {**empty_units(), "air": u["air"]})
                t.event("planes_lost", f"{t.who(o)}'s {u['air']} air in {t.name(prov)} {'was' if u['air'] == 1 else 'were'} destroyed: the city fell.",
                        {"province": prov, "player": o, "air": u["air"]},
                        ("Planes in a city that falls are destroyed.",), teams=[b.teams[o], team])
        t.event("capture", f"{t.who(new)} took {t.name(prov)}" + (f" from {t.who(old)}." if old else "."),
                {"province": prov, "player": new, "from": old})
    return taken


def supply(t: Turn) -> None:
    b, fmap, teams = t.board, t.fmap, t.teams_map()
    for player in b.players:
        for prov in sorted(list(b.stacks.get(player, {}))):
            if is_supplied(fmap, prov, b.teams[player], b.owners, teams):
                b.oos[player].pop(prov, None)
                continue
            n = b.oos[player].get(prov, 0) + 1
            b.oos[player][prov] = n
            why = [f"No path from {t.name(prov)} to a city of your team through your team's provinces: "
                   f"out of supply for {count(n, 'turn')} (half strength in battle)."]
            if attrition(n):
                stack = b.stacks[player][prov]
                kind = next(k for k in LOSS_ORDER if stack.get(k))
                b.take(player, prov, {**empty_units(), kind: 1})
                why.append(f"After 2 turns out of supply a stack loses 1 unit every turn: 1 {kind} lost.")
            t.event("supply", f"{t.who(player)}'s stack in {t.name(prov)} is out of supply ({n}).",
                    {"province": prov, "player": player, "turns": n}, why, teams=[b.teams[player]])


def income_of(board: Board, fmap: FrontsMap, player: str) -> tuple[int, list[str]]:
    """What ``player``'s provinces pay this turn, with a line per paying province kind."""
    total = 0
    lines = []
    for prov in sorted(board.provinces_of(player)):
        p = fmap.provinces[prov]
        pay = INCOME[p.kind]
        note = f"{p.name} ({p.kind}) {pay}"
        if p.is_city:
            if prov in board.half:
                pay //= 2
                note += f", taken from an enemy: half = {pay}"
            bonus = min(3, board.held.get(prov, 0) // 3)
            if bonus:
                pay += bonus
                note += f", held {count(board.held.get(prov, 0), 'turn')}: +{bonus}"
        total += pay
        lines.append(note)
    return total, lines


def counters(t: Turn, taken: set[str]) -> None:
    b = t.board
    for prov in t.fmap.cities():
        if b.owners.get(prov) is None:
            b.dug.pop(prov, None)
            b.held.pop(prov, None)
            b.half = [p for p in b.half if p != prov]
        elif prov not in taken:
            b.held[prov] = b.held.get(prov, 0) + 1
            b.dug[prov] = min(DIG_IN_TURNS, b.dug.get(prov, 0) + 1)


def income(t: Turn) -> None:
    b = t.board
    for player in b.players:
        if player in b.out:
            continue
        pay, lines = income_of(b, t.fmap, player)
        b.funds[player] += pay
        t.event("income", f"{t.who(player)} is paid {pay} (funds {b.funds[player]}).",
                {"player": player, "paid": pay, "funds": b.funds[player]}, lines, teams=[b.teams[player]])


def builds(t: Turn, builds: Sequence[tuple[str, Order]], owners_before: Mapping[str, str | None]) -> None:
    b = t.board
    for player, o in builds:
        units = {**empty_units(), **{k: int(n or 0) for k, n in o.units}}
        t.built[player, o.source] = owners_before.get(o.source) == player and b.owners.get(o.source) == player
        if not t.built[player, o.source]:
            t.event("build", f"{t.who(player)}'s build in {t.name(o.source)} did not happen: the city fell. "
                             "The funds are kept.", {"player": player, "province": o.source, "built": False},
                    ("A build happens only in a city held at the start and the end of the turn.",),
                    teams=[b.teams[player]])
            continue
        cost = cost_of(units)
        b.funds[player] -= cost
        b.put(player, o.source, units)
        t.event("build", f"{t.who(player)} built {format_units(units)} in {t.name(o.source)} for {cost}.",
                {"player": player, "province": o.source, "built": True, "cost": cost}, teams=[b.teams[player]])


def knockouts(t: Turn, free_for_all: bool) -> None:
    b, fmap = t.board, t.fmap
    for player in b.players:
        if player in b.out:
            continue
        if free_for_all and not b.cities_of(player, fmap):
            for prov, units in sorted(b.stacks.get(player, {}).items()):
                if size(ground(units)):
                    b.put(NEUTRAL, prov, ground(units))
            b.stacks[player] = {}
            b.oos[player] = {}
            for prov in b.provinces_of(player):
                b.owners[prov] = None
            b.out.append(player)
            t.event("knocked_out", f"{t.who(player)} lost the last city and is out; its armies and land turn neutral.",
                    {"player": player}, ("In a free-for-all, losing your last city knocks you out.",))
        elif not b.provinces_of(player) and not b.stacks.get(player):
            b.out.append(player)
            t.event("out", f"{t.who(player)} has no province and no stack left and is out.", {"player": player},
                    ("A player left with no province and no stack is out. The team plays on.",))


def _move_result(t: Turn, player: str, text: str, target: str) -> str:
    g = t.movers.get((player, text))
    if g is None:
        return "not carried out"
    if not size(g.units):
        return "destroyed: " + "; ".join(g.fate)
    if not g.fate:
        return f"arrived in {t.name(g.at)}" if g.at == target else f"stopped in {t.name(g.at)}"
    return f"ended in {t.name(g.at)}: " + "; ".join(g.fate)


def order_results(t: Turn, orders: Mapping[str, Sequence[str]]) -> None:
    """One "orders" event per player: the outcome of each of its orders, in words (``data["results"]``
    holds [order text, outcome] pairs), seen by that player's team only."""
    for player in t.board.players:
        results = []
        for text in orders.get(player, ()):
            o = parse_order(text, t.fmap)
            target = t.name(o.target)
            if o.kind == "move":
                outcome = _move_result(t, player, text, o.target)
            elif o.kind in ("support", "strike"):
                outcome = (f"added to the battle in {target}" if (player, o.source, o.target) in t.used
                           else f"no battle of your team in {target}: nothing to add")
            elif o.kind == "scout":
                outcome = f"scouted {target}: this turn you see it and its neighbours"
            elif o.kind == "build":
                outcome = "built" if t.built.get((player, o.source)) else "not built: the city fell (funds kept)"
            else:
                outcome = "held"
            results.append([text, outcome])
        if results:
            t.event("orders", f"{t.who(player)}'s orders: " + "; ".join(f"{a}: {b}" for a, b in results),
                    {"player": player, "results": results}, [f"{a}: {b}" for a, b in results],
                    teams=[t.board.teams[player]])
