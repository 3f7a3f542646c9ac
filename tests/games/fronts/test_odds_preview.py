"""The odds preview builds every battle the planned orders cause, as the engine resolves them, and
gives its exact odds: fronts.md "Battles" (strengths, S² ÷ ΣS², three or more sides, border
clashes), "Units" (artillery support, air strikes attacking or defending), "Defense bonuses"
(terrain, rivers, digging in, supply) and "Turn order" (the order battles resolve in).

Each figure below is worked out by hand in its comment."""
from __future__ import annotations

from fractions import Fraction

import pytest

from academy.core.errors import IllegalAction
from academy.games.fronts.game import FrontsGame
from academy.games.fronts.goals import fixed_orders_of, start_state
from academy.games.fronts.odds import preview, turn_odds


def _given(state):
    return {p: list(t) for p, t in fixed_orders_of(state).items() if t}


def test_battles_two_stacks_moving_into_one_province_fight_as_one_side():
    # fronts.md "Battles": a side's strength is the sum of its units; "Defense bonuses": urban,
    # river. Riverton (urban, river on both borders) holds a garrison of 2 infantry: 2 × 2 × 1.5 = 6.
    # Millbrook's 2 infantry 1 armor: (2 + 3.5 × 0.5) ÷ 1.25 = 3; Oakhollow's 2 infantry: 2 ÷ 1.25 = 1.6.
    s = FrontsGame().new_initial_state()
    alone = preview(s, "red", "2 infantry 1 armor Millbrook -> Riverton")
    assert alone.battle.strengths() == [3, 6] and alone.battle.win_probabilities()[0] == Fraction(1, 5)
    p = preview(s, "red", "2 infantry 1 armor Millbrook -> Riverton", ["2 infantry Oakhollow -> Riverton"])
    assert p.province == "riverton" and p.chance == 1 and not p.estimated
    assert p.battle.strengths() == [Fraction(23, 5), 6]
    assert p.battle.win_probabilities()[0] == Fraction(529, 1429)        # 4.6² ÷ (4.6² + 6²) = 37%
    assert [len(side.stacks) for side in p.battle.sides] == [2, 1]
    assert p.holds == {"north": Fraction(529, 1429), None: Fraction(900, 1429)}
    # the same battle from the other order's point of view, and the old keyword still works
    q = preview(s, "red", "2 infantry Oakhollow -> Riverton", orders=["2 infantry 1 armor Millbrook -> Riverton"])
    assert q.battle.strengths() == p.battle.strengths()


def test_battles_lesson_8_two_armor_stacks_make_14_against_6():
    # "Falling back": 2 armor from Millbrook and 2 from Ashford into plains Westmere: 4 × 3.5 = 14
    # against 3 infantry × 2 = 6: 14² ÷ (14² + 6²) = 196 ÷ 232 = 49/58 (84%).
    s = start_state("Red to order; Red 10: 2 armor Millbrook, 2 armor Ashford, 2 infantry Riverton; Blue 10: "
                    "3 infantry Westmere; neutral: none; owners: Westmere Blue, Riverton Red")
    orders = ["2 armor Millbrook -> Westmere", "2 armor Ashford -> Westmere", "2 infantry Riverton -> Greyridge"]
    for text in orders[:2]:
        p = preview(s, "red", text, [t for t in orders if t != text])
        assert p.battle.strengths() == [14, 6] and p.battle.win_probabilities()[0] == Fraction(49, 58)
    assert [b.province for b in turn_odds(s, "red", orders).battles] == ["westmere"]


def test_battles_lesson_17_both_stacks_into_the_neutral_city():
    # "Neutral cities": garrison 2 × 2 × 1.5 = 6; Westmere's 4 infantry 2 armor 4 + 7 × 0.5 = 7.5;
    # Millbrook's 4 infantry across the river 4 ÷ 1.25 = 3.2: 10.7² ÷ (10.7² + 6²) = 11449/15049 (76%).
    s = start_state("Red to order; Red 10: 4 infantry 2 armor Westmere, 4 infantry Millbrook; Blue 10: "
                    "2 infantry Saltmarsh; neutral: 2 infantry Riverton; owners: Westmere Red")
    p = preview(s, "red", "4 infantry 2 armor Westmere -> Riverton", ["4 infantry Millbrook -> Riverton"])
    assert p.battle.strengths() == [Fraction(107, 10), 6]
    assert p.battle.win_probabilities()[0] == Fraction(11449, 15049)


def test_units_a_plane_striking_its_own_province_defends_it():
    # "Units" (Air): to defend a province, strike it. Millbrook's 1 infantry, dug in (a starting
    # city, +25%): 2 × 1.25 = 2.5, +3 for the plane = 5.5 against Blue's 2 infantry attacking with 2:
    # 5.5² ÷ (5.5² + 2²) = 121/137 (88%). Blue's orders are the exercise's, counted.
    s = start_state("Red to order; Red 10: 1 air Northgate, 1 infantry Millbrook; Blue 10: 2 infantry Westmere; "
                    "neutral: none; owners: Westmere Blue; Blue orders: 2 infantry Westmere -> Millbrook")
    p = preview(s, "red", "1 air Northgate strike Millbrook", _given(s))
    assert p.province == "millbrook" and [side.name for side in p.battle.sides] == ["Blue", "Red"]
    assert p.battle.strengths() == [2, Fraction(11, 2)]
    assert p.battle.win_probabilities()[1] == Fraction(121, 137)
    assert p.holds == {"north": Fraction(121, 137), "south": Fraction(16, 137)}
    # without the other side's orders nobody attacks Millbrook: no battle, no odds
    assert preview(s, "red", "1 air Northgate strike Millbrook") is None


def test_battles_three_sides_roll_once_then_the_winner_fights_the_holder():
    # "Battles": three or more sides marching in roll once; the winner then fights whoever held it.
    # Crown is urban: Red 4 + 2 × 3.5 × 0.5 = 7.5, Blue 4, Green 4: 7.5² ÷ (7.5² + 4² + 4²) = 225/353.
    # Red, winning, loses 0.5 × 8/15.5 of its 6 units = 1.55 -> 2 infantry: 2 + 3.5 = 5.5 left; the
    # garrison (3 infantry 1 artillery, never dug in) defends with (6 + 1) × 1.5 = 10.5:
    # 5.5² ÷ (5.5² + 10.5²) = 121/562. Blue's and Green's stacks are hidden by the fog: their given
    # orders put them on the board.
    s = start_state("Red to order; map: crossroads; players: 3; mode: ffa; Red 10: 4 infantry 2 armor South Pass; "
                    "Blue 10: 4 infantry East Pass; Green 10: 4 infantry North Pass; neutral: 3 infantry "
                    "1 artillery Crown; owners: South Pass Red, East Pass Blue, North Pass Green; Blue orders: "
                    "4 infantry East Pass -> Crown; Green orders: 4 infantry North Pass -> Crown")
    odds = turn_odds(s, "red", ["4 infantry 2 armor South Pass -> Crown"], _given(s))
    roll, *after = odds.battles
    assert roll.kind == "roll" and roll.chance == 1
    assert [side.name for side in roll.battle.sides] == ["Blue", "Green", "Red"]
    assert roll.battle.strengths() == [4, 4, Fraction(15, 2)]
    assert roll.win_probabilities() == [Fraction(64, 353), Fraction(64, 353), Fraction(225, 353)]
    red = next(b for b in after if b.after == ("Red wins the roll in Crown",))
    assert red.kind == "battle" and red.chance == Fraction(225, 353)
    assert red.battle.strengths() == [Fraction(11, 2), Fraction(21, 2)]
    assert red.win_probabilities()[0] == Fraction(121, 562)
    assert sum(b.chance for b in after) == 1 and len(after) == 3
    assert odds.holds["crown"]["red"] == Fraction(225, 353) * Fraction(121, 562)
    p = preview(s, "red", "4 infantry 2 armor South Pass -> Crown", _given(s))
    assert p.battle == roll.battle and p.battles == odds.battles


def test_battles_a_border_clash_winner_carries_on_into_the_province():
    # "Battles" (border clashes): armies swapping places fight on the border with attack values,
    # 5 against 2: 25/29. Red, winning, loses 0.5 × 2/7 × 5 = 0.71 -> 1 and carries on into plains
    # Westmere with 4; Blue's loser (2 - 1) stays home with the 1 that stood there: 2 infantry × 2 = 4.
    # 4 against 4: 1/2, happening with the clash's 25/29. Turn order: the clash resolves first.
    s = start_state("Red to order; Red 10: 5 infantry Millbrook; Blue 10: 3 infantry Westmere, 1 infantry "
                    "Saltmarsh; neutral: none; owners: Westmere Blue")
    odds = turn_odds(s, "red", ["5 infantry Millbrook -> Westmere"], {"blue": ["2 infantry Westmere -> Millbrook"]})
    clash, follow, *_ = odds.battles
    assert clash.kind == "border clash" and clash.place == "Millbrook–Westmere"
    assert clash.win_probabilities() == [Fraction(25, 29), Fraction(4, 29)]
    assert follow.province == "westmere" and follow.chance == Fraction(25, 29)
    assert follow.after == ("Red wins the border clash at Millbrook–Westmere",)
    assert follow.battle.strengths() == [4, 4] and follow.win_probabilities() == [Fraction(1, 2), Fraction(1, 2)]


def test_defense_bonuses_a_stack_out_of_supply_fights_at_half_strength():
    # "Defense bonuses" (Supply): Red's 2 infantry in Blue's Greyridge connect to no Red city: half
    # strength, 2 × 1 × 0.5 = 1 against 1 infantry in forest Elmshade 2 × 1.25 = 2.5: 1 ÷ 7.25 = 4/29.
    s = start_state("Red to order; Red 10: 2 infantry Greyridge, 1 infantry Millbrook; Blue 10: 1 infantry "
                    "Elmshade, 1 infantry Saltmarsh; neutral: none; owners: Greyridge Blue, Westmere Blue, "
                    "Riverton Blue")
    p = preview(s, "red", "2 infantry Greyridge -> Elmshade")
    assert not p.battle.sides[0].stacks[0].supplied
    assert p.battle.strengths() == [1, Fraction(5, 2)] and p.battle.win_probabilities()[0] == Fraction(4, 29)


def test_battles_support_and_strike_add_to_the_combined_attack(make, turn):
    # "Units": +2 per gun next door, +3 per plane. Two stacks into plains Westmere (2 infantry and
    # 1 armor; 1 infantry): 2 + 3.5 + 1 = 6.5, +2 +3 = 11.5 against 2 infantry × 2 = 4.
    g = FrontsGame()
    b = make(g, stacks={"red": {"millbrook": {"infantry": 2, "armor": 1}, "ashford": {"infantry": 1, "artillery": 1},
                                "northgate": {"air": 1}},
                        "blue": {"westmere": {"infantry": 2}}}, neutral={}, owners={"westmere": "blue"})
    s = g.state_from_board(b)
    orders = ["2 infantry 1 armor Millbrook -> Westmere", "1 infantry Ashford -> Westmere",
              "1 artillery Ashford support Westmere", "1 air Northgate strike Westmere"]
    p = preview(s, "red", orders[0], orders[1:])
    assert p.battle.strengths() == [Fraction(23, 2), 4]
    _, events = turn(g, b, {"red": orders}, ["first"])
    fight = next(e for e in events if e.kind == "battle")
    assert [x["chance"] for x in fight.data["sides"]] == [float(x) for x in p.battle.win_probabilities()]


def test_fog_the_preview_sees_only_what_the_player_sees(make):
    # "Fog": a stack seen only as types and a size range is estimated (the middle of the range), a
    # hidden stack is not there: a move into it causes no battle.
    g = FrontsGame()
    b = make(g, stacks={"red": {"northgate": {"armor": 1}}, "blue": {"westmere": {"infantry": 5},
                                                                    "saltmarsh": {"infantry": 9}}}, neutral={})
    s = g.state_from_board(b)
    p = preview(s, "red", "1 armor Northgate -> Millbrook -> Westmere")
    assert p.estimated and p.battle.sides[1].units["infantry"] == 5
    assert turn_odds(s, "red", ["1 armor Northgate -> Millbrook -> Westmere"]).estimated


def test_preview_refuses_what_is_not_a_move_support_or_strike():
    s = FrontsGame().new_initial_state()
    with pytest.raises(IllegalAction) as e:
        preview(s, "red", "Northgate hold")
    assert e.value.reason == "not_a_move"


def test_battles_past_the_walks_limit_the_later_battles_follow_the_likelier_winner(monkeypatch):
    # "Battles" (three or more sides): with room for one way only, the roll keeps its exact odds, the
    # follow-on battle after Red's (likelier) win is still found, and the result says it is approximate.
    from academy.games.fronts import odds as odds_module
    monkeypatch.setattr(odds_module, "MAX_LEAVES", 1)
    s = start_state("Red to order; map: crossroads; players: 3; mode: ffa; Red 10: 4 infantry 2 armor South Pass; "
                    "Blue 10: 4 infantry East Pass; Green 10: 4 infantry North Pass; neutral: 3 infantry "
                    "1 artillery Crown; owners: South Pass Red, East Pass Blue, North Pass Green; Blue orders: "
                    "4 infantry East Pass -> Crown; Green orders: 4 infantry North Pass -> Crown")
    odds = turn_odds(s, "red", ["4 infantry 2 armor South Pass -> Crown"], _given(s))
    assert odds.approximate and len(odds.battles) == 2
    assert odds.battles[0].win_probabilities()[2] == Fraction(225, 353)
    assert sum(odds.holds["crown"].values()) == 1
