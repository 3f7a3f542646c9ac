"""Goals for Conquest lessons: small checks the engine makes after each of the learner's actions.

A lesson exercise names its goal as a small mapping in the lesson's front matter. "You" below is
the learner: the player to move in the exercise's start position. Territory, continent and player
names are read with the engine's name indexes, so ``Kamchatka``, ``kamchatka`` and ``Russia``
(an alias of Ukraine) all work.

Goal keys (several keys in one mapping must all be met):

- ``owns: T`` or ``owns: [T, ...]``: you hold every one of these territories, with armies in
  them (a territory just conquered counts once the armies have moved in).
- ``owns_continent: C``: you hold every territory of continent C.
- ``territories: n``: you hold n territories or more (with armies in them).
- ``armies: {T: n, ...}``: you hold T with at least n armies on it.
- ``moved_in: {T: n}``: after conquering T you moved at least n armies into it.
- ``phase: P``: it is your move in phase P (reinforce, attack, occupy, cashout, fortify, claim
  or place). The phases of a turn only go forward, so a passed phase is lost.
- ``action: "command"``: you made exactly this action, in Conquest notation (e.g.
  ``trade Alaska, Peru, Wild 1``). The first action of that kind you make must be this one.
- ``event: K``: the engine reported an event of kind K in this try. As a mapping,
  ``{kind: K, count: n, <data key>: value}`` needs n such events whose data match (``territory``,
  ``src``, ``dst``, ``bonus`` are territory names; ``player``, ``by`` are player names).
- ``reinforcements: n``: you have at least n armies left to place (after trading cards).
- ``reinforcements_placed: true``: every army you had to place is on the board.
- ``cards_at_most: n`` / ``cards_at_least: n``: you hold n cards or fewer / or more.
- ``sets_traded: n``: at least n sets have been traded in this game (the shared count).
- ``eliminated: P``: player P holds no territory any more.
- ``won: true``: the game is over and you won it.
- ``turn_over: true``: you acted and it is now another player's move.
- ``all: [goal, ...]`` / ``any: [goal, ...]``: every goal / at least one goal of the list is met.
- ``by_end_of: P``: a modifier; the other keys of this mapping must be met before phase P
  (reinforce, attack or fortify) is over, else the goal is lost.
- ``work_out: W`` or ``work_out: [W, ...]``: a modifier of the whole goal (its top mapping): the
  numbers the exercise asks the learner to work out, which the board's banner and panels then do not
  state (``worked_out``): ``reinforcements`` (how many armies there are to place) and ``set_value``
  (what the next set of cards is worth). The goal's own words leave its numbers out too.

Which goal fits which Rules section: set-up (``owns`` after a claim, ``armies`` + ``turn_over``),
a turn (``phase``), reinforcements and continent bonuses (``territories`` for the next turn's count, ``armies`` with ``by_end_of:
reinforce``, ``owns_continent``), cards (``action: trade ...``, ``reinforcements``,
``sets_traded``), attacking (``action: attack ...``, ``event: attack``), conquering
(``moved_in``, ``owns``), eliminating (``eliminated``, ``cards_at_most``), taking a card
(``event: draw``), fortifying (``armies``, ``event: fortify``), winning (``won``).

Event kinds: first_player, deal, claim, place, trade, attack, roll, conquer, occupy, eliminate,
win, phase, reshuffle, draw, fortify, turn.

A goal is checked after every action and gives a ``Verdict``: ``met``, ``open`` (still
reachable) or ``lost`` (out of reach this try, with the reason). Each goal knows the last phase
of the turn in which it can still happen (a conquest only in the attack phase, a fortification
only in the fortify phase); once the turn has moved past it the goal is lost.

Start positions are one-line positions (see notation.py) or, for set-up lessons,
``new game[, N players][, deal|claim|random][, adjacent]``: a fresh game whose chance steps
(first player, dealing) are resolved with the exercise's seed.

>>> s = start_state("Red to move, attack | Red: Ukraine 10 | Blue: Ural 1 | rest: Blue 1")
>>> goal = compile_goal({"owns": "Ural"}, s)
>>> goal.evaluate(Progress(s, s, 0, [], [])).status
'open'
"""
from __future__ import annotations


import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from academy.core.errors import InvalidNotation, RulesError
from academy.core.goals import MET, OPEN, Goal, GoalCompiler, GoalError, Verdict
from academy.core.goals import worked_out as core_worked_out
from academy.core.goals import AllOf as _All
from academy.core.goals import AnyOf as _Any
from academy.core.goals import join_words as _join
from academy.core.names import NameIndex
from academy.core.protocol import Event, NodeKind
from academy.core.text import count as _count

from . import notation, rules
from .actions import Claim, EndTurn, Fortify, TradeCards
from .game import ConquestGame
from .position import parse_position
from .state import ConquestState

__all__ = ["EVENT_KINDS", "GOAL_KEYS", "WORK_OUT", "Goal", "GoalError", "Progress", "Verdict", "compile_goal",
           "describe_goal", "next_step", "start_state", "worked_out"]

GOAL_KEYS = ("owns", "owns_continent", "territories", "armies", "moved_in", "phase", "action", "event", "reinforcements",
             "reinforcements_placed", "cards_at_most", "cards_at_least", "sets_traded", "eliminated", "won",
             "turn_over", "all", "any", "by_end_of", "work_out")
#: what ``work_out`` may name: the numbers a board can keep to itself while the learner works them out
WORK_OUT = ("reinforcements", "set_value")
EVENT_KINDS = ("first_player", "deal", "claim", "place", "trade", "attack", "roll", "conquer", "occupy",
               "eliminate", "win", "phase", "reshuffle", "draw", "fortify", "turn")
GOAL_PHASES = ("claim", "place", "reinforce", "attack", "occupy", "cashout", "fortify")
#: where a phase sits in a turn; set-up phases come before every turn phase
PHASE_RANK = {"first": -1, "deal": -1, "claim": -1, "place": -1, "random_place": -1, "reinforce": 0,
              "attack": 1, "battle": 1, "occupy": 1, "cashout": 1, "draw": 1, "fortify": 2, "over": 3}
#: the phase (by rank) after which an event of this kind cannot happen any more this turn
_EVENT_DEADLINE = {"place": 1, "trade": 1, "attack": 1, "roll": 1, "conquer": 1, "occupy": 1,
                   "eliminate": 1, "win": 1, "reshuffle": 1, "draw": 1, "fortify": 2, "turn": 2}
_EVENT_TEXT = {"first_player": "roll for the first player", "deal": "deal a territory",
               "claim": "claim a territory", "place": "place armies", "trade": "trade a set of cards",
               "attack": "attack", "roll": "roll the dice", "conquer": "conquer a territory",
               "occupy": "move armies into a conquered territory", "eliminate": "eliminate a player",
               "win": "win the game", "phase": "change phase",
               "reshuffle": "shuffle the discard pile into a new deck", "draw": "draw a card", "fortify": "fortify",
               "turn": "pass the turn"}
_TERRITORY_KEYS = ("territory", "src", "dst", "bonus")
_PLAYER_KEYS = ("player", "by")
_NEW_GAME = re.compile(r"\s*new\s+game\b\s*,?(.*)", re.IGNORECASE | re.DOTALL)


# ============================================================================ data
@dataclass
class Progress:
    """What a goal is checked against: the start and current states, the learner, this try so far."""

    start: ConquestState
    state: ConquestState
    learner: int
    actions: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


# ============================================================================ start positions
def start_state(position: str, seed: int = 1) -> ConquestState:
    """The state an exercise starts from; raises RulesError (InvalidNotation, IllegalAction) for a bad one.

    ``position`` is a one-line position or ``new game[, N players][, deal|claim|random][, adjacent]``.

    >>> start_state("new game, 3 players, claim", seed=3).phase
    'claim'
    """
    if not isinstance(position, str):
        raise InvalidNotation("bad_position", f"A position is a line of text, not {type(position).__name__}.")
    m = _NEW_GAME.fullmatch(position)
    if not m:
        return parse_position(position, seed=seed)
    options: dict[str, Any] = {}
    for part in [p.strip().lower() for p in m.group(1).split(",") if p.strip()]:
        if n := re.fullmatch(r"(\d+)\s+players?", part):
            options["players"] = int(n.group(1))
        elif part in ("deal", "claim", "random"):
            options["setup"] = part
        elif part in ("adjacent", "connected", "fortify adjacent", "fortify connected"):
            options["fortify"] = part.split()[-1]
        else:
            raise InvalidNotation("bad_position", f"{part!r} is not a new-game option; write e.g. "
                                                  "'new game, 3 players, claim' (deal, claim or random; adjacent).")
    state = ConquestGame(**options).new_initial_state(seed)
    state.settle()
    return state


def next_step(state: ConquestState) -> str:
    """One sentence on what the player to move can do now (the engine's phase hint, without the armies to
    place: a lesson's side panel shows them, unless the exercise asks the learner to work them out)."""
    return rules.phase_hint(state, counts=False)


def worked_out(spec: Any) -> frozenset[str]:
    """The numbers a goal mapping asks the learner to work out (its ``work_out``; see ``WORK_OUT``);
    raises GoalError for a value that is not one of them.

    >>> sorted(worked_out({"armies": {"Siam": 7}, "work_out": "reinforcements"}))
    ['reinforcements']
    """
    return core_worked_out(spec, WORK_OUT)


# ============================================================================ goals
@dataclass
class _Leaf(Goal):
    """One check with the last phase (rank) of the turn in which it can still become true."""

    text: str
    check: Callable[[Progress], bool]
    deadline: int | None = None
    lost: Callable[[Progress], str] | None = None

    def evaluate(self, p: Progress) -> Verdict:
        if self.check(p):
            return MET
        if self.lost is not None and (why := self.lost(p)):
            return Verdict("lost", why)
        s = p.state
        if self.deadline is not None and s.to_move() == p.learner and PHASE_RANK.get(s.phase, 0) > self.deadline:
            return Verdict("lost", f"The {_phase_named(self.deadline)} phase is over, and the goal ({self.text}) "
                                   "can no longer be reached this turn: a turn's phases only go forward.")
        return OPEN


def _phase_named(rank: int) -> str:
    return {-1: "set-up", 0: "reinforcement", 1: "attack", 2: "fortification"}.get(rank, "turn")


class _Compiler(GoalCompiler):
    """Turns a goal mapping into Goal objects, resolving names against the start state."""

    def __init__(self, state: ConquestState) -> None:
        self.state = state
        self.game = state.game
        self.learner = state.to_move()
        self.territories = notation.territory_index(self.game)
        self.players = notation.player_index(self.game)
        cmap = self.game.map
        self.continents = NameIndex({c.id: (c.name,) for c in cmap.continents.values()}, "continent")
        self.hidden: frozenset[str] = frozenset()     # the goal's work_out: numbers its words leave out

    # --- names -----------------------------------------------------------------------------
    def _resolve(self, index: NameIndex, value: Any, path: Sequence[Any]) -> str:
        if not isinstance(value, str) or not value.strip():
            raise GoalError(f"expected a {index.kind} name, got {value!r}", path)
        try:
            return index.resolve(value)
        except RulesError as exc:
            raise GoalError(str(exc), path) from None

    def territory(self, value: Any, path: Sequence[Any]) -> str:
        return self._resolve(self.territories, value, path)

    def player(self, value: Any, path: Sequence[Any]) -> int:
        return int(self._resolve(self.players, value, path))

    def name(self, territory: str) -> str:
        return self.game.map.name_of(territory)

    @staticmethod
    def number(value: Any, path: Sequence[Any], least: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise GoalError(f"expected a whole number of at least {least}, got {value!r}", path)
        return value

    @staticmethod
    def true(value: Any, path: Sequence[Any], key: str) -> None:
        if value is not True:
            raise GoalError(f"'{key}' takes the value true (got {value!r})", path)

    # --- mappings --------------------------------------------------------------------------
    def goal(self, spec: Any, path: Sequence[Any] = ()) -> Goal:
        if not isinstance(spec, Mapping) or not spec:
            raise GoalError("a goal is a mapping such as {owns: Kamchatka}", path)
        deadline = None
        if "by_end_of" in spec:
            phase = spec["by_end_of"]
            if phase not in ("reinforce", "attack", "fortify"):
                raise GoalError(f"by_end_of takes reinforce, attack or fortify, not {phase!r}", (*path, "by_end_of"))
            deadline = PHASE_RANK[phase]
        if "work_out" in spec:
            if path:
                raise GoalError("work_out belongs to the goal's top mapping, beside its other keys",
                                (*path, "work_out"))
            self.hidden = worked_out(spec)
        parts = []
        for key, value in spec.items():
            if key in ("by_end_of", "work_out"):
                continue
            if key not in GOAL_KEYS:
                close = difflib.get_close_matches(str(key), GOAL_KEYS, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise GoalError(f"unknown goal key {key!r}{hint}; goal keys are: {', '.join(GOAL_KEYS)}",
                                (*path, key))
            parts.append(getattr(self, f"_{key}")(value, (*path, key)))
        if not parts:
            raise GoalError("by_end_of and work_out need another goal key beside them", path)
        if deadline is not None:
            for leaf in _leaves(parts):
                leaf.deadline = deadline
        return self.combine(parts)

    # --- leaves ----------------------------------------------------------------------------
    def _owns(self, value: Any, path: Sequence[Any]) -> Goal:
        items = value if isinstance(value, list) else [value]
        if not items:
            raise GoalError("name at least one territory", path)
        ts = [self.territory(v, (*path, i) if isinstance(value, list) else path) for i, v in enumerate(items)]
        me = self.learner

        def check(p: Progress) -> bool:
            return all(p.state.owner[t] == me and p.state.armies[t] > 0 for t in ts)
        return _Leaf(f"hold {_join([self.name(t) for t in ts])}", check, deadline=1)

    def _owns_continent(self, value: Any, path: Sequence[Any]) -> Goal:
        cid = self._resolve(self.continents, value, path)
        continent = self.game.map.continents[cid]
        me = self.learner

        def check(p: Progress) -> bool:
            return all(p.state.owner[t] == me and p.state.armies[t] > 0 for t in continent.territories)
        return _Leaf(f"hold all of {continent.name}", check, deadline=1)

    def _territories(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, least=1)
        me = self.learner

        def check(p: Progress) -> bool:
            return sum(1 for t, o in p.state.owner.items() if o == me and p.state.armies[t] > 0) >= n
        return _Leaf(f"hold {_count(n, 'territory')} or more", check, deadline=1)

    def _territory_numbers(self, value: Any, path: Sequence[Any]) -> dict[str, int]:
        if not isinstance(value, Mapping) or not value:
            raise GoalError("expected a mapping of territories to numbers, e.g. {Ukraine: 8}", path)
        return {self.territory(t, (*path, t)): self.number(n, (*path, t), least=1) for t, n in value.items()}

    def _armies(self, value: Any, path: Sequence[Any]) -> Goal:
        want = self._territory_numbers(value, path)
        me = self.learner

        def check(p: Progress) -> bool:
            return all(p.state.owner[t] == me and p.state.armies[t] >= n for t, n in want.items())
        text = _join([f"{_count(n, 'army')} or more on {self.name(t)}" for t, n in want.items()])
        hidden = "reinforcements" in self.hidden
        if hidden:              # the armies wanted would tell the armies to place
            text = f"the armies the exercise asks for on {_join([self.name(t) for t in want])}"
        name = self.name

        def lost(p: Progress) -> str:
            """Out of reach before the reinforcement phase is over: too few armies left to place."""
            s = p.state
            if leaf.deadline != PHASE_RANK["reinforce"] or s.to_move() != me or s.phase != "reinforce":
                return ""
            if any(isinstance(a, TradeCards) for a in s.legal_actions(me)):
                return ""           # a trade may still bring more armies
            short = {t: n - s.armies[t] for t, n in want.items() if s.owner[t] == me and s.armies[t] < n}
            if sum(short.values()) <= s.reinforcements:
                return ""
            if hidden:
                where = _join([f"{name(t)} has {_count(s.armies[t], 'army')}" for t in short])
                return (f"{where}, and the armies you have left to place cannot make up what is missing, so "
                        "this exercise can no longer be solved in this try.")
            where = _join([f"{name(t)} has {_count(s.armies[t], 'army')} (the goal is {want[t]})" for t in short])
            return (f"{where}, and you have only {_count(s.reinforcements, 'army')} left to place, so this "
                    "exercise can no longer be solved in this try.")
        leaf = _Leaf(f"have {text}", check, deadline=2, lost=lost)
        return leaf

    def _moved_in(self, value: Any, path: Sequence[Any]) -> Goal:
        want = self._territory_numbers(value, path)
        name = self.name

        def moves(p: Progress, t: str) -> list[int]:
            return [e.data["armies"] for e in p.events if e.kind == "occupy" and e.data.get("dst") == t]

        def check(p: Progress) -> bool:
            return all(any(k >= n for k in moves(p, t)) for t, n in want.items())

        def lost(p: Progress) -> str:
            for t, n in want.items():
                done = moves(p, t)
                if done and max(done) < n:
                    return (f"You moved {_count(max(done), 'army')} into {name(t)}; the exercise asked for "
                            f"{n} or more. After a conquest you may move more than the dice you rolled.")
                occ = p.state.occupy
                if p.state.phase == "occupy" and occ and occ["dst"] == t and p.state.armies[occ["src"]] - 1 < n:
                    left = p.state.armies[occ["src"]]
                    return (f"{name(occ['src'])} has only {_count(left, 'army')} left, and one must stay "
                            f"behind, so {n} cannot move into {name(t)}.")
            return ""
        text = _join([f"move {_count(n, 'army')} or more into {self.name(t)}" for t, n in want.items()])
        return _Leaf(text, check, deadline=1, lost=lost)

    def _phase(self, value: Any, path: Sequence[Any]) -> Goal:
        if value not in GOAL_PHASES:
            raise GoalError(f"phase takes one of {', '.join(GOAL_PHASES)}, not {value!r}", path)
        me, rank = self.learner, PHASE_RANK[value]
        title = rules.phase_title(value)

        def check(p: Progress) -> bool:
            return p.state.phase == value and p.state.to_move() == me
        return _Leaf(f"reach the {title} phase", check, deadline=rank)

    def _action(self, value: Any, path: Sequence[Any]) -> Goal:
        if not isinstance(value, str):
            raise GoalError(f"an action goal is a command in Conquest notation, got {value!r}", path)
        try:
            want = self.game.parse_action(value, self.state)
        except RulesError as exc:
            raise GoalError(f"the action {value!r} does not parse: {exc}", path) from None
        key = _action_key(want)
        shown = self.game.format_action(want, self.state)
        deadline = 2 if isinstance(want, (Fortify, EndTurn)) else (-1 if isinstance(want, Claim) else 1)

        def check(p: Progress) -> bool:
            return any(_action_key(a) == key for a in p.actions)

        def lost(p: Progress) -> str:
            other = next((a for a in p.actions if type(a) is type(want)), None)
            if other is not None and _action_key(other) != key:
                played = p.state.game.format_action(other, p.state)
                return f"You played \"{played}\"; the exercise asked for \"{shown}\"."
            return ""
        return _Leaf(f"play \"{shown}\"", check, deadline=deadline, lost=lost)

    def _event(self, value: Any, path: Sequence[Any]) -> Goal:
        spec = {"kind": value} if isinstance(value, str) else value
        if not isinstance(spec, Mapping) or "kind" not in spec:
            raise GoalError("an event goal is a kind (event: conquer) or a mapping with 'kind'", path)
        kind = spec["kind"]
        kpath = path if isinstance(value, str) else (*path, "kind")
        if kind not in EVENT_KINDS:
            close = difflib.get_close_matches(str(kind), EVENT_KINDS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise GoalError(f"unknown event kind {kind!r}{hint}; kinds are: {', '.join(EVENT_KINDS)}", kpath)
        count = self.number(spec.get("count", 1), (*path, "count"), least=1)
        match: dict[str, Any] = {}
        for k, v in spec.items():
            if k in ("kind", "count"):
                continue
            if k in _TERRITORY_KEYS:
                match[k] = self.territory(v, (*path, k))
            elif k in _PLAYER_KEYS:
                match[k] = self.player(v, (*path, k))
            elif isinstance(v, (str, int)) and not isinstance(v, bool):
                match[k] = v
            else:
                raise GoalError(f"event data {k!r} must be a name or a number, got {v!r}", (*path, k))

        def hits(p: Progress) -> int:
            return sum(1 for e in p.events if e.kind == kind and all(e.data.get(k) == v for k, v in match.items()))

        def check(p: Progress) -> bool:
            return hits(p) >= count
        shown = [self.name(v) if k in _TERRITORY_KEYS else self.game.player_name(v) if k in _PLAYER_KEYS
                 else f"{k} {v}" for k, v in match.items()]
        text = _EVENT_TEXT[kind] + (f" ({', '.join(shown)})" if shown else "")
        text += f", {count} times" if count > 1 else ""
        return _Leaf(text, check, deadline=_EVENT_DEADLINE.get(kind))

    def _reinforcements(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, least=1)
        me = self.learner

        def check(p: Progress) -> bool:
            s = p.state
            return s.to_move() == me and s.phase in ("reinforce", "cashout") and s.reinforcements >= n
        deadline = 0 if self.state.phase == "reinforce" else 1
        return _Leaf(f"have {_count(n, 'army')} or more to place", check, deadline=deadline)

    def _reinforcements_placed(self, value: Any, path: Sequence[Any]) -> Goal:
        self.true(value, path, "reinforcements_placed")
        me = self.learner

        def check(p: Progress) -> bool:
            s = p.state
            return s.current == me and PHASE_RANK.get(s.phase, -1) >= 1 and s.phase != "cashout"
        return _Leaf("place every army you had to place", check)

    def _cards_at_most(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path)
        me = self.learner
        return _Leaf(f"hold {_count(n, 'card')} or fewer", lambda p: len(p.state.hands[me]) <= n, deadline=1)

    def _cards_at_least(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, least=1)
        me = self.learner
        return _Leaf(f"hold {_count(n, 'card')} or more", lambda p: len(p.state.hands[me]) >= n, deadline=2)

    def _sets_traded(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, least=1)
        return _Leaf(f"bring the sets traded to {n}", lambda p: p.state.sets_traded >= n, deadline=1)

    def _eliminated(self, value: Any, path: Sequence[Any]) -> Goal:
        who = self.player(value, path)
        if who == self.learner:
            raise GoalError("the learner cannot be asked to eliminate themselves", path)
        if who < 0:
            raise GoalError("the neutral side is never eliminated; name a player", path)
        shown = self.game.player_name(who)
        return _Leaf(f"eliminate {shown}", lambda p: p.state.is_eliminated(who), deadline=1)

    def _won(self, value: Any, path: Sequence[Any]) -> Goal:
        self.true(value, path, "won")
        me = self.learner
        return _Leaf("win the game", lambda p: p.state.is_terminal() and p.state.winner() == me, deadline=1)

    def _turn_over(self, value: Any, path: Sequence[Any]) -> Goal:
        self.true(value, path, "turn_over")
        me = self.learner
        return _Leaf("finish your turn", lambda p: bool(p.actions) and p.state.to_move() != me)


def _leaves(goals: list[Goal]) -> list[_Leaf]:
    out: list[_Leaf] = []
    for g in goals:
        if isinstance(g, _Leaf):
            out.append(g)
        elif isinstance(g, (_All, _Any)):
            out += _leaves(g.parts)
    return out


def _action_key(action: Any) -> Any:
    if isinstance(action, TradeCards):
        return ("trade", tuple(sorted(action.cards)), action.bonus)
    return action


def compile_goal(spec: Any, state: ConquestState) -> Goal:
    """Read a goal mapping against a start state; raises GoalError (with the path to the bad part).

    The learner is the player to move in ``state``.
    """
    if state.node_kind() is not NodeKind.DECISION:
        raise GoalError("the start position has nobody to move, so there is no learner")
    return _Compiler(state).goal(spec)


def describe_goal(spec: Any, state: ConquestState) -> str:
    """The goal in words, e.g. "hold Kamchatka"; raises GoalError like compile_goal."""
    return compile_goal(spec, state).text
