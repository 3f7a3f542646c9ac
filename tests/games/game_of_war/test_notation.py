"""Game of War notation: squares, actions and one-line positions round-trip; bad text names the problem."""
from __future__ import annotations

import pytest

from academy.core.errors import AmbiguousNotation, InvalidNotation
from academy.games.game_of_war import (Attack, Deploy, EndTurn, FirstPlayer, GameOfWarGame, Move, Retreat,
                                        format_position, format_square, parse_position, parse_square)

FRAME = "board: empty | North arsenals: m1 | South arsenals: m20"


@pytest.fixture
def state():
    return parse_position(f"North to move | {FRAME} | North: N-I1 m9, N-C1 l10, N-R1 k9 | South: S-I1 m11")


def test_squares_are_a_column_letter_and_a_row_from_the_north_edge():
    assert parse_square("e5") == (4, 4) and format_square((4, 4)) == "e5"
    assert parse_square("Y20") == (24, 19) and format_square((0, 0)) == "a1"
    assert parse_square("[4, 5]") == parse_square("4,5") == (4, 5)
    with pytest.raises(InvalidNotation):
        parse_square("5e")


def test_actions_round_trip(state):
    game = state.game
    for action, text in [(Move("N-I1", (12, 7)), "N-I1 m9-m8"), (Attack("N-C1", "S-I1"), "N-C1 attacks S-I1"),
                         (Retreat("N-I1", (12, 7)), "retreat N-I1 m9-m8"), (EndTurn(), "end"),
                         (Deploy("swift_cannon", (4, 4)), "deploy swift cannon e5"), (FirstPlayer(1), "first South")]:
        assert game.format_action(action, state) == text
        assert game.parse_action(text, state) == action


def test_actions_are_read_with_some_freedom(state):
    game = state.game
    assert game.parse_action("ni1 m8", state) == Move("N-I1", (12, 7))
    assert game.parse_action("N-I1 m9 -> m8", state) == Move("N-I1", (12, 7))
    assert game.parse_action("N-C1 x S-I1", state) == Attack("N-C1", "S-I1")
    assert game.parse_action("attack S-I1", state) == Attack("N-I1", "S-I1")   # the first unit that can
    assert game.parse_action("End turn", state) == EndTurn()
    assert game.parse_action("deploy SK e5", state) == Deploy("swift_cannon", (4, 4))


def test_bad_text_names_the_problem(state):
    game = state.game
    with pytest.raises(InvalidNotation) as err:
        game.parse_action("N-I1 m7-m8", state)
    assert err.value.reason == "wrong_square" and "stands on m9" in str(err.value)
    with pytest.raises(InvalidNotation) as err:
        game.parse_action("N-I2 m8", state)
    assert "Did you mean" in str(err.value)
    with pytest.raises(AmbiguousNotation):
        game.parse_action("N m8", state)
    with pytest.raises(InvalidNotation):
        game.parse_action("fly away", state)
    with pytest.raises(InvalidNotation) as err:
        game.parse_action("attack N-R1", parse_position(f"South to move | {FRAME} | North: N-R1 a1 | South: S-I1 y20"))
    assert err.value.reason == "no_attacker"


def test_positions_round_trip_on_the_classic_board():
    game = GameOfWarGame()
    state = game.new_initial_state(seed=1)
    state.settle()
    state.apply(state.legal_actions()[0])
    text = format_position(state)
    assert "board" not in text and "arsenals" not in text and "moved: " in text
    again = parse_position(text)
    assert again.position == state.position and again.moved == state.moved and again.side == state.side
    assert format_position(again) == text


def test_position_with_custom_ids_types_and_a_destroyed_arsenal():
    text = ("South to move | retreat: S1 | turn: 9 | North: cavalry N1 c3 | South: infantry S1 d5 | "
            "South arsenals: w20")
    state = parse_position(text)
    assert state.position.unit("N1").type == "cavalry" and state.phase == "retreat" and state.turn == 9
    assert state.position.arsenals["south"] == ((22, 19),)
    assert format_position(state) == text
    with pytest.raises(InvalidNotation):
        parse_position("Nobody to move")
    with pytest.raises(InvalidNotation):
        parse_position("North to move | North: N1 c3")
