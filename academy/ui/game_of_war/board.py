"""The Game of War board: the 25×20 grid in plain Bokeh, built once and updated in place.

Drawn: the squares (plain, mountain, pass, fortress; North's half a shade cooler than South's), the
arsenals (stars in their side's colour), the units (a token in the side's colour, lettered with the
engine's unit code: I infantry, C cavalry, K cannon, SK swift cannon, R relay, SR swift relay; cavalry
are triangles, cannons squares, relays diamonds; a cut-off unit is grey with its side's rim), and on
top: the lines of communication of a chosen side (``session.network_side``: a dot on each square its
lines cover), the selected unit, its destinations (green dots), the enemies it may attack (red rings;
the aimed one thicker; every unit that counts in the aimed attack drawn with a line to the target, solid
for the attack and dashed for the defence, with its contribution) and the moves of the last finished turn (dashed arrows in the mover's colour,
so the CPU's moves can be followed). During free deployment the squares of one's half where the chosen
unit type may go are shaded green, and only ``session.board_position()``'s units are drawn: the other
side's units never reach the board's sources before both armies are deployed. Column letters a..y
and row numbers 1..20 as in the notation.

Data coordinates are the engine's squares: x the column 0..24, y the row 0..19 (row 0, North's edge,
at the top). A tap (or a quick second tap, a Bokeh double tap) calls ``session.click((x, y))``.
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param
from bokeh.events import DoubleTap, Tap
from bokeh.models import (Arrow, CDSView, ColumnDataSource, FixedTicker, GroupFilter, HoverTool, Range1d,
                          VeeHead)
from bokeh.plotting import figure

from academy.games.game_of_war.notation import LETTERS
from academy.games.game_of_war.rules import CODES
from academy.ui.board_updates import change_board

__all__ = ["GameOfWarBoard", "SIDE_COLOURS", "CELL"]

CELL = 34                      # pixels per square
SIDE_COLOURS = {"north": "#2f5d8a", "south": "#b03a2e"}
CUT_OFF_FILL = "#a7a7a7"
TERRAIN_FILL = {"plain": ("#eef0e6", "#f4efe2"), "mountain": ("#7a6a58", "#7a6a58"),
                "pass": ("#d8c08a", "#d8c08a"), "fortress": ("#b9c0cc", "#b9c0cc")}
MARKERS = {"infantry": "circle", "cavalry": "triangle", "cannon": "square", "swift_cannon": "square",
           "relay": "diamond", "swift_relay": "diamond"}
UNIT_SIZE = {"infantry": 27, "cavalry": 30, "cannon": 25, "swift_cannon": 25, "relay": 30, "swift_relay": 30}
SELECTED, DESTINATION, TARGET = "#f2b705", "#2e9e4f", "#d7263d"
LETTER_COLOURS = ("#ffffff", "#222222")   # a unit's letter: in communication, cut off
DEPLOY = "#3fa34d"             # free deployment: the squares of one's half where the chosen type may go


def _source(data: dict[str, list[Any]], name: str) -> ColumnDataSource:
    return ColumnDataSource(data, name=name)


def _only(source: ColumnDataSource, column: str, value: str) -> CDSView:
    """The rows of ``source`` whose ``column`` is ``value``.

    Text glyphs take one fixed colour each, never a colour column: Bokeh 3.9 recomputes a text glyph's
    labels asynchronously, and when its source changes length (a unit destroyed, another lesson's board)
    it may read a colour column at the old length and throw "Offset is outside the bounds of the
    DataView" in the browser (issue 14, item 1). A fixed colour per glyph, over the rows of that colour,
    draws the same thing without that read.
    """
    return CDSView(filter=GroupFilter(column_name=column, group=value))


def _empty(*cols: str) -> dict[str, list[Any]]:
    return {c: [] for c in cols}


class GameOfWarBoard(pn.viewable.Viewer):
    """The clickable Game of War board for a GameOfWarSession (see the module docstring)."""

    session = param.Parameter()

    def __init__(self, session: Any, cell: int = CELL, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.width, self.height = 25, 20
        self.cell = int(cell)              # pixels per square (smaller beside a lesson's text)
        self.squares = _source(self._square_columns(), "gow-squares")
        self._terrain = self._terrain_key()
        self.arsenals = _source(self._arsenal_columns(), "gow-arsenals")
        self.network = _source(self._network_columns(), "gow-network")
        self.units = _source(self._unit_columns(), "gow-units")
        self.marks = {name: _source(cols, f"gow-{name}") for name, cols in self._mark_columns().items()}
        self.figure = self._build()
        self.pane = pn.pane.Bokeh(self.figure, css_classes=["board", "game-of-war-board"], margin=(0, 0))
        watched = ["state", "selected", "destinations", "targets", "target", "network_side", "thinking", "trail"]
        watched += [n for n in ("placements", "deploy_squares", "covered", "unit_type", "preview")
                    if n in session.param]
        session.param.watch(self._on_model, watched)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    # --- building ------------------------------------------------------------------------------
    def _build(self) -> Any:
        w, h = self.width, self.height
        fig = figure(x_range=Range1d(-0.5, w - 0.5), y_range=Range1d(h - 0.5, -0.5),
                     width=w * self.cell + 40, height=h * self.cell + 40, toolbar_location=None, tools="",
                     background_fill_color="#ffffff", border_fill_color="#ffffff", outline_line_color="#555555",
                     min_border=4, name="game-of-war-board")
        fig.grid.visible = False
        fig.xaxis.ticker = FixedTicker(ticks=list(range(w)))
        fig.xaxis.major_label_overrides = {i: LETTERS[i] for i in range(w)}
        fig.yaxis.ticker = FixedTicker(ticks=list(range(h)))
        fig.yaxis.major_label_overrides = {i: str(i + 1) for i in range(h)}
        for axis in (fig.xaxis, fig.yaxis):
            axis.major_tick_line_color = None
            axis.minor_tick_line_color = None
            axis.axis_line_color = None
            axis.major_label_text_font_size = "11px"
            axis.major_label_text_color = "#555555"
        fig.rect("x", "y", width=1, height=1, source=self.squares, fill_color="fill", line_color="#c9c6b8",
                         line_width=0.6)
        fig.scatter("x", "y", source=self.network, marker="circle", size=7, fill_color="color", fill_alpha=0.7,
                    line_color=None)
        fig.rect("x", "y", width=1, height=1, source=self.marks["deploy"], fill_color=DEPLOY, fill_alpha=0.28,
                 line_color=DEPLOY, line_alpha=0.45, line_width=1)
        # the border between the two halves
        fig.line([-0.5, w - 0.5], [h / 2 - 0.5, h / 2 - 0.5], line_color="#555555", line_width=1.5,
                 line_dash="dashed")
        fig.rect("x", "y", width=0.8, height=0.8, source=self.squares, fill_alpha=0, line_color="fort_line",
                 line_width=2.5)
        fig.scatter("x", "y", source=self.arsenals, marker="star", size=30, fill_color="color",
                    line_color="#222222", line_width=1.2)
        fig.add_layout(Arrow(source=self.marks["trail"], x_start="x0", y_start="y0", x_end="x1", y_end="y1",
                             line_color="color", line_width=2.5, line_alpha=0.7, line_dash="dashed",
                             end=VeeHead(size=10, fill_color="color", line_color="color", fill_alpha=0.7,
                                         line_alpha=0.7)))
        # the aimed attack: a line from every unit that counts to the target (attack solid, defence dashed),
        # with the unit's contribution beside it
        fig.segment("x0", "y0", "x1", "y1", source=self.marks["fire_attack"], line_color="color", line_width=3,
                    line_alpha=0.75)
        fig.segment("x0", "y0", "x1", "y1", source=self.marks["fire_defence"], line_color="color", line_width=3,
                    line_alpha=0.75, line_dash="dashed")
        fig.rect("x", "y", width=0.96, height=0.96, source=self.marks["selected"], fill_color=SELECTED,
                 fill_alpha=0.55, line_color="#a07800", line_width=2.5)
        fig.scatter("x", "y", source=self.marks["destinations"], marker="circle", size=13, fill_color=DESTINATION,
                    fill_alpha=0.85, line_color="#1d6b34", line_width=1)
        units = fig.scatter("x", "y", source=self.units, marker="marker", size="size", fill_color="fill",
                            line_color="line", line_width=2)
        for colour in LETTER_COLOURS:
            fig.text("x", "y", text="letter", source=self.units, view=_only(self.units, "text_color", colour),
                     text_align="center", text_baseline="middle", text_font_size="11px", text_font_style="bold",
                     text_color=colour)
        fig.scatter("x", "y", source=self.marks["targets"], marker="circle", size="size", fill_alpha=0,
                    line_color=TARGET, line_width="width")
        labels = self.marks["fire_labels"]
        for colour in SIDE_COLOURS.values():
            fig.text("x", "y", text="text", source=labels, view=_only(labels, "color", colour), x_offset=11,
                     y_offset=-11, text_font_size="12px", text_font_style="bold", text_color=colour,
                     text_baseline="middle", background_fill_color="#ffffff", background_fill_alpha=0.85)
        fig.add_tools(HoverTool(renderers=[units], tooltips=(
            '<div style="font-size:13px"><b>@id</b> @kind (@side) on @square<br>@status</div>')))
        self.unit_glyphs = units
        fig.on_event(Tap, self._on_tap)
        fig.on_event(DoubleTap, self._on_tap)
        return fig

    # --- data ----------------------------------------------------------------------------------
    def _position(self) -> Any:
        state = self.session.state
        if state is not None:
            return state.position
        from academy.games.game_of_war.mapdata import board
        return board()

    def _square_columns(self) -> dict[str, list[Any]]:
        pos = self._position()
        cols = _empty("x", "y", "fill", "terrain", "square", "fort_line")
        half = self.height // 2
        for y in range(self.height):
            for x in range(self.width):
                terrain = pos.terrain_at((x, y))
                cols["x"].append(x)
                cols["y"].append(y)
                cols["fill"].append(TERRAIN_FILL[terrain][0 if y < half else 1])
                cols["terrain"].append(terrain)
                cols["square"].append(f"{LETTERS[x]}{y + 1}")
                cols["fort_line"].append("#4a5566" if terrain == "fortress" else "rgba(0,0,0,0)")
        return cols

    def _arsenal_columns(self) -> dict[str, list[Any]]:
        cols = _empty("x", "y", "color")
        for side, squares in self._position().arsenals.items():
            for x, y in squares:
                cols["x"].append(x)
                cols["y"].append(y)
                cols["color"].append(SIDE_COLOURS[side])
        return cols

    def _network_columns(self) -> dict[str, list[Any]]:
        cols = _empty("x", "y", "color")
        s = self.session
        if s.state is None or s.network_side is None:
            return cols
        from academy.games.game_of_war.communication import communication
        pos = s.board_position() if hasattr(s, "board_position") else s.state.position
        net = communication(pos, s.network_side)
        for x, y in sorted(net.covered):
            cols["x"].append(x)
            cols["y"].append(y)
            cols["color"].append(SIDE_COLOURS[s.network_side])
        return cols

    def _unit_columns(self) -> dict[str, list[Any]]:
        cols = _empty("x", "y", "id", "kind", "side", "square", "status", "letter", "marker", "size", "fill", "line",
                      "text_color")
        state = self.session.state
        if state is None:
            return cols
        if hasattr(self.session, "board_position"):        # free deployment: the other side's units left out
            pos = self.session.board_position()
            from academy.games.game_of_war.communication import communication
            connected = {side: communication(pos, side).connected for side in ("north", "south")}
        else:
            pos = state.position
            connected = {side: state.connected(side) for side in ("north", "south")}
        for u in pos.units:
            on = u.id in connected[u.side]
            cols["x"].append(u.at[0])
            cols["y"].append(u.at[1])
            cols["id"].append(u.id)
            cols["kind"].append(u.kind.label)
            cols["side"].append(u.side)
            cols["square"].append(f"{LETTERS[u.at[0]]}{u.at[1] + 1}")
            cols["status"].append("in communication" if on else "cut off: cannot move, does not count in combat")
            cols["letter"].append(CODES[u.type])
            cols["marker"].append(MARKERS[u.type])
            cols["size"].append(UNIT_SIZE[u.type])
            cols["fill"].append(SIDE_COLOURS[u.side] if on else CUT_OFF_FILL)
            cols["line"].append("#111111" if on else SIDE_COLOURS[u.side])
            cols["text_color"].append(LETTER_COLOURS[0] if on else LETTER_COLOURS[1])
        return cols

    def _mark_columns(self) -> dict[str, dict[str, list[Any]]]:
        s = self.session
        out = {"selected": _empty("x", "y"), "destinations": _empty("x", "y"),
               "targets": _empty("x", "y", "size", "width"), "trail": _empty("x0", "y0", "x1", "y1", "color"),
               "deploy": _empty("x", "y"), "fire_attack": _empty("x0", "y0", "x1", "y1", "color"),
               "fire_defence": _empty("x0", "y0", "x1", "y1", "color"), "fire_labels": _empty("x", "y", "text", "color")}
        state = s.state
        if state is None:
            return out
        squares = getattr(s, "deploy_squares", [])
        out["deploy"] = {"x": [q[0] for q in squares], "y": [q[1] for q in squares]}
        pos = state.position
        if s.selected and pos.has_unit(s.selected):
            x, y = pos.unit(s.selected).at
            out["selected"] = {"x": [x], "y": [y]}
        out["destinations"] = {"x": [d[0] for d in s.destinations], "y": [d[1] for d in s.destinations]}
        for t in s.targets:
            if pos.has_unit(t):
                x, y = pos.unit(t).at
                aimed = t == s.target
                out["targets"]["x"].append(x)
                out["targets"]["y"].append(y)
                out["targets"]["size"].append(38 if aimed else 34)
                out["targets"]["width"].append(4.5 if aimed else 2.5)
        trail = _empty("x0", "y0", "x1", "y1", "color")
        for m in s.trail:
            (x0, y0), (x1, y1) = m["from"], m["to"]
            d = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1e-9)
            ends = (x0, y0, x1 - 0.42 * (x1 - x0) / d, y1 - 0.42 * (y1 - y0) / d)   # stop at the token's rim
            for k, v in zip(("x0", "y0", "x1", "y1"), ends):
                trail[k].append(v)
            trail["color"].append(SIDE_COLOURS.get(m["side"], "#555555"))
        out["trail"] = trail
        out.update(self._fire_columns(pos))
        return out

    def _fire_columns(self, pos: Any) -> dict[str, dict[str, list[Any]]]:
        """The aimed attack (``session.preview``, a Combat): each counting unit's line to the target and its
        contribution ("+4"; the target's own defence too)."""
        c = getattr(self.session, "preview", None)
        out = {"fire_attack": _empty("x0", "y0", "x1", "y1", "color"),
               "fire_defence": _empty("x0", "y0", "x1", "y1", "color"), "fire_labels": _empty("x", "y", "text", "color")}
        if c is None or not pos.has_unit(c.target):
            return out
        tx, ty = pos.unit(c.target).at
        for key, units in (("fire_attack", c.attackers), ("fire_defence", c.defenders)):
            for uid, value in units.items():
                if not pos.has_unit(uid):
                    continue
                unit = pos.unit(uid)
                (x, y), colour = unit.at, SIDE_COLOURS[unit.side]
                if (x, y) != (tx, ty):
                    for k, v in zip(("x0", "y0", "x1", "y1", "color"), (x, y, tx, ty, colour)):
                        out[key][k].append(v)
                for k, v in zip(("x", "y", "text", "color"), (x, y, f"+{value}", colour)):
                    out["fire_labels"][k].append(v)
        return out

    # --- updates -------------------------------------------------------------------------------
    def _on_model(self, *events: Any) -> None:
        self.update()

    def update(self) -> None:
        """Update the layers from the session (now if the document may change, else on its loop)."""
        change_board(self.units.document, self.pane, self._patch)

    def _terrain_key(self) -> tuple[Any, ...]:
        pos = self._position()
        return pos.mountains, pos.passes, pos.fortresses

    def _patch(self) -> None:
        terrain = self._terrain_key()
        if terrain != self._terrain:           # another board (a lesson's, a link's): redraw the squares
            self._terrain = terrain
            self.squares.data = self._square_columns()
        for source, cols in ((self.units, self._unit_columns()), (self.network, self._network_columns()),
                             (self.arsenals, self._arsenal_columns())):
            if cols != dict(source.data):
                source.data = cols
        for name, cols in self._mark_columns().items():
            if cols != dict(self.marks[name].data):
                self.marks[name].data = cols

    # --- taps ----------------------------------------------------------------------------------
    def square_at(self, x: float | None, y: float | None) -> tuple[int, int] | None:
        """The square under the data point (x, y), or None off the board."""
        if x is None or y is None:
            return None
        sx, sy = round(x), round(y)
        return (sx, sy) if 0 <= sx < self.width and 0 <= sy < self.height else None

    def _on_tap(self, event: Any) -> None:
        sq = self.square_at(event.x, event.y)
        if sq is not None:
            self.session.click(sq)

