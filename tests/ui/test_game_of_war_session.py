"""The Game of War play model without a browser: a unit's destinations and targets are the engine's legal
actions; a move by two clicks; an illegal click shows the engine's message and changes nothing; the attack
preview is combat(); End turn hands over to the CPU, which plays; undo. Also the board follows the model
and the Play page renders the turn, the moves left and the events."""
from __future__ import annotations

import bokeh.document
import pytest

from academy.core.errors import IllegalAction
from academy.games.game_of_war import combat, communication
from academy.games.game_of_war import rules as gow_rules
from academy.games.game_of_war.actions import Attack, Move
from academy.ui.game_of_war.board import GameOfWarBoard
from academy.ui.game_of_war.play import GameOfWarPlayPage
from academy.ui.game_of_war.session import HUMAN, GameOfWarSession

#: a small scenario: North's infantry and a charging cavalry against South's infantry in reach
SCENARIO = {"width": 25, "height": 20, "arsenals": {"north": [[0, 0]], "south": [[5, 19]]},
            "units": [{"id": "N-I1", "side": "north", "type": "infantry", "at": [5, 5]},
                      {"id": "N-C1", "side": "north", "type": "cavalry", "at": [4, 6]},
                      {"id": "S-I1", "side": "south", "type": "infantry", "at": [5, 7]},
                      {"id": "S-I2", "side": "south", "type": "infantry", "at": [5, 12]}]}


def two_people(seed=1, deployment="standard") -> GameOfWarSession:
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, HUMAN], seed=seed, deployment=deployment)
    return s


def north_to_play(deployment=SCENARIO) -> GameOfWarSession:
    for seed in range(20):
        s = two_people(seed, deployment)
        if s.state.side == "north":
            return s
    raise AssertionError("North never drawn first")


def movable_unit(state):
    return next(a.unit for a in state.legal_actions() if isinstance(a, Move))


def test_selecting_a_unit_highlights_the_engines_destinations():
    s = two_people()
    uid = movable_unit(s.state)
    s.click(s.state.position.unit(uid).at)
    assert s.selected == uid
    legal = [a.to for a in s.state.legal_actions() if isinstance(a, Move) and a.unit == uid]
    assert s.destinations == legal and legal
    assert s.targets == []                               # no attack possible in the opening
    s.click(s.state.position.unit(uid).at)               # the same unit again: unselect
    assert s.selected is None and s.destinations == []


def test_a_move_by_two_clicks():
    s = two_people()
    state = s.state
    uid = movable_unit(state)
    s.click(state.position.unit(uid).at)
    to = s.destinations[0]
    s.click(to)
    assert state.position.unit(uid).at == to
    assert state.moves_left == 4 and uid in state.moved
    assert s.log[-1]["kind"] == "move" and uid in s.log[-1]["text"]
    assert s.message == s.log[-1]["text"]              # the move is confirmed in words (the box was left blank)
    s.click(to)                                          # the same unit again: it has moved, the engine says so
    assert s.selected == uid and s.destinations == [] and s.message == (
        "Infantry S-I1 selected: no square to go to and no enemy in reach (it has moved this turn, and each unit "
        "moves once a turn).")             # a selection, not "Move S-I1 refused: …" (a walk)


def test_an_illegal_click_gives_the_engines_message_and_changes_nothing():
    s = two_people()
    state = s.state
    uid = movable_unit(state)
    start, steps, position = state.position.unit(uid).at, len(state.record), state.position
    far = (start[0], 19 - start[1] if start[1] < 10 else 0)
    s.click(start)
    s.click(far)
    with pytest.raises(IllegalAction) as refused:
        gow_rules.validate(state, Move(uid, far))
    assert s.message == refused.value.message and s.message
    assert state.position == position and len(state.record) == steps
    assert s.selected == uid                              # still selected: try another square


def test_the_attack_preview_is_the_engines_combat_and_a_second_tap_attacks():
    s = north_to_play()
    state = s.state
    pos = state.position
    s.click(pos.unit("N-I1").at)
    assert s.targets == [a.target for a in state.legal_actions() if isinstance(a, Attack) and a.unit == "N-I1"]
    assert "S-I1" in s.targets
    s.click(pos.unit("S-I1").at)                          # aim: the preview, nothing played yet
    expected = combat(pos, "north", "S-I1")
    assert s.target == "S-I1" and s.preview == expected
    lines = s.preview_lines()
    assert f"Attack {expected.attack} against defence {expected.defence}" in lines[0]
    assert all(u in " ".join(lines) for u in [*expected.attackers, *expected.defenders])
    assert "N-C1" in expected.charging and "(charge: 4 + 3)" in lines[1]
    assert len(state.record) == 1                        # only the draw
    s.click(pos.unit("S-I1").at)                          # the second tap attacks
    assert s.log[-1]["kind"] in ("turn", "win") and any(e["kind"] == "attack" for e in s.log)
    attack = next(e for e in s.log if e["kind"] == "attack")
    assert attack["why"] and f"attack {expected.attack} against defence {expected.defence}" in " ".join(attack["why"])
    assert not state.position.has_unit("S-I1")           # 11 against 6: destroyed
    assert state.side == "south"


def test_attacking_out_of_reach_gives_the_engines_refusal():
    s = north_to_play()
    state = s.state
    s.click(state.position.unit("N-I1").at)
    s.click(state.position.unit("S-I2").at)              # 7 squares away
    with pytest.raises(IllegalAction) as refused:
        gow_rules.validate(state, Attack("N-I1", "S-I2"))
    assert s.message == refused.value.message and s.target is None and s.preview is None


def test_end_turn_hands_over_to_the_cpu_which_moves_then_undo():
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=2)
    state = s.state
    assert state.side == "north"                         # the CPU played first if it was drawn
    turn = state.turn
    uid = movable_unit(state)
    s.click(state.position.unit(uid).at)
    s.click(s.destinations[0])
    moved_to = state.position.unit(uid).at
    s.end_turn()
    assert state.side == "north" and state.turn == turn + 2
    south = [e for e in s.log if e["kind"] == "end_turn" and "South" in e["text"]]
    assert south
    assert s.trail and all(m["side"] == "south" for m in s.trail)      # the CPU's moves, drawn on the board
    assert s.undo()                                       # takes back End turn and the CPU's turn after it
    assert s.state.side == "north" and s.state.turn == turn and s.state.moves_left == 4
    assert s.state.position.unit(uid).at == moved_to
    assert s.undo()                                       # and the move
    assert s.state.moves_left == 5 and "Undone" in s.message


def test_a_finished_game_refuses_clicks():
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=["easy", "easy"], seed=1, max_turns=4)
    assert s.state.is_terminal()
    s.click((5, 5))
    assert "over" in s.message


def test_the_board_and_the_page_follow_the_model():
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    page = GameOfWarPlayPage(s, seed=2)
    page.layout.get_root(bokeh.document.Document())
    assert not page.game_area.visible
    assert page.start_game() and page.game_area.visible
    board: GameOfWarBoard = page.board
    assert len(board.units.data["id"]) == len(s.state.position.units)
    assert "Moves left: 5 of 5" in page.status.object
    uid = movable_unit(s.state)
    x, y = s.state.position.unit(uid).at
    assert board.square_at(x + 0.3, y - 0.4) == (x, y) and board.square_at(-0.7, 3) is None
    s.click((x, y))
    selected = board.marks["selected"].data
    assert (list(selected["x"]), list(selected["y"])) == ([x], [y])
    assert (list(selected["left"]), list(selected["top"])) == ([x - 0.48], [y + 0.48])   # the square drawn
    assert list(zip(board.marks["destinations"].data["x"], board.marks["destinations"].data["y"])) == s.destinations
    s.click(s.destinations[0])
    assert "Moves left: 4 of 5" in page.status.object and uid in page.events.text()
    s.show_network("north")
    assert len(board.network.data["x"]) == len(communication(s.state.position, "north").covered)


def test_a_forced_retreat_is_chosen_by_clicks():
    """A lone charging cavalry (4 + 3) against infantry (6): defence + 1, the target retreats next turn."""
    scenario = {"width": 25, "height": 20, "arsenals": {"north": [[5, 0]], "south": [[5, 19]]},
                "units": [{"id": "N-C1", "side": "north", "type": "cavalry", "at": [5, 6]},
                          {"id": "S-I1", "side": "south", "type": "infantry", "at": [5, 7]},
                          {"id": "S-I2", "side": "south", "type": "infantry", "at": [5, 12]}]}
    s = north_to_play(scenario)
    s.click((5, 6))
    s.click((5, 7))
    assert s.preview.outcome == "retreat"
    s.attack()
    state = s.state
    assert state.side == "south" and state.phase == "retreat"
    s.click((5, 7))
    legal = [a.to for a in state.legal_actions() if a.unit == "S-I1"]
    assert s.destinations == legal and (5, 8) in legal
    s.click((5, 8))
    assert state.position.unit("S-I1").at == (5, 8) and state.phase == "play" and state.moves_left == 4


def test_every_opening_of_the_form_starts_and_the_doctest_holds():
    import doctest

    import academy.ui.game_of_war.session as module
    from academy.ui.game_of_war.session import DEPLOYMENTS
    for deployment in DEPLOYMENTS.values():
        s = GameOfWarSession(synchronous=True, cpu_delay=0)
        s.new_game(seats=["hard", HUMAN], seed=4, deployment=deployment)
        assert s.state.side == "south" and s.state.legal_actions()
    assert doctest.testmod(module).failed == 0


def test_choosing_a_destination_warns_about_friends_it_would_cut_off():
    """Communication, as issue 18 asks: moving a unit that holds friends on the lines says, while the move
    is being chosen (on selecting it and while dragging over the square), whom the move would cut off."""
    from academy.games.game_of_war import parse_position
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position("North to move | board: empty | North arsenals: m1 | South arsenals: m20 | "
                                "North: N-C1 m6, N-K1 n7, N-I1 o8 | South: S-I1 a20"), [HUMAN, HUMAN])
    s.click((12, 5))
    assert s.selected == "N-C1" and "Careful: Moving N-C1 to" in s.message and "cuts off N-I1 and N-K1" in s.message
    assert s.drag_start((12, 5))
    s.drag_over((11, 5))                  # l6: off n7's touch, so both friends would be cut off
    assert "Release on l6 to move N-C1 there." in s.message and "cuts off N-I1 and N-K1" in s.message
    s.drag_over((12, 6))                  # m7: still touching n7
    assert s.message == "Release on m7 to move N-C1 there."


def test_choosing_a_destination_warns_when_the_move_takes_the_unit_itself_off_the_lines():
    """game-of-war.md, Communication (found by a new user): a lone cavalry on m1's column moving to l6 leaves
    every line of its side: the square is marked like one that cuts a friend off, selecting it says so, and
    so does dragging over it; m8, still on the column, is not marked."""
    from academy.games.game_of_war import parse_position
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position("North to move | board: empty | North arsenals: m1 | South arsenals: m20 | "
                                "North: N-C1 m6 | South: S-I1 a20"), [HUMAN, HUMAN])
    s.click((12, 5))
    assert (11, 5) in s.cutting and (12, 7) not in s.cutting
    assert "Careful: Moving N-C1 to" in s.message and "takes N-C1 itself off the lines" in s.message
    assert s.drag_start((12, 5))
    s.drag_over((11, 5))
    assert s.message == ("Release on l6 to move N-C1 there. Moving N-C1 to l6 takes N-C1 itself off the lines: "
                         "a unit off the lines can't move and adds nothing in combat.")
    assert s.drop((11, 5))                                # and once moved, the message says where it stands
    assert s.message.endswith("N-C1 is off its lines now: it can't move and adds nothing in combat until a move "
                              "of its side brings it back.")


def test_a_new_game_says_the_cpus_level_until_the_person_plays_even_when_the_cpu_moves_first():
    """Found by a new user: North (the CPU) moves first and its moves cleared "New game: ... (CPU easy)"
    before the person could read it. The message keeps it, then says what North played and that it is the
    person's turn (TurnSession's news of the CPU's turn)."""
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=["easy", HUMAN], seed=4)
    assert s.state.side == "south" and s.message == ("New game: North (CPU easy), South (you). North (CPU easy) "
                                                     "played turn 1: it made 5 moves. Your turn: turn 2.")


def test_a_game_played_on_from_a_position_logs_its_first_turn_under_that_turns_heading():
    """Found by a new user: a lesson's position played out, North's one attack (which ends the turn) was
    logged under "Start of the game", with no "Turn 1 · North"."""
    from academy.games.game_of_war import parse_position
    from academy.games.game_of_war.actions import Attack
    from academy.ui.event_log import group_turns
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position("North to move | board: empty | North arsenals: a8 | South arsenals: a10 | "
                                "North: N-I1 e8, N-I2 g8 | South: S-I1 e10, S-I2 j12"), [HUMAN, HUMAN])
    s._do(Attack("N-I1", "S-I1"))
    groups = group_turns(s.log)
    assert [g.heading for g in groups][:2] == ["Turn 1 · North", "Turn 2 · South"]
    assert [e["kind"] for _, e in groups[0].entries] == ["position", "attack"]


def test_undo_says_in_words_what_it_took_back_and_a_finished_game_stays_finished():
    """Undo (issue 18): it names what it took back in the engine's words ("Undone: end." was all it
    said), and after the game ended it refuses: the winning capture is not taken back."""
    from academy.games.game_of_war import parse_position
    from academy.games.game_of_war.actions import EndTurn
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position("North to move | board: empty | North arsenals: m1 | South arsenals: m20 | "
                                "North: N-C1 m6 | South: S-I1 a20"), [HUMAN, HUMAN])
    assert s.act(EndTurn())
    assert s.undo() and s.message == "Undone: North ends its turn after 0 moves."
    cpu = GameOfWarSession(synchronous=True, cpu_delay=0)
    cpu.start_from(parse_position("North to move | board: empty | North arsenals: m1 | South arsenals: m20 | "
                                  "North: N-C1 m6 | South: S-I1 a20"), [HUMAN, "easy"])
    assert cpu.act(EndTurn()) and cpu.undo()     # S-I1 cannot leave row 20 without being cut off: it ends its turn
    assert cpu.message == "Undone: North ends its turn after 0 moves, and the 1 decision of the CPU after it."
    s.state.phase = "over"                     # as after the winning capture
    before = len(s.state.record)
    assert not s.undo() and "finished game stays finished" in s.message and len(s.state.record) == before
