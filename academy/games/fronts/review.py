"""The coach's rule for Fronts (issue 22): a player's orders for a turn are graded by the battle odds of
their weakest attack and by the units they send out of supply, as the player saw the board.

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

The grade is the worst of the three. Builds are not graded (they come after every battle).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from academy.core.errors import RulesError
from academy.core.review import GRADES, Decision, GameReviewer, Mark, grade_of, phase_of
from academy.core.text import count, listing, percent

from .actions import Resolve, SubmitOrders
from .board import empty_units, ground
from .odds import seen_board, turn_odds
from .orders import parse_order
from .supply import is_supplied
from .units import LOSS_ORDER

__all__ = ["EVEN", "LESSONS", "ODDS_THRESHOLDS", "OPEN_THRESHOLDS", "SUPPLY_THRESHOLDS", "FrontsReviewer",
           "order_numbers"]

#: the win chance from which an attack counts as sound
EVEN = 0.45
#: points of win chance below EVEN under which the weakest attack is good, an inaccuracy, a mistake
ODDS_THRESHOLDS = (0.5, 10.0, 25.0)
#: ground units sent out of supply under which orders are good, an inaccuracy, a mistake
SUPPLY_THRESHOLDS = (1.0, 4.0, 10.0)
#: cities left open (a capital counts 2) under which orders are good, an inaccuracy, a mistake
OPEN_THRESHOLDS = (0.5, 0.5, 2.0)
#: the lesson (and exercise) behind each kind of mark
LESSONS = {"odds": ("odds", "eighty-percent"), "supply": ("supply", "reconnect"),
           "open": ("leaving-a-city", "keep-a-guard")}

WEAKEST, ATTACKS, OUT, OPEN = ("weakest attack's win chance", "attacks", "units sent out of supply",
                               "cities left open")


def order_numbers(state: Any, pid: str, orders: Sequence[str]
                  ) -> tuple[dict[str, Any], list[tuple[str, float]], list[tuple[str, int]]]:
    """The numbers of a set of orders as ``pid`` saw the board (every other stack holding, as on the odds
    panel): how many battles its side moves into, the lowest win chance among them (left out without
    any) and the ground units sent out of supply; with each attacking order and its battle's win chance,
    and each move that sends units out of supply with how many. Raises RulesError for orders the engine
    refuses."""
    moves = [o for o in orders if parse_order(o, state.fmap).kind != "build"]
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
    return numbers, attacks, cut


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
        view: Any = decision.view
        pid = action.player
        try:
            made, attacks, cut = order_numbers(view, pid, action.orders)
        except RulesError:
            return None
        text = self.game.format_action(action, view)
        weakest = made.get(WEAKEST, 1.0)
        odds_grade = grade_of(100 * (EVEN - weakest), ODDS_THRESHOLDS)
        supply_grade = grade_of(made[OUT], SUPPLY_THRESHOLDS)
        opened = left_open(view, pid, [o for o in action.orders if parse_order(o, view.fmap).kind != "build"])
        open_grade = grade_of(sum(2 if view.fmap.provinces[c].is_capital else 1 for c, _ in opened),
                              OPEN_THRESHOLDS)
        grade = max(odds_grade, supply_grade, open_grade, key=GRADES.index)
        if grade == "good":
            why = (f"Every attack was at {percent(EVEN, 0)} or better (the weakest {percent(weakest, 0)}) and no "
                   "unit was sent out of supply." if attacks else "No attack was made and no unit was sent out "
                                                                  "of supply.")
            return Mark(decision.step, decision.player, text, grade, None, made, {}, why, LESSONS["odds"])
        kind = max((("odds", odds_grade), ("supply", supply_grade), ("open", open_grade)),
                   key=lambda kg: GRADES.index(kg[1]))[0]
        dropped = {t for t, c in attacks if c < EVEN} | {t for t, _ in cut}
        better_orders = self._without(view, pid, action.orders, dropped, {c for c, _ in opened})
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
        holds = [f"{fmap.name_of(src)} hold" for src in dict.fromkeys(parsed[t].source for t in dropped)
                 if src not in moving]
        for attempt in (kept + holds, kept):
            try:
                return list(view.validate_orders(pid, attempt))
            except RulesError:
                continue
        return None


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
