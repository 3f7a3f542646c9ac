"""The Game of War position editor: place and remove units and arsenals, choose who moves; then use the
position in a lesson or a link.

``GameOfWarEditor`` is the board's model: a click puts the chosen piece (a unit of a side and type, or
an arsenal) on the square, or removes what stands there. Every change is checked by the engine
(``Position.from_dict``): a unit on a mountain, two things on one square... get the engine's message and
change nothing. The position is always also one line of notation (``position_line()``), which a
teacher may edit by hand and apply. ``GameOfWarEditorPage`` shows the board, the tools, the line, the
lesson snippet and the link.
"""
from __future__ import annotations

import re
from typing import Any

import panel as pn
import param

from academy.core.errors import RulesError
from academy.games.game_of_war import Position, format_position, format_square, parse_position, state_from_position
from academy.games.game_of_war.units import SIDES, UNIT_TYPES
from academy.ui.editor_frame import EditorFrame, LineEditing
from academy.ui.labels import hidden_label

from .board import GameOfWarBoard

__all__ = ["GameOfWarEditor", "GameOfWarEditorPage", "START"]

#: the editor's first position: an empty board with one arsenal and one infantry a side
START = "North to move | board: empty | North arsenals: c3 | South arsenals: w18 | North: N-I1 e5 | South: S-I1 u16"
ARSENAL, REMOVE = "arsenal", "remove"
_CODES = {"infantry": "I", "cavalry": "C", "cannon": "K", "swift_cannon": "SK", "relay": "R", "swift_relay": "SR"}


class GameOfWarEditor(LineEditing, param.Parameterized):
    """A position being set up (see the module docstring)."""

    state = param.Parameter(doc="the GameOfWarState (in play) being edited")
    selected = param.String(None, allow_None=True)    # the board's interface: nothing is ever selected
    destinations = param.List([])
    targets = param.List([])
    target = param.String(None, allow_None=True)
    trail = param.List([])
    network_side = param.String(None, allow_None=True, doc="whose lines the board shows (None: nobody's)")
    thinking = param.Boolean(False, doc="the board's interface: no CPU here")
    side = param.Selector(default="north", objects=list(SIDES), doc="the side of what a click places")
    piece = param.Selector(default="infantry", objects=[*UNIT_TYPES, ARSENAL, REMOVE],
                           doc="what a click places (a unit type or an arsenal), or remove")
    message = param.String("")

    def __init__(self, position: str = START, **params: Any) -> None:
        super().__init__(state=parse_position(position), **params)

    # --- editing -------------------------------------------------------------------------
    def click(self, square: tuple[int, int]) -> None:
        """Place the chosen piece on ``square`` (replacing a unit there), or remove what is there."""
        data = self.state.position.to_dict()
        sq, name = list(square), format_square(tuple(square))
        units = [u for u in data["units"] if u["at"] != sq]
        arsenals = {side: [a for a in squares if a != sq] for side, squares in data["arsenals"].items()}
        if self.piece == REMOVE:
            said = f"{name} cleared."
        elif self.piece == ARSENAL:
            arsenals[self.side] = [*arsenals[self.side], sq]
            said = f"{self.side.title()} arsenal on {name}."
        else:
            units.append({"id": self._new_id(units), "side": self.side, "type": self.piece, "at": sq})
            said = f"{self.side.title()} {self.piece.replace('_', ' ')} on {name}."
        data.update(units=units, arsenals=arsenals)
        self._set(data, said)

    def set_mover(self, side: str) -> None:
        """Who moves first from this position."""
        self._set(self.state.position.to_dict(), f"{side.title()} to move.", mover=side)

    game_name = "game_of_war"

    def parse_line(self, text: str) -> Any:
        return parse_position(text)

    def position_line(self) -> str:
        return format_position(self.state)

    def problems(self) -> list[str]:
        """Why this position could not start a game (empty when it can)."""
        pos = self.state.position
        out = []
        for side in SIDES:
            if not pos.arsenals.get(side):
                out.append(f"{side.title()} has no arsenal.")
            if not any(u.side == side and u.kind.is_fighting for u in pos.units):
                out.append(f"{side.title()} has no fighting unit.")
        return out

    # --- helpers -------------------------------------------------------------------------
    def _new_id(self, units: list[dict[str, Any]]) -> str:
        prefix = f"{self.side[0].upper()}-{_CODES[self.piece]}"
        taken = {int(m.group(1)) for u in units if (m := re.fullmatch(re.escape(prefix) + r"(\d+)", u["id"]))}
        return f"{prefix}{min(set(range(1, len(taken) + 2)) - taken)}"

    def _set(self, data: dict[str, Any], message: str, mover: str | None = None) -> None:
        try:
            position = Position.from_dict(data)
            state = state_from_position(position, to_move=mover or self.state.side or "north")
        except RulesError as exc:
            self.message = f"Not done: {exc.message}"
            return
        self.message = message
        self.state = state


class GameOfWarEditorPage(EditorFrame):
    """The editor's page: board, tools, the position as a line, for a lesson and as a link."""

    game, title = "game_of_war", "Game of War position editor"
    line_title = "The position in Game of War notation"
    line_help = "Edit it by hand if you like (for example <code>board: empty</code> or terrain), then apply it."

    def __init__(self, position: str = START, **params: Any) -> None:
        super().__init__(GameOfWarEditor(position), **params)
        m = self.model
        self.board_slot = pn.Column(GameOfWarBoard(m, cell=28), margin=0)
        self._terrain = self._terrain_of(m.state)
        labels = {**{t.replace("_", " ").capitalize(): t for t in UNIT_TYPES}, "Arsenal": ARSENAL,
                  "Remove (clear the square)": REMOVE}
        self.side = pn.widgets.RadioButtonGroup(options={s.title(): s for s in SIDES}, value="north", color="primary",
                                                variant="outline",
                                                css_classes=["editor-side"])
        self.piece = pn.widgets.Select(options=labels, value="infantry", width=220, css_classes=["editor-piece"])
        self.mover = pn.widgets.Select(options={f"{s.title()} moves first": s for s in SIDES}, value=m.state.side,
                                       width=220, css_classes=["editor-mover"])
        hidden_label(self.piece, "Piece")
        hidden_label(self.mover, "Who moves first")
        self.lines = pn.widgets.RadioButtonGroup(options={"No lines": "", "North's lines": "north",
                                                          "South's lines": "south"}, value="", color="primary",
                                                 variant="outline",
                                                 css_classes=["editor-network"])
        self.side.param.watch(lambda e: setattr(m, "side", e.new), "value")
        self.piece.param.watch(lambda e: setattr(m, "piece", e.new), "value")
        self.mover.param.watch(lambda e: m.set_mover(e.new), "value")
        self.lines.param.watch(lambda e: setattr(m, "network_side", e.new or None), "value")
        m.param.watch(self._update, ["state", "message"])
        self.layout = self.page(self.board_slot, [
            pn.pane.HTML("<h3 style='margin:4px 0'>Place</h3><p style='margin:0'>Click a square to put this there "
                         "(a unit already there is replaced).</p>"),
            self.side, self.piece, pn.pane.HTML("<h3 style='margin:8px 0 4px'>The turn</h3>"), self.mover,
            pn.pane.HTML("<h3 style='margin:8px 0 4px'>Check the lines</h3>"), self.lines], tools_width=340)
        self._update()

    @staticmethod
    def _terrain_of(state: Any) -> tuple[Any, ...]:
        pos = state.position
        return pos.width, pos.height, pos.mountains, pos.passes, pos.fortresses

    def _update(self, *events: Any) -> None:
        m = self.model
        with pn.io.hold():
            terrain = self._terrain_of(m.state)
            if terrain != self._terrain:          # the board draws its terrain once: a new line may change it
                self._terrain = terrain
                self.board_slot.objects = [GameOfWarBoard(m, cell=28)]
            if self.mover.value != m.state.side:
                self.mover.value = m.state.side
            self.refresh()
