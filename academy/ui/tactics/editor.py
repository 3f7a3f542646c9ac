"""The Tactics position editor: place and remove units, give properties, choose the map, day and army to
move; then use the position in a lesson or a link.

``TacticsEditor`` is the board's model. A click on a tile does the chosen thing there: put a unit of the
chosen army and type (with its displayed HP), remove the unit, or give the property to an army (or make
it neutral). Every change goes through the engine's own notation (the state written as a line and read
back), so a tank on the sea or a property that is not one gets the engine's message and changes
nothing. The line (``position_line()``) may be edited by hand and applied (funds, fuel, ammo, cargo,
capture points, meters...). ``TacticsEditorPage`` shows the board, the tools, the line, the lesson
snippet and the link. The editor sees every unit: there is no fog in a position being set up.
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param

from academy.core.errors import RulesError
from academy.games.tactics.board import Unit
from academy.games.tactics.mapdata import available_maps
from academy.games.tactics.position import format_position, parse_position
from academy.games.tactics.units import UNITS
from academy.ui.editor_frame import EditorFrame, LineEditing
from academy.ui.labels import hidden_label

from .board import TacticsBoard

__all__ = ["TacticsEditor", "TacticsEditorPage", "START"]

START = "river_crossing day 1 red | red 1000: infantry D3, tank E2 | blue 1000: infantry G8, tank F8"
PLACE, REMOVE, OWN = "place", "remove", "own"
NEUTRAL = "neutral"


class TacticsEditor(LineEditing, param.Parameterized):
    """A position being set up (see the module docstring)."""

    obs = param.Dict(None, allow_None=True, doc="the whole board, as the board view reads it")
    selected = param.Parameter(None)                 # the board's interface: nothing is selected here
    destination = param.Parameter(None)
    target = param.Parameter(None)
    destinations = param.List([])
    targets = param.List([])
    build_at = param.Parameter(None)
    trail = param.List([])
    threats = param.Dict({})
    army = param.String("red", doc="an army's name, or 'neutral' (properties)")
    unit = param.Selector(default="infantry", objects=sorted(UNITS))
    hp = param.Integer(10, bounds=(1, 10))
    action = param.Selector(default=PLACE, objects=[PLACE, REMOVE, OWN])
    message = param.String("")

    def __init__(self, position: str = START, **params: Any) -> None:
        super().__init__(**params)
        self._load(parse_position(position))

    @property
    def armies(self) -> list[str]:
        return list(self.state.game.map.players)

    # --- editing -------------------------------------------------------------------------
    def click(self, where: Any) -> None:
        """Do the chosen action on the tile ``where`` ((x, y))."""
        tile = tuple(where)
        state = parse_position(self.position_line())             # a copy to change
        name = f"{chr(ord('A') + tile[0])}{tile[1] + 1}"
        if self.action == REMOVE:
            state.units.pop(tile, None)
            said = f"{name} cleared."
        elif self.action == OWN:
            if tile not in state.owners:
                self.message = f"Not done: {name} is not a property."
                return
            state.owners[tile] = None if self.army == NEUTRAL else self.armies.index(self.army)
            said = f"{name} now belongs to {self.army}."
        else:
            if self.army == NEUTRAL:
                self.message = "Not done: units belong to an army; choose one."
                return
            state.units[tile] = Unit(self.unit, self.armies.index(self.army), health=10 * self.hp)
            said = f"{self.army.title()} {UNITS[self.unit].name} on {name}."
        self._set(format_position(state), said)

    def set_turn(self, army: str, day: int) -> None:
        state = parse_position(self.position_line())
        state.current, state.day = self.armies.index(army), max(1, int(day))
        self._set(format_position(state), f"Day {state.day}, {army} to move.")

    def set_map(self, map_id: str) -> None:
        """Another map, with its own start (armies, properties); the units here do not carry over."""
        players = available_maps()[0][map_id].players
        self._set(f"{map_id} day 1 {players[0]}", f"The map is {map_id.replace('_', ' ')}.")

    game_name = "tactics"

    def parse_line(self, text: str) -> Any:
        return parse_position(text)

    def position_line(self) -> str:
        return format_position(self.state)

    def problems(self) -> list[str]:
        """Why this position could not start a game (empty when it can)."""
        return [f"{army.title()} has no unit and no property." for p, army in enumerate(self.armies)
                if not self.state.units_of(p) and p not in self.state.owners.values()]

    # --- helpers -------------------------------------------------------------------------
    def _set(self, line: str, message: str) -> None:
        try:
            state = parse_position(line)
        except RulesError as exc:
            self.message = f"Not done: {exc.message}"
            return
        self.message = message
        self._load(state)

    def _load(self, state: Any) -> None:
        self.state = state
        if self.army != NEUTRAL and self.army not in self.armies:
            self.army = self.armies[0]
        self.obs = state.observation(None)


class TacticsEditorPage(EditorFrame):
    """The editor's page: board, tools, the position as a line, for a lesson and as a link."""

    game, title = "tactics", "Tactics position editor"
    line_help = "Edit it by hand if you like (funds, fuel, ammo, cargo in brackets, capture points...), then apply it."
    lesson_help = ("Paste this line into the lesson's front matter (add <code>luck: off</code> or <code>fog: on"
                   "</code> parts as you need):")

    def __init__(self, position: str = START, **params: Any) -> None:
        super().__init__(TacticsEditor(position), **params)
        m = self.model
        self.board_slot = pn.Column(TacticsBoard(m), margin=0)
        self._map = m.state.game.map.id
        self.action = pn.widgets.RadioButtonGroup(options={"Place a unit": PLACE, "Remove": REMOVE,
                                                           "Give the property": OWN}, value=PLACE, color="primary",
                                                  variant="outline",
                                                  css_classes=["editor-action"])
        self.army = pn.widgets.Select(options=self._armies(), value=m.army, width=140, css_classes=["editor-army"])
        self.unit = pn.widgets.Select(options={UNITS[u].name: u for u in sorted(UNITS)}, value="infantry",
                                      width=170, css_classes=["editor-unit"])
        self.hp = pn.widgets.IntInput(value=10, start=1, end=10, width=80, css_classes=["editor-hp"])
        maps = sorted(available_maps()[0])
        self.map = pn.widgets.Select(options=maps, value=self._map, width=170, css_classes=["editor-map"])
        self.mover = pn.widgets.Select(options=m.armies, value=m.armies[m.state.current], width=120,
                                       css_classes=["editor-mover"])
        self.day = pn.widgets.IntInput(value=m.state.day, start=1, end=99, width=80, css_classes=["editor-day"])
        for widget, text in ((self.army, "Army"), (self.unit, "Unit"), (self.hp, "HP"), (self.map, "Map"),
                             (self.mover, "Army to move"), (self.day, "Day")):
            hidden_label(widget, text)   # the texts beside them say it on screen
        for widget, name in ((self.action, "action"), (self.army, "army"), (self.unit, "unit")):
            widget.param.watch(lambda e, name=name: setattr(m, name, e.new), "value")
        self.hp.param.watch(lambda e: setattr(m, "hp", int(e.new or 10)), "value")
        self.map.param.watch(lambda e: m.set_map(e.new) if e.new != m.state.game.map.id else None, "value")
        for widget in (self.mover, self.day):
            widget.param.watch(lambda e: m.set_turn(self.mover.value, int(self.day.value or 1)), "value")
        m.param.watch(self._update, ["obs", "message"])
        self.layout = self.page(self.board_slot, [
            pn.pane.HTML("<h3 style='margin:4px 0'>Click a tile to</h3>"), self.action,
            pn.pane.HTML("<p style='margin:4px 0'>Which army, unit and displayed HP:</p>"),
            self.army, pn.Row(self.unit, self.hp),
            pn.pane.HTML("<h3 style='margin:8px 0 4px'>Map and turn</h3>"), self.map, pn.Row(self.mover, self.day)],
            tools_width=380)
        self._update()

    def _armies(self) -> list[str]:
        return [*self.model.armies, NEUTRAL]

    def _update(self, *events: Any) -> None:
        m = self.model
        with pn.io.hold():
            if m.state.game.map.id != self._map:      # another map: a new board, its armies
                self._map = m.state.game.map.id
                self.board_slot.objects = [TacticsBoard(m)]
                self.army.param.update(options=self._armies(), value=m.army)
                self.mover.options = m.armies
                self.map.value = self._map
            self.mover.value, self.day.value = m.armies[m.state.current], m.state.day
            self.refresh()
