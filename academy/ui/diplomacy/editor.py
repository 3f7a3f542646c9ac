"""The Diplomacy position editor: place and remove armies and fleets, give supply centres, choose the
phase; then use the position in a lesson or a link.

``DiplomacyEditor`` is the board's model: a click puts the chosen piece of the chosen power on the
province (an army, a fleet — on a split coast, on the chosen coast —, or the supply centre), or clears
it. Every change is checked by the engine (``Position.from_dict``): a fleet inland, a fleet without its
coast... get the engine's message and change nothing. The position is also one line of notation
(``position_line()``), which a teacher may edit by hand and apply. ``DiplomacyEditorPage`` shows the
board, the tools, the line, the lesson snippet and the link.
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param

from academy.core.errors import RulesError
from academy.games.diplomacy import DiplomacyGame, Position, standard_map
from academy.games.diplomacy.position_line import format_position, parse_position
from academy.ui.editor_frame import EditorFrame
from academy.ui.labels import hidden_label

from .board import DiplomacyBoard

__all__ = ["DiplomacyEditor", "DiplomacyEditorPage", "START"]

#: the editor's first position: a few units around Munich in spring 1901
START = "S1901M | Austria: A TYR, A BOH | Germany: A MUN, A BER"
PIECES = {"Army": "A", "Fleet": "F", "Supply centre": "centre", "Neutral centre": "neutral",
          "Remove the unit": "remove"}
SEASONS = {"Spring movement": "S{year}M", "Fall movement": "F{year}M", "Winter adjustments": "W{year}A"}


class DiplomacyEditor(param.Parameterized):
    """A position being set up (see the module docstring)."""

    state = param.Parameter(doc="the DiplomacyState being edited")
    selected = param.String(None, allow_None=True)     # the board's interface: nothing is selected,
    targets = param.List([])                            # no orders are pending
    by_convoy = param.List([])
    pending = param.Dict({})
    others = param.Dict({})
    step = param.Integer(0)
    power = param.String(None, allow_None=True)
    owner = param.String("ENGLAND", doc="the power of what a click places")
    piece = param.Selector(default="A", objects=list(PIECES.values()))
    coast = param.String("", doc="the coast of a fleet on a split-coast province (NC, SC, EC); '' for the first")
    message = param.String("")

    def __init__(self, position: str = START, **params: Any) -> None:
        super().__init__(state=self._state(parse_position(position)[0]), **params)

    @staticmethod
    def _state(position: Position) -> Any:
        return DiplomacyGame().state_from_position(position)

    # --- editing -------------------------------------------------------------------------
    def click(self, province: str) -> None:
        """Put the chosen piece on ``province`` (replacing a unit there), give its centre, or clear it."""
        dmap = standard_map()
        data = self.state.position.to_dict()
        units = {pw: [u for u in us if u.split()[1].split("/")[0] != province] for pw, us in data["units"].items()}
        centres = data["supply_centers"]
        name = dmap.provinces[province].name
        if self.piece in ("A", "F"):
            where = province
            coasts = dmap.provinces[province].coasts
            if self.piece == "F" and coasts:
                where = f"{province}/{self.coast if self.coast in coasts else coasts[0]}"
            units.setdefault(self.owner, []).append(f"{self.piece} {where}")
            said = f"{self.owner.title()}: {'army' if self.piece == 'A' else 'fleet'} in {where}."
        elif self.piece in ("centre", "neutral"):
            if not dmap.provinces[province].supply_center:
                self.message = f"Not done: {name} is not a supply centre."
                return
            centres = {pw: [c for c in cs if c != province] for pw, cs in centres.items()}
            if self.piece == "centre":
                centres.setdefault(self.owner, []).append(province)
            said = f"{name}: {'neutral' if self.piece == 'neutral' else self.owner.title()} centre."
        else:
            said = f"{name} cleared."
        data.update(units=units, supply_centers=centres, dislodged={}, contested=[])
        self._set(data, said)

    def set_phase(self, season: str, year: int) -> None:
        """The phase (``SEASONS`` key) and year; dislodged units go (set them up in the line by hand)."""
        data = self.state.position.to_dict()
        data.update(phase=SEASONS[season].format(year=int(year)), dislodged={}, contested=[])
        self._set(data, f"{season}, {year}.")

    def apply_line(self, text: str) -> bool:
        """Replace the position by a line of notation; False (and the engine's message) if it is wrong."""
        try:
            position = parse_position(text)[0]
        except RulesError as exc:
            self.message = f"That line was not applied: {exc.message}"
            return False
        self.state = self._state(position)
        self.step += 1
        self.message = "Position applied."
        return True

    def position_line(self) -> str:
        return format_position(self.state.position)

    def problems(self) -> list[str]:
        return [] if self.state.position.units else ["There is no unit on the board."]

    def _set(self, data: dict[str, Any], message: str) -> None:
        try:
            position = Position.from_dict(data)
        except RulesError as exc:
            self.message = f"Not done: {exc.message}"
            return
        self.message = message
        self.state = self._state(position)
        self.step += 1


class DiplomacyEditorPage(EditorFrame):
    """The editor's page: board, tools, the position as a line, for a lesson and as a link."""

    game, title = "diplomacy", "Diplomacy position editor"
    line_help = ("Edit it by hand if you like (dislodged units, contested provinces, another power's fixed orders), "
                 "then apply it.")
    lesson_help = ("Paste this line into the lesson's front matter (add <code>England to order, </code> in front "
                   "of the phase to name the learner's power):")

    def __init__(self, position: str = START, **params: Any) -> None:
        super().__init__(DiplomacyEditor(position), **params)
        m = self.model
        self.board = DiplomacyBoard(m, height=640)
        powers = sorted({p.home for p in standard_map().provinces.values() if p.home})
        self.owner = pn.widgets.Select(options={p.title(): p for p in powers}, value=m.owner, width=160,
                                       css_classes=["editor-owner"])
        self.piece = pn.widgets.Select(options=PIECES, value="A", width=170, css_classes=["editor-piece"])
        self.coast = pn.widgets.Select(options={"First coast": "", "North coast": "NC", "South coast": "SC",
                                                "East coast": "EC"}, value="", width=140, css_classes=["editor-coast"])
        phase = m.state.position.phase
        season = next((k for k, v in SEASONS.items() if v.format(year=phase.year) == str(phase)), "Spring movement")
        self.season = pn.widgets.Select(options=list(SEASONS), value=season, width=190, css_classes=["editor-season"])
        self.year = pn.widgets.IntInput(value=phase.year, start=1901, end=2100, width=100, css_classes=["editor-year"])
        for widget, text in ((self.owner, "Power"), (self.piece, "Piece"), (self.coast, "Coast"),
                             (self.season, "Season"), (self.year, "Year")):
            hidden_label(widget, text)   # the headings beside them say it on screen
        for widget, name in ((self.owner, "owner"), (self.piece, "piece"), (self.coast, "coast")):
            widget.param.watch(lambda e, name=name: setattr(m, name, e.new), "value")
        for widget in (self.season, self.year):
            widget.param.watch(lambda e: m.set_phase(self.season.value, int(self.year.value or 1901)), "value")
        m.param.watch(self._update, ["state", "message"])
        self.layout = self.page(self.board, [
            pn.pane.HTML("<h3 style='margin:4px 0'>Place</h3><p style='margin:0'>Click a province to put this there "
                         "(a unit already there is replaced).</p>"),
            self.owner, self.piece, self.coast, pn.pane.HTML("<h3 style='margin:8px 0 4px'>The phase</h3>"),
            pn.Row(self.season, self.year)])
        self._update()

    def _update(self, *events: Any) -> None:
        with pn.io.hold():
            self.refresh()
