"""Map-like regions for a graph board, derived from the map data only (geometry: no Panel, Bokeh or HoloViews).

A graph whose nodes carry ``pos=(x, y)`` becomes one region (polygons) per node:

1. Voronoi cells of the node positions plus a few seeds along each border line's two halves (a seed
   on the half next to a node belongs to that node), so two neighbours' regions meet where their border
   line is; a node's ``extra`` points (Diplomacy's split coasts) and the lines to them are its own too;
2. each region clipped to the frame ``bounds`` and to within ``reach`` of the convex hull of its node,
   its half-borders and its extra points, so water between far-apart nodes stays open while a group of
   neighbours (a Conquest continent) fills the land between them;
3. only the piece holding its node is kept (holes inside it filled);
4. two regions that touch but may not (their nodes are not adjacent, or the pair is in ``apart``) each
   lose a strip along the other, so they end apart: ``gap / 2`` within one land mass (nodes joined by a
   chain of borders not in ``apart``), ``strait / 2`` between land masses (water reads as water).

So two regions touch only if their nodes are adjacent, and regions never overlap. Lengths are in
y data units; ``aspect`` (pixels per x unit / pixels per y unit) makes reach round on the screen.
What a region is stays the caller's to colour from the map (Diplomacy: ``Province.kind``, land, coast
or sea, as the board graph's node attribute ``kind``; Conquest: the territory's continent).

    >>> regions = province_regions(g, reach=0.2, gap=0.006, bounds=(0, 0, 1, 1), aspect=1.3)  # doctest: +SKIP
    >>> xs, ys = regions["MUN"][0]                                                          # doctest: +SKIP

``hull`` replaces the Conquest board's hand-written ``_hull`` and ``_region``; ``outline`` draws a
group of regions as one land mass.
"""
from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Mapping, Sequence

import networkx as nx
import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

__all__ = ["province_shapes", "province_regions", "rings", "outline", "hull"]

Ring = tuple[list[float], list[float]]
SEEDS_PER_HALF = 6      # seeds along each half of a border line


def province_regions(graph: nx.Graph, *, reach: float, gap: float, bounds: Sequence[float],
                     aspect: float = 1.0, apart: Iterable[tuple[Hashable, Hashable]] = (),
                     strait: float | None = None,
                     extra: Mapping[Hashable, Sequence[tuple[float, float]]] | None = None
                     ) -> dict[Hashable, list[Ring]]:
    """Every node's region as a list of polygon rings ``(xs, ys)`` (outer rings; one per piece).

    See ``province_shapes`` for the arguments and errors.
    """
    return {n: rings(s) for n, s in province_shapes(graph, reach=reach, gap=gap, bounds=bounds, aspect=aspect,
                                                     apart=apart, strait=strait, extra=extra).items()}


def province_shapes(graph: nx.Graph, *, reach: float, gap: float, bounds: Sequence[float],
                    aspect: float = 1.0, apart: Iterable[tuple[Hashable, Hashable]] = (),
                    strait: float | None = None,
                    extra: Mapping[Hashable, Sequence[tuple[float, float]]] | None = None
                    ) -> dict[Hashable, Polygon]:
    """Every node's region as a shapely Polygon, in data units (see the module docstring).

    ``bounds`` is ``(x0, y0, x1, y1)``; ``apart`` names pairs (2-tuples or frozensets) drawn apart all
    the same (Conquest's sea lanes: islands stay islands), ``strait`` (default ``gap``) the water between
    land masses; ``extra`` gives more points a node's region must hold (Diplomacy's split coasts).
    Results are cached by the graph's positions, edges and arguments.
    Raises ValueError when a node has no ``pos``, two nodes share one, a position lies outside
    ``bounds``, ``apart`` or ``extra`` names a node not in the graph, or a length or aspect is not positive.
    """
    strait = gap if strait is None else strait
    if reach <= 0 or gap <= 0 or strait <= 0 or aspect <= 0:
        raise ValueError(f"reach, gap, strait and aspect must be positive, not {reach}, {gap}, {strait}, {aspect}")
    x0, y0, x1, y1 = (float(v) for v in bounds)
    nodes = list(graph)
    pos: dict[Hashable, tuple[float, float]] = {}
    for n in nodes:
        p = graph.nodes[n].get("pos")
        if p is None:
            raise ValueError(f"node {n!r} has no pos: give every node pos=(x, y) to draw its region")
        if not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1):
            raise ValueError(f"node {n!r} at {tuple(p)} lies outside the bounds {x0, y0, x1, y1}")
        pos[n] = (float(p[0]), float(p[1]))
    if len(set(pos.values())) < len(pos):
        same = [n for n in nodes if list(pos.values()).count(pos[n]) > 1]
        raise ValueError(f"nodes {same!r} share one pos: give each node a position of its own")
    unknown = [n for n in (extra or {}) if n not in graph]
    if unknown:
        raise ValueError(f"extra points for nodes not in the graph: {unknown!r}")
    index = {n: i for i, n in enumerate(nodes)}
    water: set[tuple[int, int]] = set()
    for pair in apart:
        a, b = tuple(pair)
        if a not in index or b not in index:
            raise ValueError(f"apart names {a!r}-{b!r}, not two nodes of the graph")
        water.add((min(index[a], index[b]), max(index[a], index[b])))
    kept = tuple(sorted({(min(index[a], index[b]), max(index[a], index[b])) for a, b in graph.edges if a != b}
                        - water))
    more = tuple(tuple((float(x), float(y)) for x, y in (extra or {}).get(n, ())) for n in nodes)
    shapes = _shapes(tuple(pos[n] for n in nodes), more, kept, reach, gap, strait, (x0, y0, x1, y1), aspect)
    return dict(zip(nodes, shapes))


@functools.lru_cache(maxsize=16)
def _shapes(points: tuple[tuple[float, float], ...], extra: tuple[tuple[tuple[float, float], ...], ...],
            kept: tuple[tuple[int, int], ...], reach: float, gap: float, strait: float,
            bounds: tuple[float, ...], aspect: float) -> tuple[Polygon, ...]:
    """The regions by node index (built with x scaled by ``aspect``, so that reach is round on the screen)."""
    x0, y0, x1, y1 = bounds
    xy = np.array(points, dtype=float) * (aspect, 1.0)
    steps = np.arange(1, 2 * SEEDS_PER_HALF + 1)[:, None] / (2 * SEEDS_PER_HALF)
    seeds, owners, stars = [xy], [np.arange(len(xy))], [[Point(p)] for p in xy]
    for i, pts in enumerate(extra):          # an extra point and the line to it are the node's
        for q in np.array(pts, dtype=float).reshape(-1, 2) * (aspect, 1.0):
            seeds.append(xy[i] + (q - xy[i]) * steps)
            owners.append(np.full(len(steps), i))
            stars[i].append(LineString([xy[i], q]))
    for a, b in kept:
        for i, j in ((a, b), (b, a)):
            line = _border_seeds(xy, i, j)
            seeds.append(line)
            owners.append(np.full(len(line), i))
            stars[i].append(LineString([xy[i], (xy[i] + xy[j]) / 2]))
    frame = box(x0 * aspect, y0, x1 * aspect, y1)
    cells = _cells(np.concatenate(seeds), np.concatenate(owners), len(xy), frame)
    hulls = shapely.convex_hull(np.array([shapely.union_all(st) for st in stars]))
    reachable = shapely.buffer(hulls, reach, quad_segs=8)
    at = shapely.points(xy)
    clipped = shapely.intersection(shapely.intersection(cells, frame), reachable)
    shapes = _cut_apart([_piece_at(c, p) for c, p in zip(clipped, at)], kept, gap, strait, at)
    return tuple(affinity.scale(s, 1 / aspect, 1.0, origin=(0, 0)) for s in shapes)


def _border_seeds(xy: np.ndarray, a: int, b: int) -> np.ndarray:
    """Seeds owned by ``a`` on its half of the border line a–b, from a outwards, while a or b is the
    nearest node (a third node in the way ends them: that border cannot be drawn there)."""
    t = 0.5 * np.arange(1, SEEDS_PER_HALF + 1)[:, None] / (SEEDS_PER_HALF + 0.5)
    line = xy[a] + (xy[b] - xy[a]) * t
    nearest = np.argmin(np.hypot(*(xy[None, :, :] - line[:, None, :]).transpose(2, 0, 1)), axis=1)
    blocked = np.flatnonzero((nearest != a) & (nearest != b))
    return line[: blocked[0]] if len(blocked) else line


def _cells(seeds: np.ndarray, owners: np.ndarray, count: int, frame: Polygon) -> np.ndarray:
    """The union of the Voronoi cells of each owner's seeds (a repeated seed counts once)."""
    _, first = np.unique(seeds.round(12), axis=0, return_index=True)
    first.sort()
    seeds, owners = seeds[first], owners[first]
    if len(seeds) == 1:
        return np.array([frame])
    diagram = shapely.get_parts(shapely.voronoi_polygons(shapely.multipoints(seeds), extend_to=frame, ordered=True))
    if len(diagram) != len(seeds):
        raise RuntimeError(f"the Voronoi diagram has {len(diagram)} cells for {len(seeds)} seeds")
    return np.array([shapely.coverage_union_all(diagram[owners == i]) for i in range(count)])


def _piece_at(shape: BaseGeometry, at: Point, fill: bool = True) -> Polygon:
    """The polygon of ``shape`` that holds ``at``, its holes filled if ``fill`` (an empty Polygon if none)."""
    for piece in shapely.get_parts(shape):
        if isinstance(piece, Polygon) and piece.covers(at):
            return Polygon(piece.exterior) if fill else piece
    return Polygon()


def _cut_apart(shapes: list[Polygon], kept: tuple[tuple[int, int], ...], gap: float, strait: float,
               at: np.ndarray) -> list[Polygon]:
    """Each shape less a strip of gap / 2 (strait / 2 if not in its land mass) along every shape it may
    not touch, so those end that far apart (filled holes first lose what others hold: nothing overlaps)."""
    land = nx.Graph(kept)
    land.add_nodes_from(range(len(shapes)))
    mass = {i: k for k, part in enumerate(nx.connected_components(land)) for i in part}
    grown = shapely.buffer(np.array(shapes), gap / 2, quad_segs=4)
    wide = shapely.buffer(np.array(shapes), strait / 2, quad_segs=4) if strait != gap else grown
    joined = set(kept)
    cuts: list[list[BaseGeometry]] = [[] for _ in shapes]
    for i, j in zip(*shapely.STRtree(shapes).query(shapes, predicate="dwithin", distance=max(gap, strait))):
        i, j = int(i), int(j)
        if i == j:
            continue
        if shapes[i].covers(at[j]):          # i's filled hole held j: give it back
            cuts[i].append(shapes[j])
        if (min(i, j), max(i, j)) not in joined:      # touching, or a rounding away from it
            cuts[i].append(grown[j] if mass[i] == mass[j] else wide[j])
    return [_piece_at(s.difference(shapely.union_all(c)), at[i], fill=False) if c else s
            for i, (s, c) in enumerate(zip(shapes, cuts))]


def rings(shape: BaseGeometry) -> list[Ring]:
    """The outer rings ``(xs, ys)`` of a Polygon or MultiPolygon, one per piece (empty: []). Holes are
    left out: a region around an enclave (none on the shipped maps) needs the enclave drawn after it."""
    out = []
    for piece in getattr(shape, "geoms", [shape]):
        if isinstance(piece, Polygon) and not piece.is_empty:
            xs, ys = piece.exterior.coords.xy
            out.append((list(xs), list(ys)))
    return out


def outline(shapes: Iterable[BaseGeometry], *, close: float = 0.0, aspect: float = 1.0) -> list[Ring]:
    """The land mass a group of regions makes (a Conquest continent): their union, with slits narrower
    than ``close`` (y units; ``aspect`` as in ``province_shapes``) closed, as outer rings."""
    squeeze = [affinity.scale(s, aspect, 1.0, origin=(0, 0)) for s in shapes]
    union = shapely.union_all(squeeze)
    if close > 0:
        union = union.buffer(close / 2, quad_segs=4).buffer(-close / 2, quad_segs=4)
    return rings(affinity.scale(union, 1 / aspect, 1.0, origin=(0, 0)))


def hull(points: Iterable[tuple[float, float]], *, pad: float = 0.0, aspect: float = 1.0) -> Ring:
    """The convex hull ``(xs, ys)`` of disks of radius ``pad`` (y units) around the points, round on the
    screen when ``aspect`` is the figure's (pixels per x unit / per y unit); counter-clockwise.

    ``hull(points)`` replaces the Conquest board's ``_hull``; ``hull(points, pad=0.05, aspect=1 / 0.62)``
    its ``_region``. Raises ValueError when there are no points.
    """
    pts = [(x * aspect, y) for x, y in points]
    if not pts:
        raise ValueError("a hull needs at least one point")
    shape = MultiPoint(pts).buffer(pad, quad_segs=5) if pad > 0 else MultiPoint(pts)
    h = affinity.scale(shape.convex_hull, 1 / aspect, 1.0, origin=(0, 0))
    if isinstance(h, Polygon):
        xs, ys = orient(h).exterior.coords.xy
        return list(xs)[:-1], list(ys)[:-1]
    xs, ys = zip(*h.coords)
    return list(xs), list(ys)
