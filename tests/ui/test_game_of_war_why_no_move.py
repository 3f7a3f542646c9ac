"""The newcomer's walk (Game of War): "Cavalry N-C1 selected: 0 squares to go to, 1 enemy unit to attack." gave
no why; the engine's ``rules.why_no_move`` says it, and the selection message carries it in brackets."""
from __future__ import annotations

from academy.games.game_of_war import parse_position
from academy.ui.game_of_war.session import GameOfWarSession

NEAR = ("North to move | board: empty | North arsenals: a8 | South arsenals: a20 | "
        "North: N-C1 e8, N-I1 a9, N-I2 b9, N-I3 c9, N-I4 d9, N-I5 f9, N-I6 g9 | South: S-I1 e12")


def test_a_moved_cavalry_next_to_an_enemy_says_why_it_has_no_square() -> None:
    s = GameOfWarSession(synchronous=True)
    s.start_from(parse_position(NEAR), ["human", "human"])
    s.act("N-C1 e8-e10")
    s.select("N-C1")
    assert s.message == ("Cavalry N-C1 selected: 0 squares to go to (it has moved this turn, and each unit moves "
                         "once a turn), 1 enemy unit to attack.")
