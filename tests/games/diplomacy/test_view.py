"""The state a Diplomacy power may see, from its observation only (issue 14, item 4: views from the engine)."""
from __future__ import annotations

import pytest

from academy.games.diplomacy.game import DiplomacyGame
from academy.games.diplomacy.view import HIDDEN_ORDERS, view_state


def test_another_powers_orders_stay_hidden_and_its_submission_shows():
    """Issue 14, item 4: England's view knows that Germany and France have submitted (``waiting`` is right)
    but holds none of their orders; France's view holds France's own."""
    state = DiplomacyGame().new_initial_state(1)
    state.submit("GERMANY", ["A MUN - BUR"])
    state.submit("FRANCE", ["A PAR - PIC"])
    england = view_state(state.game, state.observation("ENGLAND"), len(state.record))
    assert england.pending == {"GERMANY": HIDDEN_ORDERS, "FRANCE": HIDDEN_ORDERS}
    assert "MUN - BUR" not in str(england.to_json()) and "PAR - PIC" not in str(england.to_json())
    assert england.waiting_for() == state.waiting_for() and len(england.record) == 2
    assert england.observation("ENGLAND") == state.observation("ENGLAND")
    france = view_state(state.game, state.observation("FRANCE"))
    assert france.pending == {"GERMANY": HIDDEN_ORDERS, "FRANCE": ("A PAR - PIC",)}


def test_a_spectator_sees_who_submitted_and_no_order():
    """Issue 14, item 4 (the spectator rule)."""
    state = DiplomacyGame().new_initial_state(1)
    state.submit("GERMANY", ["A MUN - BUR"])
    view = state.game.view_state(state.observation(None))
    assert view.pending == {"GERMANY": HIDDEN_ORDERS} and view.observation(None) == state.observation(None)


def test_an_observation_of_another_game_is_refused():
    """Issue 14, item 4: ``view_state`` raises ValueError for what is not a Diplomacy observation."""
    with pytest.raises(ValueError, match="not a Diplomacy observation"):
        view_state(DiplomacyGame(), {"owner": {}})
