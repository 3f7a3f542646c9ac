"""The state a Fronts player may see, from its observation only (issue 14, item 4: views from the engine)."""
from __future__ import annotations

import pytest

from academy.games.fronts.game import FrontsGame
from academy.games.fronts.view import HIDDEN_ORDERS, FrontsView, view_state


def inf(n):
    return {"infantry": n}


def test_a_fogged_stack_is_absent_and_a_roughly_seen_one_is_not_on_the_board(make):
    """Issue 14, item 4: red sees blue's Westmere stack exactly (on the view's board), Eastmere only as
    types and a size range (kept as shown, not on the board), Southport not at all; blue's funds and
    orders are placeholders; the view gives red's observation back and offers red's own orders."""
    g = FrontsGame()
    b = make(g, stacks={"red": {"millbrook": inf(1)},
                        "blue": {"westmere": {"infantry": 2, "armor": 1}, "eastmere": inf(5),
                                 "southport": inf(9)}})
    state = g.state_from_board(b)
    state.submit("blue", ["Eastmere hold"])
    view = view_state(g, state.observation("red"), len(state.record))
    assert isinstance(view, FrontsView) and len(view.record) == 1
    assert set(view.board.stacks["blue"]) == {"westmere"}
    assert view.board.stacks["blue"]["westmere"]["armor"] == 1
    assert view.shown_stacks["eastmere"] == [{"owner": "blue", "types": ["infantry"], "size": "4-6"}]
    assert view.board.funds["blue"] == 0 and view.pending == {"blue": HIDDEN_ORDERS}
    assert "southport" not in str(view.board.stacks) and "Eastmere hold" not in str(view.to_json())
    assert view.observation("red") == state.observation("red")
    assert view.options("red") == state.options("red")


def test_a_spectator_sees_owners_and_garrisons_only(make):
    """Issue 14, item 4 (the spectator rule)."""
    g = FrontsGame()
    state = g.state_from_board(make(g, stacks={"red": {"millbrook": inf(1)}, "blue": {"southport": inf(9)}}))
    view = g.view_state(state.observation(None))
    assert view.board.stacks == {"red": {}, "blue": {}} and view.observation(None) == state.observation(None)


def test_an_observation_of_another_game_is_refused():
    """Issue 14, item 4: ``view_state`` raises ValueError for what is not a Fronts observation."""
    with pytest.raises(ValueError, match="not a Fronts observation"):
        view_state(FrontsGame(), {"owner": {}})
