"""Fronts messages in plain English: plurals and lists from the one text helper (issue 14, item 7: "one text
helper for articles and plurals ("an Infantry", "1 army", "2 armies") used by every message")."""
from __future__ import annotations

from academy.games.fronts.game import FrontsGame
from academy.games.fronts.goals import Progress, compile_goal, learner_of, play, start_state

DUEL = "Red to order; Red 10: {red}; Blue 10: {blue}; neutral: none; {more}"


def test_a_one_turn_game_ends_in_a_draw():
    """issue 14, item 7: the result said "The 1 turns are over"."""
    s = FrontsGame(turns=1).new_initial_state()
    s.resolve()
    assert s.result["text"] == "The 1 turn is over: North (Red) and South (Blue) hold 2 cities each: a draw."


def test_a_four_way_draw_lists_the_players_with_and():
    """issue 14, item 7: the teams of a draw read "Red and Blue and Green and Gold"."""
    s = FrontsGame(players=4, mode="ffa", turns=1).new_initial_state()
    s.resolve()
    assert s.result["text"] == "The 1 turn is over: Red, Blue, Green and Gold hold 2 cities each: a draw."


def test_a_stack_out_of_supply_for_1_turn():
    """issue 14, item 7: the goal's reason said "out of supply (1 turn(s))"."""
    position = DUEL.format(red="2 infantry Westmere", blue="1 infantry Saltmarsh",
                           more="owners: Westmere Red, Ashford Blue, Millbrook Blue")
    s = start_state(position, 7)
    start, me = s.clone(), learner_of(s)
    goal = compile_goal({"supplied": "Westmere"}, s)
    action, events = play(s, me, "Westmere hold")
    verdict = goal.evaluate(Progress(start, s, me, [action], events))
    assert verdict.status == "lost"
    assert verdict.reason == ("Your stack in Westmere is out of supply (1 turn): no path of your team's provinces "
                              "leads from it to a city of your team.")


def test_goal_texts_count_units():
    """issue 14, item 7: goal texts count units through the helper."""
    s = start_state(DUEL.format(red="2 infantry Millbrook", blue="1 infantry Saltmarsh", more="").rstrip("; "), 7)
    assert compile_goal({"lost_at_most": 1}, s).text == "lose at most 1 unit"
    assert compile_goal({"lost_at_most": 0}, s).text == "lose at most 0 units"
    assert compile_goal({"units_in": {"Millbrook": 1}}, s).text == "have 1 unit in Millbrook"
