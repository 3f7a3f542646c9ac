"""The home page on a phone (390 px, touch), measured in headless Chromium: the game cards stand in the
middle of the screen (a walk found 26 px on their left and 58 on their right), and the "Games" link under
them is a finger's target, 44 px tall (it was 19)."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui


def test_on_a_phone_the_game_cards_are_centred_and_the_games_link_is_a_finger_target(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page(has_touch=True, width=390, height=844)
    page.open(url, board=None)
    page.wait_text(".game-cards", "Fronts")
    width = page.page.evaluate("() => document.documentElement.clientWidth")
    cards = page.page.locator(".game-card").all()
    assert len(cards) == 5
    for card in cards:
        box = card.bounding_box()
        left, right = box["x"], width - box["x"] - box["width"]
        assert abs(left - right) <= 2 and left <= 24, (card.get_attribute("data-game"), left, right)
    link = page.page.locator("a.games-link")
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, box
    link.tap()
    page.page.wait_for_url("**page=games**")
    assert not page.errors, page.errors


def test_on_a_wide_screen_the_game_cards_keep_their_width_side_by_side(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url, board=None)
    page.wait_text(".game-cards", "Fronts")
    boxes = [card.bounding_box() for card in page.page.locator(".game-card").all()]
    assert {round(b["width"]) for b in boxes} == {300}
    assert len({round(b["y"]) for b in boxes}) < len(boxes)       # several on a line
    assert page.page.locator("a.games-link").bounding_box()["height"] < 30   # a link in a sentence, as it was
