"""The Fronts position editor: set the stacks and owners of any province, on either map; then use the
position in a lesson or a link.

``FrontsEditor`` is the board's model. A click on a province does the chosen thing there: set the
chosen player's (or the neutral garrison's) count of one unit type, give the province to a player (or
make it nobody's), or clear every stack from it. Every change goes through the engine's own notation
(the board written as a line and read back), so what the engine would refuse gets its message and
changes nothing. The line (``position_line()``) names the map, players and mode too; a teacher may
edit it by hand and apply it. ``FrontsEditorPage`` shows the board, the tools, the line, the lesson
snippet and the link. The editor sees every stack: there is no fog in a position being set up.
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param

from academy.core.errors import RulesError
from academy.games.fronts.board import NEUTRAL
from academy.games.fronts.game import format_game_position
from academy.games.fronts.mapdata import load_map
from academy.games.fronts.notation import parse_position
from academy.games.fronts.units import LOSS_ORDER
from academy.ui.editor_frame import EditorFrame, LineEditing
from academy.ui.position_link import parse_line
from academy.ui.labels import hidden_label

from .board import FrontsBoard

__all__ = ["FrontsEditor", "FrontsEditorPage", "START"]

#: the editor's first position: the duel map's start
START = "map: duel; players: 2; mode: teams; turn 1"
SET, OWN, CLEAR = "set", "own", "clear"


class FrontsEditor(LineEditing, param.Parameterized):
    """A position being set up (see the module docstring)."""

    obs = param.Dict(None, allow_None=True, doc="everything on the board, as the board view reads it")
    player = param.String(None, allow_None=True)      # the board's interface: no orders are written here
    pending = param.List([])
    selected = param.String(None, allow_None=True)
    targets = param.List([])
    mode = param.String("move")
    step = param.Integer(0)
    owner = param.String("red", doc="a player id, or 'neutral'")
    kind = param.Selector(default="infantry", objects=list(LOSS_ORDER))
    count = param.Integer(2, bounds=(0, 99))
    action = param.Selector(default=SET, objects=[SET, OWN, CLEAR])
    message = param.String("")

    def __init__(self, position: str = START, **params: Any) -> None:
        super().__init__(**params)
        self._load(parse_line("fronts", position))

    @property
    def game(self) -> Any:
        return self.state.game

    def player_name(self, pid: str | None) -> str:
        if pid is None or pid == NEUTRAL:
            return "Neutral"
        return self.fmap.players[pid].name

    # --- editing -------------------------------------------------------------------------
    def click(self, province: str) -> None:
        """Do the chosen action on ``province`` (see the module docstring)."""
        b = self.state.board.copy()
        name = self.fmap.name_of(province)
        if self.action == CLEAR:
            for stacks in b.stacks.values():
                stacks.pop(province, None)
            b.neutral.pop(province, None)
            said = f"{name} cleared."
        elif self.action == OWN:
            b.owners[province] = None if self.owner == NEUTRAL else self.owner
            said = f"{name} now belongs to {self.player_name(self.owner) if self.owner != NEUTRAL else 'nobody'}."
        else:
            home = b.neutral if self.owner == NEUTRAL else b.stacks.setdefault(self.owner, {})
            units = dict(home.get(province) or dict.fromkeys(LOSS_ORDER, 0))
            units[self.kind] = self.count
            if any(units.values()):
                home[province] = units
            else:
                home.pop(province, None)
            said = f"{name}: {self.player_name(self.owner)} has {self.count} {self.kind}."
        self._set(b, said)

    game_name = "fronts"

    def parse_line(self, text: str) -> Any:
        """A line with its map, players and mode."""
        return parse_line("fronts", text)

    def position_line(self) -> str:
        return format_game_position(self.state)

    def problems(self) -> list[str]:
        """Why this position could not start a game (empty when it can)."""
        b = self.state.board
        out = []
        for pid in b.players:
            if not any(o == pid for o in b.owners.values()) and not b.stacks.get(pid):
                out.append(f"{self.player_name(pid)} has neither land nor units.")
        return out

    # --- helpers -------------------------------------------------------------------------
    def _set(self, board: Any, message: str) -> None:
        game = self.game
        try:      # the engine reads the board back from its own notation: what it refuses changes nothing
            state = game.state_from_board(parse_position(game.format_position(game.state_from_board(board)), game))
        except RulesError as exc:
            self.message = f"Not done: {exc.message}"
            return
        self.message = message
        self._load(state)

    def _load(self, state: Any) -> None:
        self.state = state
        self.fmap = load_map(state.game.map.id)
        if self.owner != NEUTRAL and self.owner not in state.board.players:
            self.owner = state.board.players[0]
        b = state.board
        stacks: dict[str, list[dict[str, Any]]] = {}
        for prov in self.fmap.provinces:
            seen = [{"owner": owner, "units": dict(units)} for owner, units in sorted(b.stacks_in(prov).items())]
            if seen:
                stacks[prov] = seen
        self.obs = {"owners": dict(b.owners), "stacks": stacks, "dug": dict(b.dug), "half": list(b.half),
                    "teams": dict(b.teams), "turn": b.turn, "map": self.fmap.id, "last": []}
        self.step += 1


class FrontsEditorPage(EditorFrame):
    """The editor's page: board, tools, the position as a line, for a lesson and as a link."""

    game, title = "fronts", "Fronts position editor"
    line_help = ("Edit it by hand if you like (another map: <code>map: crossroads; players: 4; mode: ffa</code>; "
                 "funds, digging in, supply...), then apply it.")
    lesson_help = "Paste this line into the lesson's front matter (the first part names the learner):"

    def __init__(self, position: str = START, **params: Any) -> None:
        super().__init__(FrontsEditor(position), **params)
        m = self.model
        self.board_slot = pn.Column(FrontsBoard(m), sizing_mode="stretch_width", margin=0)
        self._map = m.fmap.id
        self.action = pn.widgets.RadioButtonGroup(options={"Set units": SET, "Give the province": OWN,
                                                           "Clear": CLEAR}, value=SET, color="primary",
                                                  variant="outline",
                                                  css_classes=["editor-action"])
        self.owner = pn.widgets.Select(options=self._owners(), value=m.owner, width=160, css_classes=["editor-owner"])
        self.kind = pn.widgets.Select(options=list(LOSS_ORDER), value="infantry", width=130,
                                      css_classes=["editor-kind"])
        self.count = pn.widgets.IntInput(value=2, start=0, end=99, width=80, css_classes=["editor-count"])
        for widget, text in ((self.owner, "Whose"), (self.kind, "Unit type"), (self.count, "How many")):
            hidden_label(widget, text)   # the text above them says it on screen
        for widget, name in ((self.action, "action"), (self.owner, "owner"), (self.kind, "kind")):
            widget.param.watch(lambda e, name=name: setattr(m, name, e.new), "value")
        self.count.param.watch(lambda e: setattr(m, "count", int(e.new or 0)), "value")
        m.param.watch(self._update, ["obs", "message"])
        self.layout = self.page(self.board_slot, [
            pn.pane.HTML("<h3 style='margin:4px 0'>Click a province to</h3>"), self.action,
            pn.pane.HTML("<p style='margin:4px 0'>Whose (units or land), which units and how many (0 takes that "
                         "type away):</p>"),
            self.owner, pn.Row(self.kind, self.count)])
        self._update()

    def _owners(self) -> dict[str, str]:
        m = self.model
        return {**{m.player_name(p): p for p in m.state.board.players}, "Neutral": NEUTRAL}

    def lesson_line(self, line: str) -> str:
        return f"{self.model.player_name(self.model.state.board.players[0])} to order; {line}"

    def _update(self, *events: Any) -> None:
        m = self.model
        with pn.io.hold():
            if m.fmap.id != self._map:                  # another map: a new board, new players
                self._map = m.fmap.id
                self.board_slot.objects = [FrontsBoard(m)]
            if list(self.owner.options.values()) != list(self._owners().values()):
                self.owner.param.update(options=self._owners(), value=m.owner)
            self.refresh()
