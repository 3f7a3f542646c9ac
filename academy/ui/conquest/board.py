"""The Conquest board: the 42 territories as a networkx graph at the map's coordinates, drawn by HoloViews.

Composed from the board kit (academy/ui/board_kit): continent regions, land and sea edges, a halo per
territory (selected, target, valid targets), the territories in their owner's colour with a tooltip,
the armies on them (the ``conquest-nodes`` source, with ``id`` and ``label`` columns) and their names.
HoloViews draws it once; a state or selection change patches only the cells that changed. Taps and
quick second taps come from the kit; the board finds the territory under the tap in screen pixels.

The board works with any model that has ``state``, ``selected``, ``target``, ``targets`` params
and a ``click(territory)`` method (``ConquestSession``, ``LessonModel``). In a notebook,
``ConquestBoard(model).element`` is the board as a HoloViews overlay.
"""
from __future__ import annotations

from typing import Any

import holoviews as hv
import networkx as nx
import panel as pn
import param
from bokeh.models import ColumnDataSource, Legend, LegendItem

from academy.core.text import count
from academy.games.conquest.mapdata import ConquestMap, load_map
from academy.ui.board_kit.board import Board
from academy.ui.board_kit.coach import coach_layers
from academy.ui.board_kit.graph import edge_layers, names_follow_shape, nearest_node, positions
from academy.ui.board_kit.label_layout import Label, place_labels
from academy.ui.board_kit.layer import Layer
from academy.ui.board_kit.regions import province_regions

from .style import (CONTINENT_COLOURS, HIGHLIGHT, OCEAN, SELECTED, TARGET, player_colour)

__all__ = ["ConquestBoard", "map_graph", "X_RANGE", "Y_RANGE"]

X_RANGE, Y_RANGE = (-0.025, 1.025), (0.05, 0.985)
NODE_SIZE, HALO_SIZE = 30, 42
TAP_REACH = 24  # pixels from a territory's centre that still count as a tap on it
#: the figure's width over its height, as the board's default size draws it (regions and names use it)
WIDTH_OVER_HEIGHT = 1.75
_ASPECT = WIDTH_OVER_HEIGHT * (Y_RANGE[1] - Y_RANGE[0]) / (X_RANGE[1] - X_RANGE[0])
NAME_PX = 9
#: a board shown narrower than this (a phone) keeps its key below the map, and names its territories short
NARROW_PX = 600
#: a short name is at most this long ("Peru", "Siam"); longer ones are shortened (``short_names``)
SHORT_CHARS = 5


def short_names(names: dict[str, str], most: int = SHORT_CHARS) -> dict[str, str]:
    """A short name for each territory, different from every other: the name itself if it has at most
    ``most`` characters, the initials of a name of several words, else its first letters and a dot.

    >>> short_names({"wus": "Western United States", "mon": "Mongolia", "peru": "Peru",
    ...              "ea": "East Africa", "eau": "Eastern Australia"})
    {'wus': 'WUS', 'mon': 'Mong.', 'peru': 'Peru', 'ea': 'EAf', 'eau': 'EAu'}
    """
    def candidates(name: str) -> list[str]:
        words = name.split()
        if len(name) <= most:
            return [name]
        if len(words) > 1:
            initials = "".join(w[0] for w in words).upper()
            return [initials] + [initials[:-1] + words[-1][:k] for k in range(2, len(words[-1]) + 1)]
        return [name[:k] + "." for k in range(4, len(name))] + [name]
    options = {t: candidates(n) for t, n in names.items()}
    out: dict[str, str] = {}
    for t in names:
        taken = [o for o in names if o != t]
        out[t] = next((c for c in options[t] if not any(c == options[o][0] for o in taken)
                       and c not in out.values()), names[t])
    return out


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


def territory_regions(graph: nx.Graph) -> dict[str, list[tuple[list[float], list[float]]]]:
    """Each territory's region on the map (board-kit regions: land borders touch, sea lanes and the
    wrap stay water, two territories touch only if they border each other)."""
    apart = [(a, b) for a, b, kind in graph.edges(data="kind") if kind != "land"]
    return province_regions(graph, reach=0.08, gap=0.008, strait=0.024, apart=apart,
                            bounds=(X_RANGE[0], Y_RANGE[0], X_RANGE[1], Y_RANGE[1]), aspect=_ASPECT)


class ConquestBoard(pn.viewable.Viewer):
    """The clickable Conquest map for a board model (see the module docstring)."""

    model = param.Parameter(doc="ConquestSession or LessonModel")

    def __init__(self, model: Any, height: int = 540, **params: Any) -> None:
        super().__init__(model=model, **params)
        state = model.state
        self.map = state.game.map if state is not None else load_map("classic")
        self.graph = map_graph(self.map)
        self.ids = list(self.map.territories)
        self.index = {t: i for i, t in enumerate(self.ids)}
        self.pos = positions(self.graph)
        #: each territory's short name, shown on a narrow board (``name_places``)
        self.short = short_names({t: self.map.territories[t].name for t in self.ids})
        self.height = height
        self.kit = Board("conquest-board", [*self._layers(), *coach_layers(model)], x_range=X_RANGE, y_range=Y_RANGE, height=height,
                         background=OCEAN, source_names={"armies": "conquest-nodes"},
                         pane={"min_height": 300})
        self.figure, self.pane = self.kit.figure, self.kit.pane
        self.source = self.kit.sources["armies"]
        self._legend()
        self.kit.on_tap(self._on_tap)
        self.kit.on_shape(self._on_shape)
        names_follow_shape(self.kit, self.name_places, {"names": self.ids}, text="name")
        model.param.watch(self._on_model, ["state", "selected", "target", "targets"])
        choice = getattr(model, "choice", None)
        if choice is not None:                 # the armies chosen to move in show on the board at once
            choice.param.watch(self._on_model, ["move"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    @property
    def element(self) -> hv.Overlay:
        """The board as it stands, a HoloViews overlay (to add to and save in a notebook)."""
        return self.kit.element

    # --- building ------------------------------------------------------------------------
    def _layers(self) -> list[Layer]:
        ts, cols = self.map.territories, self._columns()
        regions: dict[str, list[Any]] = {"xs": [], "ys": [], "fill_color": [], "line_color": [], "id": []}
        self.region_rows: dict[str, list[int]] = {t: [] for t in self.ids}
        for t, rings in territory_regions(self.graph).items():
            for xs, ys in rings:
                self.region_rows[t].append(len(regions["id"]))
                regions["xs"].append(xs)
                regions["ys"].append(ys)
                regions["fill_color"].append(CONTINENT_COLOURS.get(ts[t].continent, "#eeeeee"))
                regions["line_color"].append(cols["fill_color"][self.index[t]])
                regions["id"].append(t)
        xy = {"x": [ts[t].at[0] for t in self.ids], "y": [ts[t].at[1] for t in self.ids]}
        continent = [f"{self.map.continents[ts[t].continent].name} (+{self.map.continents[ts[t].continent].bonus})"
                     for t in self.ids]
        names = self.name_places(WIDTH_OVER_HEIGHT * self.height, self.height)
        edges = edge_layers("edges", self.graph, {
            "land": {"line_color": "#8a99a6", "line_width": 1.6, "line_alpha": 0.8},
            "sea": {"line_color": "#3d7ea6", "line_width": 1.5, "line_dash": "dashed", "line_alpha": 0.8}},
            segment=self._segment)
        return [
            Layer("regions", "polygons", regions, mapped=("fill_color", "line_color"),
                  style={"line_width": 1.6, "line_alpha": 0.75}),
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
            Layer("names", "labels", {"x": [names[t][0] for t in self.ids], "y": [names[t][1] for t in self.ids],
                                      "name": [names[t][2] for t in self.ids]},
                  style={"text_font_size": "9px", "text_color": "#3e4c59"}),
        ]

    def name_places(self, width: float, height: float) -> dict[str, tuple[float, float, str]]:
        """Where each territory's name goes on a figure of ``width`` × ``height`` pixels, and the text shown
        there: (x, y, text). No two names overlap, and each lies nearer its own territory's disc than any
        other (a phone walk saw "Western United States" across Eastern United States' disc and "Mongolia"
        under Japan's). A board narrower than ``NARROW_PX`` shows short names ("WUS", "Mong."); a wider one
        the full names, shortened only where a full name finds no place by its own disc; a name with no
        such place at all is left out ("": the tap and the tooltip still name the territory)."""
        ts = self.map.territories
        full = {t: ts[t].name for t in self.ids}
        texts = dict(self.short) if width < NARROW_PX else dict(full)
        places: dict[str, tuple[float, float]] = {}
        for _ in range(3):
            places = place_labels([Label(t, *ts[t].at, texts[t], NAME_PX, NODE_SIZE / 2) for t in self.ids],
                                  width_px=width, height_px=height, x_range=X_RANGE, y_range=Y_RANGE,
                                  own_nearest=True, leave_out=True)
            missing = [t for t in self.ids if t not in places and texts[t] != self.short[t]]
            if not missing:
                break
            texts.update({t: self.short[t] for t in missing})
        return {t: (*places[t], texts[t]) if t in places else (*ts[t].at, "") for t in self.ids}

    def _on_shape(self, width: int, _height: int) -> None:
        """A narrow board (a phone) shows its continents' key below the map, where it covers no territory.
        The board has both keys and shows one: a key moved between the figure's panels at run time breaks
        the browser's layout ("cannot find a view for Legend")."""
        narrow = width < NARROW_PX
        if narrow != self.key_below.visible:
            self.kit.change(lambda: (self.key.update(visible=not narrow), self.key_below.update(visible=narrow)))

    def _segment(self, a: str, b: str, kind: str) -> list[tuple[float, float, float, float]]:
        """An edge's lines: straight, or around the back of the world (two half-lines off the sides)."""
        (xa, ya), (xb, yb) = self.pos[a], self.pos[b]
        if self.graph.edges[a, b]["kind"] != "wrap":
            return [(xa, ya, xb, yb)]
        (xl, yl), (xr, yr) = (self.pos[a], self.pos[b]) if xa < xb else (self.pos[b], self.pos[a])
        mid = (yl + yr) / 2
        return [(xl, yl, X_RANGE[0] - 0.05, mid), (xr, yr, X_RANGE[1] + 0.05, mid)]

    def _legend(self) -> None:
        # a swatch per continent in its colour: a key of its own, drawn off the map (the regions' outlines
        # take their owners' colours, which a legend of the regions would show as the continents')
        continents = list(self.map.continents.values())
        key = ColumnDataSource({"x": [X_RANGE[0] - 1] * len(continents), "y": [Y_RANGE[0] - 1] * len(continents),
                                "fill_color": [CONTINENT_COLOURS.get(c.id, "#eeeeee") for c in continents]})
        renderer = self.figure.rect("x", "y", width=0.01, height=0.01, source=key, fill_color="fill_color",
                                    line_color="#7b8794", name="conquest-continent-key")
        items = [LegendItem(label=f"{c.name} +{c.bonus}", renderers=[renderer], index=i)
                 for i, c in enumerate(continents)]
        style = dict(label_text_font_size="10.5px", background_fill_alpha=0.85, border_line_color=None, glyph_width=14,
                     glyph_height=12, spacing=1, padding=6, click_policy="none", title="Continents (bonus)",
                     title_text_font_size="10.5px")
        self.key = Legend(items=items, location="bottom_left", **style)
        self.figure.add_layout(self.key)
        # on a phone: below the map, in two columns (``_on_shape``)
        self.key_below = Legend(items=[LegendItem(label=i.label, renderers=[renderer], index=i.index) for i in items],
                                location="center", ncols=2, visible=False, **style)
        self.figure.add_layout(self.key_below, "below")

    # --- data ----------------------------------------------------------------------------
    def _columns(self) -> dict[str, list[Any]]:
        """The columns that follow the state and the selection, one value per territory."""
        m, state = self.model, self.model.state
        targets = set(m.targets or ())
        cols: dict[str, list[Any]] = {k: [] for k in ("fill_color", "text_color", "label", "armies_text",
                                                       "owner_name", "line_color", "line_alpha", "line_width")}
        moving = self._moving_in()
        for t in self.ids:
            owner = state.owner[t] if state is not None else None
            armies = state.armies[t] if state is not None else 0
            fill, text = player_colour(owner)
            cols["fill_color"].append(fill)
            cols["text_color"].append(text)
            cols["label"].append(str(armies) if armies else "")
            cols["armies_text"].append(count(armies, "army"))
            if moving is not None and t in moving[:2]:      # a conquest: the move being chosen, as it would end
                src, dst, n = moving
                cols["label"][-1] = str(n if t == dst else armies - n)
                cols["armies_text"][-1] = (f"conquered: {count(n, 'army')} to move in (choose below)" if t == dst
                                           else f"{count(armies, 'army')}, {armies - n} after the move")
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

    def _moving_in(self) -> tuple[str, str, int] | None:
        """After a conquest: where from, where to, and how many armies the move now chosen takes in
        (all but one unless fewer are chosen, never fewer than the dice rolled); else None."""
        state = self.model.state
        occupy = state.occupy if state is not None and state.phase == "occupy" else None
        if not occupy:
            return None
        most = state.armies[occupy["src"]] - 1
        chosen = getattr(getattr(self.model, "choice", None), "move", None)
        return occupy["src"], occupy["dst"], most if chosen is None else max(occupy["min"], min(chosen, most))

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
        self.kit.patch("regions", {"line_color": self._region_lines(cols["fill_color"])})

    def _region_lines(self, fills: list[str]) -> list[str]:
        """Each region's outline: its territory's owner colour."""
        out = [""] * sum(len(r) for r in self.region_rows.values())
        for t, rows in self.region_rows.items():
            for row in rows:
                out[row] = fills[self.index[t]]
        return out

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
