"""The Conquest board: the 42 territories as a networkx graph at the map's coordinates, in plain Bokeh.

One figure is built per board and updated in place: a state or selection change patches the
node ColumnDataSource (only the changed cells cross the websocket). Taps come as Bokeh's Tap and
DoubleTap events (a second tap within 300 ms is a double tap, which would otherwise swallow a
quick "source, then target"); the board finds the territory under the tap in screen pixels.
No TapTool: a selection would re-render the canvas twice more per tap for nothing.

The board works with any model that has ``state``, ``selected``, ``target``, ``targets`` params
and a ``click(territory)`` method (``GameSession``, ``LessonModel``).
"""
from __future__ import annotations

import math
from typing import Any

import networkx as nx
import panel as pn
import param
from bokeh.events import DoubleTap, Tap
from bokeh.models import ColumnDataSource, HoverTool, Legend, LegendItem, Range1d
from bokeh.plotting import figure

from academy.games.conquest.mapdata import ConquestMap, load_map
from academy.ui.board_updates import change_board, figure_size, patch_source

from .style import (CONTINENT_COLOURS, HIGHLIGHT, OCEAN, SELECTED, TARGET, player_colour)

__all__ = ["ConquestBoard", "map_graph", "X_RANGE", "Y_RANGE"]

X_RANGE, Y_RANGE = (-0.025, 1.025), (0.05, 0.985)
NODE_SIZE, HALO_SIZE = 30, 42
TAP_REACH = 24  # pixels from a territory's centre that still count as a tap on it
_HULL_RADIUS = 0.05


def map_graph(cmap: ConquestMap) -> nx.Graph:
    """The map as a networkx graph: nodes carry pos, name, continent; edges carry kind (land, sea, wrap)."""
    g = nx.Graph()
    for t in cmap.territories.values():
        g.add_node(t.id, pos=t.at, name=t.name, continent=t.continent)
    for a, b in cmap.borders:
        pair = frozenset((a, b))
        kind = "wrap" if pair in cmap.wraps else "sea" if pair in cmap.sea_lanes else "land"
        g.add_edge(a, b, kind=kind)
    return g


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Convex hull (monotone chain), counter-clockwise."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _region(points: list[tuple[float, float]], radius: float = _HULL_RADIUS) -> tuple[list[float], list[float]]:
    """A rounded region around points: the hull of small circles around each (data units, x squeezed)."""
    ring = [(x + radius * 0.62 * math.cos(a), y + radius * math.sin(a))
            for x, y in points for a in (i * math.pi / 10 for i in range(20))]
    hull = _hull(ring)
    return [p[0] for p in hull], [p[1] for p in hull]


class ConquestBoard(pn.viewable.Viewer):
    """The clickable Conquest map for a board model (see the module docstring)."""

    model = param.Parameter(doc="GameSession or LessonModel")

    def __init__(self, model: Any, height: int = 540, **params: Any) -> None:
        super().__init__(model=model, **params)
        state = model.state
        self.map = state.game.map if state is not None else load_map("classic")
        self.graph = map_graph(self.map)
        self.ids = list(self.map.territories)
        self.index = {t: i for i, t in enumerate(self.ids)}
        self.source = ColumnDataSource(self._columns(full=True), name="conquest-nodes")
        self.figure = self._build(height)
        self.pane = pn.pane.Bokeh(self.figure, sizing_mode="stretch_width", css_classes=["board"],
                                  min_height=300, margin=(0, 0))
        model.param.watch(self._on_model, ["state", "selected", "target", "targets"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    # --- building ------------------------------------------------------------------------
    def _build(self, height: int) -> Any:
        fig = figure(x_range=Range1d(*X_RANGE), y_range=Range1d(*Y_RANGE), height=height,
                     sizing_mode="stretch_width", toolbar_location=None, tools="",
                     background_fill_color=OCEAN, border_fill_color=OCEAN, outline_line_color=None,
                     min_border=0, name="conquest-board")
        fig.axis.visible = False
        fig.grid.visible = False
        items = []
        for cid, c in self.map.continents.items():
            xs, ys = _region([self.map.territories[t].at for t in c.territories])
            fill = CONTINENT_COLOURS.get(cid, "#eeeeee")
            r = fig.patch(xs, ys, fill_color=fill, line_color="#00000022", line_width=1.5)
            items.append(LegendItem(label=f"{c.name} +{c.bonus}", renderers=[r]))
        self._draw_edges(fig)
        fig.scatter("x", "y", source=self.source, size=HALO_SIZE, fill_alpha=0, line_color="halo_color",
                    line_alpha="halo_alpha", line_width="halo_width")
        nodes = fig.scatter("x", "y", source=self.source, size=NODE_SIZE, fill_color="fill",
                            line_color="#1f2933", line_width=1.2)
        fig.text("x", "y", text="label", source=self.source, text_color="text_color", text_align="center",
                 text_baseline="middle", text_font_size="12px", text_font_style="bold")
        names = ColumnDataSource({"x": [self.map.territories[t].at[0] for t in self.ids],
                                  "y": [self.map.territories[t].at[1] - 0.042 for t in self.ids],
                                  "name": [self.map.territories[t].name for t in self.ids]})
        fig.text("x", "y", text="name", source=names, text_align="center", text_baseline="middle",
                 text_font_size="9px", text_color="#3e4c59")
        self.nodes = nodes
        fig.add_tools(HoverTool(renderers=[nodes], tooltips=(
            '<div style="font-size:13px"><b>@name</b><br>@owner_name · @armies_text<br>'
            '<span style="color:#52606d">@continent_name</span></div>')))
        legend = Legend(items=items, location="bottom_left", label_text_font_size="10.5px",
                        background_fill_alpha=0.85, border_line_color=None, glyph_width=14, glyph_height=12,
                        spacing=1, padding=6, click_policy="none", title="Continents (bonus)",
                        title_text_font_size="10.5px")
        fig.add_layout(legend)
        fig.on_event(Tap, self._on_tap)
        fig.on_event(DoubleTap, self._on_tap)
        return fig

    def _draw_edges(self, fig: Any) -> None:
        kinds: dict[str, tuple[list[list[float]], list[list[float]]]] = {"land": ([], []), "sea": ([], [])}
        for a, b, kind in self.graph.edges(data="kind"):
            (xa, ya), (xb, yb) = self.graph.nodes[a]["pos"], self.graph.nodes[b]["pos"]
            if kind == "wrap":  # around the back of the world: two half-lines off the edges
                left, right = (a, b) if xa < xb else (b, a)
                (xl, yl), (xr, yr) = self.graph.nodes[left]["pos"], self.graph.nodes[right]["pos"]
                mid = (yl + yr) / 2
                kinds["sea"][0].extend([[xl, X_RANGE[0] - 0.05], [xr, X_RANGE[1] + 0.05]])
                kinds["sea"][1].extend([[yl, mid], [yr, mid]])
                continue
            kinds[kind][0].append([xa, xb])
            kinds[kind][1].append([ya, yb])
        fig.multi_line(*kinds["land"], line_color="#8a99a6", line_width=1.6, line_alpha=0.8)
        fig.multi_line(*kinds["sea"], line_color="#3d7ea6", line_width=1.5, line_dash="dashed", line_alpha=0.8)

    # --- data ----------------------------------------------------------------------------
    def _columns(self, full: bool = False) -> dict[str, list[Any]]:
        m, state = self.model, self.model.state
        targets = set(m.targets or ())
        cols: dict[str, list[Any]] = {k: [] for k in ("fill", "text_color", "label", "armies_text", "owner_name",
                                                       "halo_color", "halo_alpha", "halo_width")}
        for t in self.ids:
            owner = state.owner[t] if state is not None else None
            armies = state.armies[t] if state is not None else 0
            fill, text = player_colour(owner)
            cols["fill"].append(fill)
            cols["text_color"].append(text)
            cols["label"].append(str(armies) if armies else "")
            cols["armies_text"].append(f"{armies} arm{'y' if armies == 1 else 'ies'}")
            cols["owner_name"].append("unclaimed" if owner is None else state.game.player_name(owner))
            if t == m.selected:
                halo = (SELECTED, 1.0, 4.0)
            elif t == getattr(m, "target", None):
                halo = (TARGET, 1.0, 4.0)
            elif t in targets:
                halo = (HIGHLIGHT, 0.95, 3.0)
            else:
                halo = (HIGHLIGHT, 0.0, 0.0)
            cols["halo_color"].append(halo[0])
            cols["halo_alpha"].append(halo[1])
            cols["halo_width"].append(halo[2])
        if full:
            ts = self.map.territories
            cols.update(id=list(self.ids), x=[ts[t].at[0] for t in self.ids], y=[ts[t].at[1] for t in self.ids],
                        name=[ts[t].name for t in self.ids],
                        continent_name=[f"{self.map.continents[ts[t].continent].name} "
                                        f"(+{self.map.continents[ts[t].continent].bonus})" for t in self.ids])
        return cols

    def _on_model(self, *events: Any) -> None:
        self.update()

    def update(self) -> None:
        """Patch the changed cells of the node source from the model.

        Safe from any Panel callback: like Panel's own widgets, it patches at once when the
        document may be changed now, schedules the patch on the session's loop otherwise (a
        widget event handled without the document lock), and pushes it in a notebook.
        """
        change_board(self.source.document, self.pane, self._patch)

    def _patch(self) -> None:
        patch_source(self.source, self._columns())

    # --- taps ----------------------------------------------------------------------------
    def _on_tap(self, event: Any) -> None:
        territory = self.nearest(event.x, event.y)
        if territory is not None:
            self.model.click(territory)

    def nearest(self, x: float | None, y: float | None, reach: float = TAP_REACH) -> str | None:
        """The territory drawn within ``reach`` pixels of data point (x, y), or None.

        Pixels come from the figure's inner size as the browser reports it (an estimate before that).
        """
        if x is None or y is None:
            return None
        height = figure_size(self.figure, "inner_height") or self.figure.height or 540
        width = figure_size(self.figure, "inner_width") or 1.75 * height
        px = width / (X_RANGE[1] - X_RANGE[0])
        py = height / (Y_RANGE[1] - Y_RANGE[0])
        best, best_d = None, float(reach)
        for t in self.ids:
            tx, ty = self.map.territories[t].at
            d = math.hypot((x - tx) * px, (y - ty) * py)
            if d <= best_d:
                best, best_d = t, d
        return best
