"""Where the Diplomacy board draws things: the map as a networkx graph at its coordinates, each
province's region, and a place for every name so that no two overlap (issue 14, item 6).

Regions come from the board kit (academy/ui/board_kit/regions.py): two regions touch only if their
provinces are adjacent, a split coast lies inside its province. Names start from the middle of their
region (``name_labels``) and are placed by the kit's ``place_labels`` for a figure ``LABEL_WIDTH``
pixels wide (the narrowest the pages draw the board) and the board's height: a wider figure only
moves points further apart sideways, so names placed for the narrow one overlap nothing at any width
above it. Computed once per height and cached.
"""
from __future__ import annotations

import functools
from collections.abc import Hashable

import networkx as nx
from shapely import affinity
from shapely.geometry import Polygon
from shapely.ops import polylabel

from academy.games.diplomacy.mapdata import DiplomacyMap, coast_of, province_of, standard_map
from academy.ui.board_kit.label_layout import Circle, Label, place_labels
from academy.ui.board_kit.regions import Ring, province_regions, province_shapes

__all__ = ["point", "map_graph", "regions", "region_shapes", "name_places", "name_labels", "X_RANGE", "Y_RANGE",
           "LABEL_WIDTH", "NAME_FONT_PX", "COAST_FONT_PX", "UNIT_RADIUS_PX", "CENTRE_OFFSET", "MAP_ASPECT"]

X_RANGE, Y_RANGE = (0.0, 1.0), (0.0, 1.0)
#: the map's own shape: pixels per x unit over pixels per y unit (the regions are round for it)
MAP_ASPECT = 1.3
#: the narrowest the pages draw the board (the Lessons tab's middle column at 1280 px: 564 px)
LABEL_WIDTH = 540
NAME_FONT_PX, COAST_FONT_PX = 10, 9
#: how far (in the kit's rounds of 3 px) a name may go to find a place clear of every unit's spot
LABEL_ROUNDS = 20
#: a name keeps clear of a unit token standing on its province (a fleet's triangle is 25 px)
UNIT_RADIUS_PX = 13.0
COAST_RADIUS_PX, CENTRE_RADIUS_PX = 3.5, 6.5
#: where a supply centre's star is drawn from its province's point (plot units)
CENTRE_OFFSET = (0.014, 0.016)
_REGIONS = {"reach": 0.2, "gap": 0.006, "bounds": (X_RANGE[0], Y_RANGE[0], X_RANGE[1], Y_RANGE[1]),
            "aspect": MAP_ASPECT}


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


def _coasts(dmap: DiplomacyMap) -> dict[Hashable, list[tuple[float, float]]]:
    return {p.id: [point(dmap, f"{p.id}/{c}") for c in p.coasts] for p in dmap.provinces.values() if p.coasts}


def regions(dmap: DiplomacyMap | None = None) -> dict[Hashable, list[Ring]]:
    """Every province's region as polygon rings (xs, ys) in plot units (cached by the kit)."""
    dmap = dmap or standard_map()
    return province_regions(map_graph(dmap), extra=_coasts(dmap), **_REGIONS)


def region_shapes(dmap: DiplomacyMap | None = None) -> dict[Hashable, Polygon]:
    """Every province's region as a shapely Polygon (for finding the province under a tap)."""
    dmap = dmap or standard_map()
    return province_shapes(map_graph(dmap), extra=_coasts(dmap), **_REGIONS)


def _pole(shape: Polygon) -> tuple[float, float]:
    """The point of a region furthest inside it, on the map's shape (x times ``MAP_ASPECT``)."""
    c = polylabel(affinity.scale(shape, MAP_ASPECT, 1.0, origin=(0, 0)), tolerance=0.002)
    return c.x / MAP_ASPECT, c.y


def name_labels(dmap: DiplomacyMap) -> tuple[list[Label], list[Circle]]:
    """The names to place and what they must leave clear. A province's id goes near the point furthest
    inside its region (as a map names a country in its middle, and in a crowded corner the name stays
    in its own region rather than beside a neighbour's marker); a split coast's "nc", "sc" ... beside
    its dot. No name covers a province's point (where its unit stands) or a supply centre's star."""
    ids = sorted(dmap.provinces)
    shapes = region_shapes(dmap)
    labels = [Label(p, *_pole(shapes[p]), p, NAME_FONT_PX) for p in ids]
    labels += [Label(f"{p}/{c}", *point(dmap, f"{p}/{c}"), c.lower(), COAST_FONT_PX, COAST_RADIUS_PX)
               for p in ids for c in dmap.provinces[p].coasts]
    keep_clear = [Circle(*point(dmap, p), UNIT_RADIUS_PX) for p in ids]
    keep_clear += [Circle(point(dmap, p)[0] + CENTRE_OFFSET[0], point(dmap, p)[1] + CENTRE_OFFSET[1],
                          CENTRE_RADIUS_PX) for p in ids if dmap.provinces[p].supply_center]
    return labels, keep_clear


@functools.lru_cache(maxsize=8)
def name_places(height_px: int, width_px: int = LABEL_WIDTH) -> dict[Hashable, tuple[float, float]]:
    """The centre of every name's text (see ``name_labels``) on the standard map, for a figure of
    ``width_px`` × ``height_px`` (see the module docstring). Raises ValueError when the figure is too
    small for the names to find free places."""
    labels, keep_clear = name_labels(standard_map())
    return place_labels(labels, width_px=width_px, height_px=height_px, x_range=X_RANGE, y_range=Y_RANGE,
                        obstacles=keep_clear, rounds=LABEL_ROUNDS)
