"""Where a unit can move and what it can hit from there (tactics.md, "Movement", "Terrain table").

A unit spends up to its movement points each turn, never more than its fuel (1 fuel per
point). Each tile costs points by terrain and move type. Friendly units can be passed
through but not stopped on (except to board a transport with room); enemy units block.
Positions are ``(x, y)`` with ``grid[y][x]`` a terrain id; steps go up, down, left, right.

>>> grid = parse_grid(["..f", ".^.", "..."])
>>> sorted(reachable(grid, "tank", (0, 0), movement=2).tiles)
[(0, 0), (0, 1), (0, 2), (1, 0)]
"""
from __future__ import annotations

import functools
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from academy.core import graph
from academy.core.errors import IllegalAction
from academy.core.text import a
from academy.games.tactics.terrain import move_cost, movement_points, parse_grid, terrain_of
from academy.games.tactics.units import UnitType, unit_type

__all__ = ["Position", "Reach", "attack_tiles", "neighbours", "reachable", "threatened_tiles", "parse_grid"]

Position = tuple[int, int]
Grid = Sequence[Sequence[str]]


def _size(grid: Grid) -> tuple[int, int]:
    if not grid or not grid[0]:
        raise ValueError("the grid is empty")
    return len(grid[0]), len(grid)


def _on_grid(grid: Grid, pos: Position) -> bool:
    w, h = _size(grid)
    return 0 <= pos[0] < w and 0 <= pos[1] < h


@functools.cache
def _cost(terrain: str, unit: str, weather: str) -> int | None:
    """move_cost for ids, cached: the inner loop of :func:`reachable`."""
    return move_cost(terrain, unit, weather)


def neighbours(grid: Grid, pos: Position) -> Iterator[Position]:
    """The up to four tiles next to ``pos`` (right, left, down, up) that lie on the grid."""
    x, y = pos
    for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if _on_grid(grid, (nx, ny)):
            yield (nx, ny)


@dataclass(frozen=True)
class Reach:
    """The result of :func:`reachable`.

    ``costs`` holds the cheapest cost to every tile the unit can get to (friend-occupied
    tiles included, since it can pass them); ``tiles`` the tiles it can end its move on
    (its start included); ``budget`` the points it had (movement capped by fuel).
    """

    unit: str
    start: Position
    budget: int
    costs: Mapping[Position, int]
    previous: Mapping[Position, Position]
    tiles: frozenset[Position]

    def cost_to(self, tile: Position) -> int:
        """Movement points (= fuel) to reach ``tile``; raises IllegalAction(reason="unreachable")."""
        if tile not in self.costs:
            raise IllegalAction("unreachable", f"{tile} is out of reach: it costs more than the {self.budget} "
                                f"points this {unit_type(self.unit).name} has, or the way is blocked.")
        return self.costs[tile]

    def path_to(self, tile: Position) -> tuple[Position, ...]:
        """A cheapest path from the start to ``tile``, both included; raises IllegalAction if unreachable."""
        self.cost_to(tile)
        path = [tile]
        while path[-1] != self.start:
            path.append(self.previous[path[-1]])
        return tuple(reversed(path))


def _reading_order(pos: Position) -> tuple[int, int]:
    return pos[1], pos[0]


def reachable(grid: Grid, unit: str | UnitType, start: Position, *, movement: int | None = None,
              fuel: int | None = None, friends: Collection[Position] = (), enemies: Collection[Position] = (),
              boardable: Collection[Position] = (), weather: str = "clear") -> Reach:
    """Every tile ``unit`` can reach from ``start`` this turn (Dijkstra over move costs).

    ``movement`` overrides the unit's movement points (default: its type's, 1 less for
    aircraft in snow); ``fuel`` caps the points (default: no cap). ``friends`` are tiles
    with friendly units (pass, don't stop), ``enemies`` tiles with enemy units (blocked),
    ``boardable`` friendly transports with room for this unit (it may stop there).

    Raises IllegalAction for unknown names, ValueError for a start off the grid or on
    terrain the unit can't stand on, or for negative movement or fuel.
    """
    u = unit_type(unit)
    if not _on_grid(grid, start):
        raise ValueError(f"start {start} is off the {_size(grid)[0]}×{_size(grid)[1]} grid")
    if move_cost(grid[start[1]][start[0]], u, weather) is None:
        raise ValueError(f"{a(u.name)} can't stand on {terrain_of(grid[start[1]][start[0]]).name} at {start}")
    budget = movement_points(u, weather) if movement is None else movement
    if fuel is not None:
        if fuel < 0:
            raise ValueError(f"fuel can't be negative, got {fuel}")
        budget = min(budget, fuel)
    if budget < 0:
        raise ValueError(f"movement can't be negative, got {budget}")
    friends_set, enemies_set, board_set = set(friends), set(enemies), set(boardable)
    width, height = _size(grid)

    def step(_: Position, to: Position) -> int | None:
        return None if to in enemies_set else _cost(grid[to[1]][to[0]], u.id, weather)

    # ties between cheapest paths go to the previous tile first in reading order (row, then column)
    costs, previous = graph.cheapest(graph.grid_graph(width, height), start, step, budget, tie=_reading_order)
    stops = frozenset(p for p in costs if p == start or p not in friends_set or p in board_set)
    return Reach(u.id, start, budget, MappingProxyType(costs), MappingProxyType(previous), stops)


def attack_tiles(grid: Grid, unit: str | UnitType, position: Position) -> frozenset[Position]:
    """Tiles ``unit`` standing at ``position`` can fire at: Manhattan distance within its range.

    Empty for unarmed units.

    >>> sorted(attack_tiles(parse_grid(["....."]), "artillery", (0, 0)))
    [(2, 0), (3, 0)]
    """
    u = unit_type(unit)
    if u.min_range is None or u.max_range is None:
        return frozenset()
    w, h = _size(grid)
    px, py = position
    return frozenset((x, y) for x in range(max(0, px - u.max_range), min(w, px + u.max_range + 1))
                     for y in range(max(0, py - u.max_range), min(h, py + u.max_range + 1))
                     if u.min_range <= abs(x - px) + abs(y - py) <= u.max_range)


def threatened_tiles(grid: Grid, unit: str | UnitType, start: Position, **reach_kwargs: object) -> frozenset[Position]:
    """Tiles ``unit`` could attack on its next turn: from any tile it can stop on (direct fire),
    or only from where it stands (indirect fire can't fire after moving).

    Takes the keywords of :func:`reachable`.
    """
    u = unit_type(unit)
    if u.is_indirect:
        return attack_tiles(grid, u, start)
    reach = reachable(grid, u, start, **reach_kwargs)  # type: ignore[arg-type]
    out: set[Position] = set()
    for tile in reach.tiles:
        out |= attack_tiles(grid, u, tile)
    return frozenset(out)
