"""Odds of a planned move as the player sees them (fronts.md "Battles", "Fog"): the same battle the
engine would fight when the defenders are seen exactly."""
from __future__ import annotations

from fractions import Fraction

import pytest

from academy.core.errors import IllegalAction
from academy.games.fronts.game import FrontsGame
from academy.games.fronts.odds import preview


def test_odds_preview_matches_the_battle_the_engine_fights(make, turn):
    g = FrontsGame()
    b = make(g, stacks={"red": {"millbrook": {"infantry": 2, "armor": 1}, "ashford": {"artillery": 1},
                                "northgate": {"air": 1}},
                        "blue": {"westmere": {"infantry": 2}}}, neutral={}, owners={"westmere": "blue"})
    s = g.state_from_board(b)
    orders = ["2 infantry 1 armor Millbrook -> Westmere", "1 artillery Ashford support Westmere",
              "1 air Northgate strike Westmere"]
    p = preview(s, "red", orders[0], orders[1:])
    assert p.province == "westmere" and not p.estimated
    assert p.battle.strengths() == [Fraction(2 * 2 + 7, 2) + 2 + 3, 4]   # 2 + 3.5, +2 gun, +3 plane
    _, events = turn(g, b, {"red": orders}, ["first"])
    fight = next(e for e in events if e.kind == "battle")
    assert [s["strength"] for s in fight.data["sides"]] == [float(x) for x in p.battle.strengths()]
    assert [s["chance"] for s in fight.data["sides"]] == [float(x) for x in p.battle.win_probabilities()]


def test_odds_preview_estimates_a_stack_seen_only_as_a_size_range(make):
    g = FrontsGame()
    b = make(g, stacks={"red": {"highcrag": {"infantry": 1}, "northgate": {"infantry": 1}},
                        "blue": {"eastmere": {"infantry": 5}}}, neutral={})
    s = g.state_from_board(b)
    assert preview(s, "red", "1 infantry Highcrag -> Eastmere").estimated is False   # next to a red stack
    b2 = make(g, stacks={"red": {"northgate": {"armor": 1}}, "blue": {"westmere": {"infantry": 5}}}, neutral={})
    s2 = g.state_from_board(b2)
    assert s2.observation("red")["stacks"]["westmere"] == [{"owner": "blue", "types": ["infantry"], "size": "4-6"}]
    p = preview(s2, "red", "1 armor Northgate -> Millbrook -> Westmere")
    assert p.estimated and p.battle.sides[1].units["infantry"] == 5 and "estimated" in p.battle.sides[1].name
    assert preview(s2, "red", "1 armor Northgate -> Ashford") is None


def test_odds_preview_only_for_moves():
    s = FrontsGame().new_initial_state()
    with pytest.raises(IllegalAction) as e:
        preview(s, "red", "Northgate hold")
    assert e.value.reason == "not_a_move"
