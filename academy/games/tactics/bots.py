"""CPU players for Tactics at three levels: easy, normal and hard (tactics.md: "The CPU plays by the
same rules: it only sees what its own units see").

A bot reads only ``state.observation(me)`` for the enemy (units it sees, no hidden funds) and its
own units, and picks among ``state.legal_actions()``, which under fog are built from what the
player sees. Each call returns one decision: units act first (captures, attacks, moves), then
the production buildings build, then the turn ends.

- easy: a beginner who uses its whole turn. Every unit acts, in board order: a foot soldier
  captures when it can reach a property; a unit that can fire attacks the target worth the most
  damage now (it never looks at the counterattack or at what can hit it next turn); the others
  walk towards the nearest property to take (foot soldiers) or the nearest enemy it sees. It
  never retreats to repair and never uses transports. Then every free factory builds: its funds
  are shared between the free factories and each buys its priciest liked unit in its share most
  of the time, another liked unit otherwise, without a plan.
- normal: scores every action: attacks by the damage preview (value dealt minus value taken at
  middle luck), captures, moves towards properties to capture and visible enemies.
- hard: normal's scoring plus a threat map of what the visible enemies can hit next turn,
  defence of its HQ and properties being captured, and its commander's power when it is ready.
- in a campaign mission normal and hard go for their side's objective (the first army: the
  property to capture, the unit to destroy; the second army: the tile the first must hold, the
  goal of its orders), and the easy soldiers prefer that property too.
- at every level the second army carries out the mission's orders first (missions.py): for a
  ``land`` order the transport sails to the pickup tile, the nearest foot soldiers walk there and
  board, and once it is full (or nobody else is coming) it sails to the shore and unloads them.
- normal and hard build an anti-air when they see enemy aircraft, infantry while they have fewer
  than three foot soldiers, then tanks, infantry and artillery; money left over buys the strongest
  fighting unit any free factory, airport or port can make, first of all when the funds pass 30,000,
  so they never pile up. (A richer build plan with mechs against tanks did worse in the benchmark.)

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
from .actions import UNIT_ACTIONS, ActivatePower, Attack, Build, Capture, EndTurn, Load, Supply, Unload, Wait
from .board import Pos, distance, parse_tile, tile_name
from .damage import BASE_DAMAGE, exchange
from .game import TacticsGame  # noqa: F401 - the example above plays one
from .mapdata import load_map
from .missions import ATTACKER, DEFENDER, Mission, Order, mission
from .state import CAPTURE_POINTS
from .terrain import TERRAIN, move_cost
from .units import UNITS
from .view import threat_map

if TYPE_CHECKING:
    from .state import TacticsState

__all__ = ["LEVELS", "LEVEL_NOTES", "TacticsBot", "make_bot"]

LEVELS = ("easy", "normal", "hard")
#: what a player may expect of each level, one line each (the forms that offer the levels show them)
LEVEL_NOTES = {
    "easy": "CPU easy: every unit acts each turn and every free factory builds, but it attacks whatever pays "
            "most right now, never minds your answer and never pulls back to repair.",
    "normal": "CPU normal: weighs each attack by the damage it deals against the damage it takes back, "
              "captures and heads for your units; a steady opponent.",
    "hard": "CPU hard: adds a map of what your units can hit next turn, guards its HQ and properties and uses "
            "its commander's power when ready; expect it to punish loose units.",
}
FAR = 99


#: fighting units normal and hard buy when money is left (any building: factory, airport, port)
FIGHTERS = ("heavy_tank", "bomber", "battleship", "rockets", "attack_copter", "tank", "artillery", "infantry")
#: funds from which normal and hard buy the strongest unit first (more than a turn of a rich army's income)
RICH = 30000


@functools.cache
def distance_field(map_id: str, unit: str, target: Pos) -> dict[Pos, int]:
    """Movement-point distance from every tile to ``target`` for ``unit`` (terrain only, clear weather)."""
    grid = load_map(map_id).grid
    enter = {(x, y): move_cost(terrain, unit) for y, row in enumerate(grid) for x, terrain in enumerate(row)}

    def step(here: Pos, _: Pos) -> int | None:    # from a neighbour into ``here``, searching outwards
        return enter[here]

    return graph.cheapest(graph.grid_graph(len(grid[0]), len(grid)), target, step, budget=FAR * 10 - 1)[0]


def campaign_goal(state: TacticsState, player: int) -> Pos | None:
    """The property ``player`` goes for in a campaign mission (None in a skirmish or without one):
    the first army the tile to capture, the second the tile the first must hold or its orders' goal."""
    campaign = mission(state.game.options.get("mission"))
    if campaign is None:
        return None
    tile = None
    if player == ATTACKER and campaign.objective == "capture":
        tile = campaign.tile
    elif player == DEFENDER and campaign.objective == "hold":
        tile = campaign.tile
    elif player == DEFENDER:
        tile = next((o.goal for o in campaign.orders if o.goal), None)
    return parse_tile(tile, state.game.map.width, state.game.map.height) if tile else None


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
        orders = _Orders.of(state)
        if orders is not None:
            scripted = orders.action(legal)
            if scripted is not None:
                return scripted
            legal = orders.free(legal)
        if self.level == "easy":
            return _Beginner(state).choose(legal, rnd)
        unit_moves = [a for a in legal if isinstance(a, UNIT_ACTIONS)]
        power = [a for a in legal if isinstance(a, ActivatePower)]
        if power and self.level == "hard":
            return max(power, key=lambda a: a.level == "super")
        if unit_moves:
            ctx = _Context(state, self.level == "hard")
            return max(unit_moves, key=lambda a: (ctx.score(a), -rnd.random()))
        builds = [a for a in legal if isinstance(a, Build)]
        pick = self._build(state, builds) if builds else None
        return pick or EndTurn()

    def _build(self, state: TacticsState, builds: list[Build]) -> Build | None:
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
        if campaign and campaign.objective == "destroy" and me == ATTACKER and UNITS[campaign.unit or "tank"].is_naval:
            wants += ["battleship", "gunboat"]
        if foot < 3:
            wants.append("infantry")
        wants += ["tank", "infantry", "artillery"]
        strongest = self._strongest(builds, funds)
        if strongest is not None and funds >= RICH:
            return strongest
        for kind in wants:
            options = [b for b in builds if b.unit == kind]
            if options and (funds - UNITS[kind].cost >= 0):
                return options[0]
        return strongest

    @staticmethod
    def _strongest(builds: list[Build], funds: int) -> Build | None:
        """The priciest fighting unit a free building can make with ``funds`` (no transports), or None."""
        options = [b for b in builds if b.unit in FIGHTERS and UNITS[b.unit].cost <= funds]
        return max(options, key=lambda b: (UNITS[b.unit].cost, -FIGHTERS.index(b.unit)), default=None)


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
        self.objective = campaign_goal(state, self.me)
        self.prey = campaign.unit if campaign and campaign.objective == "destroy" and self.me == ATTACKER else None
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


#: what the easy CPU likes to build at each kind of building (no transports, no plan)
EASY_LIKES = {
    "factory": ("infantry", "mech", "recon", "tank", "artillery", "anti_air", "rockets", "heavy_tank"),
    "airport": ("attack_copter", "bomber"),
    "port": ("gunboat", "cruiser", "battleship"),
}


class _Beginner:
    """The easy CPU at one decision: the first unit still to act does the obvious thing, then the
    free buildings build, then the turn ends."""

    def __init__(self, state: TacticsState) -> None:
        self.state = state
        self.me = state.current
        self.w, self.h = state.game.map.width, state.game.map.height
        obs = state.observation(self.me)
        self.enemies = [parse_tile(u["tile"], self.w, self.h) for u in obs["units"] if u["owner"] != self.me]
        self.targets = [p for p, o in state.owners.items() if o != self.me]
        self.enemy_props = [p for p in self.targets if state.owners[p] is not None]
        self.goal = campaign_goal(state, self.me)

    def choose(self, legal: list[Any], rnd: random.Random) -> Any:
        for action in legal:
            if isinstance(action, UNIT_ACTIONS):
                at = action.at
                return self._unit_turn([a for a in legal if isinstance(a, UNIT_ACTIONS) and a.at == at], rnd)
        pick = self._build([a for a in legal if isinstance(a, Build)], rnd)
        return pick or EndTurn()

    def _unit_turn(self, acts: list[Any], rnd: random.Random) -> Any:
        state = self.state
        at = parse_tile(acts[0].at, self.w, self.h)
        unit = state.units[at]
        captures = [a for a in acts if isinstance(a, Capture)]
        if captures:                                   # carry on, else the best prize in reach
            return max(captures, key=lambda a: (a.to == a.at, self._prize(a.to)))
        attacks = [a for a in acts if isinstance(a, Attack)]
        if attacks:
            values = {a: self._dealt(at, a) for a in attacks}
            top = max(values.values())
            return rnd.choice([a for a in attacks if values[a] == top])
        unloads = [a for a in acts if isinstance(a, Unload)]
        if unloads:
            return max(unloads, key=lambda a: len(a.drops))
        moves = [a for a in acts if isinstance(a, (Wait, Supply))]
        own_factory = {p for p, o in state.owners.items() if o == self.me and TERRAIN[state.terrain(p)].builds}

        def key(a: Any) -> tuple[float, bool, bool, bool, float]:
            to = parse_tile(a.to, self.w, self.h)
            return (self._far(unit.type, to), to in own_factory and to != at, not isinstance(a, Supply),
                    to != at, rnd.random())
        return min(moves, key=key)

    def _prize(self, name: str) -> int:
        pos = parse_tile(name, self.w, self.h)
        kind = self.state.terrain(pos)
        return 3 if kind == "hq" or pos == self.goal else 2 if TERRAIN[kind].builds else 1

    def _far(self, kind: str, to: Pos) -> float:
        """How far ``to`` is from where a unit of type ``kind`` wants to go."""
        spec = UNITS[kind]
        map_id = self.state.game.map.id
        if spec.can_capture and self.targets:
            return min(distance_field(map_id, kind, p).get(to, FAR) - (10 if p == self.goal else 0)
                       for p in self.targets)
        goals = self.enemies or self.enemy_props or self.targets
        if not goals:
            return 0
        near = min(distance_field(map_id, kind, p).get(to, FAR) for p in goals)
        return abs(near - (spec.max_range or 0)) if spec.is_indirect else near

    def _dealt(self, at: Pos, attack: Attack) -> float:
        """Funds value of the damage ``attack`` deals at middle luck (the counterattack ignored)."""
        state = self.state
        to, target = parse_tile(attack.to, self.w, self.h), parse_tile(attack.target, self.w, self.h)
        d = state.units[target]
        kwargs = combat.exchange_kwargs(state, at, target, to != at, stand=to)
        if state.game.options["luck"]:
            lo, hi = combat.luck_range(state, self.me)
            clo, chi = combat.luck_range(state, d.owner)
            x = exchange(**kwargs, luck=(lo + hi) // 2, counter_luck=(clo + chi) // 2, luck_range=(lo, hi),
                         counter_luck_range=(clo, chi))
        else:
            x = exchange(**kwargs, luck_range=(0, 0), counter_luck_range=(0, 0))
        return (d.health - x.defender_health) * d.spec.cost / 100

    def _build(self, builds: list[Build], rnd: random.Random) -> Build | None:
        """A unit for the first free building: factories share the funds between them."""
        state = self.state
        funds = state.funds[self.me]
        sites: dict[str, list[Build]] = {}
        for b in builds:
            sites.setdefault(b.at, []).append(b)
        kind = {at: state.terrain(parse_tile(at, self.w, self.h)) for at in sites}
        factories = [at for at in sites if kind[at] == "factory"]
        for at in factories + [at for at in sites if kind[at] != "factory"]:
            share = funds // len(factories) if at in factories else funds
            liked = [b for b in sites[at] if b.unit in EASY_LIKES.get(kind[at], ())]
            if not liked:
                continue
            cheapest = min(UNITS[b.unit].cost for b in liked)
            options = [b for b in liked if UNITS[b.unit].cost <= max(share, cheapest)]
            if rnd.random() < 0.6:
                return max(options, key=lambda b: UNITS[b.unit].cost)
            return rnd.choice(options)
        return None


class _Orders:
    """The mission orders of the second army (missions.py), carried out one decision at a time.

    For a ``land`` order each transport of the order's type takes the foot soldiers nearest its
    pickup tile (within ``RESERVE`` movement points of it, and nearer to it than to the goal) as
    its troops. It sails to the pickup, they walk there and board, and once it is full or nobody
    else is coming it sails to the nearest shore tile and unloads them there."""

    RESERVE = 9

    def __init__(self, state: TacticsState, orders: tuple[Order, ...]) -> None:
        self.state = state
        self.me = state.current
        self.w, self.h = state.game.map.width, state.game.map.height
        self.map_id = state.game.map.id
        self.jobs: list[tuple[Order, Pos, list[Pos]]] = []   # (order, transport tile, its troops' tiles)
        taken: set[Pos] = set()
        mine = sorted(state.units_of(self.me), key=lambda p: p[::-1])
        for order in orders:
            if order.task != "land":
                continue
            pickup, goal = self._tile(order.pickup), self._tile(order.goal) if order.goal else None
            for pos in mine:
                unit = state.units[pos]
                if unit.type != order.unit or unit.spec.transport is None:
                    continue
                room = unit.spec.transport.capacity - len(unit.cargo)
                troops = []
                for q in mine:
                    soldier = state.units[q]
                    if q in taken or not soldier.spec.can_capture or soldier.type not in unit.spec.transport.carries:
                        continue
                    d = distance_field(self.map_id, soldier.type, pickup).get(q, FAR)
                    g = distance_field(self.map_id, soldier.type, goal).get(q, FAR) if goal else FAR
                    if d <= self.RESERVE and d < g:
                        troops.append((d, q[::-1], q))
                troops = [q for _, _, q in sorted(troops)[:room]]
                taken |= set(troops)
                self.jobs.append((order, pos, troops))

    @classmethod
    def of(cls, state: TacticsState) -> _Orders | None:
        """The orders of the player to move, or None (a skirmish, the first army, no orders)."""
        campaign: Mission | None = mission(state.game.options.get("mission"))
        if campaign is None or not campaign.orders or state.current != DEFENDER:
            return None
        return cls(state, campaign.orders)

    def _tile(self, name: str) -> Pos:
        return parse_tile(name, self.w, self.h)

    def action(self, legal: list[Any]) -> Any | None:
        """The next scripted decision, or None when every unit under orders has acted."""
        state = self.state
        for order, at, troops in self.jobs:
            ship = state.units[at]
            pickup = self._tile(order.pickup)
            sail = bool(ship.cargo) and (not troops or len(ship.cargo) >= ship.spec.transport.capacity)
            own = [a for a in legal if isinstance(a, UNIT_ACTIONS) and a.at == tile_name(at)]
            if own and not sail and at != pickup and troops:
                return self._towards(own, ship.type, [pickup])
            for q in troops:
                soldier = [a for a in legal if isinstance(a, UNIT_ACTIONS) and a.at == tile_name(q)]
                board = [a for a in soldier if isinstance(a, Load) and a.to == tile_name(at)]
                if board:
                    return board[0]
                if soldier:
                    keep_free = {pickup, at}
                    return self._towards([a for a in soldier if isinstance(a, Wait)
                                          and self._tile(a.to) not in keep_free] or soldier[:1],
                                         state.units[q].type, [pickup])
            if own and sail:
                shores = [self._tile(t) for t in order.shore]
                goal = self._tile(order.goal) if order.goal else shores[0]
                landings = [a for a in own if isinstance(a, Unload) and self._tile(a.to) in shores]
                if landings:
                    return max(landings, key=lambda a: (len(a.drops), -shores.index(self._tile(a.to)),
                                                        -sum(distance(self._tile(t), goal) for _, t in a.drops)))
                return self._towards(own, ship.type, shores)
            if own:
                return self._towards(own, ship.type, [pickup])
        return None

    def free(self, legal: list[Any]) -> list[Any]:
        """``legal`` without what would get in the orders' way: the other units keep off the pickup
        tiles and out of the transports under orders."""
        blocked = {self._tile(order.pickup) for order, _, _ in self.jobs} | {at for _, at, _ in self.jobs}
        out = []
        for a in legal:
            if isinstance(a, UNIT_ACTIONS) and a.to != a.at and self._tile(a.to) in blocked:
                continue
            out.append(a)
        return out

    def _towards(self, acts: list[Any], kind: str, tiles: list[Pos]) -> Any:
        """The plain move (Wait) of ``acts`` that ends nearest one of ``tiles`` (staying wins ties)."""
        waits = [a for a in acts if isinstance(a, Wait)] or acts

        def key(a: Any) -> tuple[int, bool, tuple[int, int]]:
            to = self._tile(a.to)
            return (min(distance_field(self.map_id, kind, t).get(to, FAR) for t in tiles), a.to != a.at,
                    to[::-1])
        return min(waits, key=key)


def make_bot(level: str, seed: int = 0) -> TacticsBot:
    """A CPU player of ``level`` ("easy", "normal", "hard"); raises ValueError for another level."""
    return TacticsBot(level, seed)
