"""Lesson goals for Tactics (academy/games/tactics/goals.py): each goal key, checked on small positions
in notation; the tests are named after the section of tactics.md whose rule the goal watches.

Luck is off in lesson positions unless they turn it on, so every damage number here is exact.
"""
from __future__ import annotations

import doctest

import pytest

from academy.core.errors import InvalidNotation
from academy.games.tactics import goals as tactics_goals
from academy.games.tactics.goals import (EVENT_KINDS, GOAL_KEYS, GoalError, LessonState, Progress, compile_goal,
                                         describe_goal, find_unit, next_step, start_state)

RC = "river_crossing day 1 red"


class Try:
    """A learner's try: the start state, the live state, the goal, and the verdict after each command."""

    def __init__(self, position: str, goal: dict, seed: int = 1) -> None:
        self.state = start_state(position, seed)
        self.start = self.state.clone()
        self.goal = compile_goal(goal, self.state)
        self.actions: list = []
        self.events: list = []

    def verdict(self):
        return self.goal.evaluate(Progress(self.start, self.state, self.start.learner, self.actions, self.events))

    def status(self) -> str:
        return self.verdict().status

    def act(self, *commands: str) -> str:
        for command in commands:
            action = self.state.game.parse_action(command, self.state)
            self.events += self.state.play(action, player=self.start.learner)
            self.actions.append(action)
        return self.status()


def test_the_docstring_examples_run():
    assert doctest.testmod(tactics_goals, optionflags=doctest.ELLIPSIS).failed == 0


# ============================================================================ start positions
def test_start_state_reads_the_options_and_keeps_luck_off_by_default():
    s = start_state(f"fog: on | weather: rain | commanders: red vanguard, blue none | income: 2000 | repairs: off "
                    f"| {RC} | red 0: tank E2 | blue 0: infantry E5")
    o = s.game.options
    assert (o["fog"], o["weather"], o["commanders"], o["income"], o["repairs"], o["luck"]) == \
        (True, "rain", ["vanguard", None], 2000, False, False)
    assert start_state(f"luck: on | {RC} | red 0: tank E2 | blue 0: infantry E5").game.options["luck"] is True
    assert isinstance(s, LessonState) and s.learner == 0 and s.to_move() == 0


@pytest.mark.parametrize(("position", "words"), [
    (f"luck: maybe | {RC} | red 0: tank E2 | blue 0: infantry E5", "'on' or 'off'"),
    (f"weather: fog | {RC} | red 0: tank E2 | blue 0: infantry E5", "weather is one of"),
    (f"commanders: red vangard | {RC} | red 0: tank E2 | blue 0: infantry E5", "did you mean 'vanguard'"),
    (f"commanders: green vanguard | {RC} | red 0: tank E2 | blue 0: infantry E5", "not an army"),
    (f"income: lots | {RC} | red 0: tank E2 | blue 0: infantry E5", "funds per property"),
    ("river crossing | red 0: tank E2", "should read like"),
    ("nowhere day 1 red | red 0: tank E2", "nowhere"),
    (f"{RC} | red 0: tank G7 | blue 0: infantry G7", "two units on G7"),
    ("", "empty position"),
])
def test_a_bad_position_is_refused_with_the_reason(position, words):
    with pytest.raises(InvalidNotation) as err:
        start_state(position)
    assert words in str(err.value)


def test_units_are_named_by_their_start_tile_and_keep_it_as_they_move():
    s = start_state(f"{RC} | red 0: apc D2 [infantry], tank E3 | blue 0: infantry J10")
    assert find_unit(s, "D2/1")[1].type == "infantry" and find_unit(s, "D2/1")[2] is s.units[(3, 1)]
    s.play(s.game.parse_action("apc D2 -> H2 unload infantry H1", s))
    pos, unit, carrier = find_unit(s, "D2/1")
    assert (pos, unit.type, carrier) == ((7, 0), "infantry", None)
    twin = s.clone()
    assert find_unit(twin, "E3")[1].type == "tank" and find_unit(twin, "D2")[0] == (7, 1)


def test_turns_and_days_the_other_army_passes_in_a_lesson():
    """Turns and days: after "end turn" Blue ends its turn at once, day 2 starts and Red's upkeep runs."""
    s = start_state(f"{RC} | red 0: tank E3 | blue 0: infantry J10")
    events = s.play(s.game.parse_action("end turn", s))
    assert [e.kind for e in events] == ["end_turn", "income", "end_turn", "income"]
    assert s.day == 2 and s.to_move() == 0 and s.funds == [3000, 3000]
    assert [entry.player for entry in s.record.entries][-2:] == [0, 1]


def test_next_step_says_what_the_army_can_do():
    s = start_state(f"{RC} | red 7000: tank E3 | blue 0: infantry J10")
    assert next_step(s) == "Red can move and act with 1 more unit, build on a free production property or end the turn."
    s = start_state(f"{RC} | red 0: tank E3 acted | blue 0: infantry J10")
    assert next_step(s) == "Red has nothing left to do this turn: end the turn."


# ============================================================================ combat
def test_combat_destroyed_is_met_when_the_unit_is_gone():
    t = Try(f"{RC} | red 0: tank F8, tank G9 hp5 | blue 0: infantry G8 hp6, infantry J10", {"destroyed": "G8"})
    assert t.status() == "open" and t.goal.text == "destroy the Infantry on G8"
    assert t.act("tank G9 attack G8") == "open"
    assert t.act("tank F8 attack G8") == "met"


def test_combat_damaged_counts_health_points_taken_off():
    """Combat and damage: a full tank deals 75 × 90% = 67 to infantry on plains, 60 in a forest (2 stars)."""
    t = Try(f"{RC} | red 0: tank F8 | blue 0: infantry E8, infantry G8", {"damaged": {"G8": 65}})
    assert t.act("tank F8 attack G8") == "met"
    t = Try(f"{RC} | red 0: tank F8 | blue 0: infantry E8, infantry G8", {"damaged": {"E8": 61}})
    assert t.act("tank F8 attack E8") == "open"


def test_combat_hp_at_most_and_hp_at_least():
    t = Try(f"{RC} | red 0: tank F8 | blue 0: infantry G8, infantry J10", {"hp_at_most": {"G8": 4}})
    assert t.act("tank F8 attack G8") == "met"
    t = Try(f"{RC} | red 0: tank F8 | blue 0: mech G8, infantry J10", {"hp_at_least": {"F8": 9}})
    assert t.act("tank F8 attack G8") == "met"             # the mech's counter: 19, the tank is at 9 HP (81)
    t = Try(f"{RC} | red 0: tank F8 | blue 0: mech G8, infantry J10", {"hp_at_least": {"F8": 10}})
    assert t.act("tank F8 attack G8") == "open"
    t = Try(f"{RC} | red 0: infantry F8 hp1 | blue 0: tank G8, infantry J10", {"hp_at_least": {"F8": 1},
                                                                                 "damaged": {"G8": 1}})
    verdict = (t.act("infantry F8 attack G8"), t.verdict().reason)
    assert verdict[0] == "lost" and "was destroyed" in verdict[1]


def test_combat_counter_at_most_is_lost_at_a_heavy_counter():
    """Combat and damage, counterattack: the defender fires back with the HP it has left."""
    t = Try(f"{RC} | red 0: tank F8, infantry G9 | blue 0: mech G8, infantry J10",
            {"destroyed": "G8", "counter_at_most": 20})
    assert t.act("tank F8 attack G8") == "open"
    assert t.act("infantry G9 attack G8") == "met"
    t = Try(f"{RC} | red 0: tank F8, infantry G9 | blue 0: mech G8, infantry J10",
            {"destroyed": "G8", "counter_at_most": 20})
    assert t.act("infantry G9 attack G8") == "lost"
    assert "took 39 health points" in t.verdict().reason


def test_combat_indirect_fire_draws_no_counter():
    """Combat and damage, indirect fire: the target can't fire back, so counter_at_most 0 is met."""
    t = Try(f"{RC} | red 0: artillery E8 | blue 0: tank G8, infantry J10", {"counter_at_most": 0})
    assert t.status() == "open" and t.act("artillery E8 attack G8") == "met"


# ============================================================================ places and transports
def test_movement_at_follows_the_unit():
    t = Try(f"{RC} | red 0: recon C3 | blue 0: infantry H7", {"at": {"C3": "H4"}})
    assert t.act("recon C3 -> H4 wait") == "met"
    t = Try(f"{RC} | red 0: recon C3 | blue 0: infantry H7", {"at": {"C3": "H4"}})
    assert t.act("recon C3 -> H3 wait") == "open"


def test_transports_loaded_and_unloaded():
    t = Try(f"{RC} | red 0: infantry C3, apc D2 | blue 0: infantry J10", {"loaded": {"C3": "D2"}})
    assert t.act("infantry C3 -> D2 load") == "met"
    t = Try(f"{RC} | red 0: apc D2 [infantry] | blue 0: infantry J10", {"at": {"D2/1": "H1"}})
    assert t.act("apc D2 -> H2 unload infantry H1") == "met"


def test_repair_fuel_ammo_supplied_by_an_apc():
    t = Try(f"{RC} | red 0: mech F8 ammo0, apc D9 | blue 0: infantry J10", {"supplied": "F8"})
    assert t.act("apc D9 -> F9 supply") == "met"


def test_repair_fuel_ammo_repaired_in_the_next_upkeep():
    """Repair, fuel and ammo: a unit on your own city repairs 2 HP when your next turn starts."""
    t = Try(f"{RC} | red 2000: tank D3 hp6 | blue 0: infantry J10", {"hp_at_least": {"D3": 8}})
    assert t.act("tank D3 -> B3 wait") == "open"
    assert t.act("end turn") == "met"


# ============================================================================ properties and production
def test_capturing_capture_points_and_captured():
    """Capturing: a soldier takes its HP off the 20 capture points; at 0 the property changes hands."""
    t = Try(f"{RC} | red 0: infantry I3, infantry J4 hp4 | blue 0: infantry J10", {"capture_points": {"J3": 10}})
    assert t.act("infantry J4 -> J3 capture") == "open"
    t = Try(f"{RC} | red 0: infantry I3 | blue 0: infantry J10", {"capture_points": {"J3": 10}})
    assert t.act("infantry I3 -> J3 capture") == "met"
    t = Try(f"{RC} | red 0: infantry J3 hp9 | blue 0: infantry J10 | capture: J3 8", {"captured": "J3"})
    assert t.act("infantry J3 capture") == "met"


def test_production_built_and_funds():
    """Funds, properties and production: a factory builds ground units; income comes with the next turn."""
    t = Try(f"{RC} | red 7000: infantry D3 | blue 0: infantry J10", {"built": {"tank": "C2"}})
    assert t.act("build tank at C2") == "met"
    t = Try(f"{RC} | red 7000: infantry D3 | blue 0: infantry J10", {"built": ["tank", "infantry"]})
    assert t.act("build tank at C2") == "open"
    t = Try(f"{RC} | red 0: infantry D3 | blue 0: infantry J10", {"funds": 3000})
    assert t.act("end turn") == "met"


def test_within_gives_more_turns_and_the_default_is_one():
    """Turns and days: a goal not met by the end of your turn (and the next upkeep) is lost."""
    t = Try(f"{RC} | red 5000: infantry D3 | blue 0: infantry J10", {"built": "tank"})
    assert t.act("end turn") == "lost" and "You ended your turn" in t.verdict().reason
    t = Try(f"{RC} | red 5000: infantry D3 | blue 0: infantry J10", {"built": "tank", "within": 2})
    assert t.act("end turn") == "open" and t.act("build tank at C2") == "met"
    assert t.goal.text == "build a Tank within 2 turns"


# ============================================================================ fog, commanders, the day, winning
def test_fog_sees_a_unit_hidden_in_a_forest():
    """Fog of war: a ground unit in a forest shows only to a unit right next to it."""
    t = Try(f"fog: on | {RC} | red 0: infantry G3 | blue 0: tank I4, infantry J10", {"sees": "I4"})
    assert t.act("infantry G3 -> G4 wait") == "open"
    t = Try(f"fog: on | {RC} | red 0: infantry G3 | blue 0: tank I4, infantry J10", {"sees": "I4"})
    assert t.act("infantry G3 -> H4 wait") == "met"


def test_commanders_power_running():
    """Commander powers: a full meter unlocks the power; it runs until your next turn begins."""
    t = Try(f"commanders: red mender | {RC} | red 0: tank F8 hp6 | blue 0: infantry J10 | meter: red 15000",
            {"power": "power", "hp_at_least": {"F8": 8}})
    assert t.act("power") == "met"


def test_day_event_action_and_won():
    t = Try(f"{RC} | red 0: tank E3 | blue 0: infantry J10", {"day": 2})
    assert t.act("end turn") == "met"
    t = Try(f"fog: on | {RC} | red 0: apc D3 | blue 0: infantry F3", {"event": "ambush"})
    assert t.act("apc D3 -> G3 wait") == "met"                # the infantry hides in the forest on F3
    t = Try(f"{RC} | red 0: tank E3 | blue 0: infantry J10", {"action": "tank E3 -> E2 wait"})
    assert t.act("tank E3 -> F3 wait") == "lost" and "made its move" in t.verdict().reason
    t = Try(f"{RC} | red 0: mech I9 hp8 | blue 0: tank J9, infantry A10 | capture: I9 8", {"won": True})
    assert t.act("mech I9 capture") == "met"


def test_any_and_all():
    t = Try(f"{RC} | red 0: tank F8 | blue 0: infantry E8, infantry G8",
            {"any": [{"destroyed": "E8"}, {"damaged": {"G8": 60}}]})
    assert t.act("tank F8 attack G8") == "met"
    t = Try(f"{RC} | red 0: tank F8 | blue 0: infantry E8, infantry G8",
            {"all": [{"damaged": {"E8": 10}}, {"damaged": {"G8": 60}}]})
    assert t.act("tank F8 attack G8") == "open"


# ============================================================================ goals the checker refuses
@pytest.mark.parametrize(("goal", "words", "path"), [
    ({"destroy": "G8"}, "did you mean 'destroyed'", ("destroy",)),
    ({"destroyed": "E3"}, "one of your own units", ("destroyed",)),
    ({"destroyed": "A1"}, "no unit stands on A1", ("destroyed",)),
    ({"destroyed": 5}, "name a unit by its tile", ("destroyed",)),
    ({"damaged": {"G8": 0}}, "at least 1", ("damaged", "G8")),
    ({"captured": "D4"}, "no property", ("captured",)),
    ({"capture_points": {"H1": 20}}, "at most 19", ("capture_points", "H1")),
    ({"built": "zeppelin"}, "zeppelin", ("built",)),
    ({"loaded": {"E3": "G8"}}, "not one of your units", ("loaded", "E3")),
    ({"loaded": {"E3": "E3"}}, "no transport", ("loaded", "E3")),
    ({"sees": "G8"}, "fog: on", ("sees",)),
    ({"power": "power"}, "no commander", ("power",)),
    ({"power": "mega"}, "'power' or 'super'", ("power",)),
    ({"day": 1}, "at least 2", ("day",)),
    ({"event": "explosion"}, "unknown event kind", ("event",)),
    ({"action": "fly E3 -> E4"}, "does not parse", ("action",)),
    ({"won": "yes"}, "takes the value true", ("won",)),
    ({"within": 2}, "beside other goal keys", ()),
    ({"any": []}, "a list of goals", ("any",)),
])
def test_a_bad_goal_is_refused_with_a_path(goal, words, path):
    s = start_state(f"{RC} | red 0: tank E3 | blue 0: infantry G8 | capture: H1 12")
    with pytest.raises(GoalError) as err:
        compile_goal(goal, s)
    assert words in err.value.message and err.value.path == path


def test_every_goal_key_and_event_kind_is_named():
    assert len(set(GOAL_KEYS)) == len(GOAL_KEYS) and "within" in GOAL_KEYS
    assert {"attack", "destroyed", "captured", "ambush", "repair", "crash"} <= set(EVENT_KINDS)
    s = start_state(f"{RC} | red 0: tank E3 | blue 0: infantry G8")
    assert describe_goal({"destroyed": "G8", "at": {"E3": "F8"}}, s) == \
        "destroy the Infantry on G8 and bring your Tank from E3 to F8"


def test_a_goal_compiles_on_a_plain_position_too():
    """Units of a state made by position.py (not start_state) are named by their tiles when a goal is read."""
    from academy.games.tactics.position import parse_position
    s = parse_position(f"{RC} | red 0: tank F8 | blue 0: infantry G8")
    goal = compile_goal({"destroyed": "G8"}, s)
    assert goal.evaluate(Progress(s, s, 0, [], [])).status == "open"
