"""Game of War messages in plain English: articles and plurals from the one text helper (issue 14, item 7:
"one text helper for articles and plurals ("an Infantry", "1 army", "2 armies") used by every message")."""
from __future__ import annotations

import pytest

from academy.core.errors import IllegalAction
from academy.games.game_of_war import check_move
from academy.games.game_of_war import rules as gow_rules
from academy.games.game_of_war.actions import EndTurn, Move
from academy.games.game_of_war.combat import check_attack
from academy.games.game_of_war.goals import Progress, compile_goal, describe_goal, start_state
from academy.games.game_of_war.position import Position
from academy.ui.game_of_war.deploy import DeploymentPanel
from academy.ui.game_of_war.session import HUMAN, GameOfWarSession

POSITION = {"terrain": {}, "arsenals": {"north": [[12, 0]], "south": []},
            "units": [{"id": "N1", "side": "north", "type": "infantry", "at": [12, 5]},
                      {"id": "N2", "side": "north", "type": "relay", "at": [11, 5]},
                      {"id": "S1", "side": "south", "type": "infantry", "at": [12, 8]}]}


def refusal(call) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        call()
    return err.value


def test_an_infantry_moved_two_squares():
    """issue 14, item 7: the refusal said "a infantry moves at most 1"."""
    pos = Position.from_dict(POSITION)
    err = refusal(lambda: check_move(pos, "north", "N1", [12, 7]))
    assert err.reason == "too_far"
    assert err.message == "Move N1 to m8 refused: that is 2 squares away and an infantry moves at most 1 square."


def test_an_infantry_out_of_range():
    """issue 14, item 7: the refusal said "a infantry reaches 2"."""
    pos = Position.from_dict(POSITION)
    err = refusal(lambda: check_attack(pos, "north", "N1", "S1"))
    assert err.reason == "out_of_range"
    assert err.message == ("Attack N1 -> S1 refused: S1 is 3 squares away and an infantry reaches 2 squares; "
                           "move closer first.")


def test_a_relay_cannot_attack():
    """issue 14, item 7: "a relay" through the helper (the article of a consonant)."""
    pos = Position.from_dict(POSITION)
    err = refusal(lambda: check_attack(pos, "north", "N2", "S1"))
    assert err.message == ("Attack N2 -> S1 refused: a relay cannot attack; attack with infantry, cavalry or a "
                           "cannon.")


def north_session(position=POSITION) -> GameOfWarSession:
    for seed in range(20):
        s = GameOfWarSession(synchronous=True, cpu_delay=0)
        s.new_game(seats=[HUMAN, HUMAN], seed=seed, deployment=position | {"width": 25, "height": 20})
        if s.state.side == "north":
            return s
    raise AssertionError("North never drawn first")


def test_end_of_turn_after_one_move():
    """issue 14, item 7: the event said "North ends its turn after 1 move(s)"."""
    s = north_session()
    state = s.state
    move = next(m for m in state.legal_actions() if isinstance(m, Move))
    state.apply(move)
    events = state.apply(EndTurn())
    assert events[0].text == "North ends its turn after 1 move."


def test_selection_names_squares_and_one_enemy_unit():
    """issue 14, item 7: the selection said "7 square(s) to go to, 1 enemy unit(s) to attack"."""
    units = [dict(u, at=[12, 7]) if u["id"] == "S1" else u for u in POSITION["units"]]
    s = north_session(POSITION | {"units": units})
    s.click((12, 5))
    assert s.selected == "N1" and s.targets == ["S1"] and len(s.destinations) == 7   # 8 around, N2 on one
    assert s.message.startswith("Infantry N1 selected: 7 squares to go to, 1 enemy unit to attack.")
    assert "Careful: Moving N1 to" in s.message and "other squares too.)" in s.message   # N2 hangs on N1


def test_one_unit_left_to_place():
    """issue 14, item 7: the deployment help said "1 unit(s) left to place"."""
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, HUMAN], deployment="free", seed=1)
    s.place_rest()
    last = s.placements[-1]
    s.click(last.at)                                            # take the last one back
    assert sum(s.unplaced().values()) == 1
    assert DeploymentPanel(s).help.object.endswith("Tap a unit you placed to take it back. 1 unit left to place.")
    assert sum(gow_rules.ARMY.values()) > 1


def test_goal_texts_count_moves_and_cavalry():
    """issue 14, item 7: "You made 1 moves" became "You made 1 move"; goal texts count through the helper."""
    start = start_state("North to move | board: empty | North arsenals: h1 | North: N-I1 h8 | South: S-I1 h12")
    state = start.clone()
    goal = compile_goal({"moves_at_most": 0}, state)
    move = state.game.parse_action("N-I1 h8-h9", state)
    events = state.play(move, player=0)
    verdict = goal.evaluate(Progress(start, state, 0, [move], list(events)))
    assert verdict.reason == "You made 1 move; the exercise allows 0 at most."
    assert describe_goal({"moves_at_most": 1}, start) == "use 1 move or fewer"
    assert describe_goal({"charge": 1}, start) == "charge with 1 cavalry unit or more"
    assert describe_goal({"charge": 2}, start) == "charge with 2 cavalry units or more"


def test_a_side_is_named_as_the_board_names_it():
    """A newcomer's walk (issue 14): "cut off from north's lines of communication"; the board and the log say
    North. game-of-war.md, Communication: a cut-off unit cannot move."""
    pos = Position.from_dict({**POSITION, "arsenals": {"north": [[0, 0]], "south": []},
                              "units": [{"id": "N1", "side": "north", "type": "infantry", "at": [20, 15]},
                                        {"id": "S1", "side": "south", "type": "infantry", "at": [12, 8]}]})
    err = refusal(lambda: check_move(pos, "north", "N1", [20, 14]))
    assert err.reason == "cut_off" and "cut off from North's lines of communication" in err.message
    err = refusal(lambda: check_move(pos, "north", "S1", [12, 9]))
    assert "it is a South unit; move one of North's units" in err.message
