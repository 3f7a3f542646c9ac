"""The no-canvas path: a list of the current legal actions and a notation box.

Everything the board does can be done here with the keyboard or a screen reader: pick an action
from the list (amounts from the controls) or type one in notation ("attack Ukraine -> Ural 3");
the engine's own messages explain a refusal.
"""
from __future__ import annotations

from html import escape

from typing import Any

import panel as pn
import param

from academy.ui.defer import later

from academy.games.conquest.actions import TradeCards

from . import input as conquest_input

__all__ = ["ActionPicker"]


class ActionPicker(pn.viewable.Viewer):
    model = param.Parameter()

    def __init__(self, model: Any, **params: Any) -> None:
        super().__init__(model=model, **params)
        self.select = pn.widgets.Select(label="Legal actions now", options=[], sizing_mode="stretch_width",
                                        css_classes=["action-select"])
        self.play_selected = pn.widgets.Button(label="Play selected action", color="primary",
                                               css_classes=["play-selected"], align="end")
        self.text = pn.widgets.TextInput(label="Or type a move (notation)", placeholder="attack Ukraine -> Ural 3",
                                         sizing_mode="stretch_width", css_classes=["notation-input"])
        self.play_text = pn.widgets.Button(label="Play typed move", css_classes=["play-typed"], align="end")
        self.play_selected.on_click(self._on_select)
        self.play_text.on_click(self._on_text)
        self.text.param.watch(self._on_text, "enter_pressed")
        self.feedback = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["keyboard-feedback"],
                                     margin=(0, 5))
        self.layout = pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>Play with the keyboard</h3>"),
                                pn.Row(self.select, self.play_selected, margin=0),
                                pn.Row(self.text, self.play_text, margin=0), self.feedback,
                                sizing_mode="stretch_width", css_classes=["keyboard-play"], margin=0)
        update = later(self._update)
        model.param.watch(update, ["state", *(["status"] if "status" in model.param else []),
                                   *(["resigned"] if "resigned" in model.param else [])])
        model.choice.param.watch(update, ["armies", "dice", "move"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _update(self, *events: Any) -> None:
        state = self.model.state
        at = (id(state), len(state.record)) if state is not None else None
        if at != getattr(self, "_at", None):
            self._at = at
            if self.feedback.object:
                self.feedback.object = ""      # the position moved on: an old refusal no longer applies
        blocked = getattr(self.model, "_input_blocked", None)
        actions = [] if state is None or (blocked and blocked()) else \
            conquest_input.action_menu(state, self.model.choice)
        if getattr(self.model, "cards_hidden", False):   # hot seat: no card names before "show my cards"
            actions = [a for a in actions if not isinstance(a, TradeCards)]
        labels = [state.game.format_action(a, state) for a in actions]
        if labels != self.select.options:
            keep = self.select.value if self.select.value in labels else (labels[0] if labels else None)
            self.select.param.update(options=labels, value=keep)
        self.select.disabled = self.play_selected.disabled = not labels
        # once the game is over (on the board, by a resignation, or a shared game ended) nothing is left to play
        over = state is not None and (state.is_terminal() or bool(getattr(self.model, "game_over", False))
                                      or getattr(self.model, "status", "") == "finished")
        self.layout.visible = not over

    def _on_select(self, *events: Any) -> None:
        if self.select.value:
            self._said(self.model.act(self.select.value))

    def _on_text(self, *events: Any) -> None:
        text = (self.text.value_input or self.text.value or "").strip()
        if not text:
            return
        ok = self.model.act(text)
        if ok:
            self.text.param.update(value="", value_input="")
        self._said(ok)

    def _said(self, ok: bool) -> None:
        """A refusal shows here, next to what the learner typed or picked (the side panel may be out of sight)."""
        text = "" if ok else self.model.message
        self.feedback.object = (f'<div class="academy-message" role="alert">{escape(text)}</div>' if text else "")
