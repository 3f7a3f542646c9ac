"""The lesson model: a Lesson (one Markdown file) holds Exercises (small goals checked by the engine).

Both are frozen dataclasses built by the loader (loader.py); nothing here reads files.
"""
from __future__ import annotations

import re

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DEFAULT_MAX_ACTIONS", "DEFAULT_SEED", "Exercise", "Lesson"]

DEFAULT_SEED = 1
DEFAULT_MAX_ACTIONS = 10


@dataclass(frozen=True)
class Exercise:
    """One small task on a live board, with the goal the engine checks after each action.

    ``goal`` is the mapping as written in the lesson (names not yet resolved; see the game's
    goals module for the vocabulary). ``success`` and ``wrong`` are the teacher's feedback for
    a solved try and for a legal try that missed the goal. ``position`` overrides the lesson's
    position when given. ``solution`` is an optional list of commands that solves the exercise
    with its seed: the loader plays it to prove the exercise can be solved, and a page may show
    it as the last hint. ``line`` is the 1-based line of the exercise in its file.
    """

    id: str
    prompt: str
    goal: Mapping[str, Any]
    hints: tuple[str, ...]
    success: str
    wrong: str
    position: str | None = None
    seed: int = DEFAULT_SEED
    max_actions: int = DEFAULT_MAX_ACTIONS
    line: int = 0
    solution: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """One lesson file: front matter, the Markdown body and its exercises.

    ``id`` is the file name without ``.md``; ``section`` is the id of the Rules page section the
    lesson teaches; ``position`` is the board the body's example talks about and the start of
    every exercise without a position of its own.
    """

    id: str
    game: str
    title: str
    section: str
    order: int
    position: str
    summary: str
    body: str
    exercises: tuple[Exercise, ...] = field(default_factory=tuple)
    path: str = ""

    def exercise(self, exercise_id: str) -> Exercise:
        """The exercise with this id; raises KeyError naming the ids there are."""
        for ex in self.exercises:
            if ex.id == exercise_id:
                return ex
        raise KeyError(f"lesson {self.id!r} has no exercise {exercise_id!r}; it has: "
                       + ", ".join(e.id for e in self.exercises))

    def start_position(self, exercise: Exercise) -> str:
        """The position an exercise starts from (its own, or the lesson's)."""
        return exercise.position if exercise.position is not None else self.position

    def body_for(self, exercise: Exercise) -> str:
        r"""The body as shown beside ``exercise``: its paragraphs that begin "On this board" describe the
        lesson's own position, so beside an exercise with a board of its own they give way to one line
        saying so (the exercise's task describes its board).

        >>> ex = Exercise(id="b", prompt="p", goal={}, hints=("h",), success="s", wrong="w", position="other")
        >>> Lesson("l", "g", "T", "s", 1, "pos", "", "Rules.\n\nOn this board a city.", (ex,)).body_for(ex)
        'Rules.\n\n*This exercise has a board of its own: its task says what is on it.*'
        """
        if self.start_position(exercise) == self.position:
            return self.body
        paragraphs = re.split(r"\n\s*\n", self.body.strip())
        kept = [p for p in paragraphs if not p.lstrip().lower().startswith("on this board")]
        if len(kept) == len(paragraphs):
            return self.body
        return "\n\n".join(kept + [OWN_BOARD_NOTE])


#: what replaces the lesson's "On this board ..." paragraphs beside an exercise with another board
OWN_BOARD_NOTE = "*This exercise has a board of its own: its task says what is on it.*"
