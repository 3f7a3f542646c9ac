"""The Fronts lessons: the shared lessons page with the Fronts map, the orders panel and the odds.

``FrontsLessonModel`` is a ``FrontsSession`` on an ``academy.lessons.Attempt``: the learner writes
the orders of the exercise's player by clicking stacks and provinces or by typing, exactly as on the
Play tab (the engine checks every order), and sees the odds of each planned attack. Submit is one
try: the other players' orders of the exercise (shown beside the board) and the learner's resolve
together, and the feedback says what happened and why (each battle with its odds, what changed hands,
the outcome of each order, then the teacher's words). The battle reports keep the full "why".
"""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.core.errors import IllegalAction
from academy.games.fronts.goals import fixed_orders_of
from academy.games.fronts.mapdata import load_map
from academy.ui.defer import later
from academy.ui.lesson_attempt import LessonAttempt
from academy.ui.lessons_page import LessonsView

from .board import FrontsBoard
from .panels import CSS, LEGEND, OddsPanel, OrdersPanel, ReportsPanel
from .session import FrontsSession

__all__ = ["FrontsLessonModel", "FrontsLessonsPage"]

LESSON_CSS = CSS + """
.fixed-orders { background: #fff8e1; border-left: 4px solid #E0A000; padding: 4px 10px; border-radius: 4px; }
"""


class FrontsLessonModel(LessonAttempt, FrontsSession):
    """One exercise on the map; see the module docstring."""

    others = param.Dict({}, doc="the other players' orders given by the exercise for this turn, by player id")

    def start(self, attempt: Any) -> None:
        """Show a new attempt (a new exercise)."""
        self.attempt = attempt
        self.param.update(feedback=None, hints=[], reports=[], pending=[], previews=[])
        self._show_attempt("")

    def reset(self) -> None:
        """Retry the exercise from its start position (hints already shown stay shown)."""
        if self.attempt is None:
            return
        self.attempt.reset()
        self.param.update(feedback=None, reports=[], pending=[], previews=[])
        self.param.trigger("attempt")          # the views start it afresh (an empty order box)
        self._show_attempt("")

    def act(self, orders: Any) -> bool:
        """Submit ``orders`` (order texts, or one text separated by ';') as the learner's try, as if
        written and submitted on the page; False (and the engine's message) when refused."""
        refusal = self._refusal()
        if refusal:
            self.message = refusal
            return False
        try:
            self._send(orders if isinstance(orders, list) else [orders])
        except IllegalAction as exc:
            self.message = exc.message
            return False
        return True

    def _show_attempt(self, message: str | None = None) -> None:
        state = self.attempt.state
        if self.game is None or self.game.map.id != state.game.map.id or self.fmap is None:
            self.fmap = load_map(state.game.map.id)
        self.game = state.game
        self.player = state.board.players[self.attempt.learner]
        self.others = {} if self.attempt.over else {p: list(t) for p, t in fixed_orders_of(state).items() if t}
        self._show(state.observation(self.attempt.learner), message=message)

    def _engine_state(self) -> Any:
        return self.attempt.state if self.attempt is not None else None

    def _refusal(self) -> str | None:
        return self._attempt_refusal() or super()._refusal()

    def _send(self, orders: list[str]) -> None:
        fb = self.attempt.act(orders)
        self.feedback = fb
        if fb.status == "illegal":             # nothing changed: the learner mends the orders
            raise IllegalAction("illegal_order", fb.message)
        turn = self.attempt.state.board.turn - 1
        last = self.attempt.state.observation(self.attempt.learner)["last"]
        self.reports = self.reports + [{"turn": turn, "events": last}]
        self._show_attempt("")


class FixedOrdersPanel(pn.viewable.Viewer):
    """The other players' orders the exercise gives (the scenario the learner plays against)."""

    model = param.Parameter()

    def __init__(self, model: FrontsLessonModel, **params: Any) -> None:
        super().__init__(model=model, **params)
        self.pane = pn.pane.HTML("", stylesheets=[LESSON_CSS], sizing_mode="stretch_width",
                                 css_classes=["fixed-orders-panel"])
        model.param.watch(later(self._update), ["others", "obs"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    def _update(self, *events: Any) -> None:
        m = self.model
        if not m.others:
            self.pane.object = ""
            return
        rows = "".join(f"<div><b>{escape(m.player_name(p))}</b>: {escape('; '.join(t))}</div>"
                       for p, t in m.others.items())
        self.pane.object = ("<div class='fixed-orders'>The other side's orders this turn (given by the exercise):"
                            f"{rows}</div>")


class FrontsLessonsPage(LessonsView):
    """The Lessons tab of Fronts. ``lesson_id``: open this lesson directly (None: the list)."""

    panels_show_message = True          # the orders panel says it
    game = "fronts"
    title_text = "Fronts lessons"
    css = LESSON_CSS
    watched = ("obs", "feedback", "hints", "message", "step")

    def _on_model(self, *events: Any) -> None:
        super()._on_model(*events)
        self.note.object = ""      # the orders panel beside it shows the model's message already

    def make_model(self) -> FrontsLessonModel:
        return FrontsLessonModel()

    def make_board(self, model: Any) -> Any:
        return pn.Column(FrontsBoard(model, height=540), pn.pane.HTML(LEGEND, stylesheets=[CSS],
                                                                         sizing_mode="stretch_width"),
                         FixedOrdersPanel(model), sizing_mode="stretch_width", margin=0)

    def side_panels(self, model: Any) -> list[Any]:
        return [OrdersPanel(model), OddsPanel(model),
                pn.Card(ReportsPanel(model), title="Battle reports", collapsed=True, sizing_mode="stretch_width",
                        css_classes=["reports-card"])]
