"""A Diplomacy lesson in a real browser: open it from the Lessons tab, write the orders by clicking on
the map, submit, and read the engine's verdict; a hint and the other powers' orders are shown."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_diplomacy import BOARD, click

pytestmark = pytest.mark.ui


def test_solve_a_support_exercise_by_clicking(serve, open_page, tmp_path):
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1200)
    page.open(url + "?game=diplomacy&tab=lessons", board=None)
    page.wait_text(".lesson-list", "Support")
    page.page.locator(".open-support button").click()
    page.wait_board(BOARD)
    page.wait_text(".exercise-prompt", "Exercise 1 of 2")
    page.page.locator(".hint-button button").click()
    page.wait_text(".lesson-hints", "")
    click(page, "MUN")
    click(page, "BUR")
    page.wait_text(".orders-list", "A MUN - BUR")
    click(page, "RUH")
    click(page, "BUR")                      # a support or a move into Burgundy: the menu asks which
    page.page.locator(".order-choices button", has_text="A RUH S A MUN - BUR").click()
    page.wait_text(".orders-list", "A RUH S A MUN - BUR")
    page.page.locator(".submit-orders button").click()
    page.wait_text(".lesson-feedback", "Solved!")
    page.page.screenshot(path=str(tmp_path / "diplomacy-lesson.png"))
    page.page.locator(".exercise-tab button").nth(1).click()
    page.wait_text(".exercise-prompt", "Exercise 2 of 2")
