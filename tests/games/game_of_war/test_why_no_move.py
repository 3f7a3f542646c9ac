"""The newcomer's walk: "Cavalry N-C1 selected: 0 squares to go to, 1 enemy unit to attack." said no why. The
engine says why a unit of the player to move has no square to go to (game-of-war.md, Your turn;
Communication): it has moved this turn, the turn's 5 moves are made, it is cut off, or it is hemmed in."""
from __future__ import annotations

from academy.games.game_of_war import parse_position
from academy.games.game_of_war.actions import Move
from academy.games.game_of_war.rules import legal_actions, why_no_move

NEAR = ("North to move | board: empty | North arsenals: a8 | South arsenals: a20 | "
        "North: N-C1 e8, N-I1 a9, N-I2 b9, N-I3 c9, N-I4 d9, N-I5 f9, N-I6 g9 | South: S-I1 e12")


def moves_of(state, unit: str) -> list:
    return [a for a in legal_actions(state) if isinstance(a, Move) and a.unit == unit]


def test_a_unit_that_has_moved_says_so() -> None:
    state = parse_position(NEAR)
    assert why_no_move(state, "N-C1") is None and moves_of(state, "N-C1")
    state.play(state.game.parse_action("N-C1 e8-e10", state))
    assert not moves_of(state, "N-C1")
    assert why_no_move(state, "N-C1") == "it has moved this turn, and each unit moves once a turn"


def test_the_turns_five_moves_made() -> None:
    state = parse_position(NEAR)
    for text in ("N-I1 a9-a10", "N-I2 b9-b10", "N-I3 c9-c10", "N-I4 d9-d10", "N-I5 f9-f10"):
        state.play(state.game.parse_action(text, state))
    assert not moves_of(state, "N-C1")
    assert why_no_move(state, "N-C1") == "5 units have moved this turn, the most a turn allows"


def test_a_cut_off_unit_and_a_hemmed_in_one() -> None:
    far = parse_position("North to move | board: empty | North arsenals: a1 | South arsenals: y20 | "
                         "North: N-C1 m12 | South: S-I1 y1")
    assert not moves_of(far, "N-C1") and "cut off from its lines of communication" in why_no_move(far, "N-C1")
    boxed = parse_position("North to move | board: empty | North arsenals: c3 | South arsenals: y20 | "
                           "North: N-I1 a1, N-I2 a2, N-I3 b1, N-I4 b2 | South: S-I1 y1")
    assert not moves_of(boxed, "N-I1") and why_no_move(boxed, "N-I1").startswith("it is hemmed in")
    assert why_no_move(boxed, "N-I4") is None                         # it has free squares


def test_not_the_movers_unit_or_a_unit_with_squares() -> None:
    state = parse_position(NEAR)
    assert why_no_move(state, "S-I1") is None and why_no_move(state, "N-I1") is None
