"""The Tactics lessons: the shared lessons page with the Tactics board, its action buttons and the odds.

``TacticsLessonModel`` is the board's session (``TacticsSession``) on an ``academy.lessons.Attempt``:
the learner taps exactly as on the Play tab (a unit, the tile it moves to, then an action; a factory,
then a unit to build; or a typed command), the highlights come from the engine's legal actions, and
each action goes to ``attempt.act``, whose feedback (solved, wrong, refused, go on) the page shows.
Nobody plays the other army: in a lesson it passes, so after End turn the learner's next day starts
(upkeep included). The board draws the learner's observation, so fog holds in lessons too.
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param

from academy.games.tactics.actions import EndTurn
from academy.ui.defer import later
from academy.ui.lesson_attempt import LessonAttempt
from academy.ui.lessons_page import LessonsView

from .board import TacticsBoard
from .controls import ActionControls
from .panels import CSS, LEGEND, events_html, odds_html, status_html, why_html
from .session import HUMAN, TacticsSession

__all__ = ["TacticsLessonModel", "TacticsLessonsPage"]



class TacticsLessonModel(LessonAttempt, TacticsSession):
    """One exercise on the board; see the module docstring."""

    def __init__(self, **params: Any) -> None:
        super().__init__(synchronous=True, **params)

    # --- the exercise --------------------------------------------------------------------------
    def start(self, attempt: Any) -> None:
        """Show a new attempt (a new exercise)."""
        self.attempt = attempt
        self._show_start(hints=[])

    def reset(self) -> None:
        """Retry the exercise from its start position (hints already shown stay shown)."""
        if self.attempt is None:
            return
        self.attempt.reset()
        self._show_start()

    def _show_start(self, **more: Any) -> None:
        with param.parameterized.discard_events(self):
            self.param.update(feedback=None, **more)
        seats = [HUMAN] * self.attempt.state.game.num_players
        self.start_from(self.attempt.state, seats, message="")

    # --- one person at the screen: the learner ---------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        return False

    def _viewer_now(self) -> int | None:
        return self.attempt.learner if self.attempt is not None else super()._viewer_now()

    # --- acting ----------------------------------------------------------------------------------
    def _refuse(self) -> str | None:
        return self._attempt_refusal() or super()._refuse()

    def _do(self, action: Any) -> bool:
        mover = self.state.to_move()
        fb = self.attempt.act(action)
        if fb.status == "illegal":                      # nothing changed: the engine says why
            self._publish(message=fb.message, feedback=fb)
            return False
        self._played(list(fb.events), mover, ended=isinstance(action, EndTurn))
        self._publish(feedback=fb, message="")
        return True


class TacticsLessonPanel(pn.viewable.Viewer):
    """The status (day, funds, meters), the action buttons, the aimed attack's odds and the last attack's why."""

    model = param.Parameter()

    def __init__(self, model: TacticsLessonModel, **params: Any) -> None:
        super().__init__(model=model, **params)
        self.status = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["tactics-status"])
        self.controls = ActionControls(model)
        self.odds = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["attack-odds"])
        self.why = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["attack-why"])
        self.events = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["last-events"])
        self.layout = pn.Column(self.status, self.controls, self.odds, self.why, self.events,
                                sizing_mode="stretch_width", margin=0)
        model.param.watch(later(self._update), ["obs", "preview", "last_attack", "log", "feedback"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _update(self, *events: Any) -> None:
        m = self.model
        updates = ((self.status, status_html(m) if m.state is not None else ""), (self.odds, odds_html(m.preview)),
                   (self.why, why_html(m.last_attack)), (self.events, events_html(m.log, 8)))
        for pane, obj in updates:
            if pane.object != obj:
                pane.object = obj


class TacticsLessonsPage(LessonsView):
    """The Lessons tab of Tactics. ``lesson_id``: open this lesson directly (None: the list)."""

    game = "tactics"
    title_text = "Tactics lessons"
    css = CSS
    watched = ("obs", "feedback", "hints", "message")

    def make_model(self) -> TacticsLessonModel:
        return TacticsLessonModel()

    def make_board(self, model: Any) -> Any:
        return pn.Column(TacticsBoard(model), pn.pane.HTML(LEGEND, stylesheets=[CSS], sizing_mode="stretch_width"),
                         sizing_mode="stretch_width", margin=0)

    def side_panels(self, model: Any) -> list[Any]:
        return [TacticsLessonPanel(model)]

