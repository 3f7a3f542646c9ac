"""The Fronts board: the provinces as a graph at the map's coordinates, drawn in plain Bokeh.

Built once, updated in place (like the Diplomacy board): what the viewer may see comes from the
session's ``obs`` (``observation(player)``) only, so another player's hidden stacks never reach the
browser. What is drawn:

- provinces as discs tinted with their owner's colour (grey: nobody's), named, with their terrain
  (a green ▲ forest, a brown ▲ mountain, a grey ⬢ urban; plains plain) and a city mark (■ city,
  ★ capital); borders as thin lines, rivers as thick blue lines on the border they run along;
- stacks as labels in their owner's colour with the counts ("3 inf 1 art"); a stack seen only
  roughly through the fog shows its size range and unit types ("? 4-6 inf arm");
- the orders being written: moves as arrows along their route, supports dashed, strikes and scouts
  dotted, builds as a ringed cross;
- the last turn's battles as a red burst;
- the selected stack with a black ring, the provinces a click may target with orange rings.

Taps come as Bokeh Tap and DoubleTap events (a quick second tap is a double tap); the board finds
the province under the tap in pixels and calls ``session.click(province)``.
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
from academy.games.fronts.mapdata import FrontsMap
from academy.games.fronts.orders import parse_order
from academy.games.fronts.units import LOSS_ORDER
from academy.ui.board_updates import change_board, figure_size, patch_source

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


def colour(owner: str | None) -> str:
    return PLAYER_COLOURS.get(owner or "neutral", "#444444")


def stack_label(entry: dict[str, Any]) -> str:
    """'3 inf 1 art' for exact counts; '? 4-6 inf arm' for a stack seen roughly through the fog."""
    if "units" in entry:
        return " ".join(f"{entry['units'][k]} {SHORT[k]}" for k in LOSS_ORDER if entry["units"].get(k)) or "empty"
    return f"? {entry['size']} " + " ".join(SHORT.get(k, k) for k in entry.get("types", []))


def map_graph(fmap: FrontsMap) -> nx.Graph:
    """The map as a networkx graph: nodes carry pos, name, terrain, kind; edges carry river."""
    g = nx.Graph()
    for p in fmap.provinces.values():
        g.add_node(p.id, pos=(float(p.at[0]), float(p.at[1])), name=p.name, terrain=p.terrain, kind=p.kind)
    for a, b in fmap.borders:
        g.add_edge(a, b, river=fmap.has_river(a, b))
    return g


def _shorten(x0: float, y0: float, x1: float, y1: float, start: float, end: float) -> tuple[float, ...]:
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    return x0 + ux * start, y0 + uy * start, x1 - ux * end, y1 - uy * end


def _empty(*cols: str) -> dict[str, list[Any]]:
    return {c: [] for c in cols}


class FrontsBoard(pn.viewable.Viewer):
    """The clickable Fronts map for a FrontsSession (see the module docstring)."""

    session = param.Parameter()

    def __init__(self, session: Any, height: int = 640, **params: Any) -> None:
        super().__init__(session=session, **params)
        self._map_id: str | None = None
        self.ids: list[str] = []
        self.provinces = ColumnDataSource(_empty(*self._province_keys()), name="fronts-provinces")
        self.stacks = ColumnDataSource(self._stack_columns(), name="fronts-stacks")
        self.layers = {k: ColumnDataSource(v, name=f"fronts-{k}") for k, v in self._order_columns().items()}
        self.edges = ColumnDataSource(_empty("xs", "ys", "color", "width", "alpha"), name="fronts-borders")
        self.figure = self._build(height)
        self.pane = pn.pane.Bokeh(self.figure, sizing_mode="stretch_width", css_classes=["board", "fronts-board"],
                                  min_height=400, margin=(0, 0))
        session.param.watch(self._on_model, ["obs", "selected", "targets", "pending", "step", "mode"])
        self._patch()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    @property
    def fmap(self) -> FrontsMap | None:
        return self.session.fmap

    # --- building ------------------------------------------------------------------------------
    def _build(self, height: int) -> Any:
        fig = figure(x_range=Range1d(*X_RANGE), y_range=Range1d(*Y_RANGE), height=height,
                     sizing_mode="stretch_width", toolbar_location=None, tools="",
                     background_fill_color=BACKGROUND, border_fill_color=BACKGROUND, outline_line_color=None,
                     min_border=0, name="fronts-board")
        fig.axis.visible = False
        fig.grid.visible = False
        edges = fig.multi_line("xs", "ys", source=self.edges, line_color="color", line_width="width",
                               line_alpha="alpha")
        edges.level = "underlay"
        src = self.provinces
        fig.scatter("x", "y", source=src, size=NODE_SIZE + 16, marker="circle", fill_alpha=0,
                    line_color="halo_color", line_alpha="halo_alpha", line_width="halo_width")
        nodes = fig.scatter("x", "y", source=src, size=NODE_SIZE, marker="circle", fill_color="fill",
                            line_color="line", line_width=2.5)
        fig.scatter("tx", "ty", source=src, size="t_size", marker="t_marker", fill_color="t_color",
                    line_color="#ffffff", line_width=1)
        fig.scatter("cx", "cy", source=src, size="c_size", marker="c_marker", fill_color="c_fill",
                    line_color="#222222", line_width=1.2)
        fig.text("x", "label_y", text="name", source=src, text_align="center", text_baseline="top",
                 text_font_size="12px", text_font_style="bold", text_color="#2b2b2b")
        fig.text("x", "terrain_y", text="terrain_text", source=src, text_align="center", text_baseline="top",
                 text_font_size="10px", text_font_style="italic", text_color=TERRAIN_TEXT)
        self._draw_orders(fig)
        fig.scatter("x", "y", source=self.layers["battles"], marker="asterisk", size=26, line_color=BATTLE,
                    line_width=3.5)
        fig.text("x", "y", text="label", source=self.stacks, text_align="center", text_baseline="middle",
                 text_font_size="12px", text_font_style="bold", text_color="#ffffff",
                 background_fill_color="fill", background_fill_alpha=0.95, border_line_color="#111111",
                 border_line_width=1, padding=3, border_radius=4)
        fig.add_tools(HoverTool(renderers=[nodes], tooltips=(
            '<div style="font-size:13px"><b>@name</b><br>@kind_text<br>@owner_text<br>@stack_text</div>')))
        self.nodes = nodes
        fig.on_event(Tap, self._on_tap)
        fig.on_event(DoubleTap, self._on_tap)
        return fig

    def _draw_orders(self, fig: Any) -> None:
        lay = self.layers
        # under the discs and stack labels (drawn after the borders), so a label is never crossed out
        lines = [fig.multi_line("xs", "ys", source=lay["routes"], line_color="color", line_width=4, line_alpha=0.9),
                 fig.multi_line("xs", "ys", source=lay["supports"], line_color="color", line_width=3,
                                line_dash="dashed"),
                 fig.multi_line("xs", "ys", source=lay["strikes"], line_color="color", line_width=3,
                                line_dash="dotted")]
        for r in lines:
            r.level = "underlay"
        fig.add_layout(Arrow(source=lay["heads"], x_start="x0", y_start="y0", x_end="x1", y_end="y1",
                             line_color="color", line_width=4, line_alpha=0.9, level="underlay",
                             end=VeeHead(size=16, fill_color="color", line_color="color")))
        fig.scatter("x", "y", source=lay["marks"], marker="marker", size=22, fill_alpha=0, line_color="color",
                    line_width=3)

    # --- data ----------------------------------------------------------------------------------
    @staticmethod
    def _province_keys() -> tuple[str, ...]:
        return ("id", "name", "x", "y", "label_y", "terrain_y", "terrain_text", "tx", "ty", "t_size", "t_marker",
                "t_color", "cx", "cy", "c_size", "c_marker", "c_fill", "kind_text", "fill", "line", "owner_text",
                "stack_text", "halo_color", "halo_alpha", "halo_width")

    def _xy(self, province: str) -> tuple[float, float]:
        x, y = self.fmap.provinces[province].at
        return float(x), float(y)

    def _province_columns(self) -> dict[str, list[Any]]:
        s, fmap = self.session, self.fmap
        cols = _empty(*self._province_keys())
        if fmap is None or s.obs is None:
            return cols
        owners = s.obs.get("owners", {})
        stacks = s.obs.get("stacks", {})
        targets = set(s.targets or ())
        for pid in self.ids:
            p = fmap.provinces[pid]
            x, y = self._xy(pid)
            owner = owners.get(pid)
            cols["id"].append(pid)
            cols["name"].append(p.name)
            cols["x"].append(x)
            cols["y"].append(y)
            cols["label_y"].append(y - 0.045)
            cols["terrain_y"].append(y - 0.075)
            cols["terrain_text"].append("" if p.terrain == "plains" else p.terrain)
            marker, tcol = TERRAIN_MARK.get(p.terrain, ("circle", "#8a7a55"))
            cols["tx"].append(x - 0.022)
            cols["ty"].append(y + 0.03)
            cols["t_size"].append(0 if p.terrain == "plains" else 13)
            cols["t_marker"].append(marker)
            cols["t_color"].append(tcol)
            cols["cx"].append(x + 0.022)
            cols["cy"].append(y + 0.03)
            cols["c_size"].append({"capital": 20, "city": 12}.get(p.kind, 0))
            cols["c_marker"].append("star" if p.is_capital else "square")
            cols["c_fill"].append("#FFD54F" if p.is_capital else "#ffffff")
            cols["kind_text"].append(f"{p.terrain} · {p.kind}" + (" · river" if any(
                fmap.has_river(pid, n) for n in fmap.neighbours[pid]) else ""))
            cols["fill"].append(PLAYER_TINTS.get(owner, PLAYER_TINTS[None]))
            cols["line"].append(colour(owner) if owner else "#9E9E9E")
            cols["owner_text"].append(f"held by {s.player_name(owner)}" if owner else "nobody's")
            cols["stack_text"].append("; ".join(f"{s.player_name(e['owner'])}: {stack_label(e)}"
                                                for e in stacks.get(pid, [])) or "no stack seen")
            if pid == s.selected:
                halo = (SELECTED, 1.0, 4.0)
            elif pid in targets:
                halo = (TARGET, 1.0, 3.5)
            else:
                halo = (TARGET, 0.0, 0.0)
            cols["halo_color"].append(halo[0])
            cols["halo_alpha"].append(halo[1])
            cols["halo_width"].append(halo[2])
        return cols

    def _edge_columns(self) -> dict[str, list[Any]]:
        cols = _empty("xs", "ys", "color", "width", "alpha")
        fmap = self.fmap
        if fmap is None:
            return cols
        for a, b in fmap.borders:
            (xa, ya), (xb, yb) = self._xy(a), self._xy(b)
            river = fmap.has_river(a, b)
            cols["xs"].append([xa, xb])
            cols["ys"].append([ya, yb])
            cols["color"].append("#4A90D9" if river else "#A8A29A")
            cols["width"].append(7.0 if river else 2.0)
            cols["alpha"].append(0.75 if river else 0.8)
        return cols

    def _stack_columns(self) -> dict[str, list[Any]]:
        """One label per stack the viewer may see (from the observation only)."""
        s = self.session
        cols = _empty("x", "y", "label", "fill", "owner", "province")
        if self.fmap is None or s.obs is None:
            return cols
        for pid, entries in sorted(s.obs.get("stacks", {}).items()):
            x, y = self._xy(pid)
            for i, e in enumerate(entries):
                cols["x"].append(x)
                cols["y"].append(y - 0.005 + 0.032 * i)
                cols["label"].append(stack_label(e))
                cols["fill"].append(colour(e["owner"]))
                cols["owner"].append(e["owner"])
                cols["province"].append(pid)
        return cols

    def _order_columns(self) -> dict[str, dict[str, list[Any]]]:
        s = self.session
        out = {"routes": _empty("xs", "ys", "color"), "heads": _empty("x0", "y0", "x1", "y1", "color"),
               "supports": _empty("xs", "ys", "color"), "strikes": _empty("xs", "ys", "color"),
               "marks": _empty("x", "y", "marker", "color"), "battles": _empty("x", "y")}
        if self.fmap is None or s.obs is None:
            return out
        c = colour(s.player)
        for text in s.pending or ():
            try:
                o = parse_order(text, self.fmap)
            except RulesError:
                continue
            x0, y0 = self._xy(o.source)
            if o.kind == "move":
                pts = [(x0, y0)] + [self._xy(p) for p in o.path]
                xs, ys = [p[0] for p in pts[:-1]], [p[1] for p in pts[:-1]]
                seg = _shorten(*pts[-2], *pts[-1], 0.0, 0.035)
                out["routes"]["xs"].append(xs + [seg[2]])
                out["routes"]["ys"].append(ys + [seg[3]])
                out["routes"]["color"].append(c)
                for k, v in zip(("x0", "y0", "x1", "y1"), seg):
                    out["heads"][k].append(v)
                out["heads"]["color"].append(c)
            elif o.kind in ("support", "strike", "scout"):
                seg = _shorten(x0, y0, *self._xy(o.target), 0.03, 0.03)
                layer = out["supports" if o.kind == "support" else "strikes"]
                layer["xs"].append([seg[0], seg[2]])
                layer["ys"].append([seg[1], seg[3]])
                layer["color"].append(c)
            elif o.kind in ("build", "hold"):
                out["marks"]["x"].append(x0)
                out["marks"]["y"].append(y0 + (0.06 if o.kind == "build" else 0))
                out["marks"]["marker"].append("circle_cross" if o.kind == "build" else "square")
                out["marks"]["color"].append(c)
        for e in s.obs.get("last", []):
            if e.get("kind") != "battle":
                continue
            d = e.get("data", {})
            border = d.get("border")
            try:
                if border and len(border) == 2:
                    (xa, ya), (xb, yb) = self._xy(border[0]), self._xy(border[1])
                    x, y = (xa + xb) / 2, (ya + yb) / 2
                else:
                    x, y = self._xy(d["province"])
                    x, y = x - 0.035, y + 0.035
            except (KeyError, TypeError):
                continue
            out["battles"]["x"].append(x)
            out["battles"]["y"].append(y)
        return out

    # --- updates -------------------------------------------------------------------------------
    def _on_model(self, *events: Any) -> None:
        self.update()

    def update(self) -> None:
        """Patch the board from the session (now if the document may change, else on its loop)."""
        change_board(self.provinces.document, self.pane, self._patch)

    def _patch(self) -> None:
        fmap = self.fmap
        map_id = fmap.id if fmap is not None else None
        if map_id != self._map_id:      # a new map: replace everything
            self._map_id = map_id
            self.ids = sorted(fmap.provinces) if fmap is not None else []
            self.edges.data = self._edge_columns()
            self.provinces.data = self._province_columns()
        else:
            new = self._province_columns()
            if len(new["id"]) == len(self.provinces.data["id"]):
                patch_source(self.provinces, new)
            else:
                self.provinces.data = new
        stacks = self._stack_columns()
        if stacks != dict(self.stacks.data):
            self.stacks.data = stacks
        for name, cols in self._order_columns().items():
            if cols != dict(self.layers[name].data):
                self.layers[name].data = cols

    # --- taps ----------------------------------------------------------------------------------
    def _on_tap(self, event: Any) -> None:
        province = self.nearest(event.x, event.y)
        if province is not None:
            self.session.click(province)

    def nearest(self, x: float | None, y: float | None, reach: float = TAP_REACH) -> str | None:
        """The province drawn within ``reach`` pixels of the data point (x, y), or None."""
        if x is None or y is None or self.fmap is None:
            return None
        height = figure_size(self.figure, "inner_height") or self.figure.height or 640
        width = figure_size(self.figure, "inner_width") or 1.4 * height
        px = width / (X_RANGE[1] - X_RANGE[0])
        py = height / (Y_RANGE[1] - Y_RANGE[0])
        best, best_d = None, float(reach)
        for pid in self.ids:
            tx, ty = self._xy(pid)
            d = math.hypot((x - tx) * px, (y - ty) * py)
            if d <= best_d:
                best, best_d = pid, d
        return best
