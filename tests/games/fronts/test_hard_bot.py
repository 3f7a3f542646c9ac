"""Issues 21 and 22: what the Fronts hard CPU does (and does not do) in positions given in the game's
notation (fronts.md "Artillery", "Battles")."""
from __future__ import annotations

import random

from academy.games.fronts.bots import _Planner, make_bot
from academy.games.fronts.game import FrontsGame
from academy.games.fronts.orders import parse_order
from academy.games.fronts.review import EVEN, WEAKEST, order_numbers

DUEL = FrontsGame(turns=None)

#: Oakhollow's 2 guns can support the attack on Riverton or march on Highcrag with the infantry, not both
GUNS_WANTED_TWICE = ("turn 5; Red 20: 1 armor Greyridge, 1 infantry Millbrook, 4 infantry 2 artillery 1 air Northgate, "
                     "2 infantry 2 artillery Oakhollow, 2 infantry Pinewood; Blue 10: 5 infantry Elmshade, "
                     "4 infantry 1 artillery Fordham, 1 armor Highcrag; neutral: 1 infantry Riverton; "
                     "owners: Fordham Blue, Greyridge Red, Highcrag Blue, Westmere Red")


def test_artillery_guns_that_support_are_not_also_counted_moving_in():
    """A gun supports a battle next door without moving (fronts.md "Artillery"): the plan must not send
    the same guns to support one attack and count them in another, which the engine then drops, leaving
    that attack short (hard once sent 2 infantry alone into 1 armor on a mountain, 31%)."""
    state = DUEL.state_from_board(GUNS_WANTED_TWICE)
    fmap = DUEL.map
    for threshold in (0.4, 0.5, 0.6):
        planner = _Planner(fmap, state.observation(0), random.Random(1), hard=True, threshold=threshold, keep=0.8)
        planner.build_guns = True
        orders = [parse_order(o, fmap) for o in planner.plan()]
        supporting = {o.source for o in orders if o.kind == "support"}
        moving_guns = {o.source for o in orders if o.kind == "move" and o.source in supporting
                       and any(k == "artillery" for k, _ in (o.units or ()))}
        assert not moving_guns, planner.plan()


def test_battles_hard_makes_no_attack_below_even_odds_here():
    """Every attack hard orders in that position is at 45% or better by the review's own odds."""
    state = DUEL.state_from_board(GUNS_WANTED_TWICE)
    orders = make_bot("hard", 1).orders(state, 0)
    numbers = order_numbers(state, "red", orders)[0]
    assert numbers.get(WEAKEST, 1.0) >= EVEN, orders


CROSSROADS = FrontsGame(players=3, map="crossroads", mode="ffa", turns=30)
#: Red's 2 infantry on Cinder Hill face the Crown garrison across the river; no other city is nearer
IDLE_ON_THE_HILL = ("turn 5; Red 0: 2 infantry Cinder Hill, 3 infantry Redhaven, 2 infantry Ember Ford; "
                    "Blue 0: 3 infantry Bluecastle, 2 infantry Tidewater; Green 0: 3 infantry Greenholm, "
                    "2 infantry Meadowford")


def test_hard_holds_a_stack_with_nothing_to_gain_by_moving():
    """Cinder Hill is the nearest Red gets to a city it does not hold (Crown, 3 infantry 1 artillery in urban
    terrain behind a river: far too strong for 2 infantry), and stepping back to Ember Ford or Rustwood gains
    nothing: hard's plans keep the stack there instead of wandering back and forth."""
    state = CROSSROADS.state_from_board(IDLE_ON_THE_HILL)
    fmap = CROSSROADS.map
    for seed in range(4):
        planner = _Planner(fmap, state.observation(0), random.Random(seed), hard=True)
        sources = {parse_order(o, fmap).source for o in planner.plan() if not o.startswith("build")}
        assert "cinder_hill" not in sources
    assert not any(o.startswith("2 infantry Cinder Hill") for o in make_bot("hard", 1).orders(state, 0))


def test_the_opening_attacks_riverton_together_rather_than_fordham_at_41():
    """The Two Rivers, turn 1: 2 infantry from Oakhollow and the plane against Fordham's garrison is 5
    against 6 in urban terrain, 41% (fronts.md "Battles"), under the coach's even odds; hard once gambled on
    it in most games (and won no more for it). Its plans now attack at 45% or better before the last turn:
    here Millbrook's and Oakhollow's stacks go into Riverton together, with the plane, at 62%."""
    state = FrontsGame(turns=10).new_initial_state(1)
    for seed in range(6):
        orders = make_bot("hard", seed).orders(state, 0)
        assert order_numbers(state, "red", orders)[0].get(WEAKEST, 1.0) >= EVEN, orders


#: Blue leads the table with 4 cities (Sunford and Goldcrest taken from the neutral corner), Green holds 2
BLUE_LEADS = ("turn 12; Red 0: 3 infantry Redhaven; Blue 0: 3 infantry Bluecastle; Green 0: 3 infantry Greenholm; "
              "owners: Redhaven Red, Ember Ford Red, Bluecastle Blue, Tidewater Blue, Sunford Blue, Goldcrest Blue, "
              "Greenholm Green, Meadowford Green")


def _search_for(state, player):
    from academy.games.fronts.bots import _Search
    search = _Search(state, player, state.observation(player), random.Random(0))
    search.last, search.ahead = False, _Search.AHEAD
    return search


def _taken(line: str, city: str):
    return CROSSROADS.state_from_board(line.replace(f"{city} Blue", f"{city} Red").replace(f"{city} Green", f"{city} Red"))


def test_hard_counts_a_city_taken_from_the_leader_above_one_taken_from_the_weaker_side():
    """At a table of three the turn limit crowns the side holding most cities: Tidewater taken from Blue (4
    cities) narrows the gap to the leader, Meadowford taken from Green (2) does not, though both add a city
    to Red's count and the two cities stand alike (a plain city next to its owner's capital)."""
    leader = _taken(BLUE_LEADS, "Tidewater")
    weaker = _taken(BLUE_LEADS, "Meadowford")
    search = _search_for(leader, 0)
    assert search._score(leader.board) > search._score(weaker.board) + 5.0
    even = CROSSROADS.state_from_board(BLUE_LEADS.replace(", Goldcrest Blue", ", Goldcrest Green"))
    assert _search_for(even, 0)._rival_weights(even.board) == {}


def test_in_a_duel_every_enemy_city_counts_alike():
    search = _search_for(DUEL.new_initial_state(1), 0)
    search.ahead = 0.0                      # a duel: no look ahead, as plan() sets it
    assert search._rival_weights(DUEL.new_initial_state(1).board) == {}


#: Green's 1 armor 1 infantry on East Pass against Blue's 2 infantry, dug in, in Tidewater: 45%, under the
#: normal CPU's 50% but not beyond a side that dares more
TIDEWATER_AT_45 = ("turn 12; Red 0: 3 infantry Redhaven, 2 infantry Ember Ford; Blue 0: 3 infantry Bluecastle, "
                   "2 infantry Tidewater; Green 0: 3 infantry Greenholm, 2 infantry Meadowford, "
                   "1 armor 1 infantry East Pass")


def test_at_a_table_of_three_hard_also_guesses_the_others_daring_more():
    """The bold guess has Green attack Tidewater at 45%, which the normal guess does not; weighing it, hard
    sends a third infantry into Tidewater, which it leaves at 2 against the normal guess alone."""
    from academy.games.fronts.bots import _Search
    from academy.games.fronts.odds import seen_board
    state = CROSSROADS.state_from_board(TIDEWATER_AT_45)
    search = _search_for(state, 1)
    board, _ = seen_board(state, "blue")
    assert not any("Tidewater" in o for o in search._guess(board, random.Random(0))["green"])
    assert "1 infantry 1 armor East Pass -> Tidewater" in search._guess(board, random.Random(0), _Search.BOLD_GUESS)["green"]
    assert "1 infantry Bluecastle -> Tidewater" in make_bot("hard", 1).orders(state, 1)


#: Red holds 5 cities to Blue's 2 and Green's 2, and no stack can reach another side's city in a turn
RED_AHEAD = ("turn {turn}; Red 0: 1 infantry Redhaven; Blue 0: 3 infantry Bluecastle; Green 0: 3 infantry Greenholm; "
             "owners: Redhaven Red, Ember Ford Red, Sunford Red, Goldcrest Red, Crown Red, Bluecastle Blue, "
             "Tidewater Blue, Greenholm Green, Meadowford Green")


def test_the_turn_before_the_last_hard_scores_the_board_a_turn_later_as_the_end_of_the_game():
    """On turn 29 of 30 the board after turn 30 ends the game: hard's look ahead scores it as the end (a win
    by 5 cities to 2, weighed FINAL_AHEAD), not by the cities' prospects as on an earlier turn."""
    from academy.games.fronts.bots import _Search
    win = _Search.FINAL_AHEAD * (100.0 + 5.0 * (5 - 2) + 5)
    late = CROSSROADS.state_from_board(RED_AHEAD.format(turn=29))
    assert _search_for(late, 0)._ahead(late.board) == win
    early = CROSSROADS.state_from_board(RED_AHEAD.format(turn=20))
    assert _search_for(early, 0)._ahead(early.board) != win
