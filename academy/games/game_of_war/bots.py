"""CPU players for the Game of War at three levels: easy, normal and hard.

A bot answers every decision (deployment, retreat, moves, the attack, End turn) with a legal action;
its choice depends only on its seed and the state (a per-decision generator seeded from the state's
digest), so a seeded game between bots replays exactly.

- easy: places at random, moves units at random (often losing its lines), takes a destroying attack
  half the time, ends its turn early.
- normal: the hard player's judgement with fewer candidates, no look at the enemy's reply and some
  random moves.
- hard: keeps its army connected (a cut-off unit counts for less than half), cuts enemy lines (enemy
  units it cuts off count for less), advances along its lines toward the enemy arsenals, takes an
  arsenal whenever it can, only attacks with a winning total (attack > defence, destruction first),
  and weighs the enemy's possible attacks on the position it leaves.

>>> from academy.core.bots import play_game
>>> from academy.games.game_of_war import GameOfWarGame
>>> state = GameOfWarGame(max_turns=30).new_initial_state(seed=3)
>>> play_game(state, {0: make_bot("hard", 1), 1: make_bot("easy", 2)}).is_terminal()
True
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from academy.core.bots import Bot, state_digest

from .actions import Attack, Deploy, EndTurn, Move
from .combat import combat, distance, targets
from .communication import communication
from .mapdata import deployment
from .position import Position
from .units import other_side

if TYPE_CHECKING:
    from .state import GameOfWarState

__all__ = ["LEVELS", "make_bot", "EasyBot", "NormalBot", "HardBot", "evaluate"]

LEVELS = ("easy", "normal", "hard")
#: what a player may expect of each level, one line each (the forms that offer the levels show them)
LEVEL_NOTES = {
    "easy": "CPU easy: a beginner; it moves without much care for its lines of communication and misses "
            "attacks, so it is easy to cut off and to break.",
    "normal": "CPU normal: weighs its moves as hard does, with fewer choices, no look at your reply and "
              "some careless moves.",
    "hard": "CPU hard: keeps its army in communication, cuts your lines, advances on your arsenals and "
            "attacks only with a winning total.",
}
#: what a unit is worth to its side (relays carry the whole network)
VALUE = {"infantry": 3.0, "cavalry": 3.5, "cannon": 4.0, "swift_cannon": 4.5, "relay": 4.0, "swift_relay": 4.5}
ARSENAL = 40.0
CUT_OFF = 0.45          # a cut-off unit counts for this share of its value
ADVANCE = 0.06          # per square closer to the nearest enemy arsenal, for a connected fighting unit


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


def tactics(pos: Position, side: str, danger: bool = True) -> float:
    """What ``side`` could destroy now, less (with ``danger``) what the enemy could destroy as things stand."""
    score = 0.0
    for t in targets(pos, side):
        outcome = combat(pos, side, t).outcome
        score += VALUE[pos.unit(t).type] * {"destroyed": 0.5, "retreat": 0.15, "repelled": 0.0}[outcome]
    if danger:
        foe = other_side(side)
        for t in targets(pos, foe):
            outcome = combat(pos, foe, t).outcome
            score -= VALUE[pos.unit(t).type] * {"destroyed": 0.8, "retreat": 0.3, "repelled": 0.0}[outcome]
    return score


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
        rnd = random.Random(f"gow-bot/{self.level}/{self.seed}/{state_digest(state)}")
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


class EasyBot(GameOfWarBot):
    level, title = "easy", "Easy"

    def deploy(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        return rnd.choice(legal)

    def retreat(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        return rnd.choice(legal)

    def play(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        side = state.side
        attacks = [a for a in legal if isinstance(a, Attack)
                   and combat(state.position, side, a.target).outcome == "destroyed"]
        if attacks and rnd.random() < 0.5:
            return rnd.choice(attacks)
        moves = [a for a in legal if isinstance(a, Move)]
        if moves and rnd.random() < 0.75:
            return rnd.choice(moves)
        return EndTurn()


class HardBot(GameOfWarBot):
    level, title = "hard", "Hard"
    shortlist = 12      # moves scored with tactics after the quick evaluation
    danger = True       # weigh the enemy's attacks on the position left
    wander = 0.0        # chance of a random move instead of the best

    def best_attack(self, state: GameOfWarState, legal: list[Any]) -> tuple[Attack | None, int]:
        """The winning attack to make (destruction first, then the target's value), and its margin."""
        best, key, margin = None, None, 0
        seen: set[str] = set()
        for a in legal:
            if not isinstance(a, Attack) or a.target in seen:
                continue
            seen.add(a.target)
            c = combat(state.position, state.side, a.target)
            if c.margin >= 1:
                k = (c.margin >= 2, VALUE[state.position.unit(a.target).type], c.margin)
                if key is None or k > key:
                    best, key, margin = a, k, c.margin
        return best, margin

    def play(self, state: GameOfWarState, legal: list[Any], rnd: random.Random) -> Any:
        side, pos = state.side, state.position
        assert side is not None
        moves = [a for a in legal if isinstance(a, Move)]
        foe_arsenals = set(pos.arsenals.get(other_side(side), ()))
        for m in moves:
            if m.to in foe_arsenals:
                return m
        attack, margin = self.best_attack(state, legal)
        if moves and self.wander and rnd.random() < self.wander:
            return rnd.choice(moves)
        best_move, gain = None, 0.0
        if moves:
            base = evaluate(pos, side) + tactics(pos, side, self.danger)
            quick = sorted(((evaluate(pos.with_unit_at(m.unit, m.to), side), i, m) for i, m in enumerate(moves)),
                           key=lambda t: (-t[0], t[1]))[:self.shortlist]
            scored = [(q + tactics(pos.with_unit_at(m.unit, m.to), side, self.danger), -i, m) for q, i, m in quick]
            top, _, best_move = max(scored, key=lambda t: (t[0], t[1]))
            gain = top - base
        if attack is not None:
            if best_move is not None and gain > 0.5:
                after = pos.with_unit_at(best_move.unit, best_move.to)
                if after.has_unit(attack.target) and combat(after, side, attack.target).margin >= margin:
                    return best_move
            return attack
        if best_move is not None and gain > 0.05:
            return best_move
        return EndTurn()


class NormalBot(HardBot):
    level, title = "normal", "Normal"
    shortlist = 4
    danger = False
    wander = 0.15


_BOTS: dict[str, type[GameOfWarBot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A Game of War bot of ``level`` ("easy", "normal" or "hard"); raises ValueError for another level.

    >>> make_bot("hard", seed=4).level
    'hard'
    """
    if level not in _BOTS:
        raise ValueError(f"Unknown Game of War bot level {level!r}; choose one of {', '.join(LEVELS)}.")
    return _BOTS[level](seed)
