"""Free deployment on the Game of War pages: the palette of what is left to place, Done, and the hot-seat
cover that hides the board between North's and South's deployment.

``DeploymentPanel(session)`` is shown while the session's game is in its deployment: the person
deploying picks a unit type (the palette lists what the engine says is left, with the counts), taps
the green squares of their half (a tap on a unit placed in this deployment takes it back), may let
"Place the rest for me" finish, and presses Done. ``cover`` is a separate part the page puts in the
board's place: "Pass the screen to South" and a button the next person presses when ready.
Nothing here knows a rule: the counts and the squares come from the session, which asks the engine.
"""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.core.text import count
from academy.games.game_of_war.units import UNIT_TYPES
from academy.ui.defer import later

__all__ = ["DeploymentPanel", "DeploymentCover", "palette_options"]

CSS = """
.deploy-help { color: #52606d; font-size: 0.93em; margin: 2px 0; }
.cover-box { background: #1f2933; color: #f5f7fa; border-radius: 10px; padding: 28px 32px; }
.cover-box h2 { margin: 0 0 10px 0; color: #ffffff; }
"""


def palette_options(left: dict[str, int]) -> dict[str, str]:
    """The palette's buttons: ``{"Infantry (9)": "infantry", ...}`` for what is left to place."""
    return {f"{UNIT_TYPES[t].label.capitalize()} ({n})": t for t, n in left.items()}


class DeploymentPanel(pn.viewable.Viewer):
    """The side panel's deployment controls for a GameOfWarSession (see the module docstring)."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        self._syncing = False
        self.help = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["deploy-help"])
        self.palette = pn.widgets.RadioButtonGroup(options={}, value=None, orientation="vertical",
                                                   color="primary", variant="outline",
                                                   css_classes=["deploy-palette"], width=260)
        self.palette.param.watch(self._picked, "value")
        self.rest_button = pn.widgets.Button(label="Place the rest for me", width=190, css_classes=["deploy-rest"])
        self.rest_button.on_click(lambda e: s.place_rest())
        self.clear_button = pn.widgets.Button(label="Take back all", width=130, css_classes=["deploy-clear"])
        self.clear_button.on_click(lambda e: s.clear_placements())
        self.done_button = pn.widgets.Button(label="Done", color="primary", width=110, css_classes=["deploy-done"])
        self.done_button.on_click(lambda e: s.done_deploying())
        self.layout = pn.Column(pn.pane.HTML("<b>Deploy your army</b>", margin=(4, 5, 0, 5)), self.help,
                                self.palette, pn.Row(self.rest_button, self.clear_button, margin=0),
                                self.done_button, sizing_mode="stretch_width", css_classes=["deployment-panel"],
                                visible=False)
        s.param.watch(later(self.update), ["state", "placements", "unit_type", "covered", "thinking"])
        self.update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _picked(self, event: Any) -> None:
        if not self._syncing and event.new is not None and event.new != self.session.unit_type:
            self.session.choose_type(event.new)

    def update(self) -> None:
        s = self.session
        state = s.state
        deploying = state is not None and state.phase == "deploy"
        mine = deploying and s.deploying is not None and not s.covered
        self.layout.visible = bool(mine)
        if not mine:
            return
        left = s.unplaced()
        placed = sum(left.values())
        lo, hi = state.game.territory(state.side)
        self.help.object = (f"Pick a unit type, then tap green squares of your half (rows {lo + 1}–{hi + 1}). "
                            "Tap a unit you placed to take it back. "
                            + (f"{count(placed, 'unit')} left to place." if placed else
                               "Every unit is placed: press Done."))
        self._syncing = True
        try:
            options = palette_options(left)
            if self.palette.options != options:
                self.palette.options = options
            value = s.unit_type if s.unit_type in left else None
            if self.palette.value != value:
                self.palette.value = value
        finally:
            self._syncing = False
        self.palette.visible = bool(left)
        self.rest_button.disabled = not left
        self.clear_button.disabled = not s.placements
        self.done_button.disabled = bool(left)


class DeploymentCover(pn.viewable.Viewer):
    """Hot seat: "Pass the screen to South" in the board's place until South presses the button."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.text = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["cover-text"])
        self.button = pn.widgets.Button(label="I'm ready", color="primary", width=300, css_classes=["cover-ready"])
        self.button.on_click(lambda e: session.reveal())
        self.layout = pn.Column(self.text, self.button, visible=False, sizing_mode="stretch_width",
                                css_classes=["deploy-cover"], margin=(10, 0))
        session.param.watch(later(self.update), ["state", "covered"])
        self.update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def update(self) -> None:
        s = self.session
        covered = bool(s.covered and s.state is not None)
        if covered:
            name = escape(s.seat_label(s.state.to_move()))
            self.text.object = (f"<div class='cover-box'><h2>Pass the screen to {name}</h2><p>The other army is "
                                f"deployed and hidden. {name} places their army now; the other player looks "
                                "away. Both armies are revealed when both are done.</p></div>")
            self.button.label = f"I'm {name}: show my half"
        self.layout.visible = covered
