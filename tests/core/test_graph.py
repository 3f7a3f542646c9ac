"""academy/core/graph.py: the graph searches the engines share (issue 14, item 5), on small exact graphs.

Each search is also checked against networkx's own answer on seeded random graphs, since the
searches run as loops over the graph's adjacency (the module docstring says why).
"""
from __future__ import annotations

import doctest
import gc
import random

import networkx as nx
import pytest

from academy.core import graph

#   a - b - c      e - f
#       |
#       d
PATH = graph.graph_of({"a": ["b"], "b": ["a", "c", "d"], "c": ["b"], "d": ["b"], "e": ["f"], "f": ["e"]})


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(graph).failed == 0


def test_graph_of_sorts_nodes_and_each_nodes_neighbours() -> None:
    g = graph.graph_of({"b": ["d", "a", "c"], "a": ["b"], "c": ["b"], "d": ["b"]})
    assert list(g.nodes) == ["a", "b", "c", "d"]
    assert list(g.adj["b"]) == ["a", "c", "d"]
    assert graph.adjacency(g) == {"a": ("b",), "b": ("a", "c", "d"), "c": ("b",), "d": ("b",)}
    one_way = graph.graph_of({1: [2], 2: []}, directed=True)
    assert isinstance(one_way, nx.DiGraph) and graph.adjacency(one_way) == {1: (2,), 2: ()}


def test_map_graph_is_built_once_per_map_and_forgotten_with_it() -> None:
    class Map:
        pass
    built = []

    def build() -> nx.Graph:
        built.append(1)
        return graph.graph_of({1: [2], 2: [1]})
    m, other = Map(), Map()
    first = graph.map_graph(m, build)
    assert graph.map_graph(m, build) is first and len(built) == 1
    assert graph.map_graph(m, build, "other key") is not first and len(built) == 2
    graph.map_graph(other, build)
    assert len(built) == 3
    slot = (id(m), "graph")
    del m
    gc.collect()
    assert slot not in graph._GRAPHS


def test_grid_graph_joins_tiles_side_by_side() -> None:
    g = graph.grid_graph(3, 2)
    assert sorted(g.nodes) == [(x, y) for x in range(3) for y in range(2)]
    assert sorted(g.adj[(1, 0)]) == [(0, 0), (1, 1), (2, 0)]
    assert graph.grid_graph(3, 2) is g


def test_reachable_goes_through_passable_nodes_only() -> None:
    assert graph.reachable(PATH, "a") == {"a", "b", "c", "d"}
    assert graph.reachable(PATH, "a", passable=lambda n: n != "b") == {"a"}
    assert graph.reachable(PATH, "b", passable=lambda n: n != "c") == {"a", "b", "d"}
    assert graph.reachable(PATH, "e") == {"e", "f"}
    # the starts count whether passable or not; several starts
    assert graph.reachable(PATH, ["c", "e"], passable=lambda n: False, several=True) == {"c", "e"}
    assert graph.reachable(PATH, ["c", "e"], passable=lambda n: n in "bf", several=True) == {"b", "c", "e", "f"}


def test_reachable_takes_a_mapping_or_a_function() -> None:
    assert graph.reachable({1: [2], 2: [3], 3: []}, 1) == {1, 2, 3}
    assert graph.reachable({1: [2], 2: [3], 3: []}, 2) == {2, 3}          # one way
    assert graph.reachable(lambda n: [n + 1] if n < 4 else [], 0, passable=lambda n: n != 3) == {0, 1, 2}


def test_steps_counts_edges_from_the_nearest_source_in_breadth_first_order() -> None:
    assert graph.steps(PATH, ["a"]) == {"a": 0, "b": 1, "c": 2, "d": 2}
    assert list(graph.steps(PATH, ["c"])) == ["c", "b", "a", "d"]
    assert graph.steps(PATH, ["c", "d", "e"]) == {"c": 0, "d": 0, "e": 0, "b": 1, "f": 1, "a": 2}
    assert graph.steps(PATH, []) == {}


def test_first_path_is_the_breadth_first_path_to_the_first_goal() -> None:
    assert graph.first_path(PATH, "a", lambda n: n in "cd") == ("a", "b", "c")     # c before d: graph order
    assert graph.first_path(PATH, "a", lambda n: n == "a") == ("a",)
    assert graph.first_path(PATH, "a", lambda n: n == "d", passable=lambda n: n != "b") is None
    assert graph.first_path(PATH, "a", lambda n: n == "e") is None
    # the start is passable whatever ``passable`` says
    assert graph.first_path(PATH, "b", lambda n: n == "d", passable=lambda n: n == "d") == ("b", "d")


def test_has_path_asks_each_node_once_lazily_in_stack_order() -> None:
    asked: list[str] = []

    def passable(n: str) -> bool:
        asked.append(n)
        return n != "c"
    assert graph.has_path(PATH, ["a"], lambda n: n == "d", passable)
    assert asked == ["a", "b", "d"]          # b's neighbours a, c, d go on the stack; d is taken first
    asked.clear()
    assert not graph.has_path(PATH, ["a"], lambda n: n == "c", passable)
    assert asked == ["a", "b", "d", "c"]     # c is asked once, found impassable
    assert not graph.has_path(PATH, ["a"], lambda n: n == "e")
    assert not graph.has_path({1: [2], 2: []}, [1], lambda n: n == 2, passable=lambda n: n == 1)  # goal too
    assert graph.has_path({1: [2], 2: []}, [1], lambda n: n == 2)
    assert not graph.has_path(PATH, [], lambda n: True)


def test_cheapest_costs_within_a_budget_and_the_previous_node() -> None:
    g = graph.grid_graph(3, 3)
    hill = {(1, 1): 3}

    def cost(_: tuple[int, int], to: tuple[int, int]) -> int | None:
        return None if to == (2, 0) else hill.get(to, 1)
    costs, previous = graph.cheapest(g, (0, 0), cost, budget=4)
    assert costs == {(0, 0): 0, (1, 0): 1, (0, 1): 1, (0, 2): 2, (1, 2): 3, (2, 2): 4, (1, 1): 4}
    assert previous[(2, 2)] == (1, 2) and previous[(1, 1)] == (0, 1)    # (1, 0) and (0, 1) tie: node order
    assert graph.cheapest(g, (0, 0), cost, budget=4, tie=lambda p: (p[1], p[0]))[1][(1, 1)] == (1, 0)  # by row
    assert graph.cheapest(g, (0, 0), cost, budget=0) == ({(0, 0): 0}, {})
    assert graph.cheapest(g, (0, 0), cost)[0][(2, 1)] == 5                  # no budget: (2, 0) stays closed


def test_cheapest_ties_go_to_the_first_node_by_tie() -> None:
    g = graph.grid_graph(2, 2)
    costs, previous = graph.cheapest(g, (0, 0), lambda u, v: 1, budget=5, tie=lambda p: (-p[0], p[1]))
    assert costs[(1, 1)] == 2 and previous[(1, 1)] == (1, 0)
    costs, previous = graph.cheapest(g, (0, 0), lambda u, v: 1, budget=5, tie=lambda p: (p[0], p[1]))
    assert previous[(1, 1)] == (0, 1)


def test_components_of_a_subgraph_ordered_by_their_smallest_node() -> None:
    assert graph.components(PATH, ["a", "b", "d", "e", "f", "c"]) == [{"a", "b", "c", "d"}, {"e", "f"}]
    assert graph.components(PATH, ["d", "a", "c"]) == [{"a"}, {"c"}, {"d"}]
    assert graph.components(PATH, []) == []


@pytest.mark.parametrize("seed", range(8))
def test_the_searches_agree_with_networkx(seed: int) -> None:
    rnd = random.Random(seed)
    g = nx.gnp_random_graph(30, 0.08, seed=seed)
    g = graph.graph_of({n: list(g.adj[n]) for n in g})
    blocked = set(rnd.sample(range(30), 6))
    start = next(n for n in range(30) if n not in blocked)
    open_ = nx.subgraph_view(g, filter_node=lambda n: n not in blocked or n == start)
    assert graph.reachable(g, start, lambda n: n not in blocked) == nx.node_connected_component(open_, start)
    assert graph.steps(g, [start]) == nx.single_source_shortest_path_length(g, start)
    assert graph.components(g, set(g) - blocked) == sorted(nx.connected_components(g.subgraph(set(g) - blocked)),
                                                          key=min)
    goal = {n for n in g if n % 7 == 3} - {start}
    path = graph.first_path(g, start, goal.__contains__, lambda n: n not in blocked)
    reach = nx.single_source_shortest_path_length(open_, start)
    if path is None:
        assert not goal & set(reach)
        assert not graph.has_path(g, [start], goal.__contains__, lambda n: n not in blocked or n == start)
    else:
        assert len(path) - 1 == min(reach[n] for n in goal & set(reach)) and nx.is_path(open_, path)
        assert graph.has_path(g, [start], goal.__contains__, lambda n: n not in blocked or n == start)
    weights = {n: rnd.randint(1, 4) for n in g}
    costs, previous = graph.cheapest(g, start, lambda u, v: None if v in blocked else weights[v], budget=9)
    nx_costs = nx.single_source_dijkstra_path_length(open_, start, cutoff=9, weight=lambda u, v, _: weights[v])
    assert costs == {n: c for n, c in nx_costs.items() if n not in blocked or n == start}
    for n, p in previous.items():
        assert costs[p] + weights[n] == costs[n]
