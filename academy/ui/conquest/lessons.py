"""LessonsPage: the Conquest lessons (a list, then one lesson with its exercises on a live board).

The shared page (list, lesson text, exercises, feedback, hints, Reset, Next, Rules link) is
``academy.ui.lessons_page.LessonsView``; Conquest gives its board (the same ConquestBoard as the
Play page, on the Attempt's state), the phase banner, the phase controls and the odds panel.
"""
from __future__ import annotations

from typing import Any

from academy.ui.lessons_page import LessonsView, extra_lesson_dirs, feedback_html, game_lessons, rules_link

from .banner import PhaseBanner
from .board import ConquestBoard
from .controls import PhaseControls
from .lesson_model import LessonModel
from .odds_panel import OddsPanel
from .style import CSS

__all__ = ["LessonsPage", "rules_link", "feedback_html", "conquest_lessons", "extra_lesson_dirs"]


def conquest_lessons() -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The Conquest lessons and the problems of files that failed (read once)."""
    return game_lessons("conquest")


class LessonsPage(LessonsView):
    """The Lessons tab of Conquest. ``lesson_id``: open this lesson directly (None: the list)."""

    game = "conquest"
    title_text = "Conquest lessons"
    css = CSS

    def make_model(self) -> LessonModel:
        return LessonModel()

    def make_board(self, model: Any) -> ConquestBoard:
        return ConquestBoard(model, height=520)

    def side_panels(self, model: Any) -> list[Any]:
        return [PhaseBanner(model, compact=True), PhaseControls(model), OddsPanel(model)]
