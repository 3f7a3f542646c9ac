"""The Game of War lessons: the shared lessons page with the Game of War board.

``GameOfWarLessonModel`` is the board's session on an ``academy.lessons.Attempt``: the learner
clicks exactly as on the Play tab (a unit, then a square or an enemy; the highlights come from the
engine's legal actions), and each action goes to ``attempt.act``, whose feedback (solved, wrong,
refused, go on) the page shows. Nobody plays the other side: an exercise is the learner's turn.
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param

from academy.ui.defer import later
from academy.ui.history import log_lines
from academy.ui.lesson_attempt import LessonAttempt
from academy.ui.lessons_page import LessonsView

from .board import GameOfWarBoard
from .legend import unit_legend
from .play import CSS, lines_choice, preview_html, status_html
from .session import HUMAN, GameOfWarSession

__all__ = ["GameOfWarLessonModel", "GameOfWarLessonsPage"]


class GameOfWarLessonModel(LessonAttempt, GameOfWarSession):
    """One exercise on the board; see the module docstring."""

    def __init__(self, **params: Any) -> None:
        super().__init__(synchronous=True, **params)

    def start(self, attempt: Any) -> None:
        """Show a new attempt (a new exercise)."""
        self.attempt = attempt
        self.seats = [HUMAN, HUMAN]
        self._show_start(hints=[])

    def reset(self) -> None:
        """Retry the exercise from its start position (hints already shown stay shown)."""
        if self.attempt is None:
            return
        self.attempt.reset()
        self._show_start()

    def _show_start(self, **more: Any) -> None:
        self._turn_moves = []
        self._publish(state=self.attempt.state, selected=None, target=None, message="", log=[], last_events=[],
                      trail=[], feedback=None, **more)

    def _refuse(self) -> str | None:
        return self._attempt_refusal() or super()._refuse()

    def _do(self, action: Any) -> bool:
        fb = self.attempt.act(action)
        if fb.status == "illegal":                      # nothing changed: the engine says why
            self._publish(message=fb.message, feedback=fb)
            return False
        state = self.attempt.state
        unit = getattr(action, "unit", None) if type(action).__name__ == "Move" else None
        self._publish(state=state, selected=unit if not self.attempt.over else None, target=None, message="",
                      feedback=fb, last_events=list(fb.events),
                      log=self.log + log_lines(list(fb.events), len(state.record)))
        return True

    def undo(self) -> bool:
        self._publish(message="In a lesson, Reset starts the exercise again.")
        return False


class GameOfWarLessonPanel(pn.viewable.Viewer):
    """Whose turn and moves left, the attack preview, Attack and End turn, whose lines to show and the key
    to the unit symbols, for a lesson."""

    model = param.Parameter()

    def __init__(self, model: GameOfWarLessonModel, **params: Any) -> None:
        super().__init__(model=model, **params)
        self.status = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["gow-status"])
        self.preview = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["gow-preview"])
        self.attack_button = pn.widgets.Button(label="Attack", color="danger", width=110, css_classes=["attack"])
        self.attack_button.on_click(lambda e: model.attack())
        self.end_button = pn.widgets.Button(label="End turn", color="primary", width=110, css_classes=["end-turn"])
        self.end_button.on_click(lambda e: model.end_turn())
        self.lines = lines_choice(model)
        self.layout = pn.Column(self.status, self.preview, pn.Row(self.attack_button, self.end_button, margin=0),
                                self.lines, unit_legend(), sizing_mode="stretch_width", margin=0)
        model.param.watch(later(self._update), ["state", "preview", "target", "selected", "feedback"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _update(self, *events: Any) -> None:
        m = self.model
        self.status.object = status_html(m) if m.state is not None else ""
        self.preview.object = preview_html(m)
        over = m.attempt is None or m.attempt.over
        self.attack_button.disabled = over or m.preview is None
        self.end_button.disabled = over


class GameOfWarLessonsPage(LessonsView):
    """The Lessons tab of Game of War. ``lesson_id``: open this lesson directly (None: the list)."""

    game = "game_of_war"
    title_text = "Game of War lessons"
    css = CSS
    watched = ("state", "feedback", "hints", "message")

    def make_model(self) -> GameOfWarLessonModel:
        return GameOfWarLessonModel()

    def make_board(self, model: Any) -> GameOfWarBoard:
        return GameOfWarBoard(model, cell=26)

    def side_panels(self, model: Any) -> list[Any]:
        return [GameOfWarLessonPanel(model)]
