"""The Tactics board: the map's tile grid in plain Bokeh, built once and updated in place.

Everything drawn comes from the session's observation (``session.obs``), never the full state, so
fog of war holds in the browser too: the terrain (a colour per kind, a small sign for forest,
mountain, river and reef), the properties (a frame in the owner's colour, grey when neutral, and
their kind: HQ, F factory, A airport, P port, C city; capture points left when a capture is under
way), the units the viewer sees (a token in the owner's colour with a short type code, the displayed
HP in the corner, ⚠ when fuel or ammo runs low, faded once it has acted), and the tiles the viewer
does not see shaded. On top: the selected unit, where it may go (blue), the tile it moves to, the
enemies it may attack (red rings; the aimed one thicker) and the factory picked for a build.

Data coordinates are the map's tiles: x the column (A = 0), y the row (row 1 = 0, at the top). A tap
(or a quick second tap, a Bokeh double tap) calls ``session.click((x, y))``.
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param
from bokeh.events import DoubleTap, Tap
from bokeh.models import Arrow, ColumnDataSource, FixedTicker, HoverTool, Range1d, VeeHead
from bokeh.plotting import figure

from academy.games.tactics.board import parse_tile, tile_name
from academy.games.tactics.game import DEFAULT_MAP
from academy.games.tactics.mapdata import load_map
from academy.games.tactics.terrain import TERRAIN, defence_stars
from academy.games.tactics.units import UNITS
from academy.ui.board_updates import change_board

__all__ = ["TacticsBoard", "ARMY_COLOURS", "NEUTRAL", "UNIT_CODES", "BOARD_NAME", "army_colour"]

BOARD_NAME = "tactics-board"
ARMY_COLOURS = {"red": "#c0392b", "blue": "#2f6fb3", "green": "#2e8b57", "yellow": "#c9a400"}
NEUTRAL = "#8a8f98"
TERRAIN_FILL = {"plains": "#dcebb4", "road": "#d9d3c3", "bridge": "#bfae8c", "forest": "#8cbf72",
                "mountain": "#b79b78", "river": "#8fc6ea", "sea": "#5c95cf", "shoal": "#eee2a8",
                "reef": "#7eaec0", "city": "#e9e5dc", "factory": "#e9e5dc", "hq": "#e9e5dc",
                "airport": "#e9e5dc", "port": "#e9e5dc"}
TERRAIN_SIGN = {"forest": "♣", "mountain": "▲", "river": "≈", "reef": "✶", "bridge": "═"}
PROPERTY_CODE = {"hq": "HQ", "factory": "F", "airport": "A", "port": "P", "city": "C"}
UNIT_CODES = {"infantry": "Inf", "mech": "Mech", "recon": "Rec", "apc": "APC", "anti_air": "AA", "tank": "Tank",
              "heavy_tank": "HvT", "artillery": "Art", "rockets": "Rkt", "missiles": "Msl",
              "transport_copter": "TCop", "attack_copter": "ACop", "fighter": "Ftr", "bomber": "Bmb",
              "lander": "Lndr", "gunboat": "Gunb", "cruiser": "Crsr", "battleship": "Bshp"}
SELECTED, DESTINATION, MOVE_TO, TARGET = "#f2b705", "#3d7be0", "#14866d", "#d7263d"
BUILD, THREAT = "#e07b00", "#e8590c"
MAX_BOARD_PX = 860


def army_colour(players: tuple[str, ...] | list[str], owner: int | None) -> str:
    """The colour of player ``owner`` (an index into the map's armies); grey for neutral."""
    if owner is None or not 0 <= owner < len(players):
        return NEUTRAL
    return ARMY_COLOURS.get(players[owner], NEUTRAL)


def _empty(*cols: str) -> dict[str, list[Any]]:
    return {c: [] for c in cols}


class TacticsBoard(pn.viewable.Viewer):
    """The clickable Tactics board for a TacticsSession (see the module docstring)."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.map = self._map()
        self.tiles = ColumnDataSource(self._tile_columns(), name="tactics-tiles")
        self.units = ColumnDataSource(self._unit_columns(), name="tactics-units")
        self.marks = {name: ColumnDataSource(cols, name=f"tactics-{name}")
                      for name, cols in self._mark_columns().items()}
        self.figure = self._build()
        self.pane = pn.pane.Bokeh(self.figure, css_classes=["board", "tactics-board"], margin=(0, 0))
        session.param.watch(self._on_model, ["obs", "selected", "destination", "target", "destinations", "targets",
                                             "build_at", "trail", "threats"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    # --- building ------------------------------------------------------------------------------
    def _map(self) -> Any:
        state = self.session.state
        return state.game.map if state is not None else load_map(DEFAULT_MAP)

    @property
    def cell(self) -> int:
        """Pixels per tile: as large as fits the board's width, at most 60."""
        return max(30, min(60, MAX_BOARD_PX // self.map.width))

    def _build(self) -> Any:
        fig = figure(x_range=Range1d(), y_range=Range1d(), toolbar_location=None, tools="",
                     background_fill_color="#ffffff", border_fill_color="#ffffff", outline_line_color="#555555",
                     min_border=4, name=BOARD_NAME)
        fig.grid.visible = False
        for axis in (fig.xaxis, fig.yaxis):
            axis.major_tick_line_color = None
            axis.minor_tick_line_color = None
            axis.axis_line_color = None
            axis.major_label_text_font_size = "12px"
            axis.major_label_text_color = "#555555"
        small, unit, sign = self._fonts()
        fig.rect("x", "y", width=1, height=1, source=self.tiles, fill_color="fill", line_color="#9aa08c",
                         line_width=0.6)
        texts = {"sign": [fig.text("sx", "sy", text="sign", source=self.tiles, text_align="center",
                                   text_baseline="middle", text_font_size=sign, text_color="#3d4a35",
                                   text_alpha=0.55)]}
        fig.rect("x", "y", width=0.86, height=0.86, source=self.tiles, fill_alpha=0, line_color="owner_colour",
                 line_width="owner_width")
        texts["small"] = [
            fig.text("px", "py", text="code", source=self.tiles, text_align="left", text_baseline="top",
                     text_font_size=small, text_font_style="bold", text_color="owner_colour"),
            fig.text("cx", "cy", text="capture", source=self.tiles, text_align="right", text_baseline="top",
                     text_font_size=small, text_font_style="bold", text_color="#8b1a1a")]
        threats = fig.rect("x", "y", width=1, height=1, source=self.marks["threats"], fill_color=THREAT,
                           fill_alpha=0.16, line_color=THREAT, line_alpha=0.45, line_dash="dotted")
        fig.rect("x", "y", width=1, height=1, source=self.marks["destinations"], fill_color=DESTINATION,
                 fill_alpha=0.3, line_color=DESTINATION, line_alpha=0.6)
        fig.rect("x", "y", width=0.96, height=0.96, source=self.marks["selected"], fill_color=SELECTED,
                 fill_alpha=0.45, line_color="#a07800", line_width=3)
        fig.rect("x", "y", width=0.94, height=0.94, source=self.marks["destination"], fill_alpha=0,
                 line_color=MOVE_TO, line_width=4, line_dash="dashed")
        fig.rect("x", "y", width=0.94, height=0.94, source=self.marks["build"], fill_alpha=0, line_color=BUILD,
                 line_width=4)
        fig.rect("x", "y", width=1, height=1, source=self.tiles, fill_color="#1d2430", fill_alpha="fog",
                 line_alpha=0)
        units = fig.rect("x", "uy", width=0.74, height=0.5, source=self.units, fill_color="fill",
                         fill_alpha="alpha", line_color="#111111", line_width=1.2)
        texts["unit"] = [
            fig.text("x", "uy", text="code", source=self.units, text_align="center", text_baseline="middle",
                     text_font_size=unit, text_font_style="bold", text_color="#ffffff"),
            fig.text("hx", "hy", text="hp", source=self.units, text_align="right", text_baseline="bottom",
                     text_font_size=unit, text_font_style="bold", text_color="#111111"),
            fig.text("wx", "hy", text="warn", source=self.units, text_align="left", text_baseline="bottom",
                     text_font_size=unit, text_color="#b35c00")]
        self.texts = texts
        self._frame(fig)
        fig.add_layout(Arrow(source=self.marks["trail"], x_start="x0", y_start="y0", x_end="x1", y_end="y1",
                             line_color="color", line_width=3, line_alpha=0.8, line_dash=[8, 5],
                             end=VeeHead(size=16, fill_color="color", line_color="color", fill_alpha=0.9)))
        fig.scatter("x", "y", source=self.marks["targets"], marker="circle", size="size", fill_alpha=0,
                    line_color=TARGET, line_width="width")
        fig.add_tools(HoverTool(renderers=[threats], tooltips=(
            '<div style="font-size:13px"><b>@tile</b> in reach of @by</div>')))
        fig.add_tools(HoverTool(renderers=[units], tooltips=(
            '<div style="font-size:13px"><b>@name</b> (@army) on @tile, @terrain<br>@hp HP · fuel @fuel · '
            'ammo @ammo<br>@note</div>')))
        self.unit_glyphs = units
        fig.on_event(Tap, self._on_tap)
        fig.on_event(DoubleTap, self._on_tap)
        return fig

    def _frame(self, fig: Any) -> None:
        """Fit the figure, its ranges, its axis labels and its text sizes to the map.

        Text sizes are one value per glyph, never a data column: BokehJS may lay out a text glyph with its
        labels from one data update and its visuals from the next while a source changes length (a lesson
        with fewer units opened after another), and a per-row size then reads past the end of the new
        column: "Could not resolve 'bold undefined helvetica' as a font", an uncaught error in the page.
        """
        w, h, cell = self.map.width, self.map.height, self.cell
        fig.x_range.update(start=-0.5, end=w - 0.5)
        fig.y_range.update(start=h - 0.5, end=-0.5)
        fig.width, fig.height = w * cell + 40, h * cell + 36
        fig.xaxis.ticker = FixedTicker(ticks=list(range(w)))
        fig.xaxis.major_label_overrides = {i: chr(ord("A") + i) for i in range(w)}
        fig.yaxis.ticker = FixedTicker(ticks=list(range(h)))
        fig.yaxis.major_label_overrides = {i: str(i + 1) for i in range(h)}
        for size, role in zip(self._fonts(), ("small", "unit", "sign")):
            for text in self.texts[role]:
                text.glyph.text_font_size = size

    # --- data ----------------------------------------------------------------------------------
    def _fonts(self) -> tuple[str, str, str]:
        cell = self.cell
        return f"{max(9, cell // 5)}px", f"{max(9, cell // 4)}px", f"{max(12, cell // 2)}px"

    def _tile_columns(self) -> dict[str, list[Any]]:
        tmap = self.map
        obs = self.session.obs or {}
        owners = obs.get("owners", {}) if obs else {t: tmap.players.index(o) if o else None
                                                      for t, o in ((tile_name(p), o) for p, o in tmap.owners.items())}
        capture = obs.get("capture", {})
        seen = set(obs["seen"]) if obs.get("seen") is not None else None
        cols = _empty("x", "y", "tile", "fill", "terrain_name", "stars", "sign", "sx", "sy", "owner_colour",
                      "owner_width", "owner_name", "code", "px", "py", "capture", "cx", "cy", "fog")
        for y in range(tmap.height):
            for x in range(tmap.width):
                terrain = tmap.grid[y][x]
                tile = tile_name((x, y))
                is_prop = tile in owners
                owner = owners.get(tile)
                cols["x"].append(x)
                cols["y"].append(y)
                cols["tile"].append(tile)
                cols["fill"].append(TERRAIN_FILL.get(terrain, "#dddddd"))
                cols["terrain_name"].append(TERRAIN[terrain].name)
                cols["stars"].append(TERRAIN[terrain].stars)
                cols["sign"].append(TERRAIN_SIGN.get(terrain, ""))
                cols["sx"].append(x + 0.28)
                cols["sy"].append(y - 0.27)
                cols["owner_colour"].append(army_colour(tmap.players, owner) if is_prop else "rgba(0,0,0,0)")
                cols["owner_width"].append(4 if is_prop else 0)
                cols["owner_name"].append(("neutral" if owner is None else
                                           f"owned by {tmap.players[owner].capitalize()}") if is_prop else "")
                cols["code"].append(PROPERTY_CODE.get(terrain, "") if is_prop else "")
                cols["px"].append(x - 0.38)
                cols["py"].append(y - 0.4)
                cols["capture"].append(str(capture[tile]) if tile in capture else "")
                cols["cx"].append(x + 0.4)
                cols["cy"].append(y - 0.4)
                cols["fog"].append(0.38 if seen is not None and tile not in seen else 0.0)
        return cols

    def _unit_columns(self) -> dict[str, list[Any]]:
        cols = _empty("x", "uy", "hx", "hy", "wx", "tile", "terrain", "name", "army", "code", "hp", "warn", "fill",
                      "alpha", "fuel", "ammo", "note")
        obs = self.session.obs
        if not obs:
            return cols
        players = self.map.players
        w, h = self.map.width, self.map.height
        for u in obs["units"]:
            x, y = parse_tile(u["tile"], w, h)
            spec = UNITS[u["type"]]
            low_fuel = spec.fuel and u["fuel"] <= max(1, spec.fuel // 4)
            no_ammo = spec.ammo and u["ammo"] == 0
            cargo = u["cargo"] if isinstance(u["cargo"], int) else len(u["cargo"])
            notes = [n for n in ("low fuel" if low_fuel else "", "out of ammo" if no_ammo else "",
                                 f"carries {cargo}" if cargo else "", "has acted" if u["acted"] else "") if n]
            cols["x"].append(x)
            cols["uy"].append(y + 0.04)
            cols["hx"].append(x + 0.47)
            cols["hy"].append(y + 0.48)
            cols["wx"].append(x - 0.45)
            cols["tile"].append(u["tile"])
            terrain = TERRAIN[self.map.grid[y][x]]
            cols["terrain"].append(f"{terrain.name} {defence_stars(terrain, spec.id)}★")
            cols["name"].append(spec.name)
            cols["army"].append(players[u["owner"]].capitalize())
            cols["code"].append(UNIT_CODES.get(spec.id, spec.name[:3]) + ("+" if cargo else ""))
            cols["hp"].append(str(u["hp"]))
            cols["warn"].append("⚠" if low_fuel or no_ammo else "")
            cols["fill"].append(army_colour(players, u["owner"]))
            cols["alpha"].append(0.45 if u["acted"] and u["owner"] == obs["current"] else 0.95)
            cols["fuel"].append(str(u["fuel"]))
            cols["ammo"].append("—" if u["ammo"] is None else str(u["ammo"]))
            cols["note"].append(", ".join(notes))
        return cols

    def _mark_columns(self) -> dict[str, dict[str, list[Any]]]:
        s = self.session
        out = {"selected": _empty("x", "y"), "destinations": _empty("x", "y", "tile"),
               "destination": _empty("x", "y"), "targets": _empty("x", "y", "tile", "size", "width"),
               "build": _empty("x", "y"), "threats": _empty("x", "y", "tile", "by"),
               "trail": _empty("x0", "y0", "x1", "y1", "color")}
        if s.state is None:
            return out
        w, h = self.map.width, self.map.height

        def put(name: str, where: str | None, **extra: Any) -> None:
            if where is None:
                return
            x, y = parse_tile(where, w, h)
            out[name]["x"].append(x)
            out[name]["y"].append(y)
            for k, v in extra.items():
                out[name][k].append(v)

        put("selected", s.selected)
        put("destination", s.destination)
        put("build", s.build_at)
        for t in s.destinations:
            put("destinations", t, tile=t)
        for t in s.threats:
            put("threats", t["tile"], tile=t["tile"], by=", ".join(t["by"]))
        for m in s.trail:
            (x0, y0), (x1, y1) = parse_tile(m["from"], w, h), parse_tile(m["to"], w, h)
            d = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1e-9)
            ends = (x0, y0, x1 - 0.42 * (x1 - x0) / d, y1 - 0.42 * (y1 - y0) / d)   # stop at the token's rim
            for k, v in zip(("x0", "y0", "x1", "y1"), ends):
                out["trail"][k].append(v)
            out["trail"]["color"].append(army_colour(self.map.players, m["owner"]))
        for t in s.targets:
            aimed = t == s.target
            put("targets", t, tile=t, size=self.cell * (0.9 if aimed else 0.8), width=5 if aimed else 3)
        return out

    # --- updates -------------------------------------------------------------------------------
    def _on_model(self, *events: Any) -> None:
        self.update()

    def update(self) -> None:
        """Update the layers from the session (now if the document may change, else on its loop)."""
        change_board(self.units.document, self.pane, self._patch)

    def _patch(self) -> None:
        tmap = self._map()
        if tmap is not self.map:
            self.map = tmap
            self._frame(self.figure)
        for source, cols in ((self.tiles, self._tile_columns()), (self.units, self._unit_columns())):
            if cols != dict(source.data):
                source.data = cols
        for name, cols in self._mark_columns().items():
            if cols != dict(self.marks[name].data):
                self.marks[name].data = cols

    # --- taps ----------------------------------------------------------------------------------
    def tile_at(self, x: float | None, y: float | None) -> tuple[int, int] | None:
        """The tile under the data point (x, y), or None off the board."""
        if x is None or y is None:
            return None
        tx, ty = round(x), round(y)
        return (tx, ty) if 0 <= tx < self.map.width and 0 <= ty < self.map.height else None

    def _on_tap(self, event: Any) -> None:
        tile = self.tile_at(event.x, event.y)
        if tile is not None:
            self.session.click(tile)
