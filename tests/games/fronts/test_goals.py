"""Lesson goals for Fronts (academy/games/fronts/goals.py): each goal key on a small position, named
after the section of fronts.md it checks; the lesson position line; playing one turn as the learner."""
from __future__ import annotations

import pytest

from academy.core.errors import IllegalAction, InvalidNotation, RulesError
from academy.games.fronts.goals import (GOAL_KEYS, GoalError, Progress, compile_goal, fixed_orders_of, learner_of,
                                        narrate, next_step, play, start_state)

DUEL = "Red to order; Red 10: {red}; Blue 10: {blue}; neutral: {neutral}; {more}"


def pos(red: str, blue: str = "1 infantry Saltmarsh", neutral: str = "none", more: str = "") -> str:
    return DUEL.format(red=red, blue=blue, neutral=neutral, more=more).rstrip("; ")


def verdicts(position: str, goal: dict, *turns: str, seed: int = 7) -> list[str]:
    """The goal's status at the start and after each turn of orders."""
    s = start_state(position, seed)
    start, me = s.clone(), learner_of(s)
    g = compile_goal(goal, s)
    out, actions, events = [g.evaluate(Progress(start, s, me)).status], [], []
    for orders in turns:
        a, ev = play(s, me, orders)
        actions.append(a)
        events += ev
        out.append(g.evaluate(Progress(start, s, me, actions, events)).status)
    return out


def reason(position: str, goal: dict, orders: str, seed: int = 7) -> str:
    s = start_state(position, seed)
    start, me = s.clone(), learner_of(s)
    g = compile_goal(goal, s)
    a, ev = play(s, me, orders)
    v = g.evaluate(Progress(start, s, me, [a], ev))
    assert v.status == "lost"
    return v.reason


# ============================================================================ the lesson position
def test_the_position_names_the_learner_the_game_and_the_others_orders():
    s = start_state("Red to order; map: crossroads; players: 3; mode: ffa; Red 10: 2 infantry South Pass; "
                    "Blue 10: 4 infantry East Pass; Green 10: 4 infantry North Pass; neutral: none; "
                    "Blue orders: 4 infantry East Pass -> Crown")
    assert s.game.map.id == "crossroads" and s.game.free_for_all and s.game.player_ids == ("red", "blue", "green")
    assert learner_of(s) == 0 and s.waiting() == [0]
    assert fixed_orders_of(s) == {"blue": ("4 infantry East Pass -> Crown",), "green": ()}
    assert s.game.options["turns"] is None


def test_the_position_defaults_to_the_duel_and_keeps_what_it_does_not_say():
    s = start_state("Blue to order")
    assert s.game.map.id == "duel" and learner_of(s) == 1
    assert s.board.stacks["red"]["northgate"]["air"] == 1     # the map's start


@pytest.mark.parametrize(("text", "error"), [
    ("Red to order; mode: chaos", InvalidNotation),
    ("Red to order; players: many", InvalidNotation),
    ("Red to order; Red orders: Northgate hold", InvalidNotation),
    ("Red to order; Blue orders: 9 infantry Southport -> Dunmore", IllegalAction),
    ("Red to order; Purple 10: 1 infantry Westmere", InvalidNotation),
    ("Red to order; players: 9", IllegalAction),
])
def test_a_bad_position_is_refused(text, error):
    with pytest.raises(error):
        start_state(text)


def test_a_position_without_a_learner_has_no_learner_and_no_goal():
    s = start_state(pos("2 infantry Millbrook").replace("Red to order; ", ""))
    assert learner_of(s) is None
    with pytest.raises(GoalError, match="Red to order"):
        compile_goal({"owns": "Westmere"}, s)


# ============================================================================ playing a turn
def test_turn_order_the_learners_orders_and_the_others_resolve_together():
    s = start_state(pos("3 infantry Millbrook", "2 infantry Westmere", more="owners: Westmere Blue; "
                                                                            "Blue orders: 2 infantry Westmere -> Ashford"))
    action, events = play(s, 0, "Red: 3 infantry Millbrook -> Westmere")
    assert action.orders == ("3 infantry Millbrook -> Westmere",)
    assert s.board.turn == 2 and s.board.owners["westmere"] == "red" and s.board.owners["ashford"] == "blue"
    told = narrate(events)
    assert "Red took Westmere" in told and "Your orders: 3 infantry Millbrook -> Westmere → arrived in Westmere" in told
    assert "Blue's orders" not in told                 # the others' order results stay hidden


def test_a_refused_order_changes_nothing():
    s = start_state(pos("3 infantry Millbrook"))
    before = s.to_json()
    with pytest.raises(RulesError):
        play(s, 0, "3 infantry Millbrook -> Southport")
    with pytest.raises(IllegalAction, match="only for your own"):
        play(s, 0, "Blue: Saltmarsh hold")
    assert s.to_json() == before


def test_after_the_first_turn_the_others_hold():
    s = start_state(pos("3 infantry Millbrook", "1 infantry Westmere", more="Blue orders: 1 infantry Westmere -> Ashford"))
    play(s, 0, [])
    assert s.board.stacks["blue"] == {"ashford": {"infantry": 1, "artillery": 0, "armor": 0, "air": 0}}
    play(s, 0, "Millbrook hold")
    assert "ashford" in s.board.stacks["blue"] and s.board.turn == 3
    assert "turn 3" in next_step(s)


# ============================================================================ goals
def test_goal_turn_order_owns_every_listed_province():
    p = pos("2 infantry Millbrook, 2 infantry Highcrag")
    assert verdicts(p, {"owns": ["Westmere", "Eastmere"]}, "all Millbrook -> Westmere; all Highcrag -> Eastmere") \
        == ["open", "met"]
    assert "Eastmere belongs to nobody" in reason(p, {"owns": ["Westmere", "Eastmere"]}, "all Millbrook -> Westmere")


def test_goal_within_gives_more_turns():
    p = pos("2 infantry Millbrook")
    assert verdicts(p, {"owns": "Riverton", "within": 2}, "all Millbrook -> Westmere", "all Westmere -> Riverton") \
        == ["open", "open", "met"]
    assert verdicts(p, {"owns": "Riverton", "within": 2}, "Millbrook hold", "Millbrook hold") == ["open", "open", "lost"]


def test_goal_leaving_a_city_holds_needs_a_ground_stack():
    p = pos("2 infantry Millbrook")
    assert verdicts(p, {"holds": "Millbrook"}, "1 infantry Millbrook -> Westmere") == ["open", "met"]
    assert verdicts(p, {"holds": "Millbrook"}, "all Millbrook -> Westmere") == ["open", "lost"]
    assert verdicts(p, {"owns": "Millbrook"}, "all Millbrook -> Westmere") == ["open", "met"]


def test_goal_units_units_in_by_count_and_by_kind():
    p = pos("2 infantry 1 armor Northgate")
    assert verdicts(p, {"units_in": {"Westmere": {"armor": 1}}}, "1 armor Northgate -> Westmere") == ["open", "met"]
    assert verdicts(p, {"units_in": {"Northgate": 3}}, "1 armor Northgate -> Ashford") == ["open", "lost"]
    assert verdicts(p, {"units_in": {"Northgate": 3}}, "Northgate hold") == ["open", "met"]


def test_goal_battles_destroyed_only_when_nobody_falls_back():
    p = pos("2 armor Millbrook, 2 armor Ashford, 2 infantry Riverton", "3 infantry Westmere",
            more="owners: Westmere Blue, Riverton Red")
    g = {"destroyed": "Westmere"}
    assert verdicts(p, g, "all Millbrook -> Westmere; all Ashford -> Westmere; all Riverton -> Greyridge") \
        == ["open", "met"]
    assert "fell back" in reason(p, g, "all Millbrook -> Westmere; all Ashford -> Westmere")


def test_goal_neutral_cities_a_garrison_is_destroyed_when_it_loses():
    p = pos("4 infantry 2 armor Westmere, 4 infantry Millbrook", neutral="2 infantry Riverton",
            more="owners: Westmere Red")
    assert verdicts(p, {"destroyed": "Riverton", "owns": "Riverton"},
                    "all Westmere -> Riverton; all Millbrook -> Riverton") == ["open", "met"]


def test_goal_battles_win_chance_and_strength_are_the_odds_of_the_draw():
    p = pos("2 infantry 2 armor Millbrook", "2 infantry Westmere", more="owners: Westmere Blue")
    assert verdicts(p, {"win_chance": {"Westmere": 0.8}, "strength": {"Westmere": 8}},
                    "1 infantry 2 armor Millbrook -> Westmere") == ["open", "met"]
    why = reason(p, {"win_chance": {"Westmere": 0.8}}, "2 armor Millbrook -> Westmere")
    assert "chance of winning was 75%" in why
    assert "no battle" in reason(p, {"win_chance": {"Westmere": 0.5}}, "Millbrook hold")


def test_goal_battles_won_battle_and_clash():
    p = pos("5 infantry Millbrook", "2 infantry Westmere",
            more="owners: Westmere Blue; Blue orders: 2 infantry Westmere -> Millbrook")
    assert verdicts(p, {"clash": "Westmere", "won_battle": "Millbrook"}, "all Millbrook -> Westmere") == ["open", "met"]
    assert verdicts(p, {"won_battle": "Millbrook"}, "Millbrook hold") == ["open", "met"]
    assert "no border clash" in reason(p, {"clash": "Westmere"}, "Millbrook hold")


def test_goal_units_supported_by_artillery_and_air():
    p = pos("3 infantry Millbrook, 1 artillery Ashford, 1 air Northgate", "1 infantry Westmere",
            more="owners: Westmere Blue")
    attack = "3 infantry Millbrook -> Westmere"
    assert verdicts(p, {"supported": "Westmere"}, f"{attack}; 1 artillery Ashford support Westmere") == ["open", "met"]
    assert verdicts(p, {"supported": "Westmere"}, f"{attack}; air Northgate strike Westmere") == ["open", "met"]
    assert "None of your artillery" in reason(p, {"supported": "Westmere"}, attack)


def test_goal_battles_lost_at_most():
    p = pos("2 infantry 2 armor Millbrook", "2 infantry Westmere", more="owners: Westmere Blue")
    assert verdicts(p, {"lost_at_most": 1}, "all Millbrook -> Westmere") == ["open", "met"]
    assert verdicts(p, {"lost_at_most": 0}, "all Millbrook -> Westmere") == ["open", "lost"]


def test_goal_supply_out_of_supply_and_supplied():
    p = pos("2 infantry Riverton, 2 infantry Millbrook", "3 infantry Westmere", more="owners: Westmere Blue, Riverton Red")
    assert verdicts(p, {"out_of_supply": "Westmere"}, "all Riverton -> Greyridge") == ["open", "met"]
    assert "still in supply" in reason(p, {"out_of_supply": "Westmere"}, "Riverton hold")
    assert verdicts(p, {"supplied": "Millbrook"}, "Millbrook hold") == ["open", "met"]
    q = pos("2 infantry Westmere", "1 infantry Saltmarsh", more="owners: Westmere Red, Ashford Blue, Millbrook Blue")
    assert verdicts(q, {"supplied": "Westmere"}, "Westmere hold") == ["open", "lost"]


def test_goal_income_paid_funds_and_built():
    p = pos("2 infantry Millbrook, 2 infantry Highcrag")
    assert verdicts(p, {"paid": 18, "funds": 28}, "all Millbrook -> Riverton; all Highcrag -> Fordham") == ["open", "met"]
    assert "Red is paid 14" in reason(p, {"paid": 16}, "all Millbrook -> Westmere; all Highcrag -> Eastmere")
    q = pos("2 infantry Millbrook").replace("Red 10", "Red 9")
    assert verdicts(q, {"built": "Millbrook"}, "build 3 infantry Millbrook") == ["open", "met"]
    assert "no build" in reason(q, {"built": "Millbrook"}, "build 3 infantry Northgate")


def test_goal_fog_sees_after_scouting():
    p = pos("1 air Northgate, 2 infantry Millbrook", "3 infantry Elmshade")
    assert verdicts(p, {"sees": "Elmshade"}, "air Northgate scout Elmshade") == ["open", "met"]
    assert "do not see" in reason(p, {"sees": "Elmshade"}, "Millbrook hold")


def test_goal_winning_won_and_knocked_out():
    p = pos("4 infantry Southport, 2 armor Eastmere", "1 infantry Saltmarsh, 2 infantry Birchwood",
            more="owners: Southport Red, Eastmere Red")
    assert verdicts(p, {"won": True}, "all Southport -> Saltmarsh; all Eastmere -> Saltmarsh") == ["open", "met"]
    assert "an enemy still holds a city" in reason(p, {"won": True}, "Southport hold")
    ffa = ("Red to order; map: crossroads; players: 3; mode: ffa; Red 10: 6 armor Bluecastle; "
           "Blue 10: 1 infantry Tidewater; Green 10: 2 infantry Meadowford; neutral: none; owners: Bluecastle Red")
    assert verdicts(ffa, {"knocked_out": "Blue"}, "all Bluecastle -> Tidewater") == ["open", "met"]
    assert "still in the game" in reason(ffa, {"knocked_out": "Blue"}, "Bluecastle hold")


def test_goal_all_and_any():
    p = pos("2 infantry Millbrook, 2 infantry Highcrag")
    assert verdicts(p, {"any": [{"owns": "Westmere"}, {"owns": "Eastmere"}]}, "all Highcrag -> Eastmere") \
        == ["open", "met"]
    assert verdicts(p, {"all": [{"owns": "Westmere"}, {"owns": "Eastmere"}]}, "all Highcrag -> Eastmere") \
        == ["open", "lost"]


@pytest.mark.parametrize(("goal", "path", "words"), [
    ({"own": "Westmere"}, ("own",), "did you mean 'owns'"),
    ({"owns": "Westmeer"}, ("owns",), "Westmere"),
    ({"units_in": {"Westmere": {"tank": 0}}}, ("units_in", "Westmere", "tank"), "at least 1"),
    ({"win_chance": {"Westmere": 80}}, ("win_chance", "Westmere"), "0.8 for 80%"),
    ({"destroyed": "Ashford"}, ("destroyed",), "no enemy or neutral stack"),
    ({"won": "yes"}, ("won",), "true"),
    ({"all": [{"owns": "Westmere", "within": 2}]}, ("all", 0, "within"), "top of the goal"),
    ({"within": 2}, (), "needs a goal"),
    ({"knocked_out": "Purple"}, ("knocked_out",), "not a player"),
])
def test_a_goal_that_cannot_be_understood_says_where(goal, path, words):
    s = start_state(pos("2 infantry Millbrook"))
    with pytest.raises(GoalError) as info:
        compile_goal(goal, s)
    assert info.value.path == path and words in info.value.message


def test_every_goal_key_is_documented_in_the_module():
    import academy.games.fronts.goals as goals
    for key in GOAL_KEYS:
        assert f"``{key}" in goals.__doc__, key


def test_fog_the_narration_shows_only_what_the_learners_side_may_see():
    s = start_state(pos("2 infantry Millbrook"))
    _, events = play(s, 0, [])
    told = narrate(events)
    assert "Red is paid 12" in told and "Blue is paid" not in told


def test_a_position_line_names_its_game():
    """The map, players and mode parts of a position line (lessons, links, the editor)."""
    from academy.games.fronts.game import format_game_position, game_options, parse_game_position
    assert game_options(["map: crossroads", "turn 2"]) == ({"map": "crossroads", "players": 4}, ["turn 2"])
    state = parse_game_position("map: crossroads; players: 3; mode: ffa; turn 1")
    assert state.game.options["players"] == 3 and state.game.free_for_all
    assert format_game_position(state).startswith("map: crossroads; players: 3; mode: ffa; turn 1; Red 10: ")
    assert parse_game_position(format_game_position(state)).board == state.board
    for bad, words in (("map: nowhere", "no Fronts map called 'nowhere'"), ("players: four", "number of players"),
                       ("mode: chaos", "'teams' or 'ffa'")):
        with pytest.raises(InvalidNotation) as err:
            parse_game_position(bad)
        assert words in err.value.message
