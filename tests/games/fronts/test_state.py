"""The Fronts game as a simultaneous game of the engine protocol, and the rules of fronts.md
sections "Goal" and "Fog"; bad input refused with a reason and the state unchanged."""
from __future__ import annotations

import json

import pytest

from academy.core.conformance import check_replay, expect_refusal
from academy.core.errors import GameOver, IllegalAction, InvalidNotation
from academy.core.protocol import NodeKind
from academy.games import REGISTRY
from academy.games.fronts.actions import Resolve, SubmitOrders, Surrender
from academy.games.fronts.game import FrontsGame


def inf(n):
    return {"infantry": n}


# --- the protocol ----------------------------------------------------------------------------

def test_registered_as_a_simultaneous_game():
    assert REGISTRY["fronts"] is FrontsGame
    s = FrontsGame().new_initial_state(seed=1)
    assert s.node_kind() is NodeKind.SIMULTANEOUS and s.to_move() is None
    assert s.players_to_act() == [0, 1] and s.waiting() == [0, 1] and s.chance_outcomes() == []


def test_submissions_are_recorded_secret_and_replaced():
    s = FrontsGame().new_initial_state(seed=1)
    s.submit("red", ["2 inf oakhollow -> riverton"])
    s.submit(0, ["2 infantry Oakhollow -> Millbrook"])
    assert s.pending == {"red": ("2 infantry Oakhollow -> Millbrook",)}
    assert s.record.entries[-1].player == 0
    assert s.waiting() == [1]
    blue = s.observation("blue")
    assert blue["submitted"] == ["red"] and blue["pending"] == [] and "Oakhollow" not in json.dumps(blue["pending"])
    assert s.observation("red")["pending"] == ["2 infantry Oakhollow -> Millbrook"]


def test_resolve_is_recorded_and_replays_with_the_same_battles():
    g = FrontsGame()
    s = g.new_initial_state(seed=3)
    s.submit("red", ["2 infantry 1 armor Millbrook -> Riverton"])
    s.submit("blue", [])
    events = s.resolve_step()
    assert any(e.kind == "battle" for e in events)
    assert s.board.turn == 2 and s.pending == {}
    assert isinstance(s.record.entries[-1].action, Resolve) and s.record.entries[-1].player is None
    check_replay(s, REGISTRY)
    again = g.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again == s


def test_resolve_says_the_outcome_of_every_order(make):
    g = FrontsGame()
    b = make(g, stacks={"red": {"millbrook": inf(4), "northgate": {"infantry": 1, "air": 1},
                                "oakhollow": inf(1)},
                        "blue": {"westmere": inf(1)}}, neutral={}, owners={"westmere": "blue"})
    s = g.state_from_board(b, seed=1)
    s.submit("red", ["4 infantry Millbrook -> Westmere", "1 air Northgate strike Westmere",
                     "1 infantry Oakhollow -> Riverton", "build 1 infantry Northgate", "Northgate hold"])
    res = s.resolve()
    assert res.turn == 1 and len(res.battles) == 1
    outcomes = dict(res.results["red"])
    assert outcomes["1 infantry Oakhollow -> Riverton"] == "arrived in Riverton"
    assert outcomes["4 infantry Millbrook -> Westmere"].startswith(("ended in Westmere: won the battle",
                                                                    "ended in Millbrook: lost the battle"))
    assert outcomes["1 air Northgate strike Westmere"] == "added to the battle in Westmere"
    assert outcomes["build 1 infantry Northgate"] == "built" and outcomes["Northgate hold"] == "held"
    assert "blue" not in res.results


def test_notation_round_trips():
    g = FrontsGame()
    s = g.new_initial_state()
    for action in (SubmitOrders("red", ("2 infantry Millbrook -> Westmere", "1 air Northgate strike Riverton")),
                   SubmitOrders("blue", ()), Resolve(), Surrender("blue")):
        assert g.parse_action(g.format_action(action, s), s) == action
    assert g.parse_action("red: 2 inf millbrook -> westmere; ng hold", s) == \
        SubmitOrders("red", ("2 infantry Millbrook -> Westmere", "Northgate hold"))


def test_orders_are_canonical_with_every_count_written_out():
    s = FrontsGame().new_initial_state()
    assert s.validate_orders("red", ["armor Millbrook -> Greyridge", "air NG strike Fordham",
                                     "all oakhollow -> fordham", "build 1 inf 1 art Northgate"]) == (
        "1 armor Millbrook -> Westmere -> Greyridge", "1 air Northgate strike Fordham",
        "2 infantry Oakhollow -> Fordham", "build 1 infantry 1 artillery Northgate")


def test_options_leaves_are_legal_order_texts():
    s = FrontsGame(players=4).new_initial_state()
    tree = s.options("red")
    assert set(tree) == {"Redhaven", "Redhaven air", "Ember Ford", "build"}
    leaves = []

    def walk(node):
        if isinstance(node, str):
            leaves.append(node)
        else:
            for v in node.values():
                walk(v)
    walk(tree)
    for leaf in leaves:
        s.validate_orders("red", [leaf])
    assert tree["Ember Ford"]["move"]["all armor"]["Crown"] == "1 armor Ember Ford -> South Pass -> Crown"


# --- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("orders, reason", [
    (["2 infantry Saltmarsh -> Eastmere"], "not_your_stack"),
    (["3 infantry Oakhollow -> Riverton"], "too_many_units"),
    (["2 infantry Oakhollow -> Riverton", "1 infantry Oakhollow -> Fordham"], "too_many_units"),
    (["2 infantry Oakhollow -> Riverton -> Westmere"], "move_ended"),
    (["2 infantry Millbrook -> Westmere -> Greyridge"], "too_far"),
    (["1 infantry Millbrook -> Saltmarsh"], "not_adjacent"),
    (["1 air Northgate -> Ashford"], "air_never_moves"),
    (["1 air Northgate strike Southport"], "out_of_range"),
    (["1 air Northgate strike Fordham", "1 air Northgate scout Fordham"], "too_many_units"),
    (["2 infantry 1 armor Millbrook -> Oakhollow"], "too_far"),        # armor entering forest spends 2
    (["1 armor Millbrook -> Riverton -> Westmere"], "move_ended"),     # crossing a river ends the move
    (["1 armor Millbrook -> Westmere -> Greyridge -> Birchwood"], "move_ended"),  # mountain ends it
    (["1 artillery Northgate support Riverton"], "not_adjacent"),
    (["build 1 infantry Riverton"], "not_your_city"),
    (["build 1 infantry Ashford"], "not_your_city"),
    (["build 2 armor Northgate"], "too_few_funds"),
])
def test_bad_orders_are_refused_with_a_reason_and_change_nothing(orders, reason):
    s = FrontsGame().new_initial_state()
    err = expect_refusal(s, lambda: s.submit("red", orders), f"orders {orders}")
    assert isinstance(err, IllegalAction) and err.reason == reason
    assert "refused" in str(err)


def test_bad_notation_and_orders_out_of_phase_are_refused():
    s = FrontsGame().new_initial_state()
    assert isinstance(expect_refusal(s, lambda: s.submit("red", ["2 infantery Oakhollow to Paris"]), "nonsense"),
                      InvalidNotation)
    s.surrender("red")
    assert s.is_terminal()
    err = expect_refusal(s, lambda: s.submit("blue", []), "orders after the end")
    assert isinstance(err, GameOver)
    err = expect_refusal(s, lambda: s.apply(SubmitOrders("red", ()), player=1), "orders for another player")


@pytest.mark.parametrize("orders", [None, 5, {"2 infantry Oakhollow -> Riverton": 1}, b"x", [None], [5]])
def test_orders_that_are_not_texts_are_refused(orders):
    s = FrontsGame().new_initial_state()
    err = expect_refusal(s, lambda: s.submit("red", orders), f"orders {orders!r}")
    assert isinstance(err, InvalidNotation)


def test_a_surrendered_player_gives_no_more_orders():
    s = FrontsGame(players=4).new_initial_state()
    s.surrender("red")
    assert not s.is_terminal() and s.players_to_act() == [1, 2, 3]
    err = expect_refusal(s, lambda: s.submit("red", []), "orders of a surrendered player")
    assert err.reason == "not_in_game"


# --- Goal ------------------------------------------------------------------------------------

def test_goal_take_every_enemy_city_rural_provinces_do_not_count(make):
    g = FrontsGame()
    b = make(g, stacks={"red": {"ashford": inf(1)}, "blue": {"westmere": inf(3), "southport": inf(1)}}, neutral={},
             owners={"northgate": "blue", "millbrook": None, "westmere": "blue"})
    s = g.state_from_board(b, seed=1)
    s.submit("blue", ["3 infantry Westmere -> Millbrook"])
    s.resolve()
    assert s.board.owners["ashford"] == "red" and s.board.stacks["red"]
    assert s.is_terminal() and s.winner() == 1 and s.result["kind"] == "victory"


def test_goal_a_player_with_no_province_and_no_stack_is_out_the_team_plays_on(make):
    g = FrontsGame(players=4)
    owners = {p: None for p, o in g.map.provinces.items() if o.owner == "red"}
    b = make(g, owners=owners, stacks={"blue": {"bluecastle": inf(1)}, "green": {"greenholm": inf(1)},
                                       "gold": {"goldcrest": inf(1)}})
    s = g.state_from_board(b)
    events = s.resolve_step()
    assert "red" in s.board.out and any(e.kind == "out" for e in events)
    assert not s.is_terminal() and s.players_to_act() == [1, 2, 3]


def test_goal_a_team_surrenders_once_every_player_still_in_has_surrendered():
    s = FrontsGame(players=4).new_initial_state()
    s.surrender("red")
    assert not s.is_terminal()
    s.surrender("green")
    assert s.is_terminal() and s.result["winners"] == ["blue", "gold"] and s.winner() == 1


def test_goal_free_for_all_losing_the_last_city_knocks_you_out_and_your_land_turns_neutral(make):
    g = FrontsGame(players=4, mode="ffa")
    b = make(g, stacks={"red": {"cinder_hill": inf(2)}, "blue": {"bluecastle": inf(1)},
                        "green": {"greenholm": inf(1)}, "gold": {"rustwood": inf(4), "goldcrest": inf(1)}},
             owners={"ember_ford": "blue", "rustwood": "gold"})
    s = g.state_from_board(b, seed=2)
    s.submit("gold", ["4 infantry Rustwood -> Redhaven"])     # Redhaven, red's last city, is empty
    events = s.resolve_step()
    after = s.board
    assert "red" in after.out and after.owners["redhaven"] == "gold"
    assert after.owners["cinder_hill"] is None and after.neutral["cinder_hill"]["infantry"] == 2
    assert after.stacks["red"] == {} and any(e.kind == "knocked_out" for e in events)
    assert not s.is_terminal() and s.players_to_act() == [1, 2, 3]


def test_goal_the_turn_limit_ends_the_game_and_most_cities_wins():
    s = FrontsGame(turns=1).new_initial_state()
    s.resolve()
    assert s.is_terminal() and s.result["kind"] == "turns" and s.winner() is None   # 3 cities each


# --- Fog -------------------------------------------------------------------------------------

def test_fog_exact_next_to_your_stacks_types_and_size_next_to_your_provinces_nothing_further(make):
    g = FrontsGame()
    b = make(g, stacks={"red": {"millbrook": inf(1)},
                        "blue": {"westmere": {"infantry": 2, "armor": 1}, "eastmere": {"infantry": 5},
                                 "southport": inf(9)}})
    obs = g.state_from_board(b).observation("red")
    assert obs["stacks"]["westmere"] == [{"owner": "blue", "units": {"infantry": 2, "artillery": 0, "armor": 1,
                                                                      "air": 0}}]
    assert obs["stacks"]["eastmere"] == [{"owner": "blue", "types": ["infantry"], "size": "4-6"}]
    assert "southport" not in obs["stacks"]
    assert obs["owners"]["southport"] == "blue"                                  # owners always visible
    assert obs["stacks"]["riverton"][0]["owner"] == "neutral"                    # garrisons are listed
    assert obs["funds"] == 10 and "funds" not in g.state_from_board(b).observation(None)


def test_fog_a_plane_scouting_shows_the_province_and_its_neighbours_next_turn(make):
    g = FrontsGame()
    b = make(g, stacks={"red": {"northgate": {"air": 1}}, "blue": {"southport": inf(9)}})
    s = g.state_from_board(b)
    assert "southport" not in s.observation("red")["stacks"]
    s.submit("red", ["1 air Northgate scout Elmshade"])
    s.resolve()
    assert s.observation("red")["stacks"]["southport"][0]["units"]["infantry"] == 9
    assert "southport" not in s.observation(None)["stacks"]
    s.resolve()
    assert "southport" not in s.observation("red")["stacks"]


def test_fog_battle_reports_go_only_to_the_teams_that_fought(make):
    g = FrontsGame(players=4)
    b = make(g, stacks={"red": {"ember_ford": inf(3)}, "blue": {"tidewater": inf(1)},
                        "green": {"greenholm": inf(1)}, "gold": {"goldcrest": inf(1)}},
             neutral={"south_pass": inf(1)}, owners={"south_pass": "blue"})
    s = g.state_from_board(b, seed=4)
    s.submit("red", ["3 infantry Ember Ford -> South Pass"])
    s.resolve()
    assert any(e["kind"] == "battle" for e in s.observation("green")["last"])     # Sun: red's team
    assert not any(e["kind"] == "battle" for e in s.observation(None)["last"])


def test_neutral_cities_a_seat_nobody_takes_is_named_and_explained():
    """fronts.md "Neutral cities" (garrisons never move, build or dig in): a 3-player table on the
    4-seat Crossroads is not announced as four players, and the empty seat's neutral armies are explained."""
    from academy.games.fronts.game import FrontsGame
    g = FrontsGame(players=3, mode="ffa")
    assert g.table_name == "Crossroads, 3 players, free-for-all" and "four" not in g.table_name
    assert g.empty_seats_note().startswith("Gold's seat has no player") and "neutral garrisons" in g.empty_seats_note()
    assert FrontsGame(players=4).empty_seats_note() == "" and FrontsGame(players=4).table_name == "Crossroads (four players)"
