"""The Diplomacy board: the 75 provinces as a networkx graph at the map's coordinates, drawn by HoloViews.

Composed from the board kit (academy/ui/board_kit); HoloViews draws it once, then a change patches
only the cells that changed (the order layers get new rows when the orders change). The whole map
is always shown (the same ranges in every exercise). Its layers:

- each province's region (academy/ui/diplomacy/map_layout.py), told apart by colour: inland land
  darker, coastal land pale, sea blue; a supply centre's region tinted with its owner's colour;
- borders as thin lines (army and fleet: grey, fleet only: dashed blue), from the graph;
- a small marker at each province's point, shaped by its kind: land a square, coast a circle with a
  blue rim, sea a hexagon (its name in italic blue); a split coast as a small dot named "nc", "sc",
  "ec"; every name placed so that none overlaps another; a halo on the selected province and on the
  provinces it may order into; a tooltip;
- supply centres as stars in their owner's colour (white: nobody's);
- units as tokens in their power's colour lettered A / F (a fleet on a split coast stands at that
  coast); a dislodged unit beside its province with a red rim;
- the orders being written and the last phase's orders, faded (academy/ui/diplomacy/order_marks.py):
  moves as arrows, supports dashed, convoys dotted with a ring on the fleet, holds, builds and
  disbands as marks, each failed order crossed out in red at its end.

Taps and quick second taps come from the kit; the board finds the province (or coast) drawn within
a few pixels of the tap, else the province whose region holds it, and calls ``session.click(province)``.
It reads ``state``, ``pending``, ``selected``, ``targets``, ``power`` and ``others`` of a
DiplomacySession. In a notebook ``DiplomacyBoard(session).element`` is the board as a HoloViews overlay.
"""
from __future__ import annotations

from typing import Any

import holoviews as hv
import panel as pn
import param
from shapely import Point as ShapelyPoint

from academy.games.diplomacy.mapdata import province_of, standard_map
from academy.games.diplomacy.order_rows import rows_of
from academy.ui.board_kit.arrows import arrow_columns, arrow_layers
from academy.ui.board_kit.board import Board
from academy.ui.board_kit.coach import coach_layers
from academy.ui.board_kit.graph import edge_layers, names_follow_shape, nearest_node
from academy.ui.board_kit.layer import Layer

from .map_layout import (CENTRE_OFFSET, LABEL_WIDTH, MAP_ASPECT, X_RANGE, Y_RANGE, map_graph, name_places, point,
                         region_shapes, regions)
from .order_marks import DISLODGED_SHIFT, OrderMarks
from .style import (BACKGROUND, CONVOY_TARGET, FAILED, LAND_TEXT, NEUTRAL, OWNER_TINT, POWER_TEXT, REGION_FILL,
                    REGION_LINE, SEA_TEXT, SELECTED, TARGET, power_colour, tint)

__all__ = ["DiplomacyBoard", "map_graph", "point", "X_RANGE", "Y_RANGE", "UNIT_ROWS"]

TAP_REACH = 22          # pixels from a province's centre (or one of its coasts) that still count as a tap on it
UNIT_SIZE, NODE_SIZE, HALO_SIZE = 22, 12, 34
#: rows the unit layers start with (34 supply centres: room for every unit of a game). They never
#: shrink: BokehJS's Text glyph throws "Offset is outside the bounds of the DataView" when a source with
#: per-row text colours gets fewer rows (its labels of the old length meet the new colours), so the unused
#: rows are blank tokens off the map, and a new position patches the rows in place.
UNIT_ROWS = 34
_NO_UNIT = {"x": -1.0, "y": -1.0, "marker": "circle", "size": 0, "fill_color": NEUTRAL, "line_color": NEUTRAL,
            "line_width": 0.0, "letter": "", "unit": "", "text_color": NEUTRAL}
_UNIT_MAPPED = ("marker", "size", "fill_color", "line_color", "line_width")
_KIND_MARKER = {"land": "square", "coast": "circle", "sea": "hex"}
_KIND_LINE = {"land": "#8f7d5a", "coast": "#2f6690", "sea": "#2f6690"}
#: the figure has no border inside the pane (its frame is the height the names were placed for)
_FIGURE = {f"min_border_{side}": 0 for side in ("left", "right", "top", "bottom")}
_TARGET_HALO, _NO_HALO = (TARGET, 1.0, 3.0), (TARGET, 0.0, 0.0)
_CONVOY_HALO = (CONVOY_TARGET, 1.0, 3.0)         # a target the selected army reaches only by convoy
_GROUPS = {"draft": (0.95, 3.0), "last": (0.4, 2.5)}      # alpha, arrow width
#: the order layers of a group, after its arrows (see order_marks.py)
_ORDER_PARTS = ("supports", "convoys", "marks")


class DiplomacyBoard(pn.viewable.Viewer):
    """The clickable Diplomacy map for a DiplomacySession (see the module docstring)."""

    session = param.Parameter()
    show_last = param.Boolean(True, doc="draw the last phase's orders (faded, failures crossed out)")

    def __init__(self, session: Any, height: int = 720, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.map = standard_map()
        self.graph = map_graph(self.map)
        self.ids = sorted(self.map.provinces)
        self.centres = [p for p in self.ids if self.map.provinces[p].supply_center]
        #: every spot a tap may hit: each province's point and each of its coasts'
        self.spots = {loc: point(self.map, loc) for p in self.ids
                      for loc in (p, *(f"{p}/{c}" for c in self.map.provinces[p].coasts))}
        self.shapes = region_shapes(self.map)
        self.places = name_places(height)
        rings = regions(self.map)
        self.pieces = [(p, ring) for p in self.ids for ring in rings[p]]   # a row per region piece
        self.kit = Board("diplomacy-board", [*self._layers(), *coach_layers(session)], x_range=X_RANGE, y_range=Y_RANGE, height=height,
                         background=BACKGROUND, css_classes=("board", "diplomacy-board"),
                         source_names={"provinces": "diplomacy-provinces", "units": "diplomacy-units"},
                         pane={"min_height": 400}, figure=_FIGURE)
        self.figure, self.pane, self.sources = self.kit.figure, self.kit.pane, self.kit.sources
        self.kit.on_tap(self._on_tap)
        names_follow_shape(self.kit, self._name_places, self.name_rows)
        # the models it draws (play, lessons, replay, editor) need not have every mark: watch what they have
        watched = ["state", "selected", "targets", "by_convoy", "pending", "step", "others"]
        session.param.watch(self._on_model, [name for name in watched if name in session.param])
        self.param.watch(self._on_model, ["show_last"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    @property
    def element(self) -> hv.Overlay:
        """The board as it stands, a HoloViews overlay (to add to and save in a notebook)."""
        return self.kit.element

    @property
    def units(self) -> Any:
        """The units' Bokeh source (``UNIT_ROWS`` rows or more; blank rows have no letter)."""
        return self.sources["units"]

    # --- building ------------------------------------------------------------------------------
    def _layers(self) -> list[Layer]:
        ps = self.map.provinces
        xy = {p: point(self.map, p) for p in self.ids}
        kinds = {p: ps[p].kind for p in self.ids}
        borders = edge_layers("borders", self.graph, {
            "army": {"line_color": "#a39370", "line_width": 1.0, "line_alpha": 0.35},   # and "both"
            "fleet": {"line_color": "#5d97c2", "line_width": 1.0, "line_alpha": 0.45, "line_dash": "dashed"}})
        coasts = [(f"{p}/{c}", c.lower()) for p in self.ids for c in ps[p].coasts]
        #: the place of each row of the names' layers (they follow the board's shape on a phone)
        self.name_rows = {"names": [p for p in self.ids if kinds[p] != "sea"],
                          "sea-names": [p for p in self.ids if kinds[p] == "sea"],
                          "coast-names": [loc for loc, _ in coasts]}
        cx, cy = zip(*(point(self.map, loc) for loc, _ in coasts))
        cols = self._province_columns()
        centre_cols = self._centre_columns()
        return [
            Layer("regions", "polygons", {"xs": [ring[0] for _, ring in self.pieces],
                                          "ys": [ring[1] for _, ring in self.pieces],
                                          "fill_color": self._region_fills(), "id": [p for p, _ in self.pieces]},
                  mapped=("fill_color",), style={"line_color": REGION_LINE, "line_width": 1.2}),
            *borders,
            Layer("coasts", "points", {"x": list(cx), "y": list(cy)},
                  style={"size": 7, "marker": "circle", "fill_color": "#7fb0d3", "line_color": "#2f6690"}),
            Layer("coast-names", "labels", {"x": [self.places[loc][0] for loc, _ in coasts],
                                            "y": [self.places[loc][1] for loc, _ in coasts],
                                            "coast": [name for _, name in coasts]},
                  style={"text_font_size": "9px", "text_color": SEA_TEXT, "text_align": "center",
                         "text_baseline": "middle", "text_font_style": "italic"}),
            Layer("halos", "points", {k: cols[k] for k in ("x", "y", "line_color", "line_alpha", "line_width")},
                  mapped=("line_color", "line_alpha", "line_width"), style={"size": HALO_SIZE, "fill_alpha": 0}),
            Layer("provinces", "points", {
                "x": [xy[p][0] for p in self.ids], "y": [xy[p][1] for p in self.ids],
                "marker": [_KIND_MARKER[kinds[p]] for p in self.ids],
                "line_color": [_KIND_LINE[kinds[p]] for p in self.ids],
                "id": list(self.ids), "name": [ps[p].name for p in self.ids],
                "kind_text": [self._kind_text(p) for p in self.ids], "unit_text": cols["unit_text"]},
                mapped=("marker", "line_color"), style={"size": NODE_SIZE, "line_width": 1.5, "fill_color": "#ffffff"},
                hover='<div style="font-size:13px"><b>@name</b> (@id)<br>@kind_text<br>@unit_text</div>'),
            *(self._name_layer(name, self.name_rows[name], sea)
              for name, sea in (("names", False), ("sea-names", True))),
            Layer("centres", "points", {"x": [xy[p][0] + CENTRE_OFFSET[0] for p in self.centres],
                                        "y": [xy[p][1] + CENTRE_OFFSET[1] for p in self.centres], **centre_cols},
                  mapped=("fill_color",), style={"size": 13, "marker": "star", "line_color": "#333333",
                                                 "line_width": 1}),
            *self._order_layers(),
            Layer("units", "points", self._unit_columns(), mapped=_UNIT_MAPPED),
            Layer("unit-letters", "labels", self._letter_columns(self._unit_columns()), mapped=("text_color",),
                  style={"text_align": "center", "text_baseline": "middle", "text_font_size": "11px",
                         "text_font_style": "bold"}),
        ]

    def _name_places(self, width: int, height: int) -> dict[Any, tuple[float, float]]:
        """The names' places for a figure shown ``width`` × ``height`` pixels: those the board was drawn
        with, unless it is shown narrower than they were placed for (a phone)."""
        return self.places if width >= LABEL_WIDTH else name_places(height, width)

    def _name_layer(self, name: str, provinces: list[str], sea: bool) -> Layer:
        """The provinces' abbreviations in their regions, where no name overlaps another or a unit's spot
        (sea names in italic blue)."""
        xy = [self.places[p] for p in provinces]
        return Layer(name, "labels", {"x": [x for x, _ in xy], "y": [y for _, y in xy], "id": provinces},
                     style={"text_align": "center", "text_baseline": "middle", "text_font_size": "10px",
                            "text_color": SEA_TEXT if sea else LAND_TEXT,
                            "text_font_style": "italic" if sea else "bold"})

    def _order_layers(self) -> list[Layer]:
        orders = self._order_columns()
        layers: list[Layer] = []
        for group, (alpha, _) in _GROUPS.items():
            layers += arrow_layers(f"{group}-moves", orders[f"{group}-arrows"], alpha=alpha)
            layers += [
                Layer(f"{group}-supports", "segments", orders[f"{group}-supports"], mapped=("line_color",),
                      style={"line_width": 2.5, "line_dash": "dashed", "line_alpha": alpha}),
                Layer(f"{group}-convoys", "segments", orders[f"{group}-convoys"], mapped=("line_color",),
                      style={"line_width": 2.5, "line_dash": "dotted", "line_alpha": alpha}),
                Layer(f"{group}-marks", "points", orders[f"{group}-marks"], mapped=("marker", "size", "line_color"),
                      style={"fill_alpha": 0, "line_width": 2.5, "line_alpha": alpha})]
        layers.append(Layer("fails", "points", orders["fails"],
                            style={"marker": "x", "size": 16, "line_color": FAILED, "line_width": 3.5}))
        return layers

    def _kind_text(self, pid: str) -> str:
        p = self.map.provinces[pid]
        return ({"land": "inland", "coast": "coastal", "sea": "sea"}[p.kind]
                + (" · supply centre" if p.supply_center else "")
                + (f" · {p.home.title()} home" if p.home else "")
                + (f" · coasts {', '.join(p.coasts)}" if p.coasts else ""))

    # --- data ----------------------------------------------------------------------------------
    def _province_columns(self) -> dict[str, list[Any]]:
        """The province columns that follow the session: halos and the tooltip's unit line."""
        s = self.session
        state = s.state
        targets = set(s.targets or ())
        by_convoy = set(getattr(s, "by_convoy", ()) or ())
        selected = province_of(s.selected.split()[-1]) if s.selected and s.selected != "WAIVE" else None
        units = dict(state.position.units) if state is not None else {}
        # a dislodged unit selected for its retreat: the halo rings it, beside the unit that took its province
        moved = selected is not None and state is not None and state.position.phase.kind == "R" and any(
            d.unit.province == selected for d in state.position.dislodged)
        cols: dict[str, list[Any]] = {k: [] for k in ("line_color", "line_alpha", "line_width", "unit_text", "x", "y")}
        for pid in self.ids:
            x, y = point(self.map, pid)
            if moved and pid == selected:
                x, y = x + DISLODGED_SHIFT[0], y + DISLODGED_SHIFT[1]
            cols["x"].append(x)
            cols["y"].append(y)
            halo = ((SELECTED, 1.0, 3.5) if pid == selected else _CONVOY_HALO if pid in by_convoy else
                    _TARGET_HALO if pid in targets else _NO_HALO)
            for key, value in zip(("line_color", "line_alpha", "line_width"), halo):
                cols[key].append(value)
            u = units.get(pid)
            cols["unit_text"].append(f"{u.power.title()}: {'army' if u.kind == 'A' else 'fleet'} {u.location}"
                                     if u else "no unit")
        return cols

    def _region_fills(self) -> list[str]:
        """Each region piece's colour: its province's kind, a supply centre's tinted by its owner."""
        state = self.session.state
        owners = dict(state.position.supply_centers) if state is not None else {}
        kinds = {p: self.map.provinces[p].kind for p in self.ids}
        return [tint(REGION_FILL[kinds[p]], power_colour(owners[p]), OWNER_TINT) if owners.get(p)
                else REGION_FILL[kinds[p]] for p, _ in self.pieces]

    def _centre_columns(self) -> dict[str, list[Any]]:
        state = self.session.state
        owners = dict(state.position.supply_centers) if state is not None else {}
        return {"fill_color": [power_colour(owners[p]) if owners.get(p) else "#ffffff" for p in self.centres],
                "id": list(self.centres)}

    def _unit_columns(self) -> dict[str, list[Any]]:
        """The units' rows, then blank rows up to the layer's length (``UNIT_ROWS`` or more: it never shrinks)."""
        cols = self._unit_rows()
        rows = len(cols["x"])
        length = max(rows, UNIT_ROWS, len(self.units.data["x"]) if hasattr(self, "kit") else 0)
        for k, v in _NO_UNIT.items():
            cols[k].extend([v] * (length - rows))
        return cols

    @staticmethod
    def _letter_columns(units: dict[str, list[Any]]) -> dict[str, list[Any]]:
        """The units' letters: A or F in the power's text colour (blank rows: nothing)."""
        return {"x": units["x"], "y": units["y"], "letter": units["letter"], "text_color": units["text_color"]}

    def _unit_rows(self) -> dict[str, list[Any]]:
        state = self.session.state
        cols: dict[str, list[Any]] = {k: [] for k in _NO_UNIT}
        if state is None:
            return cols
        pos = state.position

        def add(u: Any, dislodged: bool) -> None:
            x, y = point(self.map, u.location)
            if dislodged:
                x, y = x + DISLODGED_SHIFT[0], y + DISLODGED_SHIFT[1]
            row = {"x": x, "y": y, "marker": "circle" if u.kind == "A" else "triangle",
                   "size": UNIT_SIZE - 3 if dislodged else UNIT_SIZE + (3 if u.kind == "F" else 0),
                   "fill_color": power_colour(u.power), "line_color": FAILED if dislodged else "#111111",
                   "line_width": 3.0 if dislodged else 1.2, "letter": u.kind,
                   "unit": f"{u.power} {u}" + (" (dislodged)" if dislodged else ""),
                   "text_color": POWER_TEXT.get(u.power, "#ffffff")}
            for key, value in row.items():
                cols[key].append(value)

        for u in sorted(pos.units.values(), key=lambda u: u.province):
            add(u, False)
        for d in pos.dislodged:
            add(d.unit, True)
        return cols

    def _order_columns(self) -> dict[str, Any]:
        """Each order layer's columns (the arrows as (x0, y0, x1, y1, colour, width) rows)."""
        s = self.session
        state = s.state
        at = lambda loc: point(self.map, loc)  # noqa: E731
        marks = {g: OrderMarks(at, width) for g, (_, width) in _GROUPS.items()}
        if state is not None:
            pos = state.position
            units = dict(pos.units)
            dislodged = {d.unit.province: d.unit for d in pos.dislodged}
            units.update(dislodged)             # a retreat starts from the dislodged unit's spot
            draft = [(s.power, t, None) for t in (s.pending or {}).values()] if s.power else []
            draft += [(pw, t, None) for pw, texts in (getattr(s, "others", None) or {}).items() for t in texts]
            marks["draft"].add_all(draft, units, dislodged)
            last = state.last if self.show_last else None
            if last:
                results = last.get("results", {})
                marks["last"].add_all((row.power, row.text, results.get(row.key)) for row in rows_of(last))
        out: dict[str, Any] = {}
        for g, m in marks.items():
            out.update({f"{g}-arrows": m.arrows, f"{g}-supports": m.supports, f"{g}-convoys": m.convoys,
                        f"{g}-marks": m.marks})
        fails = marks["draft"].fails + marks["last"].fails
        out["fails"] = {"x": [x for x, _ in fails], "y": [y for _, y in fails]}
        return out

    # --- updates -------------------------------------------------------------------------------
    def _on_model(self, *events: Any) -> None:
        self.update()

    def update(self) -> None:
        """Patch the board from the session (now if the document may change, else on its loop)."""
        self.kit.change(self._patch)

    def _patch(self) -> None:
        cols = self._province_columns()
        self.kit.patch("halos", {k: cols[k] for k in ("x", "y", "line_color", "line_alpha", "line_width")})
        self.kit.patch("provinces", {"unit_text": cols["unit_text"]})
        self.kit.patch("centres", self._centre_columns())
        self.kit.patch("regions", {"fill_color": self._region_fills()})
        units = self._unit_columns()            # as long as the layer, or longer (patch then adds rows)
        self.kit.patch("units", {k: units[k] for k in self.kit.layers["units"].columns})
        self.kit.patch("unit-letters", self._letter_columns(units))
        orders = self._order_columns()
        for group in _GROUPS:
            shaft, head = arrow_columns(orders[f"{group}-arrows"])
            self._replace(f"{group}-moves", shaft)
            self._replace(f"{group}-moves-heads", head)
            for part in _ORDER_PARTS:
                self._replace(f"{group}-{part}", orders[f"{group}-{part}"])
        self._replace("fails", orders["fails"])

    def _replace(self, layer: str, columns: dict[str, list[Any]]) -> None:
        """Give an order layer its new rows, only when they differ from the rows drawn."""
        if any(self.kit.column(layer, c) != list(v) for c, v in columns.items()):
            self.kit.replace(layer, columns)

    # --- taps ----------------------------------------------------------------------------------
    def _on_tap(self, x: float, y: float) -> None:
        province = self.nearest(x, y)
        if province is not None:
            self.session.click(province)

    def nearest(self, x: float | None, y: float | None, reach: float = TAP_REACH) -> str | None:
        """The province (centre or coast) drawn within ``reach`` pixels of the data point (x, y), else
        the province whose region holds it, or None (open water, off the map)."""
        spot = nearest_node(self.spots, x, y, self.kit.pixels_per_unit(aspect=MAP_ASPECT), reach)
        if spot is not None:
            return province_of(spot)
        if x is None or y is None:
            return None
        at = ShapelyPoint(x, y)
        return next((p for p, shape in self.shapes.items() if shape.covers(at)), None)

