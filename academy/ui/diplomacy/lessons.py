"""The Diplomacy lessons: the shared lessons page with the Diplomacy map and the orders panel.

``DiplomacyLessonModel`` is a ``DiplomacySession`` on an ``academy.lessons.Attempt``: the learner's
power writes its orders by clicking or typing (the engine's options tree and checks, exactly as on
the Play tab), the other powers' fixed orders of the exercise are drawn on the map, and Submit is
one try: the phase resolves and the feedback says what happened and why (each order's result and
reason, then the teacher's words).
"""
from __future__ import annotations

from typing import Any


from academy.core.errors import IllegalAction
from academy.games.diplomacy.goals import fixed_orders_of
from academy.ui.lesson_attempt import LessonAttempt
from academy.ui.lessons_page import LessonsView

from .board import DiplomacyBoard
from .panels import OrdersPanel
from .session import DiplomacySession
from .style import CSS

__all__ = ["DiplomacyLessonModel", "DiplomacyLessonsPage"]


class DiplomacyLessonModel(LessonAttempt, DiplomacySession):
    """One exercise on the map: see the module docstring."""

    warns_unordered = False     # Submit is one try: the feedback says what the orders did
    likely_preview = False      # the exercise gives the other powers' orders itself

    def start(self, attempt: Any) -> None:
        """Show a new attempt (a new exercise)."""
        self.attempt = attempt
        self.param.update(feedback=None, hints=[], history=[], pending={}, preview=[])
        self._show_attempt("")

    def reset(self) -> None:
        """Retry the exercise from its start position (hints already shown stay shown)."""
        if self.attempt is None:
            return
        self.attempt.reset()
        self.param.update(feedback=None, history=[], pending={}, preview=[])
        self._show_attempt("")

    def _show_attempt(self, message: str | None = None) -> None:
        state = self.attempt.state
        self.game = state.game
        self.power = state.powers[self.attempt.learner]
        self.others = {} if self.attempt.over else {pw: list(t) for pw, t in fixed_orders_of(state).items()}
        self._show(state.observation(self.attempt.learner), message=message)

    def _refusal(self) -> str | None:
        return self._attempt_refusal() or super()._refusal()

    def _send(self, orders: list[str]) -> None:
        fb = self.attempt.act(orders)
        self.feedback = fb
        if fb.status == "illegal":             # nothing changed: the learner mends the orders
            raise IllegalAction("illegal_order", fb.message)
        self._show_attempt("")


class DiplomacyLessonsPage(LessonsView):
    """The Lessons tab of Diplomacy. ``lesson_id``: open this lesson directly (None: the list)."""

    panels_show_message = True          # the orders panel says it
    game = "diplomacy"
    title_text = "Diplomacy lessons"
    css = CSS
    watched = ("state", "feedback", "hints", "message", "step")

    def make_model(self) -> DiplomacyLessonModel:
        return DiplomacyLessonModel()

    def make_board(self, model: Any) -> DiplomacyBoard:
        return DiplomacyBoard(model, height=640)   # the whole map: room for its names

    def side_panels(self, model: Any) -> list[Any]:
        return [OrdersPanel(model)]
