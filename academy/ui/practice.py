"""Practise from any position against the CPU (issue 21, item 6; Lichess's "practice with computer").

A lesson board (and any position link) offers "Play this out against the CPU" at a level chosen beside
it: the link is the position link with ``&cpu=<level>`` and, from a lesson, ``&lesson=<id>&exercise=<id>``.
The Play tab opens the position with the person on this screen playing the side to move (the learner's
power in Diplomacy, the first player in Fronts unless the line names one) and the CPU at that level the
others, and shows the exercise's goal above the board while the game runs.

``practice_link(game, text, level, lesson, exercise)`` gives the query string; ``PracticeLink`` the
control on a lesson page and under every share link (Play pages, editors: ``position_link.ShareLink``); ``practice_note(game, level, lesson, exercise)`` the note over the Play tab and ``practice_message(level, you)``
the Play tab's first message
(the goal is looked up in the game's lessons by its ids, never read from the address).
"""
from __future__ import annotations

import functools
import html
import importlib
from collections.abc import Callable
from typing import Any

import panel as pn

from academy.core.errors import RulesError
from academy.ui.labels import hidden_label, wrapping_row

__all__ = ["LEVELS", "LEVEL_WORDS", "PracticeLink", "practice_level", "practice_link", "practice_message", "practice_note", "practice_seats", "lesson_line", "start_line"]

LEVELS = ("easy", "normal", "hard")
#: the offer's words (issue 21, item 6)
TITLE = "Play this out against the CPU"
#: what to expect of each level, in a few words
LEVEL_WORDS = {"easy": "easy (a beginner's moves)", "normal": "normal (sound play)", "hard": "hard (it searches)"}


def practice_level(value: Any) -> str | None:
    """The CPU level a link asks for, or None for none or an unknown one."""
    return value if value in LEVELS else None


def practice_link(game: str, text: str, level: str, lesson: str | None = None, exercise: str | None = None) -> str:
    """The query string that opens ``text`` on ``game``'s Play tab against the CPU at ``level``."""
    from academy.ui.position_link import position_link
    return position_link(game, text, cpu=level, lesson=lesson, exercise=exercise)


def exercise_prompt(game: str, lesson: str | None, exercise: str | None) -> tuple[str, str] | None:
    """(lesson title, exercise prompt) of a built-in lesson's exercise, or None if there is none such."""
    if not lesson:
        return None
    from academy.ui.lessons_page import game_lessons
    found = next((item for item in game_lessons(game)[0] if item.id == lesson), None)
    if found is None:
        return None
    ex = next((e for e in found.exercises if e.id == exercise), found.exercises[0] if found.exercises else None)
    return (found.title, ex.prompt) if ex is not None else None


def practice_message(level: str, you: str) -> str:
    """The first message of a game played out against the CPU: the level, and whom the person here plays."""
    return f"{TITLE} ({level}): you are {you}."


def practice_note(game: str, level: str, lesson: str | None = None, exercise: str | None = None) -> pn.pane.HTML:
    """The note over a Play tab opened to practise: whom the CPU plays, and the exercise's goal."""
    goal = exercise_prompt(game, lesson, exercise)
    text = (f"<b>Practice against the CPU, {html.escape(LEVEL_WORDS[level])}.</b> You play the side to move "
            "from the position you had; the CPU plays the others.")
    if goal is not None:
        title, prompt = goal
        text += (f"<div class='practice-goal'>The exercise's goal ({html.escape(title)}): "
                 f"{html.escape(prompt)}</div>")
    return pn.pane.HTML(f"<div class='academy-card practice-note' role='note'>{text}</div>",
                        sizing_mode="stretch_width", css_classes=["practice-note-pane"])


class PracticeLink(pn.viewable.Viewer):
    """"Play this out against the CPU": a level and a link for the position shown now (hidden when the
    position cannot be shared). ``text()`` gives the position line or None; ``where()`` the lesson and
    exercise ids (or Nones); ``refresh()`` when the board changes."""

    def __init__(self, game: str, text: Callable[[], str | None],
                 where: Callable[[], tuple[str | None, str | None]] = lambda: (None, None), **params: Any) -> None:
        super().__init__(**params)
        self.game, self._text, self._where = game, text, where
        self.level = hidden_label(pn.widgets.Select(options={LEVEL_WORDS[k]: k for k in LEVELS}, value="easy",
                                                    width=230, css_classes=["practice-level"]), "CPU level")
        self.link = pn.pane.HTML("", css_classes=["practice-link"], margin=(10, 5))
        self.level.param.watch(self.refresh, "value")
        self.layout = pn.Column(pn.pane.HTML(f"<b>{TITLE}:</b>", margin=(10, 5, 0, 5)),
                                wrapping_row(self.level, self.link), sizing_mode="stretch_width", margin=0,
                                visible=False, css_classes=["practice"])
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def refresh(self, *events: Any) -> None:
        text = self._text()
        url = practice_link(self.game, text, self.level.value, *self._where()) if text else ""
        html_link = f'<a href="{html.escape(url)}" class="practice-a tap">Play this out</a>' if url else ""
        if self.link.object != html_link:
            self.link.object = html_link
        self.layout.visible = bool(url)


def practice_seats(state: Any, human: str, level: str) -> list[str]:
    """The seats of a turn-by-turn game played out against the CPU: the player to move is the person here."""
    mover = state.to_move()
    players = range(state.game.num_players)
    me = mover if mover in players else 0
    return [human if p == me else level for p in players]


@functools.lru_cache(maxsize=64)
def start_line(game: str, position: str, seed: int) -> str | None:
    """The full position line of a lesson's start (``position`` in the lesson's notation), for a board whose
    position links carry nothing while it runs (fog): the lesson file is no secret, its start is shared."""
    from academy.lessons.exercise import start_state
    fmt = getattr(importlib.import_module(f"academy.games.{game}"), "format_position", None)
    if fmt is None:
        return None
    try:
        return fmt(start_state(game, position, seed))
    except (RulesError, ValueError, KeyError, TypeError):
        return None


def lesson_line(game: str, model: Any) -> str | None:
    """The position a lesson board plays out from: the board as it stands when a link may carry it (the
    exercise's own state, which knows the learner: Diplomacy's line then names the learner's power), else
    the exercise's start."""
    from academy.ui.position_link import position_text
    attempt = getattr(model, "attempt", None)
    text = position_text(game, attempt.state if attempt is not None else getattr(model, "state", None))
    if text is None and attempt is not None:
        text = start_line(game, attempt.position, attempt.exercise.seed)
    return text
