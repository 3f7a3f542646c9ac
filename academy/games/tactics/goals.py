"""Goals for Tactics lessons: small checks the engine makes after each of the learner's actions.

"You" below is the learner: the army to move in the exercise's start position. A unit is named by
the tile it stands on **in the start position** (``E2``: the unit that started on E2, wherever it
has gone since); a unit riding in a transport at the start is named ``E2/1`` (the first cargo of
the transport on E2). Properties are named by their tile. Damage is counted in health points,
100 for a full unit (10 HP, so 10 health points = 1 HP), as the engine's attack reports say.

Goal keys (several keys in one mapping must all be met):

- ``destroyed: E5`` or ``destroyed: [E5, ...]``: these enemy units are gone.
- ``damaged: {E5: 40}``: the unit lost at least that many health points in this try (destroyed
  counts as all of them).
- ``hp_at_least: {E2: 8}`` / ``hp_at_most: {E5: 3}``: the unit has at least / at most that many
  HP now (a destroyed unit has 0).
- ``counter_at_most: n``: you attacked, and no counterattack took more than n health points from
  your attacker (an attack that draws no counter takes 0).
- ``at: {E2: F5}``: the unit stands on that tile now (not inside a transport).
- ``loaded: {C3: D4}``: the unit that started on C3 rides in the transport that started on D4.
- ``built: tank``, ``built: [tank, infantry]`` or ``built: {tank: C2}``: you built units of
  these types (on these tiles).
- ``captured: H1`` or ``captured: [H1, ...]``: the property is yours.
- ``capture_points: {H1: 10}``: the property has that many capture points left or fewer (out of
  20), or is yours.
- ``supplied: E5`` or ``supplied: [E5, ...]``: the unit has full fuel and full ammo.
- ``funds: n``: you have at least n funds.
- ``sees: F7`` or ``sees: [F7, ...]``: the enemy unit is visible to you (fog of war).
- ``power: power`` or ``power: super``: your commander's power (or super power) is running.
- ``day: n``: it is day n or later, and your move.
- ``event: K``: the engine reported an event of kind K in this try (``ambush``, ``crash`` ...).
- ``action: "command"``: you played exactly this action, in Tactics notation.
- ``won: true``: the game is over and you won it.
- ``all: [goal, ...]`` / ``any: [goal, ...]``: every goal / at least one goal of the list is met.
- ``within: n``: the other keys of the mapping must be met within n of your turns (default 1):
  once you have ended your n-th turn, and the upkeep at the start of your next turn has run,
  a goal not met is lost.

In a lesson the other army **passes**: when you end your turn, it ends its own turn straight
away, the next day starts and your upkeep runs (income, repairs, fuel, APC supply). So a goal
checked "at the start of your next turn" (a repair, income) is met after ``end turn``.

Start positions are the one-line positions of position.py, with game options in front:
``luck: on`` (default off, so that damage is exact), ``fog: on``, ``weather: rain|snow``,
``commanders: red vanguard, blue mender``, ``income: 2000``, ``repairs: off``. For example
``luck: off | fog: on | river_crossing day 1 red | red 0: recon D3 | blue 0: tank F5``.

A goal is checked after every action and gives a ``Verdict``: ``met``, ``open`` (still reachable)
or ``lost`` (out of reach this try, with the reason).

>>> s = start_state("river_crossing day 1 red | red 0: tank E2 | blue 0: infantry E3")
>>> goal = compile_goal({"destroyed": "E3"}, s)
>>> goal.evaluate(Progress(s, s, 0, [], [])).status
'open'
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from academy.core.errors import IllegalAction, InvalidNotation, MapError, RulesError
from academy.core.goals import OPEN, Goal, GoalCompiler, GoalError, Verdict
from academy.core.goals import Check as _Leaf
from academy.core.goals import join_words as _join
from academy.core.protocol import Event, NodeKind
from academy.core.text import a, count

from .actions import EndTurn
from .board import Pos, Unit, parse_tile, tile_name
from .commanders import COMMANDERS
from .game import TacticsGame
from .limits import FUNDS
from .legal import builds, powers
from .position import parse_position
from .state import CAPTURE_POINTS, TacticsState
from .terrain import TERRAIN, WEATHERS
from .units import UNITS, unit_type
from .view import visible_units

__all__ = ["EVENT_KINDS", "GOAL_KEYS", "OPTION_KEYS", "Goal", "GoalError", "LessonState", "Progress", "Verdict",
           "compile_goal", "describe_goal", "find_unit", "next_step", "start_state", "tag_units"]

GOAL_KEYS = ("destroyed", "damaged", "hp_at_least", "hp_at_most", "counter_at_most", "at", "loaded", "built",
             "captured", "capture_points", "supplied", "funds", "sees", "power", "day", "event", "action", "won",
             "all", "any", "within")
EVENT_KINDS = ("move", "ambush", "attack", "destroyed", "capture", "captured", "load", "unload", "blocked_drop",
               "supply", "build", "power", "power_end", "income", "repair", "crash", "end_turn", "knock_out",
               "victory", "draw")
OPTION_KEYS = ("luck", "fog", "weather", "commanders", "income", "repairs")
TAG = "lesson_tag"
"""The attribute each unit of a lesson's start position carries: its start tile (``E2``, cargo ``E2/1``)."""


# ============================================================================ the lesson state
class LessonState(TacticsState):
    """A Tactics game started from a lesson position. The learner plays; the other army passes:
    whenever it comes to move it ends its turn, so the learner's next turn (and its upkeep) follows."""

    learner: int = 0

    def apply(self, action: Any, player: int | None = None) -> list[Event]:
        events = super().apply(action, player)
        while self.node_kind() is NodeKind.DECISION and self.current != self.learner:
            events += super().apply(EndTurn())
        return events


@dataclass
class Progress:
    """What a goal is checked against: the start and current states, the learner, this try so far."""

    start: TacticsState
    state: TacticsState
    learner: int
    actions: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def turns_ended(self) -> int:
        """How many of the learner's turns have ended in this try."""
        return sum(1 for e in self.events if e.kind == "end_turn" and e.data.get("player") == self.learner)


# ============================================================================ start and next step
def _switch(value: str, part: str) -> bool:
    v = value.strip().lower()
    if v in ("on", "yes", "true"):
        return True
    if v in ("off", "no", "false"):
        return False
    raise InvalidNotation("bad_position", f"{part!r}: write 'on' or 'off'.")


def _options(parts: list[str], players: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {"luck": False}
    for part in parts:
        key, _, value = part.partition(":")
        key = key.strip().lower()
        if key in ("luck", "fog", "repairs"):
            options[key] = _switch(value, part)
        elif key == "weather":
            w = value.strip().lower()
            if w not in WEATHERS:
                raise InvalidNotation("bad_position", f"{part!r}: the weather is one of {', '.join(WEATHERS)}.")
            options["weather"] = w
        elif key == "income":
            if not value.strip().isdigit():
                raise InvalidNotation("bad_position", f"{part!r}: give the funds per property, e.g. 'income: 2000'.")
            options["income"] = FUNDS.read(value.strip(), "income")
        elif key == "commanders":
            chosen: list[str | None] = [None] * len(players)
            for entry in [e.strip() for e in value.split(",") if e.strip()]:
                army, _, name = entry.lower().partition(" ")
                name = name.strip()
                if army not in players:
                    raise InvalidNotation("bad_position", f"{part!r}: {army!r} is not an army here: "
                                                          f"{', '.join(players)}.")
                if name not in COMMANDERS and name != "none":
                    close = difflib.get_close_matches(name, list(COMMANDERS), n=1)
                    hint = f" (did you mean {close[0]!r}?)" if close else ""
                    raise InvalidNotation("bad_position", f"{part!r}: unknown commander {name!r}{hint}; "
                                                          f"commanders: {', '.join(COMMANDERS)}.")
                chosen[players.index(army)] = None if name == "none" else name
            options["commanders"] = chosen
    return options


def start_state(position: str, seed: int = 1) -> LessonState:
    """The state an exercise starts from; raises RulesError (InvalidNotation naming the bad part).

    ``position`` is a position.py line, with option parts (``luck: on``, ``fog: on``, ``weather: rain``,
    ``commanders: red vanguard``, ``income: 2000``, ``repairs: off``) anywhere among its parts. Luck is
    off unless the position turns it on. Every unit gets its start tile as its name in goals.

    >>> s = start_state("fog: on | river_crossing day 1 red | red 0: apc C4 [infantry] | blue 0: tank G8")
    >>> s.game.options["fog"], s.game.options["luck"], find_unit(s, "C4/1")[1].type
    (True, False, 'infantry')
    """
    if not isinstance(position, str):
        raise InvalidNotation("bad_position", f"A position is a line of text, not {type(position).__name__}.")
    parts = [p.strip() for p in position.split("|") if p.strip()]
    opts = [p for p in parts if p.partition(":")[0].strip().lower() in OPTION_KEYS]
    rest = [p for p in parts if p not in opts]
    if not rest:
        raise InvalidNotation("bad_position", "An empty position: start with e.g. 'river_crossing day 1 red'.")
    head = re.fullmatch(r"(\w+) day (\d+) (\w+)", rest[0])
    if not head:
        raise InvalidNotation("bad_position", f"The first part {rest[0]!r} should read like "
                                              "'river_crossing day 1 red'.")
    try:
        players = TacticsGame(map=head.group(1)).map.players
        game = TacticsGame(map=head.group(1), **_options(opts, players))
    except MapError as exc:   # an unknown or broken map
        raise InvalidNotation("bad_position", f"{rest[0]!r}: {exc.message if hasattr(exc, 'message') else exc}") \
            from None
    parsed = parse_position(" | ".join(rest), game, seed=seed)
    state = LessonState(game, parsed.record)
    state.__dict__.update({k: v for k, v in parsed.__dict__.items() if k not in ("game", "record")})
    state.learner = state.current
    tag_units(state)
    return state


def tag_units(state: TacticsState) -> None:
    """Name every unit of ``state`` that has no name yet by its tile (cargo: ``E2/1``)."""
    for pos, unit in state.units.items():
        if getattr(unit, TAG, None) is None:
            setattr(unit, TAG, tile_name(pos))
        for i, cargo in enumerate(unit.cargo, start=1):
            if getattr(cargo, TAG, None) is None:
                setattr(cargo, TAG, f"{tile_name(pos)}/{i}")


def find_unit(state: TacticsState, tag: str) -> tuple[Pos, Unit, Unit | None] | None:
    """Where the unit named ``tag`` (its start tile) is now: (tile, unit, the transport it rides in
    or None), or None when it is gone."""
    for pos, unit in state.units.items():
        if getattr(unit, TAG, None) == tag:
            return pos, unit, None
        for cargo in unit.cargo:
            if getattr(cargo, TAG, None) == tag:
                return pos, cargo, unit
    return None


def next_step(state: TacticsState) -> str:
    """One sentence on what the army to move can do now."""
    if state.is_terminal():
        return "The game is over."
    if state.node_kind() is not NodeKind.DECISION:
        return "The luck roll of the attack comes next."
    who = state.game.player_name(state.current)
    ready = [u for u in state.units_of(state.current).values() if not u.acted]
    can = []
    if ready:
        can.append(f"move and act with {count(len(ready), 'more unit')}")
    if builds(state):
        can.append("build on a free production property")
    if powers(state):
        can.append("use the commander's power")
    if not can:
        return f"{who} has nothing left to do this turn: end the turn."
    return f"{who} can {_join(can + ['end the turn'], 'or')}."


# ============================================================================ goals
@dataclass
class _Within(Goal):
    """The inner goal must be met before the learner's ``turns``-th turn has ended (and the next upkeep run)."""

    inner: Goal
    turns: int
    text: str = ""

    def evaluate(self, p: Progress) -> Verdict:
        v = self.inner.evaluate(p)
        if v.status != "open":
            return v
        if p.turns_ended >= self.turns:
            span = "this turn" if self.turns == 1 else f"{self.turns} turns"
            return Verdict("lost", f"You ended your turn: the goal ({self.inner.text}) had to be met within {span}.")
        return OPEN


def _attacks(p: Progress) -> list[Event]:
    return [e for e in p.events if e.kind == "attack"]


class _Compiler(GoalCompiler):
    """Turns a goal mapping into Goal objects, resolving names against the start state."""

    def __init__(self, state: TacticsState) -> None:
        self.state = state
        if not any(getattr(u, TAG, None) for u in state.units.values()):
            tag_units(state)
        learner = state.to_move()
        assert learner is not None
        self.learner = learner
        self.me = state.game.player_name(learner)
        self.w, self.h = state.game.map.width, state.game.map.height
        self.names: dict[str, str] = {}

    # --- names and values ------------------------------------------------------------------
    def tile(self, value: Any, path: Sequence[Any]) -> Pos:
        if not isinstance(value, str):
            raise GoalError(f"expected a tile such as E5, got {value!r}", path)
        try:
            return parse_tile(value, self.w, self.h)
        except IllegalAction as exc:
            raise GoalError(exc.message, path) from None

    def unit(self, value: Any, path: Sequence[Any], enemy: bool | None = None) -> str:
        """A unit's name (its start tile, cargo ``E2/1``); checks a unit stands there at the start."""
        text = str(value).strip().upper() if isinstance(value, str) else value
        if not isinstance(text, str) or not re.fullmatch(r"[A-Z]\d{1,2}(/\d)?", text):
            raise GoalError(f"name a unit by its tile in the start position, such as E5 (cargo: E5/1), "
                            f"got {value!r}", path)
        found = find_unit(self.state, text)
        if found is None:
            here = ", ".join(f"{u.spec.name} {tile_name(p)}" for p, u in sorted(self.state.units.items(),
                                                                                key=lambda kv: kv[0][::-1]))
            raise GoalError(f"no unit stands on {text} in the start position; the units are: {here}", path)
        unit = found[1]
        # the learner moves their own units during the try: "your Tank from E3" stays true after it moved
        self.names[text] = (f"your {unit.spec.name} from {text}" if unit.owner == self.learner else
                            f"the {unit.spec.name} on {text}")
        if enemy is True and unit.owner == self.learner:
            raise GoalError(f"the {unit.spec.name} on {text} is one of your own units; name an enemy unit", path)
        if enemy is False and unit.owner != self.learner:
            raise GoalError(f"the {unit.spec.name} on {text} is not one of your units", path)
        return text

    def units(self, value: Any, path: Sequence[Any], enemy: bool | None = None) -> list[str]:
        if isinstance(value, list):
            if not value:
                raise GoalError("expected a tile or a list of them, got an empty list", path)
            return [self.unit(v, (*path, i), enemy) for i, v in enumerate(value)]
        return [self.unit(value, path, enemy)]

    def unit_map(self, value: Any, path: Sequence[Any], example: str) -> dict[str, Any]:
        if not isinstance(value, Mapping) or not value:
            raise GoalError(f"expected a mapping such as {example}", path)
        return dict(value)

    def name(self, tag: str) -> str:
        """The unit in words, by where it was when the goal was read: "the Infantry on G8" (an enemy),
        "your Tank from E2" (the learner's own, which may have moved since)."""
        return self.names[tag]

    @staticmethod
    def number(value: Any, path: Sequence[Any], least: int = 0, most: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < least or (most is not None
                                                                                          and value > most):
            top = f" and at most {most}" if most is not None else ""
            raise GoalError(f"expected a whole number of at least {least}{top}, got {value!r}", path)
        return value

    @staticmethod
    def true(value: Any, path: Sequence[Any], key: str) -> None:
        if value is not True:
            raise GoalError(f"'{key}' takes the value true (got {value!r})", path)

    # --- mappings --------------------------------------------------------------------------
    def goal(self, spec: Any, path: Sequence[Any] = (), top: bool = False) -> Goal:
        if not isinstance(spec, Mapping) or not spec:
            raise GoalError("a goal is a mapping such as {destroyed: E5}", path)
        parts = []
        within = 1 if top else None
        for key, value in spec.items():
            if key not in GOAL_KEYS:
                close = difflib.get_close_matches(str(key), GOAL_KEYS, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise GoalError(f"unknown goal key {key!r}{hint}; goal keys are: {', '.join(GOAL_KEYS)}",
                                (*path, key))
            if key == "within":
                within = self.number(value, (*path, key), least=1)
                continue
            parts.append(getattr(self, f"_{key}")(value, (*path, key)))
        if not parts:
            raise GoalError("'within' goes beside other goal keys, e.g. {captured: H1, within: 2}", path)
        goal = self.combine(parts)
        if within is None:
            return goal
        text = goal.text if within == 1 else f"{goal.text} within {within} turns"
        return _Within(goal, within, text)

    # --- combat ----------------------------------------------------------------------------
    def _destroyed(self, value: Any, path: Sequence[Any]) -> Goal:
        want = self.units(value, path, enemy=True)
        return _Leaf(f"destroy {_join([self.name(t) for t in want])}",
                     lambda p: all(find_unit(p.state, t) is None for t in want))

    def _damaged(self, value: Any, path: Sequence[Any]) -> Goal:
        raw = self.unit_map(value, path, "{E5: 40}")
        want = {self.unit(k, (*path, k)): self.number(v, (*path, k), least=1, most=100) for k, v in raw.items()}
        start = {t: find_unit(self.state, t)[1].health for t in want}  # type: ignore[index]

        def lost_health(p: Progress, t: str) -> int:
            found = find_unit(p.state, t)
            return start[t] - (found[1].health if found else 0)
        return _Leaf(_join([f"take at least {n} health points ({n / 10:g} HP) off {self.name(t)}"
                            for t, n in want.items()]),
                     lambda p: all(lost_health(p, t) >= n for t, n in want.items()))

    def _hp(self, value: Any, path: Sequence[Any], least: bool) -> Goal:
        raw = self.unit_map(value, path, "{E2: 8}")
        want = {self.unit(k, (*path, k)): self.number(v, (*path, k), least=0 if not least else 1, most=10)
                for k, v in raw.items()}

        def hp(p: Progress, t: str) -> int:
            found = find_unit(p.state, t)
            return found[1].hp if found else 0

        if least:
            def lost(p: Progress) -> str:
                gone = [t for t in want if find_unit(p.state, t) is None]
                return f"{_join([self.name(t) for t in gone])} was destroyed." if gone else ""
            return _Leaf(_join([f"have {self.name(t)} at {n} HP or more" for t, n in want.items()]),
                         lambda p: all(hp(p, t) >= n for t, n in want.items()), lost)
        return _Leaf(_join([f"bring {self.name(t)} down to {n} HP or less" for t, n in want.items()]),
                     lambda p: all(hp(p, t) <= n for t, n in want.items()))

    def _hp_at_least(self, value: Any, path: Sequence[Any]) -> Goal:
        return self._hp(value, path, least=True)

    def _hp_at_most(self, value: Any, path: Sequence[Any]) -> Goal:
        return self._hp(value, path, least=False)

    def _counter_at_most(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, least=0, most=100)

        def check(p: Progress) -> bool:
            attacks = _attacks(p)
            return bool(attacks) and all((e.data.get("counter") or 0) <= n for e in attacks)

        def lost(p: Progress) -> str:
            worst = max(((e.data.get("counter") or 0, e) for e in _attacks(p)), default=None, key=lambda x: x[0])
            if worst is not None and worst[0] > n:
                return (f"The counterattack on your unit from {worst[1].data['attacker']} took "
                        f"{count(worst[0], 'health point')}; the exercise allows {n} at most.")
            return ""
        text = "attack without drawing any counterattack" if n == 0 else \
            f"attack so that no counterattack takes more than {count(n, 'health point')}"
        return _Leaf(text, check, lost)

    # --- places, transports, supply ----------------------------------------------------------
    def _at(self, value: Any, path: Sequence[Any]) -> Goal:
        raw = self.unit_map(value, path, "{E2: F5}")
        want = {self.unit(k, (*path, k)): self.tile(v, (*path, k)) for k, v in raw.items()}

        def check(p: Progress) -> bool:
            for t, pos in want.items():
                found = find_unit(p.state, t)
                if found is None or found[2] is not None or found[0] != pos:
                    return False
            return True

        def lost(p: Progress) -> str:
            gone = [t for t in want if find_unit(p.state, t) is None]
            return f"{_join([self.name(t) for t in gone])} is no longer on the board." if gone else ""
        return _Leaf(_join([f"bring {self.name(t)} to {tile_name(pos)}" for t, pos in want.items()]), check, lost)

    def _loaded(self, value: Any, path: Sequence[Any]) -> Goal:
        raw = self.unit_map(value, path, "{C3: D4}")
        want: dict[str, str] = {}
        for k, v in raw.items():
            cargo = self.unit(k, (*path, k), enemy=False)
            carrier = self.unit(v, (*path, k), enemy=False)
            spec = find_unit(self.state, carrier)[1].spec  # type: ignore[index]
            if spec.transport is None:
                raise GoalError(f"the {spec.name} on {carrier} is no transport", (*path, k))
            want[cargo] = carrier

        def check(p: Progress) -> bool:
            for cargo, carrier in want.items():
                found = find_unit(p.state, cargo)
                if found is None or found[2] is None or getattr(found[2], TAG, None) != carrier:
                    return False
            return True

        def lost(p: Progress) -> str:
            gone = [t for t in (*want, *want.values()) if find_unit(p.state, t) is None]
            return f"{_join([self.name(t) for t in gone])} is no longer on the board." if gone else ""
        return _Leaf(_join([f"load {self.name(c)} into {self.name(t)}" for c, t in want.items()]), check, lost)

    def _supplied(self, value: Any, path: Sequence[Any]) -> Goal:
        want = self.units(value, path, enemy=False)

        def full(p: Progress, t: str) -> bool:
            found = find_unit(p.state, t)
            return found is not None and found[1].fuel == found[1].spec.fuel and found[1].ammo == found[1].spec.ammo
        return _Leaf(f"refill the fuel and ammo of {_join([self.name(t) for t in want])}",
                     lambda p: all(full(p, t) for t in want))

    # --- properties, funds and production ------------------------------------------------------
    def _property(self, value: Any, path: Sequence[Any]) -> Pos:
        pos = self.tile(value, path)
        if pos not in self.state.owners:
            raise GoalError(f"{tile_name(pos)} is no property (it is {self.state.terrain(pos)})", path)
        return pos

    def _captured(self, value: Any, path: Sequence[Any]) -> Goal:
        items = value if isinstance(value, list) and value else [value]
        want = [self._property(v, (*path, i) if isinstance(value, list) else path) for i, v in enumerate(items)]
        me = self.learner
        names = [f"the {TERRAIN[self.state.terrain(pos)].name.lower()} on {tile_name(pos)}" for pos in want]
        return _Leaf(f"capture {_join(names)}", lambda p: all(p.state.owners.get(pos) == me for pos in want))

    def _capture_points(self, value: Any, path: Sequence[Any]) -> Goal:
        raw = self.unit_map(value, path, "{H1: 10}")
        want = {self._property(k, (*path, k)): self.number(v, (*path, k), least=0, most=CAPTURE_POINTS - 1)
                for k, v in raw.items()}
        me = self.learner
        return _Leaf(_join([f"bring the capture points of {tile_name(pos)} down to {n} or fewer"
                            for pos, n in want.items()]),
                     lambda p: all(p.state.owners.get(pos) == me or p.state.capture.get(pos, CAPTURE_POINTS) <= n
                                   for pos, n in want.items()))

    def _built(self, value: Any, path: Sequence[Any]) -> Goal:
        if isinstance(value, Mapping) and value:
            items = [(k, v) for k, v in value.items()]
        elif isinstance(value, list) and value:
            items = [(v, None) for v in value]
        elif isinstance(value, str):
            items = [(value, None)]
        else:
            raise GoalError("built takes a unit type, a list of them, or a mapping such as {tank: C2}", path)
        want: list[tuple[str, Pos | None]] = []
        for k, v in items:
            try:
                kind = unit_type(str(k)).id
            except IllegalAction as exc:
                raise GoalError(exc.message, (*path, k) if isinstance(value, Mapping) else path) from None
            want.append((kind, None if v is None else self.tile(v, (*path, k))))

        def check(p: Progress) -> bool:
            made = [(e.data.get("unit"), e.data.get("tile")) for e in p.events if e.kind == "build"]
            for kind, pos in want:
                hit = next((m for m in made if m[0] == kind and (pos is None or m[1] == tile_name(pos))), None)
                if hit is None:
                    return False
                made.remove(hit)
            return True
        words = [a(UNITS[k].name) + (f" on {tile_name(pos)}" if pos else "") for k, pos in want]
        return _Leaf(f"build {_join(words)}", check)

    def _funds(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path)
        me = self.learner
        return _Leaf(f"have {n:,} funds or more", lambda p: p.state.funds[me] >= n)

    # --- fog, powers, the day, events ---------------------------------------------------------
    def _sees(self, value: Any, path: Sequence[Any]) -> Goal:
        if not self.state.game.options["fog"]:
            raise GoalError("'sees' needs fog of war: add 'fog: on' to the position", path)
        want = self.units(value, path, enemy=True)
        me = self.learner

        def check(p: Progress) -> bool:
            shown = visible_units(p.state, me)
            tags = {getattr(u, TAG, None) for u in shown.values()}
            return all(t in tags for t in want)
        return _Leaf(f"spot {_join([self.name(t) for t in want])}", check)

    def _power(self, value: Any, path: Sequence[Any]) -> Goal:
        if value not in ("power", "super"):
            raise GoalError(f"power takes 'power' or 'super', not {value!r}", path)
        if self.state.commander_of(self.learner) is None:
            raise GoalError(f"{self.me} has no commander: add e.g. 'commanders: red vanguard' to the position", path)
        me = self.learner
        word = "power" if value == "power" else "super power"
        return _Leaf(f"use your commander's {word}", lambda p: p.state.power[me] == value)

    def _day(self, value: Any, path: Sequence[Any]) -> Goal:
        n = self.number(value, path, least=self.state.day + 1)
        me = self.learner
        return _Leaf(f"reach your turn of day {n}", lambda p: p.state.day >= n and p.state.to_move() == me)

    def _event(self, value: Any, path: Sequence[Any]) -> Goal:
        if value not in EVENT_KINDS:
            close = difflib.get_close_matches(str(value), EVENT_KINDS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise GoalError(f"unknown event kind {value!r}{hint}; event kinds: {', '.join(EVENT_KINDS)}", path)
        return _Leaf(f"make a '{value}' happen", lambda p: any(e.kind == value for e in p.events))

    def _action(self, value: Any, path: Sequence[Any]) -> Goal:
        if not isinstance(value, str):
            raise GoalError(f"an action goal is a command in Tactics notation, got {value!r}", path)
        try:
            want = self.state.game.parse_action(value, self.state)
        except RulesError as exc:
            raise GoalError(f"the action {value!r} does not parse: {exc}", path) from None
        shown = self.state.game.format_action(want, self.state)

        def lost(p: Progress) -> str:
            at = getattr(want, "at", None)
            if at is None:
                return ""
            other = next((a for a in p.actions if getattr(a, "at", None) == at and type(a).__name__ != "Build"), None)
            if other is not None and other != want:
                return (f"The unit on {at} has made its move this turn; the exercise asked for \"{shown}\".")
            return ""
        return _Leaf(f"play \"{shown}\"", lambda p: want in p.actions, lost)

    def _won(self, value: Any, path: Sequence[Any]) -> Goal:
        self.true(value, path, "won")
        me = self.learner
        return _Leaf("win the game", lambda p: p.state.is_terminal() and p.state.winner() == me)


def compile_goal(spec: Any, state: TacticsState) -> Goal:
    """Read a goal mapping against a start state; raises GoalError (with the path to the bad part).

    The learner is the army to move in ``state``; units are named by their tiles in ``state``.
    """
    if state.node_kind() is not NodeKind.DECISION:
        raise GoalError("the start position has nobody to move, so there is no learner")
    return _Compiler(state).goal(spec, top=True)


def describe_goal(spec: Any, state: TacticsState) -> str:
    """The goal in words, e.g. "destroy the Tank on E5"; raises GoalError like compile_goal."""
    return compile_goal(spec, state).text
