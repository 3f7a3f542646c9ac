"""Goals made from a teacher's own move, the same in every game: ``plays`` and ``reaches``.

A teacher writing an exercise in the app may, instead of a goal from the game's vocabulary (its goals
module), make the move on the board and say what it means:

- ``plays: "attack Ukraine -> Ural 3"`` (or a list, for several actions in turn): **the move I make
  now**. Met when the learner's first actions are exactly these (in Diplomacy and Fronts an action is the
  learner's orders for the phase, in any order); lost as soon as one differs.
- ``reaches: "<a position line>"``: **any move that reaches this result**. Met when the board, written as
  the game's position line, is this line after one of the learner's actions (whatever they played to get
  there). Never lost before the actions run out.

Both keys sit at the top of a goal mapping, beside the game's own keys (all must be met). The checker
reads them like any goal: a move that is refused, or a result already reached at the start, is reported
with the file's line.

``compile_goal(goals, game, spec, state, learner)`` compiles a goal mapping with them (the game's own keys
go to its goals module); ``step`` plays one learner action as an exercise does; ``action_texts`` writes a
try's actions in the game's notation (the teacher's move, ready for ``plays`` and ``solution``);
``result_line`` writes a board as ``reaches`` compares it.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from academy.core.errors import RulesError
from academy.core.goals import AllOf, Check, Goal, GoalError, join_words
from academy.core.protocol import Event, NodeKind, State

__all__ = ["SHARED_GOAL_KEYS", "action_texts", "compile_goal", "result_line", "simultaneous", "step"]

#: the goal keys every game knows (at the top of a goal)
SHARED_GOAL_KEYS = ("plays", "reaches")


def simultaneous(goals: ModuleType, state: State) -> bool:
    """Whether the learner's action here is their orders for the whole phase (a SIMULTANEOUS node)."""
    return state.node_kind() is NodeKind.SIMULTANEOUS and hasattr(goals, "play")


def step(goals: ModuleType, state: State, learner: int, action_or_text: Any) -> tuple[Any, list[Event]]:
    """Play one learner action on ``state`` (a dataclass or a command in the game's notation; where players
    give orders together, the learner's orders for the phase, resolved with everybody else's); returns the
    action as recorded and the events. Raises RulesError (the state unchanged) for a refused action."""
    if simultaneous(goals, state):
        action, events = goals.play(state, learner, action_or_text)
        return action, list(events)
    action = state.game.parse_action(action_or_text, state) if isinstance(action_or_text, str) else action_or_text
    return action, state.play(action, player=learner)


def action_text(goals: ModuleType, state: State, action: Any) -> str:
    """``action`` (played from ``state``) in the game's notation: orders joined by '; ' for a submission."""
    if simultaneous(goals, state):
        return "; ".join(getattr(action, "orders", ()))
    return state.game.format_action(action, state)


def action_texts(goals: ModuleType, start: State, learner: int, actions: Sequence[Any]) -> list[str]:
    """The learner's ``actions`` from ``start`` in the game's notation, each as written before it was played."""
    state, out = start.clone(), []
    for action in actions:
        text = action_text(goals, state, action)
        step(goals, state, learner, text)
        out.append(text)
    return out


def result_line(goals: ModuleType, game: str, state: State) -> str:
    """The board as ``reaches`` compares it: the goals module's ``result_line``, else the game's position line."""
    own = getattr(goals, "result_line", None)
    if own is not None:
        return str(own(state))
    return str(importlib.import_module(f"academy.games.{game}").format_position(state))


def _key(action: Any) -> Any:
    """What makes two actions the same move: a submission's orders in any order."""
    orders = getattr(action, "orders", None)
    return (type(action).__name__, tuple(sorted(orders))) if isinstance(orders, tuple) else action


def _plays(goals: ModuleType, value: Any, state: State, learner: int) -> Goal:
    commands = [value] if isinstance(value, str) else value
    if not isinstance(commands, list) or not commands or not all(isinstance(c, str) and c.strip() for c in commands):
        raise GoalError("plays takes a move in the game's notation, or a list of moves", ("plays",))
    board, wanted = state.clone(), []
    for i, command in enumerate(commands):
        try:
            action, _ = step(goals, board, learner, command)
        except RulesError as exc:
            raise GoalError(f"move {i + 1} of plays, {command!r}, is refused from the start position: {exc}",
                            ("plays", i) if len(commands) > 1 else ("plays",)) from None
        wanted.append(_key(action))
    text = "play the move your teacher has in mind" if len(wanted) == 1 else \
        f"play the {len(wanted)} moves your teacher has in mind, in turn"

    def check(p: Any) -> bool:
        return len(p.actions) >= len(wanted) and [_key(a) for a in p.actions[:len(wanted)]] == wanted

    def lost(p: Any) -> str:
        for i, (action, want) in enumerate(zip(p.actions, wanted)):
            if _key(action) != want:
                return ("That is not the move this exercise asks for." if i == 0 else
                        f"Your move {i + 1} is not the one this exercise asks for.")
        return ""
    return Check(text, check, lost)


def _reaches(goals: ModuleType, game: str, value: Any) -> Goal:
    if not isinstance(value, str) or not value.strip():
        raise GoalError("reaches takes the position line of the result to reach", ("reaches",))
    target = " ".join(value.split())

    def check(p: Any) -> bool:
        try:
            return " ".join(result_line(goals, game, p.state).split()) == target
        except (RulesError, ValueError, KeyError, TypeError, AttributeError):
            return False
    return Check("reach the result your teacher has in mind", check)


def compile_goal(goals: ModuleType, game: str, spec: Any, state: State, learner: int | None) -> Goal:
    """A goal mapping compiled: ``plays`` and ``reaches`` here, the game's own keys by its goals module.
    Raises GoalError (with the path to the bad part)."""
    if not isinstance(spec, Mapping) or not any(k in spec for k in SHARED_GOAL_KEYS):
        return goals.compile_goal(spec, state)
    if learner is None:
        raise GoalError("the start position has nobody to move, so there is no learner")
    rest = {k: v for k, v in spec.items() if k not in SHARED_GOAL_KEYS}
    parts = [goals.compile_goal(rest, state)] if rest else []
    if "plays" in spec:
        parts.append(_plays(goals, spec["plays"], state, learner))
    if "reaches" in spec:
        parts.append(_reaches(goals, game, spec["reaches"]))
    return parts[0] if len(parts) == 1 else AllOf(parts, join_words([g.text for g in parts]))
