"""Order notation: every kind of order parses and formats back (fronts.md "Units", "Income")."""
from __future__ import annotations

import pytest

from academy.core.errors import AmbiguousNotation, InvalidNotation
from academy.games.fronts.mapdata import load_map
from academy.games.fronts.orders import Order, format_order, parse_order

M = load_map("crossroads")


@pytest.mark.parametrize("text, order", [
    ("3 infantry 2 armor Redhaven -> Ember Ford", Order("move", "redhaven", (("infantry", 3), ("armor", 2)),
                                                        ("ember_ford",))),
    ("1 armor Ember Ford -> South Pass -> Crown", Order("move", "ember_ford", (("armor", 1),),
                                                        ("south_pass", "crown"))),
    ("2 artillery Ember Ford support South Pass", Order("support", "ember_ford", (("artillery", 2),),
                                                        ("south_pass",))),
    ("1 air Redhaven strike Crown", Order("strike", "redhaven", (("air", 1),), ("crown",))),
    ("2 air Redhaven scout Tidewater", Order("scout", "redhaven", (("air", 2),), ("tidewater",))),
    ("build 2 infantry 1 air Redhaven", Order("build", "redhaven", (("infantry", 2), ("air", 1)))),
    ("Cinder Hill hold", Order("hold", "cinder_hill")),
])
def test_orders_parse_and_format_round_trip(text, order):
    assert parse_order(text, M) == order
    assert format_order(order, M) == text


def test_orders_are_read_leniently():
    assert format_order(parse_order("2 tanks 1 inf  ember ford->south pass", M), M) == \
        "1 infantry 2 armor Ember Ford -> South Pass"
    assert parse_order("air redhaven strikes crown", M).units == (("air", None),)
    assert parse_order("all redhaven -> rustwood", M).units == ()
    assert parse_order("Redhaven holds", M).kind == "hold"


@pytest.mark.parametrize("text", ["", "2 infantery Redhaven -> Crown", "2 infantry Paris -> Crown",
                                  "Redhaven marches on Crown", "build infantry Redhaven", "build 2 Redhaven",
                                  "2 infantry 1 infantry Redhaven -> Rustwood"])
def test_orders_that_cannot_be_read_are_refused(text):
    with pytest.raises(InvalidNotation):
        parse_order(text, M)


def test_orders_with_an_ambiguous_province_prefix():
    with pytest.raises(AmbiguousNotation):
        parse_order("1 infantry Redhaven -> S", M)


def test_units_a_stack_moves_at_its_slowest_units_pace(make):
    """fronts.md "Units": armor moves 2, infantry 1; a stack of both moves 1, and the refusal says so."""
    from academy.core.errors import IllegalAction
    from academy.games.fronts.game import FrontsGame
    g = FrontsGame()
    s = g.state_from_board(make(g, stacks={"red": {"northgate": {"infantry": 2, "armor": 1}}}))
    with pytest.raises(IllegalAction) as e:
        s.validate_orders("red", ["2 infantry 1 armor Northgate -> Westmere"])
    assert e.value.reason == "too_far" and "infantry move 1 province a turn" in e.value.message
    assert "Move only the armor" in e.value.message
    assert s.validate_orders("red", ["1 armor Northgate -> Westmere"]) == ("1 armor Northgate -> Ashford -> Westmere",)
    assert "westmere" not in s.move_targets("red", "northgate", {"infantry": 2, "armor": 1})
    assert "westmere" in s.move_targets("red", "northgate", {"armor": 1})
