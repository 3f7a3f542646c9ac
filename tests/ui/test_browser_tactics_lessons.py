"""The Tactics Lessons tab in headless Chromium: a learner solves the terrain lesson by taps on the
board (tap the tank, tap it again to stay, aim at the target and read the odds, tap again to fire)."""
from __future__ import annotations

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
