"""The one-line position notation round-trips and starts games for lessons and tests."""
from __future__ import annotations

import pytest

from academy.core.conformance import check_replay, random_playout
from academy.core.errors import InvalidNotation
from academy.games import REGISTRY
from academy.games.fronts.game import FrontsGame
from academy.games.fronts.notation import format_position, parse_position


@pytest.mark.parametrize("players, mode", [(2, "teams"), (4, "ffa")])
def test_position_lines_round_trip_through_a_playout(players, mode):
    g = FrontsGame(players=players, mode=mode, turns=8)
    state = random_playout(g, seed=3, max_steps=200, check_every=1000)
    for i in range(0, len(state.record) + 1, 5):
        board = state.record.replay(upto=i).board
        assert parse_position(format_position(board, g), g) == board


def test_a_game_starts_from_a_position_line_and_replays():
    g = FrontsGame()
    s = g.state_from_board("turn 4; Red 3: 2 infantry Westmere; Blue 0: 1 infantry Greyridge; "
                           "owners: Westmere Red; neutral: none", seed=7)
    assert s.board.turn == 4 and s.board.neutral == {} and s.board.funds == {"red": 3, "blue": 0}
    s.submit("red", ["2 infantry Westmere -> Greyridge"])
    s.resolve()
    check_replay(s, REGISTRY)
    assert g.format_position(s).startswith("turn 5; Red ")


@pytest.mark.parametrize("text", ["turn 1; Mauve 3: 2 infantry Westmere", "turn 1; Red 3: 2 infantry Atlantis",
                                  "weather: rain", "Red 3 2 infantry Westmere"])
def test_bad_position_lines_are_refused(text):
    with pytest.raises(InvalidNotation):
        parse_position(text, FrontsGame())
