"""A Fronts lesson in headless Chromium: open the Lessons tab, open a lesson, write the exercise's
orders by clicks on the board (a stack, then a province), submit, and read the engine's verdict."""
from __future__ import annotations

import os

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_fronts import BOARD, click

pytestmark = pytest.mark.ui


def test_solve_the_orders_lesson_by_clicks(serve, open_page, tmp_path):
    shots = os.environ.get("ACADEMY_SHOTS") or str(tmp_path)
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1300)
    page.open(url + "?game=fronts&tab=lessons", board=None)
    page.wait_text(".lesson-list", "Orders at the same time")
    page.page.screenshot(path=os.path.join(shots, "fronts-lessons-list.png"))
    page.page.locator(".open-orders button").click()
    page.wait_board(BOARD)
    page.wait_text(".exercise-prompt", "Exercise 1 of 1")
    page.wait_text(".fronts-banner", "turn 1")
    click(page, "millbrook")
    page.wait_text(".selection", "Millbrook")
    click(page, "westmere")
    page.wait_text(".orders-list", "2 infantry Millbrook -> Westmere")
    click(page, "highcrag")
    click(page, "eastmere")
    page.wait_text(".orders-list", "2 infantry Highcrag -> Eastmere")
    page.page.locator(".hint-button button").click()
    page.wait_text(".lesson-hints", "You have two stacks")
    page.page.screenshot(path=os.path.join(shots, "fronts-lesson-orders.png"))
    page.page.locator(".submit-orders button").click()
    feedback = page.wait_text(".lesson-feedback", "Solved!")
    assert "Red took Westmere" in feedback and "one sheet of orders" in feedback
    page.wait_text(".fronts-banner", "turn 2")
    page.page.screenshot(path="/tmp/fronts-lessons.png")
    page.page.screenshot(path=os.path.join(shots, "fronts-lesson-solved.png"))


def test_a_lesson_with_the_other_sides_orders_and_a_wrong_try(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1300)
    page.open(url + "?game=fronts&tab=lessons&lesson=leaving-a-city", board=None)
    page.wait_board(BOARD)
    page.wait_text(".fixed-orders-panel", "1 infantry Riverton -> Millbrook")
    click(page, "millbrook")
    click(page, "westmere")
    page.wait_text(".orders-list", "4 infantry Millbrook -> Westmere")
    page.page.locator(".submit-orders button").click()
    page.wait_text(".lesson-feedback", "Not quite")
    page.page.locator(".reset-button button").click()
    page.wait_text(".exercise-prompt", "try 2")


def test_the_three_sided_lesson_on_the_crossroads_map_shows_the_odds(serve, open_page, tmp_path):
    shots = os.environ.get("ACADEMY_SHOTS") or str(tmp_path)
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1300)
    page.open(url + "?game=fronts&tab=lessons&lesson=three-sided", board=None)
    page.wait_board(BOARD)
    page.wait_text(".fixed-orders-panel", "4 infantry North Pass -> Crown")
    page.page.locator(".type-order input").fill("all South Pass -> Crown")
    page.page.locator(".add-order button").click()
    page.wait_text(".orders-list", "4 infantry 2 armor South Pass -> Crown")
    page.wait_text(".odds-preview", "Crown")
    page.page.screenshot(path=os.path.join(shots, "fronts-lesson-three-sided.png"))
    page.page.locator(".submit-orders button").click()
    feedback = page.wait_text(".lesson-feedback", "Solved!")
    assert "64% to win" in feedback
    page.page.screenshot(path=os.path.join(shots, "fronts-lesson-three-sided-solved.png"))
