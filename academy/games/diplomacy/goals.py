"""Goals for Diplomacy lessons: what the engine checks once the learner's orders for the phase are resolved.

An exercise starts from a one-line position (see position_line.py), for example::

    England to order, S1901M | England: A LON, F NTH | France: F BRE | France orders: F BRE - ENG

The learner is the power "to order" (England). Its orders for the phase are **one action**: a
list of order texts, or one text with the orders separated by ``;``, ``,`` or new lines
(``A LON - YOR; F NTH H``). Units left without an order hold. The other powers play the fixed
orders of the position (``France orders: ...``); their other units hold. The phase is then
resolved at once, and the goal is checked against the result: it is **met** or **lost**, with
the engine's reason. A refused order (not understood, or not allowed) changes nothing.

"You" below is the learner. Units are written as on the board: ``A LON``, ``F STP/SC``; the
kind letter may be left out (``LON``) and full names work (``army London``). Provinces read
leniently too, with the engine's "did you mean".

Goal keys (several keys in one mapping must all be met):

- ``succeeds: "A LON - NTH"``: this order was given and succeeded. With only a unit
  (``succeeds: "A PAR"``), whatever that unit was ordered to do succeeded (a unit with no order
  holds, and its hold succeeds unless it is dislodged). Any power's unit may be named.
- ``fails: "A PAR - BUR"`` / ``fails: "A PAR"``: that order, or the unit's order, failed (a
  bounce, a cut support, a disrupted convoy, a void order).
- ``dislodged: "A MUN"`` (or a list): the unit was dislodged in this movement phase.
- ``not_dislodged: "A MUN"`` (or a list): the unit was not dislodged in this movement phase.
- ``occupies: NTH`` (or a list): after the phase a unit of yours stands in the province.
- ``unit_in: {PAR: A, STP/SC: F}``: after the phase a unit of yours of that kind stands there
  (with a coast: on that coast). Use it after builds and retreats.
- ``ordered: "F NTH C A LON - NWY"``: you gave exactly this order (a move written without
  ``VIA CONVOY`` also matches the same move with it).
- ``disbanded: "A MUN"`` (or a list): the unit was removed in this retreat or adjustment
  phase (disbanded by order, destroyed for want of a retreat, or left without an order).
- ``all: [goal, ...]`` / ``any: [goal, ...]``: every goal / at least one goal of the list is met.
- ``work_out: retreats``: never checked; beside the other keys of the goal's top mapping (in a retreat
  phase), it asks the learner to work out where a dislodged unit may go: the board does not light up
  the open provinces, the menu offers only the disband, and a click on a closed province says why it
  is closed without naming the open ones.

``dislodged`` and ``not_dislodged`` need a movement phase; ``disbanded`` a retreat or an
adjustment phase. Which goal fits which topic: orders and units (``succeeds`` a move,
``occupies``), support and dislodging (``dislodged``), cutting support (``fails`` the enemy
support, ``not_dislodged``), standoffs (``fails`` a move with ``not_dislodged``), swaps and
rotations (``occupies`` a list), convoys (``succeeds`` the army's move; ``fails`` it when the
convoy is disrupted), retreats (``unit_in``, ``occupies``), builds and disbands (``unit_in``,
``disbanded``), coasts (``unit_in: {STP/SC: F}``).

>>> s = start_state("England to order, S1901M | England: A LON, F NTH")
>>> start, me = s.clone(), learner_of(s)
>>> goal = compile_goal({"occupies": "Yorkshire"}, s)
>>> goal.text, goal.evaluate(Progress(start, s, me)).status
('have a unit of yours in Yorkshire', 'open')
>>> _, events = play(s, me, "A LON - YOR; F NTH H")
>>> goal.evaluate(Progress(start, s, me)).status
'met'
"""
from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from academy.core.errors import IllegalAction, RulesError
from academy.core.goals import MET, OPEN, Goal, GoalCompiler, GoalError, Verdict
from academy.core.goals import worked_out as core_worked_out
from academy.core.goals import join_words as _join
from academy.core.protocol import Event
from academy.core.record import Record
from academy.core.text import a, plural

from .actions import Resolve, SubmitOrders
from .game import DiplomacyGame
from .mapdata import province_of
from .notation import parse_action
from .orders import Hold, Move, Order, Retreat, UnitRef, Waive, format_order, parse_order
from .position import KIND_NAMES, SEASONS, Position, PositionError, Unit
from .position_line import format_position, parse_position
from .state import DiplomacyState

__all__ = ["GOAL_KEYS", "WORK_OUT", "Goal", "GoalError", "LessonState", "PhaseResult", "Progress", "Verdict", "compile_goal",
           "describe_goal", "fixed_orders_of", "learner_lines", "learner_of", "result_line", "narrate", "next_step", "play", "split_orders",
           "start_state", "worked_out"]

GOAL_KEYS = ("succeeds", "fails", "dislodged", "not_dislodged", "occupies", "unit_in", "ordered", "disbanded",
             "all", "any")
#: the phase kinds (M, R, A) in which each key can be checked
_KEY_PHASES = {"dislodged": "M", "not_dislodged": "M", "disbanded": "RA", "work_out": "R"}
#: what ``work_out`` may name: what the board and the menus keep back while the learner works it out
WORK_OUT = ("retreats",)
_KIND_WORD = {"A": "army", "F": "fleet"}
_COAST_WORD = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}
_ADJECTIVE = {"AUSTRIA": "Austrian", "ENGLAND": "English", "FRANCE": "French", "GERMANY": "German",
              "ITALY": "Italian", "RUSSIA": "Russian", "TURKEY": "Turkish"}


# ============================================================================ data
class LessonState(DiplomacyState):
    """A Diplomacy game started from a lesson position: it knows the learner and the fixed orders.

    ``learner`` is the power to order (None when the position names none); ``fixed_orders`` are
    the other powers' orders of the first phase, already submitted (so they are in the record).
    """

    def __init__(self, game: DiplomacyGame, record: Record, position: Position | None = None,
                 learner: str | None = None, fixed_orders: Mapping[str, tuple[str, ...]] | None = None) -> None:
        super().__init__(game, record, position)
        self.learner = learner
        self.fixed_orders = dict(fixed_orders or {})


@dataclass(frozen=True)
class PhaseResult:
    """One resolved phase: the position before and after, every power's orders, result and reason per unit."""

    before: Position
    after: Position
    orders: Mapping[str, tuple[str, ...]]
    results: Mapping[str, str]
    reasons: Mapping[str, str]


@dataclass
class Progress:
    """What a goal is checked against: the start and current states, the learner, this try so far.

    ``resolved`` is the start phase once it has been resolved (None before), rebuilt from the
    record, so it is exact whatever happened after it.
    """

    start: DiplomacyState
    state: DiplomacyState
    learner: int
    actions: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @functools.cached_property
    def resolved(self) -> PhaseResult | None:
        s = self.start.clone()
        for entry in self.state.record.entries[len(self.start.record):]:
            before = s.position
            s.apply(entry.action)
            if isinstance(entry.action, Resolve):
                last = s.last or {}
                return PhaseResult(before, s.position, {pw: tuple(t) for pw, t in last.get("orders", {}).items()},
                                   dict(last.get("results", {})), dict(last.get("reasons", {})))
        return None


# ============================================================================ playing a lesson
def start_state(position: str, seed: int = 1) -> LessonState:
    """The state an exercise starts from, with the other powers' fixed orders submitted.

    Raises RulesError (PositionError, InvalidNotation, IllegalAction) for a bad position, and
    PositionError("nothing_to_order") when the learner has nothing to order in its phase.
    """
    if not isinstance(position, str):
        raise PositionError("bad_position", f"A position is a line of text, not {type(position).__name__}.")
    pos, learner, fixed = parse_position(position)
    game = DiplomacyGame()
    state = LessonState(game, Record(game, seed), pos, learner, fixed)
    state.record.start = state.to_json()
    if learner is not None and learner not in state.powers_to_order():
        raise PositionError("nothing_to_order", f"{learner.title()} is to order, but has nothing to order in "
                                                f"{_phase_words(pos)}. Give it a unit (or, in a retreat phase, a "
                                                "dislodged unit; in Winter, a build or a disband).")
    for power in state.powers_to_order():
        if power != learner:
            state.submit(power, _with_holds(pos, power, fixed.get(power, ())))
    return state


def _with_holds(pos: Position, power: str, texts: Sequence[str]) -> list[str]:
    """The orders plus an explicit hold for each unit left without one (movement phases), so
    that every unit gets a result and the engine's reason for it."""
    out = list(texts)
    if pos.phase.kind != "M":
        return out
    ordered = {o.unit.province for o in map(parse_order, out) if not isinstance(o, Waive)}
    return out + [f"{u} H" for u in sorted(pos.units_of(power), key=lambda u: u.province)
                  if u.province not in ordered]


def learner_of(state: DiplomacyState) -> int | None:
    """The learner's player index: the position's "X to order" power (None when there is none)."""
    power = getattr(state, "learner", None)
    return state.player_of(power) if power else None


def learner_lines(position: str) -> dict[str, str]:
    """{power: the position line with that power to order} for each power with something to order in the
    position's phase (its fixed orders, if the line gave any, left out: its orders are the exercise).
    Raises RulesError for a line that cannot be read."""
    pos, _learner, fixed = parse_position(position)
    anybody = start_state(format_position(pos, None, fixed))
    return {power.title(): format_position(pos, power, {pw: o for pw, o in fixed.items() if pw != power})
            for power in anybody.powers_to_order()}


def result_line(state: DiplomacyState) -> str:
    """The board after the learner's orders, as a lesson's ``reaches`` goal writes it (units, centres, phase)."""
    return format_position(state.position)


def fixed_orders_of(state: DiplomacyState) -> dict[str, tuple[str, ...]]:
    """The other powers' orders given by the lesson position (to show beside the board)."""
    return dict(getattr(state, "fixed_orders", {}) or {})


def split_orders(orders: Any) -> list[str]:
    """The order texts of one submission: a list of texts, or one text separated by ';', ',' or new lines."""
    if isinstance(orders, str):
        return [t.strip() for t in re.split(r"[;,\n]", orders) if t.strip()]
    return [t.strip() for item in orders for t in split_orders(str(item))]


def play(state: DiplomacyState, learner: int, action: Any) -> tuple[SubmitOrders, list[Event]]:
    """Submit the learner's orders for the phase (one action) and resolve the phase with everybody's orders.

    ``action`` is a list of order texts, one text (orders separated by ';', ',' or new lines,
    optionally after ``England:``), or a ``SubmitOrders``. Raises RulesError for an order that
    is not understood or not allowed; the state is unchanged then. Returns the recorded
    submission and the events (the submission, each order's result and why, the new phase).
    """
    power = state.powers[learner]
    if isinstance(action, str) and re.match(r"^\s*[A-Za-z]+\s*:", action):
        action = parse_action(action, state.position.dmap)
    if isinstance(action, SubmitOrders):
        if action.power != power:
            raise IllegalAction("not_your_power", f"You play {power.title()} in this exercise: give orders only "
                                                  f"for {power.title()}'s units, not {action.power.title()}'s.")
        texts = list(action.orders)
    elif isinstance(action, (str, list, tuple)):
        texts = split_orders(action)
    else:
        raise IllegalAction("not_an_action", f"{action!r} is not a set of orders; write them like "
                                             "'A LON - NTH; F NTH H'.")
    if power not in state.powers_to_order():
        raise IllegalAction("nothing_to_order", f"{power.title()} has nothing to order in "
                                                f"{_phase_words(state.position)}.")
    texts = _with_holds(state.position, power, state.validate_orders(power, texts))
    events = state.submit(power, texts)
    submitted = SubmitOrders(power, tuple(state.pending[power]))
    return submitted, events + state.resolve_step()


def narrate(events: Sequence[Event]) -> str:
    """The resolution in words: each order's result with the engine's reason, then the new phase."""
    lines = []
    for e in events:
        if e.kind == "order":
            who = str(e.data.get("power", "")).title()
            lines.append(f"{who + ' ' if who else ''}{e.text}")
        elif e.kind in ("phase", "game_over"):
            lines.append(e.text)
    return "\n".join(lines)


def next_step(state: DiplomacyState) -> str:
    """One sentence on what the learner can do now."""
    power = (getattr(state, "learner", None) or "").title() or "your power"
    kind = state.position.phase.kind
    if kind == "M":
        how = ("one order per unit, e.g. 'A LON - YOR; F NTH S A LON - YOR'; a unit with no order holds")
    elif kind == "R":
        how = "retreat or disband each dislodged unit, e.g. 'A MUN R BOH' or 'A MUN D'"
    else:
        how = "build in an empty home centre you own ('A PAR B', 'F BRE B') or disband ('F NAO D')"
    return f"Write {power}'s orders for {_phase_words(state.position)}: {how}."


def _phase_words(pos: Position) -> str:
    ph = pos.phase
    return f"{SEASONS[ph.season]} {ph.year} ({KIND_NAMES[ph.kind]})"


# ============================================================================ goals
@dataclass
class _Leaf(Goal):
    """One check of the resolved start phase; ``why_not`` says why it was missed."""

    text: str
    check: Callable[[PhaseResult], bool]
    why_not: Callable[[PhaseResult], str]

    def evaluate(self, p: Progress) -> Verdict:
        r = p.resolved
        if r is None:
            return OPEN
        if self.check(r):
            return MET
        return Verdict("lost", self.why_not(r))


def _same_unit(a: Unit, b: Unit) -> bool:
    return (a.power, a.kind, a.province) == (b.power, b.kind, b.province)


def _exact(pos: Position, unit: Unit, order: Order) -> Order:
    """The order with its unit written out and, in a movement phase, its destination made exact."""
    from .adjudicate import _Invalid, _legal
    o = replace(order, unit=UnitRef(unit.kind, unit.location)) if not isinstance(order, Waive) else order
    if pos.phase.kind == "M":
        try:
            return _legal(pos, unit, o)
        except _Invalid:
            return o
    if isinstance(o, Retreat) and unit.kind == "A":
        return Retreat(o.unit, province_of(o.dest))
    return o


def _matches(given: Order, want: Order) -> bool:
    if isinstance(given, Move) and isinstance(want, Move) and not want.via_convoy:
        given = replace(given, via_convoy=False)
    return given == want


class _Compiler(GoalCompiler):
    """Turns a goal mapping into Goal objects, resolving units and provinces against the start state."""

    def __init__(self, state: DiplomacyState, learner: str) -> None:
        self.state = state
        self.pos = state.position
        self.dmap = self.pos.dmap
        self.learner = learner

    # --- names -----------------------------------------------------------------------------
    def _units_here(self) -> list[Unit]:
        if self.pos.phase.kind == "R":
            return [d.unit for d in self.pos.dislodged] + [u for u in self.pos.units.values()]
        return list(self.pos.units.values())

    def unit(self, value: Any, path: Sequence[Any]) -> Unit:
        """A unit of the start position, as 'A LON', 'F STP/SC', 'LON' or 'army London'."""
        if not isinstance(value, str) or not value.strip():
            raise GoalError(f"expected a unit such as \"A LON\", got {value!r}", path)
        try:
            o = parse_order(f"{value} H", self.dmap)
        except RulesError as exc:
            raise GoalError(f"unit {value!r} not understood: {exc}", path) from None
        if not isinstance(o, Hold):
            raise GoalError(f"expected a unit such as \"A LON\", got {value!r}", path)
        return self._find(o.unit, value, path)

    def _find(self, ref: UnitRef, value: str, path: Sequence[Any]) -> Unit:
        here = self._units_here()
        if self.pos.phase.kind == "R":   # a dislodged unit first: that is the one with orders
            here.sort(key=lambda u: u not in [d.unit for d in self.pos.dislodged])
        hits = [u for u in here if u.province == ref.province and (ref.kind is None or ref.kind == u.kind)]
        if not hits:
            units = ", ".join(sorted(str(u) for u in here)) or "none"
            raise GoalError(f"there is no unit {value!r} at the start of the exercise; the units are: {units}", path)
        return hits[0]

    def order(self, value: Any, path: Sequence[Any]) -> tuple[Unit, Order | None]:
        """A unit, or a unit and its order (made exact), from 'A LON' or 'A LON - NTH'."""
        if not isinstance(value, str) or not value.strip():
            raise GoalError(f"expected an order such as \"A LON - NTH\" or a unit such as \"A LON\", got {value!r}",
                            path)
        try:
            o = parse_order(value, self.dmap)
        except RulesError as exc:
            try:
                return self.unit(value, path), None
            except GoalError:
                raise GoalError(f"{value!r} is neither a unit nor an order: {exc}", path) from None
        if isinstance(o, Waive):
            raise GoalError("WAIVE names no unit; name a unit or an order", path)
        unit = self._find(o.unit, value, path)
        self._check_order(unit, o, value, path)
        return unit, _exact(self.pos, unit, o)

    def _check_order(self, unit: Unit, o: Order, value: str, path: Sequence[Any]) -> None:
        from .options import validate_orders
        try:
            validate_orders(self.pos, unit.power, [format_order(o)])
        except RulesError as exc:
            raise GoalError(f"the order {value!r} is not possible here: {exc}", path) from None

    def province(self, value: Any, path: Sequence[Any], coast: bool = False) -> str:
        if not isinstance(value, str) or not value.strip():
            raise GoalError(f"expected a province such as NTH, got {value!r}", path)
        try:
            loc = parse_order(f"F {value} H", self.dmap).unit.location  # type: ignore[union-attr]
        except RulesError as exc:
            raise GoalError(str(exc), path) from None
        return loc if coast else province_of(loc)

    def desc(self, u: Unit) -> str:
        return str(u) if u.power == self.learner else f"{u.power.title()}'s {u}"

    def someone(self, u: Unit) -> str:
        """'your army', 'a French fleet': a unit after the phase, when its old name may mislead."""
        adjective = _ADJECTIVE.get(u.power, u.power.title())
        whose = "your" if u.power == self.learner else ("an " if adjective[0] in "AEIOU" else "a ") + adjective
        where = f" on the {_COAST_WORD.get(u.location.split('/')[1], u.location)}" if "/" in u.location else ""
        return f"{whose} {_KIND_WORD[u.kind]}{where}"

    def where(self, loc: str) -> str:
        """The province (and coast) in words: "Trieste", "the Adriatic Sea", "Spain (south coast)"."""
        prov = province_of(loc)
        name = self.dmap.name_of(prov)
        if self.dmap.provinces[prov].kind == "sea" and not name.lower().startswith("the "):
            name = f"the {name}"
        if "/" in loc:
            return f"{name} ({_COAST_WORD.get(loc.split('/')[1], loc)})"
        return name

    def units(self, value: Any, path: Sequence[Any]) -> list[Unit]:
        items = value if isinstance(value, list) else [value]
        if not items:
            raise GoalError("expected a unit or a list of units", path)
        return [self.unit(v, (*path, i) if isinstance(value, list) else path) for i, v in enumerate(items)]

    # --- mappings --------------------------------------------------------------------------
    def goal(self, spec: Any, path: Sequence[Any] = ()) -> Goal:
        if not isinstance(spec, Mapping) or not spec:
            raise GoalError("a goal is a mapping such as {occupies: NTH}", path)
        self.work_out(spec, path, WORK_OUT)
        parts = []
        for key, value in spec.items():
            if key != "work_out" and key not in GOAL_KEYS:
                close = difflib.get_close_matches(str(key), (*GOAL_KEYS, "work_out"), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise GoalError(f"unknown goal key {key!r}{hint}; goal keys are: {', '.join(GOAL_KEYS)}",
                                (*path, key))
            kinds = _KEY_PHASES.get(key)
            if kinds and self.pos.phase.kind not in kinds:
                words = " or ".join(KIND_NAMES[k] for k in kinds)
                raise GoalError(f"'{key}' needs a {words} phase, but the exercise starts in {self.pos.phase} "
                                f"({KIND_NAMES[self.pos.phase.kind]})", (*path, key))
            if key != "work_out":
                parts.append(getattr(self, f"_{key}")(value, (*path, key)))
        return self.combine(parts)

    # --- results of orders -----------------------------------------------------------------
    def _given(self, r: PhaseResult, unit: Unit) -> Order | None:
        """The (exact) order the unit was given in the resolved phase, or None."""
        for text in r.orders.get(unit.power, ()):
            try:
                o = parse_order(text, self.dmap)
            except RulesError:
                continue
            if not isinstance(o, Waive) and o.unit.province == unit.province:
                return _exact(r.before, unit, o)
        return None

    def _outcome(self, r: PhaseResult, unit: Unit) -> tuple[bool, str]:
        """(succeeded, the engine's reason) for the unit's order; an unordered unit holds."""
        key = str(unit)
        if key in r.results:
            return r.results[key] == "succeeds", r.reasons.get(key, "")
        if r.before.phase.kind == "M":
            dis = next((d for d in r.after.dislodged if _same_unit(d.unit, unit)), None)
            if dis is not None:
                return False, f"{unit} had no order, so it held, and it was dislodged by the unit from {dis.attacked_from}."
            return True, f"{unit} had no order, so it held."
        if r.before.phase.kind == "R":
            return False, f"{unit} had no order, so it was disbanded."
        return True, f"{unit} had no order."

    def _result(self, value: Any, path: Sequence[Any], want: bool) -> Goal:
        unit, order = self.order(value, path)
        desc = self.desc(unit)
        shown = format_order(order) if order is not None else None

        def check(r: PhaseResult) -> bool:
            given = self._given(r, unit)
            if order is not None and (given is None or not _matches(given, order)):
                return False
            ok, _ = self._outcome(r, unit)
            return ok == want

        def why_not(r: PhaseResult) -> str:
            given = self._given(r, unit)
            if order is not None and (given is None or not _matches(given, order)):
                did = f'"{format_order(given)}"' if given is not None else "no order"
                return f'{desc} was given {did}, not "{shown}".'
            _, reason = self._outcome(r, unit)
            return f"The order of {desc} {'failed' if want else 'succeeded'}: {reason}"
        verb = "succeeds" if want else "fails"
        text = f'"{shown}" {verb}' if shown else f"the order of {desc} {verb}"
        return _Leaf(text, check, why_not)

    def _succeeds(self, value: Any, path: Sequence[Any]) -> Goal:
        return self._result(value, path, True)

    def _fails(self, value: Any, path: Sequence[Any]) -> Goal:
        return self._result(value, path, False)

    def _ordered(self, value: Any, path: Sequence[Any]) -> Goal:
        unit, order = self.order(value, path)
        if order is None:
            raise GoalError(f"'ordered' takes a whole order such as \"A LON - NTH\", not only a unit ({value!r})",
                            path)
        if unit.power != self.learner:
            raise GoalError(f"{unit} belongs to {unit.power.title()}; 'ordered' names an order of "
                            f"{self.learner.title()}, the power to order", path)
        shown = format_order(order)

        def check(r: PhaseResult) -> bool:
            given = self._given(r, unit)
            return given is not None and _matches(given, order)

        def why_not(r: PhaseResult) -> str:
            given = self._given(r, unit)
            did = f'"{format_order(given)}"' if given is not None else "no order (so it held)"
            return f'You gave {unit} {did}; the exercise asked for "{shown}".'
        return _Leaf(f'give the order "{shown}"', check, why_not)

    # --- dislodgements ---------------------------------------------------------------------
    def _dislodgement(self, value: Any, path: Sequence[Any], want: bool) -> Goal:
        units = self.units(value, path)

        def is_out(r: PhaseResult, u: Unit) -> bool:
            return any(_same_unit(d.unit, u) for d in r.after.dislodged)

        def check(r: PhaseResult) -> bool:
            return all(is_out(r, u) == want for u in units)

        def why_not(r: PhaseResult) -> str:
            bad = [u for u in units if is_out(r, u) != want]
            out = []
            for u in bad:
                _, reason = self._outcome(r, u)
                out.append(f"{self.desc(u)} was {'not ' if want else ''}dislodged: {reason}")
            return " ".join(out)
        descs = _join([self.desc(u) for u in units])
        mine = all(u.power == self.learner for u in units)
        if want:
            text = f"{descs} {plural(len(units), 'is')} dislodged" if mine else f"dislodge {descs}"
        else:
            text = f"keep {descs} from being dislodged" if mine else f"{descs} is not dislodged"
        return _Leaf(text, check, why_not)

    def _dislodged(self, value: Any, path: Sequence[Any]) -> Goal:
        return self._dislodgement(value, path, True)

    def _not_dislodged(self, value: Any, path: Sequence[Any]) -> Goal:
        return self._dislodgement(value, path, False)

    def _disbanded(self, value: Any, path: Sequence[Any]) -> Goal:
        units = self.units(value, path)
        if self.pos.phase.kind == "R":
            for i, u in enumerate(units):
                if not any(_same_unit(d.unit, u) for d in self.pos.dislodged):
                    raise GoalError(f"{u} is not dislodged, so it cannot be disbanded in a retreat phase",
                                    (*path, i) if isinstance(value, list) else path)

        def gone(r: PhaseResult, u: Unit) -> bool:
            if r.before.phase.kind == "R":
                order = self._given(r, u)
                ok, _ = self._outcome(r, u)
                return not (isinstance(order, Retreat) and ok)
            now = r.after.units.get(u.province)
            return now is None or not _same_unit(now, u)

        def check(r: PhaseResult) -> bool:
            return all(gone(r, u) for u in units)

        def why_not(r: PhaseResult) -> str:
            return " ".join(f"{self.desc(u)} is still on the board: {self._outcome(r, u)[1]}"
                            for u in units if not gone(r, u))
        return _Leaf(f"disband {_join([self.desc(u) for u in units])}", check, why_not)

    # --- the board after the phase ---------------------------------------------------------
    def _occupies(self, value: Any, path: Sequence[Any]) -> Goal:
        items = value if isinstance(value, list) else [value]
        if not items:
            raise GoalError("expected a province or a list of provinces", path)
        provs = [self.province(v, (*path, i) if isinstance(value, list) else path) for i, v in enumerate(items)]
        me = self.learner

        def mine(r: PhaseResult, p: str) -> bool:
            u = r.after.units.get(p)
            return u is not None and u.power == me

        def check(r: PhaseResult) -> bool:
            return all(mine(r, p) for p in provs)

        def why_not(r: PhaseResult) -> str:
            out = []
            for p in provs:
                if mine(r, p):
                    continue
                u = r.after.units.get(p)
                out.append(f"{self.dmap.name_of(p)} is {'empty' if u is None else f'held by {self.someone(u)}'} "
                           "after the phase.")
            return " ".join(out)
        return _Leaf(f"have a unit of yours in {_join([self.dmap.name_of(p) for p in provs])}", check, why_not)

    def _unit_in(self, value: Any, path: Sequence[Any]) -> Goal:
        if not isinstance(value, Mapping) or not value:
            raise GoalError("unit_in maps provinces to a unit kind, e.g. {PAR: A, STP/SC: F}", path)
        want: dict[str, str] = {}
        for k, kind in value.items():
            loc = self.province(str(k), (*path, k), coast=True)
            if "/" not in str(k) and "/" in loc:
                loc = province_of(loc)
            kd = str(kind).strip().upper()
            kd = {"ARMY": "A", "FLEET": "F"}.get(kd, kd)
            if kd not in ("A", "F"):
                raise GoalError(f"the kind of unit in {k} is A (army) or F (fleet), not {kind!r}", (*path, k))
            want[loc] = kd
        me = self.learner

        def there(r: PhaseResult, loc: str, kd: str) -> bool:
            u = r.after.units.get(province_of(loc))
            return (u is not None and u.power == me and u.kind == kd
                    and ("/" not in loc or u.location == loc))

        def check(r: PhaseResult) -> bool:
            return all(there(r, loc, kd) for loc, kd in want.items())

        def why_not(r: PhaseResult) -> str:
            out = []
            for loc, kd in want.items():
                if there(r, loc, kd):
                    continue
                u = r.after.units.get(province_of(loc))
                now = "it is empty" if u is None else f"{self.someone(u)} is there"
                out.append(f"The exercise asked for {a(_KIND_WORD[kd])} of yours in {self.where(loc)}; "
                           f"after the phase {now}.")
            return " ".join(out)
        text = _join([f"have {a(_KIND_WORD[kd])} in {self.where(loc)}"
                      for loc, kd in want.items()])
        return _Leaf(text, check, why_not)


def worked_out(spec: Any) -> frozenset[str]:
    """What a goal mapping asks the learner to work out (its ``work_out``; see ``WORK_OUT``); raises
    GoalError for anything else.

    >>> sorted(worked_out({"unit_in": {"TRI": "A"}, "work_out": "retreats"}))
    ['retreats']
    """
    return core_worked_out(spec, WORK_OUT)


def compile_goal(spec: Any, state: DiplomacyState) -> Goal:
    """Read a goal mapping against a start state; raises GoalError (with the path to the bad part).

    The learner is the position's power to order (``learner_of``).
    """
    learner = getattr(state, "learner", None)
    if not learner:
        raise GoalError("the start position names no power to order, so there is no learner; begin it with "
                        "'England to order, S1901M'")
    return _Compiler(state, learner).goal(spec)


def describe_goal(spec: Any, state: DiplomacyState) -> str:
    """The goal in words; raises GoalError like compile_goal."""
    return compile_goal(spec, state).text

