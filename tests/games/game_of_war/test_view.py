"""The state a Game of War side may see, from its observation only (issue 14, item 4: views from the engine)."""
from __future__ import annotations

import pytest

from academy.games.game_of_war import Deploy, GameOfWarGame
from academy.games.game_of_war.rules import ARMY
from academy.games.game_of_war.view import GameOfWarView, view_state


def north_deployed():
    """A free deployment where North has placed its whole army and South one relay."""
    state = GameOfWarGame(deployment="free").new_initial_state(seed=1)
    for t, n in ARMY.items():
        for _ in range(n):
            state.apply(next(a for a in state.legal_actions() if a.unit_type == t))
    state.apply(Deploy("relay", (5, 15)))
    return state


def test_the_other_sides_deployment_is_absent_and_counted():
    """Issue 14, item 4: during a free deployment South's view holds its relay and none of North's 17
    units, only their count; it gives South's observation back, and South may go on deploying on it."""
    state = north_deployed()
    view = view_state(state.game, state.observation(1), len(state.record))
    assert isinstance(view, GameOfWarView) and len(view.record) == 18
    assert [u.id for u in view.position.units_of("south")] == ["S-R1"]
    assert list(view.position.units_of("north")) == [] and view.unseen_placed == 17
    assert view.observation(1) == state.observation(1)
    assert view.legal_actions() == state.legal_actions()


def test_a_spectator_sees_no_unit_during_deployment_and_every_unit_after():
    """Issue 14, item 4 (the spectator rule)."""
    state = north_deployed()
    view = state.game.view_state(state.observation(None))
    assert view.position.units == ()
    assert view.observation(None) == state.observation(None) and view.observation(None)["enemy_placed"] == 18
    standard = GameOfWarGame().new_initial_state(seed=2)
    standard.settle()
    shown = standard.game.view_state(standard.observation(None))
    assert shown.position.to_dict() == standard.position.to_dict()


def test_an_observation_of_another_game_is_refused():
    """Issue 14, item 4: ``view_state`` raises ValueError for what is not a Game of War observation."""
    with pytest.raises(ValueError, match="not a Game of War observation"):
        view_state(GameOfWarGame(), {"owner": {}})
