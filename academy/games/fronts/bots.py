"""Fronts CPU players. A bot writes a player's orders for the turn from what that player may see
(``state.observation(player)``: the fog) and the map; it never reads the hidden board.

Levels
    easy    a beginner: every stack marches on the nearest city its team does not hold (back toward
            a friendly city when cut off from supply) and attacks on the way what it beats at even
            odds (A² ÷ (A² + B²)) or outnumbers half again in units; a stack with no way on joins
            the stack nearest the goal. It leaves cities empty, never supports with its guns,
            strikes only where it attacks, and builds infantry and armor in its capital
    normal  keeps in each threatened city enough to face 0.8 times the enemy strength that could
            reach it this turn; the rest attack together, the best prizes first, every stack next
            door that is needed going in at once (planes in range striking) where the odds reach 50%
            (just enough of them for 85%); what is left marches on the nearest city it does not hold,
            by paths that cross no enemy stack and end in supply; builds infantry in its capital
    hard    a search: it writes several plans (the heuristic above with more or less boldness and
            care, the guns of the stacks next door supporting each attack instead of marching in,
            and a gun built with every two infantry), guesses the other players' orders with the
            normal heuristic on the board as it sees it and also weighs everyone holding, resolves
            every plan against each guess with the engine over the likeliest ways the battles go
            (some plans also bring free stacks next door into an own city whose guard falls short),
            and keeps the plan that leaves its team holding most (cities first, and how likely each
            is to change hands); at a table of three sides or more it also guesses the others daring
            more (attacking from 40% odds), counts the cities of the side that leads against it more
            than those of the others, plays the likeliest board one turn further (everyone by the
            heuristics) and counts that too, as the end of the game on the turn before the last, and
            betters the plan it keeps an order at a time (an order left out, a stack next to an own
            city in danger brought into it, an idle stack joining an attack next door) while that scores
            higher; on
            the game's last turn it tries bolder plans and counts only winning (most cities); a stack
            with nothing to gain by moving holds

A fourth bot, ``FrontsBot(seed, "random")``, picks a random leaf of ``options`` for each stack (a
baseline for tests and benchmarks; no level offers it). Every choice is a function of the bot's seed
and what the player sees; the others' orders for the turn are never looked at.

>>> from academy.games.fronts.game import FrontsGame
>>> s = FrontsGame().new_initial_state(1)
>>> make_bot("hard", 3).orders(s, 0) == make_bot("hard", 3).orders(s, 0)
True
"""
from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from typing import Any

from academy.core.errors import IllegalAction, RulesError

from .battle import stack_strength
from .mapdata import FrontsMap
from .odds import RANGE_MIDDLE
from .supply import is_supplied
from .units import LOSS_ORDER, UNITS

__all__ = ["LEVELS", "make_bot", "FrontsBot"]

LEVELS = ("easy", "normal", "hard")
#: what a player may expect of each level, one line each (the forms that offer the levels show them)
LEVEL_NOTES = {
    "easy": "CPU easy: a beginner; every stack marches on the nearest city it does not hold and attacks "
            "what it outnumbers, leaving its own cities empty and its guns idle; its planes strike where "
            "it attacks, or else scout.",
    "normal": "CPU normal: attacks with its stacks together where the odds are good (its planes strike), keeps "
              "a guard in threatened cities, otherwise marches on the nearest city it does not hold.",
    "hard": "CPU hard: tries several plans against a guess of your orders, resolved by the engine, and keeps "
            "the one that holds most cities; its guns support and its planes strike.",
}


def _leaves(tree: Any) -> list[str]:
    if isinstance(tree, str):
        return [tree]
    return [leaf for branch in tree.values() for leaf in _leaves(branch)]


_DISTANCES: dict[tuple[int, str], tuple[FrontsMap, dict[str, int]]] = {}


def _steps(fmap: FrontsMap, prov: str) -> dict[str, int]:
    """``fmap.distances_from(prov)``, kept per map and province (the map is kept alive with it)."""
    hit = _DISTANCES.get((id(fmap), prov))
    if hit is None or hit[0] is not fmap:
        hit = _DISTANCES[(id(fmap), prov)] = (fmap, fmap.distances_from(prov))
    return hit[1]


def _clear_reach(fmap: FrontsMap, units: Mapping[str, int], start: str, blocked: set[str]
                 ) -> dict[str, tuple[str, ...]]:
    """``movement.reachable`` by paths that do not pass through a province of ``blocked`` (they may end
    there): a stack that meets an enemy on the way fights there and stops."""
    from .movement import plan_route
    found: dict[str, tuple[str, ...]] = {start: ()}
    frontier: list[tuple[str, ...]] = [()]
    while frontier:
        nxt: list[tuple[str, ...]] = []
        for path in frontier:
            here = path[-1] if path else start
            if path and here in blocked:
                continue
            for n in sorted(fmap.neighbours[here]):
                if n in found:
                    continue
                try:
                    plan_route(fmap, units, start, (*path, n))
                except (IllegalAction, RulesError):
                    continue
                found[n] = (*path, n)
                nxt.append(found[n])
        frontier = nxt
    return found


def _counts(units: Mapping[str, int]) -> str:
    return " ".join(f"{units[k]} {k}" for k in LOSS_ORDER if units.get(k))


class FrontsBot:
    """A Fronts CPU of one level (see the module docstring)."""

    def __init__(self, seed: int = 0, level: str = "easy") -> None:
        self.seed, self.level = int(seed), level
        self.name = f"{level.capitalize()} CPU"

    def choose(self, state: Any) -> Any:
        raise TypeError("Fronts is played with orders written together: use orders(state, player).")

    # --- entry point --------------------------------------------------------------------------
    def orders(self, state: Any, player: int) -> list[str]:
        """The orders of ``player`` for this turn (an empty list when there is nothing to order)."""
        if state.is_terminal() or player not in state.players_to_act():
            return []
        obs = state.observation(player)
        seen = json.dumps([obs["turn"], obs["owners"], obs["stacks"], obs.get("funds")], sort_keys=True)
        rng = random.Random(hashlib.blake2b(f"fronts/{self.level}/{self.seed}/{player}/{seen}".encode(),
                                            digest_size=12).hexdigest())
        if self.level == "random":
            tree = obs["options"]
            chosen = [rng.choice(_leaves(tree[k])) for k in sorted(tree) if _leaves(tree[k])]
        elif self.level == "easy":
            chosen = _Beginner(state.game.map, obs, rng).plan()
        elif self.level == "hard":
            chosen = _Search(state, player, obs, rng).plan()
        else:
            chosen = _Planner(state.game.map, obs, rng, hard=False).plan()
        return self._legal(state, player, chosen)

    @staticmethod
    def _legal(state: Any, player: int, orders: list[str]) -> list[str]:
        """The orders, dropping any the engine refuses (the bot must never submit an illegal set)."""
        kept: list[str] = []
        for o in orders:
            try:
                state.validate_orders(player, [*kept, o])
            except RulesError:
                continue
            kept.append(o)
        return kept


class _Planner:
    """The heuristic of the normal and hard CPUs, for one player and one turn."""

    def __init__(self, fmap: FrontsMap, obs: Mapping[str, Any], rng: random.Random, hard: bool,
                 threshold: float | None = None, keep: float | None = None) -> None:
        self.fmap, self.obs, self.rng, self.hard = fmap, obs, rng, hard
        #: the least odds it attacks at, and the share of the threat a city's garrison must match
        self.threshold = threshold if threshold is not None else (0.7 if hard else 0.5)
        self.keep_factor = keep if keep is not None else (1.2 if hard else 0.8)
        self.me, self.team = obs["viewer"], obs["team"]
        self.mine: dict[str, dict[str, int]] = {}
        self.enemy: dict[str, dict[str, int]] = {}
        self.teams: Mapping[str, str] = obs.get("teams", {})
        teams = self.teams
        #: our stacks out of supply (they fight at half strength)
        self.cut_off = {e["province"] for e in obs.get("out_of_supply", []) if e["owner"] == self.me}
        #: the odds at which an attack has enough stacks in it (more go only when needed)
        self.enough = 0.85
        #: build a gun with every two infantry
        self.build_guns = False
        #: hard: free stacks next to an own city that lacks a guard go into it first
        self.reinforce = False
        #: provinces with a neutral garrison (it never moves)
        self.garrisons = {prov for prov, entries in obs["stacks"].items() for e in entries if e["owner"] == "neutral"}
        for prov, entries in obs["stacks"].items():
            for e in entries:
                if e["owner"] == self.me:
                    self.mine[prov] = dict(e["units"])
                elif e["owner"] == "neutral" or teams.get(e["owner"]) != self.team:
                    units = e.get("units") or {(e["types"] or ["infantry"])[0]: RANGE_MIDDLE[e["size"]]}
                    self.enemy[prov] = {k: self.enemy.get(prov, {}).get(k, 0) + units.get(k, 0) for k in LOSS_ORDER}

    # --- values -------------------------------------------------------------------------------
    def owned_by_us(self, prov: str) -> bool:
        return self.obs["owners"].get(prov) == self.me

    def is_friendly(self, prov: str) -> bool:
        """Does our team own ``prov``?"""
        owner = self.obs["owners"].get(prov)
        return owner is not None and self.teams.get(owner) == self.team

    def value(self, prov: str) -> float:
        p = self.fmap.provinces[prov]
        owner = self.obs["owners"].get(prov)
        if self.is_friendly(prov):
            return 0.0
        base = {"capital": 12.0, "city": 8.0, "rural": 1.5}[p.kind]
        return base if owner is not None else base * 0.8

    def defence(self, prov: str) -> float:
        units = self.enemy.get(prov)
        if not units:
            return 0.0
        p = self.fmap.provinces[prov]
        dug = self.obs["dug"].get(prov, 0) if p.is_city else 0
        return float(stack_strength(units, "defender", p.terrain, dug_in_turns=min(dug, 5),
                                    capital=p.is_capital))

    def threat(self, prov: str) -> float:
        """The attack strength of the enemy stacks next to ``prov``."""
        return sum(float(stack_strength({k: v for k, v in u.items() if k != "air"}, "attacker",
                                        self.fmap.provinces[prov].terrain))
                   for n, u in self.enemy.items() if n in self.fmap.neighbours[prov])

    # --- the plan -----------------------------------------------------------------------------
    def plan(self) -> list[str]:
        """Guards stay in threatened cities; the stacks free to move attack together where their odds
        (the planes in range striking and, for hard, the guns next door supporting) reach the threshold,
        the best prizes first; the rest march on the nearest city the team does not hold, never through
        an enemy stack and never out of supply."""
        name = self.fmap.name_of
        orders: list[str] = []
        free: dict[str, dict[str, int]] = {}
        guns: dict[str, int] = {}                 # artillery of every stack, which may support next door
        for prov, units in sorted(self.mine.items()):
            ground = {k: (v if k != "air" else 0) for k, v in units.items()}
            if not sum(ground.values()):
                continue
            keep = self._keep(prov, ground)
            moving = {k: ground.get(k, 0) - keep.get(k, 0) for k in LOSS_ORDER}
            if sum(moving.values()):
                free[prov] = moving
            if ground.get("artillery"):
                guns[prov] = ground["artillery"]
        planes = {prov: u["air"] for prov, u in sorted(self.mine.items()) if u.get("air")}
        if not self.hard:
            guns = {}                               # normal: the guns march with their stacks
        if self.reinforce:
            orders += self._reinforcements(free)
        attacks = self._attacks(free, guns, planes)
        used_guns: set[str] = set()
        for target, (movers, gunners, strikers) in attacks.items():
            for prov, units in movers:
                orders.append(f"{_counts(units)} {name(prov)} -> {name(target)}")
                left = free[prov]
                for k in LOSS_ORDER:
                    left[k] -= units.get(k, 0)
            for prov in gunners:
                n = guns[prov]                      # every gun of the stack, as the odds counted them
                orders.append(f"{n} artillery {name(prov)} support {name(target)}")
                used_guns.add(prov)
                if prov in free:
                    free[prov]["artillery"] -= min(free[prov]["artillery"], n)
            for prov in strikers:
                orders.append(f"{planes.pop(prov)} air {name(prov)} strike {name(target)}")
        taken = set(attacks)
        for prov, moving in sorted(free.items()):
            moving = {k: max(0, v) for k, v in moving.items()}
            if not sum(moving.values()):
                continue
            target, path = self._best_move(prov, moving, taken)
            if target is not None and path is not None:
                orders.append(f"{_counts(moving)} {name(prov)} -> " + " -> ".join(name(p) for p in path))
                taken.add(target)
                continue
            # the stack cannot get on together (armor and infantry cannot enter a forest): by kind
            for k in LOSS_ORDER:
                if moving.get(k):
                    t, route = self._best_move(prov, {k: moving[k]}, taken)
                    if t is not None and route is not None:
                        orders.append(f"{moving[k]} {k} {name(prov)} -> " + " -> ".join(name(p) for p in route))
                        taken.add(t)
        orders += self._air(list(attacks), planes)
        orders += self._builds()
        return orders

    def _reinforcements(self, free: dict[str, dict[str, int]]) -> list[str]:
        """Orders that bring free infantry and armor from next door into each own city whose guard falls short
        of ``keep_factor`` times the enemy strength that could reach it this turn (the most valuable city
        first); what moves is taken out of ``free``."""
        fmap, name = self.fmap, self.fmap.name_of
        out: list[str] = []
        cities = sorted((p for p in self.mine if fmap.provinces[p].is_city and self.owned_by_us(p)),
                        key=lambda p: (not fmap.provinces[p].is_capital, p))
        cities += sorted(p for p in fmap.cities() if self.owned_by_us(p) and p not in self.mine)
        for city in cities:
            threat = self.reach_threat(city)
            if not threat:
                continue
            p = fmap.provinces[city]
            dug = min(self.obs["dug"].get(city, 0), 5)
            here = {k: v - free.get(city, {}).get(k, 0) for k, v in self.mine.get(city, {}).items() if k != "air"}
            have = float(stack_strength(here, "defender", p.terrain, dug_in_turns=dug, capital=p.is_capital)) \
                if sum(here.values()) else 0.0
            need = self.keep_factor * threat - have
            for n in sorted(fmap.neighbours[city]):
                if need <= 0:
                    break
                units = {k: v for k, v in free.get(n, {}).items() if v > 0 and k in ("infantry", "armor")}
                if n == city or not units or city not in _clear_reach(fmap, units, n, set(self.enemy)):
                    continue
                moving: dict[str, int] = {}
                for k in ("infantry", "armor"):
                    one = float(stack_strength({k: 1}, "defender", p.terrain, dug_in_turns=dug, capital=p.is_capital))
                    while need > 0 and moving.get(k, 0) < units.get(k, 0):
                        moving[k] = moving.get(k, 0) + 1
                        need -= one
                if sum(moving.values()):
                    out.append(f"{_counts(moving)} {name(n)} -> {name(city)}")
                    for k, v in moving.items():
                        free[n][k] -= v
        return out

    def _attack_power(self, prov: str, units: Mapping[str, int], target: str) -> float:
        """The attack strength of ``units`` moving from ``prov`` next door into ``target`` (terrain, river
        and supply as the engine counts them)."""
        return float(stack_strength(units, "attacker", self.fmap.provinces[target].terrain,
                                    crosses_river=self.fmap.has_river(prov, target),
                                    supplied=prov not in self.cut_off))

    def _attacks(self, free: dict[str, dict[str, int]], guns: Mapping[str, int], planes: Mapping[str, int]
                 ) -> dict[str, tuple[list[tuple[str, dict[str, int]]], list[str], list[str]]]:
        """The attacks of the turn, by target: the best prizes first, each made by the free stacks next door
        together (the guns of the stacks next door supporting, the planes in range striking) when the
        odds, A² ÷ (A² + B²), reach the threshold; just enough of them to reach ``self.enough``."""
        fmap = self.fmap
        avail = {p: dict(u) for p, u in free.items()}
        guns_left, planes_left = dict(guns), dict(planes)
        targets = sorted((p for p in self.enemy if p not in self.mine),
                         key=lambda p: (-self.value(p) - (0.5 if p in self.garrisons else 0.0), p))
        out: dict[str, tuple[list[tuple[str, dict[str, int]]], list[str], list[str]]] = {}
        for target in targets:
            dfn = self.defence(target)
            if not dfn:
                continue
            near = [n for n in sorted(fmap.neighbours[target])]
            movers: list[tuple[float, str, dict[str, int]]] = []
            for n in near:
                units = {k: v for k, v in avail.get(n, {}).items() if v > 0}
                if not units:
                    continue
                gun_here = guns_left.get(n, 0)
                going = {k: v for k, v in units.items() if k != "artillery" or not gun_here}
                if not sum(going.values()):
                    continue
                if target not in _clear_reach(fmap, going, n, set(fmap.neighbours[n])):
                    continue                        # a move the rules refuse (armor into a forest ...)
                movers.append((self._attack_power(n, going, target), n, going))
            if not movers:
                continue
            support = [n for n in near if guns_left.get(n)]
            strikers = [p for p in planes_left if target in fmap.within(p, 3)]
            flat = 2.0 * sum(guns_left[n] for n in support) + 3.0 * sum(planes_left[p] for p in strikers)
            movers.sort(key=lambda m: (-m[0], m[1]))
            total = flat + sum(m[0] for m in movers)
            if total * total / (total * total + dfn * dfn) < self.threshold:
                continue
            chosen, att = [], flat
            for power, n, going in movers:
                chosen.append((n, going))
                att += power
                if att * att / (att * att + dfn * dfn) >= self.enough:
                    break
            for n, going in chosen:
                for k, v in going.items():
                    avail[n][k] -= v
            for n in support:
                guns_left.pop(n)
                if n in avail:                      # guns that support stay put: they cannot also move in
                    avail[n]["artillery"] = 0
            for p in strikers:
                planes_left.pop(p)
            out[target] = (chosen, support, strikers)
        return out

    def reach_threat(self, prov: str) -> float:
        """The attack strength of the enemy stacks that could be in ``prov`` at the end of this turn: those
        next to it, and the armor of those two provinces away (armor moves 2)."""
        terrain = self.fmap.provinces[prov].terrain
        dist = _steps(self.fmap, prov)
        total = 0.0
        for n, units in self.enemy.items():
            if n == prov or n in self.garrisons or dist.get(n, 99) > 2:
                continue
            moving = {k: v for k, v in units.items() if k != "air" and (dist[n] == 1 or k == "armor")}
            if sum(moving.values()):
                total += float(stack_strength(moving, "attacker", terrain))
        return total

    def _keep(self, prov: str, ground: Mapping[str, int]) -> dict[str, int]:
        """What stays in an own city: enough defence to face the enemies that could reach it this turn
        (hard: 1.2 times their strength, a unit at least in its capital; normal: 0.8 times)."""
        p = self.fmap.provinces[prov]
        if not (p.is_city and self.owned_by_us(prov)):
            return {}
        threat = self.reach_threat(prov)
        if not threat and not (self.hard and p.is_capital):
            return {}
        need = self.keep_factor * threat
        dug = min(self.obs["dug"].get(prov, 0), 5)
        keep: dict[str, int] = {}
        have = 0.0
        for k in ("infantry", "artillery", "armor"):
            one = float(stack_strength({k: 1}, "defender", p.terrain, dug_in_turns=dug, capital=p.is_capital))
            n = 0
            while n < ground.get(k, 0) and (have < need or not any(keep.values()) and n == 0):
                n += 1
                have += one
            keep[k] = n
        return keep

    def _best_move(self, prov: str, moving: Mapping[str, int], taken: set[str] | frozenset[str] = frozenset()
                   ) -> tuple[str | None, tuple[str, ...] | None]:
        """Where the moving part goes: the best of attacking at good odds and marching on a city, by a path
        that crosses no enemy stack (a battle on the way would stop it) to a province where it stays in
        supply (a stack already cut off may go anywhere nearer home). Normal may wander where nothing is
        gained; hard holds then (a stack that steps back from the front one turn and out again the next
        loses both turns)."""
        fmap = self.fmap
        options = _clear_reach(fmap, moving, prov, set(self.enemy))
        if not options:
            return None, None
        best: tuple[float, str | None, tuple[str, ...] | None] = (0.0, None, None)
        targets = [p for p in fmap.cities() if not self.is_friendly(p)]
        dist_here = min((_steps(fmap, prov)[t] for t in targets), default=0)
        threshold = self.threshold
        cut_off = prov in self.cut_off
        for dest, path in options.items():
            if dest == prov:
                continue
            last = path[-2] if len(path) > 1 else prov
            dfn = self.defence(dest)
            if dfn:
                att = float(stack_strength(moving, "attacker", fmap.provinces[dest].terrain,
                                           crosses_river=fmap.has_river(last, dest), supplied=not cut_off))
                p = att * att / (att * att + dfn * dfn)
                if p < threshold:
                    continue
            else:
                p = 1.0
            back = self._supplied_at(dest, taken)
            if not cut_off and not back:
                continue
            dist = min((_steps(fmap, dest)[t] for t in targets), default=0)
            score = p * self.value(dest) - (1 - p) * 3 + max(0, dist_here - dist) * 0.8
            if cut_off and back:
                score += 5.0                        # back in supply
            if dest in taken and not dfn:
                score -= 0.5 * self.value(dest)     # another stack already goes there
            if self.hard and score <= 0.0:
                continue                            # hard: no gain, no move (it does not wander)
            score += self.rng.random() * 0.3
            if score > best[0]:
                best = (score, dest, path)
        return best[1], best[2]

    def _supplied_at(self, dest: str, taken: set[str] | frozenset[str]) -> bool:
        """Would a stack ending in ``dest`` (taking it, and the provinces in ``taken``) be in supply?"""
        owners = dict(self.obs["owners"])
        for t in (*taken, dest):
            if not self.is_friendly(t):
                owners[t] = self.me
        return is_supplied(self.fmap, dest, self.team, owners, self.teams)

    def _air(self, attacks: list[str], planes: Mapping[str, int]) -> list[str]:
        """Planes not yet given an order: strike an attack in range, else defend the most threatened city in
        range, else scout."""
        out = []
        name = self.fmap.name_of
        threatened = sorted((p for p in self.mine if self.fmap.provinces[p].is_city and self.threat(p)),
                            key=lambda p: (-self.threat(p), p))
        for prov, n in sorted(planes.items()):
            reach = self.fmap.within(prov, 3)
            goal = next((t for t in attacks if t in reach), None) or next((t for t in threatened if t in reach), None)
            if goal:
                out.append(f"{n} air {name(prov)} strike {name(goal)}")
            else:
                far = sorted((p for p in reach if not self.is_friendly(p) and p not in self.enemy), key=name)
                if far:
                    out.append(f"{n} air {name(prov)} scout {name(self.rng.choice(far))}")
        return out

    def _builds(self) -> list[str]:
        funds = int(self.obs.get("funds", 0))
        cities = [p for p in self.fmap.cities() if self.owned_by_us(p)]
        if not cities or funds < UNITS["infantry"].cost:
            return []
        if self.hard and self.build_guns:
            city = next((c for c in cities if self.fmap.provinces[c].is_capital), cities[0])
            guns = funds // (UNITS["artillery"].cost + 2 * UNITS["infantry"].cost)
            funds -= guns * UNITS["artillery"].cost
            units = {"infantry": funds // UNITS["infantry"].cost, "artillery": guns}
        else:
            city = next((c for c in cities if self.fmap.provinces[c].is_capital), cities[0])
            units = {"infantry": funds // UNITS["infantry"].cost}
        text = _counts(units)
        return [f"build {text} {self.fmap.name_of(city)}"] if text else []


class _Beginner(_Planner):
    """The easy CPU, for one player and one turn: every stack marches on the nearest city its team does
    not hold and dares attack (back toward a friendly city when it is out of supply), attacking on the
    way what it dares; a stack with no way on joins the stack nearest a goal, or, when the whole stack
    cannot get on (armor and infantry together cannot enter a forest), each kind of unit goes alone.
    Its mistakes: every unit leaves with its stack (cities are left empty), it counts heads (see
    ``bold``), guns never support, planes only strike where it attacks, and it builds infantry and
    armor in its capital."""

    HEADS = 1.5

    def __init__(self, fmap: FrontsMap, obs: Mapping[str, Any], rng: random.Random) -> None:
        super().__init__(fmap, obs, rng, hard=False)
        self.cut_off = {e["province"] for e in obs.get("out_of_supply", []) if e["owner"] == self.me}

    def odds(self, units: Mapping[str, int], last: str, dest: str) -> float:
        """The chance that ``units`` arriving from ``last`` win in ``dest`` (1 when no enemy is seen there)."""
        dfn = self.defence(dest)
        if not dfn:
            return 1.0
        att = float(stack_strength(units, "attacker", self.fmap.provinces[dest].terrain,
                                   crosses_river=self.fmap.has_river(last, dest)))
        return att * att / (att * att + dfn * dfn)

    def bold(self, units: Mapping[str, int], last: str, dest: str) -> bool:
        """Worth attacking to a beginner: even odds or better (A² ÷ (A² + B²) from the strengths it can
        see), or, since it counts heads, more than ``HEADS`` times as many units as it sees there,
        whatever the terrain, river or digging in."""
        seen = self.enemy.get(dest)
        return not seen or self.odds(units, last, dest) >= 0.5 or sum(units.values()) > self.HEADS * sum(seen.values())

    def plan(self) -> list[str]:
        fmap, name = self.fmap, self.fmap.name_of
        orders: list[str] = []
        attacks: list[str] = []
        goals = [c for c in fmap.cities() if not self.is_friendly(c)]
        homes = [c for c in fmap.cities() if self.is_friendly(c)]
        to_goal = {a: _steps(fmap, a) for a in goals}

        def far(prov: str, aims: dict[str, dict[str, int]]) -> int:
            return min((d[prov] for d in aims.values()), default=0)

        stacks = {prov: {k: (v if k != "air" else 0) for k, v in units.items()} for prov, units in self.mine.items()}
        stacks = {prov: g for prov, g in stacks.items() if sum(g.values())}
        # the stack nearest an objective leads; a stack that cannot get on joins it
        lead = min(stacks, key=lambda p: (far(p, to_goal), -sum(stacks[p].values()), p), default=None)
        for prov, ground in sorted(stacks.items()):
            if prov in self.cut_off and homes:
                aims = {a: _steps(fmap, a) for a in homes}
            else:                                  # a city it dares not attack is no goal for this stack
                aims = {a: d for a, d in to_goal.items() if self.bold(ground, prov, a)} or to_goal
            step = self._step(prov, ground, aims)
            if step is None and lead is not None and lead != prov:
                join = [d for d in self._reach(prov, ground) if d != prov and not self.enemy.get(d)]
                to_lead = _steps(fmap, lead)
                if join:
                    dest = min(join, key=lambda d: (to_lead[d], name(d)))
                    if to_lead[dest] < to_lead[prov]:
                        step = (dest, self._reach(prov, ground)[dest])
            groups = [(ground, step)]
            if step is None:                       # the whole stack cannot get on: each kind tries alone
                groups = [({k: ground[k]}, self._step(prov, {k: ground[k]}, aims))
                          for k in LOSS_ORDER if k != "air" and ground.get(k)]
            if all(s is None for _, s in groups):
                orders.append(f"{name(prov)} hold")
                continue
            for units, s in groups:
                if s is not None:
                    dest, path = s
                    orders.append(f"{_counts(units)} {name(prov)} -> " + " -> ".join(name(p) for p in path))
                    if self.enemy.get(dest):
                        attacks.append(dest)
        for prov, units in sorted(self.mine.items()):
            if units.get("air"):
                reach = fmap.within(prov, 3)
                goal = next((t for t in attacks if t in reach), None)
                if goal is not None:
                    orders.append(f"{units['air']} air {name(prov)} strike {name(goal)}")
                else:
                    sights = sorted((p for p in reach if not self.is_friendly(p)), key=name)
                    if sights:
                        orders.append(f"{units['air']} air {name(prov)} scout {name(self.rng.choice(sights))}")
        orders += self._beginner_builds()
        return orders

    def _reach(self, prov: str, units: Mapping[str, int]) -> dict[str, tuple[str, ...]]:
        from .movement import reachable
        try:
            return reachable(self.fmap, units, prov)
        except RulesError:
            return {}

    def _step(self, prov: str, units: Mapping[str, int], aims: Mapping[str, Mapping[str, int]]
              ) -> tuple[str, tuple[str, ...]] | None:
        """Where ``units`` go from ``prov``: nearer one of ``aims`` (or onto land or a stack to take), never
        into a battle it would not dare; None when no move helps."""
        def far(p: str) -> int:
            return min((d[p] for d in aims.values()), default=0)

        here = far(prov)
        best: tuple[float, str, tuple[str, ...]] | None = None
        for dest, path in self._reach(prov, units).items():
            if dest == prov or not self.bold(units, path[-2] if len(path) > 1 else prov, dest):
                continue
            closer = here - far(dest)
            gain = bool(self.enemy.get(dest)) or not self.is_friendly(dest)
            if closer > 0 or gain:
                score = closer + (0.8 * self.value(dest) if gain else 0.0) + self.rng.random() * 0.1
                if best is None or score > best[0]:
                    best = (score, dest, path)
        return None if best is None else (best[1], best[2])

    def _beginner_builds(self) -> list[str]:
        funds = int(self.obs.get("funds", 0))
        cities = [p for p in self.fmap.cities() if self.owned_by_us(p)]
        if not cities:
            return []
        city = next((c for c in cities if self.fmap.provinces[c].is_capital), cities[0])
        units = dict.fromkeys(LOSS_ORDER, 0)
        while True:                               # a bit of everything: infantry, artillery, armor, ...
            bought = False
            for k in ("infantry", "artillery", "armor"):
                if funds >= UNITS[k].cost:
                    units[k] += 1
                    funds -= UNITS[k].cost
                    bought = True
            if not bought:
                break
        text = _counts(units)
        return [f"build {text} {self.fmap.name_of(city)}"] if text else []


class _Search:
    """The hard CPU: writes a few plans (the hard heuristic with different boldness and care), guesses the
    other players' orders with the normal heuristic on the board as this player sees it, and also weighs
    everyone holding (the others may not do what it guesses), resolves each plan against each guess with
    the engine (the likeliest ways its battles go, up to LEAVES) and keeps the plan that leaves its team
    best off: cities above all, then the value of the units. GUARD_PLANS also bring free stacks next door
    into an own city whose guard falls short (``_Planner.reinforce``). With three sides or more it also
    guesses the others by BOLD_GUESS, weighs the other sides' land by who leads (``_rival_weights``) and adds
    the score of the likeliest board a turn later (AHEAD; FINAL_AHEAD times ``_final`` when that turn is the
    last), everyone then playing by the heuristics; on the last turn of a game with a turn limit it also
    tries LAST_PLANS and scores only the end (``_final``). At such a table the best plan is then bettered
    an order at a time (``_variants``, REFINE rounds)."""

    #: (least odds to attack, garrison share of the threat, odds an attack has enough at) of the plans tried;
    #: before the last turn none attacks below 45%, the coach's even odds (a plan at 40% made hard's
    #: attacks at 41-44% on cities, and hard won no more for them: bench/ladder.py fronts --higher hard,
    #: seeds 1-40, duel 34 of 40 with it, 37 without; crossroads 18 and 19)
    PLANS = ((0.6, 1.2, 0.9), (0.5, 0.8, 0.85), (0.45, 0.5, 0.8), (0.7, 1.5, 0.95), (0.55, 1.0, 0.9),
             (0.5, 0.8, 0.95), (0.45, 0.8, 0.85), (0.5, 0.4, 0.85))
    #: more plans for the last turn, bolder (no turn comes after it)
    LAST_PLANS = ((0.35, 0.5, 0.8), (0.3, 0.0, 0.75), (0.4, 0.3, 0.85))
    #: plans that also bring free stacks next door into the own cities whose guard falls short
    GUARD_PLANS = ((0.6, 1.2, 0.9), (0.5, 0.8, 0.85), (0.7, 1.5, 0.95))
    GUESSES, LEAVES = 1, 8
    #: at a table of three sides or more, rounds of bettering the best plan an order at a time (``_variants``),
    #: each keeping the best change that scores higher (Three Passes, hard v two normal, games 0-119: 89 wins of
    #: 120 with one round, 74 without; two rounds measured no better, games 0-59: 42 against 46; in a duel, seeds
    #: 60-62 of the tests, one round won fewer, so a duel does without)
    REFINE = 1
    #: the weight of the board a turn later (everyone by the heuristics) beside the board after this turn,
    #: at a table of three sides or more
    AHEAD = 1.0
    #: the weight of the board a turn later when that turn is the game's last (scored as the end, ``_final``)
    FINAL_AHEAD = 0.5
    #: at a table of three sides or more, the weight of the leading other team's land (the others share
    #: what is left of one each)
    LEADER = 1.5
    #: at a table of three sides or more, a third guess: the others attacking from 40% odds and keeping
    #: half the threat in their cities (two sides attacking one city, or a side that gambles, happen
    #: there; hard lost cities it had guarded only against the normal guess)
    BOLD_GUESS = (0.4, 0.5)

    def __init__(self, state: Any, player: int, obs: Mapping[str, Any], rng: random.Random) -> None:
        self.state, self.fmap, self.obs, self.rng = state, state.game.map, obs, rng
        self.me, self.team = obs["viewer"], obs["team"]

    def plan(self) -> list[str]:
        from .odds import seen_board
        board, _ = seen_board(self.state, self.me)
        limit = self.state.game.options.get("turns")
        #: the game's last turn: only the cities held when it closes count
        self.last = bool(limit) and int(self.obs["turn"]) >= int(limit)
        plans: list[list[str]] = []
        tries = [(*p, False) for p in self.PLANS + (self.LAST_PLANS if self.last else ())]
        tries += [(*p, True) for p in self.GUARD_PLANS]
        for threshold, keep, enough, reinforce in tries:
            rng = random.Random(self.rng.random())
            planner = _Planner(self.fmap, self.obs, rng, hard=True, threshold=threshold, keep=keep)
            planner.enough, planner.build_guns = enough, True
            planner.reinforce = reinforce
            orders = planner.plan()
            if orders not in plans:
                plans.append(orders)
        if len(plans) == 1:
            return plans[0]
        self.leaves = self.LEAVES
        #: look a turn ahead only at a table of three sides or more (in a duel it measured no better)
        self.ahead = self.AHEAD if len({board.teams[p] for p in board.active()}) > 2 else 0.0
        # what the others would do by the normal heuristic, and, since they may not, everyone holding
        guesses = [self._guess(board, random.Random(self.rng.random())) for _ in range(self.GUESSES)] + [{}]
        if self.ahead:                              # three sides or more: also the others daring more
            guesses.append(self._guess(board, random.Random(self.rng.random()), self.BOLD_GUESS))

        def score_of(orders: list[str]) -> float:
            mine = self._checked(board, self.me, [o for o in orders if not o.startswith("build")])
            return sum(self._expected(board, {**guess, self.me: mine}, bool(guess)) for guess in guesses)

        best: tuple[float, int] | None = None
        for i, orders in enumerate(plans):
            score = score_of(orders)
            if best is None or score > best[0] + 1e-9:
                best = (score, i)
        assert best is not None
        top, chosen = best[0], plans[best[1]]
        for _ in range(self.REFINE if self.ahead else 0):     # three sides or more: better it an order at a time
            better = None
            for variant in self._variants(chosen):
                score = score_of(variant)
                if score > top + 1e-9:
                    top, better = score, variant
            if better is None:
                break
            chosen = better
        return chosen

    def _variants(self, orders: list[str]) -> list[list[str]]:
        """The plan ``orders`` changed in one order: each move, support or strike left out (those units hold);
        each move of a stack next to an own city that enemies could reach this turn turned into a move into that
        city; and each stack given no order (none of its province's units ordered) moving next door into a
        province the plan attacks or into such a city."""
        from .orders import parse_order
        fmap, name = self.fmap, self.fmap.name_of
        parsed: list[Any] = []
        for o in orders:
            try:
                parsed.append(parse_order(o, fmap))
            except RulesError:                       # left as it is (the engine drops it at the end)
                parsed.append(None)
        out = [orders[:i] + orders[i + 1:] for i, p in enumerate(parsed)
               if p is not None and p.kind in ("move", "support", "strike")]
        planner = _Planner(fmap, self.obs, random.Random(0), hard=True)
        in_danger = [c for c in fmap.cities() if planner.owned_by_us(c) and planner.reach_threat(c)]
        for city in in_danger:
            for i, p in enumerate(parsed):
                if p is not None and p.kind == "move" and p.target != city and city in fmap.neighbours[p.source]:
                    units = orders[i].split(f" {name(p.source)} -> ")[0]
                    out.append(orders[:i] + [f"{units} {name(p.source)} -> {name(city)}"] + orders[i + 1:])
        ordered = {p.source for p in parsed if p is not None and p.kind != "build"}
        attacked = {p.target for p in parsed if p is not None and p.kind == "move" and p.target in planner.enemy}
        for prov, units in sorted(planner.mine.items()):
            ground = {k: v for k, v in units.items() if k != "air" and v}
            if prov in ordered or not ground:
                continue
            for n in sorted(fmap.neighbours[prov]):
                if n in attacked or n in in_danger:
                    out.append([*orders, f"{_counts(ground)} {name(prov)} -> {name(n)}"])
        return out

    def _expected(self, board: Any, orders: Mapping[str, list[str]], ahead: bool = False) -> float:
        """The score after the turn, averaged over the likeliest ways its battles go (at most LEAVES of
        them, each weighed by its chance)."""
        from .resolve import resolve_turn
        total = weight = 0.0
        todo: list[list[int]] = [[]]
        runs = 0
        while todo and runs < self.leaves:
            prefix = todo.pop()
            picks: list[tuple[int, list[float]]] = []
            chance = [1.0]

            def draw(t: Any, battle: Any, sides: Any) -> int:
                probs = [float(x) for x in battle.win_probabilities()]
                d = len(picks)
                w = prefix[d] if d < len(prefix) else max(range(len(probs)), key=lambda i: probs[i])
                picks.append((w, probs))
                chance[0] *= probs[w]
                return w

            after, _ = resolve_turn(board, self.fmap, orders, random.Random(0), self.state.game.free_for_all,
                                    draw=draw, reports=False)
            if runs == 0 and ahead and self.ahead and not self.last:
                later = self._ahead(after)
            runs += 1
            total += chance[0] * self._score(after)
            weight += chance[0]
            for d in range(len(prefix), len(picks)):
                w, probs = picks[d]
                for i, q in enumerate(probs):
                    if i != w and q > 0.05:
                        todo.append([c for c, _ in picks[:d]] + [i])
        if ahead and self.ahead and not self.last:
            return (total / weight if weight else 0.0) + self.ahead * later
        return total / weight if weight else 0.0

    def _ahead(self, board: Any) -> float:
        """The score a turn later, from the likeliest board after this turn: everyone plays by the
        heuristics (the others by the normal one, this player by the hard one) and the battles go their
        likeliest way. When that later turn is the game's last, the board it leaves is scored as the end
        of the game (``_final``, weighed FINAL_AHEAD): winning it, not the cities' prospects, counts."""
        from .resolve import resolve_turn
        if self.me in board.out or not board.stacks.get(self.me):
            return self._score(board)
        rng = random.Random(0)
        orders = self._guess(board, rng)
        planner = _Planner(self.fmap, self._seen(board, self.me), rng, hard=True)
        planner.enough = 0.85
        orders[self.me] = self._checked(board, self.me, [o for o in planner.plan() if not o.startswith("build")])

        def draw(t: Any, battle: Any, sides: Any) -> int:
            probs = [float(x) for x in battle.win_probabilities()]
            return max(range(len(probs)), key=lambda i: probs[i])

        later, _ = resolve_turn(board, self.fmap, orders, random.Random(0), self.state.game.free_for_all,
                                draw=draw, reports=False)
        limit = self.state.game.options.get("turns")
        if limit and int(self.obs["turn"]) + 1 >= int(limit):
            return self.FINAL_AHEAD * self._final(later)     # that turn closes the game: only winning counts
        return self._score(later)

    def _checked(self, board: Any, pid: str, orders: list[str]) -> list[str]:
        """The orders the seen board accepts, in their canonical form (the others are dropped)."""
        from .rules import check_orders
        try:
            return list(check_orders(board, self.fmap, pid, orders))
        except RulesError:
            pass
        kept: list[str] = []
        for o in orders:
            try:
                kept = list(check_orders(board, self.fmap, pid, [*kept, o]))
            except RulesError:
                continue
        return kept

    @staticmethod
    def _stacks(board: Any) -> dict[str, list[dict[str, Any]]]:
        stacks: dict[str, list[dict[str, Any]]] = {}
        for pl, by in board.stacks.items():
            for prov, units in by.items():
                if sum(units.values()):
                    stacks.setdefault(prov, []).append({"owner": pl, "units": dict(units)})
        for prov, units in board.neutral.items():
            stacks.setdefault(prov, []).append({"owner": "neutral", "units": dict(units)})
        return stacks

    def _seen(self, board: Any, pl: str, stacks: Any = None) -> dict[str, Any]:
        """An observation for ``pl`` of the (seen) board, every stack on it in view."""
        return {"viewer": pl, "team": board.teams[pl], "teams": board.teams, "owners": board.owners,
                "dug": board.dug, "stacks": stacks if stacks is not None else self._stacks(board), "funds": 0}

    def _guess(self, board: Any, rng: random.Random, bold: tuple[float, float] | None = None
               ) -> dict[str, list[str]]:
        """Orders for every other player still in, by the normal heuristic, as if each saw every stack
        this player sees (the stacks the fog hides are not on the board); ``bold``: (least odds to attack,
        garrison share of the threat) in place of the normal ones."""
        stacks = self._stacks(board)
        out: dict[str, list[str]] = {}
        for pl in board.players:
            if pl == self.me or pl in board.out or pl in board.surrendered or not board.stacks.get(pl):
                continue
            seen = self._seen(board, pl, stacks)
            threshold, keep = bold or (None, None)
            orders = _Planner(self.fmap, seen, rng, hard=False, threshold=threshold, keep=keep).plan()
            out[pl] = self._checked(board, pl, [o for o in orders if not o.startswith("build")])
        return out

    def _score(self, board: Any) -> float:
        """Cities (a capital counts more) and land of the team less the enemies', a little for units, and
        each city weighed by the chance it changes hands next turn to the stacks standing next to it."""
        from .units import cost_of
        fmap, team = self.fmap, self.team
        if self.last:
            return self._final(board)
        strength: dict[str, tuple[float, float]] = {}       # province -> (our stacks, enemy stacks), raw
        for pl, by in board.stacks.items():
            ours = board.teams.get(pl) == team
            for prov, units in by.items():
                if sum(units.values()):
                    s = strength.get(prov, (0.0, 0.0))
                    value = sum(units.get(k, 0) for k in ("infantry", "artillery")) + 3.5 * units.get("armor", 0)
                    strength[prov] = (s[0] + value, s[1]) if ours else (s[0], s[1] + value)
        rivals = self._rival_weights(board)
        score = 0.0
        for prov, p in fmap.provinces.items():
            owner = board.owners.get(prov)
            weight = 15.0 if p.is_capital else 10.0 if p.is_city else 1.0
            friendly = owner is not None and board.teams.get(owner) == team
            if owner is not None:
                score += weight if friendly else -weight * rivals.get(board.teams.get(owner), 1.0)
            if not p.is_city:
                continue
            here = strength.get(prov, (0.0, 0.0))
            near = [strength.get(n, (0.0, 0.0)) for n in fmap.neighbours[prov]]
            if friendly:
                attack, guard = sum(x[1] for x in near), 2.0 * here[0] + 1.0
            else:
                attack, guard = sum(x[0] for x in near), 2.0 * here[1] + (1.0 if owner is not None else 0.0)
                guard += 2.0 * sum(board.neutral.get(prov, {}).values())
            if attack:
                chance = attack * attack / (attack * attack + guard * guard)
                score += (-1.0 if friendly else 1.0) * 0.5 * weight * chance
        for pl, by in board.stacks.items():
            sign = 1.0 if board.teams.get(pl) == team else -1.0
            score += sign * 0.1 * sum(cost_of(units) for units in by.values())
        return score

    def _rival_weights(self, board: Any) -> dict[str, float]:
        """How much each other team's land counts against this one. In a duel every team 1; at a table of
        three sides or more the teams holding most cities (those the turn limit would crown) count LEADER
        and the others 2 - LEADER (every team 1 when they hold as many): taking from the leader is worth
        more than taking from a weaker side, which only helps the leader."""
        if not getattr(self, "ahead", 0.0):
            return {}
        held: dict[str, int] = {}
        for pl in board.active():
            t = board.teams[pl]
            if t != self.team:
                held.setdefault(t, 0)
        for c in self.fmap.cities():
            o = board.owners.get(c)
            if o is not None and board.teams.get(o) in held:
                held[board.teams[o]] += 1
        if len(held) < 2:
            return {}
        top = max(held.values())
        leaders = [t for t, n in held.items() if n == top]
        if len(leaders) == len(held):
            return {}
        return {t: (self.LEADER if t in leaders else 2.0 - self.LEADER) for t in held}

    def _final(self, board: Any) -> float:
        """The score of the board that closes the game: a win (more cities than every other team) above
        all, then a draw, then the margin of cities over the best other team."""
        held: dict[str, int] = {}
        active = set(board.active())
        for c in self.fmap.cities():
            o = board.owners.get(c)
            if o is not None and o in active:
                held[board.teams[o]] = held.get(board.teams[o], 0) + 1
        own = held.pop(self.team, 0)
        best = max(held.values(), default=0)
        return 100.0 * (own > best) + 30.0 * (own == best and own > 0) + 5.0 * (own - best) + own


def make_bot(level: str, seed: int = 0) -> FrontsBot:
    """A Fronts CPU of ``level`` ("easy", "normal", "hard"); raises ValueError for another level."""
    if level not in LEVELS:
        raise ValueError(f"Unknown Fronts bot level {level!r}; choose one of {', '.join(LEVELS)}.")
    return FrontsBot(seed, level)
