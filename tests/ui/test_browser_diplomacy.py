"""Diplomacy in a real browser: write an order by clicking on the board, submit, see the phase resolve;
and a shared game in two browser contexts where the second seat never receives the first one's orders
before the phase resolves (checked on the page HTML and every websocket frame)."""
from __future__ import annotations

import time

import pytest

from academy.games.diplomacy.mapdata import standard_map
from academy.ui.diplomacy.board import point
from academy.ui.live_session import close_shared_hubs, shared_hub
from academy.ui.shell import build_page, current_query
from tests.ui.browser import CLICK_GAP

pytestmark = pytest.mark.ui

BOARD = "diplomacy-board"


def click(page, province: str) -> None:
    at = page.to_pixels(BOARD, *point(standard_map(), province))
    assert at is not None, "board not laid out"
    page.page.mouse.click(*at)
    time.sleep(CLICK_GAP)          # a second tap within 300 ms would be a double tap


def recording(page) -> list[str]:
    """The page's HTML and every websocket frame it receives, as text."""
    frames: list[str] = []
    page.page.on("response", lambda r: frames.append(r.text()) if r.request.resource_type == "document" else None)
    page.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
    return frames


def test_write_an_order_by_clicking_and_resolve_the_phase(serve, open_page, tmp_path):
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1100)
    page.open(url + "?game=diplomacy&tab=play", board=None)
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    page.wait_text(".dip-banner-pane", "Spring 1901 movement")
    click(page, "PAR")
    page.wait_text(".game-message", "A PAR selected")
    click(page, "BUR")
    page.wait_text(".orders-list", "A PAR - BUR")
    page.wait_text(".preview", "succeeds")
    assert "if every other power held" in page.text(".preview")
    # a quick second click (a double tap for Bokeh) still writes the order
    page.page.mouse.click(*page.to_pixels(BOARD, *point(standard_map(), "BRE")))
    page.page.wait_for_timeout(120)
    page.page.mouse.click(*page.to_pixels(BOARD, *point(standard_map(), "MAO")))
    page.wait_text(".orders-list", "F BRE - MAO")
    time.sleep(CLICK_GAP)
    page.page.screenshot(path=str(tmp_path / "diplomacy-order.png"))
    page.page.locator(".submit-orders button").click()
    page.wait_text(".game-message", "Spring 1901 movement resolved")
    page.wait_text(".dip-banner-pane", "Fall 1901 movement")
    results = page.wait_text(".phase-results", "A PAR - BUR")
    assert "succeeds" in results or "fails" in results
    page.page.screenshot(path=str(tmp_path / "diplomacy-resolved.png"))


@pytest.fixture
def hub(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/shared.db")
    monkeypatch.setenv("ACADEMY_CPU_DELAY", "0.05")
    yield shared_hub()
    close_shared_hubs()


def test_a_shared_game_keeps_orders_secret_until_it_resolves(serve, open_page, hub, tmp_path):
    url = serve(lambda: build_page(current_query()))
    seats = [{"kind": "cpu", "level": "easy", "name": "CPU"} for _ in range(7)]
    seats[1] = {"kind": "human", "name": "England"}
    seats[2] = {"kind": "human", "name": "France"}
    game, tokens = hub.create("diplomacy", {}, 11, seats)
    pages, frames = {}, {}
    for p in (2, 1):
        pages[p] = open_page(height=1100)
        frames[p] = recording(pages[p])
        # the link names Conquest: the page still follows the stored game (Diplomacy)
        game_name = "diplomacy" if p == 2 else "conquest"
        pages[p].open(f"{url}?game={game_name}&tab=play&match={game.game_id}&seat={tokens[p]}", board=BOARD)
    france, england = pages[2], pages[1]
    france.wait_text(".dip-banner-pane", "France")
    england.wait_text(".dip-banner-pane", "England")
    england.wait_text(".waiting-list", "Waiting for: England, France", timeout=20)   # the CPUs have submitted
    click(france, "MAR")
    click(france, "PIE")
    france.wait_text(".orders-list", "A MAR - PIE")
    france.page.locator(".submit-orders button").click()
    france.wait_text(".game-message", "Orders submitted")
    england.wait_text(".waiting-list", "France ✓", timeout=10)
    england.wait_text(".waiting-list", "Waiting for: England.")
    time.sleep(0.5)
    assert "A MAR - PIE" not in "".join(frames[1]), "England's browser received France's orders"
    assert "A MAR - PIE" not in england.text(".diplomacy-play")
    england.page.screenshot(path=str(tmp_path / "diplomacy-shared-waiting.png"))
    click(england, "LON")
    click(england, "ENG")
    england.wait_text(".orders-list", "F LON - ENG")
    assert "A MAR - PIE" not in "".join(frames[1])
    england.page.locator(".submit-orders button").click()
    for page in (england, france):
        page.wait_text(".dip-banner-pane", "Fall 1901 movement", timeout=20)
        page.wait_text(".phase-results", "A MAR - PIE")
        page.wait_text(".phase-results", "F LON - ENG")
    assert "A MAR - PIE" in "".join(frames[1])          # public once resolved
    england.page.screenshot(path=str(tmp_path / "diplomacy-shared-resolved.png"))
