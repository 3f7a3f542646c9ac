"""Diplomacy CPU players: a bot writes a power's orders for the phase, choosing among the legal
orders that ``state.options(player)`` lists (so it can never write an illegal order).

Levels
    easy    every unit picks a random legal order (within the phase's order limit)
    normal  the heuristic player below, with a good deal of randomness and no supports
    hard    the heuristic player with a small search: it writes several candidate sets of orders
            (few random choices, supports for contested moves and threatened centres, no
            self-bounces), predicts the other powers' orders with the normal player a few times,
            adjudicates every pair and keeps the candidate that does best on average

The heuristic, in our own formulation of the classic "province value" approach (the idea the
well-known DumbBot made popular): every supply centre gets a base value for this power (a
neutral centre is worth most; an enemy centre is worth more the weaker its owner; an own centre
is worth defending in proportion to the enemy units next to it; in Fall, when centres change
hands, centres count more). Values spread to neighbouring provinces over the army graph and the
fleet graph separately (a province near valuable ones is valuable to step into). Each unit then
goes to the best-valued place it can reach, no two units of the power to the same province;
hard bots turn idle units into supports. Retreats go to the best-valued place; builds take the
best-valued home centres (army or fleet by which graph values them more); disbands drop the
units in the worst-valued places. Every choice is a function of the bot's seed and the state.

>>> from academy.games.diplomacy.game import DiplomacyGame
>>> state = DiplomacyGame().new_initial_state(1)
>>> orders = make_bot("hard", seed=3).orders(state, 0)
>>> len(orders) == 3 and orders == make_bot("hard", seed=3).orders(state, 0)
True
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from academy.core.bots import state_digest

from .actions import DrawVote
from .adjudicate import adjudicate
from .mapdata import DiplomacyMap, province_of
from .orders import Build, Disband, Hold, Move, Retreat, SupportHold, SupportMove, parse_order
from .position import Position

__all__ = ["LEVELS", "LEVEL_NOTES", "make_bot", "RandomOrdersBot", "HeuristicBot", "province_values"]

LEVELS = ("easy", "normal", "hard")
#: what a learner may expect of each level, one line each (the forms that offer the levels show them)
LEVEL_NOTES = {
    "easy": "CPU easy: every unit picks a random legal order; it wanders and rarely takes a centre on purpose.",
    "normal": "CPU normal: heads for the centres it values most, with a good deal of chance and no supports; "
              "it grows steadily but can be outguessed.",
    "hard": "CPU hard: values centres as normal does, adds supports for contested moves and threatened centres, "
            "and tries a few plans against guesses of its neighbours' orders; expect it to defend and to "
            "take what you leave open.",
}
_SPREAD, _ROUNDS = 0.45, 4


def _leaves(tree: Any) -> list[str]:
    if isinstance(tree, str):
        return [tree]
    return [leaf for branch in tree.values() for leaf in _leaves(branch)]


class RandomOrdersBot:
    """Orders every unit at random among its legal orders (the "easy" CPU)."""

    level = "easy"

    def __init__(self, seed: int = 0, name: str = "Easy CPU") -> None:
        self.seed = int(seed)
        self.name = name
        self._rng = random.Random(self.seed)

    def draw_vote(self, state: Any, player: int) -> DrawVote | None:
        """The CPU's answer to a draw someone has proposed: it agrees unless it is winning, that is unless it
        holds more supply centres than every other surviving power (diplomacy.md, "Winning": a draw ends
        the game when every survivor agrees). None when no draw is proposed, the power has voted already,
        is out, or leads.

        >>> from academy.games.diplomacy import DiplomacyGame
        >>> s = DiplomacyGame().new_initial_state(seed=1)
        >>> _ = s.vote_draw("FRANCE")
        >>> RandomOrdersBot().draw_vote(s, s.player_of("RUSSIA")) is None     # Russia leads with 4 centres
        True
        >>> RandomOrdersBot().draw_vote(s, s.player_of("ENGLAND"))
        DrawVote(power='ENGLAND', agree=True)
        """
        power = state.power_of(player)
        if not state.draw_votes or power in state.draw_votes or power not in state.survivors() or state.result:
            return None
        pos = state.position
        mine = len(pos.centers_of(power))
        best_other = max((len(pos.centers_of(pw)) for pw in state.survivors() if pw != power), default=0)
        return DrawVote(power, True) if mine <= best_other else None

    def orders(self, state: Any, player: int) -> list[str]:
        """The orders of ``player`` for this phase, as order texts (an empty list: nothing to order)."""
        self._rng.seed(f"diplomacy-{self.level}/{self.seed}/{player}/{state_digest(state)}")
        tree = state.options(player)
        keys = sorted(tree)
        limit = state.order_limit(player)
        if limit is not None and limit < len(keys):
            keys = sorted(self._rng.sample(keys, limit))
        chosen: list[str] = []
        for key in keys:
            leaves = _leaves(tree[key])
            if leaves:
                chosen.append(leaves[self._rng.randrange(len(leaves))])
        return chosen

    def choose(self, state: Any) -> Any:
        raise TypeError("Diplomacy is played with orders written together: use orders(state, player).")


# ============================================================================ province values
def _neighbours(dmap: DiplomacyMap, fleet: bool) -> dict[str, set[str]]:
    """Province -> provinces one move away, for armies (land graph) or fleets (sea graph)."""
    out: dict[str, set[str]] = {p: set() for p in dmap.provinces}
    if fleet:
        for src, dsts in dmap.fleet_adj.items():
            out[province_of(src)].update(province_of(d) for d in dsts)
    else:
        for src, dsts in dmap.army_adj.items():
            out[src].update(dsts)
    return out


_GRAPHS: dict[tuple[int, bool], dict[str, set[str]]] = {}


def _graph(dmap: DiplomacyMap, fleet: bool) -> dict[str, set[str]]:
    key = (id(dmap), fleet)
    if key not in _GRAPHS:
        _GRAPHS[key] = _neighbours(dmap, fleet)
    return _GRAPHS[key]


def _base_values(pos: Position, power: str) -> dict[str, float]:
    dmap = pos.dmap
    counts: dict[str, int] = {}
    for owner in pos.supply_centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    near_enemies: dict[str, int] = {}
    both = (_graph(dmap, False), _graph(dmap, True))
    for unit in pos.units.values():
        if unit.power == power:
            continue
        graph = both[unit.kind == "F"]
        for p in graph.get(unit.province, ()):
            near_enemies[p] = near_enemies.get(p, 0) + 1
    fall = 1.5 if pos.phase.season == "F" else 1.0
    base: dict[str, float] = {}
    for p in dmap.supply_centers:
        owner = pos.supply_centers.get(p)
        if owner == power:
            base[p] = 2.0 + 3.0 * near_enemies.get(p, 0) * fall
        elif owner is None:
            base[p] = 10.0 * fall
        else:
            base[p] = (6.0 + 4.0 * max(0.0, 1.0 - counts.get(owner, 0) / 10.0)) * fall
    return base


def province_values(pos: Position, power: str) -> tuple[dict[str, float], dict[str, float]]:
    """For ``power``: (army values, fleet values) of every province, base values spread to neighbours."""
    base = _base_values(pos, power)
    result = []
    for fleet in (False, True):
        graph = _graph(pos.dmap, fleet)
        values = {p: base.get(p, 0.0) for p in graph}
        for _ in range(_ROUNDS):
            values = {p: base.get(p, 0.0) + _SPREAD * max((values[q] for q in graph[p]), default=0.0)
                      for p in graph}
        result.append(values)
    return result[0], result[1]


# ============================================================================ the heuristic bot
class HeuristicBot(RandomOrdersBot):
    """The "normal" and "hard" CPU: see the module docstring."""

    #: hard's search: candidate order sets of its own, and predictions of the others' orders
    CANDIDATES, PREDICTIONS = 6, 3

    def __init__(self, seed: int = 0, level: str = "hard") -> None:
        super().__init__(seed, name=f"{level.capitalize()} CPU")
        self.level = level
        self.noise = 0.05 if level == "hard" else 0.35
        self.supports = level == "hard"

    def orders(self, state: Any, player: int) -> list[str]:
        self._rng.seed(f"diplomacy-{self.level}/{self.seed}/{player}/{state_digest(state)}")
        if self.level != "hard" or state.position.phase.kind != "M":
            return self._heuristic(state, player)
        return self._search(state, player)

    def _search(self, state: Any, player: int) -> list[str]:
        """Pick the best of a few candidate order sets against a few predictions of the others' orders."""
        pos: Position = state.position
        power = state.power_of(player)
        noise = self.noise
        candidates: list[list[str]] = []
        for i in range(self.CANDIDATES):
            self.noise = noise if i == 0 else 0.5
            orders = self._heuristic(state, player)
            if orders not in candidates:
                candidates.append(orders)
        self.noise = noise
        if len(candidates) == 1:
            return candidates[0]
        predictor = HeuristicBot(self._rng.randrange(2**31), "normal")
        others = [p for p in range(len(state.powers)) if p != player and state.options(p)]
        predictions = []
        for m in range(self.PREDICTIONS):
            predictor.seed = self.seed * 31 + m
            predictions.append({state.power_of(p): predictor.orders(state, p) for p in others})
        army, fleet = province_values(pos, power)
        best: tuple[float, int] | None = None
        for i, orders in enumerate(candidates):
            score = 0.0
            for guess in predictions:
                after = adjudicate(pos, {**guess, power: orders}).position
                score += self._evaluate(after, power, army, fleet)
            if best is None or score > best[0] + 1e-9:
                best = (score, i)
        assert best is not None
        return candidates[best[1]]

    @staticmethod
    def _evaluate(pos: Position, power: str, army: Mapping[str, float], fleet: Mapping[str, float]) -> float:
        """How good a position after the moves is for ``power``: centres held or taken, units well placed, none lost."""
        score = 0.0
        for p in pos.dmap.supply_centers:
            unit = pos.units.get(p)
            if (unit is not None and unit.power == power) or (unit is None and pos.supply_centers.get(p) == power):
                score += 1.0
        for unit in pos.units.values():
            if unit.power == power:
                score += 0.05 * (fleet if unit.kind == "F" else army).get(unit.province, 0.0)
        score -= 0.8 * sum(d.unit.power == power for d in pos.dislodged)
        return score

    def _heuristic(self, state: Any, player: int) -> list[str]:
        pos: Position = state.position
        power = state.power_of(player)
        tree = state.options(player)
        if not tree:
            return []
        army, fleet = province_values(pos, power)
        parsed = {key: [(text, parse_order(text, pos.dmap)) for text in _leaves(branch)]
                  for key, branch in tree.items()}
        kind = pos.phase.kind
        if kind == "M":
            return self._movement(pos, power, parsed, army, fleet)
        if kind == "R":
            return self._retreats(parsed, army, fleet)
        return self._adjustments(parsed, army, fleet, state.order_limit(player))

    # --- helpers ---------------------------------------------------------------------------
    def _jitter(self, value: float) -> float:
        return value * (1.0 + self.noise * (2 * self._rng.random() - 1))

    @staticmethod
    def _value(kind: str | None, province: str, army: Mapping[str, float], fleet: Mapping[str, float]) -> float:
        return (fleet if kind == "F" else army).get(province, 0.0)

    # --- movement ----------------------------------------------------------------------------
    def _movement(self, pos: Position, power: str, parsed: Mapping[str, list[tuple[str, Any]]],
                  army: Mapping[str, float], fleet: Mapping[str, float]) -> list[str]:
        candidates: list[tuple[float, str, str, str]] = []     # (score, unit key, destination province, text)
        for key, leaves in parsed.items():
            for text, order in leaves:
                if isinstance(order, Hold):
                    here = order.unit.province
                    candidates.append((self._jitter(self._value(order.unit.kind, here, army, fleet) * 0.9),
                                       key, here, text))
                elif isinstance(order, Move) and not order.via_convoy:
                    dest = province_of(order.dest)
                    score = self._value(order.unit.kind, dest, army, fleet)
                    occupant = pos.unit_in(dest)
                    if occupant is not None and occupant.power != power:
                        score *= 0.7                      # it will need help to get in
                    candidates.append((self._jitter(score), key, dest, text))
        candidates.sort(key=lambda c: (-c[0], c[1], c[3]))
        chosen: dict[str, tuple[str, str, float]] = {}     # unit key -> (destination, text, score)
        taken: set[str] = set()
        for score, key, dest, text in candidates:
            if key in chosen or dest in taken:
                continue
            chosen[key] = (dest, text, score)
            taken.add(dest)
        for key, leaves in parsed.items():                 # a unit left without a free place holds
            if key not in chosen:
                hold = next((t for t, o in leaves if isinstance(o, Hold)), leaves[0][0])
                chosen[key] = (key.split()[1].split("/")[0], hold, 0.0)
        self._no_swaps(parsed, chosen)
        if self.supports:
            self._add_supports(pos, power, parsed, chosen)
        return [text for _, text, _ in chosen.values()]

    @staticmethod
    def _no_swaps(parsed: Mapping[str, list[tuple[str, Any]]], chosen: dict[str, tuple[str, str, float]]) -> None:
        """Two own units trading places without a convoy bounce: the weaker move holds instead."""
        here = {key: key.split()[1].split("/")[0] for key in chosen}
        for a, (dest_a, _, score_a) in list(chosen.items()):
            for b, (dest_b, _, score_b) in list(chosen.items()):
                if a < b and dest_a == here[b] and dest_b == here[a] and dest_a != here[a]:
                    loser = a if score_a < score_b else b
                    hold = next(t for t, o in parsed[loser] if isinstance(o, Hold))
                    chosen[loser] = (here[loser], hold, 0.0)

    def _add_supports(self, pos: Position, power: str, parsed: Mapping[str, list[tuple[str, Any]]],
                      chosen: dict[str, tuple[str, str, float]]) -> None:
        """Idle units (holding where nothing threatens) support a contested move or a threatened hold."""
        here = {key: key.split()[1].split("/")[0] for key in chosen}
        enemy_near = self._enemy_reach(pos, power)
        moving = {dest: key for key, (dest, _, _) in chosen.items() if dest != here[key]}
        holding = {here[key]: key for key, (dest, _, _) in chosen.items() if dest == here[key]}
        for key, (dest, _, _) in sorted(chosen.items()):
            if dest != here[key] or enemy_near.get(here[key], 0) > 0 and pos.supply_centers.get(here[key]) == power:
                continue                                   # busy, or guarding its own threatened centre
            best: tuple[float, str] | None = None
            for text, order in parsed[key]:
                if isinstance(order, SupportMove):
                    target = province_of(order.dest)
                    mover = moving.get(target)
                    if mover is None or here[mover] != order.supported.province:
                        continue
                    occupant = pos.unit_in(target)
                    contested = enemy_near.get(target, 0) + (occupant is not None and occupant.power != power)
                    if contested:
                        score = chosen[mover][2] + contested
                        if best is None or score > best[0]:
                            best = (score, text)
                elif isinstance(order, SupportHold):
                    held = order.supported.province
                    if holding.get(held) and holding[held] != key and enemy_near.get(held, 0) > 0 \
                            and pos.supply_centers.get(held) == power:
                        score = 1.0 + enemy_near[held]
                        if best is None or score > best[0]:
                            best = (score, text)
            if best is not None:
                chosen[key] = (here[key], best[1], 0.0)

    @staticmethod
    def _enemy_reach(pos: Position, power: str) -> dict[str, int]:
        """Province -> how many foreign units could move there this phase."""
        reach: dict[str, int] = {}
        graphs = (_graph(pos.dmap, False), _graph(pos.dmap, True))
        for unit in pos.units.values():
            if unit.power != power:
                for p in graphs[unit.kind == "F"].get(unit.province, ()):
                    reach[p] = reach.get(p, 0) + 1
        return reach

    # --- retreats and adjustments ------------------------------------------------------------
    def _retreats(self, parsed: Mapping[str, list[tuple[str, Any]]], army: Mapping[str, float],
                  fleet: Mapping[str, float]) -> list[str]:
        out = []
        for key in sorted(parsed):
            retreats = [(self._jitter(self._value(o.unit.kind, province_of(o.dest), army, fleet)), t)
                        for t, o in parsed[key] if isinstance(o, Retreat)]
            disband = next((t for t, o in parsed[key] if isinstance(o, Disband)), None)
            out.append(max(retreats)[1] if retreats else disband or parsed[key][0][0])
        return out

    def _adjustments(self, parsed: Mapping[str, list[tuple[str, Any]]], army: Mapping[str, float],
                     fleet: Mapping[str, float], limit: int | None) -> list[str]:
        builds: list[tuple[float, str, str]] = []
        disbands: list[tuple[float, str, str]] = []
        for key, leaves in parsed.items():
            for text, order in leaves:
                if isinstance(order, Build):
                    builds.append((self._jitter(self._value(order.unit.kind, order.unit.province, army, fleet)),
                                   key, text))
                elif isinstance(order, Disband):
                    disbands.append((self._jitter(self._value(order.unit.kind, order.unit.province, army, fleet)),
                                     key, text))
        if builds:
            builds.sort(key=lambda b: (-b[0], b[1]))
            out, used = [], set()
            for _, key, text in builds:
                if key not in used and (limit is None or len(out) < limit):
                    used.add(key)
                    out.append(text)
            return out
        disbands.sort(key=lambda d: (d[0], d[1]))
        return [text for _, _, text in disbands[:limit if limit is not None else len(disbands)]]


def make_bot(level: str, seed: int = 0) -> RandomOrdersBot:
    """A Diplomacy CPU of ``level`` ("easy", "normal", "hard"); raises ValueError for another level."""
    if level not in LEVELS:
        raise ValueError(f"Unknown Diplomacy bot level {level!r}; choose one of {', '.join(LEVELS)}.")
    return RandomOrdersBot(seed) if level == "easy" else HeuristicBot(seed, level)


def play_orders(state: Any, bots: Mapping[int, Any], phases: int) -> Any:
    """Drive a Diplomacy state ``phases`` phases on (or to its end) with ``bots[player]`` for every player."""
    for _ in range(phases):
        if state.is_terminal():
            break
        for player in state.waiting():
            state.submit(player, bots[player].orders(state, player))
        state.resolve_step()
    return state


