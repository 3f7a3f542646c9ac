"""Reachable tiles: tactics.md "Movement" (movement points, fuel, friends pass, enemies block),
"Terrain table" (costs per move type), "Weather (campaign missions)"; attack ranges ("Combat and damage")."""
from __future__ import annotations

import pytest

from academy.core.errors import IllegalAction
from academy.games.tactics.movement import attack_tiles, neighbours, reachable, threatened_tiles
from academy.games.tactics.terrain import parse_grid

OPEN = parse_grid(["=" * 9] * 9)     # 9 × 9 of road: cost 1 for every land move type


def diamond(centre: tuple[int, int], radius: int, size: int = 9) -> set[tuple[int, int]]:
    cx, cy = centre
    return {(x, y) for x in range(size) for y in range(size) if abs(x - cx) + abs(y - cy) <= radius}


def test_open_road_gives_a_diamond_of_movement_points() -> None:
    """Movement: up to its movement points, one point per road tile (Infantry 3, Tank 6)."""
    assert set(reachable(OPEN, "infantry", (4, 4)).tiles) == diamond((4, 4), 3)
    assert set(reachable(OPEN, "tank", (4, 4)).tiles) == diamond((4, 4), 6)
    assert reachable(OPEN, "tank", (4, 4)).cost_to((4, 0)) == 4


def test_fuel_caps_the_move() -> None:
    """Movement: never more points than the fuel left (1 fuel per point)."""
    reach = reachable(OPEN, "tank", (4, 4), fuel=2)
    assert reach.budget == 2 and set(reach.tiles) == diamond((4, 4), 2)
    assert set(reachable(OPEN, "tank", (4, 4), fuel=0).tiles) == {(4, 4)}


def test_terrain_costs_by_move_type() -> None:
    """Terrain table: tires pay 2 on plains, treads 2 in forest; treads can't climb mountains."""
    grid = parse_grid([".....", "f^...", "....."])
    recon = reachable(grid, "recon", (0, 0))           # 8 points, 2 per plains tile
    assert recon.cost_to((4, 0)) == 8 and (4, 2) not in recon.tiles
    tank = reachable(grid, "tank", (0, 0), movement=3)
    assert tank.cost_to((0, 1)) == 2 and (1, 1) not in tank.costs
    assert tank.cost_to((0, 2)) == 3
    inf = reachable(grid, "infantry", (0, 0))
    assert inf.cost_to((1, 1)) == 3                    # plains 1 + mountain 2


def test_friends_pass_but_cannot_be_stopped_on() -> None:
    """Movement: friendly units can be passed through but not stopped on."""
    grid = parse_grid(["....."])
    reach = reachable(grid, "infantry", (0, 0), friends={(1, 0)})
    assert (1, 0) not in reach.tiles and (2, 0) in reach.tiles and (3, 0) in reach.tiles
    assert reach.path_to((3, 0)) == ((0, 0), (1, 0), (2, 0), (3, 0))


def test_boarding_a_transport_is_the_exception() -> None:
    """Movement: except to board a transport with room."""
    grid = parse_grid(["....."])
    reach = reachable(grid, "infantry", (0, 0), friends={(1, 0)}, boardable={(1, 0)})
    assert (1, 0) in reach.tiles


def test_enemies_block() -> None:
    """Movement: enemy units block all movement."""
    grid = parse_grid([".....", "^^^^."])
    reach = reachable(grid, "tank", (0, 0), enemies={(2, 0)})
    assert reach.tiles == {(0, 0), (1, 0)}
    inf = reachable(grid, "infantry", (0, 0), enemies={(2, 0)})
    assert (3, 0) not in inf.tiles              # the detour over mountains costs 2 + 2 + 2 + 1 > 3


def test_ships_and_aircraft() -> None:
    """Terrain table: sea units stay on water (ports too); aircraft cross everything at 1."""
    grid = parse_grid(["~~P==", "~*~^f"])
    boat = reachable(grid, "battleship", (0, 0))
    assert boat.tiles == {(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)} and boat.cost_to((1, 1)) == 3   # sea 1, then reef 2
    assert set(reachable(grid, "fighter", (0, 0)).tiles) == {(x, y) for x in range(5) for y in range(2)}
    lander = reachable(parse_grid(["~_."]), "lander", (0, 0))
    assert lander.tiles == {(0, 0), (1, 0)}


def test_snow_and_rain() -> None:
    """Weather: snow adds 1 on plains for ground units and takes 1 point from aircraft; rain muds plains."""
    grid = parse_grid(["." * 9])
    assert max(x for x, _ in reachable(grid, "infantry", (0, 0), weather="snow").tiles) == 1
    assert max(x for x, _ in reachable(grid, "tank", (0, 0), weather="rain").tiles) == 3
    assert reachable(grid, "fighter", (0, 0), weather="snow").budget == 8


def test_bad_starts_and_unreachable_tiles() -> None:
    grid = parse_grid(["~."])
    with pytest.raises(ValueError, match="can't stand"):
        reachable(grid, "tank", (0, 0))
    with pytest.raises(ValueError, match="off the"):
        reachable(grid, "tank", (5, 0))
    with pytest.raises(ValueError):
        reachable(grid, "tank", (1, 0), fuel=-1)
    with pytest.raises(IllegalAction) as err:
        reachable(grid, "tank", (1, 0)).path_to((0, 0))
    assert err.value.reason == "unreachable"
    with pytest.raises(IllegalAction):
        reachable(grid, "tonk", (1, 0))


def test_neighbours_stay_on_the_grid() -> None:
    assert set(neighbours(OPEN, (0, 0))) == {(1, 0), (0, 1)}
    assert len(list(neighbours(OPEN, (4, 4)))) == 4


def test_attack_tiles_follow_the_range() -> None:
    """Combat and damage: direct fire hits neighbours; Artillery 2-3, Rockets 3-5; unarmed nothing."""
    assert attack_tiles(OPEN, "tank", (4, 4)) == {(3, 4), (5, 4), (4, 3), (4, 5)}
    assert attack_tiles(OPEN, "artillery", (4, 4)) == diamond((4, 4), 3) - diamond((4, 4), 1)
    assert attack_tiles(OPEN, "rockets", (4, 4)) == diamond((4, 4), 5) - diamond((4, 4), 2)
    assert attack_tiles(OPEN, "apc", (4, 4)) == frozenset()


def test_threatened_tiles() -> None:
    """Indirect units can't fire after moving, so they threaten only from where they stand."""
    assert threatened_tiles(OPEN, "artillery", (4, 4)) == attack_tiles(OPEN, "artillery", (4, 4))
    assert threatened_tiles(OPEN, "infantry", (4, 4)) == diamond((4, 4), 4)
