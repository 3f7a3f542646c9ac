"""A shared Fronts game in two browser contexts: Red gives orders and submits; Blue's page shows that
Red has submitted (never the orders); when Blue submits, both pages move on to turn 2 without a reload."""
from __future__ import annotations

import pytest

from academy.ui.fronts.games_form import fronts_seat_link
from academy.ui.live_session import close_shared_hubs, shared_hub
from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

BOARD = "fronts-board"


@pytest.fixture
def hub(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/fronts-shared.db")
    yield shared_hub()
    close_shared_hubs()


def test_secret_orders_and_a_turn_that_resolves_in_both_browsers(serve, open_page, hub):
    game, tokens = hub.create("fronts", {"players": 2, "map": "duel"}, 5,
                              [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    url = serve(lambda: build_page(current_query()))
    red, blue = open_page(height=1100), open_page(height=1100)
    red.open(url + fronts_seat_link(game.game_id, tokens[0]), board=BOARD)
    blue.open(url + fronts_seat_link(game.game_id, tokens[1]), board=BOARD)
    red.wait_text(".fronts-banner", "turn 1")
    box = red.page.locator(".type-order input")
    box.fill("2 infantry Millbrook -> Riverton")
    box.press("Enter")
    red.wait_text(".orders-list", "2 infantry Millbrook -> Riverton")
    red.page.locator(".submit-orders button").click()
    blue.wait_text(".waiting-list", "Waiting for: Blue")
    assert "Millbrook -> Riverton" not in blue.page.content()
    blue.page.locator(".submit-orders button").click()
    blue.wait_text(".fronts-banner", "turn 2")
    red.wait_text(".fronts-banner", "turn 2")
