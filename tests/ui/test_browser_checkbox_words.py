"""A checkbox's words take a click, as its box does (``academy.ui.tick.Tick``, every checkbox of the Academy): a
newcomer's walk clicked "Coach: warn me before a blunder" on Fronts' Play page and nothing happened, because
it was Panel's Checkbox, which draws its words in a ``div`` beside the box, not in a ``<label>``.

Reached the way a person gets there: the home page → Fronts' Play link → Start. On a wide screen a click on
the words ticks it and a second one unticks it (the server hears both: the coach's note comes and goes); on a
phone (390 px, touch) its label is at least 44 px tall and a tap on it, near the bottom of that height, below
the words' line, ticks it. No console error, no server error (the ``serve`` fixture)."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_local_reload import wait_until

pytestmark = pytest.mark.ui

ON = "The coach looks at each of your decisions"
#: the checkbox's words (a Tick: a label round the box and its words)
WORDS = ".coach-toggle label span"


def to_the_coach(page, url: str) -> None:
    """Home → Fronts' Play → Start a game against the CPU; wait until the coach's checkbox is shown."""
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="fronts"] a', has_text="Play").click()
    page.page.locator(".start-game button").filter(visible=True).first.click()
    page.page.locator(WORDS).filter(visible=True).first.wait_for(state="visible")


def test_a_click_on_the_coach_checkbox_words_ticks_it_and_unticks_it(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    to_the_coach(page, url)
    words = page.page.locator(WORDS).filter(visible=True).first
    box = page.page.locator(".coach-toggle input").filter(visible=True).first
    assert words.inner_text() == "Coach: warn me before a blunder"
    assert not box.is_checked()
    words.click()
    wait_until(box.is_checked, 10)
    page.wait_text(".coach-status", ON, shown=True)              # the server heard it
    words.click(position={"x": 5, "y": 5})                        # the words' first letters
    wait_until(lambda: not box.is_checked(), 10)
    wait_until(lambda: ON not in page.text(".coach-status", shown=True), 10)
    box.click()                                                   # the box itself still works, once
    wait_until(box.is_checked, 10)
    page.wait_text(".coach-status", ON, shown=True)
    assert not page.errors, page.errors


def test_on_a_phone_the_coach_checkbox_is_a_44_px_target_its_words_included(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page(has_touch=True, width=390, height=844)
    to_the_coach(page, url)
    widget = page.page.locator(".coach-toggle label").filter(visible=True).first
    words = page.page.locator(WORDS).filter(visible=True).first
    box = page.page.locator(".coach-toggle input").filter(visible=True).first
    widget.scroll_into_view_if_needed()
    area, text = widget.bounding_box(), words.bounding_box()
    assert area["height"] >= 44, area                             # the label, box and words, is the target
    assert area["y"] <= text["y"] and text["y"] + text["height"] <= area["y"] + area["height"], (area, text)
    assert text["x"] > box.bounding_box()["x"]                    # the words beside the box
    # a finger below the words' line, still on the label (near the bottom of its 44 px)
    page.page.touchscreen.tap(text["x"] + text["width"] / 2, area["y"] + area["height"] - 4)
    wait_until(box.is_checked, 10)
    page.wait_text(".coach-status", ON, shown=True)
    assert not page.errors, page.errors
