"""The state a Tactics seat may see, from its observation only (issue 14, item 4: views from the engine)."""
from __future__ import annotations

import pytest

from academy.games.tactics.board import tile_name
from academy.games.tactics.view import HIDDEN_CARGO, TacticsView, spectator_observation, view_state

from .helpers import position

RC = "river_crossing day 1 red"


def test_a_fogged_unit_is_absent_from_the_view_and_hidden_funds_are_placeholders() -> None:
    """Issue 14, item 4: under fog, red's view holds blue's infantry on C5 (seen) and not the one on C6
    (in the fog); blue's funds are 0 in the view, None in what it shows; the view gives red's
    observation back."""
    s = position(f"{RC} | red 1000: infantry C3 | blue 5000: infantry C5, infantry C6", fog=True)
    obs = s.observation(0)
    view = view_state(s.game, obs, step=3)
    assert isinstance(view, TacticsView) and len(view.record) == 3 and not view.record.entries
    assert {tile_name(p) for p in s.units} == {"C3", "C5", "C6"}
    assert {tile_name(p) for p in view.units} == {"C3", "C5"}
    assert view.funds == [1000, 0] and "5000" not in str(view.to_json())
    assert view.observation(0) == obs


def test_a_hidden_cargo_stays_hidden() -> None:
    """Issue 14, item 4: an enemy transport's cargo shows only as a count; the view holds placeholders
    of that count, never the carried unit (hp 4 here)."""
    s = position(f"{RC} | red 1000: infantry G3 | blue 5000: apc G4 [mech hp4]", fog=True)
    view = view_state(s.game, s.observation(0))
    apc = next(u for u in view.units.values() if u.owner == 1)
    assert [c.type for c in apc.cargo] == [HIDDEN_CARGO] and "mech" not in str(view.to_json())
    assert view.observation(0) == s.observation(0)


def test_a_spectator_of_a_running_fog_game_sees_what_every_side_sees() -> None:
    """Issue 14, item 4 (the spectator rule, moved from the UI into the engine): while a fog game runs
    a spectator is shown the units every side sees, no funds; the view of it gives it back."""
    s = position(f"{RC} | red 1000: infantry C3 | blue 5000: infantry C5, infantry C6", fog=True)
    shown = spectator_observation(s)
    assert {u["tile"] for u in shown["units"]} == {"C3", "C5"} and shown["funds"] == [None, None]
    view = view_state(s.game, shown)
    assert len(view.units) == 2 and view.observation(None) == shown
    s.over = True                        # once over, a spectator sees everything
    assert spectator_observation(s) == s.observation(None)


def test_an_observation_of_another_game_is_refused() -> None:
    """Issue 14, item 4: ``view_state`` raises ValueError naming what is missing."""
    s = position(f"{RC} | red 0: infantry C3 | blue 0: infantry C5", fog=True)
    with pytest.raises(ValueError, match="not a Tactics observation"):
        s.game.view_state({"owner": {}})
