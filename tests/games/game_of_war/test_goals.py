"""Game of War lesson goals (academy/games/game_of_war/goals.py): each key met, open and lost, names checked.

Every test names the section of game-of-war.md it rests on. Positions are one-line positions on an
empty board, so every line of communication is explicit. ``run`` plays commands the way a lesson
Attempt does and evaluates the goal after each one.
"""
from __future__ import annotations

from typing import Any

import pytest

from academy.core.errors import InvalidNotation
from academy.games.game_of_war.goals import (GOAL_KEYS, GoalError, Progress, compile_goal, describe_goal,
                                              next_step, start_state)

#: North's infantry N-I1 (h8) and N-I2 (j8) both reach S-I1 (h10): 8 against 6. N-K1 (h6) is out of range
#: (4 squares) until it steps to h7. S-I2 (x19) is far away and cut off.
FRAME = ("North to move | board: empty | North arsenals: h1, a8 | South arsenals: h20 | "
         "North: N-I1 h8, N-I2 j8, N-K1 h6 | South: S-I1 h10, S-I2 x19")


def run(goal: Any, commands: list[str], position: str = FRAME) -> list[str]:
    """The verdict statuses after each command (the start verdict first)."""
    start = start_state(position)
    state = start.clone()
    learner = state.to_move()
    g = compile_goal(goal, state)
    actions: list[Any] = []
    events: list[Any] = []
    out = [g.evaluate(Progress(start, state, learner, [], [])).status]
    for c in commands:
        a = state.game.parse_action(c, state)
        events += state.play(a, player=learner)
        actions.append(a)
        out.append(g.evaluate(Progress(start, state, learner, list(actions), list(events))).status)
    return out


def reason(goal: Any, commands: list[str], position: str = FRAME) -> str:
    start = start_state(position)
    state = start.clone()
    learner = state.to_move()
    g = compile_goal(goal, state)
    actions: list[Any] = []
    events: list[Any] = []
    for c in commands:
        a = state.game.parse_action(c, state)
        events += state.play(a, player=learner)
        actions.append(a)
    return g.evaluate(Progress(start, state, learner, actions, events)).reason


# ============================================================================ start positions
def test_start_state_reads_a_one_line_position():
    """Goal: North and South; the position names the side to move (the learner)."""
    s = start_state(FRAME, seed=3)
    assert s.side == "north" and s.to_move() == 0 and s.phase == "play"
    assert sorted(u.id for u in s.position.units) == ["N-I1", "N-I2", "N-K1", "S-I1", "S-I2"]


def test_start_state_refuses_a_bad_position():
    with pytest.raises(InvalidNotation):
        start_state("East to move | North: N-I1 e5")
    with pytest.raises(InvalidNotation):
        start_state("North to move | North: N-I1 zz99")


def test_next_step_counts_the_moves_left():
    """Your turn: up to 5 different units move, then one attack."""
    s = start_state(FRAME)
    assert next_step(s) == "North may move 5 more units, then attack once or end the turn."
    s.play(s.game.parse_action("N-K1 h6-h7", s), player=0)
    assert next_step(s) == "North may move 4 more units, then attack once or end the turn."


def test_next_step_in_a_retreat_phase():
    """Combat: the target retreats one square at the start of its next turn."""
    s = start_state("North to move | retreat: N-I1 | board: empty | North arsenals: e1 | North: N-I1 e6 "
                    "| South: S-I1 e9")
    assert next_step(s) == "North must first retreat N-I1 one square."


# ============================================================================ combat keys
def test_destroyed_met_by_an_attack_of_defence_plus_two():
    """Combat: Attack >= Defence + 2, the target is destroyed (8 against 6)."""
    assert run({"destroyed": "S-I1"}, ["N-I1 attacks S-I1"]) == ["open", "met"]


def test_destroyed_lost_when_the_attack_falls_short():
    """Combat: Attack <= Defence, repelled; the attack ends the turn, so the goal is lost with the totals."""
    pos = FRAME.replace("N-I2 j8, ", "")
    assert run({"destroyed": "S-I1"}, ["N-I1 attacks S-I1"], pos) == ["open", "lost"]
    assert reason({"destroyed": "S-I1"}, ["N-I1 attacks S-I1"], pos) == (
        "Your attack on S-I1 counted 4 (N-I1 4) against a defence of 6 (S-I1 6): repelled. Not counted: N-K1 on h6 "
        "fires 3 squares, and stands 4 from h10. S-I1 on h10 (in communication) still stands; an attack of at least "
        "defence + 2 destroys a unit, and one of defence + 1 removes it when it has no free square to retreat to or "
        "is cut off.")


def test_a_lost_attack_names_each_unit_left_out_where_it_stands_and_why():
    """Combat: only connected units lined up with the target within range count; Communication: a cut-off
    unit adds nothing. The reason names each idle unit by id and its square now, and the target's link."""
    pos = ("North to move | board: empty | North arsenals: h1, j1 | South arsenals: h20 | mountains: h9 | "
           "North: N-I1 h8, N-I2 j10, N-K1 h7, N-I3 x5 | South: S-I1 h10, S-I2 x19")
    why = reason({"destroyed": "S-I1"}, ["N-I2 attacks S-I1"], pos)
    assert ("Not counted: N-I1 on h8 has a mountain in its line to h10; N-K1 on h7 has a mountain in its line "
            "to h10; N-I3 on x5 is cut off.") in why
    assert "S-I1 on h10 (in communication) still stands" in why


def test_destroyed_counts_a_unit_removed_because_it_cannot_retreat():
    """Combat: Attack = Defence + 1, the target must retreat; if it can't, it is removed."""
    pos = ("North to move | board: empty | North arsenals: c1 | South arsenals: a20, y20 | mountains: b10, b12 "
           "| North: N-C1 d11, N-I1 c12 | South: S-I1 a11, S-R1 a10, S-R2 a12, S-I2 t18")
    assert run({"destroyed": "S-I1"}, ["N-C1 d11-b11", "N-C1 attacks S-I1"], pos) == ["open", "open", "met"]


def test_destroyed_takes_a_list():
    """Combat: each target of the list must be gone."""
    assert run({"destroyed": ["S-I1", "S-I2"]}, ["N-I1 attacks S-I1"]) == ["open", "open"]


def test_retreats_met_at_exactly_defence_plus_one_and_lost_otherwise():
    """Combat: Attack = Defence + 1 forces a retreat (9 against the cannon's 8)."""
    pos = ("North to move | board: empty | North arsenals: h1 | South arsenals: h20 | North: N-I1 h8, N-K1 h6 "
           "| South: S-K1 h10")
    assert run({"retreats": "S-K1"}, ["N-K1 h6-h7", "N-I1 attacks S-K1"], pos) == ["open", "open", "met"]
    assert run({"retreats": "S-K1"}, ["N-I1 attacks S-K1"], pos) == ["open", "lost"]
    assert reason({"retreats": "S-K1"}, ["N-I1 attacks S-K1"], pos).endswith(
        "A retreat needs an attack of exactly S-K1's defence + 1.")


@pytest.mark.parametrize(("outcome", "commands", "statuses"), [
    ("destroyed", ["N-I1 attacks S-I1"], ["open", "met"]),
    ("retreat", ["N-I1 attacks S-I1"], ["open", "lost"]),
    ("repelled", ["N-I1 attacks S-I1"], ["open", "lost"]),
    ("destroyed", ["N-K1 h6-h7"], ["open", "open"]),
])
def test_outcome_of_your_attack(outcome, commands, statuses):
    """Combat, the result table: repelled, retreat or destroyed (here 8 against 6: destroyed)."""
    assert run({"outcome": outcome}, commands) == statuses


def test_attack_total_counts_every_lined_up_unit():
    """Combat: Attack = the attack of every connected unit lined up with the target within range."""
    assert run({"attack_total": 13}, ["N-K1 h6-h7", "N-I1 attacks S-I1"]) == ["open", "open", "met"]
    assert run({"attack_total": 13}, ["N-I1 attacks S-I1"]) == ["open", "lost"]
    assert reason({"attack_total": 13}, ["N-I1 attacks S-I1"]).startswith(
        "Your attack on S-I1 counted 8 (N-I1 4, N-I2 4) against a defence of 6 (S-I1 6): destroyed.")


def test_charge_counts_the_charging_cavalry():
    """Combat, cavalry charge: +3 for each connected cavalry next to the target or in an unbroken line."""
    pos = ("North to move | board: empty | North arsenals: h1 | South arsenals: h20 | North: N-C1 h7, N-C2 h6 "
           "| South: S-I1 h10, S-I2 h12")
    assert run({"charge": 2}, ["N-C1 h7-h9", "N-C2 h6-h8", "N-C1 attacks S-I1"], pos) == [
        "open", "open", "open", "met"]
    assert run({"charge": 2}, ["N-C1 h7-h9", "N-C1 attacks S-I1"], pos) == ["open", "open", "lost"]


def test_no_charge_against_a_fortress():
    """Combat: no charge against a fortress (Terrain: no cavalry charge against it)."""
    pos = ("North to move | board: empty | North arsenals: g1, a9 | South arsenals: a10, y10 | fortresses: j10 "
           "| North: N-C1 g8 | South: S-I1 e10, S-I2 j10")
    assert run({"charge": 1}, ["N-C1 g8-i9", "N-C1 attacks S-I2"], pos) == ["open", "open", "lost"]
    assert run({"charge": 1}, ["N-C1 g8-f9", "N-C1 attacks S-I1"], pos) == ["open", "open", "met"]


# ============================================================================ communication keys
RELAY = "North to move | board: empty | North arsenals: e1 | South arsenals: t20 | North: N-R1 e4, N-I1 k9 " \
        "| South: S-I1 t15"


def test_connected_met_when_a_relay_carries_the_line():
    """Communication: relays standing on a line pass it on."""
    assert run({"connected": "N-I1"}, ["N-R1 e4-e3"], RELAY) == ["open", "met"]
    assert run({"connected": "N-I1"}, ["N-R1 e4-e5"], RELAY) == ["open", "open"]


def test_connected_is_met_at_the_start_for_a_connected_unit():
    """Communication: a unit on an arsenal's line is connected (the loader refuses such a goal)."""
    assert run({"connected": "N-R1"}, [], RELAY) == ["met"]


CUT = ("North to move | board: empty | North arsenals: f1 | South arsenals: e20 | North: N-I1 f17 "
       "| South: S-R1 e14, S-I1 l14")


def test_cut_off_met_by_blocking_the_enemy_line():
    """Communication: lines are blocked by enemy units; a relay off the network sends no lines."""
    assert run({"cut_off": ["S-R1", "S-I1"]}, ["N-I1 f17-e17"], CUT) == ["open", "met"]
    assert run({"cut_off": "S-I1"}, ["N-I1 f17-f16"], CUT) == ["open", "open"]


def test_cut_off_lost_when_the_unit_is_gone():
    """Communication: a destroyed unit can no longer be cut off."""
    pos = ("North to move | board: empty | North arsenals: e1 | South arsenals: e20 | North: N-I1 e13 "
           "| South: S-R1 e15, S-I1 m15")
    assert run({"cut_off": "S-R1"}, ["N-I1 attacks S-R1"], pos) == ["open", "lost"]
    assert run({"cut_off": "S-I1", "destroyed": "S-R1"}, ["N-I1 attacks S-R1"], pos) == ["open", "met"]


# ============================================================================ places, turn, game
def test_at_met_when_the_unit_stands_there():
    """Your turn: a unit moves up to its movement in any of the 8 directions."""
    assert run({"at": {"N-K1": "h7"}}, ["N-K1 h6-h7"]) == ["open", "met"]
    assert run({"at": {"N-K1": "h7"}}, ["N-K1 h6-g7"]) == ["open", "open"]


def test_moves_at_most_is_a_limit():
    """Your turn: move up to 5 different units; the goal may allow fewer."""
    goal = {"at": {"N-I2": "j9"}, "moves_at_most": 1}
    assert run(goal, ["N-I2 j8-j9"]) == ["open", "met"]
    assert run(goal, ["N-K1 h6-h7", "N-I2 j8-j9"]) == ["open", "open", "lost"]
    assert reason(goal, ["N-K1 h6-h7", "N-I2 j8-j9"]) == "You made 2 moves; the exercise allows 1 at most."


def test_action_met_by_exactly_that_action():
    """Your turn: one attack by a connected combat unit onto an enemy in range."""
    assert run({"action": "N-I2 attacks S-I1"}, ["N-I2 attacks S-I1"]) == ["open", "met"]
    assert run({"action": "N-I2 attacks S-I1"}, ["N-I1 attacks S-I1"]) == ["open", "lost"]
    assert reason({"action": "N-I2 attacks S-I1"}, ["N-I1 attacks S-I1"]) == (
        'You played "N-I1 attacks S-I1"; the exercise asked for "N-I2 attacks S-I1".')
    assert run({"action": "N-K1 h6-h7"}, ["N-K1 h6-g7"]) == ["open", "lost"]


def test_turn_over_met_by_ending_the_turn_or_attacking():
    """Your turn: the turn ends after an attack or End turn."""
    assert run({"turn_over": True}, ["N-K1 h6-h7", "end"]) == ["open", "open", "met"]
    assert run({"turn_over": True}, ["N-I1 attacks S-I1"]) == ["open", "met"]


ARSENAL = ("North to move | board: empty | North arsenals: k1 | South arsenals: k12 | North: N-C1 k10, "
           "N-I1 k5 | South: S-I1 r16")


def test_captured_arsenal_and_won():
    """Goal: you win by destroying both enemy arsenals (Your turn: moving onto one takes it)."""
    assert run({"captured_arsenal": "k12"}, ["N-C1 k10-k12"], ARSENAL) == ["open", "met"]
    assert run({"captured_arsenal": True}, ["N-C1 k10-k12"], ARSENAL) == ["open", "met"]
    assert run({"won": True}, ["N-C1 k10-k12"], ARSENAL) == ["open", "met"]
    assert run({"won": True}, ["N-C1 k10-k11"], ARSENAL) == ["open", "open"]


def test_won_by_destroying_the_last_fighting_unit():
    """Goal: or by eliminating every enemy fighting unit; relays do not count."""
    pos = ("North to move | board: empty | North arsenals: k1, o1 | South arsenals: k20, c20 | "
           "North: N-I1 k8, N-I2 l8 | South: S-I1 k10, S-R1 k14")
    assert run({"won": True}, ["N-I2 l8-l9", "N-I1 attacks S-I1"], pos) == ["open", "open", "met"]


def test_all_and_any():
    """Your turn: the moves come before the attack, which ends the turn."""
    goal = {"all": [{"at": {"N-K1": "h7"}}, {"destroyed": "S-I1"}]}
    assert run(goal, ["N-K1 h6-h7", "N-I1 attacks S-I1"]) == ["open", "open", "met"]
    assert run(goal, ["N-I1 attacks S-I1"]) == ["open", "open"]
    either = {"any": [{"retreats": "S-I1"}, {"destroyed": "S-I1"}]}
    assert run(either, ["N-I1 attacks S-I1"]) == ["open", "met"]


# ============================================================================ refusals
@pytest.mark.parametrize(("goal", "path", "words"), [
    ({"destroy": "S-I1"}, ("destroy",), "did you mean 'destroyed'?"),
    ({"destroyed": "S-I3"}, ("destroyed",), "Did you mean"),
    ({"destroyed": "N-I1"}, ("destroyed",), "one of your own units"),
    ({"retreats": 5}, ("retreats",), "expected a unit id"),
    ({"outcome": "destroy"}, ("outcome",), "did you mean 'destroyed'?"),
    ({"attack_total": 0}, ("attack_total",), "at least 1"),
    ({"charge": "two"}, ("charge",), "whole number"),
    ({"at": {"N-K1": "zz"}}, ("at", "N-K1"), "not a square"),
    ({"at": "h7"}, ("at",), "mapping of units to squares"),
    ({"captured_arsenal": "a1"}, ("captured_arsenal",), "no south arsenal on a1"),
    ({"action": "N-Q1 h6-h7"}, ("action",), "does not parse"),
    ({"won": "yes"}, ("won",), "takes the value true"),
    ({"all": [{"at": {"N-K1": "h7"}}, {"cut": "S-I1"}]}, ("all", 1, "cut"), "did you mean 'cut_off'?"),
    ({"any": []}, ("any",), "list of goals"),
])
def test_a_bad_goal_raises_goal_error_with_its_path(goal, path, words):
    """Every key and name is checked against the engine and the start position."""
    with pytest.raises(GoalError) as err:
        compile_goal(goal, start_state(FRAME))
    assert err.value.path == path and words in err.value.message


def test_unit_names_are_read_loosely():
    """Unit ids are matched without regard to case or hyphens."""
    assert describe_goal({"destroyed": "si1"}, start_state(FRAME)) == "destroy S-I1"
    assert describe_goal({"cut_off": ["s-i1", "S-I2"]}, start_state(FRAME)) == "cut off S-I1 and S-I2"


def test_every_key_has_a_handler_and_a_text():
    s = start_state(FRAME)
    examples = {"destroyed": "S-I1", "retreats": "S-I1", "outcome": "retreat", "attack_total": 9, "charge": 1,
                "connected": "N-I1", "cut_off": "S-I2", "at": {"N-K1": "h7"}, "captured_arsenal": True,
                "moves_at_most": 2, "action": "N-K1 h6-h7", "turn_over": True, "won": True,
                "all": [{"won": True}], "any": [{"won": True}]}
    assert set(examples) == set(GOAL_KEYS)
    for key, value in examples.items():
        assert compile_goal({key: value}, s).text, key


def test_a_goal_with_two_attack_parts_tells_the_attack_once():
    """Combat, the charge: one cavalry touching the target charges (7), the other, 4 squares away, does not
    count; both lost parts give their reason after one account of the attack."""
    pos = ("North to move | board: empty | North arsenals: h1 | South arsenals: h20 | "
           "North: N-C1 h9, N-C2 h6 | South: S-I1 h10, S-I2 h12")
    why = reason({"charge": 2, "destroyed": "S-I1"}, ["N-C1 attacks S-I1"], pos)
    assert why.count("Your attack on S-I1 counted 7 (N-C1 7)") == 1
    assert why.startswith("Your attack on S-I1 counted 7 (N-C1 7) against a defence of 12 (S-I1 6, S-I2 6): "
                          "repelled. Not counted: N-C2 on h6 fires 2 squares, and stands 4 from h10. The exercise "
                          "asked for 2 charging cavalry or more;")
    assert why.endswith("S-I1 on h10 (in communication) still stands; an attack of at least defence + 2 destroys "
                        "a unit, and one of defence + 1 removes it when it has no free square to retreat to or is "
                        "cut off.")



def test_work_out_totals_is_a_modifier_never_checked():
    """game-of-war.md, Combat (the totals compared): a lesson may ask the learner to add the totals up; work_out
    belongs to the top mapping, beside another key, and names only what a board can keep back."""
    from academy.games.game_of_war.goals import worked_out
    assert run({"outcome": "destroyed", "work_out": "totals"}, ["N-I1 attacks S-I1"]) == ["open", "met"]
    assert worked_out({"outcome": "destroyed", "work_out": "totals"}) == {"totals"}
    state = start_state(FRAME)
    for goal, message in (({"work_out": "totals"}, "work_out needs another goal key beside it"),
                          ({"outcome": "destroyed", "work_out": "odds"}, "work_out takes totals"),
                          ({"all": [{"outcome": "destroyed", "work_out": "totals"}]},
                           "work_out belongs to the goal's top mapping")):
        with pytest.raises(GoalError, match=message):
            compile_goal(goal, state)
