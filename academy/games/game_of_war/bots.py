"""CPU players for the Game of War at three levels: easy, normal and hard.

A bot answers every decision (deployment, retreat, moves, the attack, End turn) with a legal action;
its choice depends only on its seed and the state (a per-decision generator seeded from the state's
digest), so a seeded game between bots replays exactly. During a free deployment a bot looks only at
its own units (the other army is hidden until both are placed).

Easy and normal play their turn the same way (``GreedyBot``): one move at a time, the move that gains
most as the level judges it, while a move gains something (up to the 5 of a turn); then the best attack
whose total beats the defence (destruction first); else End turn. A move onto an enemy arsenal is
taken at once. Hard searches whole turns (``HardBot``). What differs is what they see:

- easy: a beginner. Keeps its units on its lines (it never cuts one off if it can help it), walks
  toward the nearest enemy, lines units up for an attack and makes it, but does not see the enemy's
  reply (it walks into counter-attacks), does not guard its arsenals or cut lines on purpose. It
  deploys a forward block on its lines and uses no chance.
- normal: also weighs what the enemy could bring on each of its units next turn (half as much as
  hard does), and now and then makes a careless move (any useful one, drawn from the seed).
- hard: weighs the enemy's threat fully, cuts enemy lines on purpose, and values a relay or any link
  of its lines for the units its loss would cut off (it guards its own and aims at the enemy's). And it
  searches: it plays out two candidate turns (that greedy turn, and one twice as careful of the enemy's
  threat) on copies of the state, answers each with the enemy's best attack next turn (``reply``: up to
  5 moves lining up a destruction, ``plan_attack``, also after the one move that would cut hard's lines
  the worst, ``line_cut``: the worse answer counts), and follows the turn that leaves it better off.
  When both candidate turns stand still (a stand-off, which the turn limit would draw), it creeps
  (``creep``): one move toward the enemy's arsenals and units (``Push``'s scoring, the threat not
  weighed) that leaves it no worse off after the enemy's answer, and so on, move by move.

>>> from academy.core.bots import play_game
>>> from academy.games.game_of_war import GameOfWarGame
>>> state = GameOfWarGame(max_turns=30).new_initial_state(seed=3)
>>> play_game(state, {0: make_bot("hard", 1), 1: make_bot("easy", 2)}).is_terminal()
True
"""
from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from academy.core.bots import Bot, observation_digest, state_digest
from academy.core.protocol import NodeKind

from .actions import Attack, Deploy, EndTurn, Move
from .combat import charging_cavalry, combat, defence_value, distance, reaches
from .communication import Network, communication
from .mapdata import deployment
from .moves import destinations
from .position import DIRECTIONS, Position, Square, Unit
from .units import CHARGE_BONUS, SIDES, UNIT_TYPES, other_side

if TYPE_CHECKING:
    from .state import GameOfWarState

__all__ = ["LEVELS", "make_bot", "GreedyBot", "EasyBot", "NormalBot", "HardBot", "evaluate", "threat", "totals"]

LEVELS = ("easy", "normal", "hard")
#: what a player may expect of each level, one line each (the forms that offer the levels show them)
LEVEL_NOTES = {
    "easy": "CPU easy: a beginner; it keeps its units on its lines and attacks when its total is higher, "
            "but walks into your counter-attacks and leaves its arsenals and relays unguarded.",
    "normal": "CPU normal: also watches what you could bring on its units next turn, though not closely, "
              "and makes a careless move now and then.",
    "hard": "CPU hard: plays out its turn two ways against your best answer and keeps the better; guards "
            "its relays, cuts your lines and goes for your relays; it attacks only with a winning total, "
            "and in a stand-off it edges forward wherever your best answer cannot punish it.",
}
#: what a unit is worth to its side (relays carry the whole network)
VALUE = {"infantry": 3.0, "cavalry": 3.5, "cannon": 4.0, "swift_cannon": 4.5, "relay": 4.0, "swift_relay": 4.5}
ARSENAL = 40.0
CUT_OFF = 0.45          # a cut-off unit counts for this share of its value
ADVANCE = 0.06          # per square closer to the nearest enemy arsenal, for a connected fighting unit
# the move score of GreedyBot.score_moves
CUT_COST = 20.0         # per own unit a move cuts off from the lines
RECONNECT = 3.0         # per own unit a move brings back onto them
RELAY_STEP = 0.5        # a relay's step toward the enemy, against 1 for a fighting unit's
ARSENAL_PULL = 0.2      # a step toward the nearest enemy arsenal, against 1 toward the nearest enemy unit
SPREAD = 0.2            # weight of the other attacks a move lines up, beside the best one
WEAK = 0.3              # per point of an attack that does not win yet (margin + 8): support gathers
LINK_SHARE = 0.5        # share of the value of the units a unit's loss would cut off, added to its own
MAX_RANGE = max(t.range for t in UNIT_TYPES.values())   # the farthest any unit fires (a cannon's 3)
NEAR = 4                # a cavalry this close to an enemy may join or leave a charge on it


def evaluate(pos: Position, side: str) -> float:
    """How good ``pos`` is for ``side``: arsenals, units weighted by being connected, the advance."""
    foe = other_side(side)
    nets = {side: communication(pos, side).connected, foe: communication(pos, foe).connected}
    score = ARSENAL * (len(pos.arsenals.get(side, ())) - len(pos.arsenals.get(foe, ())))
    goals = pos.arsenals.get(foe, ())
    for u in pos.units:
        connected = u.id in nets[u.side]
        value = VALUE[u.type] * (1.0 if connected else CUT_OFF)
        score += value if u.side == side else -value
        if u.side == side and connected and u.kind.is_fighting and goals:
            score -= ADVANCE * min(distance(u.at, a) for a in goals)
    return score


def distances_to(pos: Position, squares: Iterable[Square]) -> dict[Square, int]:
    """King steps from every square to the nearest of ``squares``, around mountains (units ignored)."""
    return _distances(pos.width, pos.height, pos.mountains, tuple(sorted(squares)))


@functools.lru_cache(maxsize=256)
def _distances(width: int, height: int, mountains: frozenset[Square], sources: tuple[Square, ...]) -> dict[Square, int]:
    far = {sq: 0 for sq in sources}
    todo = deque(sources)
    while todo:
        x, y = todo.popleft()
        for dx, dy in DIRECTIONS:
            sq = (x + dx, y + dy)
            if 0 <= sq[0] < width and 0 <= sq[1] < height and sq not in mountains and sq not in far:
                far[sq] = far[(x, y)] + 1
                todo.append(sq)
    return far


def totals(pos: Position, side: str, target: Unit, nets: Mapping[str, frozenset[str]]) -> tuple[int, int, int]:
    """``combat(pos, side, target.id)``'s attack and defence totals and its number of attackers, from the
    two sides' connected units ``nets`` already worked out (the CPU asks this for many positions)."""
    mine, theirs = nets[side], nets[target.side]
    charging = set(charging_cavalry(pos, side, target, mine))
    attack = attackers = defence = 0
    for u in pos.units:
        if u.id in charging:
            attack, attackers = attack + u.kind.attack + CHARGE_BONUS, attackers + 1
        elif distance(u.at, target.at) > MAX_RANGE:
            continue
        elif u.side == side:
            if u.kind.is_fighting and u.id in mine and reaches(pos, u, target.at):
                attack, attackers = attack + u.kind.attack, attackers + 1
        elif u.id in theirs and (u.id == target.id or (u.kind.is_fighting and reaches(pos, u, target.at))):
            defence += defence_value(pos, u)
    return attack, defence, attackers


def attack_worth(margin: int, value: float) -> float:
    """What an attack of ``margin`` (attack - defence) on a unit worth ``value`` is worth: much for a
    destruction, less for a retreat, a little for one that more support could turn."""
    if margin >= 2:
        return 8.0 + value
    if margin == 1:
        return 4.0 + 0.3 * value
    return WEAK * max(0, margin + 8)


def favourable_attack(pos: Position, side: str, legal: list[Any], values: Mapping[str, float]) -> Attack | None:
    """The legal attack whose total beats the defence: a destruction first, then the dearer target (by
    ``values``), then the wider margin (the first of equals); None if no attack does."""
    best, key = None, None
    seen: set[str] = set()
    for a in legal:
        if not isinstance(a, Attack) or a.target in seen:
            continue
        seen.add(a.target)
        c = combat(pos, side, a.target)
        k = (c.margin >= 2, values[a.target], c.margin)
        if c.margin >= 1 and (key is None or k > key):
            best, key = a, k
    return best


def threat(pos: Position, side: str, connected: frozenset[str]) -> dict[Square, int]:
    """For each square, the attack ``side`` could bring on it next turn: each connected fighting unit fires
    from where it stands or from a square within its move; a cavalry adds its charge wherever it fires
    (it may charge in a column). An upper bound: it ignores the limit of 5 moves, blocked paths and the
    cavalry's stop rule."""
    out: dict[Square, int] = {}
    for u in pos.units_of(side):
        if not u.kind.is_fighting or u.id not in connected:
            continue
        reach, move = u.kind.range, u.kind.move
        spots = [(x, y) for x in range(u.at[0] - move, u.at[0] + move + 1)
                 for y in range(u.at[1] - move, u.at[1] + move + 1)
                 if pos.is_on_board((x, y)) and (x, y) not in pos.mountains and pos.unit_at((x, y)) in (None, u)]
        hit: set[Square] = set()
        for x, y in spots:
            for dx, dy in DIRECTIONS:
                for k in range(1, reach + 1):
                    sq = (x + dx * k, y + dy * k)
                    if not pos.is_on_board(sq) or sq in pos.mountains:
                        break
                    hit.add(sq)
        for sq in hit:
            charge = CHARGE_BONUS if u.type == "cavalry" and pos.terrain_at(sq) not in ("fortress", "pass") else 0
            out[sq] = out.get(sq, 0) + u.kind.attack + charge
    return out


def own_network_after(net: Network, pos: Position, after: Position, unit: Unit, to: Square) -> frozenset[str]:
    """The connected units of ``unit``'s side once it has moved to ``to`` (``after``), from its network
    ``net`` before. Own units never block their own lines, so the network is worked out again only when
    the move may change more than the unit itself: a relay moves, a friend next to its square stays
    connected by touching it, or a cut-off friend stands next to either square."""
    friends = {u.at: u for u in pos.units_of(unit.side) if u.id != unit.id}
    around = [(x + dx, y + dy) for x, y in (unit.at, to) for dx, dy in DIRECTIONS]
    leaning = net.by_touch | {u.id for u in friends.values() if u.id not in net.connected}
    if unit.kind.is_relay or any(sq in friends and friends[sq].id in leaning for sq in around):
        return communication(after, unit.side).connected
    linked = to in net.covered or any(sq in friends and friends[sq].id in net.connected for sq in around[8:])
    return (net.connected - {unit.id}) | ({unit.id} if linked else set())


def line_cuts(pos: Position, owner: str) -> dict[Square, frozenset[str]]:
    """The empty squares where one enemy unit would cut some of ``owner``'s units off, with the units it
    would cut: the squares of the lines from its sources (arsenals, emitting relays) to the units standing
    on them, each tried."""
    net = communication(pos, owner)
    sources = list(pos.arsenals.get(owner, ())) + [pos.unit(r).at for r in sorted(net.emitting_relays)]
    ends = {u.at for u in pos.units_of(owner) if u.id in net.connected and u.id not in net.by_touch}
    candidates: set[Square] = set()
    for x0, y0 in sources:
        for dx, dy in DIRECTIONS:
            run, x, y = [], x0 + dx, y0 + dy
            while pos.is_on_board((x, y)) and (x, y) in net.covered:
                if (x, y) in ends:
                    candidates.update(sq for sq in run if pos.unit_at(sq) is None)
                run.append((x, y))
                x, y = x + dx, y + dy
    out = {}
    for sq in sorted(candidates):
        blocked = replace(pos, units=pos.units + (Unit("cut?", other_side(owner), "infantry", sq),))
        lost = net.connected - communication(blocked, owner).connected
        if lost:
            out[sq] = lost
    return out


def blocks_lines(net: Network, start: Square, to: Square) -> bool:
    """Whether a unit of the other side moving from ``start`` to ``to`` may change network ``net``: it steps
    onto one of its lines, or leaves a square next to one (where it may have stopped a line)."""
    return to in net.covered or any((start[0] + dx, start[1] + dy) in net.covered for dx, dy in DIRECTIONS)


class GameOfWarBot(ABC):
    """Base class: dispatches on the phase; subclasses decide."""

    level = "base"
    title = "CPU"

    def __init__(self, seed: int = 0, name: str | None = None) -> None:
        self.seed = int(seed)
        self.name = name or f"{self.title} CPU"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def choose(self, state: GameOfWarState) -> Any:
        """A legal action for the player to move; raises ValueError when nobody is to move."""
        if state.to_move() is None:
            raise ValueError(f"{self.name}: nothing to choose, the game is at a {state.node_kind().value} node.")
        rnd = random.Random(f"gow-bot/{self.level}/{self.seed}/{observation_digest(state)}")
        legal = state.legal_actions()
        if state.phase == "deploy":
            return self.deploy(state, legal, rnd)
        if state.phase == "retreat":
            return self.retreat(state, legal, rnd)
        return self.play(state, legal, rnd)

    # --- shared answers ---------------------------------------------------------------------
    def deploy(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        """Follow the standard opening for one's side where its squares are free; a unit whose opening
        squares are taken (a person placed part of the army) goes to the free square nearest to them."""
        side = state.side
        free = set(legal)
        opening = list(deployment("academy_default").units_of(side))
        for u in opening:
            if Deploy(u.type, u.at) in free:
                return Deploy(u.type, u.at)
        homes: dict[str, list[tuple[int, int]]] = {}
        for u in opening:
            homes.setdefault(u.type, []).append(u.at)

        def distance(action: Deploy) -> tuple[int, int, int]:
            squares = homes.get(action.unit_type) or [u.at for u in opening] or [action.at]
            near = min(max(abs(action.at[0] - x), abs(action.at[1] - y)) for x, y in squares)
            return near, action.at[1], action.at[0]
        return min((a for a in legal if isinstance(a, Deploy)), key=distance, default=legal[0])

    def retreat(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        side = state.side
        return max(legal, key=lambda a: evaluate(state.position.with_unit_at(a.unit, a.to), side))

    @abstractmethod
    def play(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        """The level's choice among ``legal`` in the play phase (moves, an attack, the end of the turn)."""


class GreedyBot(GameOfWarBot):
    """Plays its turn one move at a time, each move scored one ply deep (``score_moves``), while the best
    move gains something (up to 5 a turn); then the best attack whose total beats the defence, else End
    turn. A move onto an enemy arsenal is taken at once. The class attributes set how far a level looks."""

    danger = 0.0      # weight of the enemy's threat (``threat``) on the units a move leaves; 0: not looked at
    cutting = 0.0     # per enemy unit a move cuts off from its lines
    links = False     # a unit is worth more for the units its loss would cut off (relays, links of a chain)
    wander = 0.0      # chance of a careless move: any useful move instead of the best (drawn from the seed)
    enemy_pull = 1.0              # weight of a step toward the nearest enemy unit
    arsenal_pull = ARSENAL_PULL   # weight of a step toward the nearest enemy arsenal
    relay_step = RELAY_STEP       # a relay's step, against 1 for a fighting unit's

    def play(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        side, pos = state.side, state.position
        assert side is not None
        moves = [a for a in legal if isinstance(a, Move)]
        foe_arsenals = set(pos.arsenals.get(other_side(side), ()))
        for m in moves:
            if m.to in foe_arsenals:
                return m
        values = self.values(pos)
        if moves:
            scores = self.score_moves(pos, side, moves, values)
            useful = [m for m, score in zip(moves, scores) if score > 1e-9]
            if useful and self.wander and rnd.random() < self.wander:
                return rnd.choice(useful)
            if useful:
                return moves[scores.index(max(scores))]
        attack = favourable_attack(pos, side, legal, values)
        return attack if attack is not None else EndTurn()

    def values(self, pos: Position) -> dict[str, float]:
        """What each unit is worth: VALUE, and with ``links`` a share of the units cut off without it."""
        values = {u.id: VALUE[u.type] for u in pos.units}
        if self.links:
            for side in SIDES:
                connected = communication(pos, side).connected
                for u in pos.units_of(side):
                    if u.id in connected:
                        lost = connected - communication(pos.without_unit(u.id), side).connected - {u.id}
                        values[u.id] += LINK_SHARE * sum(VALUE[pos.unit(v).type] for v in lost)
        return values

    def score_moves(self, pos: Position, side: str, moves: list[Move], values: Mapping[str, float]) -> list[float]:
        """What each move gains, one ply deep: own units it cuts off (heavily against) or brings back, steps
        toward the nearest enemy unit (and, less, arsenal), how much better its attacks open right after
        get (the best one, and a little the others); with ``cutting``, enemy units it cuts off; with
        ``danger``, how much worse the enemy's threat on its units gets."""
        foe = other_side(side)
        full = {side: communication(pos, side), foe: communication(pos, foe)}
        nets = {k: n.connected for k, n in full.items()}
        goals = ((distances_to(pos, [u.at for u in pos.units_of(foe)]), self.enemy_pull),
                 (distances_to(pos, pos.arsenals.get(foe, ())), self.arsenal_pull))
        enemies = list(pos.units_of(foe))
        mine = _worths(pos, side, enemies, nets, values, {})
        best_mine, all_mine = max(mine.values(), default=0.0), sum(mine.values())
        fire: dict[Square, int] = {}
        theirs: dict[str, float] = {}
        if self.danger:
            fire = threat(pos, foe, nets[foe])
            theirs = {u.id: _exposure(pos, u, fire, nets, values) for u in pos.units_of(side)}
        out = []
        for m in moves:
            unit = pos.unit(m.unit)
            after = pos.with_unit_at(m.unit, m.to)
            moved = after.unit(m.unit)
            now = {side: own_network_after(full[side], pos, after, unit, m.to), foe: nets[foe]}
            score = -CUT_COST * len(nets[side] - now[side]) + RECONNECT * len(now[side] - nets[side])
            step = 1.0 if unit.kind.is_fighting else self.relay_step
            for goal, weight in goals:
                far = goal.get(unit.at), goal.get(m.to)
                if far[0] is not None and far[1] is not None:
                    score += step * weight * (far[0] - far[1])
            touched = [e for e in enemies if _near(pos, unit, moved, e)] if unit.kind.is_fighting else []
            if (touched or self.danger or self.cutting) and blocks_lines(full[foe], unit.at, m.to):
                now[foe] = communication(after, foe).connected
                score += self.cutting * len(nets[foe] - now[foe])
            if touched:
                worth = _worths(after, side, touched, now, values, dict(mine))
                score += max(worth.values(), default=0.0) - best_mine + SPREAD * (sum(worth.values()) - all_mine)
            if self.danger:
                changed = nets[side] ^ now[side]
                worth = dict(theirs)
                for u in after.units_of(side):      # a move changes the defence of the units it supports
                    if u.id in changed or u.id == unit.id or (unit.kind.is_fighting and (
                            reaches(pos, unit, u.at) or reaches(pos, moved, u.at))):
                        worth[u.id] = _exposure(after, u, fire, now, values)
                score -= self.danger * (_pressure(worth) - _pressure(theirs))
            out.append(score)
        return out


def _worths(pos: Position, side: str, victims: list[Unit], nets: Mapping[str, frozenset[str]],
            values: Mapping[str, float], worths: dict[str, float]) -> dict[str, float]:
    """``worths`` updated with what ``side``'s attack on each of ``victims`` is worth now (``attack_worth``);
    a victim no unit of ``side`` reaches is dropped."""
    for v in victims:
        attack, defence, attackers = totals(pos, side, v, nets)
        if attackers:
            worths[v.id] = attack_worth(attack - defence, values[v.id])
        else:
            worths.pop(v.id, None)
    return worths


def _exposure(pos: Position, unit: Unit, fire: Mapping[Square, int], nets: Mapping[str, frozenset[str]],
              values: Mapping[str, float]) -> float:
    """What the enemy's attack on ``unit`` next turn may be worth: the ``fire`` on its square against its
    defence as it stands; 0 when the defence holds."""
    aimed = fire.get(unit.at, 0)
    if aimed <= (defence_value(pos, unit) if unit.id in nets[unit.side] else 0):
        return 0.0
    _, defence, _ = totals(pos, other_side(unit.side), unit, nets)
    margin = aimed - defence
    return attack_worth(margin, values[unit.id]) if margin >= 1 else 0.0


def _pressure(worths: Mapping[str, float]) -> float:
    """The enemy attacks once a turn: its best chance counts in full, the others a quarter."""
    values = list(worths.values())
    top = max(values, default=0.0)
    return top + 0.25 * (sum(values) - top)


def _near(pos: Position, unit: Unit, moved: Unit, enemy: Unit) -> bool:
    """Whether moving ``unit`` (to where ``moved`` stands) may change an attack on ``enemy``: it reaches the
    enemy from one of its two squares, or it is a cavalry near enough to join or leave a charge."""
    return (reaches(pos, unit, enemy.at) or reaches(pos, moved, enemy.at)
            or (unit.type == "cavalry" and min(distance(enemy.at, unit.at), distance(enemy.at, moved.at)) <= NEAR))


class EasyBot(GreedyBot):
    """The beginner: GreedyBot with no eye for the enemy's reply, and no chance at all. It deploys a block
    centred on its front row, on squares its lines reach; a forced retreat goes where most units stay on
    the lines."""

    level, title = "easy", "Easy"

    def deploy(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        side = state.side
        assert side is not None
        own = replace(state.position, units=tuple(state.position.units_of(side)))   # the enemy's stay hidden
        net = communication(own, side)
        linked = {u.at for u in own.units if u.id in net.connected}
        lo, hi = state.game.territory(side)
        front, centre = (hi if side == "north" else lo), own.width // 2

        def key(a: Deploy) -> tuple[bool, int, int, int]:
            x, y = a.at
            on_lines = a.at in net.covered or any(distance(a.at, sq) == 1 for sq in linked)
            return (not on_lines, abs(x - centre) + 2 * abs(y - front), abs(x - centre), x)
        return min((a for a in legal if isinstance(a, Deploy)), key=key, default=legal[0])

    def retreat(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        side = state.side
        return max(legal, key=lambda a: len(communication(state.position.with_unit_at(a.unit, a.to), side).connected))


class NormalBot(GreedyBot):
    level, title = "normal", "Normal"
    danger, wander = 0.3, 0.25


class HardBot(GreedyBot):
    """Searches whole turns: it plays out two candidate turns (``_candidates``: its own greedy turn and a
    more careful one) on copies of the state, answers each with the enemy's best attack (``reply``), and
    follows the turn whose position after the reply it values most (``evaluate``; a won game first). The turn chosen is kept (``_PLANS``, by state digest) so its next
    decisions follow it without searching again. When both candidate turns only end the turn, it plays
    one ``creep`` move instead if one is safe (then searches again at its next decision)."""

    level, title = "hard", "Hard"
    danger, cutting, links = 0.6, 2.0, True

    def play(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        key = (self.seed, state_digest(state))
        planned = _PLANS.get(key)
        if planned is not None and planned in legal:
            return planned
        side = state.side
        assert side is not None
        best, best_value = None, None
        passes = True
        for policy in _candidates():
            actions, after = play_turn(state, policy, rnd)
            if not actions:
                continue
            passes = passes and all(isinstance(a, EndTurn) for a in actions)
            value = _outcome(after, side)
            if value is None:
                value = evaluate(reply(after.position, side, self.values(after.position)), side)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = actions, value
        if passes and best_value is not None:
            step = creep(state, legal, side, self.values(state.position), best_value)
            if step is not None:
                best = [step]
        if best is None:
            return super().play(state, legal, rnd)
        twin = state.clone()
        for action in best:
            _PLANS[(self.seed, state_digest(twin))] = action
            if twin.is_terminal() or twin.to_move() != state.to_move():
                break
            twin.apply(action)
        while len(_PLANS) > PLAN_MEMORY:
            _PLANS.pop(next(iter(_PLANS)))
        return best[0]


class Careful(GreedyBot):
    """A candidate turn for hard's search: hard's greedy turn with the enemy's threat weighed twice."""
    level = "hard-careful"
    danger, cutting, links = 1.2, 2.0, True


class Own(GreedyBot):
    """A candidate turn for hard's search: hard's own greedy turn."""
    level = "hard-own"
    danger, cutting, links = 0.6, 2.0, True


PLAN_MEMORY = 256
_PLANS: dict[tuple[int, str], Any] = {}
CUT_REPLY = True     # whether the reply also looks at the enemy cutting hard's lines (``line_cut``)
PLAN_TARGETS = 6     # the own units (dearest first) on which the enemy's reply is searched


class Push(GreedyBot):
    """How hard's ``creep`` scores its moves forward: a step toward the nearest enemy arsenal weighs 1, one
    toward the nearest enemy unit 0.5, a relay's step as much as a fighting unit's; the enemy's threat is
    not weighed here (``creep`` asks the enemy's reply instead)."""
    level = "hard-push"
    danger, cutting, links = 0.0, 2.0, True
    enemy_pull, arsenal_pull, relay_step = 0.5, 1.0, 1.0


_PUSH = Push()


@functools.lru_cache(maxsize=1)
def _candidates() -> tuple[GreedyBot, ...]:
    return (Own(), Careful())


CREEP_TRIES = 6      # the push moves (best first) a stalled hard tries against the enemy's reply


def creep(state: GameOfWarState, legal: list[Any], side: str, values: Mapping[str, float],
          standing: float) -> Move | None:
    """When hard's candidate turns all stand still: one move forward (``Push``'s scoring, the enemy's
    threat not weighed) that leaves hard no worse off after the enemy's best reply than standing still
    (``standing``); the best of the first ``CREEP_TRIES``; None when none is safe."""
    moves = [a for a in legal if isinstance(a, Move)]
    if not moves:
        return None
    pos = state.position
    scores = _PUSH.score_moves(pos, side, moves, values)
    best, best_value = None, standing - 1e-9
    for score, move in sorted(zip(scores, moves), key=lambda t: -t[0])[:CREEP_TRIES]:
        if score <= 1e-9:
            break
        after = pos.with_unit_at(move.unit, move.to)
        value = evaluate(reply(after, side, values), side)
        if value >= best_value:
            best, best_value = move, value + 1e-9
    return best


def play_turn(state: GameOfWarState, policy: GameOfWarBot, rnd: random.Random) -> tuple[list[Any], Any]:
    """``policy``'s actions for the rest of the turn of the player to move in ``state`` (its retreats
    included), played on a copy; returns them and the copy after them."""
    twin = state.clone()
    player = twin.to_move()
    actions: list[Any] = []
    while not twin.is_terminal() and twin.node_kind() is NodeKind.DECISION and twin.to_move() == player \
            and twin.phase in ("play", "retreat") and len(actions) < 12:
        legal = twin.legal_actions()
        action = policy.retreat(twin, legal, rnd) if twin.phase == "retreat" else policy.play(twin, legal, rnd)
        actions.append(action)
        twin.apply(action)
    return actions, twin


def _nets(pos: Position) -> dict[str, frozenset[str]]:
    return {s: communication(pos, s).connected for s in SIDES}


def plan_attack(pos: Position, side: str, target_id: str, movable: Iterable[str], budget: int,
                first: set[Move] | None = None) -> tuple[int, list[Move], Position]:
    """A search for the moves (at most ``budget``, each of a unit in ``movable``, once) that line up the
    strongest attack of ``side`` on ``target_id``: step by step the move that raises the margin most
    without cutting any own unit off, until the target would be destroyed. ``first`` (when given): the
    legal first moves. Returns the margin reached, the moves and the position after them."""
    target = pos.unit(target_id)
    nets = _nets(pos)
    attack, defence, _ = totals(pos, side, target, nets)
    margin, done, free = attack - defence, [], set(movable)
    while margin < 2 and len(done) < budget:
        best = None
        for uid in sorted(free):
            u = pos.unit(uid)
            if not u.kind.is_fighting or uid not in nets[side]:
                continue
            far = distance(u.at, target.at)
            if far > u.kind.move + max(u.kind.range, NEAR if u.type == "cavalry" else 0):
                continue
            for to in sorted(destinations(pos, uid, stop_rule=False)):
                if first is not None and not done and Move(uid, to) not in first:
                    continue
                d = distance(to, target.at)
                if u.type == "cavalry":
                    if d > NEAR or not (d == 1 or _aligned(to, target.at)):
                        continue
                elif d > u.kind.range or not _aligned(to, target.at):
                    continue
                after = pos.with_unit_at(uid, to)
                now = {side: communication(after, side).connected, other_side(side): nets[other_side(side)]}
                if not nets[side] <= now[side]:
                    continue
                if blocks_lines(communication(pos, other_side(side)), u.at, to):
                    now[other_side(side)] = communication(after, other_side(side)).connected
                a, dfc, _ = totals(after, side, after.unit(target_id), now)
                if a - dfc > margin and (best is None or a - dfc > best[0]):
                    best = (a - dfc, Move(uid, to), after, now)
        if best is None:
            break
        margin, move, pos, nets = best
        done.append(move)
        free.discard(move.unit)
    return margin, done, pos


def _aligned(a: Square, b: Square) -> bool:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (dx, dy) != (0, 0) and (dx == 0 or dy == 0 or abs(dx) == abs(dy))


def reply(pos: Position, side: str, values: Mapping[str, float]) -> Position:
    """``pos`` after the enemy's best attack on ``side`` next turn, as hard's search sees it: for each unit
    of ``side`` the enemy's threat (``threat``) could destroy (dearest first, ``PLAN_TARGETS``), the attack
    ``plan_attack`` lines up with up to 5 moves; the best one's target is removed (destroyed) or, forced
    to retreat, counted cut off (it loses its place). ``pos`` itself when no attack wins. The enemy may
    also first cut ``side``'s lines with one move (``line_cut``), which weakens the defence of the units
    it cuts off: the worse of the two answers (by ``evaluate``) is the reply."""
    best = _best_attack(pos, side, values, 5)
    cut = line_cut(pos, side, values) if CUT_REPLY else None
    if cut is not None:
        after = _best_attack(cut, side, values, 4)
        if evaluate(after, side) < evaluate(best, side):
            return after
    return best


def line_cut(pos: Position, side: str, values: Mapping[str, float]) -> Position | None:
    """``pos`` after the enemy's one move onto ``side``'s lines that cuts off the dearest of its units
    (``values``; ``line_cuts``), or None when no move of a connected enemy unit cuts any off."""
    cuts = line_cuts(pos, side)
    if not cuts:
        return None
    foe = other_side(side)
    theirs = communication(pos, foe).connected
    best, key = None, 0.0
    for u in pos.units_of(foe):
        if u.id not in theirs or min(distance(u.at, sq) for sq in cuts) > u.kind.move:
            continue
        for to in sorted(destinations(pos, u.id, stop_rule=False) & cuts.keys()):
            worth = sum(values.get(v, VALUE[pos.unit(v).type]) for v in cuts[to])
            if worth > key:
                best, key = pos.with_unit_at(u.id, to), worth
    return best


def _best_attack(pos: Position, side: str, values: Mapping[str, float], budget: int) -> Position:
    """``pos`` after the enemy's best attack on ``side`` lined up with up to ``budget`` moves (``reply``)."""
    foe = other_side(side)
    nets = _nets(pos)
    fire = threat(pos, foe, nets[foe])
    exposed = [u for u in pos.units_of(side) if fire.get(u.at, 0) >= totals(pos, foe, u, nets)[1] + 1]
    movable = [u.id for u in pos.units_of(foe) if u.id in nets[foe]]
    best, key = pos, 0.0
    for u in sorted(exposed, key=lambda u: (-values.get(u.id, VALUE[u.type]), u.id))[:PLAN_TARGETS]:
        margin, _, after = plan_attack(pos, foe, u.id, movable, budget)
        if margin >= 1:
            worth = attack_worth(margin, values.get(u.id, VALUE[u.type]))
            if worth > key:
                key = worth
                best = after.without_unit(u.id) if margin >= 2 else after
    return best


def _outcome(state: Any, side: str) -> float | None:
    """A won game is worth everything, a lost one nothing; None while it goes on (or drawn: 0)."""
    if not state.is_terminal():
        return None
    winner = state.winner()
    if winner is None:
        return 0.0
    return 1e6 if SIDES[winner] == side else -1e6


_BOTS: dict[str, type[GameOfWarBot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A Game of War bot of ``level`` ("easy", "normal" or "hard"); raises ValueError for another level.

    >>> make_bot("hard", seed=4).level
    'hard'
    """
    if level not in _BOTS:
        raise ValueError(f"Unknown Game of War bot level {level!r}; choose one of {', '.join(LEVELS)}.")
    return _BOTS[level](seed)
