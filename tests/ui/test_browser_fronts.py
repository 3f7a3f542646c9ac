"""Fronts in a real browser: start a duel against the CPU, write an order by clicking on the board,
see its odds, submit, see the turn resolve and the battle report."""
from __future__ import annotations

import os
import time

import pytest

from academy.games.fronts.mapdata import load_map
from academy.ui.shell import build_page, current_query
from tests.ui.browser import CLICK_GAP

pytestmark = pytest.mark.ui

BOARD = "fronts-board"


def click(page, province: str) -> None:
    at = page.to_pixels(BOARD, *load_map("duel").provinces[province].at)
    assert at is not None, "board not laid out"
    page.page.mouse.click(*at)
    time.sleep(CLICK_GAP)          # a second tap within 300 ms would be a double tap


def test_start_a_duel_write_an_order_by_clicking_submit_and_see_the_report(serve, open_page, tmp_path):
    shots = os.environ.get("ACADEMY_SHOTS") or str(tmp_path)
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1200)
    page.open(url + "?game=fronts&tab=play", board=None)
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    page.wait_text(".fronts-banner", "turn 1")
    click(page, "millbrook")
    page.wait_text(".game-message", "Stack in Millbrook selected")
    page.wait_text(".selection", "2 inf 1 arm")
    click(page, "riverton")
    page.wait_text(".orders-list", "2 infantry 1 armor Millbrook -> Riverton")
    odds = page.wait_text(".odds-preview", "Riverton")
    assert "Neutral" in odds and "%" in odds
    # a quick second click (a double tap for Bokeh) still writes the order
    page.page.mouse.click(*page.to_pixels(BOARD, *load_map("duel").provinces["oakhollow"].at))
    page.page.wait_for_timeout(120)
    page.page.mouse.click(*page.to_pixels(BOARD, *load_map("duel").provinces["highcrag"].at))
    page.wait_text(".orders-list", "2 infantry Oakhollow -> Highcrag")
    time.sleep(CLICK_GAP)
    page.page.screenshot(path=os.path.join(shots, "fronts-orders.png"))
    page.page.locator(".submit-orders button").click()
    page.wait_text(".game-message", "Turn 1 resolved")
    page.wait_text(".fronts-banner", "turn 2")
    report = page.wait_text(".battle-reports", "Battle at Riverton")
    assert "Turn 1" in report
    page.page.screenshot(path=os.path.join(shots, "fronts-resolved.png"), full_page=True)


def test_crossroads_hot_seat_covers_the_board_between_two_people(serve, open_page, tmp_path):
    shots = os.environ.get("ACADEMY_SHOTS") or str(tmp_path)
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1200)
    page.open(url + "?game=fronts&tab=play", board=None)
    page.page.locator(".game-choice select").select_option("Crossroads: 3 players")
    page.wait_text(".map-about", "Blue has the hardest seat")       # Gold's corner starts neutral
    page.page.screenshot(path=os.path.join(shots, "fronts-crossroads-3.png"))
    page.page.locator(".game-choice select").select_option("Crossroads: 4 players")
    page.wait_text(".people-choice", "Gold")
    page.page.locator(".people-choice button", has_text="Blue").click()
    page.page.locator(".start-game button").click()
    page.wait_text(".pass-screen", "Pass the screen to Red")
    page.page.locator(".cover-ready button").click()
    page.wait_board(BOARD)
    page.wait_text(".fronts-banner", "Red")
    page.page.screenshot(path=os.path.join(shots, "fronts-crossroads.png"))
    page.page.locator(".submit-orders button").click()
    page.wait_text(".pass-screen", "Pass the screen to Blue")
    page.page.locator(".cover-ready button").click()
    page.wait_text(".fronts-banner", "Blue")
    page.page.locator(".submit-orders button").click()
    page.wait_text(".pass-screen", "Pass the screen to Red")
    page.page.locator(".cover-ready button").click()
    page.wait_text(".fronts-banner", "turn 2")


def test_the_play_page_fits_a_1400_px_window_with_the_build_row(serve, open_page):
    """Issue 19 (Play): at 1400 px the orders panel's build row ("Add build") fits its column: the page
    never scrolls sideways and no button or input reaches past the window's edge."""
    from tests.ui.test_browser_fit import MEASURE
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=900)
    page.open(url + "?game=fronts&tab=play", board=None)
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    page.page.locator(".add-build").first.wait_for(state="visible", timeout=30000)
    page.page.wait_for_timeout(800)
    m = page.page.evaluate(MEASURE)
    assert m["page"] <= m["width"] + 1 and not m["cut"], m
    box = page.page.locator(".add-build").first.bounding_box()
    row = page.page.locator(".orders-panel").first.bounding_box()
    assert box["x"] + box["width"] <= row["x"] + row["width"] + 1, (box, row)
