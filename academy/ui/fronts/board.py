"""The Fronts board: the provinces as a networkx graph at the map's coordinates, drawn by HoloViews.

Composed from the board kit (academy/ui/board_kit) and built once; a change patches only the cells
that changed (a new map, e.g. the next lesson's, replaces every layer's rows). What the viewer may
see comes from the session's ``obs`` (``observation(player)``) only, so another player's hidden
stacks never reach the browser. The layers, bottom to top:

- borders as thin lines, rivers as thick blue lines on the border they run along (``edges-border``,
  ``edges-river``);
- the orders being written: moves as arrows along their route (``routes`` for the legs before the
  last, ``moves``/``moves-heads`` for the arrow), supports dashed, strikes and scouts dotted;
- the provinces (``provinces``) as discs tinted with their owner's colour (grey: nobody's) with a
  tooltip, under a ring (``halos``: black for the selected stack, orange for the provinces a click
  may target); their terrain (``terrain``: a green ▲ forest, a brown ▲ mountain, a grey ⬢ urban;
  plains plain), their city mark (``cities``: ■ city, ★ capital), their names and terrain words;
- builds as a ringed cross and holds as a square (``marks``), the last turn's battles as a red burst;
- stacks (``stacks``) as labels in their owner's colour with the counts ("3 inf 1 art"); a stack seen
  only roughly through the fog shows its size range and unit types ("? 4-6 inf arm").

Each layer's Bokeh source is named ``fronts-<layer>`` (the browser tests read ``fronts-stacks``,
``fronts-halos`` and ``fronts-moves``). Taps and quick second taps come from the kit; the board finds
the province under the tap in pixels and calls ``session.click(province)``. In a notebook,
``FrontsBoard(session).element`` is the board as a HoloViews overlay.
"""
from __future__ import annotations

import math
from typing import Any

import holoviews as hv
import networkx as nx
import panel as pn
import param

from academy.core.errors import RulesError
from academy.games.fronts.mapdata import FrontsMap
from academy.games.fronts.orders import parse_order
from academy.games.fronts.units import LOSS_ORDER
from academy.ui.board_kit.arrows import arrow_columns, arrow_layers
from academy.ui.board_kit.board import Board
from academy.ui.board_kit.coach import coach_layers
from academy.ui.board_kit.graph import edge_layers, nearest_node, positions
from academy.ui.board_kit.layer import Layer

__all__ = ["FrontsBoard", "map_graph", "stack_label", "PLAYER_COLOURS", "X_RANGE", "Y_RANGE"]

X_RANGE, Y_RANGE = (-0.06, 1.06), (-0.05, 1.05)
TAP_REACH = 30        # pixels from a province's centre that still count as a tap on it
NODE_SIZE = 46
PLAYER_COLOURS = {"red": "#C62828", "blue": "#1F4FA8", "green": "#2E7D32", "gold": "#B8860B", "neutral": "#6B6B6B"}
PLAYER_TINTS = {"red": "#F6D4D0", "blue": "#D3DEF3", "green": "#D4EAD3", "gold": "#F3E6BE", None: "#ECECEC"}
TERRAIN_MARK = {"forest": ("triangle", "#2E7D32"), "mountain": ("triangle", "#7A5230"), "urban": ("hex", "#616161")}
SHORT = {"infantry": "inf", "artillery": "art", "armor": "arm", "air": "air"}
BACKGROUND = "#F7F5EF"
# One colour for every terrain word (its marker carries the terrain's colour): BokehJS's Text glyph reads a
# per-row text colour for its old rows when its source shrinks (a lesson on a smaller map), and throws
# "Offset is outside the bounds of the DataView" in the browser; a single colour has no rows to overrun.
TERRAIN_TEXT = "#5B5247"
SELECTED, TARGET, BATTLE = "#111111", "#E08A00", "#D00000"
EDGE_STYLES = {"border": {"line_color": "#A8A29A", "line_width": 2.0, "line_alpha": 0.8},
               "river": {"line_color": "#4A90D9", "line_width": 7.0, "line_alpha": 0.75}}
MOVE_WIDTH = 4.0
HEAD_SIZE = 8 + 2.5 * MOVE_WIDTH     # the kit's arrow head for a shaft of that width (arrows.arrow_columns)
# screen pixels from a province's centre to the centre of an arrow head pointing at it: the head's tip (0.58
# of its size ahead of its centre, Bokeh's triangle) just touches the disc's edge
HEAD_OFF = NODE_SIZE / 2 + 0.58 * HEAD_SIZE - 2

# the columns of each layer that follow the state (the rest follow the map)
_PROVINCE_LIVE = ("fill_color", "line_color", "owner_text", "stack_text")
_HALO_LIVE = ("line_color", "line_alpha", "line_width")
SUPPORT_DASH = "12 6"        # the key's "dashed": artillery support
STRIKE_DASH = "2 5"          # the key's "dotted": an air strike or a scout
_ORDER_LAYERS = ("routes", "supports", "strikes", "moves", "moves-heads", "marks", "battles")
_HOVER = '<div style="font-size:13px"><b>@name</b><br>@kind_text<br>@owner_text<br>@stack_text</div>'


def colour(owner: str | None) -> str:
    return PLAYER_COLOURS.get(owner or "neutral", "#444444")


def stack_label(entry: dict[str, Any]) -> str:
    """'3 inf 1 art' for exact counts; '? 4-6 inf arm' for a stack seen roughly through the fog."""
    if "units" in entry:
        return " ".join(f"{entry['units'][k]} {SHORT[k]}" for k in LOSS_ORDER if entry["units"].get(k)) or "empty"
    return f"? {entry['size']} " + " ".join(SHORT.get(k, k) for k in entry.get("types", []))


#: the mark after the label of a stack out of supply (the legend says what it means)
OUT_OF_SUPPLY_MARK = "⚠"


def _cut_off(obs: dict[str, Any]) -> dict[tuple[str, str], int]:
    """(province, owner) -> turns out of supply, for the viewer's team's stacks out of supply."""
    return {(e["province"], e["owner"]): int(e["turns"]) for e in obs.get("out_of_supply") or []}


def _supply_words(turns: int | None) -> str:
    if turns is None:
        return ""
    so_far = f", {turns} turn{'s' if turns != 1 else ''} so far" if turns else ""
    return f" (out of supply{so_far}: half strength in battle)"


def map_graph(fmap: FrontsMap | None) -> nx.Graph:
    """The map as a networkx graph: nodes carry pos, name, terrain, kind; edges carry river and kind
    ("river" or "border"). No map: an empty graph."""
    g = nx.Graph()
    if fmap is None:
        return g
    for p in fmap.provinces.values():
        g.add_node(p.id, pos=(float(p.at[0]), float(p.at[1])), name=p.name, terrain=p.terrain, kind=p.kind)
    for a, b in fmap.borders:
        river = fmap.has_river(a, b)
        g.add_edge(a, b, river=river, kind="river" if river else "border")
    return g


def _shorten(x0: float, y0: float, x1: float, y1: float, start: float, end: float) -> tuple[float, ...]:
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    return x0 + ux * start, y0 + uy * start, x1 - ux * end, y1 - uy * end


def _stop_short(a: tuple[float, float], b: tuple[float, float], pixels: float,
                scale: tuple[float, float]) -> tuple[float, float, float, float]:
    """The segment from a towards b ending ``pixels`` screen pixels before b (``scale``: pixels per unit)."""
    (x0, y0), (x1, y1), (px, py) = a, b, scale
    d = math.hypot((x1 - x0) * px, (y1 - y0) * py) or 1.0
    return x0, y0, x1 - (x1 - x0) * pixels / d, y1 - (y1 - y0) * pixels / d


def _empty(*cols: str) -> dict[str, list[Any]]:
    return {c: [] for c in cols}


def _segments() -> dict[str, list[Any]]:
    return _empty("x0", "y0", "x1", "y1", "line_color")


class FrontsBoard(pn.viewable.Viewer):
    """The clickable Fronts map for a FrontsSession (see the module docstring)."""

    session = param.Parameter()

    def __init__(self, session: Any, height: int = 640, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.kit: Board | None = None
        self._height = height
        self._use_map(session.fmap)
        layers = [*self._layers(), *coach_layers(session)]
        self.kit = Board("fronts-board", layers, x_range=X_RANGE, y_range=Y_RANGE, height=height,
                         background=BACKGROUND, source_names={la.name: f"fronts-{la.name}" for la in layers},
                         css_classes=("board", "fronts-board"), pane={"min_height": 400})
        self.figure, self.pane = self.kit.figure, self.kit.pane
        self.kit.renderers["stacks"].glyph.padding = 3          # a Bokeh text property HoloViews has no option for
        self.kit.on_tap(self._on_tap)
        self.kit.on_shape(self._on_shape)      # the arrow heads turn with the board's shape
        # the models it draws (play, lessons, replay, editor) need not have every mark: watch what they have
        watched = ["obs", "selected", "targets", "pending", "step", "mode"]
        session.param.watch(self._on_model, [name for name in watched if name in session.param])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    @property
    def element(self) -> hv.Overlay:
        """The board as it stands, a HoloViews overlay (to add to and save in a notebook)."""
        return self.kit.element

    @property
    def fmap(self) -> FrontsMap | None:
        return self.session.fmap

    def _use_map(self, fmap: FrontsMap | None) -> None:
        self._map_id = fmap.id if fmap is not None else None
        self.graph = map_graph(fmap)
        self.ids = sorted(self.graph.nodes)
        self.pos = positions(self.graph)

    # --- building ------------------------------------------------------------------------------
    def _layers(self) -> list[Layer]:
        static, live, orders = self._map_columns(), self._live_columns(), self._order_columns()
        segments = ("line_color",)
        moves, heads = arrow_layers("moves", [], alpha=0.9)
        return [
            *edge_layers("edges", self.graph, EDGE_STYLES),
            Layer("routes", "segments", orders["routes"], mapped=segments,
                  style={"line_width": MOVE_WIDTH, "line_alpha": 0.9, "line_cap": "round"}),
            # long dashes against dots: Bokeh's own "dashed" (6 px) read as dotted on a small board (a newcomer's walk)
            Layer("supports", "segments", orders["supports"], mapped=segments,
                  style={"line_width": 3, "line_dash": SUPPORT_DASH}),
            Layer("strikes", "segments", orders["strikes"], mapped=segments,
                  style={"line_width": 3, "line_dash": STRIKE_DASH}),
            moves.with_columns(orders["moves"]), heads.with_columns(orders["moves-heads"]),
            Layer("halos", "points", {**static["halos"], **live["halos"]}, mapped=_HALO_LIVE,
                  style={"size": NODE_SIZE + 16, "fill_alpha": 0}),
            Layer("provinces", "points", {**static["provinces"], **live["provinces"]},
                  mapped=("fill_color", "line_color"), style={"size": NODE_SIZE, "line_width": 2.5}, hover=_HOVER),
            Layer("terrain", "points", static["terrain"], mapped=("marker", "size", "fill_color"),
                  style={"line_color": "#ffffff", "line_width": 1}),
            Layer("cities", "points", static["cities"], mapped=("marker", "size", "fill_color"),
                  style={"line_color": "#222222", "line_width": 1.2}),
            Layer("names", "labels", static["names"],
                  style={"text_align": "center", "text_baseline": "top", "text_font_size": "12px",
                         "text_font_style": "bold", "text_color": "#2b2b2b"}),
            Layer("terrain-words", "labels", static["terrain-words"],
                  style={"text_align": "center", "text_baseline": "top", "text_font_size": "10px",
                         "text_font_style": "italic", "text_color": TERRAIN_TEXT}),
            Layer("marks", "points", orders["marks"], mapped=("marker", "line_color"),
                  style={"size": 22, "fill_alpha": 0, "line_width": 3}),
            Layer("battles", "points", orders["battles"],
                  style={"marker": "asterisk", "size": 26, "line_color": BATTLE, "line_width": 3.5}),
            Layer("stacks", "labels", self._stack_columns(), mapped=("background_fill_color",),
                  style={"text_align": "center", "text_baseline": "middle", "text_font_size": "12px",
                         "text_font_style": "bold", "text_color": "#ffffff", "background_fill_alpha": 0.95,
                         "border_line_color": "#111111", "border_line_width": 1, "border_radius": 4}),
        ]

    # --- data ----------------------------------------------------------------------------------
    def _map_columns(self) -> dict[str, dict[str, list[Any]]]:
        """The columns that follow the map only, per layer."""
        fmap = self.fmap
        out = {"halos": _empty("x", "y", "id"),
               "provinces": _empty("x", "y", "id", "name", "kind_text"),
               "terrain": _empty("x", "y", "marker", "size", "fill_color"),
               "cities": _empty("x", "y", "marker", "size", "fill_color"),
               "names": _empty("x", "y", "name"), "terrain-words": _empty("x", "y", "terrain_text")}
        for pid in self.ids:
            p = fmap.provinces[pid]
            x, y = self.pos[pid]
            for layer in ("halos", "provinces"):
                out[layer]["x"].append(x)
                out[layer]["y"].append(y)
                out[layer]["id"].append(pid)
            out["provinces"]["name"].append(p.name)
            out["provinces"]["kind_text"].append(f"{p.terrain} · {p.kind}" + (" · river" if any(
                fmap.has_river(pid, n) for n in fmap.neighbours[pid]) else ""))
            marker, tcol = TERRAIN_MARK.get(p.terrain, ("circle", "#8a7a55"))
            for key, value in (("x", x - 0.022), ("y", y + 0.03), ("marker", marker),
                               ("size", 0 if p.terrain == "plains" else 13), ("fill_color", tcol)):
                out["terrain"][key].append(value)
            for key, value in (("x", x + 0.022), ("y", y + 0.03), ("marker", "star" if p.is_capital else "square"),
                               ("size", {"capital": 20, "city": 12}.get(p.kind, 0)),
                               ("fill_color", "#FFD54F" if p.is_capital else "#ffffff")):
                out["cities"][key].append(value)
            for key, value in (("x", x), ("y", y - 0.045), ("name", p.name)):
                out["names"][key].append(value)
            word = "" if p.terrain == "plains" else p.terrain
            for key, value in (("x", x), ("y", y - 0.075), ("terrain_text", word)):
                out["terrain-words"][key].append(value)
        return out

    def _live_columns(self) -> dict[str, dict[str, list[Any]]]:
        """The province and halo columns that follow the observation and the selection."""
        s = self.session
        out = {"provinces": _empty(*_PROVINCE_LIVE), "halos": _empty(*_HALO_LIVE)}
        obs = s.obs or {}
        owners, stacks = obs.get("owners", {}), obs.get("stacks", {})
        cut = _cut_off(obs)
        targets = set(s.targets or ())
        for pid in self.ids:
            owner = owners.get(pid)
            prov = out["provinces"]
            prov["fill_color"].append(PLAYER_TINTS.get(owner, PLAYER_TINTS[None]))
            prov["line_color"].append(colour(owner) if owner else "#9E9E9E")
            prov["owner_text"].append(f"held by {s.player_name(owner)}" if owner else "nobody's")
            prov["stack_text"].append("; ".join(f"{s.player_name(e['owner'])}: {stack_label(e)}"
                                                f"{_supply_words(cut.get((pid, e['owner'])))}"
                                                for e in stacks.get(pid, [])) or "no stack seen")
            if pid == s.selected:
                halo = (SELECTED, 1.0, 4.0)
            elif pid in targets:
                halo = (TARGET, 1.0, 3.5)
            else:
                halo = (TARGET, 0.0, 0.0)
            for key, value in zip(_HALO_LIVE, halo):
                out["halos"][key].append(value)
        return out

    def _stack_columns(self) -> dict[str, list[Any]]:
        """One label per stack the viewer may see (from the observation only)."""
        s = self.session
        cols = _empty("x", "y", "label", "background_fill_color", "owner", "province")
        if self.fmap is None or s.obs is None:
            return cols
        cut = _cut_off(s.obs)
        for pid, entries in sorted(s.obs.get("stacks", {}).items()):
            x, y = self.pos[pid]
            for i, e in enumerate(entries):
                cols["x"].append(x)
                cols["y"].append(y - 0.005 + 0.032 * i)
                cols["label"].append(stack_label(e) + (f" {OUT_OF_SUPPLY_MARK}" if (pid, e["owner"]) in cut else ""))
                cols["background_fill_color"].append(colour(e["owner"]))
                cols["owner"].append(e["owner"])
                cols["province"].append(pid)
        return cols

    def order_colours(self, orders: list[str]) -> list[str]:
        """The colour each order is drawn in: the viewer's (a replay draws each in its owner's)."""
        return [colour(self.session.player)] * len(orders)

    def _order_columns(self) -> dict[str, dict[str, list[Any]]]:
        """The rows of the order layers: one per order drawn (a move: its legs and its arrow), and the
        last turn's battles."""
        s = self.session
        out = {"routes": _segments(), "supports": _segments(), "strikes": _segments(),
               "marks": _empty("x", "y", "marker", "line_color"), "battles": _empty("x", "y")}
        arrows: list[tuple[float, float, float, float, str, float]] = []
        scale = self._scale()
        pending = list(s.pending or ()) if self.fmap is not None and s.obs is not None else []
        for text, c in zip(pending, self.order_colours(pending)):
            try:
                o = parse_order(text, self.fmap)
            except RulesError:
                continue
            x0, y0 = self.pos[o.source]
            if o.kind == "move":
                pts = [(x0, y0)] + [self.pos[p] for p in o.path]
                for (xa, ya), (xb, yb) in zip(pts[:-2], pts[1:-1]):
                    self._segment(out["routes"], (xa, ya, xb, yb), c)
                arrows.append((*_stop_short(pts[-2], pts[-1], HEAD_OFF, scale), c, MOVE_WIDTH))
            elif o.kind in ("support", "strike", "scout"):
                seg = _shorten(x0, y0, *self.pos[o.target], 0.03, 0.03)
                self._segment(out["supports" if o.kind == "support" else "strikes"], seg, c)
            elif o.kind in ("build", "hold"):
                out["marks"]["x"].append(x0)
                out["marks"]["y"].append(y0 + (0.06 if o.kind == "build" else 0))
                out["marks"]["marker"].append("circle_cross" if o.kind == "build" else "square")
                out["marks"]["line_color"].append(c)
        out["moves"], out["moves-heads"] = arrow_columns(arrows, scale=scale)
        for x, y in self._battles():
            out["battles"]["x"].append(x)
            out["battles"]["y"].append(y)
        return out

    @staticmethod
    def _segment(cols: dict[str, list[Any]], seg: tuple[float, ...], c: str) -> None:
        for key, value in zip(("x0", "y0", "x1", "y1"), seg):
            cols[key].append(value)
        cols["line_color"].append(c)

    def _battles(self) -> list[tuple[float, float]]:
        """Where the last turn's battles are drawn: on the border fought over, or by the province."""
        out = []
        obs = self.session.obs or {}
        for e in obs.get("last", []) if self.fmap is not None else []:
            if e.get("kind") != "battle":
                continue
            d = e.get("data", {})
            border = d.get("border")
            try:
                if border and len(border) == 2:
                    (xa, ya), (xb, yb) = self.pos[border[0]], self.pos[border[1]]
                    out.append(((xa + xb) / 2, (ya + yb) / 2))
                else:
                    x, y = self.pos[d["province"]]
                    out.append((x - 0.035, y + 0.035))
            except (KeyError, TypeError):
                continue
        return out

    # --- updates -------------------------------------------------------------------------------
    def _on_model(self, *events: Any) -> None:
        self.update()

    def _on_shape(self, _width: int, _height: int) -> None:
        self.update()

    def _scale(self) -> tuple[float, float]:
        """Screen pixels per data unit along x and y (an estimate until the browser reports a size)."""
        if self.kit is None:        # drawing the first time
            return 1.4 * self._height / (X_RANGE[1] - X_RANGE[0]), self._height / (Y_RANGE[1] - Y_RANGE[0])
        return self.kit.pixels_per_unit(aspect=1.4)

    def update(self) -> None:
        """Patch the board from the session (now if the document may change, else on its loop)."""
        self.kit.change(self._patch)

    def _patch(self) -> None:
        fmap = self.fmap
        if (fmap.id if fmap is not None else None) != self._map_id:      # a new map: new rows everywhere
            self._use_map(fmap)
            static, live = self._map_columns(), self._live_columns()
            for layer in edge_layers("edges", self.graph, EDGE_STYLES):
                self.kit.replace(layer.name, layer.columns)
            for name, cols in static.items():
                self.kit.replace(name, {**cols, **live.get(name, {})})
        else:
            for name, cols in self._live_columns().items():
                self.kit.patch(name, cols)
        self.kit.patch("stacks", self._stack_columns())
        for name, cols in self._order_columns().items():
            self.kit.patch(name, cols)

    # --- taps ----------------------------------------------------------------------------------
    def _on_tap(self, x: float, y: float) -> None:
        province = self.nearest(x, y)
        if province is not None:
            self.session.click(province)

    def nearest(self, x: float | None, y: float | None, reach: float = TAP_REACH) -> str | None:
        """The province drawn within ``reach`` pixels of the data point (x, y), or None.

        Pixels come from the figure's inner size as the browser reports it (an estimate before that)."""
        return nearest_node(self.pos, x, y, self._scale(), reach)
