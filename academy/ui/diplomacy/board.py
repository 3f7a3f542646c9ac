"""The Diplomacy board: the 75 provinces as a networkx graph at the map's coordinates, in plain Bokeh.

Built once, updated in place (like academy/ui/conquest/board.py): the province source is patched
cell by cell; the small order layers get new data when the orders change. What is drawn:

- provinces told apart by shape and colour: land (tan square), coast (tan circle, blue rim),
  sea (blue hexagon, italic name); borders as thin lines (army and fleet: grey, fleet only: dashed);
- supply centres as stars in their owner's colour (white: nobody's);
- units as tokens in their power's colour lettered A / F (a fleet on a split coast stands at that
  coast, whose label "nc", "sc", "ec" is drawn); a dislodged unit beside its province with a red rim;
- the orders being written: moves as arrows, supports as dashed lines, convoys as dotted lines with a
  ring on the fleet, builds and disbands as marks; the last phase's orders faded, each failed order
  crossed out in red at its end.

Taps come as Bokeh Tap and DoubleTap events (a quick second tap is a double tap); the board finds
the province under the tap in pixels and calls ``session.click(province)``. The board reads
``state``, ``pending``, ``selected``, ``targets`` and ``power`` of a DiplomacySession.
"""
from __future__ import annotations

import math
from typing import Any

import networkx as nx
import panel as pn
import param
from bokeh.events import DoubleTap, Tap
from bokeh.models import Arrow, ColumnDataSource, HoverTool, Range1d, VeeHead
from bokeh.plotting import figure

from academy.core.errors import RulesError
from academy.games.diplomacy.mapdata import DiplomacyMap, coast_of, province_of, standard_map
from academy.games.diplomacy.order_rows import rows_of
from academy.games.diplomacy.orders import (Build, Convoy, Disband, Hold, Move, Retreat, SupportHold, SupportMove,
                                            parse_order)
from academy.ui.board_updates import change_board, figure_size, patch_source

from .style import (BACKGROUND, COAST, FAILED, LAND, LAND_TEXT, NEUTRAL, POWER_TEXT, SEA, SEA_TEXT, SELECTED,
                    TARGET, power_colour)

__all__ = ["DiplomacyBoard", "map_graph", "point", "X_RANGE", "Y_RANGE"]

X_RANGE, Y_RANGE = (0.0, 1.0), (0.0, 1.0)
TAP_REACH = 22          # pixels from a province's centre (or one of its coasts) that still count as a tap on it
UNIT_SIZE, NODE_SIZE = 22, 30
#: rows the unit source starts with (34 supply centres: room for every unit of a game). The source never
#: shrinks: BokehJS's Text glyph throws "Offset is outside the bounds of the DataView" when a source with
#: per-row text colours gets fewer rows (its labels of the old length meet the new colours), so the unused
#: rows are blank tokens off the map, and a new position patches the rows in place.
UNIT_ROWS = 34
_NO_UNIT = {"x": -1.0, "y": -1.0, "letter": "", "fill": NEUTRAL, "text_color": NEUTRAL, "line": NEUTRAL,
            "line_width": 0.0, "marker": "circle", "size": 0, "unit": ""}
_KIND_MARKER = {"land": "square", "coast": "circle", "sea": "hex"}
_KIND_FILL = {"land": LAND, "coast": COAST, "sea": SEA}


def point(dmap: DiplomacyMap, location: str) -> tuple[float, float]:
    """Where a location is drawn (plot coordinates: y to the north): a coast at its own point."""
    p = dmap.provinces[province_of(location)]
    coast = coast_of(location)
    x, y = p.coast_xy.get(coast, p.xy) if coast else p.xy
    return x, 1.0 - y


def map_graph(dmap: DiplomacyMap | None = None) -> nx.Graph:
    """The map as a networkx graph: nodes carry pos, name, kind, centre; edges carry kind
    ("army", "fleet" or "both")."""
    dmap = dmap or standard_map()
    g = nx.Graph()
    for p in dmap.provinces.values():
        g.add_node(p.id, pos=point(dmap, p.id), name=p.name, kind=p.kind, centre=p.supply_center)
    for a, ns in dmap.army_adj.items():
        for b in ns:
            g.add_edge(a, b, kind="army")
    for a, ns in dmap.fleet_adj.items():
        for b in ns:
            pa, pb = province_of(a), province_of(b)
            kind = "both" if g.has_edge(pa, pb) and g.edges[pa, pb]["kind"] in ("army", "both") else "fleet"
            g.add_edge(pa, pb, kind=kind)
    return g


def _shorten(x0: float, y0: float, x1: float, y1: float, start: float, end: float) -> tuple[float, ...]:
    """The segment cut by ``start`` at its start and ``end`` at its end (plot units)."""
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    return x0 + ux * start, y0 + uy * start, x1 - ux * end, y1 - uy * end


def _empty(*cols: str) -> dict[str, list[Any]]:
    return {c: [] for c in cols}


class DiplomacyBoard(pn.viewable.Viewer):
    """The clickable Diplomacy map for a DiplomacySession (see the module docstring)."""

    session = param.Parameter()
    show_last = param.Boolean(True, doc="draw the last phase's orders (faded, failures crossed out)")

    def __init__(self, session: Any, height: int = 720, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.map = standard_map()
        self.graph = map_graph(self.map)
        self.ids = sorted(self.map.provinces)
        self.source = ColumnDataSource(self._province_columns(full=True), name="diplomacy-provinces")
        self.units = ColumnDataSource(self._unit_columns(), name="diplomacy-units")
        self.layers = {name: ColumnDataSource(cols, name=f"diplomacy-{name}")
                       for name, cols in self._order_columns().items()}
        self.figure = self._build(height)
        self.pane = pn.pane.Bokeh(self.figure, sizing_mode="stretch_width", css_classes=["board", "diplomacy-board"],
                                  min_height=400, margin=(0, 0))
        session.param.watch(self._on_model, ["state", "selected", "targets", "pending", "step", "others"])
        if "focus" in session.param:
            session.param.watch(lambda *e: self.focus_on(session.focus), ["focus"])
            self.focus_on(session.focus)
        self.param.watch(self._on_model, ["show_last"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    # --- building ------------------------------------------------------------------------------
    def _build(self, height: int) -> Any:
        fig = figure(x_range=Range1d(*X_RANGE), y_range=Range1d(*Y_RANGE), height=height,
                     sizing_mode="stretch_width", toolbar_location=None, tools="",
                     background_fill_color=BACKGROUND, border_fill_color=BACKGROUND, outline_line_color=None,
                     min_border=0, name="diplomacy-board")
        fig.axis.visible = False
        fig.grid.visible = False
        edges: dict[str, tuple[list[list[float]], list[list[float]]]] = {"army": ([], []), "both": ([], []),
                                                                         "fleet": ([], [])}
        for a, b, kind in self.graph.edges(data="kind"):
            (xa, ya), (xb, yb) = self.graph.nodes[a]["pos"], self.graph.nodes[b]["pos"]
            edges[kind][0].append([xa, xb])
            edges[kind][1].append([ya, yb])
        fig.multi_line(*edges["army"], line_color="#b9a98a", line_width=1.1, line_alpha=0.55)
        fig.multi_line(*edges["both"], line_color="#b9a98a", line_width=1.1, line_alpha=0.55)
        fig.multi_line(*edges["fleet"], line_color="#7fb0d3", line_width=1.1, line_alpha=0.6, line_dash="dashed")
        # split coasts: a small dot and label at each coast
        cx, cy, ct = [], [], []
        for p in self.map.provinces.values():
            for c in p.coasts:
                x, y = point(self.map, f"{p.id}/{c}")
                cx.append(x)
                cy.append(y)
                ct.append(c.lower())
        fig.scatter(cx, cy, size=7, marker="circle", fill_color="#7fb0d3", line_color="#2f6690")
        fig.text(cx, cy, text=ct, x_offset=6, y_offset=-2, text_font_size="9px", text_color=SEA_TEXT,
                 text_baseline="middle", text_font_style="italic")
        fig.scatter("x", "y", source=self.source, size=NODE_SIZE + 12, marker="circle", fill_alpha=0,
                    line_color="halo_color", line_alpha="halo_alpha", line_width="halo_width")
        nodes = fig.scatter("x", "y", source=self.source, size=NODE_SIZE, marker="marker", fill_color="fill",
                            line_color="line", line_width=1.5)
        fig.text("x", "label_y", text="id", source=self.source, text_align="center", text_baseline="top",
                 text_font_size="10px", text_color="text_color", text_font_style="font_style")
        fig.scatter("sc_x", "sc_y", source=self.source, size="sc_size", marker="star", fill_color="sc_fill",
                    line_color="#333333", line_width=1)
        # the last phase's orders (faded) under the orders being written
        self._draw_orders(fig, "last", alpha=0.4)
        self._draw_orders(fig, "draft", alpha=0.95)
        fails = self.layers["fails"]
        fig.scatter("x", "y", source=fails, marker="x", size=16, line_color=FAILED, line_width=3.5)
        units = fig.scatter("x", "y", source=self.units, size="size", marker="marker", fill_color="fill",
                            line_color="line", line_width="line_width")
        fig.text("x", "y", text="letter", source=self.units, text_align="center", text_baseline="middle",
                 text_font_size="11px", text_font_style="bold", text_color="text_color")
        fig.add_tools(HoverTool(renderers=[nodes], tooltips=(
            '<div style="font-size:13px"><b>@name</b> (@id)<br>@kind_text<br>@unit_text</div>')))
        self.nodes, self.unit_glyphs = nodes, units
        fig.on_event(Tap, self._on_tap)
        fig.on_event(DoubleTap, self._on_tap)
        return fig

    def _draw_orders(self, fig: Any, group: str, alpha: float) -> None:
        moves = self.layers[f"{group}_moves"]
        arrow = Arrow(source=moves, x_start="x0", y_start="y0", x_end="x1", y_end="y1", line_color="color",
                      line_width=3 if group == "draft" else 2.5, line_alpha=alpha,
                      end=VeeHead(size=12, fill_color="color", line_color="color", fill_alpha=alpha,
                                  line_alpha=alpha))
        fig.add_layout(arrow)
        fig.multi_line("xs", "ys", source=self.layers[f"{group}_supports"], line_color="color", line_width=2.5,
                       line_dash="dashed", line_alpha=alpha)
        fig.multi_line("xs", "ys", source=self.layers[f"{group}_convoys"], line_color="color", line_width=2.5,
                       line_dash="dotted", line_alpha=alpha)
        fig.scatter("x", "y", source=self.layers[f"{group}_marks"], marker="marker", size="size", fill_alpha=0,
                    line_color="color", line_width=2.5, line_alpha=alpha)

    # --- data ----------------------------------------------------------------------------------
    def _province_columns(self, full: bool = False) -> dict[str, list[Any]]:
        s = self.session
        state = s.state
        targets = set(s.targets or ())
        selected = province_of(s.selected.split()[-1]) if s.selected and s.selected != "WAIVE" else None
        owners = dict(state.position.supply_centers) if state is not None else {}
        units = dict(state.position.units) if state is not None else {}
        cols: dict[str, list[Any]] = {k: [] for k in ("halo_color", "halo_alpha", "halo_width", "sc_fill", "unit_text")}
        for pid in self.ids:
            if pid == selected:
                halo = (SELECTED, 1.0, 3.5)
            elif pid in targets:
                halo = (TARGET, 1.0, 3.0)
            else:
                halo = (TARGET, 0.0, 0.0)
            cols["halo_color"].append(halo[0])
            cols["halo_alpha"].append(halo[1])
            cols["halo_width"].append(halo[2])
            owner = owners.get(pid)
            cols["sc_fill"].append(power_colour(owner) if owner else "#ffffff")
            u = units.get(pid)
            cols["unit_text"].append(f"{u.power.title()}: {'army' if u.kind == 'A' else 'fleet'} {u.location}"
                                     if u else "no unit")
        if full:
            ps = self.map.provinces
            xy = {pid: point(self.map, pid) for pid in self.ids}
            cols.update(
                id=list(self.ids), name=[ps[p].name for p in self.ids],
                x=[xy[p][0] for p in self.ids], y=[xy[p][1] for p in self.ids],
                label_y=[xy[p][1] - 0.021 for p in self.ids],
                marker=[_KIND_MARKER[ps[p].kind] for p in self.ids],
                fill=[_KIND_FILL[ps[p].kind] for p in self.ids],
                line=["#2f6690" if ps[p].kind != "land" else "#8f7d5a" for p in self.ids],
                text_color=[SEA_TEXT if ps[p].kind == "sea" else LAND_TEXT for p in self.ids],
                font_style=["italic" if ps[p].kind == "sea" else "bold" for p in self.ids],
                kind_text=[{"land": "inland", "coast": "coastal", "sea": "sea"}[ps[p].kind]
                           + (" · supply centre" if ps[p].supply_center else "")
                           + (f" · {ps[p].home.title()} home" if ps[p].home else "")
                           + (f" · coasts {', '.join(ps[p].coasts)}" if ps[p].coasts else "") for p in self.ids],
                sc_x=[xy[p][0] + 0.014 for p in self.ids], sc_y=[xy[p][1] + 0.016 for p in self.ids],
                sc_size=[13 if ps[p].supply_center else 0 for p in self.ids])
        return cols

    def _unit_columns(self) -> dict[str, list[Any]]:
        """The units' rows, then blank rows up to the source's length (``UNIT_ROWS`` or more: it never shrinks)."""
        cols = self._unit_rows()
        rows = len(cols["x"])
        length = max(rows, UNIT_ROWS, len(self.units.data["x"]) if hasattr(self, "units") else 0)
        for k, v in _NO_UNIT.items():
            cols[k].extend([v] * (length - rows))
        return cols

    def _unit_rows(self) -> dict[str, list[Any]]:
        state = self.session.state
        cols = _empty(*_NO_UNIT)
        if state is None:
            return cols
        pos = state.position

        def add(u: Any, dislodged: bool) -> None:
            x, y = point(self.map, u.location)
            if dislodged:
                x, y = x + 0.019, y - 0.019
            cols["x"].append(x)
            cols["y"].append(y)
            cols["letter"].append(u.kind)
            cols["fill"].append(power_colour(u.power))
            cols["text_color"].append(POWER_TEXT.get(u.power, "#ffffff"))
            cols["line"].append(FAILED if dislodged else "#111111")
            cols["line_width"].append(3.0 if dislodged else 1.2)
            cols["marker"].append("circle" if u.kind == "A" else "triangle")
            cols["size"].append(UNIT_SIZE - 3 if dislodged else UNIT_SIZE + (3 if u.kind == "F" else 0))
            cols["unit"].append(f"{u.power} {u}" + (" (dislodged)" if dislodged else ""))

        for u in sorted(pos.units.values(), key=lambda u: u.province):
            add(u, False)
        for d in pos.dislodged:
            add(d.unit, True)
        return cols

    def _order_columns(self) -> dict[str, dict[str, list[Any]]]:
        s = self.session
        state = s.state
        out: dict[str, dict[str, list[Any]]] = {}
        for group in ("draft", "last"):
            out[f"{group}_moves"] = _empty("x0", "y0", "x1", "y1", "color")
            out[f"{group}_supports"] = _empty("xs", "ys", "color")
            out[f"{group}_convoys"] = _empty("xs", "ys", "color")
            out[f"{group}_marks"] = _empty("x", "y", "marker", "size", "color")
        out["fails"] = _empty("x", "y")
        if state is None:
            return out
        pos = state.position
        units = {p: u for p, u in pos.units.items()}
        for d in pos.dislodged if pos.phase.kind == "R" else ():
            units.setdefault(d.unit.province, d.unit)
        dislodged = {d.unit.province: d.unit for d in pos.dislodged}
        draft = [(s.power, t) for t in (s.pending or {}).values()] if s.power else []
        draft += [(pw, t) for pw, texts in (getattr(s, "others", None) or {}).items() for t in texts]
        for power, text in draft:
            unit_at = dict(units)
            unit_at.update(dislodged)       # a retreat starts from the dislodged unit's spot
            self._add_order(out, "draft", text, power, None, unit_at, dislodged_offset=set(dislodged))
        last = state.last if self.show_last else None
        if last:
            results = last.get("results", {})
            for row in rows_of(last):
                self._add_order(out, "last", row.text, row.power, results.get(row.key), {}, set())
        return out

    def _loc(self, unit: Any, fallback: str) -> str:
        return unit.location if unit is not None else fallback

    def _add_order(self, out: dict[str, dict[str, list[Any]]], group: str, text: str, power: str,
                   result: str | None, units: dict[str, Any], dislodged_offset: set[str]) -> None:
        try:
            o = parse_order(text)
        except RulesError:
            return
        colour = power_colour(power)
        if hasattr(o, "unit"):
            here = self._loc(units.get(o.unit.province), o.unit.location)
            x0, y0 = point(self.map, here)
            if o.unit.province in dislodged_offset and isinstance(o, (Retreat, Disband)):
                x0, y0 = x0 + 0.019, y0 - 0.019
        else:
            return
        end: tuple[float, float] | None = None
        if isinstance(o, (Move, Retreat)):
            x1, y1 = point(self.map, o.dest)
            seg = _shorten(x0, y0, x1, y1, 0.012, 0.014)
            layer = out[f"{group}_moves"]
            for k, v in zip(("x0", "y0", "x1", "y1"), seg):
                layer[k].append(v)
            layer["color"].append(colour)
            end = (seg[2], seg[3])
        elif isinstance(o, (SupportHold, SupportMove)):
            sx, sy = point(self.map, self._loc(units.get(o.supported.province), o.supported.location))
            if isinstance(o, SupportHold):      # to the unit held
                seg = _shorten(x0, y0, sx, sy, 0.012, 0.016)
            else:                               # to the middle of the move it supports
                tx, ty = point(self.map, province_of(o.dest))
                seg = _shorten(x0, y0, (sx + tx) / 2, (sy + ty) / 2, 0.012, 0.0)
            layer = out[f"{group}_supports"]
            layer["xs"].append([seg[0], seg[2]])
            layer["ys"].append([seg[1], seg[3]])
            layer["color"].append(colour)
            end = (seg[2], seg[3])
        elif isinstance(o, Convoy):
            ax, ay = point(self.map, o.army.province)
            dx, dy = point(self.map, province_of(o.dest))
            layer = out[f"{group}_convoys"]
            layer["xs"].append([ax, x0, dx])
            layer["ys"].append([ay, y0, dy])
            layer["color"].append(colour)
            marks = out[f"{group}_marks"]
            for k, v in (("x", x0), ("y", y0), ("marker", "circle"), ("size", 32), ("color", colour)):
                marks[k].append(v)
            end = (x0, y0)
        elif isinstance(o, (Hold, Build, Disband)):
            marks = out[f"{group}_marks"]
            marker, size = {Hold: ("square", 30), Build: ("circle_cross", 34), Disband: ("circle_x", 34)}[type(o)]
            for k, v in (("x", x0), ("y", y0), ("marker", marker), ("size", size), ("color", colour)):
                marks[k].append(v)
            end = (x0, y0)
        if end is not None and result == "fails":
            out["fails"]["x"].append(end[0])
            out["fails"]["y"].append(end[1])

    def focus_on(self, provinces: list[str] | None) -> None:
        """Show the part of the map around ``provinces`` (their neighbours included); all of it when empty."""
        if not provinces:
            box = (*X_RANGE, *Y_RANGE)
        else:
            near = set(provinces)
            for p in provinces:
                if p in self.graph:
                    near.update(self.graph.neighbors(p))
            xs, ys = zip(*(self.graph.nodes[p]["pos"] for p in near if p in self.graph))
            span = max(max(xs) - min(xs), max(ys) - min(ys), 0.3) / 2 + 0.04
            cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
            box = (cx - span, cx + span, cy - span * 0.85, cy + span * 0.85)
        ranges = self.figure.x_range, self.figure.y_range
        if (ranges[0].start, ranges[0].end, ranges[1].start, ranges[1].end) != box:
            ranges[0].update(start=box[0], end=box[1])
            ranges[1].update(start=box[2], end=box[3])

    # --- updates -------------------------------------------------------------------------------
    def _on_model(self, *events: Any) -> None:
        self.update()

    def update(self) -> None:
        """Patch the board from the session (now if the document may change, else on its loop)."""
        change_board(self.source.document, self.pane, self._patch)

    def _patch(self) -> None:
        patch_source(self.source, self._province_columns())
        units = self._unit_columns()
        if len(units["x"]) == len(self.units.data["x"]):
            patch_source(self.units, units)
        else:                                   # more units than rows: the source grows (never shrinks)
            self.units.data = units
        for name, cols in self._order_columns().items():
            if cols != dict(self.layers[name].data):
                self.layers[name].data = cols

    # --- taps ----------------------------------------------------------------------------------
    def _on_tap(self, event: Any) -> None:
        province = self.nearest(event.x, event.y)
        if province is not None:
            self.session.click(province)

    def nearest(self, x: float | None, y: float | None, reach: float = TAP_REACH) -> str | None:
        """The province (centre or coast) drawn within ``reach`` pixels of the data point (x, y), or None."""
        if x is None or y is None:
            return None
        height = figure_size(self.figure, "inner_height") or self.figure.height or 720
        width = figure_size(self.figure, "inner_width") or 1.3 * height
        px = width / (X_RANGE[1] - X_RANGE[0])
        py = height / (Y_RANGE[1] - Y_RANGE[0])
        best, best_d = None, float(reach)
        for p in self.map.provinces.values():
            spots = [p.id] + [f"{p.id}/{c}" for c in p.coasts]
            for loc in spots:
                tx, ty = point(self.map, loc)
                d = math.hypot((x - tx) * px, (y - ty) * py)
                if d <= best_d:
                    best, best_d = p.id, d
        return best
