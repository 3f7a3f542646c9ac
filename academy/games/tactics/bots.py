"""CPU players for Tactics at three levels: easy, normal and hard (tactics.md: "The CPU plays by the
same rules: it only sees what its own units see").

A bot reads only ``state.observation(me)`` for the enemy (units it sees, no hidden funds) and its
own units, and picks among ``state.legal_actions()``, which under fog are built from what the
player sees. Each call returns one decision: units act first (captures, attacks, moves), then
the factories build, then the turn ends.

- easy: captures when it stands on a property, otherwise plays a random unit action (attacks
  half the time when it can), builds infantry and tanks at random.
- normal: scores every action: attacks by the damage preview (value dealt minus value taken at
  middle luck), captures, moves towards properties to capture and visible enemies.
- hard: normal's scoring plus a threat map of what the visible enemies can hit next turn,
  defence of its HQ and properties being captured, and its commander's power when it is ready.
- in a campaign mission normal and hard, playing the first army, go for the objective (the
  property to capture, the unit to destroy).
- normal and hard build an anti-air when they see enemy aircraft, infantry while they have fewer
  than three foot soldiers, then tanks, infantry and artillery. (A richer build plan with mechs
  against tanks did worse in the benchmark.)

>>> from academy.core.bots import play_game
>>> state = TacticsGame(day_limit=6).new_initial_state(seed=3)
>>> play_game(state, {0: make_bot("hard", 1), 1: make_bot("easy", 2)}).is_terminal()
True
"""
from __future__ import annotations

import functools
import hashlib
import json
import random
from typing import TYPE_CHECKING, Any

from academy.core import graph

from . import combat
from .actions import ActivatePower, Attack, Build, Capture, EndTurn, Load, Supply, Unload, Wait
from .board import Pos, distance, parse_tile
from .damage import BASE_DAMAGE, exchange
from .game import TacticsGame  # noqa: F401 - the example above plays one
from .mapdata import load_map
from .missions import mission
from .state import CAPTURE_POINTS
from .terrain import TERRAIN, move_cost
from .units import UNITS
from .view import threat_map

if TYPE_CHECKING:
    from .state import TacticsState

__all__ = ["LEVELS", "TacticsBot", "make_bot"]

LEVELS = ("easy", "normal", "hard")
FAR = 99


@functools.cache
def distance_field(map_id: str, unit: str, target: Pos) -> dict[Pos, int]:
    """Movement-point distance from every tile to ``target`` for ``unit`` (terrain only, clear weather)."""
    grid = load_map(map_id).grid
    enter = {(x, y): move_cost(terrain, unit) for y, row in enumerate(grid) for x, terrain in enumerate(row)}

    def step(here: Pos, _: Pos) -> int | None:    # from a neighbour into ``here``, searching outwards
        return enter[here]

    return graph.cheapest(graph.grid_graph(len(grid[0]), len(grid)), target, step, budget=FAR * 10 - 1)[0]


def _digest(state: TacticsState) -> str:
    """A fingerprint of what the player to move sees (never the hidden part of the state)."""
    text = json.dumps(state.observation(state.current), sort_keys=True)
    return hashlib.blake2b(f"{len(state.record)}|{text}".encode(), digest_size=12).hexdigest()


class TacticsBot:
    """A CPU player; ``level`` is "easy", "normal" or "hard". Deterministic given its seed and the state."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}; choose one of {LEVELS}.")
        self.level, self.seed = level, int(seed)
        self.name = f"{level.capitalize()} CPU"

    # --- the protocol ----------------------------------------------------------------------------
    def choose(self, state: TacticsState) -> Any:
        """A legal action for the player to move; raises ValueError when nothing is legal."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError(f"{self.name}: no legal action (is the state a decision node?)")
        rnd = random.Random(f"tactics/{self.level}/{self.seed}/{_digest(state)}")
        unit_moves = [a for a in legal if isinstance(a, (Wait, Attack, Capture, Load, Unload, Supply))]
        if self.level == "easy":
            return self._easy(state, legal, unit_moves, rnd)
        power = [a for a in legal if isinstance(a, ActivatePower)]
        if power and self.level == "hard":
            return max(power, key=lambda a: a.level == "super")
        if unit_moves:
            ctx = _Context(state, self.level == "hard")
            return max(unit_moves, key=lambda a: (ctx.score(a), -rnd.random()))
        builds = [a for a in legal if isinstance(a, Build)]
        pick = self._build(state, builds, rnd) if builds else None
        return pick or EndTurn()

    def _easy(self, state: TacticsState, legal: list[Any], moves: list[Any], rnd: random.Random) -> Any:
        captures = [a for a in moves if isinstance(a, Capture) and a.at == a.to]
        if captures:
            return captures[0]
        attacks = [a for a in moves if isinstance(a, Attack)]
        if attacks and rnd.random() < 0.5:
            return rnd.choice(attacks)
        if moves:
            return rnd.choice(moves)
        builds = [a for a in legal if isinstance(a, Build) and a.unit in ("infantry", "tank")]
        if builds and rnd.random() < 0.6:
            return rnd.choice(builds)
        return EndTurn()

    def _build(self, state: TacticsState, builds: list[Build], rnd: random.Random) -> Build | None:
        me = state.current
        obs = state.observation(me)
        mine = [u["type"] for u in obs["units"] if u["owner"] == me]
        enemy = [u["type"] for u in obs["units"] if u["owner"] != me]
        foot = sum(t in ("infantry", "mech") for t in mine)
        funds = state.funds[me]
        wants: list[str] = []
        if any(UNITS[t].is_air for t in enemy) and "anti_air" not in mine:
            wants.append("anti_air")
        campaign = mission(state.game.options.get("mission"))
        if campaign and campaign.objective == "destroy" and me == 0 and UNITS[campaign.unit or "tank"].is_naval:
            wants += ["battleship", "gunboat"]
        if foot < 3:
            wants.append("infantry")
        wants += ["tank", "infantry", "artillery"]
        for kind in wants:
            options = [b for b in builds if b.unit == kind]
            if options and (funds - UNITS[kind].cost >= 0):
                return options[0]
        ground = [b for b in builds if UNITS[b.unit].cost <= funds and b.unit in ("infantry", "tank", "artillery")]
        return ground[0] if ground and rnd.random() < 0.5 else None


class _Context:
    """What a scoring bot knows at one decision: targets, visible enemies, its threat map."""

    def __init__(self, state: TacticsState, hard: bool) -> None:
        self.state, self.hard = state, hard
        self.me = state.current
        obs = state.observation(self.me)
        w, h = state.game.map.width, state.game.map.height
        self.enemies = {parse_tile(u["tile"], w, h): u for u in obs["units"] if u["owner"] != self.me}
        self.targets = [p for p, o in state.owners.items() if o != self.me]
        self.my_props = [p for p, o in state.owners.items() if o == self.me]
        self.hq = next((p for p in self.my_props if state.terrain(p) == "hq"), None)
        self.enemy_hqs = [p for p in self.targets if state.terrain(p) == "hq" and state.owners[p] is not None]
        campaign = mission(state.game.options.get("mission"))
        self.objective = (parse_tile(campaign.tile, w, h) if campaign and campaign.tile and self.me == 0
                          and campaign.objective == "capture" else None)
        self.prey = campaign.unit if campaign and campaign.objective == "destroy" and self.me == 0 else None
        self.threat: dict[Pos, list[tuple[str, int]]] = {}
        if hard:
            self._threat_map()

    def _threat_map(self) -> None:
        for tile, sources in threat_map(self.state, self.me).items():
            self.threat[tile] = [(self.enemies[p]["type"], self.enemies[p]["health"]) for p in sources]

    def danger(self, unit: str, tile: Pos, health: int) -> float:
        """Funds value a unit of type ``unit`` on ``tile`` may lose next turn (hard only)."""
        total = 0.0
        stars = 0 if UNITS[unit].is_air else TERRAIN[self.state.terrain(tile)].stars
        for kind, hp in self.threat.get(tile, ()):
            base = BASE_DAMAGE[kind, unit]
            if base:
                total += min(health, (base + 4) * -(-hp // 10) / 10 * (100 - stars * -(-health // 10)) / 100)
        return min(total, health) * UNITS[unit].cost / 100

    def score(self, action: Any) -> float:
        state = self.state
        w, h = state.game.map.width, state.game.map.height
        at, to = parse_tile(action.at, w, h), parse_tile(action.to, w, h)
        unit = state.units[at]
        value = self._position(unit.type, unit.health, at, to)
        if isinstance(action, Attack):
            value += self._attack(at, to, parse_tile(action.target, w, h))
        elif isinstance(action, Capture):
            left = state.capture.get(to, CAPTURE_POINTS) - unit.hp
            kind = state.terrain(to)
            value += 3000 + (4000 if left <= 0 else 0) + (20000 if kind == "hq" or to == self.objective else 0)
            value += 1500 if kind in ("factory", "airport", "port") else 0
        elif isinstance(action, Load):
            value -= 500
        elif isinstance(action, Unload):
            value += 800 * len(action.drops)
        elif isinstance(action, Supply):
            value += 300
        return value

    def _position(self, kind: str, health: int, at: Pos, to: Pos) -> float:
        state = self.state
        spec = UNITS[kind]
        map_id = state.game.map.id
        score = 0.0
        if spec.can_capture and self.targets:
            def goal(p: Pos) -> int:
                bonus = 4 if state.terrain(p) == "hq" else 10 if p == self.objective else 0
                return distance_field(map_id, kind, p).get(to, FAR) - bonus
            score -= 120 * min(goal(p) for p in self.targets)
            if to in self.targets:
                score += 400
        goals = list(self.enemies) or self.enemy_hqs
        if spec.weapons and goals:
            nearest = min(distance_field(map_id, kind, p).get(to, FAR) for p in goals)
            if spec.is_indirect:
                nearest = abs(nearest - (spec.max_range or 0))
            score -= 60 * nearest
        if self.hq is not None:
            raiders = [p for p in self.enemies if distance(p, self.hq) <= 4]
            if raiders and spec.weapons:
                score -= 150 * distance(to, self.hq)
        if self.hard:
            stars = 0 if spec.is_air else TERRAIN[state.terrain(to)].stars
            score += 40 * stars - 0.3 * self.danger(kind, to, health)
            if TERRAIN[state.terrain(to)].builds and state.owners.get(to) == self.me and not spec.can_capture:
                score -= 300                         # keep factories free for building
        if to == at:
            score += 1
        return score

    def _attack(self, at: Pos, to: Pos, target: Pos) -> float:
        state = self.state
        a, d = state.units[at], state.units[target]
        kwargs = combat.exchange_kwargs(state, at, target, to != at, stand=to)
        lo, hi = combat.luck_range(state, a.owner)
        clo, chi = combat.luck_range(state, d.owner)
        if state.game.options["luck"]:
            roll, croll = (lo + hi) // 2, (clo + chi) // 2
        else:
            roll = croll = 0
            lo = hi = clo = chi = 0
        x = exchange(**kwargs, luck=roll, counter_luck=croll, luck_range=(lo, hi), counter_luck_range=(clo, chi))
        dealt = (d.health - x.defender_health) * d.spec.cost / 100
        taken = (a.health - x.attacker_health) * a.spec.cost / 100
        value = 1.2 * dealt - taken + (0.5 * d.spec.cost if x.defender_destroyed else 0)
        if target in state.capture:
            value += 3000 if state.terrain(target) != "hq" else 15000
        if d.type == self.prey:
            value += 8000
        if d.spec.can_capture and target in state.owners and state.owners[target] == self.me:
            value += 1000
        return value + 200


def make_bot(level: str, seed: int = 0) -> TacticsBot:
    """A CPU player of ``level`` ("easy", "normal", "hard"); raises ValueError for another level."""
    return TacticsBot(level, seed)
