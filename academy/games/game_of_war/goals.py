"""Goals for Game of War lessons: small checks the engine makes after each of the learner's actions.

"You" below is the learner: the side to move in the exercise's start position. Units are named by
their ids as in the position (``N-I1``, ``S-C2``; case and hyphens do not matter, a misspelling gets
"did you mean"); squares as in notation.py (``e6``: column e, row 6 from the North edge).

Goal keys (several keys in one mapping must all be met):

- ``destroyed: U`` or ``destroyed: [U, ...]``: these enemy units are gone from the board (destroyed by
  an attack, or removed because they had to retreat and could not).
- ``retreats: U``: an attack of yours forced U to retreat (attack = defence + 1).
- ``outcome: destroyed|retreat|repelled``: your attack this try had that result.
- ``attack_total: n``: your attack this try counted n or more attack points.
- ``charge: n``: n or more of your cavalry charged in your attack this try.
- ``connected: U`` / ``connected: [U, ...]``: these units (either side) are in communication now.
- ``cut_off: U`` / ``cut_off: [U, ...]``: these units (either side) are cut off now.
- ``at: {U: square, ...}``: each unit stands on that square now.
- ``captured_arsenal: square`` (or ``true`` for any): you took the enemy arsenal on that square.
- ``moves_at_most: n``: you made n moves or fewer this try (retreats count as moves); a limit, used
  beside another key.
- ``action: "command"``: you played exactly this action, in Game of War notation (``N-I1 attacks S-I1``,
  ``N-C1 e6-f7``, ``retreat N-I1 e6-e5``).
- ``turn_over: true``: you acted and it is now the other side's move.
- ``won: true``: the game is over and you won it.
- ``all: [goal, ...]`` / ``any: [goal, ...]``: every goal / at least one goal of the list is met.
- ``work_out: totals``: never checked; beside the other keys of the goal's top mapping, it asks the
  learner to add up the attack and defence totals: the aimed attack's lines of fire are drawn, but
  neither the board's "+4" nor the preview's totals are shown.

Which goal fits which Rules section (academy/rulebook/game_of_war.md): goal (``won``,
``captured_arsenal``), your turn (``at`` with ``moves_at_most``, ``turn_over``), communication
(``connected``, ``cut_off``), combat (``outcome``, ``attack_total``, ``charge``, ``destroyed``,
``retreats``), units (``destroyed``, ``at``), terrain (``outcome``, ``at``, ``connected``).

A goal is checked after every action and gives a ``Verdict``: ``met``, ``open`` (still reachable) or
``lost`` (out of reach this try, with the reason). A turn ends with its one attack or with taking an
arsenal, so goals about an attack are lost once the attack is made and did not meet them; the reason
gives the two totals and who counted, then each of the learner's fighting units that did not count, by
id and the square it stands on now, and why (cut off, not lined up, too far, a mountain in the way),
and a target that still stands with its square and whether it is in communication.

Start positions are the one-line positions of snapshot.py, e.g.
``North to move | board: empty | North arsenals: e1 | North: N-I1 e5 | South: S-I1 e7``.

>>> s = start_state("North to move | North: N-I1 h6, N-I2 h7 | South: S-I1 h9")
>>> goal = compile_goal({"destroyed": "S-I1"}, s)
>>> goal.evaluate(Progress(s, s, 0, [], [])).status
'open'
"""
from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from academy.core.errors import InvalidNotation, RulesError
from academy.core.goals import Goal, GoalCompiler, GoalError, Verdict
from academy.core.goals import worked_out as core_worked_out
from academy.core.goals import Check as _Leaf
from academy.core.goals import join_words as _join
from academy.core.names import NameIndex
from academy.core.protocol import Event, NodeKind
from academy.core.text import count, plural

from .actions import Attack, Move, Retreat
from .combat import distance, is_aligned, reaches
from .communication import is_connected
from .notation import format_square, parse_square
from .snapshot import parse_position
from .state import GameOfWarState
from .units import SIDES, other_side

__all__ = ["GOAL_KEYS", "OUTCOMES", "WORK_OUT", "Goal", "GoalError", "Progress", "Verdict", "compile_goal",
           "describe_goal", "next_step", "start_state", "worked_out"]

GOAL_KEYS = ("destroyed", "retreats", "outcome", "attack_total", "charge", "connected", "cut_off", "at",
             "captured_arsenal", "moves_at_most", "action", "turn_over", "won", "all", "any")
OUTCOMES = ("destroyed", "retreat", "repelled")
#: what ``work_out`` may name: the aimed attack's totals, which the board and the preview then keep back
WORK_OUT = ("totals",)


# ============================================================================ data
@dataclass
class Progress:
    """What a goal is checked against: the start and current states, the learner, this try so far."""

    start: GameOfWarState
    state: GameOfWarState
    learner: int
    actions: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


# ============================================================================ start and next step
def start_state(position: str, seed: int = 1) -> GameOfWarState:
    """The state an exercise starts from, from a one-line position (snapshot.py); raises RulesError
    (InvalidNotation, or a PositionError for a malformed board) naming the bad part."""
    if not isinstance(position, str):
        raise InvalidNotation("bad_position", f"A position is a line of text, not {type(position).__name__}.")
    try:
        return parse_position(position, seed=seed)
    except RulesError:
        raise
    except ValueError as exc:   # a malformed position that is not already a RulesError
        raise InvalidNotation("bad_position", str(exc)) from None


def next_step(state: GameOfWarState) -> str:
    """One sentence on what the side to move can do now."""
    if state.is_terminal() or state.current is None:
        return "The game is over."
    who = SIDES[state.current].title()
    if state.phase == "retreat":
        pending = [u for u in state.retreats if state.position.has_unit(u)
                   and state.position.unit(u).side == SIDES[state.current]]
        return f"{who} must first retreat {', '.join(pending)} one square."
    left = state.moves_left
    if left > 0:
        return (f"{who} may move {count(left, 'more unit')}, then attack once or end the turn.")
    return f"{who} has made its 5 moves: attack once or end the turn."


# ============================================================================ goals
def _attacks(p: Progress) -> list[Event]:
    """The attack events of the learner's side in this try."""
    side = SIDES[p.learner]
    return [e for e in p.events if e.kind == "attack" and _side_of_attacker(p, e) == side]


def _side_of_attacker(p: Progress, e: Event) -> str | None:
    uid = e.data.get("unit")
    for s in (p.state, p.start):
        if s.position.has_unit(uid):
            return s.position.unit(uid).side
    return None


def _told(e: Event) -> str:
    """An attack event in words: the totals and who counted."""
    att = ", ".join(f"{u} {v}" for u, v in e.data["attackers"].items()) or "nobody"
    dfn = ", ".join(f"{u} {v}" for u, v in e.data["defenders"].items()) or "nobody"
    return (f"Your attack on {e.data['target']} counted {e.data['attack']} ({att}) against a defence of "
            f"{e.data['defence']} ({dfn}): {e.data['outcome']}.")


def _where(p: Progress, uid: str) -> str:
    """A unit named by its id and the square it stands on now, e.g. "N-I1 on e17"."""
    pos = p.state.position
    return f"{uid} on {format_square(pos.unit(uid).at)}" if pos.has_unit(uid) else uid


def _standing(p: Progress, uid: str) -> str:
    """Where a unit stands now and whether it is in communication: "S-I1 on e12, in communication,"."""
    pos = p.state.position
    if not pos.has_unit(uid):
        return uid
    linked = "in communication" if is_connected(pos, uid) else "cut off"
    return f"{_where(p, uid)} ({linked})"


def _left_out(p: Progress, e: Event) -> str:
    """Which of the learner's fighting units did not count in attack ``e``, where they stand now and why."""
    pos = p.state.position
    target = e.data["target"]
    if not pos.has_unit(target):
        return ""
    at = pos.unit(target).at
    idle = []
    for unit in pos.units_of(SIDES[p.learner]):
        if not unit.kind.is_fighting or unit.id in e.data["attackers"]:
            continue
        if not is_connected(pos, unit.id):
            idle.append(f"{_where(p, unit.id)} is cut off")
        elif not reaches(pos, unit, at):
            idle.append(f"{_where(p, unit.id)} {_out_of_reach(unit, at)} {format_square(at)}")
    if not idle:
        return ""
    return f"Not counted: {'; '.join(idle)}."


def _out_of_reach(unit: Any, at: tuple[int, int]) -> str:
    """Why a connected fighting unit does not reach a square, as the words before the square."""
    if not is_aligned(unit.at, at):
        return "is not lined up with"
    n = distance(unit.at, at)
    if n > unit.kind.range:
        return f"fires {unit.kind.range} squares, and stands {n} from"
    return "has a mountain in its line to"


def _after_attack(p: Progress, ok: Callable[[Event], bool], why: str) -> str:
    """'' unless an attack was made and did not meet the goal; then why, marked as being about the attack
    (``_Told`` puts the attack's totals before it, once for the whole goal)."""
    attacks = _attacks(p)
    if attacks and not any(ok(e) for e in attacks):
        return f"{_ABOUT_ATTACK}{why}"
    return ""


#: marks a lost reason that is about the learner's attack; ``_Told`` removes it and tells the attack first
_ABOUT_ATTACK = "\x00"


@dataclass
class _Told(Goal):
    """The whole goal, whose lost reason starts once with the learner's last attack in words: its totals
    and the learner's units that did not count (by id and the square they stand on now)."""

    goal: Goal

    @property
    def text(self) -> str:  # type: ignore[override]
        return self.goal.text

    def evaluate(self, p: Progress) -> Verdict:
        verdict = self.goal.evaluate(p)
        if verdict.status != "lost" or _ABOUT_ATTACK not in verdict.reason:
            return verdict
        last = _attacks(p)[-1]
        told = (_told(last), _left_out(p, last), verdict.reason.replace(_ABOUT_ATTACK, ""))
        return Verdict("lost", " ".join(part for part in told if part))


class _Compiler(GoalCompiler):
    """Turns a goal mapping into Goal objects, resolving names against the start state."""

    def __init__(self, state: GameOfWarState) -> None:
        self.state = state
        self.learner = state.to_move()
        assert self.learner is not None
        self.side = SIDES[self.learner]
        self.units = NameIndex({u.id: () for u in state.position.units}, "unit")

    # --- names and values ------------------------------------------------------------------
    def unit(self, value: Any, path: Sequence[Any], enemy: bool = False) -> str:
        if not isinstance(value, str) or not value.strip():
            raise GoalError(f"expected a unit id such as N-I1, got {value!r}", path)
        if self.state.position.has_unit(value):
            uid = value
        else:
            try:
                uid = self.units.resolve(value)
            except RulesError as exc:
                raise GoalError(f"{exc} The units are: {', '.join(u.id for u in self.state.position.units)}.",
                                path) from None
        if enemy and self.state.position.unit(uid).side == self.side:
            raise GoalError(f"{uid} is one of your own units ({self.side}); name an enemy unit", path)
        return uid

    def unit_list(self, value: Any, path: Sequence[Any], enemy: bool = False) -> list[str]:
        if isinstance(value, list):
            if not value:
                raise GoalError("expected a unit id or a list of them, got an empty list", path)
            return [self.unit(v, (*path, i), enemy) for i, v in enumerate(value)]
        return [self.unit(value, path, enemy)]

    def square(self, value: Any, path: Sequence[Any]) -> tuple[int, int]:
        if not isinstance(value, str):
            raise GoalError(f"expected a square such as e6, got {value!r}", path)
        try:
            sq = parse_square(value)
        except RulesError as exc:
            raise GoalError(str(exc), path) from None
        if not self.state.position.is_on_board(sq):
            raise GoalError(f"{value} is off the board ({self.state.position.width}x{self.state.position.height})",
                            path)
        return sq

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
            raise GoalError("a goal is a mapping such as {destroyed: S-I1}", path)
        self.work_out(spec, path, WORK_OUT)
        parts = []
        for key, value in spec.items():
            if key == "work_out":
                continue
            if key not in GOAL_KEYS:
                close = difflib.get_close_matches(str(key), (*GOAL_KEYS, "work_out"), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise GoalError(f"unknown goal key {key!r}{hint}; goal keys are: {', '.join(GOAL_KEYS)}",
                                (*path, key))
            parts.append(getattr(self, f"_{key}")(value, (*path, key)))
        return self.combine(parts)

    # --- combat ----------------------------------------------------------------------------
    def _destroyed(self, value: Any, path: Sequence[Any]) -> Goal:
        want = self.unit_list(value, path, enemy=True)

        def still(p: Progress) -> list[str]:
            return [u for u in want if p.state.position.has_unit(u)]

        def check(p: Progress) -> bool:
            return not still(p)

        def lost(p: Progress) -> str:
            return _after_attack(p, lambda e: e.data["target"] in want and e.data["outcome"] == "destroyed",
                                 f"{_join([_standing(p, u) for u in still(p)])}"
                                 f" still {plural(len(still(p)), 'stands', 'stand')}; an attack of at least "
                                 "defence + 2 destroys a unit, and one of defence + 1 removes it when it has no "
                                 "free square to retreat to or is cut off.")
        return _Leaf(f"destroy {_join(want)}", check, lost)

    def _retreats(self, value: Any, path: Sequence[Any]) -> Goal:
        uid = self.unit(value, path, enemy=True)

        def ok(e: Event) -> bool:
            return e.data["target"] == uid and e.data["outcome"] == "retreat"

        def check(p: Progress) -> bool:
            return any(ok(e) for e in _attacks(p))

        def lost(p: Progress) -> str:
            return _after_attack(p, ok, f"A retreat needs an attack of exactly {uid}'s defence + 1.")
        return _Leaf(f"force {uid} to retreat", check, lost)

    def _outcome(self, value: Any, path: Sequence[Any]) -> Goal:
        if value not in OUTCOMES:
            close = difflib.get_close_matches(str(value), OUTCOMES, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise GoalError(f"outcome takes {', '.join(OUTCOMES)}, not {value!r}{hint}", path)

        def ok(e: Event) -> bool:
            return bool(e.data["outcome"] == value)

        def check(p: Progress) -> bool:
            return any(ok(e) for e in _attacks(p))

        def lost(p: Progress) -> str:
            return _after_attack(p, ok, f"The exercise asked for an attack that ends {value}.")
        words = {"destroyed": "an attack that destroys its target", "retreat": "an attack that forces a retreat",
                 "repelled": "an attack that is repelled"}
        return _Leaf(f"make {words[value]}", check, lost)

    def _attack_total(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, least=1)

        def ok(e: Event) -> bool:
            return bool(e.data["attack"] >= n)

        def check(p: Progress) -> bool:
            return any(ok(e) for e in _attacks(p))

        def lost(p: Progress) -> str:
            return _after_attack(p, ok, f"The exercise asked for an attack of {n} or more.")
        return _Leaf(f"attack with a total of {n} or more", check, lost)

    def _charge(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, least=1)

        def ok(e: Event) -> bool:
            return len(e.data["charging"]) >= n

        def check(p: Progress) -> bool:
            return any(ok(e) for e in _attacks(p))

        def lost(p: Progress) -> str:
            return _after_attack(p, ok, f"The exercise asked for {n} charging cavalry or more; a cavalry charges "
                                        "when it touches the target or stands in an unbroken column leading "
                                        "to it.")
        return _Leaf(f"charge with {count(n, 'cavalry unit')} or more", check, lost)

    # --- communication and places ----------------------------------------------------------
    def _connected(self, value: Any, path: Sequence[Any]) -> Goal:
        want = self.unit_list(value, path)

        def check(p: Progress) -> bool:
            pos = p.state.position
            return all(pos.has_unit(u) and u in p.state.connected(pos.unit(u).side) for u in want)

        def lost(p: Progress) -> str:
            gone = [u for u in want if not p.state.position.has_unit(u)]
            return f"{_join(gone)} is no longer on the board." if gone else ""
        return _Leaf(f"have {_join(want)} in communication", check, lost)

    def _cut_off(self, value: Any, path: Sequence[Any]) -> Goal:
        want = self.unit_list(value, path)

        def check(p: Progress) -> bool:
            pos = p.state.position
            return all(pos.has_unit(u) and u not in p.state.connected(pos.unit(u).side) for u in want)

        def lost(p: Progress) -> str:
            gone = [u for u in want if not p.state.position.has_unit(u)]
            return (f"{_join(gone)} is no longer on the board, so it cannot be cut off." if gone else "")
        return _Leaf(f"cut off {_join(want)}", check, lost)

    def _at(self, value: Any, path: Sequence[Any]) -> Goal:
        if not isinstance(value, Mapping) or not value:
            raise GoalError("at takes a mapping of units to squares, such as {N-I1: e6}", path)
        want = {self.unit(k, (*path, k)): self.square(v, (*path, k)) for k, v in value.items()}

        def check(p: Progress) -> bool:
            pos = p.state.position
            return all(pos.has_unit(u) and pos.unit(u).at == sq for u, sq in want.items())

        def lost(p: Progress) -> str:
            gone = [u for u in want if not p.state.position.has_unit(u)]
            return f"{_join(gone)} is no longer on the board." if gone else ""
        return _Leaf(_join([f"bring {u} to {format_square(sq)}" for u, sq in want.items()]), check, lost)

    def _captured_arsenal(self, value: Any, path: Sequence[Any]) -> Goal:
        enemy = other_side(self.side)
        if value is True:
            where = None
        else:
            where = self.square(value, path)
            if where not in self.state.position.arsenals.get(enemy, ()):
                have = ", ".join(format_square(a) for a in self.state.position.arsenals.get(enemy, ())) or "none"
                raise GoalError(f"there is no {enemy} arsenal on {value}; {enemy}'s arsenals: {have}", path)
        if not self.state.position.arsenals.get(enemy):
            raise GoalError(f"{enemy} has no arsenal to take", path)
        me = self.learner

        def check(p: Progress) -> bool:
            return any(e.kind == "arsenal_taken" and e.data.get("player") == me
                       and (where is None or tuple(e.data["at"]) == where) for e in p.events)
        shown = f"the {enemy} arsenal on {format_square(where)}" if where else f"a {enemy} arsenal"
        return _Leaf(f"take {shown}", check)

    def _moves_at_most(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path)

        def moves(p: Progress) -> int:
            return sum(1 for a in p.actions if isinstance(a, (Move, Retreat)))

        def lost(p: Progress) -> str:
            made = moves(p)
            return (f"You made {count(made, 'move')}; the exercise allows {n} at most." if made > n else "")
        return _Leaf(f"use {count(n, 'move')} or fewer", lambda p: moves(p) <= n, lost)

    # --- actions and the turn --------------------------------------------------------------
    def _action(self, value: Any, path: Sequence[Any]) -> Goal:
        if not isinstance(value, str):
            raise GoalError(f"an action goal is a command in Game of War notation, got {value!r}", path)
        try:
            want = self.state.game.parse_action(value, self.state)
        except RulesError as exc:
            raise GoalError(f"the action {value!r} does not parse: {exc}", path) from None
        shown = self.state.game.format_action(want, self.state)

        def check(p: Progress) -> bool:
            return want in p.actions

        def lost(p: Progress) -> str:
            if isinstance(want, Attack):
                other = next((a for a in p.actions if isinstance(a, Attack)), None)
                if other is not None and other != want:
                    return f"You played \"{other.unit} attacks {other.target}\"; the exercise asked for \"{shown}\"."
            if isinstance(want, (Move, Retreat)):
                other = next((a for a in p.actions if type(a) is type(want) and a.unit == want.unit), None)
                if other is not None and other != want:
                    return (f"{want.unit} went to {format_square(other.to)}; the exercise asked for \"{shown}\" "
                            "(each unit moves once a turn).")
            return ""
        return _Leaf(f"play \"{shown}\"", check, lost)

    def _turn_over(self, value: Any, path: Sequence[Any]) -> Goal:
        self.true(value, path, "turn_over")
        me = self.learner
        return _Leaf("finish your turn", lambda p: bool(p.actions) and p.state.to_move() != me)

    def _won(self, value: Any, path: Sequence[Any]) -> Goal:
        self.true(value, path, "won")
        me = self.learner
        return _Leaf("win the game", lambda p: p.state.is_terminal() and p.state.winner() == me)


def compile_goal(spec: Any, state: GameOfWarState) -> Goal:
    """Read a goal mapping against a start state; raises GoalError (with the path to the bad part).

    The learner is the side to move in ``state``.
    """
    if state.node_kind() is not NodeKind.DECISION:
        raise GoalError("the start position has nobody to move, so there is no learner")
    return _Told(_Compiler(state).goal(spec))


def describe_goal(spec: Any, state: GameOfWarState) -> str:
    """The goal in words, e.g. "destroy S-I1"; raises GoalError like compile_goal."""
    return compile_goal(spec, state).text


def worked_out(spec: Any) -> frozenset[str]:
    """What a goal mapping asks the learner to work out (its ``work_out``; see ``WORK_OUT``); raises
    GoalError for anything else.

    >>> sorted(worked_out({"outcome": "destroyed", "work_out": "totals"}))
    ['totals']
    """
    return core_worked_out(spec, WORK_OUT)
