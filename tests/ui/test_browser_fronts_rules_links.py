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
    page.page.locator('.game-card[data-game="fronts"] a[href="?game=fronts&tab=rules"]').click()
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
