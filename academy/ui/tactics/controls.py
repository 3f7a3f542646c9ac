"""The Tactics action controls: a button per action of the selected unit (wait, attack, capture, load,
unload with its drop choice, supply, cancel), the build list of the picked factory, the commander's
powers, End turn, a box to type a command in the game's notation, and the enemy threat switch. Widgets
are built once; their labels, options, visibility and enablement follow the session (whose lists come
from the engine's legal actions)."""
from __future__ import annotations

from typing import Any

import panel as pn
import param

from academy.games.tactics.units import UNITS
from academy.ui.defer import later
from academy.ui.labels import set_options
from academy.ui.tick import Tick

from .facts import CHOICE_LABELS
from .session import CHOICE_KINDS, TacticsSession
from ..tap_answer import TAP_ANSWER

__all__ = ["ActionControls"]

LABELS = CHOICE_LABELS     # the session's messages name the buttons by these labels (facts.moved_words)


def build_label(unit: str, cost: int, short: int) -> str:
    """A unit in the build list: its name and cost, and how many funds are missing when it is unaffordable."""
    name = f"{UNITS[unit].name} ({cost:,})"
    return f"{name}: {short:,} short" if short else name


class ActionControls(pn.viewable.Viewer):
    """Buttons for the session's choices, builds, powers and End turn (see the module docstring)."""

    session = param.Parameter()

    def __init__(self, session: TacticsSession, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        self.buttons: dict[str, pn.widgets.Button] = {}
        for kind in CHOICE_KINDS:
            button = pn.widgets.Button(label=LABELS[kind], color="danger" if kind == "attack" else "primary",
                                       width=92, visible=False, css_classes=[f"do-{kind}"])
            button.on_click(lambda e, k=kind: self._choose(k))
            self.buttons[kind] = button
        self.cancel = pn.widgets.Button(label="Cancel", width=92, visible=False, css_classes=["do-cancel"])
        self.cancel.on_click(lambda e: s.cancel())
        self.drops = pn.widgets.Select(options={}, width=300, visible=False, css_classes=["unload-choice"])
        self.build_choice = pn.widgets.Select(options={}, width=230, visible=False, css_classes=["build-choice"])
        self.build_button = pn.widgets.Button(label="Build", color="primary", width=92, visible=False,
                                              css_classes=["do-build"])
        self.build_button.on_click(lambda e: self._build())
        self.power_button = pn.widgets.Button(label="Power", color="warning", width=110, visible=False,
                                              css_classes=["do-power"])
        self.power_button.on_click(lambda e: s.power("power"))
        self.super_button = pn.widgets.Button(label="Super Power", color="warning", width=130, visible=False,
                                              css_classes=["do-super"])
        self.super_button.on_click(lambda e: s.power("super"))
        self.end_button = pn.widgets.Button(label="End turn", color="primary", width=110, css_classes=["end-turn"])
        self.end_button.on_click(lambda e: s.end_turn())
        # the box takes the panel's width left by Play (the lessons' side panel is narrower than the game's)
        self.command = pn.widgets.TextInput(placeholder="or type a command: tank E2 -> F2 wait", min_width=150,
                                            sizing_mode="stretch_width", css_classes=["command-input"])
        self.play_button = pn.widgets.Button(label="Play", width=70, css_classes=["do-command"])
        self.play_button.on_click(lambda e: self._typed())
        self.command.param.watch(lambda e: self._typed(), "enter_pressed")
        self.threats = Tick("Show where the enemy can hit next turn", value=False, css_classes=["threat-toggle"])
        self.threats.param.watch(lambda e: s.set_threats(e.new), "value")
        self.layout = pn.Column(
            pn.Row(*self.buttons.values(), self.cancel, margin=0, styles={"flex-wrap": "wrap"}), self.drops,
            pn.Row(self.build_choice, self.build_button, margin=0),
            pn.Row(self.end_button, self.power_button, self.super_button, margin=0),
            pn.Row(self.command, self.play_button, margin=0, sizing_mode="stretch_width"), self.threats,
            margin=0, sizing_mode="stretch_width", css_classes=["tactics-actions", TAP_ANSWER])
        s.param.watch(later(self.update), ["choices", "builds", "obs", "thinking", "ready", "selected", "target"])
        self.update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _choose(self, kind: str) -> None:
        s = self.session
        option = 0
        if kind == "unload" and self.drops.value is not None:
            options = s.options_of("unload")
            option = options.index(self.drops.value) if self.drops.value in options else 0
        s.choose(kind, option)

    def _typed(self) -> None:
        """Play the typed command (the engine reads and checks it); keep the text when it is refused."""
        text = (self.command.value_input or self.command.value or "").strip()
        if text and self.session.act(text):
            self.command.value = ""
            self.command.value_input = ""

    def _build(self) -> None:
        if self.build_choice.value:
            self.session.build(self.build_choice.value)

    def update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            kinds = s.choice_kinds()
            for kind, button in self.buttons.items():
                button.visible = kind in kinds
            self.buttons["attack"].disabled = s.target is None
            self.buttons["attack"].label = f"Attack {s.target}" if s.target else "Attack"
            self.cancel.visible = s.selected is not None
            unloads = s.options_of("unload") if "unload" in kinds else []
            drops = {s.describe(a): a for a in unloads}
            set_options(self.drops, drops)
            self.drops.visible = len(unloads) > 1
            menu = s.build_menu()
            builds = {build_label(unit, cost, short): unit for unit, cost, short in menu}
            greyed = [unit for unit, _, short in menu if short]
            if menu and len(greyed) == len(menu):   # a Select needs one option it can show as chosen
                builds = {"Nothing affordable yet": "", **builds}
            if self.build_choice.options != builds or self.build_choice.disabled_options != greyed:
                self.build_choice.param.update(options=builds, disabled_options=greyed,
                                               value=next((u for u, _, short in menu if not short), ""))
            self.build_choice.visible = self.build_button.visible = bool(menu)
            self.build_button.disabled = not s.builds
            powers = s.powers()
            self.power_button.visible = "power" in powers
            self.super_button.visible = "super" in powers
            self.end_button.disabled = not s.can_end_turn()
