"""LeaveView: this seat's standing and a Resign button that asks for confirmation, on any shared game's page.

It works on a session with ``SeatLeaving`` (academy/ui/seat_leaving.py). Spectators get nothing.
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from academy.ui.defer import later
from academy.ui.labels import wrapping_row

__all__ = ["LeaveView"]


class LeaveView(pn.viewable.Viewer):
    """The outcome line and Resign → "Yes, resign" / "Cancel"."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.outcome = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["seat-outcome"])
        self.resign_button = pn.widgets.Button(label="Resign", color="danger", variant="outline", width=110,
                                               css_classes=["resign"])
        self.resign_button.on_click(lambda e: self.ask_resign())
        self.confirm_button = pn.widgets.Button(label="Yes, resign", color="danger", width=120,
                                                css_classes=["resign-confirm"])
        self.confirm_button.on_click(lambda e: self.confirm_resign())
        self.cancel_button = pn.widgets.Button(label="Cancel", width=100, css_classes=["resign-cancel"])
        self.cancel_button.on_click(lambda e: self.cancel_resign())
        self.confirm_row = wrapping_row(pn.pane.HTML("<b>Resign for good?</b> You will be out of this game.",
                                                     margin=(8, 5)), self.confirm_button, self.cancel_button,
                                        visible=False, css_classes=["resign-confirm-row"])
        self.layout = pn.Column(self.outcome, self.resign_button, self.confirm_row, margin=0,
                                sizing_mode="stretch_width", css_classes=["leave-panel"], visible=not session.spectator)
        session.param.watch(later(self.update), ["status", "seat_status", "winner", "message"])
        self.update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    # --- resigning: two clicks, the second one confirms --------------------------------------
    def ask_resign(self) -> None:
        s = self.session
        if s.spectator or s.out or s.status == "finished":
            return
        self.resign_button.visible = False
        self.confirm_row.visible = True

    def cancel_resign(self) -> None:
        self.confirm_row.visible = False
        self.update()

    def confirm_resign(self) -> bool:
        self.confirm_row.visible = False
        ok = self.session.resign()
        self.update()
        return ok

    def update(self, *events: Any) -> None:
        s = self.session
        outcome = s.outcome()
        if outcome and outcome.strip() in (s.message or "").strip():
            outcome = ""                  # the message above says it already: once is enough
        obj = f"<div class='academy-message' role='status'><b>{html.escape(outcome)}</b></div>" if outcome else ""
        if obj != self.outcome.object:
            self.outcome.object = obj
        can_resign = not s.spectator and not s.out and s.status != "finished"
        if not can_resign:
            self.confirm_row.visible = False
        show = can_resign and not self.confirm_row.visible
        if self.resign_button.visible != show:
            self.resign_button.visible = show
