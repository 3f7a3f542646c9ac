"""The Conquest board: the 42 territories as a networkx graph at the map's coordinates, drawn by HoloViews.

Composed from the board kit (academy/ui/board_kit): continent regions, land and sea edges, a halo per
territory (selected, target, valid targets), the territories in their owner's colour with a tooltip,
the armies on them (the ``conquest-nodes`` source, with ``id`` and ``label`` columns) and their names.
HoloViews draws it once; a state or selection change patches only the cells that changed. Taps and
quick second taps come from the kit; the board finds the territory under the tap in screen pixels.

The board works with any model that has ``state``, ``selected``, ``target``, ``targets`` params
and a ``click(territory)`` method (``GameSession``, ``LessonModel``). In a notebook,
``ConquestBoard(model).element`` is the board as a HoloViews overlay.
"""
from __future__ import annotations

from typing import Any

import holoviews as hv
import networkx as nx
import panel as pn
import param
from bokeh.models import Legend, LegendItem

from academy.games.conquest.mapdata import ConquestMap, load_map
from academy.ui.board_kit.board import Board
from academy.ui.board_kit.graph import edge_layers, nearest_node, positions
from academy.ui.board_kit.layer import Layer

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


def _region(points: list[tuple[float, float]], radius: float = _HULL_RADIUS) -> tuple[list[float], list[float]]:
    """A rounded region around points: the convex hull of small ellipses around each (x squeezed)."""
    import math

    from shapely.geometry import MultiPoint
    ring = [(x + radius * 0.62 * math.cos(a), y + radius * math.sin(a))
            for x, y in points for a in (i * math.pi / 10 for i in range(20))]
    xs, ys = MultiPoint(ring).convex_hull.exterior.coords.xy
    return list(xs), list(ys)


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
        self.pos = positions(self.graph)
        self.kit = Board("conquest-board", self._layers(), x_range=X_RANGE, y_range=Y_RANGE, height=height,
                         background=OCEAN, source_names={"armies": "conquest-nodes"},
                         pane={"min_height": 300})
        self.figure, self.pane = self.kit.figure, self.kit.pane
        self.source = self.kit.sources["armies"]
        self._legend()
        self.kit.on_tap(self._on_tap)
        model.param.watch(self._on_model, ["state", "selected", "target", "targets"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    @property
    def element(self) -> hv.Overlay:
        """The board as it stands, a HoloViews overlay (to add to and save in a notebook)."""
        return self.kit.element

    # --- building ------------------------------------------------------------------------
    def _layers(self) -> list[Layer]:
        ts, cols = self.map.territories, self._columns()
        regions = {"xs": [], "ys": [], "fill_color": []}
        for cid, c in self.map.continents.items():
            xs, ys = _region([ts[t].at for t in c.territories])
            regions["xs"].append(xs)
            regions["ys"].append(ys)
            regions["fill_color"].append(CONTINENT_COLOURS.get(cid, "#eeeeee"))
        xy = {"x": [ts[t].at[0] for t in self.ids], "y": [ts[t].at[1] for t in self.ids]}
        continent = [f"{self.map.continents[ts[t].continent].name} (+{self.map.continents[ts[t].continent].bonus})"
                     for t in self.ids]
        edges = edge_layers("edges", self.graph, {
            "land": {"line_color": "#8a99a6", "line_width": 1.6, "line_alpha": 0.8},
            "sea": {"line_color": "#3d7ea6", "line_width": 1.5, "line_dash": "dashed", "line_alpha": 0.8}},
            segment=self._segment)
        return [
            Layer("continents", "polygons", regions, mapped=("fill_color",),
                  style={"line_color": "#00000022", "line_width": 1.5}),
            *edges,
            Layer("halos", "points", {**xy, **{k: cols[k] for k in ("line_color", "line_alpha", "line_width")}},
                  mapped=("line_color", "line_alpha", "line_width"), style={"size": HALO_SIZE, "fill_alpha": 0}),
            Layer("territories", "points",
                  {**xy, "fill_color": cols["fill_color"], "name": [ts[t].name for t in self.ids],
                   "owner_name": cols["owner_name"], "armies_text": cols["armies_text"], "continent_name": continent},
                  mapped=("fill_color",), style={"size": NODE_SIZE, "line_color": "#1f2933", "line_width": 1.2},
                  hover=('<div style="font-size:13px"><b>@name</b><br>@owner_name · @armies_text<br>'
                         '<span style="color:#52606d">@continent_name</span></div>')),
            Layer("armies", "labels", {**xy, "label": cols["label"], "text_color": cols["text_color"],
                                       "id": list(self.ids)},
                  mapped=("text_color",), style={"text_font_size": "12px", "text_font_style": "bold"}),
            Layer("names", "labels", {"x": xy["x"], "y": [y - 0.042 for y in xy["y"]],
                                      "name": [ts[t].name for t in self.ids]},
                  style={"text_font_size": "9px", "text_color": "#3e4c59"}),
        ]

    def _segment(self, a: str, b: str, kind: str) -> list[tuple[float, float, float, float]]:
        """An edge's lines: straight, or around the back of the world (two half-lines off the sides)."""
        (xa, ya), (xb, yb) = self.pos[a], self.pos[b]
        if self.graph.edges[a, b]["kind"] != "wrap":
            return [(xa, ya, xb, yb)]
        (xl, yl), (xr, yr) = (self.pos[a], self.pos[b]) if xa < xb else (self.pos[b], self.pos[a])
        mid = (yl + yr) / 2
        return [(xl, yl, X_RANGE[0] - 0.05, mid), (xr, yr, X_RANGE[1] + 0.05, mid)]

    def _legend(self) -> None:
        renderer = self.kit.renderers["continents"]
        items = [LegendItem(label=f"{c.name} +{c.bonus}", renderers=[renderer], index=i)
                 for i, c in enumerate(self.map.continents.values())]
        self.figure.add_layout(Legend(
            items=items, location="bottom_left", label_text_font_size="10.5px", background_fill_alpha=0.85,
            border_line_color=None, glyph_width=14, glyph_height=12, spacing=1, padding=6, click_policy="none",
            title="Continents (bonus)", title_text_font_size="10.5px"))

    # --- data ----------------------------------------------------------------------------
    def _columns(self) -> dict[str, list[Any]]:
        """The columns that follow the state and the selection, one value per territory."""
        m, state = self.model, self.model.state
        targets = set(m.targets or ())
        cols: dict[str, list[Any]] = {k: [] for k in ("fill_color", "text_color", "label", "armies_text",
                                                       "owner_name", "line_color", "line_alpha", "line_width")}
        for t in self.ids:
            owner = state.owner[t] if state is not None else None
            armies = state.armies[t] if state is not None else 0
            fill, text = player_colour(owner)
            cols["fill_color"].append(fill)
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
            cols["line_color"].append(halo[0])
            cols["line_alpha"].append(halo[1])
            cols["line_width"].append(halo[2])
        return cols

    def _on_model(self, *events: Any) -> None:
        self.update()

    def update(self) -> None:
        """Patch the changed cells of the node source from the model.

        Safe from any Panel callback: like Panel's own widgets, it patches at once when the
        document may be changed now, schedules the patch on the session's loop otherwise (a
        widget event handled without the document lock), and pushes it in a notebook.
        """
        self.kit.change(self._patch)

    def _patch(self) -> None:
        cols = self._columns()
        self.kit.patch("halos", {k: cols[k] for k in ("line_color", "line_alpha", "line_width")})
        self.kit.patch("territories", {k: cols[k] for k in ("fill_color", "owner_name", "armies_text")})
        self.kit.patch("armies", {k: cols[k] for k in ("label", "text_color")})

    # --- taps ----------------------------------------------------------------------------
    def _on_tap(self, x: float, y: float) -> None:
        territory = self.nearest(x, y)
        if territory is not None:
            self.model.click(territory)

    def nearest(self, x: float | None, y: float | None, reach: float = TAP_REACH) -> str | None:
        """The territory drawn within ``reach`` pixels of data point (x, y), or None.

        Pixels come from the figure's inner size as the browser reports it (an estimate before that).
        """
        return nearest_node(self.pos, x, y, self.kit.pixels_per_unit(), reach)
