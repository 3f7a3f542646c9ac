"""Issue 17 (layout): on a Tactics game at a laptop's width the Build button and the build list lie inside
the window, and the label "Show where the enemy can hit next turn" turns the threats on by a click on its
words, not only on its box. Reached by clicks: the Play tab's Start game, then a tap on Red's factory."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_tactics import BOARD, source, tap, wait_for

pytestmark = pytest.mark.ui

@pytest.mark.parametrize("width", [1400, 1280])
def test_the_build_button_fits_and_the_threat_label_takes_a_click(serve, open_page, width):
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=width, height=900)
    page.open(url + "?game=tactics&tab=play", board=None)
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    page.wait_text(".tactics-status", "Red to play")
    wait_for(lambda: (u := source(page, "tactics-units")) and u["tile"], page)
    tap(page, "C2")                                            # Red's factory (River Crossing)
    page.page.locator(".do-build button").wait_for(state="visible")
    for sel in (".do-build button", ".build-choice select"):
        box = page.page.locator(sel).first.bounding_box()     # Playwright's locators look into shadow roots
        assert box is not None, f"{sel} is not shown"
        left, right = box["x"], box["x"] + box["width"]
        assert left >= 0 and right <= width, f"{sel} at {left:.0f}..{right:.0f} is cut off in a {width} px window"
    assert not (source(page, "tactics-threats") or {"tile": []})["tile"]
    page.page.locator(".threat-toggle").get_by_text("Show where the enemy can hit next turn").click()
    assert page.page.locator(".threat-toggle input").is_checked(), "a click on the label's words left it unticked"
    wait_for(lambda: (source(page, "tactics-threats") or {"tile": []})["tile"], page)
    page.page.screenshot(path=f"/tmp/tactics-fit-{width}.png")
    assert not page.errors, page.errors[:5]
