"""Goals for Fronts lessons: what the engine checks once the learner's orders for a turn are resolved.

An exercise starts from a lesson position: a Fronts position line (notation.py) with a few parts of
its own in front, separated by ``;`` like the rest::

    Red to order; map: duel; Red 10: 3 infantry Millbrook; Blue 10: 2 infantry Westmere;
    neutral: none; Blue orders: 2 infantry Westmere -> Millbrook

- ``Red to order`` (first) names the learner, the player whose orders the exercise asks for;
- ``map: crossroads``, ``players: 4``, ``mode: ffa`` choose the game (default: the duel map, as many
  players as the map has, teams); the game has no turn limit;
- ``Blue orders: ...`` gives another player's orders for the first turn, separated by ``,``
  (the scenario the learner plays against; say it in the text). Players without orders hold, and
  after the first turn every other player holds.

The learner's orders for a turn are **one action**: a list of order texts or one text with the orders
separated by ``;``, ``,`` or new lines (``3 infantry Millbrook -> Westmere; Northgate hold``), optionally
after ``Red:``. Stacks without an order hold. The turn then resolves (battles drawn with the
exercise's seed) and the goal is checked.

A goal is **met** as soon as it holds after a resolved turn; it is **lost** (with the reason) when it
does not hold once ``within`` turns have resolved (default 1: the first turn decides). "You" is the
learner; provinces are the map's names (any case, unique beginnings, aliases).

Goal keys (several keys in one mapping must all be met):

- ``owns: X`` (or a list): the province is yours after the turn (take it, or keep it).
- ``holds: X`` (or a list): the province is yours and a ground stack of yours stands in it.
- ``units_in: {X: n}`` or ``{X: {armor: 2}}``: you have at least that many units (of those types) in X.
- ``destroyed: X``: the enemy (or neutral) stack that stood in X at the start is gone: its units were
  destroyed, not driven back.
- ``won_battle: X``: your side won a battle in X (a border clash on a border of X counts).
- ``clash: X``: your side won a border clash on a border of X (armies swapping places).
- ``win_chance: {X: 0.8}``: your side fought in X with at least that chance of winning (the odds the
  engine drew the battle from: S_i² ÷ Σ S_j²).
- ``strength: {X: 10}``: your side's strength in a battle in X was at least that.
- ``supported: X``: your artillery or planes added to a battle in X.
- ``lost_at_most: n``: you lost n units or fewer this try (builds not counted).
- ``supplied: X``: your stack in X is in supply after the turn.
- ``out_of_supply: X``: a stack in X (anybody's) is out of supply after the turn.
- ``funds: n``: you have at least n in funds after the turn.
- ``paid: n``: your income this turn was at least n.
- ``built: X`` (or a list): a build of yours appeared in X.
- ``sees: X``: after the turn you see exact counts of an enemy stack in X (fog).
- ``knocked_out: Blue``: that player is out of the game.
- ``won: true``: the game is over and your team won it.
- ``all: [goal, ...]`` / ``any: [goal, ...]``: every goal / at least one goal of the list is met.
- ``within: n`` (top level only): the goal must be met within n turns (default 1).

Which goal fits which section of fronts.md: turn order (``owns``, ``clash``), units and movement
(``owns``, ``units_in``), artillery and air (``supported``, ``win_chance``), battles and odds
(``win_chance``, ``strength``, ``won_battle``, ``lost_at_most``, ``destroyed``), defense bonuses
(``win_chance``, ``supplied``, ``out_of_supply``), leaving a city (``owns``, ``holds``), income
(``funds``, ``paid``, ``built``), fog (``sees``), neutral cities (``destroyed``, ``owns``), goal
(``won``, ``knocked_out``).

>>> s = start_state("Red to order; Red 10: 3 infantry Millbrook; Blue 10: 2 infantry Saltmarsh; neutral: none")
>>> start, me = s.clone(), learner_of(s)
>>> goal = compile_goal({"owns": "Westmere"}, s)
>>> goal.text, goal.evaluate(Progress(start, s, me)).status
('own Westmere', 'open')
>>> _, events = play(s, me, "3 infantry Millbrook -> Westmere")
>>> goal.evaluate(Progress(start, s, me)).status
'met'
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from academy.core.errors import IllegalAction, InvalidNotation, RulesError
from academy.core.goals import MET, OPEN, Goal, GoalCompiler, GoalError, Verdict
from academy.core.goals import join_words as _join
from academy.core.protocol import Event
from academy.core.record import Record
from academy.core.text import count, percent

from .actions import SubmitOrders
from .board import NEUTRAL, ground, size
from .fog import visible_stacks
from .game import FrontsGame, game_options
from .notation import parse_position
from .orders import parse_order
from .state import FrontsState
from .units import LOSS_ORDER, unit_type

__all__ = ["GOAL_KEYS", "Goal", "GoalError", "LessonState", "Progress", "Verdict", "compile_goal", "learner_lines",
           "describe_goal", "fixed_orders_of", "learner_of", "narrate", "next_step", "play", "split_orders",
           "start_state"]

GOAL_KEYS = ("owns", "holds", "units_in", "destroyed", "won_battle", "clash", "win_chance", "strength",
             "supported", "lost_at_most", "supplied", "out_of_supply", "funds", "paid", "built", "sees",
             "knocked_out", "won", "all", "any", "within")

_TO_ORDER = re.compile(r"^\s*(\w+)\s+to\s+order\s*$", re.IGNORECASE)


# ============================================================================ data
class LessonState(FrontsState):
    """A Fronts game started from a lesson position: it knows the learner and the others' fixed orders
    (already submitted for the first turn)."""

    learner: str | None = None
    fixed_orders: dict[str, tuple[str, ...]] = {}


@dataclass
class Progress:
    """What a goal is checked against: the start and current states, the learner, this try so far."""

    start: FrontsState
    state: FrontsState
    learner: int
    actions: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def turns(self) -> int:
        """How many turns have resolved in this try."""
        return self.state.board.turn - self.start.board.turn

    @property
    def pid(self) -> str:
        return self.start.board.players[self.learner]

    @property
    def name(self) -> str:
        return self.start.fmap.players[self.pid].name


# ============================================================================ playing a lesson
def start_state(position: str, seed: int = 1) -> LessonState:
    """The state an exercise starts from, the other players' fixed orders submitted.

    Raises RulesError (InvalidNotation for a part not understood, IllegalAction for a refused order
    or a bad game option).
    """
    if not isinstance(position, str):
        raise InvalidNotation("bad_position", f"A position is a line of text, not {type(position).__name__}.")
    parts = [p.strip() for p in position.split(";") if p.strip()]
    learner: str | None = None
    orders: dict[str, str] = {}
    rest: list[str] = []
    for i, part in enumerate(parts):
        m = _TO_ORDER.match(part)
        head, sep, body = part.partition(":")
        key = head.strip().lower()
        if m and i == 0:
            learner = m.group(1)
        elif sep and key.endswith(" orders"):
            orders[key[:-len(" orders")].strip()] = body
        else:
            rest.append(part)
    options, rest = game_options(rest)
    game = FrontsGame(turns=None, **options)
    state = LessonState(game, Record(game, seed), parse_position("; ".join(rest), game))
    state.record.start = state.to_json()
    state.learner = game._player(learner) if learner else None
    fixed: dict[str, tuple[str, ...]] = {}
    for who, text in orders.items():
        pid = game._player(who)
        if pid == state.learner:
            raise InvalidNotation("bad_position", f"'{who} orders' gives orders to the learner; the learner's "
                                                  "orders are the exercise.")
        fixed[pid] = state.validate_orders(pid, split_orders(text))
    state.fixed_orders = fixed
    for i in state.players_to_act():
        pid = state.board.players[i]
        if pid != state.learner:
            state.submit(pid, list(fixed.get(pid, ())))
    return state


def learner_lines(position: str) -> dict[str, str]:
    """{player: the position line with that player to order} for each player still in the game (their fixed
    orders, if the line gave any, left out: their orders are the exercise). Raises RulesError."""
    parts = [p.strip() for p in position.split(";") if p.strip()]
    if parts and _TO_ORDER.match(parts[0]):
        parts = parts[1:]
    state = start_state("; ".join(parts))
    out = {}
    for pid in state.board.active():
        name = state.fmap.players[pid].name
        kept = [p for p in parts if p.partition(":")[0].strip().lower() != f"{name.lower()} orders"]
        out[name] = "; ".join([f"{name} to order", *kept])
    return out


def learner_of(state: FrontsState) -> int | None:
    """The learner's player index: the position's "X to order" player (None when there is none)."""
    pid = getattr(state, "learner", None)
    if not pid or pid not in state.board.players or pid not in state.board.active():
        return None
    return state.player_index(pid)


def fixed_orders_of(state: FrontsState) -> dict[str, tuple[str, ...]]:
    """The other players' orders the lesson position gives for this turn (to show beside the board)."""
    return dict(state.pending) if state.pending and getattr(state, "learner", None) else {}


def split_orders(orders: Any) -> list[str]:
    """The order texts of one submission: a list of texts, or one text separated by ';', ',' or new lines."""
    if isinstance(orders, str):
        return [t.strip() for t in re.split(r"[;,\n]", orders) if t.strip()]
    return [t.strip() for item in orders for t in split_orders(str(item))]


def play(state: FrontsState, learner: int, action: Any) -> tuple[SubmitOrders, list[Event]]:
    """Submit the learner's orders for the turn (one action); the others' orders are in (their fixed
    orders, or holds); resolve the turn. Raises RulesError (the state unchanged) for a refused order.
    Returns the recorded submission and the events (submission, battles, captures, supply, income,
    builds, each player's order results, the new turn)."""
    pid = state.board.players[learner]
    if isinstance(action, str) and re.match(r"^\s*[A-Za-z]+\s*:", action):
        action = state.game.parse_action(action, state)
    if isinstance(action, SubmitOrders):
        if action.player != pid:
            raise IllegalAction("not_your_player", f"You play {state.fmap.players[pid].name} in this exercise: "
                                                   "give orders only for your own stacks.")
        texts = list(action.orders)
    elif isinstance(action, (str, list, tuple)):
        texts = split_orders(action)
    else:
        raise IllegalAction("not_an_action", f"{action!r} is not a set of orders; write them like "
                                             "'3 infantry Millbrook -> Westmere; Northgate hold'.")
    canon = state.validate_orders(pid, texts)
    events = state.submit(pid, list(canon))
    for i in state.waiting():
        state.submit(i, [])
    return SubmitOrders(pid, canon), events + state.resolve_step()


_TOLD = ("battle", "capture", "planes_lost", "supply", "income", "build", "knocked_out", "out", "game_over")


def narrate(events: Sequence[Event]) -> str:
    """The resolution in words, as the learner may see it: each battle with its report, what changed
    hands, supply, income and builds, then the outcome of each of the learner's orders."""
    me = next((e.data.get("player") for e in events if e.kind == "submitted"), None)
    team = None
    lines: list[str] = []
    for e in events:
        if e.kind == "orders" and e.data.get("player") == me:
            lines.append("Your orders: " + "; ".join(f"{a} → {b}" for a, b in e.data.get("results", [])))
        elif e.kind in _TOLD:
            seen = e.data.get("visible_to")
            if seen is not None and team is None and me is not None:
                team = _team_of(events, me)
            if seen is None or team is None or team in seen:
                lines.append(e.text)
                if e.kind == "battle":
                    lines += _battle_lines(e)
    return "\n".join(lines)


def _battle_lines(e: Event) -> list[str]:
    """A battle in two short lines: each side's strength and chance, then why the winner won."""
    roles = {"attacker": "moving in", "defender": "there"}
    sides = "; ".join(f"{s['name']} ({roles.get(s['role'], s['role'])}) strength {s['strength']:.4g}, "
                      f"{percent(s['chance'], 0)} to win, lost {_units_words(s['lost'])}" for s in e.data.get("sides", []))
    won = next((w for w in e.why if " won (" in w or " won against the odds" in w), "")
    return [f"  · {sides}"] + ([f"  · {won}"] if won else [])


def _team_of(events: Sequence[Event], pid: str) -> str | None:
    for e in events:
        if e.kind in ("orders", "income") and e.data.get("player") == pid and e.data.get("visible_to"):
            return str(e.data["visible_to"][0])
    return None


def next_step(state: FrontsState) -> str:
    """One sentence on what the learner can do now."""
    pid = getattr(state, "learner", None)
    if state.result:
        return f"The game is over: {state.result['text']}"
    who = state.fmap.players[pid].name if pid else "your side"
    return (f"Write {who}'s orders for turn {state.board.turn}, e.g. '2 infantry Millbrook -> Westmere'; "
            "stacks without an order hold.")


# ============================================================================ goals
@dataclass
class _Leaf(Goal):
    """One check after a resolved turn; lost once ``within`` turns resolved without it (``why_not``)."""

    text: str
    check: Callable[[Progress], bool]
    why_not: Callable[[Progress], str]
    within: int = 1

    def evaluate(self, p: Progress) -> Verdict:
        if p.turns <= 0:
            return OPEN
        if self.check(p):
            return MET
        if p.turns >= self.within or p.state.is_terminal():
            return Verdict("lost", self.why_not(p))
        return OPEN


def _units_words(units: Mapping[str, int]) -> str:
    parts = [f"{n} {k}" for k, n in ((k, units.get(k, 0)) for k in LOSS_ORDER) if n]
    return " ".join(parts) if parts else "nothing"


def _is_mine(side_name: str, name: str) -> bool:
    return name in side_name.split(" + ")


class _Compiler(GoalCompiler):
    """Turns a goal mapping into Goal objects, resolving provinces and players against the start state."""

    def __init__(self, state: FrontsState, learner: str, within: int = 1) -> None:
        self.state = state
        self.fmap = state.fmap
        self.board = state.board
        self.learner = learner
        self.team = state.board.teams[learner]
        self.name_ = state.fmap.players[learner].name
        self.within = within

    # --- names and values ------------------------------------------------------------------
    def province(self, value: Any, path: Sequence[Any]) -> str:
        if not isinstance(value, str) or not value.strip():
            raise GoalError(f"expected a province such as Westmere, got {value!r}", path)
        try:
            return self.fmap.resolve(value)
        except RulesError as exc:
            raise GoalError(str(exc), path) from None

    def provinces(self, value: Any, path: Sequence[Any]) -> list[str]:
        if isinstance(value, list):
            if not value:
                raise GoalError("expected a province or a list of provinces, got an empty list", path)
            return [self.province(v, (*path, i)) for i, v in enumerate(value)]
        return [self.province(value, path)]

    def name(self, p: str) -> str:
        return self.fmap.name_of(p)

    @staticmethod
    def number(value: Any, path: Sequence[Any], least: float = 0, whole: bool = True) -> Any:
        ok = isinstance(value, int) if whole else isinstance(value, (int, float))
        if isinstance(value, bool) or not ok or value < least:
            kind = "a whole number" if whole else "a number"
            raise GoalError(f"expected {kind} of at least {least}, got {value!r}", path)
        return value

    def by_province(self, value: Any, path: Sequence[Any], example: str) -> dict[str, Any]:
        if not isinstance(value, Mapping) or not value:
            raise GoalError(f"expected a mapping from provinces to values, e.g. {example}", path)
        return {self.province(str(k), (*path, k)): v for k, v in value.items()}

    def leaf(self, text: str, check: Callable[[Progress], bool], why_not: Callable[[Progress], str]) -> Goal:
        return _Leaf(text, check, why_not, self.within)

    # --- what the board shows after the turn -----------------------------------------------
    def _now(self, p: Progress, prov: str) -> str:
        """Who owns ``prov`` and which stacks stand in it, in words."""
        b = p.state.board
        owner = b.owners.get(prov)
        stacks = b.stacks_in(prov)
        who = "nobody" if owner is None else ("you" if owner == self.learner else self.fmap.players[owner].name)
        there = "; ".join(f"{'neutral' if o == NEUTRAL else self.fmap.players[o].name} {_units_words(u)}"
                          for o, u in sorted(stacks.items())) or "no stack"
        return f"After the turn {self.name(prov)} belongs to {who} ({there})."

    def _battles(self, p: Progress, prov: str, border: bool | None = None) -> list[Event]:
        out = []
        for e in p.events:
            if e.kind != "battle":
                continue
            seen = e.data.get("visible_to")
            if seen is not None and self.team not in seen:
                continue          # a battle the learner's side may not see (fog)
            b = e.data.get("border")
            if (e.data.get("province") == prov or (b and prov in b)) and (border is None or bool(b) == border):
                out.append(e)
        return out

    def _battle_words(self, p: Progress, prov: str, border: bool | None = None) -> str:
        found = self._battles(p, prov, border)
        if not found:
            what = "border clash on a border of" if border else "battle in"
            return f"There was no {what} {self.name(prov)}."
        return " ".join(e.text for e in found)

    def _my_sides(self, p: Progress, prov: str) -> list[dict[str, Any]]:
        return [s for e in self._battles(p, prov) for s in e.data.get("sides", []) if _is_mine(s["name"], self.name_)]

    # --- mappings --------------------------------------------------------------------------
    def goal(self, spec: Any, path: Sequence[Any] = ()) -> Goal:
        if not isinstance(spec, Mapping) or not spec:
            raise GoalError("a goal is a mapping such as {owns: Westmere}", path)
        parts = []
        for key, value in spec.items():
            if key not in GOAL_KEYS:
                close = difflib.get_close_matches(str(key), GOAL_KEYS, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise GoalError(f"unknown goal key {key!r}{hint}; goal keys are: {', '.join(GOAL_KEYS)}",
                                (*path, key))
            if key == "within":
                if path:
                    raise GoalError("'within' goes at the top of the goal, not inside 'all' or 'any'", (*path, key))
                continue
            parts.append(getattr(self, f"_{key}")(value, (*path, key)))
        if not parts:
            raise GoalError("'within' needs a goal beside it, e.g. {owns: Westmere, within: 2}", path)
        return self.combine(parts)

    # --- land ------------------------------------------------------------------------------
    def _owns(self, value: Any, path: Sequence[Any]) -> Goal:
        provs = self.provinces(value, path)

        def check(p: Progress) -> bool:
            return all(p.state.board.owners.get(x) == self.learner for x in provs)

        def why_not(p: Progress) -> str:
            return " ".join(self._now(p, x) for x in provs if p.state.board.owners.get(x) != self.learner)
        return self.leaf(f"own {_join([self.name(x) for x in provs])}", check, why_not)

    def _holds(self, value: Any, path: Sequence[Any]) -> Goal:
        provs = self.provinces(value, path)

        def ok(p: Progress, x: str) -> bool:
            b = p.state.board
            return b.owners.get(x) == self.learner and size(ground(b.stack_of(self.learner, x))) > 0

        def why_not(p: Progress) -> str:
            return " ".join(self._now(p, x) for x in provs if not ok(p, x))
        return self.leaf(f"hold {_join([self.name(x) for x in provs])} with a ground stack",
                         lambda p: all(ok(p, x) for x in provs), why_not)

    def _units_in(self, value: Any, path: Sequence[Any]) -> Goal:
        want: dict[str, dict[str, int] | int] = {}
        for prov, v in self.by_province(value, path, "{Westmere: 3} or {Westmere: {armor: 2}}").items():
            where = (*path, next(k for k in value if self.fmap.resolve(str(k)) == prov))
            if isinstance(v, Mapping):
                kinds: dict[str, int] = {}
                for k, n in v.items():
                    try:
                        kind = unit_type(str(k)).id
                    except RulesError as exc:
                        raise GoalError(str(exc), (*where, k)) from None
                    kinds[kind] = self.number(n, (*where, k), 1)
                want[prov] = kinds
            else:
                want[prov] = self.number(v, where, 1)

        def ok(p: Progress, prov: str) -> bool:
            have = p.state.board.stack_of(self.learner, prov)
            w = want[prov]
            if isinstance(w, int):
                return size(have) >= w
            return all(have.get(k, 0) >= n for k, n in w.items())

        def why_not(p: Progress) -> str:
            return " ".join(f"You have {_units_words(p.state.board.stack_of(self.learner, x))} in {self.name(x)}."
                            for x in want if not ok(p, x))

        def words(prov: str) -> str:
            w = want[prov]
            n = count(w, "unit") if isinstance(w, int) else _units_words(w)
            return f"{n} in {self.name(prov)}"
        return self.leaf(f"have {_join([words(x) for x in want])}", lambda p: all(ok(p, x) for x in want), why_not)

    # --- battles ---------------------------------------------------------------------------
    def _destroyed(self, value: Any, path: Sequence[Any]) -> Goal:
        prov = self.province(value, path)
        b0 = self.board
        owners = [o for o in b0.stacks_in(prov) if o == NEUTRAL or b0.teams[o] != self.team]
        if not owners:
            raise GoalError(f"there is no enemy or neutral stack in {self.name(prov)} at the start", path)

        def total(b: Any, o: str) -> int:
            stacks = b.neutral if o == NEUTRAL else b.stacks.get(o, {})
            return sum(size(u) for u in stacks.values())

        def ok(p: Progress, o: str) -> bool:
            b = p.state.board
            return o not in b.stacks_in(prov) and total(b, o) <= total(b0, o) - size(b0.stacks_in(prov)[o])

        def why_not(p: Progress) -> str:
            b = p.state.board
            out = []
            for o in owners:
                if ok(p, o):
                    continue
                who = "The garrison" if o == NEUTRAL else f"{self.fmap.players[o].name}'s stack"
                if o in b.stacks_in(prov):
                    out.append(f"{who} in {self.name(prov)} is still there ({_units_words(b.stacks_in(prov)[o])}).")
                else:
                    out.append(f"{who} from {self.name(prov)} was driven out, not destroyed: some of its units "
                               "fell back.")
            return " ".join(out) + " " + self._battle_words(p, prov)
        return self.leaf(f"destroy the stack in {self.name(prov)}", lambda p: all(ok(p, o) for o in owners), why_not)

    def _won_battle(self, value: Any, path: Sequence[Any]) -> Goal:
        prov = self.province(value, path)

        def check(p: Progress) -> bool:
            return any(_is_mine(e.data["winner"], self.name_) for e in self._battles(p, prov))
        return self.leaf(f"win a battle in {self.name(prov)}", check, lambda p: self._battle_words(p, prov))

    def _clash(self, value: Any, path: Sequence[Any]) -> Goal:
        prov = self.province(value, path)

        def check(p: Progress) -> bool:
            return any(_is_mine(e.data["winner"], self.name_) for e in self._battles(p, prov, border=True))
        return self.leaf(f"win a border clash on a border of {self.name(prov)}", check,
                         lambda p: self._battle_words(p, prov, border=True))

    def _at_least(self, value: Any, path: Sequence[Any], key: str, what: str, example: str,
                  fmt: Callable[[float], str], whole: bool = False, most: float | None = None) -> Goal:
        want = self.by_province(value, path, example)
        for prov, v in want.items():
            where = (*path, next(k for k in value if self.fmap.resolve(str(k)) == prov))
            self.number(v, where, 0, whole=whole)
            if most is not None and v > most:
                raise GoalError(f"a chance is at most {most}, got {v!r} (write 0.8 for 80%)", where)

        def ok(p: Progress, prov: str) -> bool:
            return any(s[key] >= want[prov] for s in self._my_sides(p, prov))

        def why_not(p: Progress) -> str:
            out = []
            for prov in want:
                if ok(p, prov):
                    continue
                mine = self._my_sides(p, prov)
                if not mine:
                    out.append(f"Your side fought no battle in {self.name(prov)}.")
                else:
                    best = max(mine, key=lambda s: s[key])
                    out.append(f"In {self.name(prov)} your side's {what} was {fmt(best[key])}, "
                               f"not {fmt(want[prov])} or more (strength {best['strength']:.4g}).")
            return " ".join(out)
        text = _join([f"fight in {self.name(x)} with a {what} of at least {fmt(v)}" for x, v in want.items()])
        return self.leaf(text,
                         lambda p: all(ok(p, x) for x in want), why_not)

    def _win_chance(self, value: Any, path: Sequence[Any]) -> Goal:
        return self._at_least(value, path, "chance", "chance of winning", "{Westmere: 0.8}",
                              lambda x: percent(x, 0), most=1)

    def _strength(self, value: Any, path: Sequence[Any]) -> Goal:
        return self._at_least(value, path, "strength", "strength", "{Westmere: 10}", lambda x: f"{x:.4g}")

    def _supported(self, value: Any, path: Sequence[Any]) -> Goal:
        prov = self.province(value, path)

        def mine(p: Progress) -> list[tuple[str, str]]:
            out = []
            for e in p.events:
                if e.kind == "orders" and e.data.get("player") == self.learner:
                    for text, outcome in e.data.get("results", []):
                        o = parse_order(text, self.fmap)
                        if o.kind in ("support", "strike") and o.target == prov:
                            out.append((text, outcome))
            return out

        def why_not(p: Progress) -> str:
            given = mine(p)
            if not given:
                return (f"None of your artillery or planes was ordered to support or strike {self.name(prov)}. "
                        + self._battle_words(p, prov))
            return " ".join(f"{t}: {o}." for t, o in given)
        return self.leaf(f"add artillery or air support to a battle in {self.name(prov)}",
                         lambda p: any(o.startswith("added") for _, o in mine(p)), why_not)

    def _lost_at_most(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, 0)

        def lost(p: Progress) -> int:
            built = 0
            for e in p.events:
                if e.kind == "orders" and e.data.get("player") == self.learner:
                    for text, outcome in e.data.get("results", []):
                        o = parse_order(text, self.fmap)
                        if o.kind == "build" and outcome == "built":
                            built += sum(k or 0 for _, k in o.units)

            def units(b: Any) -> int:
                return sum(size(u) for u in b.stacks.get(self.learner, {}).values())
            return units(p.start.board) + built - units(p.state.board)

        def why_not(p: Progress) -> str:
            k = lost(p)
            return f"You lost {count(k, 'unit')}, more than {n}."
        return self.leaf(f"lose at most {count(n, 'unit')}", lambda p: lost(p) <= n, why_not)

    # --- supply ----------------------------------------------------------------------------
    def _supplied(self, value: Any, path: Sequence[Any]) -> Goal:
        prov = self.province(value, path)

        def check(p: Progress) -> bool:
            b = p.state.board
            return bool(b.stack_of(self.learner, prov) and size(b.stack_of(self.learner, prov))
                        and prov not in b.oos.get(self.learner, {}))

        def why_not(p: Progress) -> str:
            b = p.state.board
            if not size(b.stack_of(self.learner, prov)):
                return f"You have no stack in {self.name(prov)} after the turn."
            return (f"Your stack in {self.name(prov)} is out of supply ({count(b.oos[self.learner][prov], 'turn')}): no "
                    "path of your team's provinces leads from it to a city of your team.")
        return self.leaf(f"have a stack in supply in {self.name(prov)}", check, why_not)

    def _out_of_supply(self, value: Any, path: Sequence[Any]) -> Goal:
        prov = self.province(value, path)

        def check(p: Progress) -> bool:
            b = p.state.board
            return any(prov in b.oos.get(o, {}) for o in b.stacks_in(prov) if o != NEUTRAL)

        def why_not(p: Progress) -> str:
            b = p.state.board
            if not any(o != NEUTRAL for o in b.stacks_in(prov)):
                return f"No player's stack stands in {self.name(prov)} after the turn."
            return (f"The stack in {self.name(prov)} is still in supply: a path of its team's provinces still "
                    "leads to one of its cities.")
        return self.leaf(f"leave the stack in {self.name(prov)} out of supply", check, why_not)

    # --- money -----------------------------------------------------------------------------
    def _funds(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, 0)
        return self.leaf(f"have {n} or more in funds", lambda p: p.state.board.funds[self.learner] >= n,
                         lambda p: f"You have {p.state.board.funds[self.learner]} in funds, not {n}.")

    def _paid(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, 0)

        def pay(p: Progress) -> list[Event]:
            return [e for e in p.events if e.kind == "income" and e.data.get("player") == self.learner]

        def why_not(p: Progress) -> str:
            paid = pay(p)
            if not paid:
                return "You were paid nothing."
            return f"{paid[-1].text} Not {n} or more: " + "; ".join(paid[-1].why) + "."
        return self.leaf(f"be paid {n} or more in one turn", lambda p: any(e.data["paid"] >= n for e in pay(p)),
                         why_not)

    def _built(self, value: Any, path: Sequence[Any]) -> Goal:
        provs = self.provinces(value, path)

        def built(p: Progress, x: str) -> list[Event]:
            return [e for e in p.events if e.kind == "build" and e.data.get("player") == self.learner
                    and e.data.get("province") == x]

        def why_not(p: Progress) -> str:
            out = []
            for x in provs:
                evs = built(p, x)
                if not any(e.data.get("built") for e in evs):
                    out.append(evs[-1].text if evs else f"You ordered no build in {self.name(x)}.")
            return " ".join(out)
        return self.leaf(f"build in {_join([self.name(x) for x in provs])}",
                         lambda p: all(any(e.data.get("built") for e in built(p, x)) for x in provs), why_not)

    # --- fog and the end -------------------------------------------------------------------
    def _sees(self, value: Any, path: Sequence[Any]) -> Goal:
        prov = self.province(value, path)

        def check(p: Progress) -> bool:
            seen = visible_stacks(p.state.board, self.fmap, self.team).get(prov, [])
            return any(e["owner"] != NEUTRAL and p.state.board.teams[e["owner"]] != self.team and "units" in e
                       for e in seen)

        def why_not(p: Progress) -> str:
            b = p.state.board
            if not any(o != NEUTRAL and b.teams[o] != self.team for o in b.stacks_in(prov)):
                return f"No enemy stack stands in {self.name(prov)} now."
            return (f"You do not see the exact enemy stack in {self.name(prov)}: no stack of yours is next to it "
                    "and no plane of yours scouted it.")
        return self.leaf(f"see the exact enemy stack in {self.name(prov)}", check, why_not)

    def _knocked_out(self, value: Any, path: Sequence[Any]) -> Goal:
        try:
            pid = self.state.game._player(str(value))
        except RulesError as exc:
            raise GoalError(str(exc), path) from None
        who = self.fmap.players[pid].name
        return self.leaf(f"knock {who} out", lambda p: pid in p.state.board.out,
                         lambda p: f"{who} is still in the game.")

    def _won(self, value: Any, path: Sequence[Any]) -> Goal:
        if value is not True:
            raise GoalError(f"'won' takes the value true (got {value!r})", path)

        def why_not(p: Progress) -> str:
            r = p.state.result
            return f"The game is over: {r['text']}" if r else "The game is not over: an enemy still holds a city."
        return self.leaf("win the game", lambda p: bool(p.state.result and self.learner in p.state.result["winners"]),
                         why_not)


def compile_goal(spec: Any, state: FrontsState) -> Goal:
    """Read a goal mapping against a start state; raises GoalError (with the path to the bad part).

    The learner is the position's player to order (``learner_of``).
    """
    learner = getattr(state, "learner", None)
    if not learner:
        raise GoalError("the start position names no player to order, so there is no learner; begin it with "
                        "'Red to order'")
    within = 1
    if isinstance(spec, Mapping) and "within" in spec:
        within = _Compiler.number(spec["within"], ("within",), 1)
    return _Compiler(state, learner, within).goal(spec)


def describe_goal(spec: Any, state: FrontsState) -> str:
    """The goal in words; raises GoalError like compile_goal."""
    return compile_goal(spec, state).text
