"""Turn resolution, one test per rule of fronts.md, named after its section ("Turn order",
"Battles", "Defense bonuses", "Leaving a city", "Income", "Neutral cities").

Positions are the duel map ("The Two Rivers") with the stacks replaced; ``draws`` choose each
battle's winner ("first" side or "last" side), so every assertion is exact.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from academy.games.fronts.board import NEUTRAL


def battles(events):
    return [e for e in events if e.kind == "battle"]


def inf(n):
    return {"infantry": n}


# --- Turn order ------------------------------------------------------------------------------

def test_turn_order_all_stacks_move_one_province_per_step(duel, make, turn):
    """Armor with two moves meets a stack in the first province at step 1 and fights there."""
    b = make(duel, stacks={"red": {"millbrook": {"armor": 1}}, "blue": {"westmere": inf(1)}}, neutral={})
    after, events = turn(duel, b, {"red": ["1 armor Millbrook -> Westmere -> Greyridge"]}, ["first"])
    [fight] = battles(events)
    assert fight.data["province"] == "westmere"
    # Battles, "Winners stop in the province they took": the armor does not go on to Greyridge
    assert after.stacks["red"] == {"westmere": {"infantry": 0, "artillery": 0, "armor": 1, "air": 0}}
    assert after.owners["westmere"] == "red"


def test_turn_order_stacks_that_never_meet_do_not_fight(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": inf(2)}, "blue": {"greyridge": inf(2)}}, neutral={})
    after, events = turn(duel, b, {"red": ["2 infantry Millbrook -> Westmere"], "blue": ["Greyridge hold"]})
    assert battles(events) == []
    assert after.stacks["red"]["westmere"]["infantry"] == 2 and after.owners["westmere"] == "red"


def test_turn_order_builds_appear_last_in_cities_held_at_start_and_end(duel, make, turn):
    b = make(duel, stacks={"red": {"northgate": inf(1)}, "blue": {"saltmarsh": inf(1)}}, neutral={})
    after, events = turn(duel, b, {"red": ["build 2 infantry Northgate"]})
    assert after.stacks["red"]["northgate"]["infantry"] == 3
    # Income is paid (12) before the build is paid for (6): 10 + 12 - 6
    assert after.funds["red"] == 16
    kinds = [e.kind for e in events]
    assert kinds.index("build") > max(i for i, k in enumerate(kinds) if k == "income")


def test_income_a_build_in_a_city_that_falls_does_not_happen_and_funds_are_kept(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": inf(1)}, "blue": {"westmere": inf(3)}}, neutral={},
             owners={"westmere": "blue"})
    after, events = turn(duel, b, {"red": ["1 infantry Millbrook -> Ashford", "build 1 infantry Millbrook"],
                                   "blue": ["3 infantry Westmere -> Millbrook"]})
    assert after.owners["millbrook"] == "blue"
    assert "millbrook" not in after.stacks["red"]
    # red keeps its 10 and is paid for Ashford 1, Northgate 5, Pinewood 1, Oakhollow 1, Highcrag 1
    assert after.funds["red"] == 10 + 9
    assert any(e.kind == "build" and not e.data["built"] for e in events)


# --- Moving at the same time / Leaving a city ------------------------------------------------

def test_leaving_a_city_an_enemy_arriving_the_same_turn_takes_it_with_no_fight(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": inf(4)}, "blue": {"westmere": inf(1)}}, neutral={},
             owners={"westmere": "blue"})
    after, events = turn(duel, b, {"red": ["4 infantry Millbrook -> Ashford"],
                                   "blue": ["1 infantry Westmere -> Millbrook"]})
    assert battles(events) == []
    assert after.owners["millbrook"] == "blue" and after.dug["millbrook"] == 0


def test_battles_border_clash_both_lose_loser_stays_winner_fights_on(duel, make, turn):
    """Red Westmere -> Greyridge, Blue Greyridge -> Westmere: a clash on the border (attack values
    on both sides, no terrain); red wins it, carries on into Greyridge and fights the beaten stack."""
    b = make(duel, stacks={"red": {"westmere": inf(2)}, "blue": {"greyridge": inf(2)}}, neutral={},
             owners={"westmere": "red"})
    after, events = turn(duel, b, {"red": ["2 infantry Westmere -> Greyridge"],
                                   "blue": ["2 infantry Greyridge -> Westmere"]}, ["first", "last"])
    clash, fight = battles(events)
    assert clash.data["border"] == ["westmere", "greyridge"]
    assert [s["strength"] for s in clash.data["sides"]] == [2.0, 2.0]          # 2 × attack 1, no terrain
    assert [s["lost"]["infantry"] for s in clash.data["sides"]] == [1, 1]      # winner ½ × ½ × 2 rounds up to 1
    assert "stayed in Greyridge" in clash.text
    # then 1 red infantry attacks the 1 blue infantry dug into the mountain (defense 2 × 1.5 = 3)
    assert fight.data["province"] == "greyridge"
    assert [s["strength"] for s in fight.data["sides"]] == [1.0, 3.0]
    assert fight.data["sides"][0]["chance"] == pytest.approx(0.1)
    assert "red" not in after.stacks or after.stacks["red"] == {}
    assert after.stacks["blue"]["greyridge"]["infantry"] == 1


# --- Battles ---------------------------------------------------------------------------------

def test_battles_loser_that_moved_in_falls_back_where_it_came_from(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": inf(4)}, "blue": {"westmere": inf(4)}}, neutral={},
             owners={"westmere": "blue"})
    after, events = turn(duel, b, {"red": ["4 infantry Millbrook -> Westmere"]}, ["last"])
    [fight] = battles(events)
    assert [s["strength"] for s in fight.data["sides"]] == [4.0, 8.0]
    assert [s["lost"]["infantry"] for s in fight.data["sides"]] == [3, 1]   # 2/3 of 4 -> 3; ½ × 1/3 of 4 -> 1
    assert after.stacks["red"]["millbrook"]["infantry"] == 1
    assert "Red's 1 infantry fell back to Millbrook, where the stack had just come from" in fight.text
    assert after.owners["westmere"] == "blue"


def test_battles_loser_that_moved_in_is_destroyed_if_an_enemy_took_its_province(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": inf(4)}, "blue": {"westmere": inf(4), "ashford": inf(1)}},
             neutral={}, owners={"westmere": "blue", "ashford": "blue"})
    after, events = turn(duel, b, {"red": ["4 infantry Millbrook -> Westmere"],
                                   "blue": ["1 infantry Ashford -> Millbrook"]}, ["last"])
    assert "millbrook" not in after.stacks["red"]
    assert after.owners["millbrook"] == "blue"
    assert "destroyed" in battles(events)[0].text


def test_battles_standing_loser_falls_back_to_a_friendly_province_without_enemies(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": inf(2)}, "blue": {"westmere": inf(6)}}, neutral={},
             owners={"westmere": "blue"})
    after, events = turn(duel, b, {"blue": ["6 infantry Westmere -> Millbrook"]}, ["first"])
    # Ashford is first by name among Ashford, Northgate, Oakhollow (red, no enemy stack)
    assert after.stacks["red"] == {"ashford": {"infantry": 1, "artillery": 0, "armor": 0, "air": 0}}
    assert after.owners["millbrook"] == "blue"
    assert "Red's 1 infantry fell back to Ashford (the stack was standing in Millbrook)" in battles(events)[0].text


def test_battles_standing_loser_with_nowhere_to_go_is_destroyed(duel, make, turn):
    b = make(duel, stacks={"red": {"westmere": inf(4)}, "blue": {"greyridge": inf(5)}}, neutral={},
             owners={"westmere": "red", "ashford": "blue", "millbrook": "blue", "riverton": "blue"})
    after, events = turn(duel, b, {"blue": ["5 infantry Greyridge -> Westmere"]}, ["first"])
    # red is cut off (half strength): 4 × 2 × ½ = 4 against 5; it loses 5/9 of 4 -> 2 and has nowhere to go
    assert after.stacks["red"] == {}
    assert "destroyed" in battles(events)[0].text


def test_battles_three_sides_roll_once_then_the_winner_fights_the_holder(cross_ffa, make, turn):
    """Strengths 10, 5 and 5 marching into South Pass win 67%, 17%, 17%; the winner then fights Gold."""
    b = make(cross_ffa, stacks={"red": {"ember_ford": inf(10)}, "blue": {"frostwood": inf(5)},
                                "green": {"crown": inf(5)}, "gold": {"south_pass": inf(1)}},
             neutral={}, owners={"south_pass": "gold", "crown": "green"})
    after, events = turn(cross_ffa, b, {"red": ["10 infantry Ember Ford -> South Pass"],
                                        "blue": ["5 infantry Frostwood -> South Pass"],
                                        "green": ["5 infantry Crown -> South Pass"]}, ["last", "first"])
    roll, fight = battles(events)
    chances = {s["name"]: Fraction(s["chance"]).limit_denominator(100) for s in roll.data["sides"]}
    assert chances == {"Red": Fraction(2, 3), "Blue": Fraction(1, 6), "Green": Fraction(1, 6)}
    lost = {s["name"]: s["lost"]["infantry"] for s in roll.data["sides"]}
    assert lost == {"Red": 3, "Blue": 4, "Green": 4}   # winner ½ × ½ of 10 -> 3 (half up); losers ¾ of 5 -> 4
    assert after.stacks["blue"]["frostwood"]["infantry"] == 1 and after.stacks["green"]["crown"]["infantry"] == 1
    assert [s["name"] for s in fight.data["sides"]] == ["Red", "Gold"]
    # Gold is cut off in South Pass (every neighbour is an enemy's): 1 × 2 × ½
    assert [s["strength"] for s in fight.data["sides"]] == [7.0, 1.0]
    assert after.stacks["red"]["south_pass"]["infantry"] == 7 and after.owners["south_pass"] == "red"
    assert after.stacks["gold"] == {}


def test_battles_planes_in_a_city_that_falls_are_destroyed(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": {"infantry": 1, "air": 2}}, "blue": {"westmere": inf(8)}},
             neutral={}, owners={"westmere": "blue"})
    after, events = turn(duel, b, {"blue": ["8 infantry Westmere -> Millbrook"]}, ["first"])
    assert after.owners["millbrook"] == "blue"
    assert all(u["air"] == 0 for u in after.stacks["red"].values())
    # planes are last in the loss order (8 against 2: 4/5 of 3 units -> 2: the infantry and 1 plane);
    # the plane left is destroyed when the city falls
    assert [e.text for e in events if e.kind == "planes_lost"] == \
        ["Red's 1 air in Millbrook was destroyed: the city fell."]           # (a walk read "1 air … were")


def test_battles_losses_come_off_infantry_then_artillery_then_armor(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": {"infantry": 1, "artillery": 1, "armor": 2}},
                           "blue": {"westmere": inf(1)}}, neutral={}, owners={"westmere": "blue"})
    after, events = turn(duel, b, {"red": ["1 infantry 1 artillery 2 armor Millbrook -> Westmere"]}, ["last"])
    # 9 against 2: red loses 2/11 of 4 units -> 1 (infantry), then falls back
    [fight] = battles(events)
    assert fight.data["sides"][0]["lost"] == {"infantry": 1, "artillery": 0, "armor": 0, "air": 0}
    assert after.stacks["red"]["millbrook"] == {"infantry": 0, "artillery": 1, "armor": 2, "air": 0}


def test_battles_the_report_says_who_fought_with_what_chances_and_why(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": inf(4)}, "blue": {"westmere": inf(1)}}, neutral={},
             owners={"westmere": "blue"})
    _, events = turn(duel, b, {"red": ["4 infantry Millbrook -> Westmere"]}, ["first"])
    [fight] = battles(events)
    why = "\n".join(fight.why)
    assert "Red, moving in" in why and "Blue, already there" in why
    assert "Red wins 80%" in why and "stronger side" in why
    assert "Blue lost every unit" in why
    assert fight.data["visible_to"] == ["north", "south"]


# --- Units: artillery and air ----------------------------------------------------------------

def test_units_artillery_support_adds_two_per_gun_next_door(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": inf(2), "ashford": {"artillery": 2}}, "blue": {"westmere": inf(1)}},
             neutral={}, owners={"westmere": "blue"})
    after, events = turn(duel, b, {"red": ["2 infantry Millbrook -> Westmere",
                                           "2 artillery Ashford support Westmere"]}, ["last"])
    [fight] = battles(events)
    assert fight.data["sides"][0]["strength"] == 2 + 2 * 2
    # the guns neither move in nor take losses: the moving stack lost the battle, not them
    assert after.stacks["red"]["ashford"]["artillery"] == 2
    assert fight.data["sides"][0]["lost"]["artillery"] == 0


def test_units_support_counts_in_battles_of_the_same_step_even_if_the_guns_are_beaten(duel, make, turn):
    """All battles of a step happen at the same time: guns attacked in that step still support."""
    b = make(duel, stacks={"red": {"millbrook": inf(2), "ashford": {"artillery": 1}},
                           "blue": {"westmere": inf(1), "northgate": inf(9)}},
             neutral={}, owners={"westmere": "blue", "northgate": "blue"})
    after, events = turn(duel, b, {"red": ["2 infantry Millbrook -> Westmere", "1 artillery Ashford support Westmere"],
                                   "blue": ["9 infantry Northgate -> Ashford"]}, ["first", "first"])
    at_ashford, at_westmere = battles(events)
    assert at_ashford.data["province"] == "ashford" and at_ashford.data["winner"] == "Blue"
    assert at_westmere.data["sides"][0]["strength"] == 2 + 2


def test_units_planes_defend_their_own_city_by_striking_it(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": {"infantry": 2, "air": 1}}, "blue": {"westmere": inf(6)}},
             neutral={}, owners={"westmere": "blue"})
    _, events = turn(duel, b, {"red": ["1 air Millbrook strike Millbrook"],
                               "blue": ["6 infantry Westmere -> Millbrook"]}, ["last"])
    [fight] = battles(events)
    # 2 × defense 2, plains, dug in 5 turns in a city (+25%) = 5, then +3 for the plane
    assert fight.data["sides"][1]["strength"] == 8.0


def test_units_air_strikes_add_three_per_plane_attacking_or_defending(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": inf(2), "northgate": {"air": 1}},
                           "blue": {"westmere": inf(1), "southport": {"air": 2}}},
             neutral={}, owners={"westmere": "blue"})
    _, events = turn(duel, b, {"red": ["2 infantry Millbrook -> Westmere", "1 air Northgate strike Westmere"],
                               "blue": ["2 air Southport strike Westmere"]}, ["first"])
    [fight] = battles(events)
    assert [s["strength"] for s in fight.data["sides"]] == [2 + 3, 2 + 6]


# --- Defense bonuses -------------------------------------------------------------------------

def test_defense_bonuses_starting_cities_are_fully_dug_in(duel, make, turn):
    b = make(duel, stacks={"red": {"northgate": {"infantry": 3, "artillery": 1}}, "blue": {"ashford": inf(1)}},
             neutral={}, owners={"ashford": "blue"})
    _, events = turn(duel, b, {"blue": ["1 infantry Ashford -> Northgate"]}, ["last"])
    [fight] = battles(events)
    # (3 × 2 + 1 × 1) × 1.5 urban × 1.5 dug into a capital
    assert fight.data["sides"][1]["strength"] == 15.75


def test_defense_bonuses_a_captured_city_starts_again_from_nothing(duel, make, turn):
    b = make(duel, stacks={"red": {"northgate": inf(1)}, "blue": {"westmere": inf(2)}}, neutral={},
             owners={"westmere": "blue"})
    after, _ = turn(duel, b, {"blue": ["2 infantry Westmere -> Millbrook"]})
    assert after.dug["millbrook"] == 0 and after.dug["northgate"] == 5
    again, _ = turn(duel, after, {})
    assert again.dug["millbrook"] == 1


def test_defense_bonuses_river_divides_the_attacker(duel, make, turn):
    b = make(duel, stacks={"red": {"millbrook": inf(5)}, "blue": {"westmere": inf(1)}},
             neutral={"riverton": inf(1)}, owners={"westmere": "blue"})
    _, events = turn(duel, b, {"red": ["5 infantry Millbrook -> Riverton"]}, ["first"])
    [fight] = battles(events)
    assert fight.data["sides"][0]["strength"] == 4.0          # 5 ÷ 1.25
    assert fight.data["sides"][1]["strength"] == 3.0          # garrisons never dig in: 2 × 1.5 urban


def test_defense_bonuses_out_of_supply_fights_at_half_and_loses_a_unit_after_two_turns(duel, make, turn):
    b = make(duel, stacks={"red": {"dunmore": inf(4)}, "blue": {"saltmarsh": inf(1)}}, neutral={})
    counts = []
    for _ in range(4):
        b, events = turn(duel, b, {})
        counts.append((b.oos["red"].get("dunmore"), b.stacks["red"]["dunmore"]["infantry"]))
    assert counts == [(1, 4), (2, 4), (3, 3), (4, 2)]
    after, events = turn(duel, b, {"red": ["2 infantry Dunmore -> Saltmarsh"]}, ["last"])
    [fight] = battles(events)
    assert fight.data["sides"][0]["strength"] == 1.0          # 2 × attack 1 × ½ out of supply
    assert "out of supply: half strength" in "\n".join(fight.why)


# --- Income ----------------------------------------------------------------------------------

def test_income_rural_1_city_3_capital_5(duel, make, turn):
    b = make(duel)
    after, _ = turn(duel, b, {})
    assert after.funds == {"red": 10 + 12, "blue": 10 + 12}


def test_income_a_city_taken_from_an_enemy_pays_half_and_held_cities_pay_a_bonus(duel, make, turn):
    b = make(duel, half=["millbrook"], held={"millbrook": 5, "northgate": 0})
    after, events = turn(duel, b, {})
    # Millbrook: 3 // 2 = 1, held 6 turns: +2; Northgate 5; rural 1 × 4
    assert after.funds["red"] == 10 + 3 + 5 + 4
    why = next(e for e in events if e.kind == "income" and e.data["player"] == "red").why
    assert "Millbrook (city) 3, taken from an enemy: half = 1, held 6 turns: +2" in why
    capped, _ = turn(duel, make(duel, held={"millbrook": 20}), {})
    assert capped.funds["red"] == 10 + 12 + 3                # +1 for every 3 turns held, up to +3


def test_neutral_cities_a_captured_neutral_city_pays_in_full(duel, make, turn):
    b = make(duel, stacks={"red": {"westmere": inf(3)}}, neutral={}, owners={"westmere": "red"})
    after, _ = turn(duel, b, {"red": ["3 infantry Westmere -> Riverton"]})
    assert after.owners["riverton"] == "red" and "riverton" not in after.half
    third, _ = turn(duel, after, {})
    assert third.funds["red"] - after.funds["red"] == 12 + 1 + 3


def test_neutral_cities_garrisons_never_move_build_or_dig_in(duel, make, turn):
    b = make(duel)
    for _ in range(3):
        b, _ = turn(duel, b, {})
    assert b.neutral == {"riverton": {"infantry": 2, "artillery": 0, "armor": 0, "air": 0},
                         "fordham": {"infantry": 2, "artillery": 0, "armor": 0, "air": 0}}
    assert "riverton" not in b.dug and b.owners["riverton"] is None
    assert NEUTRAL not in b.funds


def test_neutral_cities_a_beaten_garrison_never_moves_it_is_destroyed(duel, make, turn):
    b = make(duel, stacks={"red": {"westmere": inf(6)}}, owners={"westmere": "red"})
    after, events = turn(duel, b, {"red": ["6 infantry Westmere -> Riverton"]}, ["first"])
    [fight] = battles(events)
    assert [s["strength"] for s in fight.data["sides"]] == [6.0, 6.0]     # garrison: 2 × 2 × 1.5 urban
    assert "cannot fall back (a garrison never moves) and is destroyed" in fight.text
    assert "riverton" not in after.neutral and after.owners["riverton"] == "red"


def test_battles_each_order_reports_its_own_stacks_losses(make, turn):
    """fronts.md "Battles" (losses come off infantry, then artillery, then armor): a side of two
    stacks loses one unit in all, and each order's report names only what its own stack lost.
    4 armor × 3.5 = 14 against 3 infantry × 2 = 6: the winner loses 0.5 × 6/20 of 4 = 0.6 -> 1 armor."""
    from academy.games.fronts.game import FrontsGame
    g = FrontsGame()
    b = make(g, stacks={"red": {"millbrook": {"armor": 2}, "ashford": {"armor": 2}},
                        "blue": {"westmere": {"infantry": 3}}}, neutral={}, owners={"westmere": "blue"})
    _, events = turn(g, b, {"red": ["2 armor Millbrook -> Westmere", "2 armor Ashford -> Westmere"]}, ["first"])
    results = dict(next(e for e in events if e.kind == "orders" and e.data["player"] == "red").data["results"])
    lost = [r for r in results.values() if "losing 1 armor" in r]
    assert len(lost) == 1 and sum("losing nothing" in r for r in results.values()) == 1
    # an armor-only stack never reports infantry lost: the infantry beside it take the losses
    b = make(g, stacks={"red": {"millbrook": {"infantry": 2}, "ashford": {"armor": 2}},
                        "blue": {"westmere": {"infantry": 2}}}, neutral={}, owners={"westmere": "blue"})
    _, events = turn(g, b, {"red": ["2 infantry Millbrook -> Westmere", "2 armor Ashford -> Westmere"]}, ["first"])
    results = dict(next(e for e in events if e.kind == "orders" and e.data["player"] == "red").data["results"])
    assert "losing nothing" in results["2 armor Ashford -> Westmere"]
    assert "infantry" in results["2 infantry Millbrook -> Westmere"]


def test_fog_a_battle_next_to_your_stacks_is_reported_to_you(make, turn):
    """fronts.md "Fog" (enemy stacks next to your stacks show exact counts) and "Battles" (three or
    more sides... the winner then fights whoever held it; two sides racing in roll the same way):
    Red and Blue race into Fordham, Blue wins the race and then fights the garrison. Red, beaten
    back to Oakhollow next door, is told of both battles."""
    from academy.games.fronts.game import FrontsGame
    g = FrontsGame()
    b = make(g, stacks={"red": {"oakhollow": {"infantry": 2}, "highcrag": {"infantry": 1}},
                        "blue": {"eastmere": {"infantry": 4}}}, neutral={"fordham": {"infantry": 2}})
    _, events = turn(g, b, {"red": ["2 infantry Oakhollow -> Fordham"], "blue": ["4 infantry Eastmere -> Fordham"]},
                     ["last", "first"])
    battles = [e for e in events if e.kind == "battle"]
    assert [x["name"] for x in battles[0].data["sides"]] == ["Red", "Blue"] and battles[0].data["winner"] == "Blue"
    assert [x["name"] for x in battles[1].data["sides"]] == ["Blue", "Neutral"]
    assert all("north" in e.data["visible_to"] for e in battles)


def test_battles_the_report_tells_a_stack_that_came_in_from_one_that_stood_there(duel, make, turn):
    """fronts.md "Battles": every stack in the province fights for its side. A newcomer's walk read two lines
    "stack: 4 infantry" for Blue and could not tell which had just arrived: the report says where a defending
    stack came in from, and that the other stood there."""
    b = make(duel, stacks={"red": {"millbrook": inf(6)}, "blue": {"westmere": inf(1), "greyridge": inf(1)}},
             neutral={}, owners={"westmere": "blue"})
    _, events = turn(duel, b, {"red": ["6 infantry Millbrook -> Westmere"],
                               "blue": ["1 infantry Greyridge -> Westmere"]}, ["first"])
    [fight] = battles(events)
    why = "\n".join(fight.why)
    assert "  stack from Millbrook: 6 infantry" in why
    assert "  stack that came in from Greyridge: 1 infantry" in why and "  stack that stood there: 1 infantry" in why
