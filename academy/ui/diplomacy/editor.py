"""The Diplomacy position editor: place and remove armies and fleets, give supply centres, choose the
phase; then use the position in a lesson or a link.

``DiplomacyEditor`` is the board's model: a click puts the chosen piece of the chosen power on the
province (an army, a fleet — on a split coast, on the chosen coast —, or the supply centre), or clears
it. Every change is checked by the engine (``Position.from_dict``): a fleet inland, a fleet without its
coast... get the engine's message and change nothing. The position is also one line of notation
(``position_line()``), which a teacher may edit by hand and apply: every part of the line is kept, the
power the learner plays (``learner``) and the other powers' fixed orders (``fixed``) included, and a change
that makes a fixed order meaningless (its unit removed, another phase) says which order it dropped.
``DiplomacyEditorPage`` shows the board, the tools (the power the learner plays among them), the line, the
lesson snippet and the link.
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param

from academy.core.errors import RulesError
from academy.games.diplomacy import DiplomacyGame, Position, standard_map
from academy.games.diplomacy.position_line import format_position, parse_position
from academy.core.text import listing
from academy.ui.editor_frame import EditorFrame
from academy.ui.labels import hidden_label, wrapping_row

from .board import DiplomacyBoard

__all__ = ["DiplomacyEditor", "DiplomacyEditorPage", "START"]

#: the editor's first position: a few units around Munich in spring 1901
START = "S1901M | Austria: A TYR, A BOH | Germany: A MUN, A BER"
PIECES = {"Army": "A", "Fleet": "F", "Supply centre": "centre", "Neutral centre": "neutral",
          "Remove the unit": "remove"}
SEASONS = {"Spring movement": "S{year}M", "Spring retreats": "S{year}R", "Fall movement": "F{year}M",
           "Fall retreats": "F{year}R", "Winter adjustments": "W{year}A"}
NOBODY = ""          # the learner-power choice for a line that names none


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
    learner = param.String(None, allow_None=True, doc="the power the learner plays (the line's head), or None")
    fixed = param.Dict({}, doc="the other powers' fixed orders in this phase: {power: (order text, ...)}")

    def __init__(self, position: str = START, **params: Any) -> None:
        pos, learner, fixed = parse_position(position)
        super().__init__(state=self._state(pos), learner=learner, fixed=dict(fixed), **params)

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
        """The phase (``SEASONS`` key) and year. Dislodged units and standoffs stay from one retreat phase
        to another and go otherwise (a retreat phase's are set up in the line by hand)."""
        data = self.state.position.to_dict()
        phase = SEASONS[season].format(year=int(year))
        if phase == str(self.state.position.phase):
            return
        data["phase"] = phase
        said = f"{season}, {year}."
        if not phase.endswith("R"):
            data.update(dislodged={}, contested=[])
        elif not data.get("dislodged"):
            said += (" Add the units that must retreat in the line, e.g. \"dislodged France: A PAR from BUR\", "
                     "then apply it.")
        self._set(data, said)

    def set_learner(self, power: str | None) -> None:
        """The power the learner plays (None: the line names none). Its fixed orders go: its orders are the
        exercise."""
        power = power or None
        if power == self.learner:
            return
        fixed = dict(self.fixed)
        dropped = fixed.pop(power, ()) if power else ()
        self.fixed = fixed
        self.learner = power
        self.message = (f"The learner plays {power.title()}." if power else "The line names no power for the learner.")
        if dropped:
            self.message += f" {power.title()}'s fixed orders ({', '.join(dropped)}) were dropped."
        self.step += 1

    def apply_line(self, text: str) -> bool:
        """Replace the position by a line of notation (every part kept: the learner's power and the fixed
        orders too); False (and the engine's message) if it is wrong."""
        try:
            position, learner, fixed = parse_position(text)
        except RulesError as exc:
            self.message = f"That line was not applied: {exc.message}"
            return False
        kept = []
        if learner:
            kept.append(f"{learner.title()} to order")
        kept += [f"{pw.title()}'s orders ({', '.join(orders)})" for pw, orders in fixed.items()]
        with param.parameterized.batch_call_watchers(self):
            self.learner, self.fixed = learner, dict(fixed)
            self.state = self._state(position)
            self.step += 1
            self.message = "Position applied" + (f", with {listing(kept)}." if kept else ".")
        return True

    def position_line(self) -> str:
        return format_position(self.state.position, self.learner, self.fixed)

    def problems(self) -> list[str]:
        return [] if self.state.position.units else ["There is no unit on the board."]

    def _set(self, data: dict[str, Any], message: str) -> None:
        try:
            position = Position.from_dict(data)
        except RulesError as exc:
            self.message = f"Not done: {exc.message}"
            return
        fixed, dropped = self._fixed_orders_for(position)
        if dropped:
            message += f" Dropped the fixed order{'s' if len(dropped) > 1 else ''} {listing(dropped)}: " + (
                "they belong to another phase." if str(position.phase) != str(self.state.position.phase)
                else "no longer possible here.")
        with param.parameterized.batch_call_watchers(self):
            self.fixed = fixed
            self.message = message
            self.state = self._state(position)
            self.step += 1

    def _fixed_orders_for(self, position: Position) -> tuple[dict[str, tuple[str, ...]], list[str]]:
        """The fixed orders that still fit ``position`` (all of them read by the line's own parser), and the
        ones dropped: every one when the phase changes, else those the position no longer allows."""
        if not self.fixed:
            return {}, []
        every = [o for orders in self.fixed.values() for o in orders]
        if str(position.phase) != str(self.state.position.phase):
            return {}, every
        kept: dict[str, tuple[str, ...]] = {}
        dropped = []
        for pw, orders in self.fixed.items():
            for order in orders:
                try:
                    parse_position(format_position(position, self.learner, {pw: (order,)}))
                except RulesError:
                    dropped.append(order)
                    continue
                kept[pw] = (*kept.get(pw, ()), order)
        return kept, dropped


class DiplomacyEditorPage(EditorFrame):
    """The editor's page: board, tools, the position as a line, for a lesson and as a link."""

    game, title = "diplomacy", "Diplomacy position editor"
    line_help = ("Edit it by hand if you like (dislodged units, contested provinces, another power's fixed orders, "
                 "written like <code>France orders: A PAR - BUR</code>), then apply it.")
    lesson_help = ("Paste this line into the lesson's front matter (the power the learner plays, chosen above, "
                   "is named in front of the phase):")

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
        season, year = self._phase()
        self.season = pn.widgets.Select(options=list(SEASONS), value=season, width=190, css_classes=["editor-season"])
        self.year = pn.widgets.IntInput(value=year, start=1901, end=2100, width=100, css_classes=["editor-year"])
        self.learner = pn.widgets.Select(options=self._learner_options(), value=m.learner or NOBODY, width=190,
                                         css_classes=["editor-learner"])
        self.learner.param.watch(lambda e: self._showing or m.set_learner(e.new or None), "value")
        for widget, text in ((self.owner, "Power"), (self.piece, "Piece"), (self.coast, "Coast"),
                             (self.season, "Season"), (self.year, "Year"), (self.learner, "The learner plays")):
            hidden_label(widget, text)   # the headings beside them say it on screen
        for widget, name in ((self.owner, "owner"), (self.piece, "piece"), (self.coast, "coast")):
            widget.param.watch(lambda e, name=name: setattr(m, name, e.new), "value")
        self._showing = False              # True while the widgets are set from the model (not a teacher's choice)
        for widget in (self.season, self.year):
            widget.param.watch(lambda e: self._showing or m.set_phase(self.season.value, int(self.year.value or 1901)),
                               "value")
        m.param.watch(self._update, ["state", "message", "learner"])
        self.layout = self.page(self.board, [
            pn.pane.HTML("<h3 style='margin:4px 0'>Place</h3><p style='margin:0'>Click a province to put this there "
                         "(a unit already there is replaced).</p>"),
            self.owner, self.piece, self.coast, pn.pane.HTML("<h3 style='margin:8px 0 4px'>The phase</h3>"),
            wrapping_row(self.season, self.year),
            pn.pane.HTML("<h3 style='margin:8px 0 4px'>The learner plays</h3>"), self.learner])
        self._update()

    def _phase(self) -> tuple[str, int]:
        """The season (a ``SEASONS`` key) and year of the position."""
        phase = self.model.state.position.phase
        return next(k for k, v in SEASONS.items() if v.format(year=phase.year) == str(phase)), phase.year

    def _learner_options(self) -> dict[str, str]:
        """The powers with a unit on the board (a lesson's learner must have one), and "nobody named"."""
        m = self.model
        powers = sorted({pw for pw, units in m.state.position.to_dict()["units"].items() if units} |
                        ({m.learner} if m.learner else set()))
        return {"Nobody named": NOBODY, **{pw.title(): pw for pw in powers}}

    def _update(self, *events: Any) -> None:
        m = self.model
        with pn.io.hold():
            self._showing = True
            try:
                season, year = self._phase()           # a line applied by hand may name another phase
                if (self.season.value, self.year.value) != (season, year):
                    self.season.value, self.year.value = season, year
                options = self._learner_options()
                if self.learner.options != options:
                    self.learner.options = options
                if self.learner.value != (m.learner or NOBODY):
                    self.learner.value = m.learner or NOBODY
            finally:
                self._showing = False
            self.refresh()
