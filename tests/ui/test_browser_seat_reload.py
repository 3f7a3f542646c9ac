"""Reloading a shared seat's page in the browser (issue 13, item 4): the orders the seat submitted are
on the page again (Diplomacy and Fronts, one rule), and Submit after the reload sends the same orders."""
from __future__ import annotations

import pytest

from academy.ui.diplomacy.games_form import diplomacy_seat_link
from academy.ui.fronts.games_form import fronts_seat_link
from academy.ui.live_session import close_shared_hubs, shared_hub
from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

FRENCH = ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]


@pytest.fixture
def hub(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/seat-reload.db")
    yield shared_hub()
    close_shared_hubs()


def _type(page, order: str) -> None:
    box = page.page.locator(".type-order input")
    box.fill(order)
    box.press("Enter")
    page.wait_text(".orders-list", order)


def test_a_diplomacy_seat_page_shows_its_submitted_orders_after_a_reload(serve, open_page, hub):
    """Issue 13, item 4: submit three orders, reload: the three orders are listed (not 'no order (holds)'),
    and Submit again stores the same three."""
    seats = [{"kind": "cpu", "level": "easy"}] * 7
    seats[1] = {"kind": "human", "name": "Ann"}       # England stays to order: the phase does not resolve
    seats[2] = {"kind": "human", "name": "Bob"}       # France
    game, tokens = hub.create("diplomacy", {}, 5, seats)
    url = serve(lambda: build_page(current_query()))
    france = open_page(height=1200)
    france.open(url + diplomacy_seat_link(game.game_id, tokens[2]), board="diplomacy-board")
    for order in FRENCH:
        _type(france, order)
    france.page.locator(".submit-orders button").click()
    france.wait_text(".game-message", "Orders submitted (3)")
    assert sorted(game.view(2).observation["pending"]["FRANCE"]) == sorted(FRENCH)

    france.console.clear()
    france.open(france.page.url, board="diplomacy-board")          # the same address again: a reload
    listed = france.wait_text(".orders-list", FRENCH[-1])
    assert all(order in listed for order in FRENCH), listed
    assert not any(f"{unit}: no order" in listed for unit in ("A PAR", "A MAR", "F BRE")), listed
    france.wait_text(".game-message", "Your 3 orders submitted for Spring 1901 movement are shown")
    france.wait_text(".waiting-list", "France (you) ✓")
    assert "Submit again" in france.text(".submit-orders")
    france.page.locator(".submit-orders button").click()
    france.wait_text(".game-message", "Orders submitted (3)")
    assert sorted(game.view(2).observation["pending"]["FRANCE"]) == sorted(FRENCH)


def test_a_fronts_seat_page_shows_its_submitted_orders_after_a_reload(serve, open_page, hub):
    """Issue 13, item 4 (Fronts, the same rule as Diplomacy): a submitted order is listed after a reload."""
    game, tokens = hub.create("fronts", {"players": 2, "map": "duel"}, 5,
                              [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    url = serve(lambda: build_page(current_query()))
    red = open_page(height=1100)
    red.open(url + fronts_seat_link(game.game_id, tokens[0]), board="fronts-board")
    _type(red, "2 infantry Millbrook -> Riverton")
    red.page.locator(".submit-orders button").click()
    red.wait_text(".game-message", "Orders submitted")
    red.console.clear()
    red.open(red.page.url, board="fronts-board")                   # the same address again: a reload
    red.wait_text(".orders-list", "2 infantry Millbrook -> Riverton")
    red.wait_text(".game-message", "Your 1 order submitted for turn 1 is shown")
    assert game.view(0).observation["pending"] == ["2 infantry Millbrook -> Riverton"]
