"""What every graph board draws from its networkx graph: edges by kind, and which node a tap is on.

A graph board's map is a networkx graph whose nodes carry ``pos=(x, y)`` in data units and whose
edges may carry a ``kind`` (land, sea, coast ...); a game styles each kind.

>>> import networkx as nx
>>> g = nx.Graph(); g.add_node("a", pos=(0, 0)); g.add_node("b", pos=(1, 0)); g.add_edge("a", "b", kind="land")
>>> edge_layers("roads", g, {"land": {"line_color": "#888"}})[0].columns["x1"]
[1]
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import networkx as nx

from .layer import Layer

__all__ = ["edge_layers", "nearest_node", "positions", "names_follow_shape", "SHAPE_STEP"]

#: names are placed again for a shown size rounded to this many pixels (a few layouts serve every screen)
SHAPE_STEP = 20


def positions(graph: nx.Graph) -> dict[Any, tuple[float, float]]:
    """Each node's ``pos``."""
    return dict(graph.nodes(data="pos"))


def edge_layers(name: str, graph: nx.Graph, styles: Mapping[str, Mapping[str, Any]],
                segment: Callable[[Any, Any, str], Iterable[tuple[float, float, float, float]]] | None = None,
                ) -> list[Layer]:
    """One segments layer per edge kind in ``styles`` (``f"{name}-{kind}"``; a single kind keeps
    ``name``), each edge a straight line between its nodes unless ``segment(a, b, kind)`` gives the
    lines to draw for it (e.g. an edge drawn off the map's sides)."""
    pos = positions(graph)
    rows: dict[str, dict[str, list[float]]] = {k: {"x0": [], "y0": [], "x1": [], "y1": []} for k in styles}
    for a, b, kind in graph.edges(data="kind"):
        kind = kind if kind in styles else next(iter(styles))
        lines = segment(a, b, kind) if segment else [(*pos[a], *pos[b])]
        for x0, y0, x1, y1 in lines:
            for key, value in zip(("x0", "y0", "x1", "y1"), (x0, y0, x1, y1)):
                rows[kind][key].append(value)
    single = len(styles) == 1
    return [Layer(name if single else f"{name}-{kind}", "segments", rows[kind], style=dict(style))
            for kind, style in styles.items()]


def nearest_node(pos: Mapping[Any, tuple[float, float]], x: float | None, y: float | None,
                 scale: tuple[float, float], reach: float) -> Any:
    """The node drawn within ``reach`` pixels of data point (x, y), or None; ``scale`` is pixels per
    data unit along x and y (see :meth:`Board.pixels_per_unit`)."""
    if x is None or y is None:
        return None
    best, best_d = None, float(reach)
    for node, (nx_, ny) in pos.items():
        d = math.hypot((x - nx_) * scale[0], (y - ny) * scale[1])
        if d <= best_d:
            best, best_d = node, d
    return best


def names_follow_shape(kit: Any, place: Callable[[int, int], Mapping[Any, tuple[Any, ...]]],
                       layers: Mapping[str, Sequence[Any]], text: str | None = None) -> None:
    """Keep a stretching board's names clear of each other at the shape it is shown at.

    ``place(width, height)`` gives each key's name centre for a figure of that many pixels (sizes come
    rounded to ``SHAPE_STEP``; cache it if it is slow) and raises ValueError where the names do not fit; ``layers``
    gives, for each labels layer of ``kit`` (a :class:`~academy.ui.board_kit.board.Board`), the keys of
    its rows in order. When the browser reports another size, each layer's ``x`` and ``y`` are patched
    with the places for it; a size too small for the names keeps the places they have. With ``text`` (the
    layers' text column), ``place`` gives (x, y, shown text) and the text is patched too: a narrow board
    may show a short name, or none ("") where no place beside its own node is free."""
    def follow(width: int, height: int) -> None:
        size = (max(SHAPE_STEP, round(width / SHAPE_STEP) * SHAPE_STEP),
                max(SHAPE_STEP, round(height / SHAPE_STEP) * SHAPE_STEP))
        try:
            places = place(*size)
        except ValueError:
            return

        def patch() -> None:
            for layer, keys in layers.items():
                columns = {"x": [places[k][0] for k in keys], "y": [places[k][1] for k in keys]}
                if text is not None:
                    columns[text] = [places[k][2] for k in keys]
                kit.patch(layer, columns)
        kit.change(patch)
    kit.on_shape(follow)
