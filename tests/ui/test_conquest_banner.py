"""The Conquest phase banner (academy/ui/conquest/banner.py): a player's colour beside a player's name only."""
from __future__ import annotations

from types import SimpleNamespace

from academy.games import REGISTRY
from academy.ui.conquest.banner import banner_html


def test_the_set_up_before_anyone_moves_shows_no_colour_box():
    state = REGISTRY["conquest"](players=2).new_initial_state(seed=1)      # the starting roll: chance, no player
    html = banner_html(SimpleNamespace(state=state))
    assert '<span class="who">Set-up</span>' in html and "background:" not in html


def test_a_players_turn_shows_their_colour():
    state = REGISTRY["conquest"](players=2).new_initial_state(seed=1)
    state.settle()
    html = banner_html(SimpleNamespace(state=state))
    assert "background:#D55E00" in html or "background:#0072B2" in html
