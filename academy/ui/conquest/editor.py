"""The Conquest position editor: set up any position on the board, then use it in a lesson or a link.

``ConquestEditor`` is the board's model: a click paints the territory with the chosen owner and
armies; the player to move, the phase (and armies to place) are chosen beside the board. The
position is always also one line of Conquest notation (``position_line()``), which a teacher may
edit by hand and apply; the engine reads it, so a bad line gets the engine's message and changes
nothing. ``EditorPage`` shows the board, the tools, the line, the lesson snippet and the link.
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param

from academy.games.conquest.limits import ARMIES, COUNT
from academy.games.conquest.notation import NEUTRAL
from academy.games.conquest.position import format_position, parse_position, public_position
from academy.ui.editor_frame import EditorFrame, LineEditing
from academy.ui.labels import hidden_label

from .board import ConquestBoard

__all__ = ["ConquestEditor", "EditorPage", "START"]

#: the editor's first position: two players, every territory Blue's with one army, Red to place 3
START = "Red to move, reinforce 3 | Red: Ukraine 3 | rest: Blue 1"
PHASES = ("reinforce", "attack", "fortify")


class ConquestEditor(LineEditing, param.Parameterized):
    """A position being set up (see the module docstring)."""

    state = param.Parameter(doc="the ConquestState being edited")
    selected = param.String(None, allow_None=True)       # the board's interface: nothing is ever selected
    target = param.String(None, allow_None=True)
    targets = param.List([])
    owner = param.Integer(0, doc="who a click gives the territory to (-1: neutral)")
    armies = param.Integer(1, bounds=(1, 999), doc="how many armies a click puts there")
    message = param.String("")

    def __init__(self, position: str = START, **params: Any) -> None:
        super().__init__(state=parse_position(position), **params)

    @property
    def players(self) -> list[str]:
        return [self.state.game.player_name(p) for p in range(self.state.game.num_players)]

    # --- editing -------------------------------------------------------------------------
    def click(self, territory: str) -> None:
        """Give ``territory`` to the chosen owner with the chosen armies."""
        s = self.state
        s.owner[territory], s.armies[territory] = self.owner, self.armies
        who = "Neutral" if self.owner == NEUTRAL else s.game.player_name(self.owner)
        self._changed(f"{s.game.map.name_of(territory)}: {who}, {self.armies}.")

    def set_turn(self, mover: int, phase: str, reinforcements: int = 3) -> None:
        """Who moves and in which phase (``reinforcements``: armies to place in the reinforce phase)."""
        if phase not in PHASES:
            raise ValueError(f"The phase must be one of {', '.join(PHASES)}.")
        s = self.state
        s.current = s.first = mover
        s.phase, s.occupy, s.conquered = phase, None, False
        s.reinforcements = reinforcements if phase == "reinforce" else 0
        self._changed(f"{s.game.player_name(mover)} to move, {phase}.")

    game_name = "conquest"

    def parse_line(self, text: str) -> Any:
        return parse_position(text)

    def _line_refusal(self, state: Any) -> str | None:
        if public_position(state) is not None:
            return None
        return ("it starts a new game at the set-up (territories still to claim), and the editor sets up "
                "positions of a game in play. Keep it as it is in the lesson file, or write the position after "
                "the set-up (\"Red to move, reinforce 3 | Red: Alaska 2 ...\").")

    def _load(self, state: Any) -> None:
        self.state = state
        self.owner = min(self.owner, state.game.num_players - 1)

    def position_line(self) -> str:
        return format_position(self.state)

    def problems(self) -> list[str]:
        """Why this position could not start a game (empty when it can)."""
        s = self.state
        owners = set(s.owner.values())
        out = [f"{name} owns no territory." for p, name in enumerate(self.players) if p not in owners]
        if s.current not in owners:
            out.append("The player to move owns no territory.")
        return out

    def _changed(self, message: str) -> None:
        self.message = message
        self.param.trigger("state")


class EditorPage(EditorFrame):
    """The editor's page: board, tools, the position as a line, for a lesson and as a link."""

    game, title = "conquest", "Conquest position editor"
    line_title = "The position in Conquest notation"

    def __init__(self, position: str = START, **params: Any) -> None:
        super().__init__(ConquestEditor(position), **params)
        m = self.model
        self.board = ConquestBoard(m)
        self.owner = pn.widgets.Select(options=self._owner_options(), value=0, width=150,
                                       css_classes=["editor-owner"])
        self.armies = pn.widgets.IntInput(value=1, start=1, end=ARMIES.high, width=90, css_classes=["editor-armies"])
        self.mover = pn.widgets.Select(options=self._mover_options(), value=0, width=150,
                                       css_classes=["editor-mover"])
        self.phase = pn.widgets.Select(options=list(PHASES), value=m.state.phase if m.state.phase in PHASES
                                       else "reinforce", width=120, css_classes=["editor-phase"])
        self.to_place = pn.widgets.IntInput(value=max(1, m.state.reinforcements or 3), start=1, end=COUNT.high,
                                            width=90,
                                            css_classes=["editor-to-place"])
        for widget, text in ((self.owner, "Owner"), (self.armies, "Armies"), (self.mover, "Player to move"),
                             (self.phase, "Phase"), (self.to_place, "Armies to place")):
            hidden_label(widget, text)   # the headings beside them say it on screen
        self.owner.param.watch(lambda e: setattr(m, "owner", e.new), "value")
        self.armies.param.watch(lambda e: setattr(m, "armies", int(e.new or 1)), "value")
        for w in (self.mover, self.phase, self.to_place):
            w.param.watch(self._turn, "value")
        m.param.watch(self._update, ["state", "message"])
        self.layout = self.page(self.board, [
            pn.pane.HTML("<h3 style='margin:4px 0'>Paint territories</h3><p style='margin:0'>Click a territory to "
                         "give it to this owner with this many armies.</p>"),
            pn.Row(self.owner, self.armies),
            pn.pane.HTML("<h3 style='margin:8px 0 4px'>The turn</h3>"),
            pn.Row(self.mover, self.phase), pn.Row(pn.pane.HTML("Armies to place:", margin=(12, 5)), self.to_place)])
        self._update()

    def _owner_options(self) -> dict[str, int]:
        return {**{name: p for p, name in enumerate(self.model.players)}, "Neutral": NEUTRAL}

    def _mover_options(self) -> dict[str, int]:
        return {name: p for p, name in enumerate(self.model.players)}

    def _turn(self, *events: Any) -> None:
        self.model.set_turn(self.mover.value, self.phase.value, int(self.to_place.value or 1))

    def _update(self, *events: Any) -> None:
        with pn.io.hold():
            if list(self.owner.options.values()) != list(self._owner_options().values()):
                self.owner.options, self.mover.options = self._owner_options(), self._mover_options()
            self.refresh()
