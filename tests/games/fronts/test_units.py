"""Units and costs: fronts.md, "Units"; plus the modules' doctests."""
from __future__ import annotations

import doctest
from fractions import Fraction as F

import pytest

from academy.core.errors import IllegalAction, InvalidNotation
from academy.games.fronts import battle, mapdata, movement, supply, terrain, units
from academy.games.fronts.units import (LOSS_ORDER, UNITS, cost_of, format_units, parse_units, stack_moves,
                                        unit_count, unit_type)


def test_units_table() -> None:
    """Units: cost, attack, defense and move of every unit, as in the table."""
    rows = {k: (u.cost, u.attack, u.defense, u.move) for k, u in UNITS.items()}
    assert rows == {
        "infantry": (3, 1, 2, 1),
        "armor": (6, F(7, 2), 2, 2),
        "artillery": (5, 1, 1, 1),
        "air": (8, None, None, 0),
    }
    assert units.GUN_SUPPORT == 2 and units.PLANE_STRIKE == 3 and units.AIR_RANGE == 3


def test_units_loss_order() -> None:
    """Units: "Losses come off infantry, then artillery, then armor, then air"."""
    assert LOSS_ORDER == ("infantry", "artillery", "armor", "air")


def test_units_costs() -> None:
    """Units: infantry 3, armor 6, artillery 5, air 8."""
    assert cost_of({"infantry": 2, "armor": 1, "artillery": 1, "air": 1}) == 6 + 6 + 5 + 8
    assert cost_of({}) == 0


def test_units_moves_of_a_stack() -> None:
    """Units: move 1 for infantry and artillery, 2 for armor; a stack goes at its slowest ground unit."""
    assert stack_moves({"armor": 3}) == 2
    assert stack_moves({"armor": 3, "infantry": 1}) == 1
    assert stack_moves({"artillery": 1}) == 1
    assert stack_moves({"air": 2}) == 0


def test_units_names_and_counts() -> None:
    """Units: names are forgiving; counts are whole numbers of 0 or more."""
    assert unit_type("Tanks").id == "armor"
    assert parse_units({"inf": 2, "Infantry": 1}) == {"infantry": 3, "artillery": 0, "armor": 0, "air": 0}
    assert unit_count({"infantry": 2, "air": 1}) == 3
    assert format_units({"armor": 1, "infantry": 2}) == "2 infantry, 1 armor"
    assert format_units({}) == "no units"
    with pytest.raises(InvalidNotation) as e:
        unit_type("infantri")
    assert "Did you mean Infantry" in str(e.value)
    for bad in (-1, 1.5, True):
        with pytest.raises(IllegalAction) as e2:
            parse_units({"infantry": bad})
        assert e2.value.reason == "bad_count"


@pytest.mark.parametrize("module", [units, terrain, battle, mapdata, movement, supply])
def test_doctests(module: object) -> None:
    """The examples in the docstrings run."""
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0
