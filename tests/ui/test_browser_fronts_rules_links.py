"""From the Fronts Rules page to a lesson and back, in headless Chromium (academy/rulebook/fronts.md,
"See ..." lines): Home → Fronts Rules → the Free-for-all link → the lesson, solved → its Rules link."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_fronts import BOARD

pytestmark = pytest.mark.ui


def test_a_see_link_opens_the_free_for_all_lesson_which_links_back(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1300)
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="fronts"] a', has_text="Rules").click()
    page.wait_text(".rules-page", "See Winning and Free-for-all")
    page.page.locator('.rules-page a[href="?game=fronts&tab=lessons&lesson=free-for-all"]').click()
    page.wait_text(".lesson-title", "Free-for-all")
    page.wait_board(BOARD)
    page.wait_text(".fixed-orders-panel", "3 infantry Cinder Hill -> Ember Ford")
    page.page.locator(".type-order input").fill("4 armor South Pass -> Ember Ford")
    page.page.locator(".add-order button").click()
    page.wait_text(".orders-list", "4 armor South Pass -> Ember Ford")
    page.page.locator(".submit-orders button").click()
    page.wait_text(".lesson-feedback", "Solved!")
    page.page.locator(".lesson-title a.rules-link").click()
    page.wait_text("section.focus", "Free-for-all: losing your last city")     # the Goal section, highlighted
    assert page.page.url.endswith("?game=fronts&tab=rules&section=goal#goal")


def test_the_rules_and_the_play_form_link_to_each_maps_page(serve, open_page):
    """issue 19: "each map page lists its garrisons": Home → Fronts Rules → The Two Rivers' page; the Play
    form's "About this map" link follows the chosen map and opens its page."""
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1100)
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="fronts"] a', has_text="Rules").click()
    page.wait_text(".rules-page", "each map's page lists its garrisons")
    page.page.locator('.rules-page a.map-link, .rules-page a[href="?page=map&game=fronts&map=duel"]').first.click()
    shown = page.wait_text(".fronts-map-page", "Fronts map: The Two Rivers")
    assert "Riverton (2 infantry), Fordham (2 infantry)" in shown
    assert "neutral: a grey garrison of 2 infantry" in shown and "Riverton (river)" in shown
    page.page.go_back()
    page.wait_text(".rules-page", "each map's page lists its garrisons")
    page.page.locator(".game-tabs .bk-tab", has_text="Play").first.click()
    page.wait_text(".map-about", "The Two Rivers")
    page.page.locator(".game-choice select").select_option("Crossroads: 3 players")
    page.wait_text(".map-about", "Crossroads")
    with page.page.context.expect_page() as opened:
        page.page.locator(".map-about a.map-link").click()
    other = opened.value
    other.wait_for_load_state()
    other.locator(".fronts-map-page", has_text="Fronts map: Crossroads").first.wait_for(state="visible")
    assert not page.errors, page.errors[:5]
