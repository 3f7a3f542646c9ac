"""The Tactics Lessons tab in headless Chromium: a learner solves the terrain lesson by taps on the
board (tap the tank, tap it again to stay, aim at the target and read the odds, tap again to fire)."""
from __future__ import annotations

import time

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_tactics import BOARD, tap

pytestmark = pytest.mark.ui


def test_a_tactics_lesson_solved_by_taps(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url + "?game=tactics&tab=lessons&lesson=terrain", board=BOARD)
    page.wait_text(".exercise-prompt", "Exercise 1")
    tap(page, "F8")
    tap(page, "F8")
    tap(page, "G8")
    tap(page, "G8")
    text = page.wait_text(".lesson-feedback", "Solved")
    assert "67" in text
    assert "Exercise 1 ✓" in page.text(".exercise-tab")



def test_a_lesson_opened_far_down_the_list_opens_at_its_top(serve, open_page):
    """Issue 14, item 1 (the walk): from the Rules tab, the Lessons tab, then Open on lesson 10 (the list
    scrolled to show its button), the lesson appeared scrolled by as much: its title and the board's first
    rows above the screen, and a tap there missed the board. It opens at its top now."""
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=1000)
    page.open(url + "?game=tactics&tab=rules", board=None)
    page.wait_text(".rules-page", "Damage")
    page.page.locator(".game-tabs .bk-tab", has_text="Lessons").first.click()
    page.wait_text(".lesson-list", "18. Winning and losing")
    page.page.locator(".open-capturing button").first.click()    # Playwright scrolls the button into view
    page.wait_text(".lesson-title", "Capturing properties")
    page.wait_board(BOARD)
    deadline = time.monotonic() + 10
    while True:
        top = page.to_pixels(BOARD, -0.5, 0.5)[1]                 # the board's top edge, in the window
        title = page.page.locator(".lesson-title").first.bounding_box()
        if 0 <= top < 1000 and title and title["y"] >= 0:
            break
        assert time.monotonic() < deadline, f"the lesson opened scrolled: board top at {top:.0f} px, title at {title}"
        page.page.wait_for_timeout(50)
    tap(page, "I3")                                               # a tap on the board's third row reaches it
    page.wait_text(".lesson-note", "Infantry I3 selected")
    assert not page.errors, page.errors[:3]
