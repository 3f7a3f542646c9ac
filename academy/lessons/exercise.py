"""Playing an exercise: an Attempt holds the live state, checks the goal after each action, gives feedback.

    >>> from academy.lessons import load_lesson, LESSONS_DIR
    >>> lesson = load_lesson(LESSONS_DIR / "conquest" / "fortifying.md")
    >>> attempt = Attempt(lesson, lesson.exercises[0])
    >>> attempt.act("fortify Alberta -> Quebec 9").status
    'illegal'

Each game that has lessons has a goals module (``GOAL_MODULES``) with:

- ``start_state(position, seed) -> State`` (raises RulesError for a bad position),
- ``compile_goal(goal, state) -> Goal`` (raises GoalError with a ``path`` into the goal),
  where ``Goal.evaluate(Progress(start, state, learner, actions, events))`` gives a
  ``Verdict`` (``met`` / ``open`` / ``lost`` with a reason) and ``Goal.text`` says it in words,
- ``next_step(state) -> str``: what the player to move can do now.

A game played with orders given together (a SIMULTANEOUS node, like Diplomacy) adds:

- ``learner_of(state) -> int | None``: who the learner is (nobody is "to move" there),
- ``play(state, learner, action) -> (recorded action, events)``: the learner's whole submission
  for the phase as one action, resolved with the other players' orders; raises RulesError (and
  changes nothing) for a refused order,
- optionally ``narrate(events) -> str``: the resolution in words (each order's result and why).

    >>> lesson = load_lesson(LESSONS_DIR / "diplomacy" / "orders.md")
    >>> attempt = Attempt(lesson, lesson.exercises[0])
    >>> attempt.act("A LON - PAR").status
    'illegal'
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from academy.core.errors import RulesError
from academy.core.goals import Check
from academy.core.protocol import Event, NodeKind, State
from academy.core.text import count

from .model import Exercise, Lesson
from .recorded import action_texts, compile_goal, simultaneous, step

__all__ = ["GOAL_MODULES", "Attempt", "Feedback", "Rehearsal", "exercise_goal", "goal_module", "learner_lines", "learner_of",
           "start_state"]

#: the goals module of each game that has lessons (explicit, like the engine registry)
GOAL_MODULES: dict[str, str] = {
    "conquest": "academy.games.conquest.goals",
    "diplomacy": "academy.games.diplomacy.goals",
    "fronts": "academy.games.fronts.goals",
    "game_of_war": "academy.games.game_of_war.goals",
    "tactics": "academy.games.tactics.goals",
}


def goal_module(game: str) -> ModuleType:
    """The goals module of ``game``; raises KeyError naming the games that have lessons."""
    if game not in GOAL_MODULES:
        raise KeyError(f"no lesson support for game {game!r} yet; games with lessons: {', '.join(GOAL_MODULES)}")
    return importlib.import_module(GOAL_MODULES[game])


def start_state(game: str, position: str, seed: int = 1) -> State:
    """The live state for a lesson position (a one-line position, or ``new game ...`` for set-up).

    Use this, not the game's ``parse_position``, to draw a lesson's board. Raises RulesError.
    """
    return goal_module(game).start_state(position, seed)


def learner_of(goals: ModuleType, state: State) -> int | None:
    """The learner in a lesson's start state: the player to move, or, where players give orders
    together (a SIMULTANEOUS node), the player the game's goals module names."""
    if state.node_kind() is NodeKind.SIMULTANEOUS and hasattr(goals, "learner_of"):
        learner: int | None = goals.learner_of(state)
        return learner
    return state.to_move()


def learner_lines(game: str, position: str) -> dict[str, str]:
    """Who a learner may play from ``position`` (a lesson's position line): {player name: the position line
    that makes that player the learner}. Where players give orders together the game's goals module says
    (``learner_lines``); elsewhere the learner is the player to move, the one choice. Raises RulesError."""
    goals = goal_module(game)
    if hasattr(goals, "learner_lines"):
        lines: dict[str, str] = goals.learner_lines(position)
        return lines
    state = goals.start_state(position, 1)
    mover = learner_of(goals, state)
    return {state.game.player_name(mover): position} if mover is not None else {}


def exercise_goal(game: str, spec: Any, state: State) -> Any:
    """A lesson goal mapping compiled against its start state (the game's vocabulary, and ``plays`` and
    ``reaches`` for every game: ``recorded.py``). Raises GoalError with the path to the bad part."""
    goals = goal_module(game)
    return compile_goal(goals, game, spec, state, learner_of(goals, state))


@dataclass(frozen=True)
class Feedback:
    """What one learner action led to.

    ``status``: "continue" (goal not reached yet), "solved", "wrong" (legal, but the goal is out
    of reach now or the actions are used up) or "illegal" (refused; the state is unchanged).
    ``message`` says what happened and why; ``events`` are the engine's events of the action.
    """

    status: str
    message: str
    events: tuple[Event, ...] = ()


def narrate(events: list[Event] | tuple[Event, ...]) -> str:
    """The events in words, each followed by its "why" lines."""
    lines: list[str] = []
    for e in events:
        lines.append(e.text)
        lines += [f"  · {w}" for w in e.why]
    return "\n".join(lines)


class Attempt:
    """A learner working on one exercise.

    ``state`` is the live engine state (the board draws it); ``learner`` is the player to move at
    the start (where players give orders together, the player the goals module names: in Diplomacy
    the position's "X to order" power, whose orders for the phase are one action). ``tries`` counts tries started (1 at first, +1 per reset); ``solved`` turns True
    once any try solves the exercise and stays True; ``hints_used`` counts hints shown;
    ``actions`` are the learner's actions in the current try; ``status`` is the last
    Feedback status of this try ("ready" before the first action).
    """

    def __init__(self, lesson: Lesson, exercise: Exercise) -> None:
        self.lesson = lesson
        self.exercise = exercise
        self.goals = goal_module(lesson.game)
        self.position = lesson.start_position(exercise)
        self.tries = 0
        self.solved = False
        self.hints_used = 0
        self._start_try()

    # --- tries -----------------------------------------------------------------------------
    def _start_try(self) -> None:
        self.state: State = self.goals.start_state(self.position, self.exercise.seed)
        self.start: State = self.state.clone()
        learner = learner_of(self.goals, self.state)
        if learner is None:
            raise RulesError("no_learner", f"The position of exercise {self.exercise.id!r} has nobody to move.")
        self.learner: int = learner
        self.goal = compile_goal(self.goals, self.lesson.game, self.exercise.goal, self.state, learner)
        self.actions: list[Any] = []
        self.events: list[Event] = []
        self.history: list[Feedback] = []
        self.status = "ready"
        self.tries += 1

    def reset(self) -> None:
        """Back to the start position; counts a new try (hints already shown stay shown)."""
        self._start_try()

    @property
    def over(self) -> bool:
        """True when this try has ended (solved or wrong): reset to try again."""
        return self.status in ("solved", "wrong")

    @property
    def goal_text(self) -> str:
        """The goal in words, e.g. "hold Kamchatka"."""
        return self.goal.text

    @property
    def actions_left(self) -> int:
        return max(0, self.exercise.max_actions - len(self.actions))

    def hint(self) -> str | None:
        """The next hint layer, or None when every hint has been shown."""
        if self.hints_used >= len(self.exercise.hints):
            return None
        self.hints_used += 1
        return self.exercise.hints[self.hints_used - 1]

    # --- acting ----------------------------------------------------------------------------
    def act(self, action_or_text: Any) -> Feedback:
        """Play one learner action (a dataclass or a command in the game's notation; in Diplomacy,
        the learner's orders for the phase: a list of order texts or one text separated by ';').

        Never raises for a bad action: a refusal is Feedback("illegal", the engine's message)
        and leaves the state unchanged.
        """
        if self.over:
            return self._log(Feedback("illegal", f"This try is over ({self.status}). Press Reset to try again."))
        state = self.state
        try:      # where players give orders together: the learner's orders for the phase, resolved with the others'
            action, events = step(self.goals, state, self.learner, action_or_text)
        except RulesError as exc:
            return self._log(Feedback("illegal", str(exc)))
        self.actions.append(action)
        self.events += events
        verdict = self.goal.evaluate(self._progress())
        told = getattr(self.goals, "narrate", narrate)(events)
        if verdict.status == "met":
            self.solved = True
            return self._log(Feedback("solved", _join(told, self.exercise.success), tuple(events)))
        why = verdict.reason if verdict.status == "lost" else self._out_of_time()
        if why:
            return self._log(Feedback("wrong", _join(told, self.exercise.wrong, why, RESET_NOTE), tuple(events)))
        left = self.actions_left
        nudge = f"Not there yet: {self.goal.text}. {self.goals.next_step(state)}"
        if left <= 3:
            nudge += f" ({count(left, 'action')} left.)"
        return self._log(Feedback("continue", _join(told, nudge), tuple(events)))

    def action_texts(self) -> list[str]:
        """The actions of this try in the game's notation (what a ``solution`` or a ``plays`` goal writes)."""
        return action_texts(self.goals, self.start, self.learner, self.actions)

    def _progress(self) -> Any:
        return self.goals.Progress(self.start, self.state, self.learner, list(self.actions), list(self.events))

    def _out_of_time(self) -> str:
        """Why the try cannot go on although the goal itself is not lost ('' if it can)."""
        s = self.state
        if s.is_terminal():
            return "The game is over, and the goal was not reached."
        if simultaneous(self.goals, s):
            if self.learner not in s.players_to_act():
                return (f"{s.game.player_name(self.learner)} has nothing more to order now, so your part of this "
                        "exercise is over and the goal was not reached.")
            if len(self.actions) >= self.exercise.max_actions:
                return f"That was your last action: this exercise allows {self.exercise.max_actions}."
            return ""
        mover = s.to_move()
        if mover != self.learner:
            return (f"It is {s.game.player_name(mover)}'s move now, so your part of this exercise is over "
                    "and the goal was not reached.")
        if len(self.actions) >= self.exercise.max_actions:
            return f"That was your last action: this exercise allows {self.exercise.max_actions}."
        return ""

    def _log(self, fb: Feedback) -> Feedback:
        if fb.status != "illegal":
            self.status = fb.status
        self.history.append(fb)
        return fb


class Rehearsal(Attempt):
    """A teacher's own try from a position (a lesson being written, a demo board): every legal action is
    played and kept (``actions``, ``action_texts()``), and no goal ends it. ``game``'s ``position`` is read
    as a lesson reads it; raises RulesError for one it cannot read, or where nobody is to move."""

    def __init__(self, game: str, position: str, seed: int = 1, max_actions: int = 30) -> None:
        lesson = Lesson(id="rehearsal", game=game, title="", section="", order=0, position=position, summary="",
                        body="")
        exercise = Exercise(id="rehearsal", prompt="", goal={"reaches": "\x00"}, hints=("",), success="",
                            wrong="", seed=seed, max_actions=max_actions)
        super().__init__(lesson, exercise)

    def _start_try(self) -> None:
        super()._start_try()
        self.goal = Check("play the moves you want to show", lambda p: False)


#: the last words of every "wrong" feedback: this try is over, and how to start again
RESET_NOTE = "This try can no longer solve the exercise: press Reset to start it again from the same position."


def _join(*parts: str) -> str:
    return "\n\n".join(p.strip() for p in parts if p and p.strip())
