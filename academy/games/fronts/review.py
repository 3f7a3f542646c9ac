"""The coach's rule for Fronts (issue 22): a player's orders for a turn are graded by the battle odds of
their weakest attack, by the units they send out of supply, by the cities they leave open and by the
chance to hold of the cities in reach of the enemy that idle units next door could have guarded, as the
player saw the board.

A decision is one player's orders for one turn (the last set it submitted before the turn was resolved).

**Battle odds.** ``odds.turn_odds`` runs the engine's own resolution over the orders on the board the
player saw (the fog: enemy stacks as shown, estimated where only a size range shows; every other stack
holding) and gives every battle the orders start with its exact win chance, A² ÷ (A² + B²) of the two
sides' strengths (fronts.md, "Battles"). The weakest attack is the battle the player's side moves into
with the lowest chance. The grade counts the points it stands below ``EVEN`` (45%: about even, allowing
for estimates) (``ODDS_THRESHOLDS``): under half a point good; under 10 (better than 35%) an inaccuracy;
under 25 (better than 20%) a mistake; a battle at 20% or less a blunder. The better orders are the same
orders without the attacks below ``EVEN`` (those stacks hold, and the guns and planes sent to back them
stay home).

**Supply.** A stack out of supply fights at half strength and, after 2 turns, loses a unit every turn
(fronts.md, "Defense bonuses"). The ground units a move sends from a supplied province into one with no
path of the team's provinces to a friendly city, even if every attack of the orders wins, are counted
(``SUPPLY_THRESHOLDS``): none good, 1 to 3 an inaccuracy, 4 to 9 a mistake, 10 or more a blunder. The
better orders leave out those moves too (the stacks hold).

**Cities left open.** An enemy arriving the same turn you leave takes a city with no fight; keep one
ground unit in it (fronts.md, "Leaving a city"). A city of the player's whose ground units all move out
(no other stack of the player's moving in) while an enemy ground stack the player can see stands next door
is left open, unless the units leaving it march into that very stack's province (armies that swap places
fight on the border). Each such city counts 1, a capital 2 (``OPEN_THRESHOLDS``): none good, 1 a mistake,
2 or more a blunder. The better orders leave one ground unit behind in each.

**Cities in reach.** A city of the player's is in reach when an enemy ground stack the player can see
stands next door. Its chance to hold is the engine's own, by ``odds.turn_odds``: the player's orders
against every enemy stack next door coming in together (infantry and armor moving in, guns supporting, or
moving in when no infantry or armor is next door; fronts.md, "Battles"; only the player's moves that can
meet them are counted, as the others cannot change who holds the city). Units that arrive in a province
the team holds, the turn it is attacked, defend with the stacks already there (fronts.md, "Defense
bonuses"; lesson "Terrain and digging in", exercise "arriving-in-time"). The player's idle units next
door are the moves out of the city or out of a province next to it that fight no battle and take no city
(a march behind the lines, into empty land), and the ground stacks holding next to it (not the guard of a
city with an enemy stack next door); moves into a city in reach guard it and are not idle. Sent into the
city (the weakest city first; each unit once), they raise its chance to hold; the points gained, for the
city that gains most, are graded (``GUARD_THRESHOLDS``): under 10 good, under 25 an inaccuracy, under 50
a mistake, else a blunder. The better orders send them in. A player accepts it as a mistake because
nothing was traded for the risk: the units fought nowhere, and in the city they would have counted their
defense and its bonuses.

The grade is the worst of the four. Builds are not graded (they come after every battle).
"""
from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from academy.core.errors import RulesError
from academy.core.review import GRADES, Decision, GameReviewer, Mark, grade_of, phase_of
from academy.core.text import count, listing, percent

from .actions import Resolve, SubmitOrders
from .board import empty_units, ground
from .odds import seen_board, turn_odds
from .orders import parse_order
from .rules import check_orders
from .supply import is_supplied
from .units import LOSS_ORDER

__all__ = ["EVEN", "GUARD_THRESHOLDS", "LESSONS", "ODDS_THRESHOLDS", "OPEN_THRESHOLDS", "SUPPLY_THRESHOLDS",
           "FrontsReviewer", "Guard", "city_holds", "guards", "order_numbers"]

#: the win chance from which an attack counts as sound
EVEN = 0.45
#: points of win chance below EVEN under which the weakest attack is good, an inaccuracy, a mistake
ODDS_THRESHOLDS = (0.5, 10.0, 25.0)
#: ground units sent out of supply under which orders are good, an inaccuracy, a mistake
SUPPLY_THRESHOLDS = (1.0, 4.0, 10.0)
#: cities left open (a capital counts 2) under which orders are good, an inaccuracy, a mistake
OPEN_THRESHOLDS = (0.5, 0.5, 2.0)
#: points of a city's chance to hold that the idle units next door would add, under which orders are good,
#: an inaccuracy, a mistake
GUARD_THRESHOLDS = (10.0, 25.0, 50.0)
#: the lesson (and exercise) behind each kind of mark
LESSONS = {"odds": ("odds", "eighty-percent"), "supply": ("supply", "reconnect"),
           "open": ("leaving-a-city", "keep-a-guard"), "guard": ("terrain", "arriving-in-time")}

WEAKEST, ATTACKS, OUT, OPEN, HOLD = ("weakest attack's win chance", "attacks", "units sent out of supply",
                                     "cities left open", "weakest city's hold chance if attacked")


def order_numbers(state: Any, pid: str, orders: Sequence[str], holds: Mapping[str, float] | None = None,
                  odds: Any = None) -> tuple[dict[str, Any], list[tuple[str, float]], list[tuple[str, int]]]:
    """The numbers of a set of orders as ``pid`` saw the board (every other stack holding, as on the odds
    panel): how many battles its side moves into, the lowest win chance among them (left out without
    any), the ground units sent out of supply, the cities left open and the lowest chance to hold of a
    city in reach (``city_holds``, or ``holds`` when given; left out without one); with each attacking
    order and its battle's win chance, and each move that sends units out of supply with how many.
    ``odds``: ``turn_odds`` of the orders' moves, when already worked out. Raises RulesError for orders the
    engine refuses."""
    moves = [o for o in orders if parse_order(o, state.fmap).kind != "build"]
    if odds is None:
        odds = turn_odds(state, pid, moves)
    name = state.fmap.players[pid].name
    attacks: list[tuple[str, float]] = []
    for b in odds.battles:
        for i, side in enumerate(b.battle.sides):
            if side.role == "attacker" and name in side.name.removesuffix(" (estimated)").split(" + "):
                chance = float(b.win_probabilities()[i])
                attacks += [(text, chance) for who, text in b.orders if who == pid]
    cut = _out_of_supply(state, pid, moves)
    numbers: dict[str, Any] = {ATTACKS: len({t for t, _ in attacks})}
    if attacks:
        numbers[WEAKEST] = min(c for _, c in attacks)
    numbers[OUT] = sum(n for _, n in cut)
    numbers[OPEN] = len(left_open(state, pid, moves))
    if holds is None:
        holds = city_holds(state, pid, moves)
    if holds:
        numbers[HOLD] = min(holds.values())
    return numbers, attacks, cut


def _units_text(units: Mapping[str, int]) -> str:
    return " ".join(f"{units[k]} {k}" for k in LOSS_ORDER if units.get(k))


def in_reach(state: Any, pid: str, board: Any = None) -> dict[str, dict[str, list[str]]]:
    """The cities of ``pid`` that an enemy ground stack it can see stands next to, each with the orders by
    which all those stacks come in together (infantry and armor move in, guns support, or move in when no
    infantry or armor is next door; orders the rules refuse are left out), by player."""
    fmap = state.fmap
    if board is None:
        board, _ = seen_board(state, pid)
    team, name = board.teams[pid], fmap.name_of
    out: dict[str, dict[str, list[str]]] = {}
    for city in fmap.cities():
        if board.owners.get(city) != pid:
            continue
        orders: dict[str, list[str]] = {}
        near = [(pl, prov, by[prov]) for pl, by in sorted(board.stacks.items()) if board.teams.get(pl) != team
                for prov in sorted(fmap.neighbours[city]) if prov in by]
        walk = ("infantry", "armor") if any(u.get("infantry") or u.get("armor") for _, _, u in near) else \
            ("infantry", "armor", "artillery")
        for pl, prov, units in near:
            moving = {k: units.get(k, 0) for k in walk}
            texts = [f"{_units_text(moving)} {name(prov)} -> {name(city)}"] if sum(moving.values()) else []
            if units.get("artillery") and "artillery" not in walk:
                texts.append(f"{units['artillery']} artillery {name(prov)} support {name(city)}")
            for text in texts:
                try:
                    check_orders(board, fmap, pl, [*orders.get(pl, []), text])
                except RulesError:
                    continue
                orders.setdefault(pl, []).append(text)
        if any(parse_order(t, fmap).kind == "move" for ts in orders.values() for t in ts):
            out[city] = orders
    return out


def _hold(state: Any, pid: str, moves: Sequence[str], enemy: Mapping[str, Sequence[str]], city: str) -> float:
    """The chance ``city`` is still ``pid``'s team's after the turn: ``moves`` against ``enemy``'s orders.
    Only the moves that can meet them count (out of the city, or into, through or backing the city or a
    province the enemy comes from): the battles of the others cannot change who holds the city."""
    fmap = state.fmap
    near = {city} | {parse_order(t, fmap).source for ts in enemy.values() for t in ts}
    moves = [t for t in moves if (o := parse_order(t, fmap)).source == city or o.target in near
             or any(p in near for p in o.path)]
    memo = getattr(state, "review_memo", None)          # a view graded by the reviewer keeps its answers
    key = (pid, city, tuple(sorted(moves)), tuple((pl, tuple(ts)) for pl, ts in sorted(enemy.items())))
    if memo is not None and key in memo:
        return memo[key]
    odds = turn_odds(state, pid, moves, enemy)
    held = odds.holds.get(city)
    chance = 1.0 if held is None else float(held.get(state.board.teams[pid], 0))
    if memo is not None:
        memo[key] = chance
    return chance


def city_holds(state: Any, pid: str, moves: Sequence[str]) -> dict[str, float]:
    """Each city of ``pid`` in reach of the enemy (``in_reach``) with its chance to hold under ``moves``
    when the enemy stacks next to it all come in."""
    return {city: _hold(state, pid, moves, enemy, city) for city, enemy in in_reach(state, pid).items()}


@dataclass(frozen=True)
class Guard:
    """A city in reach that idle units next door would have held better: its chance to hold with the
    orders made (``hold``) and with ``idle`` (order texts, or "<province> hold") sent into it instead
    (``better``), the enemy stacks next door (``enemy``: units and province) and the orders with the
    idle units sent in (``orders``)."""

    city: str
    hold: float
    better: float
    idle: tuple[str, ...]
    enemy: tuple[str, ...]
    orders: tuple[str, ...]

    @property
    def points(self) -> float:
        return 100.0 * (self.better - self.hold)


def guards(state: Any, pid: str, moves: Sequence[str], odds: Any = None) -> tuple[dict[str, float], list[Guard]]:
    """Each city of ``pid`` in reach of the enemy with its chance to hold under ``moves`` (``city_holds``),
    and, weakest first, the cities with idle units next door, with their chance to hold once those are
    sent in (see the module docstring). ``odds``: ``turn_odds`` of ``moves``, when already worked out."""
    fmap, name = state.fmap, state.fmap.name_of
    board, _ = seen_board(state, pid)
    team = board.teams[pid]
    reach = in_reach(state, pid, board)
    if not reach:
        return {}, []
    moves = list(state.validate_orders(pid, list(moves)))
    if odds is None:
        odds = turn_odds(state, pid, moves)
    fighting = {t for b in odds.battles for who, t in b.orders if who == pid}
    parsed = {t: parse_order(t, fmap) for t in moves}
    ordered = {o.source for o in parsed.values() if o.kind != "hold"}
    enemy_near = {n for pl, by in board.stacks.items() if board.teams.get(pl) != team
                  for prov, units in by.items() if sum(ground(units).values()) for n in fmap.neighbours[prov]}
    holds = {city: _hold(state, pid, moves, enemy, city) for city, enemy in reach.items()}
    used: set[str] = set()
    current = list(moves)
    out = []
    for city in sorted(reach, key=lambda c: (holds[c], c)):
        idle: list[str] = []
        for text, o in parsed.items():
            owner = board.owners.get(o.target)
            if o.kind != "move" or text in fighting or text in used or o.target in reach or o.target == city or \
                    (fmap.provinces[o.target].is_city and (owner is None or board.teams.get(owner) != team)) or \
                    (o.source != city and o.source not in fmap.neighbours[city]):
                continue
            units = {k: n for k, n in o.units}
            rest = [t for t in current if t != text]
            trial = rest if o.source == city else \
                [*rest, f"{_units_text(units)} {name(o.source)} -> {name(city)}"]
            try:
                current = list(state.validate_orders(pid, _merged(fmap, trial)))
            except RulesError:
                continue
            used.add(text)
            idle.append(text)
        for prov in sorted(fmap.neighbours[city]):
            units = ground(board.stacks.get(pid, {}).get(prov, empty_units()))
            if not sum(units.values()) or prov in ordered or prov in used or prov in reach or \
                    (fmap.provinces[prov].is_city and prov in enemy_near):     # a guard in a city at the front
                continue
            held = [t for t in current if parse_order(t, fmap).source != prov]      # its "hold", if written
            sent = f"{_units_text(units)} {name(prov)} -> {name(city)}"
            try:
                current = list(state.validate_orders(pid, _merged(fmap, [*held, sent])))
            except RulesError:
                continue
            used.add(prov)
            idle.append(f"{_units_text(units)} holding in {name(prov)}")
        if not idle:
            continue
        sources = dict.fromkeys((pl, parse_order(t, fmap).source) for pl, ts in sorted(reach[city].items()) for t in ts)
        enemy = tuple(f"{_units_text(ground(board.stacks[pl][prov]))} in {name(prov)}" for pl, prov in sources)
        out.append(Guard(city, holds[city], _hold(state, pid, current, reach[city], city), tuple(idle), enemy,
                         tuple(current)))
    return holds, out


def _merged(fmap: Any, orders: Sequence[str]) -> list[str]:
    """``orders`` with the moves of one stack along one path written as one order (their units added)."""
    out: list[str] = []
    moves: dict[tuple[str, tuple[str, ...]], int] = {}
    for text in orders:
        o = parse_order(text, fmap)
        key = (o.source, tuple(o.path))
        if o.kind != "move" or any(n is None for _, n in o.units) or not o.units:
            out.append(text)
        elif key in moves:
            i = moves[key]
            have = {k: n for k, n in parse_order(out[i], fmap).units}
            for k, n in o.units:
                have[k] = have.get(k, 0) + n
            out[i] = f"{_units_text(have)} {fmap.name_of(o.source)} -> " + " -> ".join(fmap.name_of(p) for p in o.path)
        else:
            moves[key] = len(out)
            out.append(text)
    return out


def left_open(state: Any, pid: str, moves: Sequence[str]) -> list[tuple[str, str]]:
    """The cities of ``pid`` that ``moves`` leave with no ground unit while an enemy ground stack it can see
    stands next door (not the one the leaving units march into), each with that stack's province."""
    fmap = state.fmap
    board, _ = seen_board(state, pid)
    team = board.teams[pid]
    parsed = [parse_order(t, fmap) for t in moves]
    enemy = {prov for pl, by in board.stacks.items() if board.teams.get(pl) != team
             for prov, units in by.items() if sum(ground(units).values())}
    out = []
    for city in fmap.cities():
        if board.owners.get(city) != pid:
            continue
        here = ground(board.stacks.get(pid, {}).get(city, empty_units()))
        if not sum(here.values()):
            continue
        leaving = [o for o in parsed if o.kind == "move" and o.source == city]
        gone = empty_units()
        for o in leaving:
            for k, n in (o.units or tuple(here.items())):
                gone[k] += here.get(k, 0) if n is None else n
        if any(here.get(k, 0) > gone.get(k, 0) for k in here) or \
                any(o.kind == "move" and o.target == city for o in parsed):
            continue
        fronts = {o.path[0] for o in leaving if o.path}
        threat = sorted(n for n in fmap.neighbours[city] if n in enemy and n not in fronts)
        if threat:
            out.append((city, threat[0]))
    return out


def _out_of_supply(state: Any, pid: str, moves: Sequence[str]) -> list[tuple[str, int]]:
    """The moves that send ground units from a supplied province into one out of supply, every attack
    won, with how many units each sends."""
    fmap = state.fmap
    board, _ = seen_board(state, pid)
    teams, team = board.teams, board.teams[pid]
    parsed = [(t, parse_order(t, fmap)) for t in moves]
    owners = dict(board.owners)
    for _, o in parsed:         # a stack takes the province it ends in (fronts.md): say every attack wins
        if o.kind == "move" and (owners.get(o.target) is None or teams.get(owners[o.target]) != team):
            owners[o.target] = pid
    out = []
    for text, o in parsed:
        if o.kind != "move" or not is_supplied(fmap, o.source, team, board.owners, teams):
            continue
        if not is_supplied(fmap, o.target, team, owners, teams):
            stack = ground(board.stacks.get(pid, {}).get(o.source, empty_units()))
            out.append((text, sum(stack.values()) if not o.units else
                        sum(n if n is not None else stack.get(k, 0) for k, n in o.units)))
    return out


class FrontsReviewer(GameReviewer):
    """Grades each player's orders for a turn (see the module docstring)."""

    game_name = "fronts"
    graded = (SubmitOrders,)

    def judge(self, decision: Decision) -> Mark | None:
        last, resolved = phase_of(decision.record, decision.step, lambda a: isinstance(a, SubmitOrders),
                                  lambda a: isinstance(a, Resolve))
        if not resolved or last.get(decision.player) != decision.step:
            return None
        return self._orders(decision)

    def foresee(self, decision: Decision) -> Mark | None:
        """Orders about to be submitted, graded as they will be once the turn resolves (the grade reads only
        the board the player sees)."""
        self._refuse_other(decision.state.game)
        return self._orders(decision) if isinstance(decision.action, SubmitOrders) else None

    def _orders(self, decision: Decision) -> Mark | None:
        action = decision.action
        view: Any = _observed_once(decision.view)
        pid = action.player
        moves = [o for o in action.orders if parse_order(o, view.fmap).kind != "build"]
        try:
            odds = turn_odds(view, pid, moves)
            holds, found = guards(view, pid, moves, odds)
            made, attacks, cut = order_numbers(view, pid, action.orders, holds, odds)
        except RulesError:
            return None
        text = self.game.format_action(action, view)
        weakest = made.get(WEAKEST, 1.0)
        odds_grade = grade_of(100 * (EVEN - weakest), ODDS_THRESHOLDS)
        supply_grade = grade_of(made[OUT], SUPPLY_THRESHOLDS)
        opened = left_open(view, pid, [o for o in action.orders if parse_order(o, view.fmap).kind != "build"])
        open_grade = grade_of(sum(2 if view.fmap.provinces[c].is_capital else 1 for c, _ in opened),
                              OPEN_THRESHOLDS)
        guarded = max(found, key=lambda g: (g.points, g.city), default=None)
        guard_grade = grade_of(guarded.points, GUARD_THRESHOLDS) if guarded is not None else "good"
        grade = max(odds_grade, supply_grade, open_grade, guard_grade, key=GRADES.index)
        if grade == "good":
            why = (f"Every attack was at {percent(EVEN, 0)} or better (the weakest {percent(weakest, 0)}) and no "
                   "unit was sent out of supply." if attacks else "No attack was made and no unit was sent out "
                                                                  "of supply.")
            return Mark(decision.step, decision.player, text, grade, None, made, {}, why, LESSONS["odds"])
        kind = max((("odds", odds_grade), ("supply", supply_grade), ("open", open_grade), ("guard", guard_grade)),
                   key=lambda kg: GRADES.index(kg[1]))[0]
        dropped = {t for t, c in attacks if c < EVEN} | {t for t, _ in cut}
        orders = list(action.orders)
        if guarded is not None and guard_grade != "good":    # the idle units go into the city
            builds = [o for o in orders if parse_order(o, view.fmap).kind == "build"]
            orders = [*guarded.orders, *builds]
            dropped &= set(orders)
        better_orders = self._without(view, pid, orders, dropped, {c for c, _ in opened})
        better, numbers = None, {}
        if better_orders is not None:
            numbers = order_numbers(view, pid, better_orders)[0]
            better = self.game.format_action(SubmitOrders(pid, tuple(better_orders)), view)
        if kind == "odds":
            worst = min(attacks, key=lambda a: a[1])
            why = (f"{worst[0]} fights at {percent(worst[1], 0)} by the battle odds (A² ÷ (A² + B²)), "
                   f"{100 * (EVEN - worst[1]):.0f} points under {percent(EVEN, 0)}: the stack is likelier to lose "
                   "than to win; hold it or bring more.")
        elif kind == "open":
            name = view.fmap.name_of
            city, enemy = opened[0]
            why = (f"{listing([name(c) for c, _ in opened])} {'is' if len(opened) == 1 else 'are'} left with no "
                   f"ground unit beside an enemy stack ({name(enemy)} next to {name(city)}): an enemy arriving the "
                   "same turn you leave takes a city with no fight; keep one ground unit in it.")
        elif kind == "guard":
            assert guarded is not None
            city = view.fmap.name_of(guarded.city)
            why = (f"If the enemy next to {city} ({listing(guarded.enemy)}) comes in, {city} holds with "
                   f"{percent(guarded.hold, 0)} by the battle odds, while {listing(guarded.idle)} "
                   f"{'fights' if len(guarded.idle) == 1 else 'fight'} no battle: in {city} "
                   f"{'it' if len(guarded.idle) == 1 else 'they'} would defend with the stacks there and "
                   f"make it {percent(guarded.better, 0)}.")
        else:
            why = (f"{listing([t for t, _ in cut])} {'sends' if len(cut) == 1 else 'send'} "
                   f"{count(made[OUT], 'unit')} out of supply (no path of your provinces to a friendly city even "
                   "if every attack wins): half strength in battle, and a unit lost every turn after 2.")
        return Mark(decision.step, decision.player, text, grade, better, made, numbers, why, LESSONS[kind])

    @staticmethod
    def _without(view: Any, pid: str, orders: Sequence[str], dropped: set[str], guard: set[str] = frozenset()
                 ) -> list[str] | None:
        """``orders`` without the moves in ``dropped`` (their stacks hold) and the supports and strikes sent
        to their targets, and with one ground unit (the first in loss order) kept back in each city of
        ``guard``; None if the engine refuses what is left."""
        fmap = view.fmap
        parsed = {t: parse_order(t, fmap) for t in orders}
        targets = {parsed[t].target for t in dropped}
        kept = [t for t in orders if t not in dropped
                and not (parsed[t].kind in ("support", "strike") and parsed[t].target in targets)]
        for city in sorted(guard):
            kept = _keep_one(view, pid, city, kept)
        moving = {parsed[t].source for t in kept if t in parsed}
        holds = [f"{fmap.name_of(src)} hold" for src in dict.fromkeys(parsed[t].source for t in orders if t in dropped)
                 if src not in moving]
        for attempt in (kept + holds, kept):
            try:
                return list(view.validate_orders(pid, attempt))
            except RulesError:
                continue
        return None


def _observed_once(view: Any) -> Any:
    """A shallow copy of ``view`` that works out each player's observation once: the rule reads the board
    the player saw many times (``seen_board``), and the view does not change while it is graded; it also
    keeps the chances to hold it has worked out (``review_memo``, read by ``_hold``)."""
    twin = copy.copy(view)
    twin.review_memo = {}
    seen: dict[Any, Any] = {}
    own = view.observation

    def observation(player: Any) -> Any:
        if player not in seen:
            seen[player] = own(player)
        return seen[player]

    twin.observation = observation
    return twin


def _keep_one(view: Any, pid: str, city: str, orders: list[str]) -> list[str]:
    """``orders`` with one ground unit fewer leaving ``city``: taken from the largest move out of it (a
    move of a single unit is dropped)."""
    fmap = view.fmap
    stack = ground(view.board.stacks.get(pid, {}).get(city, empty_units()))
    best, size = None, -1
    for i, t in enumerate(orders):
        o = parse_order(t, fmap)
        if o.kind != "move" or o.source != city:
            continue
        units = {k: (stack.get(k, 0) if n is None else n) for k, n in (o.units or tuple(stack.items()))}
        n = sum(units.values())
        if n > size:
            best, size, counts = i, n, units
    if best is None:
        return orders
    o = parse_order(orders[best], fmap)
    kind = next(k for k in LOSS_ORDER if k != "air" and counts.get(k))
    counts = {**counts, kind: counts[kind] - 1}
    rest = " ".join(f"{counts[k]} {k}" for k in LOSS_ORDER if counts.get(k))
    out = list(orders)
    if rest:
        out[best] = f"{rest} {fmap.name_of(city)} -> " + " -> ".join(fmap.name_of(p) for p in o.path)
    else:
        del out[best]
    return out
