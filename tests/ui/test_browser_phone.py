"""Issue 14, item 7, on a phone (390×844, touch): the header fits on one line with its links behind a Menu
button, every control a finger uses is at least 44 px tall (WCAG 2.5.5), the page itself never scrolls (only
its main area does), and the answer to a tap on the board is brought into sight when the side panel, under
the board, holds it below the bottom of the screen. Reached as a person does: from the home page, by taps."""
from __future__ import annotations

import time

import pytest

from academy.ui.header import HEADER_LINKS
from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

# JS: the box of every shown element matching a selector, open shadow roots included
BOXES = """
(selector) => {
  const out = [];
  const walk = (root) => {
    root.querySelectorAll('*').forEach(el => {
      if (el.matches(selector)) {
        const r = el.getBoundingClientRect();
        const text = (el.shadowRoot ? el.shadowRoot.textContent : '') + (el.textContent || '');
        if (r.width > 0 && r.height > 0) out.push({text: text.trim().slice(0, 40),
                                                   top: r.top, bottom: r.bottom, width: r.width, height: r.height});
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    });
  };
  walk(document);
  return out;
}
"""
PAGE_HEIGHT = "() => [document.documentElement.scrollHeight, window.innerHeight]"


def boxes(page, selector: str) -> list[dict]:
    return page.page.evaluate(BOXES, selector)


def wait_for(condition, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def in_sight(box: dict) -> bool:
    return box["top"] >= 0 and box["bottom"] <= 845      # a pane scrolled to the edge may end a fraction past 844


def test_a_phone_gets_one_header_line_big_targets_and_the_answer_to_a_tap_in_sight(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page(has_touch=True, width=390, height=844)
    page.open(url, board=None)
    page.wait_text(".game-cards", "Fronts")

    # the header: the title and the Menu button on one line; the links folded away until Menu is tapped
    header = boxes(page, "#header")[0]
    assert header["height"] <= 70, header
    assert page.page.evaluate(PAGE_HEIGHT)[0] == 844, "the page scrolls past the window as well as its main area"
    assert not boxes(page, "#academy-links a")
    menu = page.page.get_by_role("button", name="Menu")
    menu.tap()
    links = boxes(page, "#academy-links a")
    assert [link["text"] for link in links] == [label for label, _href, _box in HEADER_LINKS]
    assert all(link["height"] >= 44 and link["top"] >= header["bottom"] - 1 for link in links), links
    menu.tap()
    wait_for(lambda: not boxes(page, "#academy-links a"), "the menu to fold")

    # the game cards' links are finger-sized
    card_links = boxes(page, ".game-card a")
    assert len(card_links) == 4 * 5 and all(link["height"] >= 44 for link in card_links), card_links

    # a lesson, by taps: the first Conquest lesson's exercise is a claim of Siam on the map
    page.page.locator('.game-card[data-game="conquest"] a', has_text="Lessons").tap()
    page.page.locator(".open-lesson button").first.wait_for(state="visible")
    buttons = [b.bounding_box() for b in page.page.locator(".open-lesson button").all()]
    assert buttons and all(b["height"] >= 44 for b in buttons), buttons
    page.page.locator(".open-lesson button").first.tap()
    page.wait_text(".exercise-prompt", "touches Australia", shown=True)
    page.wait_board("conquest-board")
    page.page.locator(".tab-lessons .bk-events >> visible=true").first.scroll_into_view_if_needed()
    page.page.wait_for_timeout(500)
    feedback = boxes(page, ".lesson-feedback, .lesson-note")
    assert not any(in_sight(b) and "Solved" in b["text"] for b in feedback)
    # a phone walk: the hint appeared under "Next exercise", off the screen, so Hint seemed only to count down
    page.page.locator(".hint-button button").tap()
    wait_for(lambda: any(in_sight(b) and b["text"] for b in boxes(page, ".lesson-hints")),
             "the hint to come into sight after the tap on Hint")
    page.page.locator(".tab-lessons .bk-events >> visible=true").first.scroll_into_view_if_needed()
    page.page.wait_for_timeout(500)
    page.click_territory("siam", tap=True)
    page.wait_text(".lesson-feedback", "Solved", shown=True)
    wait_for(lambda: any(in_sight(b) and "Solved" in b["text"] for b in boxes(page, ".lesson-feedback")),
             "the feedback to come into sight after the tap")
    assert page.page.evaluate(PAGE_HEIGHT)[0] == 844
    assert not page.errors, page.errors


def test_a_phone_keeps_the_board_still_while_a_stack_is_selected(serve, open_page):
    """A phone walk: every tap on a stack scrolled the page about 300 px (to bring "Stack in … selected" into
    sight), so the board slid away just when the next tap had to land on it. A tap that only selects is
    answered by the board's highlights: the page stays. So does the order the next tap writes: the board draws
    it as an arrow (a later walk: each order scrolled the page 366 px, taking the stacks still to order out of
    sight). A refused tap's reason is brought into sight."""
    from academy.games.fronts.mapdata import load_map
    from tests.ui.browser import CLICK_GAP
    url = serve(lambda: build_page(current_query()))
    page = open_page(has_touch=True, width=390, height=844)
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="fronts"] a', has_text="Play").tap()
    page.page.locator(".start-game button").tap()
    page.wait_board("fronts-board")
    page.page.locator(".tab-play .bk-events >> visible=true").first.scroll_into_view_if_needed()
    page.page.wait_for_timeout(500)
    duel = load_map("duel")

    def tap(province: str) -> None:
        at = page.to_pixels("fronts-board", *duel.provinces[province].at)
        assert at is not None
        page.page.touchscreen.tap(*at)
        time.sleep(CLICK_GAP)

    board_at = page.to_pixels("fronts-board", 0.5, 0.5)
    tap("millbrook")
    page.wait_text(".game-message", "Stack in Millbrook selected")
    page.page.wait_for_timeout(1500)                      # the follower looks for two seconds after a tap
    moved = page.to_pixels("fronts-board", 0.5, 0.5)
    assert moved is not None and abs(moved[1] - board_at[1]) < 2, f"the board moved on a selection: {board_at} {moved}"
    tap("riverton")
    page.wait_text(".game-message", "Order written")
    page.page.wait_for_timeout(1500)
    moved = page.to_pixels("fronts-board", 0.5, 0.5)
    assert moved is not None and abs(moved[1] - board_at[1]) < 2, f"the board moved on an order: {board_at} {moved}"
    tap("oakhollow")                                      # Red's other stack, still on the screen
    page.wait_text(".game-message", "Stack in Oakhollow selected")
    tap("southport")                                      # far from Oakhollow: refused, and the reason shows
    said = page.wait_text(".game-message", "Southport")
    assert "Order written" not in said
    wait_for(lambda: any(in_sight(b) and "Southport" in b["text"] for b in boxes(page, ".game-message")),
             "the refusal to come into sight")
    assert not page.errors, page.errors


def test_a_phone_brings_a_moved_units_message_and_its_buttons_into_sight_together(serve, open_page):
    """A phone walk: Tactics, tap Tank E2, then H5: the page scrolled the message "… moves to H5 …" into sight,
    but the Wait button stayed under the screen's edge (y = 918 of 844). The message and the buttons now come
    into sight together."""
    from tests.ui.browser import CLICK_GAP
    from tests.ui.test_browser_tactics import BOARD, xy
    url = serve(lambda: build_page(current_query()))
    page = open_page(has_touch=True, width=390, height=844)
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="tactics"] a', has_text="Play").tap()
    page.page.locator(".start-game button").tap()
    page.wait_board(BOARD)
    page.wait_text(".tactics-status", "Red to play")
    page.page.locator(".tab-play .bk-events >> visible=true").first.evaluate(
        "(el) => el.scrollIntoView({block: 'start'})")              # the board at the top, the panel under it
    page.page.wait_for_timeout(500)
    assert not any(in_sight(b) for b in boxes(page, ".do-wait")), "the buttons were in sight before the tap"

    def tap(tile: str) -> None:
        at = page.to_pixels(BOARD, *xy(tile))
        assert at is not None
        page.page.touchscreen.tap(*at)
        time.sleep(CLICK_GAP)

    board_at = page.to_pixels(BOARD, 0, 0)
    tap("E2")
    page.wait_text(".game-message", "E2 selected")
    page.page.wait_for_timeout(1500)
    assert abs(page.to_pixels(BOARD, 0, 0)[1] - board_at[1]) < 2, "the board moved on a selection"
    tap("H5")
    page.wait_text(".game-message", "H5")
    wait_for(lambda: any(in_sight(b) for b in boxes(page, ".do-wait")) and
             any(in_sight(b) and "H5" in b["text"] for b in boxes(page, ".game-message")),
             "the message and the Wait button to come into sight")
    assert not page.errors, page.errors
