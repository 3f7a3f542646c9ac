"""Fog of war, the grid part: tactics.md "Fog of war" (vision, +3 on mountains for foot soldiers,
forest and reef hiding, own properties always seen, aircraft can't hide)."""
from __future__ import annotations

import pytest

from academy.games.tactics.fog import is_hiding_place, is_visible, sight_of, vision_range
from academy.games.tactics.terrain import parse_grid

OPEN = parse_grid(["." * 11] * 11)


def test_vision_is_a_manhattan_diamond() -> None:
    """Each unit sees a number of tiles around it (its vision): Recon 5, Tank 3, Infantry 2."""
    for unit, r in (("recon", 5), ("tank", 3), ("infantry", 2), ("missiles", 5)):
        sight = sight_of(OPEN, [(unit, (5, 5))])
        assert sight.seen == {(x, y) for x in range(11) for y in range(11) if abs(x - 5) + abs(y - 5) <= r}


def test_foot_soldiers_on_a_mountain_see_three_further() -> None:
    """Infantry and Mech on a mountain see 3 tiles further (vehicles can't climb, aircraft don't gain)."""
    assert vision_range("infantry", "mountain") == 5 and vision_range("mech", "mountain") == 5
    assert vision_range("fighter", "mountain") == 2
    grid = parse_grid(["^......"])
    assert (5, 0) in sight_of(grid, [("infantry", (0, 0))]).seen
    assert (6, 0) not in sight_of(grid, [("infantry", (0, 0))]).seen


def test_forest_and_reef_hide_unless_adjacent() -> None:
    """Ground units in a forest and boats on a reef are hidden unless one of your units is right next to them."""
    grid = parse_grid(["..f.*~"])
    far = sight_of(grid, [("recon", (0, 0))])
    assert not is_visible(grid, far, "infantry", (2, 0))
    assert not is_visible(grid, far, "gunboat", (4, 0))
    assert is_visible(grid, far, "gunboat", (5, 0))
    close = sight_of(grid, [("recon", (1, 0)), ("infantry", (3, 0))])
    assert is_visible(grid, close, "infantry", (2, 0)) and is_visible(grid, close, "gunboat", (4, 0))


def test_aircraft_cannot_hide() -> None:
    grid = parse_grid(["..f"])
    sight = sight_of(grid, [("infantry", (0, 0))])
    assert not is_hiding_place("fighter", "forest") and is_visible(grid, sight, "fighter", (2, 0))


def test_own_properties_always_show_what_stands_on_them() -> None:
    grid = parse_grid(["......C"])
    sight = sight_of(grid, [("infantry", (0, 0))], own_properties=[(6, 0)])
    assert is_visible(grid, sight, "tank", (6, 0))
    assert not is_visible(grid, sight, "tank", (5, 0))


def test_no_units_see_nothing_but_own_properties() -> None:
    sight = sight_of(OPEN, [], own_properties=[(1, 1)])
    assert sight.seen == {(1, 1)}


def test_bad_positions() -> None:
    with pytest.raises(ValueError, match="off the"):
        sight_of(OPEN, [("tank", (20, 0))])
