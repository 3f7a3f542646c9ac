"""The Tactics board as layers of data (academy/ui/board_kit), drawn in this order:

- ``tiles`` (a colour per terrain), ``signs`` (♣ forest, ▲ mountain, ≈ river, ✶ reef, ═ bridge),
  ``frames`` (each property framed in its owner's colour, grey when neutral), ``codes`` (its kind: HQ,
  F factory, A airport, P port, C city), ``captures`` (capture points left while a capture is under way);
- the marks: ``threats``, ``destinations`` (blue), ``selected``, ``destination`` (the tile it moves
  to), ``build`` (the factory picked for a build);
- ``fog`` (the tiles the viewer does not see, shaded);
- ``units`` (a token in the owner's colour, faded once it has acted, with a tooltip), ``unit-codes``,
  ``unit-hp`` (the displayed HP) and ``unit-warn`` (⚠ when fuel or ammo runs low);
- ``trail`` (the other side's moves, arrows, drawn under the units' codes) and ``targets`` (red rings; the aimed one thicker).

Every column comes from the session's observation (``session.obs``) and its selection, never from
the full state: under fog the units the viewer does not see are in no column. Data coordinates:
x is the column (A = 0), y is minus the row (row 1 at y = 0, at the top), the kit's ``flip``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from academy.games.tactics.board import parse_tile, tile_name
from academy.games.tactics.terrain import TERRAIN, defence_stars
from academy.games.tactics.units import UNITS
from academy.ui.board_kit.arrows import arrow_columns, arrow_layers
from academy.ui.board_kit.grid import rect_columns
from academy.ui.board_kit.layer import Layer

from .style import (BUILD, DESTINATION, FOG, MOVE_TO, PROPERTY_CODE, SELECTED, TARGET, TERRAIN_FILL, TERRAIN_SIGN,
                    THREAT, UNIT_CODES, army_colour, fonts)

__all__ = ["layers", "tile_columns", "unit_columns", "mark_columns", "TEXT_ROLES", "LAYER_NAMES"]

Cell = tuple[int, int]
#: the layers, in drawing order; the browser gets each one's data as the source ``f"tactics-{name}"``
LAYER_NAMES = ("tiles", "signs", "frames", "codes", "captures", "threats", "destinations", "selected", "destination",
               "build", "fog", "units", "trail", "trail-heads", "unit-codes", "unit-hp", "unit-warn", "targets",
               "ghost", "ghost-code")
#: the text layers and the size each takes (style.fonts)
TEXT_ROLES = {"signs": "sign", "codes": "small", "captures": "small", "unit-codes": "unit", "unit-hp": "unit",
              "unit-warn": "unit", "ghost-code": "unit"}
UNITS_HOVER = ('<div style="font-size:13px"><b>@name</b> (@army) on @tile, @terrain<br>@hp HP · fuel @fuel · '
               'ammo @ammo<br>@note</div>')
THREATS_HOVER = '<div style="font-size:13px"><b>@tile</b> in reach of @by</div>'


def _labels(cells: Iterable[Cell], dx: float, up: float) -> dict[str, list[float]]:
    """Label positions ``dx`` right of and ``up`` above the cells' centres."""
    cells = list(cells)
    return {"x": [c + dx for c, _ in cells], "y": [-r + up for _, r in cells]}


def _rects(cells: Iterable[Cell], size: float | tuple[float, float] = 1.0, up: float = 0.0) -> dict[str, list[float]]:
    return rect_columns(list(cells), size, flip=True, dy=up)


# --- the map's tiles ------------------------------------------------------------------------------
def tile_columns(tmap: Any, obs: dict[str, Any] | None) -> dict[str, dict[str, list[Any]]]:
    """The columns of the tile layers (tiles, signs, frames, codes, captures, fog)."""
    obs = obs or {}
    owners = obs["owners"] if obs else {tile_name(p): tmap.players.index(o) if o else None
                                        for p, o in tmap.owners.items()}
    capture = obs.get("capture", {})
    seen = set(obs["seen"]) if obs.get("seen") is not None else None
    cells = [(x, y) for y in range(tmap.height) for x in range(tmap.width)]
    names = [tile_name(c) for c in cells]
    terrain = [tmap.grid[y][x] for x, y in cells]
    signed = [(c, TERRAIN_SIGN[t]) for c, t in zip(cells, terrain) if t in TERRAIN_SIGN]
    props = [(c, n, t) for c, n, t in zip(cells, names, terrain) if n in owners]
    colours = [army_colour(tmap.players, owners[n]) for _, n, _ in props]
    return {
        "tiles": {**_rects(cells), "fill_color": [TERRAIN_FILL.get(t, "#dddddd") for t in terrain], "tile": names,
                  "terrain_name": [TERRAIN[t].name for t in terrain], "stars": [TERRAIN[t].stars for t in terrain]},
        "signs": {**_labels((c for c, _ in signed), 0.28, 0.27), "sign": [s for _, s in signed]},
        "frames": {**_rects((c for c, _, _ in props), 0.86), "line_color": colours, "tile": [n for _, n, _ in props],
                   "owner_name": ["neutral" if owners[n] is None else f"owned by {tmap.players[owners[n]].capitalize()}"
                                  for _, n, _ in props]},
        "codes": {**_labels((c for c, _, _ in props), -0.38, 0.4),
                  "code": [PROPERTY_CODE.get(t, "") for _, _, t in props], "text_color": colours},
        "captures": {**_labels((c for c, _, _ in props), 0.4, 0.4),
                     "capture": [str(capture[n]) if n in capture else "" for _, n, _ in props]},
        "fog": {**_rects(cells), "fill_alpha": [0.38 if seen is not None and n not in seen else 0.0 for n in names],
                "tile": names},
    }


# --- the units the viewer sees ---------------------------------------------------------------------
def unit_columns(tmap: Any, obs: dict[str, Any] | None) -> dict[str, dict[str, list[Any]]]:
    """The columns of the unit layers (units, unit-codes, unit-hp, unit-warn), from ``obs["units"]`` only."""
    units = list((obs or {}).get("units", ()))
    current = (obs or {}).get("current")
    cells = [parse_tile(u["tile"], tmap.width, tmap.height) for u in units]
    rows: dict[str, list[Any]] = {k: [] for k in ("fill_color", "fill_alpha", "tile", "terrain", "name", "army", "code",
                                                  "hp", "fuel", "ammo", "note", "warn")}
    for u, (x, y) in zip(units, cells):
        spec = UNITS[u["type"]]
        low_fuel = spec.fuel and u["fuel"] <= max(1, spec.fuel // 4)
        no_ammo = spec.ammo and u["ammo"] == 0
        cargo = u["cargo"] if isinstance(u["cargo"], int) else len(u["cargo"])
        notes = [n for n in ("low fuel" if low_fuel else "", "out of ammo" if no_ammo else "",
                             f"carries {cargo}" if cargo else "", "has acted" if u["acted"] else "") if n]
        terrain = TERRAIN[tmap.grid[y][x]]
        for key, value in (
                ("fill_color", army_colour(tmap.players, u["owner"])),
                ("fill_alpha", 0.45 if u["acted"] and u["owner"] == current else 0.95),
                ("tile", u["tile"]), ("terrain", f"{terrain.name} {defence_stars(terrain, spec.id)}★"),
                ("name", spec.name), ("army", tmap.players[u["owner"]].capitalize()),
                ("code", unit_code(spec.id) + ("+" if cargo else "")), ("hp", str(u["hp"])),
                ("fuel", str(u["fuel"])), ("ammo", "—" if u["ammo"] is None else str(u["ammo"])),
                ("note", ", ".join(notes)), ("warn", "⚠" if low_fuel or no_ammo else "")):
            rows[key].append(value)
    warn = rows.pop("warn")
    return {
        "units": {**_rects(cells, (0.74, 0.5), up=-0.04), **rows},
        "unit-codes": {**_labels(cells, 0, -0.04), "code": list(rows["code"]), "tile": list(rows["tile"])},
        "unit-hp": {**_labels(cells, 0.47, -0.48), "hp": list(rows["hp"])},
        "unit-warn": {**_labels(cells, -0.45, -0.48), "warn": warn},
    }


# --- the selection and what it shows ---------------------------------------------------------------
def mark_columns(tmap: Any, s: Any, cell: int) -> dict[str, dict[str, list[Any]]]:
    """The columns of the marks (threats, destinations, selected, destination, build, trail, targets)
    from the session's selection; ``cell`` is the tile size in pixels (the target rings' size)."""
    live = s.state is not None
    w, h = tmap.width, tmap.height

    def cells(tiles: Iterable[str | None]) -> tuple[list[Cell], list[str]]:
        names = [t for t in tiles if t is not None] if live else []
        return [parse_tile(t, w, h) for t in names], names

    out: dict[str, dict[str, list[Any]]] = {}
    for name, tiles, size in (("destinations", s.destinations, 1.0), ("selected", [s.selected], 0.96),
                              ("destination", [s.destination], 0.94), ("build", [s.build_at], 0.94)):
        where, names = cells(tiles)
        out[name] = {**_rects(where, size), "tile": names}
    threats = list(s.threats) if live else []
    where, names = cells(t["tile"] for t in threats)
    out["threats"] = {**_rects(where), "tile": names, "by": [", ".join(t["by"]) for t in threats]}
    arrows = []
    for m in (s.trail if live else []):
        (x0, r0), (x1, r1) = parse_tile(m["from"], w, h), parse_tile(m["to"], w, h)
        d = max(((x1 - x0) ** 2 + (r1 - r0) ** 2) ** 0.5, 1e-9)
        ends = (x0, -r0, x1 - 0.42 * (x1 - x0) / d, -(r1 - 0.42 * (r1 - r0) / d))   # stop at the token's rim
        arrows.append((*ends, army_colour(tmap.players, m["owner"]), 3))
    out["trail"], out["trail-heads"] = arrow_columns(arrows)
    where, names = cells(s.targets)
    aimed = [t == s.target for t in names]
    out["targets"] = {**_labels(where, 0, 0), "tile": names, "size": [cell * (0.9 if a else 0.8) for a in aimed],
                      "line_width": [5 if a else 3 for a in aimed]}
    out["ghost"], out["ghost-code"] = _ghost(tmap, s, cell)
    return out


def _ghost(tmap: Any, s: Any, cell: int) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
    """The unit a drag moves (``s.dragging``), drawn at its tile; the page moves it with the pointer."""
    ghost: dict[str, list[Any]] = {"x": [], "y": [], "size": [], "fill_color": []}
    code: dict[str, list[Any]] = {"x": [], "y": [], "code": []}
    tile = getattr(s, "dragging", None) if s.state is not None else None
    unit = s.visible_unit(tile) if tile is not None else None
    if unit is None:
        return ghost, code
    x, y = parse_tile(tile, tmap.width, tmap.height)
    ghost.update(x=[x], y=[-y], size=[cell * 0.7], fill_color=[army_colour(tmap.players, unit["owner"])])
    code.update(x=[x], y=[-y], code=[unit_code(unit["type"])])
    return ghost, code


def unit_code(unit_type: str) -> str:
    """The short code a unit of ``unit_type`` shows on the board ("Tank", "Inf")."""
    return UNIT_CODES.get(unit_type, UNITS[unit_type].name[:3])


# --- the layers, styled ------------------------------------------------------------------------
def layers(tmap: Any, s: Any, cell: int) -> list[Layer]:
    """Every layer of the board for ``tmap`` and session ``s``, in drawing order."""
    tiles, units, marks = tile_columns(tmap, s.obs), unit_columns(tmap, s.obs), mark_columns(tmap, s, cell)
    size = fonts(cell)

    def text(name: str, columns: dict[str, list[Any]], mapped: tuple[str, ...] = (), **style: Any) -> Layer:
        return Layer(name, "labels", columns, mapped=mapped, style={"text_font_size": size[TEXT_ROLES[name]], **style})

    trail, heads = arrow_layers("trail", [], alpha=0.8, dashed=True)
    return [
        Layer("tiles", "rectangles", tiles["tiles"], mapped=("fill_color",),
              style={"line_color": "#9aa08c", "line_width": 0.6}),
        text("signs", tiles["signs"], text_align="center", text_baseline="middle", text_color="#3d4a35",
             text_alpha=0.55),
        Layer("frames", "rectangles", tiles["frames"], mapped=("line_color",),
              style={"fill_alpha": 0, "line_width": 4}),
        text("codes", tiles["codes"], ("text_color",), text_align="left", text_baseline="top", text_font_style="bold"),
        text("captures", tiles["captures"], text_align="right", text_baseline="top", text_font_style="bold",
             text_color="#8b1a1a"),
        Layer("threats", "rectangles", marks["threats"], hover=THREATS_HOVER,
              style={"fill_color": THREAT, "fill_alpha": 0.16, "line_color": THREAT, "line_alpha": 0.45,
                     "line_dash": "dotted"}),
        Layer("destinations", "rectangles", marks["destinations"],
              style={"fill_color": DESTINATION, "fill_alpha": 0.3, "line_color": DESTINATION, "line_alpha": 0.6}),
        Layer("selected", "rectangles", marks["selected"],
              style={"fill_color": SELECTED, "fill_alpha": 0.45, "line_color": "#a07800", "line_width": 3}),
        Layer("destination", "rectangles", marks["destination"],
              style={"fill_alpha": 0, "line_color": MOVE_TO, "line_width": 4, "line_dash": "dashed"}),
        Layer("build", "rectangles", marks["build"], style={"fill_alpha": 0, "line_color": BUILD, "line_width": 4}),
        Layer("fog", "rectangles", tiles["fog"], mapped=("fill_alpha",), style={"fill_color": FOG, "line_alpha": 0}),
        Layer("units", "rectangles", units["units"], mapped=("fill_color", "fill_alpha"), hover=UNITS_HOVER,
              style={"line_color": "#111111", "line_width": 1.2}),
        # the other side's move arrows run under the units' codes, HP and warnings, never over them ("AA")
        trail.with_columns(marks["trail"]), heads.with_columns(marks["trail-heads"]),
        text("unit-codes", units["unit-codes"], text_align="center", text_baseline="middle", text_font_style="bold",
             text_color="#ffffff"),
        text("unit-hp", units["unit-hp"], text_align="right", text_baseline="bottom", text_font_style="bold",
             text_color="#111111"),
        text("unit-warn", units["unit-warn"], text_align="left", text_baseline="bottom", text_color="#b35c00"),
        Layer("targets", "points", marks["targets"], mapped=("size", "line_width"),
              style={"marker": "circle", "fill_alpha": 0, "line_color": TARGET}),
        Layer("ghost", "points", marks["ghost"], mapped=("size", "fill_color"),
              style={"marker": "square", "fill_alpha": 0.6, "line_color": "#111111", "line_alpha": 0.8}),
        text("ghost-code", marks["ghost-code"], text_align="center", text_baseline="middle", text_font_style="bold",
             text_color="#ffffff"),
    ]
