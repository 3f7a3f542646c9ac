"""game-of-war.md, Goal and Your turn, played through the engine: the draw for who starts, up to 5
different units moved once each, one attack that ends the turn, taking an arsenal, End turn, the win.

Frame (on an empty 25×20 board): North's arsenal at m1 (12, 0) covers column m down to the front,
South's at m20 (12, 19) covers it up to the front; the other units connect by touching.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from academy.core.errors import GameOver, IllegalAction
from academy.core.protocol import NodeKind
from academy.games.game_of_war import (Attack, EndTurn, FirstPlayer, GameOfWarGame, Move, format_position,
                                        parse_position)

FRAME = "board: empty | North arsenals: m1 | South arsenals: m20"


def position(text: str, mover: str = "North"):
    return parse_position(f"{mover} to move | {FRAME} | {text}")


def refused(state, action, reason, player=None):
    """The action raises IllegalAction with ``reason`` and changes nothing."""
    before, size = state.to_json(), len(state.record)
    with pytest.raises(IllegalAction) as err:
        state.apply(action, player)
    assert err.value.reason == reason, str(err.value)
    assert str(err.value)
    assert state.to_json() == before and len(state.record) == size
    return str(err.value)


# ------------------------------------------------------------------ Goal: who starts
def test_goal_who_starts_is_drawn_at_random():
    """Goal: "Who starts is drawn at random." A CHANCE node with an exact distribution, sampled by the seed."""
    state = GameOfWarGame().new_initial_state(seed=3)
    assert state.node_kind() is NodeKind.CHANCE and state.to_move() is None
    assert state.chance_outcomes() == [(FirstPlayer(0), Fraction(1, 2)), (FirstPlayer(1), Fraction(1, 2))]
    firsts = set()
    for seed in range(12):
        s = GameOfWarGame().new_initial_state(seed=seed)
        s.settle()
        assert s.node_kind() is NodeKind.DECISION and s.to_move() == s.first and s.turn == 1
        firsts.add(s.first)
        again = GameOfWarGame().new_initial_state(seed=seed)
        again.settle()
        assert again.first == s.first                      # the same seed draws the same side
    assert firsts == {0, 1}
    state.apply(FirstPlayer(1))
    assert state.side == "south" and state.phase == "play"


def test_goal_the_standard_opening_has_both_armies_of_17():
    state = GameOfWarGame().new_initial_state(seed=1)
    pos = state.position
    assert [len(list(pos.units_of(s))) for s in ("north", "south")] == [17, 17]
    assert [len(pos.arsenals[s]) for s in ("north", "south")] == [2, 2]


# ------------------------------------------------------------------ Your turn: moves
SIX = "North: N-I1 m9, N-I2 l9, N-I3 k9, N-I4 j9, N-I5 i9, N-I6 h9 | South: S-I1 m12"


def test_your_turn_up_to_5_different_units_each_once():
    """Your turn: "Move up to 5 different units, each once"."""
    state = position(SIX)
    assert state.connected("north") == {"N-I1", "N-I2", "N-I3", "N-I4", "N-I5", "N-I6"}
    state.apply(Move("N-I1", (12, 7)))
    refused(state, Move("N-I1", (12, 6)), "already_moved")                # the same unit twice
    for i, x in zip(range(2, 6), (11, 10, 9, 8)):
        state.apply(Move(f"N-I{i}", (x, 7)))
    assert state.moved == ["N-I1", "N-I2", "N-I3", "N-I4", "N-I5"] and state.moves_left == 0
    assert "limit is 5" in refused(state, Move("N-I6", (7, 7)), "too_many_moves")    # a sixth move
    assert not [a for a in state.legal_actions() if isinstance(a, Move)]
    assert EndTurn() in state.legal_actions()


def test_your_turn_end_turn_passes_the_turn_with_fresh_moves():
    """Your turn: "Press End turn (or Space) to finish your turn"."""
    state = position(SIX)
    state.apply(Move("N-I1", (12, 7)))
    events = state.apply(EndTurn())
    assert [e.kind for e in events] == ["end_turn", "turn"]
    assert (state.side, state.moved, state.turn) == ("south", [], 2)
    refused(state, Move("N-I2", (11, 7)), "not_your_unit")
    refused(state, EndTurn(), "not_your_turn", player=0)


def test_your_turn_moving_fewer_than_5_or_none_is_allowed():
    state = position(SIX)
    state.apply(EndTurn())
    assert state.side == "south"


def test_your_turn_a_unit_can_not_end_on_a_mountain_or_an_occupied_square_or_off_the_board():
    """Your turn: "it can't end on a mountain or an occupied square"; a unit off the board is refused."""
    state = parse_position(f"North to move | {FRAME} | mountains: l8 | North: N-I1 m9, N-I2 m8 | "
                           "South: S-I1 m12, S-I2 a20")
    refused(state, Move("N-I1", (11, 7)), "mountain")
    refused(state, Move("N-I1", (12, 7)), "occupied")
    refused(state, Move("N-I1", (12, 25)), "off_board")
    state2 = parse_position(f"North to move | {FRAME} | North: N-I1 m1 | South: S-I1 m12")
    refused(state2, Move("N-I1", (12, -1)), "off_board")
    refused(state2, Move("nowhere", (12, 1)), "unknown_unit")


# ------------------------------------------------------------------ Your turn: the attack
DUEL = "North: N-I1 m9, N-I2 l9, N-R1 k9 | South: S-I1 m11, S-I2 p12"


def test_your_turn_one_attack_then_the_turn_ends():
    """Your turn: "Attack once ... your turn ends after an attack (successful or not)"."""
    state = position(DUEL)
    events = state.apply(Attack("N-I1", "S-I1"), player=0)
    attack = events[0]
    assert attack.kind == "attack"
    assert (attack.data["attack"], attack.data["defence"], attack.data["outcome"]) == (4, 6, "repelled")
    assert "repelled" in attack.why[-2] and attack.why[-1] == "3 more attack would force a retreat, 4 would destroy"
    assert state.side == "south" and state.turn == 2                     # the turn ended by itself
    refused(state, Attack("N-I2", "S-I1"), "not_your_turn", player=0)   # attacking twice
    refused(state, Move("N-I2", (11, 7)), "not_your_turn", player=0)    # no move after the attack


def test_your_turn_after_the_moves_you_may_still_attack():
    """Your turn: "After your moves you may still attack"."""
    state = position(DUEL)
    assert Attack("N-I2", "S-I1") not in state.legal_actions()
    state.apply(Move("N-I2", (11, 9)))                 # next to S-I1, diagonally
    assert Attack("N-I2", "S-I1") in state.legal_actions()
    state.apply(Attack("N-I2", "S-I1"))
    assert state.side == "south"


def test_your_turn_relays_can_not_attack():
    """Your turn: "Relays can't attack"."""
    state = position("North: N-I1 m9, N-R1 m10 | South: S-I1 m11")
    refused(state, Attack("N-R1", "S-I1"), "relay_cannot_attack")
    assert [a for a in state.legal_actions() if isinstance(a, Attack)] == [Attack("N-I1", "S-I1")]


def test_your_turn_only_an_enemy_in_range_may_be_attacked():
    state = position("North: N-I1 m7 | South: S-I1 m11")
    refused(state, Attack("N-I1", "S-I1"), "out_of_range")
    refused(state, Attack("N-I1", "N-I1"), "not_an_enemy")
    refused(state, Attack("N-I1", "nowhere"), "unknown_unit")


# ------------------------------------------------------------------ Your turn: taking an arsenal
def test_your_turn_taking_an_arsenal_destroys_it_and_ends_the_turn():
    """Your turn: "Take an arsenal by moving a combat unit onto an enemy arsenal: it is destroyed" and the
    turn ends. Goal: both enemy arsenals destroyed wins."""
    state = parse_position("North to move | board: empty | North arsenals: m1 | South arsenals: m20, a20 | "
                           "North: N-C1 m18, N-I1 m17, N-R1 b18 | South: S-I1 y1")
    assert {"N-C1", "N-I1"} <= state.connected("north")
    refused(state, Move("N-R1", (0, 19)), "cut_off")
    events = state.apply(Move("N-C1", (12, 19)))
    assert [e.kind for e in events][:2] == ["move", "arsenal_taken"]
    assert state.position.arsenals["south"] == ((0, 19),)
    assert state.side == "south" and state.node_kind() is NodeKind.DECISION
    state.apply(EndTurn())
    state.apply(Move("N-I1", (12, 17)))
    state.apply(Move("N-C1", (11, 18)))
    state.apply(EndTurn())
    state.apply(EndTurn())
    assert state.winner() is None
    # the second arsenal: a cavalry that reaches it
    s2 = parse_position("North to move | board: empty | North arsenals: a1 | South arsenals: a20 | "
                        "North: N-C1 a18, N-I1 a17 | South: S-I1 y1")
    s2.apply(Move("N-C1", (0, 19)))
    assert s2.node_kind() is NodeKind.TERMINAL and s2.winner() == 0 and s2.result == "arsenals"
    with pytest.raises(GameOver):
        s2.apply(EndTurn())


def test_your_turn_a_relay_can_not_take_an_arsenal():
    state = parse_position("North to move | board: empty | North arsenals: m1 | South arsenals: m20 | "
                           "North: N-R1 m19 | South: S-I1 y1")
    refused(state, Move("N-R1", (12, 19)), "relay_cannot_take_arsenal")
    assert Move("N-R1", (12, 19)) not in state.legal_actions()


# ------------------------------------------------------------------ Goal: every fighting unit gone
def test_goal_destroying_the_last_enemy_fighting_unit_wins():
    """Goal: "eliminating every enemy fighting unit (infantry, cavalry and cannons)" - relays don't count."""
    state = position("North: N-I1 m9, N-I2 l9, N-K1 m8 | South: S-I1 m11, S-R1 y20")
    events = state.apply(Attack("N-K1", "S-I1"))   # 4 + 5 = 9 against 6: destroyed
    assert events[0].data["outcome"] == "destroyed"
    assert not state.position.has_unit("S-I1")
    assert state.is_terminal() and state.winner() == 0 and state.result == "army"
    assert events[-1].kind == "win"


def test_turn_limit_ends_in_a_draw():
    """The optional turn limit (for CPU and random play): the game is drawn after max_turns turns."""
    game = GameOfWarGame(max_turns=3)
    state = game.new_initial_state(seed=2)
    state.settle()
    for _ in range(3):
        assert not state.is_terminal()
        state.apply(EndTurn())
    assert state.is_terminal() and state.winner() is None and state.result == "draw"


def test_bad_options_are_refused():
    for bad in ({"players": 3}, {"deployment": "random"}, {"max_turns": 0}, {"deployment": {"units": 3}}):
        with pytest.raises(IllegalAction) as err:
            GameOfWarGame(**bad)
        assert err.value.reason == "bad_option"


def test_a_position_round_trips_through_its_one_line_form():
    state = position(DUEL)
    text = format_position(state)
    assert text == ("North to move | board: empty | size: 25x20 | North: N-I1 m9, N-I2 l9, N-R1 k9 | "
                    "South: S-I1 m11, S-I2 p12 | North arsenals: m1 | South arsenals: m20")
    assert format_position(parse_position(text)) == text
    assert parse_position(text).to_json() == state.to_json()
