"""The Game of War board: the 25×20 grid drawn by HoloViews from the board kit, built once, patched in place.

Composed from the board kit (academy/ui/board_kit) as layers of data, bottom to top: the squares (plain,
mountain, pass, fortress; North's half a shade cooler than South's), the chosen side's lines of
communication (``session.network_side``: a dot on each square they cover), the squares of free
deployment where the chosen unit type may go (shaded green), the border between the halves, the
fortresses' rims, the arsenals (stars in their side's colour), the moves of the last finished turn
(dashed arrows in the mover's colour, so the CPU's moves can be followed), the aimed attack (a line from
every unit that counts to the target, solid for the attack and dashed for the defence), the selected
unit, its destinations (green dots), the units (a token in the side's colour, lettered with the engine's
unit code and the unit's number, "I3" for N-I3: I infantry, C cavalry, K cannon, SK swift cannon, R relay, SR swift relay; cavalry are
triangles, cannons squares, relays diamonds; a cut-off unit is grey with its side's rim), a frame
above a unit standing on a fortress or a pass (the terrain's colour, so the unit never hides it), the enemies
it may attack (red rings; the aimed one thicker), each counting unit's contribution ("+4") and, while
a unit is dragged, the square under the pointer (its rim green on a destination, red on a target, grey
elsewhere); on top, an invisible layer of every unit but the selected one carries the hover tooltip (what
the unit is, where, whether cut off), so no tooltip covers the squares around the unit being moved. During free deployment only
``session.board_position()``'s units are drawn: the other side's units never reach the board's sources
before both armies are deployed. Column letters a..y (above and below) and row numbers 1..20 as in the notation.

Each layer's Bokeh source is named ``gow-<layer>`` (``gow-units``, ``gow-selected``, ``gow-destinations``
...; the browser tests read them) in the figure named ``game-of-war-board``. Text layers have one fixed
colour each (a colour column on a text glyph whose rows change throws "Offset is outside the bounds of
the DataView" in Bokeh 3.9's browser code, issue 14, item 1): letters of units in communication and cut
off, contributions of North and of South, are separate layers.

Data coordinates are the engine's squares: x the column 0..24, y the row 0..19 (row 0, North's edge, at
the top). A tap (or a quick second tap, a Bokeh double tap) calls ``session.click((x, y))``. A drag
(mouse or touch) from one of the mover's units calls ``session.drag_start``, ``drag_over`` each time the
pointer reaches another square, and ``drop`` on release (see ``dragging.py``); a model without them (the
position editor) ignores drags. In a notebook ``GameOfWarBoard(session).element`` is the board as a
HoloViews overlay.
"""
from __future__ import annotations

from typing import Any

import holoviews as hv
import panel as pn
import param

from academy.core.text import a
from academy.games.game_of_war.notation import LETTERS
from academy.games.game_of_war.rules import CODES
from academy.ui.board_kit.arrows import arrow_columns, arrow_layers
from academy.ui.board_kit.board import Board
from academy.ui.board_kit.coach import coach_layers
from academy.ui.board_kit.grid import cell_at, column_ticks, corner_windows, rect_columns, row_ticks
from academy.ui.board_kit.layer import Layer

__all__ = ["GameOfWarBoard", "SIDE_COLOURS", "CELL"]

CELL = 34                      # pixels per square
WIDTH, HEIGHT = 25, 20
SIDE_COLOURS = {"north": "#2f5d8a", "south": "#b03a2e"}
CUT_OFF_FILL = "#a7a7a7"
TERRAIN_FILL = {"plain": ("#eef0e6", "#f4efe2"), "mountain": ("#7a6a58", "#7a6a58"),
                "pass": ("#d8c08a", "#d8c08a"), "fortress": ("#b9c0cc", "#b9c0cc")}
MARKERS = {"infantry": "circle", "cavalry": "triangle", "cannon": "square", "swift_cannon": "square",
           "relay": "diamond", "swift_relay": "diamond"}
UNIT_SIZE = {"infantry": 27, "cavalry": 30, "cannon": 25, "swift_cannon": 25, "relay": 30, "swift_relay": 30}
SELECTED, DESTINATION, TARGET = "#f2b705", "#2e9e4f", "#d7263d"
CUTTING = "#e8871e"            # a destination where the move cuts a unit of its side off the lines
LETTER_COLOURS = ("#ffffff", "#222222")   # a unit's letter: in communication, cut off
TOP_AXIS = 18                  # pixels of the column letters above the board
DEPLOY = "#3fa34d"             # free deployment: the squares of one's half where the chosen type may go
POINTER = {"move": DESTINATION, "attack": TARGET, "no": "#555555"}   # the square under a dragged unit
#: a board shown at less than this share of its full size (a phone) offers a closer view of a part of it
CLOSE_VIEW_BELOW = 0.75
#: the parts of the board a phone may show closer up (the labels of the buttons that show them)
VIEWS = {"Whole board": "whole", "↖ NW": "north-west", "↗ NE": "north-east", "↙ SW": "south-west",
         "↘ SE": "south-east"}
#: the frame drawn above a unit standing on a fortress or a pass, so the terrain still shows (issue 18)
GROUND_FRAME = {"fortress": "#4a5566", "pass": "#9c7a2e"}

_UNIT_COLUMNS = ("x", "y", "id", "kind", "side", "square", "ground", "status", "letter", "marker", "size",
                 "fill_color", "line_color")   # letter: the unit's code, drawn by the letter layers (the browser tests read it here)
_INFO_COLUMNS = ("x", "y", "id", "kind", "side", "square", "ground", "status")   # the hover tooltip's
_LETTERS = {"letters": LETTER_COLOURS[0], "letters_cut": LETTER_COLOURS[1]}
_FIRE_LABELS = {f"fire_labels_{side}": colour for side, colour in SIDE_COLOURS.items()}


def _empty(*cols: str) -> dict[str, list[Any]]:
    return {c: [] for c in cols}


def _cells(squares: list[tuple[int, int]], size: float = 1.0) -> dict[str, list[Any]]:
    """Rectangles on squares, with their x and y (the browser tests read those)."""
    return {**rect_columns(squares, size), "x": [q[0] for q in squares], "y": [q[1] for q in squares]}


class GameOfWarBoard(pn.viewable.Viewer):
    """The clickable, draggable Game of War board for a GameOfWarSession (see the module docstring)."""

    session = param.Parameter()

    def __init__(self, session: Any, cell: int = CELL, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.width, self.height = WIDTH, HEIGHT
        self.cell = int(cell)              # pixels per square (smaller beside a lesson's text)
        self.scale = 1.0                   # the board as shown over its full size (a phone: less than 1)
        self.zoom = 1.0                    # how much closer the part shown is than the whole board
        self.windows = corner_windows(WIDTH, HEIGHT)
        self._terrain = self._terrain_key()
        self._pointer: tuple[int, int] | None = None     # the square under a dragged unit
        self._dragging = False
        layers = [*self._layers(), *coach_layers(session)]
        self.kit = Board("game-of-war-board", layers, x_range=(-0.5, WIDTH - 0.5), y_range=(-0.5, HEIGHT - 0.5),
                         width=WIDTH * self.cell + 40, height=HEIGHT * self.cell + 40 + TOP_AXIS,
                         source_names={layer.name: f"gow-{layer.name}" for layer in layers},
                         css_classes=("board", "game-of-war-board"),
                         options={"invert_yaxis": True, "xaxis": "bottom", "yaxis": "left",
                                  "xticks": column_ticks(LETTERS[:WIDTH]),
                                  "yticks": row_ticks([str(i + 1) for i in range(HEIGHT)])},
                         figure={"outline_line_color": "#555555", "min_border": 4})
        self.figure, self.pane = self.kit.figure, self.kit.pane
        self._style_axes()
        self.sources = self.kit.sources
        self.units, self.squares, self.network = self.sources["units"], self.sources["squares"], self.sources["network"]
        self.marks = self.sources                  # "selected", "destinations", "targets", "trail", "deploy" ...
        self.kit.on_tap(self._on_tap)
        self.kit.on_drag(self._on_drag, cell=self.square_at, follow=("ghost", "ghost_letter"))
        self.kit.on_resize(self._on_resize)
        # on a phone the 25 columns leave squares of about 13 px: a part of the board may be shown closer
        self.view = pn.widgets.RadioButtonGroup(label="Part of the board shown", options=VIEWS, value="whole",
                                                visible=False, color="primary", variant="outline",
                                                css_classes=["gow-view"], sizing_mode="stretch_width",
                                                margin=(0, 0, 4, 0))
        self.view.param.watch(self._on_view, "value")
        self._layout = pn.Column(self.view, self.pane, margin=0, sizing_mode="stretch_width")
        watched = ["state", "selected", "destinations", "targets", "target", "network_side", "thinking", "trail"]
        watched += [n for n in ("cutting",) if n in session.param]
        watched += [n for n in ("placements", "deploy_squares", "covered", "unit_type", "preview")
                    if n in session.param]
        session.param.watch(self._on_model, watched)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    @property
    def element(self) -> hv.Overlay:
        """The board as it stands, a HoloViews overlay (to add to and save in a notebook)."""
        return self.kit.element

    # --- building ------------------------------------------------------------------------------
    def _layers(self) -> list[Layer]:
        cols, marks = self._columns(), self._mark_columns()
        sized = self._sized_styles()
        letter_style = {"text_align": "center", "text_baseline": "middle", "text_font_style": "bold"}
        fire_style = {"text_font_style": "bold", "text_baseline": "middle",
                      "background_fill_color": "#ffffff", "background_fill_alpha": 0.85,
                      "xoffset": 0.32, "yoffset": -0.32}
        half = HEIGHT / 2 - 0.5
        return [
            Layer("squares", "rectangles", self._square_columns(), mapped=("fill_color",),
                  style={"line_color": "#c9c6b8", "line_width": 0.6}),
            Layer("network", "points", cols["network"], mapped=("fill_color",),
                  style={"marker": "circle", "fill_alpha": 0.7, "line_color": None, **sized["network"]}),
            Layer("deploy", "rectangles", marks["deploy"],
                  style={"fill_color": DEPLOY, "fill_alpha": 0.28, "line_color": DEPLOY, "line_alpha": 0.45,
                         "line_width": 1}),
            Layer("half", "segments", {"x0": [-0.5], "y0": [half], "x1": [WIDTH - 0.5], "y1": [half]},
                  style={"line_color": "#555555", "line_width": 1.5, "line_dash": "dashed"}),
            Layer("fortresses", "rectangles", self._fortress_columns(),
                  style={"fill_alpha": 0, "line_color": "#4a5566", "line_width": 2.5}),
            Layer("arsenals", "points", cols["arsenals"], mapped=("fill_color",),
                  style={"marker": "star", "line_color": "#222222", "line_width": 1.2, **sized["arsenals"]}),
            *arrow_layers("trail", [], alpha=0.7, dashed=True),
            Layer("fire_attack", "segments", marks["fire_attack"], mapped=("line_color",),
                  style={"line_width": 3, "line_alpha": 0.75}),
            Layer("fire_defence", "segments", marks["fire_defence"], mapped=("line_color",),
                  style={"line_width": 3, "line_alpha": 0.75, "line_dash": "dashed"}),
            Layer("selected", "rectangles", marks["selected"],
                  style={"fill_color": SELECTED, "fill_alpha": 0.55, "line_color": "#a07800", "line_width": 2.5}),
            Layer("destinations", "points", marks["destinations"], mapped=("fill_color",),
                  style={"marker": "circle", "fill_alpha": 0.85, "line_color": "#1d6b34", "line_width": 1,
                         **sized["destinations"]}),
            Layer("units", "points", cols["units"], mapped=("marker", "size", "fill_color", "line_color"),
                  style={"line_width": 2}),
            *(Layer(name, "labels", cols[name], style={**letter_style, "text_color": colour, **sized[name]})
              for name, colour in _LETTERS.items()),
            Layer("ground", "rectangles", cols["ground"], mapped=("line_color",),
                  style={"fill_alpha": 0, "line_width": 3}),
            Layer("targets", "points", marks["targets"], mapped=("size", "line_width"),
                  style={"marker": "circle", "fill_alpha": 0, "line_color": TARGET}),
            *(Layer(name, "labels", marks[name], style={**fire_style, "text_color": colour, **sized[name]})
              for name, colour in _FIRE_LABELS.items()),
            Layer("pointer", "rectangles", marks["pointer"], mapped=("line_color",),
                  style={"fill_alpha": 0, "line_width": 4}),
            Layer("ghost", "points", marks["ghost"], mapped=("marker", "size", "fill_color", "line_color"),
                  style={"line_width": 2, "fill_alpha": 0.6, "line_alpha": 0.8}),
            Layer("ghost_letter", "labels", marks["ghost_letter"],
                  style={**letter_style, "text_color": "#ffffff", **sized["ghost_letter"]}),
            Layer("unit_info", "points", cols["unit_info"],
                  style={"marker": "square", "fill_alpha": 0, "line_alpha": 0,
                         "hover_fill_alpha": 0, "hover_line_alpha": 0, **sized["unit_info"]},
                  hover='<div style="font-size:13px"><b>@id</b> @kind (@side) on @square@ground<br>@status</div>'),
        ]

    def px(self, size: float) -> float:
        """``size`` screen pixels of the full-size board, as shown (scaled down on a phone, larger in a
        closer view of a part of it)."""
        return size * self.scale * self.zoom

    def _sized_styles(self) -> dict[str, dict[str, Any]]:
        """The layers' fixed sizes in screen pixels, for the board as shown (text never below 8 px)."""
        font = lambda size: f"{max(8, round(self.px(size)))}px"      # noqa: E731
        return {"network": {"size": self.px(7)}, "arsenals": {"size": self.px(30)},
                "destinations": {"size": self.px(13)}, "unit_info": {"size": self.px(self.cell * 0.8)},
                **{name: {"text_font_size": font(10)} for name in (*_LETTERS, "ghost_letter")},
                **{name: {"text_font_size": font(12)} for name in _FIRE_LABELS}}

    def _on_resize(self, scale: float) -> None:
        """The browser shows the board at another scale: marks and text sized for its squares; a small
        board offers its closer views (a wide one shows the whole board)."""
        self.scale = scale
        self.view.visible = scale < CLOSE_VIEW_BELOW
        if not self.view.visible and self.view.value != "whole":
            self.view.value = "whole"          # sizes the marks again
            return
        self._resize_marks()

    def _on_view(self, event: Any) -> None:
        """Show the part of the board chosen (its squares larger, the marks with them)."""
        (x0, x1), y_range = self.windows[event.new]
        self.zoom = WIDTH / (x1 - x0)
        self.kit.change(lambda: self.kit.show_window((x0, x1), y_range))
        self._resize_marks()

    def _resize_marks(self) -> None:
        def resize() -> None:
            for name, style in self._sized_styles().items():
                self.kit.restyle(name, **style)
            for axis in (*self.figure.xaxis, *self.figure.yaxis):   # row numbers clear of each other on a phone
                axis.major_label_text_font_size = f"{max(8, round(self.px(11)))}px"
            self._patch()
        self.kit.change(resize)

    def _style_axes(self) -> None:
        from bokeh.models import FixedTicker, LinearAxis
        bottom = self.figure.xaxis[0]
        top = LinearAxis(ticker=FixedTicker(ticks=list(bottom.ticker.ticks)),
                         major_label_overrides=dict(bottom.major_label_overrides))
        self.figure.add_layout(top, "above")       # the column letters above the board too (issue 18: at
        for axis in (*self.figure.xaxis, *self.figure.yaxis):   # 1400×900 the bottom ones are below the fold)
            axis.axis_label = None                 # HoloViews names them after the squares' columns
            axis.major_tick_line_color = None
            axis.minor_tick_line_color = None
            axis.axis_line_color = None
            axis.major_label_text_font_size = "11px"
            axis.major_label_text_color = "#555555"

    # --- data ----------------------------------------------------------------------------------
    def _position(self) -> Any:
        state = self.session.state
        if state is not None:
            return state.position
        from academy.games.game_of_war.mapdata import board
        return board()

    def _terrain_key(self) -> tuple[Any, ...]:
        pos = self._position()
        return pos.mountains, pos.passes, pos.fortresses

    def _square_columns(self) -> dict[str, list[Any]]:
        pos = self._position()
        squares = [(x, y) for y in range(HEIGHT) for x in range(WIDTH)]
        terrain = [pos.terrain_at(q) for q in squares]
        return {**rect_columns(squares),
                "fill_color": [TERRAIN_FILL[t][0 if q[1] < HEIGHT // 2 else 1] for q, t in zip(squares, terrain)],
                "terrain": terrain, "square": [f"{LETTERS[x]}{y + 1}" for x, y in squares]}

    def _fortress_columns(self) -> dict[str, list[Any]]:
        return rect_columns(sorted(self._position().fortresses, key=lambda q: (q[1], q[0])), 0.8)

    def _columns(self) -> dict[str, dict[str, list[Any]]]:
        """The layers that follow the position: units (and their letters), arsenals, lines."""
        out = {"units": _empty(*_UNIT_COLUMNS), "network": _empty("x", "y", "fill_color"),
               "arsenals": _empty("x", "y", "fill_color"), **{n: _empty("x", "y", "text") for n in _LETTERS},
               "ground": {**_cells([], 0.92), "terrain": [], "line_color": []}, "unit_info": _empty(*_INFO_COLUMNS)}
        for side, squares in self._position().arsenals.items():
            for x, y in squares:
                for k, v in zip(("x", "y", "fill_color"), (x, y, SIDE_COLOURS[side])):
                    out["arsenals"][k].append(v)
        s = self.session
        if s.state is None:
            return out
        from academy.games.game_of_war.communication import communication
        if hasattr(s, "board_position"):       # free deployment: the other side's units left out
            pos = s.board_position()
            connected = {side: communication(pos, side).connected for side in ("north", "south")}
        else:
            pos = s.state.position
            connected = {side: s.state.connected(side) for side in ("north", "south")}
        if s.network_side is not None:
            for x, y in sorted(communication(pos, s.network_side).covered):
                for k, v in zip(("x", "y", "fill_color"), (x, y, SIDE_COLOURS[s.network_side])):
                    out["network"][k].append(v)
        units = out["units"]
        covered = []                           # (square, terrain) of the units on a fortress or a pass
        for u in pos.units:
            on = u.id in connected[u.side]
            terrain = pos.terrain_at(u.at)
            if terrain in GROUND_FRAME:
                covered.append((u.at, terrain))
            row = (u.at[0], u.at[1], u.id, u.kind.label, u.side, f"{LETTERS[u.at[0]]}{u.at[1] + 1}",
                   f", {a(terrain)}" if terrain in GROUND_FRAME else "",
                   "in communication" if on else "cut off: cannot move, does not count in combat", CODES[u.type],
                   MARKERS[u.type], self.px(UNIT_SIZE[u.type]), SIDE_COLOURS[u.side] if on else CUT_OFF_FILL,
                   "#111111" if on else SIDE_COLOURS[u.side])
            for k, v in zip(_UNIT_COLUMNS, row):
                units[k].append(v)
            letters = out["letters" if on else "letters_cut"]
            for k, v in zip(("x", "y", "text"), (u.at[0], u.at[1], token(u.id, u.type))):
                letters[k].append(v)
        for i, uid in enumerate(units["id"]):     # the tooltip: every unit but the selected one, whose
            if uid != s.selected:                    # neighbouring squares the learner is choosing from
                for k in _INFO_COLUMNS:
                    out["unit_info"][k].append(units[k][i])
        covered.sort(key=lambda c: (c[0][1], c[0][0]))
        out["ground"] = {**_cells([q for q, _ in covered], 0.92), "terrain": [t for _, t in covered],
                         "line_color": [GROUND_FRAME[t] for _, t in covered]}
        return out

    def _mark_columns(self) -> dict[str, dict[str, list[Any]]]:
        """The layers that follow the selection, the aimed attack, the last turn and a drag."""
        s = self.session
        out: dict[str, dict[str, list[Any]]] = {
            "selected": _cells([], 0.96), "destinations": _empty("x", "y", "fill_color"),
            "targets": _empty("x", "y", "size", "line_width"), "deploy": _cells([]),
            "pointer": {**_cells([], 0.94), "line_color": []}, **self._fire_columns(None),
            "ghost": _empty("x", "y", "marker", "size", "fill_color", "line_color"),
            "ghost_letter": _empty("x", "y", "text")}
        out["trail"], out["trail-heads"] = arrow_columns([])
        state = s.state
        if state is None:
            return out
        out["deploy"] = _cells([tuple(q) for q in getattr(s, "deploy_squares", [])])
        pos = state.position
        selected = pos.unit(s.selected).at if s.selected and pos.has_unit(s.selected) else None
        if selected is not None:
            out["selected"] = _cells([selected], 0.96)
        cutting = {tuple(q) for q in getattr(s, "cutting", ())}       # orange: a move there cuts a unit off
        out["destinations"] = {"x": [d[0] for d in s.destinations], "y": [d[1] for d in s.destinations],
                               "fill_color": [CUTTING if tuple(d) in cutting else DESTINATION for d in s.destinations]}
        if self._dragging and selected is not None:      # the dragged unit, moved with the pointer by the page
            unit = pos.unit(s.selected)
            out["ghost"] = {"x": [selected[0]], "y": [selected[1]], "marker": [MARKERS[unit.type]],
                            "size": [self.px(UNIT_SIZE[unit.type])], "fill_color": [SIDE_COLOURS[unit.side]],
                            "line_color": ["#111111"]}
            out["ghost_letter"] = {"x": [selected[0]], "y": [selected[1]], "text": [token(unit.id, unit.type)]}
        for t in s.targets:
            if pos.has_unit(t):
                x, y = pos.unit(t).at
                aimed = t == s.target
                ring = (self.px(38 if aimed else 34), 4.5 if aimed else 2.5)
                for k, v in zip(("x", "y", "size", "line_width"), (x, y, *ring)):
                    out["targets"][k].append(v)
        arrows = []
        for m in s.trail:
            (x0, y0), (x1, y1) = m["from"], m["to"]
            d = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1e-9)
            arrows.append((x0, y0, x1 - 0.42 * (x1 - x0) / d, y1 - 0.42 * (y1 - y0) / d,   # stop at the rim
                           SIDE_COLOURS.get(m["side"], "#555555"), 2.5))
        out["trail"], out["trail-heads"] = arrow_columns(arrows, y_down=True)     # row 1 at the top
        out.update(self._fire_columns(pos))
        if self._pointer is not None and selected is not None and self._pointer != selected:
            sq = self._pointer
            kind = "move" if sq in s.destinations else "attack" if sq in self._target_squares(pos) else "no"
            out["pointer"] = {**_cells([sq], 0.94), "line_color": [POINTER[kind]]}
        return out

    def _target_squares(self, pos: Any) -> set[tuple[int, int]]:
        return {pos.unit(t).at for t in self.session.targets if pos.has_unit(t)}

    def _fire_columns(self, pos: Any) -> dict[str, dict[str, list[Any]]]:
        """The aimed attack (``session.preview``, a Combat): each counting unit's line to the target and its
        contribution ("+4"; the target's own defence too), in the unit's side's colour."""
        out = {"fire_attack": _empty("x0", "y0", "x1", "y1", "line_color"),
               "fire_defence": _empty("x0", "y0", "x1", "y1", "line_color"),
               **{n: _empty("x", "y", "text") for n in _FIRE_LABELS}}
        c = getattr(self.session, "preview", None) if pos is not None else None
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
                    for k, v in zip(("x0", "y0", "x1", "y1", "line_color"), (x, y, tx, ty, colour)):
                        out[key][k].append(v)
                if not getattr(self.session, "hides_totals", False):   # a lesson's learner adds them up
                    for k, v in zip(("x", "y", "text"), (x, y, f"+{value}")):
                        out[f"fire_labels_{unit.side}"][k].append(v)
        return out

    # --- updates -------------------------------------------------------------------------------
    def _on_model(self, *events: Any) -> None:
        self._follow_selected()
        self.update()

    def _follow_selected(self) -> None:
        """A closer view keeps the selected unit in sight: a unit that moved (or was picked) outside the part
        shown brings into view the first corner that holds it."""
        s = self.session
        pos = s.state.position if s.state is not None else None
        if self.view.value == "whole" or pos is None or not s.selected or not pos.has_unit(s.selected):
            return
        x, y = pos.unit(s.selected).at

        def holds(window: Any) -> bool:
            (x0, x1), (y0, y1) = window
            return x0 < x < x1 and y0 < y < y1
        if not holds(self.windows[self.view.value]):
            self.view.value = next(name for name, w in self.windows.items() if name != "whole" and holds(w))

    def update(self) -> None:
        """Patch the changed cells of every layer from the session (now if the document may change, else on
        the session's loop; pushed in a notebook)."""
        self.kit.change(self._patch)

    def _patch(self) -> None:
        terrain = self._terrain_key()
        if terrain != self._terrain:           # another board (a lesson's, a link's): new terrain
            self._terrain = terrain
            self.kit.patch("squares", self._square_columns())
            self.kit.replace("fortresses", self._fortress_columns())
        for name, cols in self._columns().items():
            self.kit.patch(name, cols)
        self._patch_marks()

    def _patch_marks(self) -> None:
        for name, cols in self._mark_columns().items():
            self.kit.patch(name, cols)

    # --- gestures ------------------------------------------------------------------------------
    def square_at(self, x: float | None, y: float | None) -> tuple[int, int] | None:
        """The square under the data point (x, y), or None off the board."""
        return cell_at(x, y, width=self.width, height=self.height)

    def _on_tap(self, x: float, y: float) -> None:
        sq = self.square_at(x, y)
        if sq is not None:
            self.session.click(sq)

    def _on_drag(self, phase: str, x: float, y: float) -> None:
        """A drag: from one of the mover's units, shown square by square, dropped on release."""
        s, sq = self.session, self.square_at(x, y)
        if not hasattr(s, "drag_start"):     # the position editor: drags do nothing
            return
        if phase == "start":
            self._dragging = sq is not None and s.drag_start(sq)
            if self._dragging:
                self.kit.change(self._patch_marks)     # the ghost of the dragged unit
            return
        if not self._dragging:
            return
        if phase == "move":
            self._pointer = sq
            s.drag_over(sq)
            self.kit.change(self._patch_marks)     # the pointer moved, whatever the session changed
            return
        self._dragging, self._pointer = False, None
        s.drop(sq)
        self.kit.change(self._patch_marks)


def token(unit_id: str, kind: str) -> str:
    """What a unit's token reads: its type's letter and its number ("N-I3" → "I3"), so that a unit the
    lessons and messages name by its id is found on the board (a newcomer's walk, issue 14)."""
    digits = len(unit_id) - len(unit_id.rstrip("0123456789"))
    return CODES[kind] + (unit_id[-digits:] if digits else "")
