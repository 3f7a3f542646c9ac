"""Fronts CPU players. A bot writes a player's orders for the turn from what that player may see
(``state.observation(player)``: the fog) and the map; it never reads the hidden board.

Levels
    easy    every stack, every city's planes and the build menu pick a random leaf of ``options``
    normal  attacks where its odds (S_a² ÷ (S_a² + S_d²), from the strengths it can see) are good
            enough for the prize, otherwise marches toward the nearest city it does not hold;
            builds infantry in its capital
    hard    the same with care: keeps a unit in every city an enemy stands next to, attacks only
            at 70% or better, masses stacks (it counts every stack that can reach a target), keeps
            artillery behind to support the attack (+2 a gun), strikes with its planes where it
            attacks or where its cities are threatened, and builds armor and infantry in the city
            nearest the enemy

Every choice is a function of the bot's seed and what the player sees.

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

from academy.core.errors import RulesError

from .battle import stack_strength
from .mapdata import FrontsMap
from .odds import RANGE_MIDDLE
from .units import LOSS_ORDER, UNITS

__all__ = ["LEVELS", "make_bot", "FrontsBot"]

LEVELS = ("easy", "normal", "hard")
#: what a player may expect of each level, one line each (the forms that offer the levels show them)
LEVEL_NOTES = {
    "easy": "CPU easy: a beginner; its stacks move and attack without much of a plan, so it leaves cities "
            "open and fights at poor odds.",
    "normal": "CPU normal: attacks where its odds are good enough for the prize, otherwise marches on the "
              "nearest city it does not hold, and builds infantry.",
    "hard": "CPU hard: guards every city you threaten, attacks only at 70% or better with massed stacks and "
            "artillery behind, and strikes with its planes.",
}


def _leaves(tree: Any) -> list[str]:
    if isinstance(tree, str):
        return [tree]
    return [leaf for branch in tree.values() for leaf in _leaves(branch)]


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
        if self.level == "easy":
            tree = obs["options"]
            chosen = [rng.choice(_leaves(tree[k])) for k in sorted(tree) if _leaves(tree[k])]
        else:
            chosen = _Planner(state.game.map, obs, rng, hard=self.level == "hard").plan()
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

    def __init__(self, fmap: FrontsMap, obs: Mapping[str, Any], rng: random.Random, hard: bool) -> None:
        self.fmap, self.obs, self.rng, self.hard = fmap, obs, rng, hard
        self.me, self.team = obs["viewer"], obs["team"]
        self.mine: dict[str, dict[str, int]] = {}
        self.enemy: dict[str, dict[str, int]] = {}
        self.teams: Mapping[str, str] = obs.get("teams", {})
        teams = self.teams
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
        orders: list[str] = []
        attacks: list[str] = []
        name = self.fmap.name_of
        for prov, units in sorted(self.mine.items()):
            ground = {k: (v if k != "air" else 0) for k, v in units.items()}
            if not sum(ground.values()):
                continue
            keep = self._keep(prov, ground)
            moving = {k: ground[k] - keep.get(k, 0) for k in LOSS_ORDER}
            guns_back = 0
            if self.hard and moving.get("artillery") and sum(v for k, v in moving.items() if k != "artillery"):
                guns_back = moving["artillery"]
                moving["artillery"] = 0
            if not sum(moving.values()):
                continue
            target, path = self._best_move(prov, moving)
            if target is None or path is None:
                continue
            orders.append(f"{_counts(moving)} {name(prov)} -> " + " -> ".join(name(p) for p in path))
            if self.enemy.get(target):
                attacks.append(target)
                if guns_back and target in self.fmap.neighbours[prov]:
                    orders.append(f"{guns_back} artillery {name(prov)} support {name(target)}")
        if self.hard:
            orders += self._air(attacks)
        orders += self._builds()
        return orders

    def _keep(self, prov: str, ground: Mapping[str, int]) -> dict[str, int]:
        """What stays behind: the hard CPU keeps a unit (more if threatened) in a threatened city."""
        p = self.fmap.provinces[prov]
        if not (p.is_city and self.owned_by_us(prov)):
            return {}
        threat = self.threat(prov)
        if not self.hard:
            return dict(ground) if threat and self.rng.random() < 0.5 else {}
        if not threat and not p.is_capital:
            return {}
        keep: dict[str, int] = {}
        need = max(1, int(threat // 2) + (1 if p.is_capital else 0))
        for k in ("infantry", "artillery", "armor"):
            take = min(need, ground.get(k, 0))
            keep[k] = take
            need -= take
        return keep

    def _best_move(self, prov: str, moving: Mapping[str, int]) -> tuple[str | None, tuple[str, ...] | None]:
        """Where the moving part goes: the best of attacking at good odds and marching on a city."""
        from .movement import reachable   # local: only the planner needs it
        fmap = self.fmap
        try:
            options = reachable(fmap, moving, prov)
        except RulesError:
            return None, None
        best: tuple[float, str | None, tuple[str, ...] | None] = (0.0, None, None)
        targets = [p for p in fmap.cities() if not self.is_friendly(p)]
        dist_here = min((fmap.distances_from(prov)[t] for t in targets), default=0)
        threshold = 0.7 if self.hard else 0.5
        for dest, path in options.items():
            if dest == prov:
                continue
            last = path[-2] if len(path) > 1 else prov
            terrain = fmap.provinces[dest].terrain
            att = float(stack_strength(moving, "attacker", terrain, crosses_river=fmap.has_river(last, dest)))
            if self.hard:
                att += sum(2 * u.get("artillery", 0) for n, u in self.mine.items()
                           if n in fmap.neighbours[dest] and n != prov)
            dfn = self.defence(dest)
            p = 1.0 if dfn == 0 else att * att / (att * att + dfn * dfn)
            if dfn and p < threshold:
                continue
            dist = min((fmap.distances_from(dest)[t] for t in targets), default=0)
            score = p * self.value(dest) - (1 - p) * 3 + max(0, dist_here - dist) * 0.8
            score += self.rng.random() * (0.3 if self.hard else 1.0)
            if score > best[0]:
                best = (score, dest, path)
        return best[1], best[2]

    def _air(self, attacks: list[str]) -> list[str]:
        out = []
        name = self.fmap.name_of
        threatened = sorted((p for p in self.mine if self.fmap.provinces[p].is_city and self.threat(p)),
                            key=lambda p: -self.threat(p))
        for prov, units in sorted(self.mine.items()):
            if not units.get("air"):
                continue
            reach = self.fmap.within(prov, 3)
            goal = next((t for t in attacks if t in reach), None) or next((t for t in threatened if t in reach), None)
            if goal:
                out.append(f"{units['air']} air {name(prov)} strike {name(goal)}")
            else:
                far = sorted((p for p in reach if not self.is_friendly(p) and p not in self.enemy), key=name)
                if far:
                    out.append(f"{units['air']} air {name(prov)} scout {name(self.rng.choice(far))}")
        return out

    def _builds(self) -> list[str]:
        funds = int(self.obs.get("funds", 0))
        cities = [p for p in self.fmap.cities() if self.owned_by_us(p)]
        if not cities or funds < UNITS["infantry"].cost:
            return []
        if self.hard:
            enemy_cities = [p for p in self.fmap.cities() if not self.is_friendly(p)]
            city = min(cities, key=lambda c: (min((self.fmap.distances_from(c)[e] for e in enemy_cities), default=0),
                                              c))
            armor = funds // 9
            funds -= armor * UNITS["armor"].cost
            infantry = funds // UNITS["infantry"].cost
            units = {"infantry": infantry, "armor": armor}
        else:
            city = next((c for c in cities if self.fmap.provinces[c].is_capital), cities[0])
            units = {"infantry": funds // UNITS["infantry"].cost}
        text = _counts(units)
        return [f"build {text} {self.fmap.name_of(city)}"] if text else []


def make_bot(level: str, seed: int = 0) -> FrontsBot:
    """A Fronts CPU of ``level`` ("easy", "normal", "hard"); raises ValueError for another level."""
    if level not in LEVELS:
        raise ValueError(f"Unknown Fronts bot level {level!r}; choose one of {', '.join(LEVELS)}.")
    return FrontsBot(seed, level)
