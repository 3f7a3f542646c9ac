"""Step 1 of a turn: all stacks move one province per step, at the same time, and fight where they
meet (fronts.md "Turn order", "Battles", "Moving at the same time", "Leaving a city").

Each step: border clashes first (armies swapping places), then battles where stacks of different
teams meet in a province (three or more sides marching in roll once among themselves; the winner
then fights whoever held it). Winners stop in the province they took; losers fall back or are
destroyed. Each battle's winner is drawn from its exact distribution with the turn's generator.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from academy.core.text import percent
from academy.core.protocol import Event

from .battle import Battle, Side, Stack
from .board import NEUTRAL, empty_units, ground, size
from .orders import Order, parse_order
from .supply import is_supplied
from .turn import Group, Turn
from .units import LOSS_ORDER, format_units


# --- 0. setting up the groups ------------------------------------------------------------------

def setup(t: Turn, orders: Mapping[str, Sequence[str]]) -> list[tuple[str, Order]]:
    """Split every stack into its moving parts and the part that stands; note supports and strikes.
    Returns the builds, each with its player."""
    b, fmap = t.board, t.fmap
    owners, teams = b.owners, t.teams_map()
    builds: list[tuple[str, Order]] = []
    gid = 0
    for player in b.players:
        parsed = [(x, parse_order(x, fmap)) for x in orders.get(player, ())]
        for prov, stack in sorted(b.stacks.get(player, {}).items()):
            supplied = is_supplied(fmap, prov, b.teams[player], owners, teams)
            left = dict(stack)
            backing: list[tuple[str, int, str]] = []     # supports and strikes of the standing part
            for text, o in parsed:
                if o.source != prov or o.kind not in ("move", "support", "strike", "scout"):
                    continue
                counts = {**empty_units(), **{k: int(n or 0) for k, n in o.units}}
                if o.kind == "move":
                    for k in LOSS_ORDER:
                        left[k] -= counts[k]
                    t.groups.append(Group(gid, player, b.teams[player], counts, prov, list(o.path), supplied,
                                          b.oos.get(player, {}).get(prov, 0), order=text))
                    t.movers[player, text] = t.groups[-1]
                    gid += 1
                elif o.kind in ("support", "strike"):
                    backing.append((o.kind, counts["artillery" if o.kind == "support" else "air"], o.target))
            if size(left):
                t.groups.append(Group(gid, player, b.teams[player], left, prov, [], supplied,
                                      b.oos.get(player, {}).get(prov, 0)))
                for kind, n, target in backing:
                    (t.supports if kind == "support" else t.strikes).append((player, prov, n, target, gid))
                gid += 1
        builds += [(player, o) for _, o in parsed if o.kind == "build"]
    for prov, units in sorted(b.neutral.items()):
        t.groups.append(Group(gid, NEUTRAL, NEUTRAL, dict(units), prov, []))
        gid += 1
    return builds


# --- 1. battles --------------------------------------------------------------------------------

def _support(t: Turn, team: str, prov: str) -> tuple[int, int, list[str]]:
    """Guns and planes of ``team`` that support or strike ``prov`` and were in place when this step began
    (all battles of a step happen at the same time)."""
    guns = planes = 0
    notes = []
    for owner, src, n, target, gid in t.supports:
        at, units = t.ready.get(gid, (None, {}))
        if target == prov and t.board.teams[owner] == team and at == src:
            k = min(n, units.get("artillery", 0))
            if k:
                t.used.add((owner, src, target))
                guns += k
                notes.append(f"{t.who(owner)}'s {k} artillery in {t.name(src)} support (+2 each)")
    for owner, src, n, target, gid in t.strikes:
        at, units = t.ready.get(gid, (None, {}))
        if target == prov and t.board.teams[owner] == team and at == src:
            k = min(n, units.get("air", 0))
            if k:
                t.used.add((owner, src, target))
                planes += k
                notes.append(f"{t.who(owner)}'s {k} air from {t.name(src)} strike (+3 each)")
    return guns, planes, notes


def _side_name(t: Turn, groups: Sequence[Group]) -> str:
    return " + ".join(dict.fromkeys(t.who(g.owner) for g in groups))


def _draw(t: Turn, probabilities: Sequence[Fraction]) -> int:
    u = Fraction(t.rng.getrandbits(64), 1 << 64)
    total = Fraction(0)
    for i, p in enumerate(probabilities):
        total += p
        if u < total:
            return i
    return len(probabilities) - 1


def _take_losses(groups: Sequence[Group], lost: Mapping[str, int]) -> list[dict[str, int]]:
    """Take a side's losses off its groups (each type off the first groups that have it); returns
    what each group lost."""
    taken = [empty_units() for _ in groups]
    for k in LOSS_ORDER:
        need = lost.get(k, 0)
        for g, mine in zip(groups, taken):
            take = min(need, g.units[k])
            g.units[k] -= take
            mine[k] += take
            need -= take
    return taken


def _fall_back(t: Turn, groups: Sequence[Group], where: str) -> str:
    """Move a beaten side's ground units back (or destroy them); returns where they went, in words."""
    team = groups[0].team
    enemies = {g.at for g in t.groups if g.team != team and g.has_ground and size(g.units)}
    went: list[str] = []
    for g in groups:
        if not g.has_ground:
            continue
        returning = g.came_from is not None
        if returning:
            dest = None if g.came_from in enemies else g.came_from
            how = f"the stack had just moved in from {t.name(g.came_from)}"
        else:
            options = sorted((n for n in t.fmap.neighbours[where]
                              if t.board.team_of(t.board.owners.get(n)) == team and n not in enemies),
                             key=t.name) if team != NEUTRAL else []
            dest = options[0] if options else None
            how = "the stack was standing in " + t.name(where)
        if dest is None:
            if team == NEUTRAL:
                went.append(f"the garrison's {format_units(ground(g.units))} cannot fall back (a garrison never moves) "
                            "and is destroyed")
            else:
                went.append(f"{t.who(g.owner)}'s {format_units(ground(g.units))} had nowhere to fall back "
                            f"({how}, and no safe province was open) and is destroyed")
            for k in LOSS_ORDER:
                if k != "air":
                    g.units[k] = 0
            g.fate.append("destroyed: it had nowhere to fall back")
        else:
            if g.units["air"]:   # planes never move: they stay in their city (and keep the group's strikes)
                rest = Group(max(x.id for x in t.groups) + 1, g.owner, g.team, ground(g.units), g.at, [],
                             g.supplied, g.oos, g.came_from, g.order, list(g.fate))
                g.units = {**empty_units(), "air": g.units["air"]}
                t.groups.append(rest)
                g = rest
            g.at, g.came_from = dest, None
            g.fate.append(f"fell back to {t.name(dest)}")
            back = ", where the stack had just come from" if returning else f" ({how})"
            went.append(f"{t.who(g.owner)}'s {format_units(g.units)} fell back to {t.name(dest)}{back}")
        g.path = []
    return "; ".join(went) if went else f"{_side_name(t, groups)} lost every unit"


def _battle(t: Turn, where: str, sides: list[list[Group]], roles: list[str], border: tuple[str, str] | None = None
            ) -> int:
    """Fight one battle between sides (lists of groups); apply losses; returns the winner's index."""
    fmap, b = t.fmap, t.board
    prov = fmap.provinces[where]
    holder_team = b.team_of(b.owners.get(where))
    defending = [r == "defender" for r in roles]
    dug = b.dug.get(where, 0) if prov.is_city and any(d and s[0].team == holder_team and holder_team != NEUTRAL
                                                       for d, s in zip(defending, sides)) else 0
    support_notes: list[str] = []
    bsides = []
    for groups, role in zip(sides, roles):
        guns, planes, notes = (0, 0, []) if border else _support(t, groups[0].team, where)
        support_notes += notes
        stacks = tuple(Stack(dict(g.units), t.name(g.came_from) if g.came_from else None,
                             bool(g.came_from and role == "attacker" and fmap.has_river(g.came_from, where)),
                             g.supplied) for g in groups)
        bsides.append(Side(_side_name(t, groups), role, stacks, guns, planes))
    place = f"{t.name(border[0])}–{t.name(border[1])}" if border else t.name(where)
    battle = Battle(place, prov.terrain, tuple(bsides), dug, prov.is_capital and dug > 0, border is not None)
    outcomes = battle.outcomes()
    strengths = battle.strengths()
    w = t.draw(t, battle, sides) if t.draw else _draw(t, [o.probability for o in outcomes])
    outcome = outcomes[w]
    for i, (groups, lost) in enumerate(zip(sides, outcome.losses)):
        for g, own in zip(groups, _take_losses(groups, lost)):     # each order's report: its own stack's losses
            g.fate.append(f"{'won' if i == w else 'lost'} the {'border clash' if border else 'battle'} at {place}"
                          f" (losing {format_units(own) if sum(own.values()) else 'nothing'})")
    winner = bsides[w]
    why = battle.explain().split("\n") + support_notes + [_why_won(winner.name, outcome.probability, strengths, w)] \
        if t.reports else []
    t.event("battle", f"{'Border clash' if border else 'Battle'} at {place}: {winner.name} won.",
            {"province": where, "border": list(border) if border else None, "winner": winner.name,
             "sides": [{"name": s.name, "role": s.role, "strength": float(st), "chance": float(o.probability),
                        "lost": dict(lost)} for s, st, o, lost in zip(bsides, strengths, outcomes, outcome.losses)]},
            why, teams=[s[0].team for s in sides] + _watchers(t, where, border))
    return w


def _why_won(name: str, chance: Fraction, strengths: Sequence[Fraction], w: int) -> str:
    """The report's last line: why side ``w`` (``name``) won, at ``chance``."""
    odds = f"chance {percent(chance, 0)}"
    if strengths.count(max(strengths)) > 1 and strengths[w] == max(strengths):
        return (f"{name} won ({odds}): the strongest sides were equally strong, so each had the same chance, and "
                "the draw went its way.")
    if strengths[w] == max(strengths):
        return f"{name} won ({odds}): it was the stronger side, and the stronger side wins more often than its share " \
               "of the strength."
    return f"{name} won against the odds ({odds}): the weaker side still wins sometimes, in proportion to its " \
           "strength squared."


def _watchers(t: Turn, where: str, border: tuple[str, str] | None) -> list[str]:
    """The teams that see a battle (fronts.md "Fog": enemy stacks next to your stacks show exact
    counts): those with a stack in or next to the province (either province of a border clash), at
    the start of the turn or now."""
    places = set(border or (where,))
    near = places.union(*(t.fmap.neighbours[p] for p in places))
    teams = {t.board.teams[pl] for pl, by in t.board.stacks.items() if near & set(by)}
    teams |= {g.team for g in t.groups if g.at in near and g.team != NEUTRAL and size(g.units)}
    return sorted(teams)


def _clashes(t: Turn, movers: Sequence[Group]) -> None:
    done: set[int] = set()
    for a in movers:
        for c in movers:
            if a.id in done or c.id in done or a.team == c.team:
                continue
            if a.came_from == c.at and c.came_from == a.at:
                x, y = a.came_from, a.at   # a goes x -> y, c goes y -> x
                side_a = [g for g in movers if g.team == a.team and g.came_from == x and g.at == y and g.id not in done]
                side_c = [g for g in movers if g.team == c.team and g.came_from == y and g.at == x and g.id not in done]
                done |= {g.id for g in side_a + side_c}
                w = _battle(t, y, [side_a, side_c], ["attacker", "attacker"], border=(x, y))
                loser = side_c if w == 0 else side_a
                for g in loser:            # the loser stays where it was
                    g.at, g.came_from, g.path = g.came_from, None, []
                for g in (side_a if w == 0 else side_c):
                    g.path = []            # the winner carries on into the province and stops there
                t.events[-1] = _with_line(t.events[-1], f"{_side_name(t, loser)} stayed in {t.name(loser[0].at)} "
                                                        "(the loser of a border clash stays where it was)")


def _province_battles(t: Turn) -> None:
    places = sorted({g.at for g in t.groups if g.came_from is not None and g.has_ground})
    for where in places:
        here = [g for g in t.groups if g.at == where and g.has_ground and size(g.units)]
        if len({g.team for g in here}) < 2:
            continue
        standing = [g for g in here if g.came_from is None]
        holder_team = standing[0].team if standing else None
        holders = [g for g in here if g.team == holder_team]      # teammates arriving now defend too
        by_team: dict[str, list[Group]] = {}
        for g in here:
            if g.came_from is not None and g.team != holder_team:
                by_team.setdefault(g.team, []).append(g)
        if not by_team:
            continue
        attackers = [by_team[k] for k in sorted(by_team)]
        if len(attackers) >= 2:
            w = _battle(t, where, attackers, ["attacker"] * len(attackers))
            for i, side in enumerate(attackers):
                if i != w:
                    t.events[-1] = _with_line(t.events[-1], _fall_back(t, side, where))
            attackers = [attackers[w]]
            for g in attackers[0]:
                g.path = []
        if holders and attackers[0] and any(size(g.units) for g in attackers[0]):
            w = _battle(t, where, [attackers[0], holders], ["attacker", "defender"])
            loser = holders if w == 0 else attackers[0]
            t.events[-1] = _with_line(t.events[-1], _fall_back(t, loser, where))
            for g in attackers[0] + holders:
                g.path = []


def _with_line(e: Event, line: str) -> Event:
    return Event(e.kind, e.text + " " + line[:1].upper() + line[1:] + ".", {**e.data, "retreat": line},
                 (*e.why, line[:1].upper() + line[1:] + "."))


def move_and_fight(t: Turn) -> None:
    step = 0
    while True:
        step += 1
        t.step = step
        movers = [g for g in t.groups if g.path and size(g.units)]
        t.ready = {g.id: (g.at, dict(g.units)) for g in t.groups if not g.path}
        for g in t.groups:
            g.came_from = None
        if not movers:
            return
        for g in movers:
            g.came_from, g.at = g.at, g.path.pop(0)
        _clashes(t, movers)
        _province_battles(t)
        t.groups = [g for g in t.groups if size(g.units)]
