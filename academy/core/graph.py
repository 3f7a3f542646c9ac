"""Graph searches the engines share: reach, steps, cheapest costs, a first path, components.

A map's graph is a networkx graph built once per map (:func:`map_graph`, kept with the map object,
whose maps never change) with its nodes and each node's neighbours in sorted order, so a search
that visits neighbours in graph order visits them sorted and a seeded game replays the same.

>>> g = graph_of({"a": ["b"], "b": ["a", "c"], "c": ["b"], "d": []})
>>> sorted(reachable(g, "a")), sorted(reachable(g, "a", passable=lambda n: n != "b"))
(['a', 'b', 'c'], ['a'])
>>> steps(g, ["a"])
{'a': 0, 'b': 1, 'c': 2}
>>> first_path(g, "a", is_goal=lambda n: n == "c")
('a', 'b', 'c')

How each search runs (measured in bench/graph_searches.py on the engines' own graphs, where a
networkx search on these small graphs was slower than a plain loop: Conquest's fortify paths took
40 times as long through a subgraph view and ``node_connected_component``, the Diplomacy distances
twice as long with ``bfs_layers``, Tactics' reach 1.5 times and a Tactics bot's distance field 3.5
times as long with ``dijkstra_predecessor_and_distance``):

- the graphs are networkx's: :func:`graph_of` and :func:`grid_graph` (``nx.grid_2d_graph``) build
  them, and :func:`map_graph` keeps one per map;
- the searches, :func:`reachable`, :func:`steps`, :func:`first_path`, :func:`has_path`,
  :func:`cheapest` (Dijkstra with a budget) and :func:`components`, are loops written here
  over the graph's adjacency (:func:`adjacency`: each node's neighbours as a tuple, in graph
  order, kept with the graph). :func:`has_path` would be written here in any
  case: ``passable`` may be costly and have effects (the Diplomacy adjudicator resolves a convoying
  fleet's order only when the search reaches that fleet), so it is asked once per node, lazily, in
  a fixed order that networkx's searches do not offer.

A graph given to these functions is never changed afterwards (its adjacency is kept with it).
"""
from __future__ import annotations

import heapq
import math
import weakref
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import networkx as nx

__all__ = ["graph_of", "map_graph", "grid_graph", "adjacency", "reachable", "steps", "first_path", "has_path",
           "cheapest", "components"]

Neighbours = Mapping[Any, Iterable[Any]] | Callable[[Any], Iterable[Any]]

_GRAPHS: dict[tuple[int, str], Any] = {}


def graph_of(neighbours: Mapping[Any, Iterable[Any]], *, directed: bool = False) -> nx.Graph:
    """The graph with an edge from each node to each of its ``neighbours``; nodes in sorted order,
    and each node's neighbours too (when every neighbour lists the node back, as on a map's
    borders). ``directed`` makes an ``nx.DiGraph`` (one-way edges, always in sorted order).

    >>> list(graph_of({"b": ["c", "a"], "a": ["b"], "c": ["b"]}).adj["b"])
    ['a', 'c']
    """
    g: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(sorted(neighbours))
    for u in sorted(neighbours):
        g.add_edges_from((u, v) for v in sorted(neighbours[u]))
    return g


def map_graph(owner: object, build: Callable[[], nx.Graph], key: str = "graph") -> nx.Graph:
    """``build()`` once per ``owner`` (an immutable map) and ``key``; later calls give the same graph.

    The graph is kept while ``owner`` lives (maps are frozen dataclasses, which cannot be hashed
    but can be referenced weakly)."""
    slot = (id(owner), key)
    graph = _GRAPHS.get(slot)
    if graph is None:
        graph = _GRAPHS[slot] = build()
        weakref.finalize(owner, _GRAPHS.pop, slot, None)
    return graph


_GRIDS: dict[tuple[int, int, bool], nx.Graph] = {}


def grid_graph(width: int, height: int, *, diagonal: bool = False) -> nx.Graph:
    """The ``width`` × ``height`` grid with nodes ``(x, y)`` and edges between squares side by side
    (``nx.grid_2d_graph``), and with ``diagonal`` corner to corner too (a king's steps); built once
    per size.

    >>> sorted(grid_graph(3, 3, diagonal=True).adj[(0, 0)])
    [(0, 1), (1, 0), (1, 1)]
    """
    graph = _GRIDS.get((width, height, diagonal))
    if graph is None:
        graph = nx.grid_2d_graph(width, height)
        if diagonal:
            graph.add_edges_from(edge for x in range(width - 1) for y in range(height - 1)
                                 for edge in (((x, y), (x + 1, y + 1)), ((x + 1, y), (x, y + 1))))
        _GRIDS[(width, height, diagonal)] = graph
    return graph


def adjacency(graph: nx.Graph) -> Mapping[Any, tuple[Any, ...]]:
    """Each node of ``graph`` with its neighbours (successors in a DiGraph) as a tuple in graph
    order, built once per graph and kept in ``graph.graph["adjacency"]``."""
    table = graph.graph.get("adjacency")
    if table is None:
        table = graph.graph["adjacency"] = {n: tuple(nbrs) for n, nbrs in graph.adj.items()}
    return table


def reachable(graph: nx.Graph | Neighbours, starts: Any | Iterable[Any],
              passable: Callable[[Any], bool] | None = None, *, several: bool = False) -> set[Any]:
    """The nodes joined to ``starts`` (one node, or with ``several`` an iterable of nodes) by paths
    whose other nodes are ``passable``; the starts are included, passable or not. ``graph`` is a
    graph, a mapping or a function from a node to its neighbours.

    >>> g = graph_of({1: [2], 2: [1, 3], 3: [2]})
    >>> sorted(reachable(g, [1, 3], passable=lambda n: False, several=True))
    [1, 3]
    """
    near = _near(graph)
    todo = list(starts) if several else [starts]
    seen = set(todo)
    for node in todo:
        for n in near(node):
            if n not in seen and (passable is None or passable(n)):
                seen.add(n)
                todo.append(n)
    return seen


def steps(graph: nx.Graph, sources: Iterable[Any], passable: Callable[[Any], bool] | None = None, *,
          limit: int | None = None, expands: Callable[[Any], bool] | None = None) -> dict[Any, int]:
    """Edges on a shortest path from the nearest of ``sources`` to each node reached through
    ``passable`` nodes (0 for a source), in breadth-first order (neighbours in graph order).

    ``limit`` stops the search that many edges out; a node other than a source that ``expands``
    says no to is reached but not gone through (asked once per node, in breadth-first order).

    >>> line = graph_of({1: [2], 2: [3], 3: [4], 4: []})
    >>> steps(line, [1], limit=2), steps(line, [1], expands=lambda n: n != 3)
    ({1: 0, 2: 1, 3: 2}, {1: 0, 2: 1, 3: 2})
    """
    adj = adjacency(graph)
    dist = dict.fromkeys(sources, 0)
    todo = list(dist)
    for node in todo:
        d = dist[node] + 1
        if (limit is not None and d > limit) or (expands is not None and dist[node] and not expands(node)):
            continue
        for n in adj[node]:
            if n not in dist and (passable is None or passable(n)):
                dist[n] = d
                todo.append(n)
    return dist


def first_path(graph: nx.Graph, start: Any, is_goal: Callable[[Any], bool],
               passable: Callable[[Any], bool] | None = None) -> tuple[Any, ...] | None:
    """The breadth-first path from ``start`` to the first goal it meets through ``passable`` nodes
    (``start`` counts as passable; neighbours are tried in graph order, goals asked in the order
    the search reaches them), or None when no goal is reachable. ``start`` itself may be the goal:
    the path is then ``(start,)``."""
    adj = adjacency(graph)
    came: dict[Any, Any] = {start: None}
    todo = [start]
    for node in todo:
        if is_goal(node):
            path = [node]
            while came[path[-1]] is not None:
                path.append(came[path[-1]])
            return tuple(reversed(path))
        for n in adj[node]:
            if n not in came and (passable is None or passable(n)):
                came[n] = node
                todo.append(n)
    return None


def has_path(neighbours: nx.Graph | Neighbours, starts: Iterable[Any], is_goal: Callable[[Any], bool],
             passable: Callable[[Any], bool] | None = None) -> bool:
    """Whether a path goes from one of ``starts`` to a node for which ``is_goal`` holds, every node
    on it (the start and the goal included) ``passable``. ``neighbours`` is a graph, a mapping or a
    function from a node to its neighbours.

    Depth first: a stack of the starts, the last taken first; a node taken for the first time is
    asked ``passable`` once, then ``is_goal``, then its neighbours not yet taken go on the stack in
    order. ``passable`` and ``is_goal`` are asked lazily and never for a node the search did not
    reach, so they may be costly (the order of the questions is part of the interface).

    >>> has_path({1: [2], 2: [3], 3: []}, [1], is_goal=lambda n: n == 3, passable=lambda n: n != 2)
    False
    """
    near = _near(neighbours)
    stack, taken = list(starts), set()
    while stack:
        node = stack.pop()
        if node in taken:
            continue
        taken.add(node)
        if passable is not None and not passable(node):
            continue
        if is_goal(node):
            return True
        stack.extend(n for n in near(node) if n not in taken)
    return False


def cheapest(graph: nx.Graph, start: Any, cost: Callable[[Any, Any], int | None], budget: int | None = None,
             tie: Callable[[Any], Any] | None = None) -> tuple[dict[Any, int], dict[Any, Any]]:
    """Dijkstra from ``start``: (the cheapest cost to every node within ``budget``, the previous
    node on a cheapest path to each but the start). ``cost(u, v)`` is the price of the step from
    ``u`` to ``v`` (at least 1), or None when that step cannot be taken. Nodes are settled cheapest
    first, equal costs in the order of ``tie`` (default: the node itself); a node's previous node
    is the first settled one it is reached from at its cheapest cost.

    >>> g = grid_graph(2, 2)
    >>> cheapest(g, (0, 0), lambda u, v: 1, budget=1)
    ({(0, 0): 0, (1, 0): 1, (0, 1): 1}, {(1, 0): (0, 0), (0, 1): (0, 0)})
    """
    adj = adjacency(graph)
    key = tie if tie is not None else _itself
    limit = math.inf if budget is None else budget
    costs: dict[Any, int] = {start: 0}
    previous: dict[Any, Any] = {}
    heap = [(0, key(start), start)]
    while heap:
        spent, _, node = heapq.heappop(heap)
        if spent > costs[node]:
            continue
        for n in adj[node]:
            step = cost(node, n)
            if step is None:
                continue
            total = spent + step
            if total <= limit and total < costs.get(n, math.inf):
                costs[n] = total
                previous[n] = node
                heapq.heappush(heap, (total, key(n), n))
    return costs, previous


def _near(neighbours: nx.Graph | Neighbours) -> Callable[[Any], Iterable[Any]]:
    """A node's neighbours: from a graph's adjacency, a mapping or a function."""
    if isinstance(neighbours, nx.Graph):
        return adjacency(neighbours).__getitem__
    return neighbours if callable(neighbours) else neighbours.__getitem__


def _itself(node: Any) -> Any:
    return node


def components(graph: nx.Graph, nodes: Iterable[Any]) -> list[set[Any]]:
    """The connected components of the subgraph on ``nodes``, ordered by their smallest node.

    >>> components(graph_of({1: [2], 2: [1, 3], 3: [2], 4: []}), [1, 3, 4])
    [{1}, {3}, {4}]
    """
    keep = set(nodes)
    comps: list[set[Any]] = []
    seen: set[Any] = set()
    for node in sorted(keep):
        if node not in seen:
            comp = reachable(graph, node, keep.__contains__)
            seen |= comp
            comps.append(comp)
    return comps
