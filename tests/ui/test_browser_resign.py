"""Resigning asks first, and what it asks fits the window on every game's Play page, local and shared. A
newcomer's walk at 1400 px: on a shared Conquest game, "Resign" showed "Resign for good? You will be out of
this game." with "Yes, resign" cut off at the right edge and "Cancel" off the screen (x ≈ 1427)."""
from __future__ import annotations

import contextlib
import time

import pytest

from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

GAMES = ("conquest", "diplomacy", "tactics", "game_of_war", "fronts")
PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
SHARED = {"conquest": ({"players": 2, "setup": "random"}, PEOPLE),
          "diplomacy": ({"players": 7}, PEOPLE + [{"kind": "cpu", "level": "easy"}] * 5),
          "tactics": ({}, PEOPLE),
          "game_of_war": ({}, PEOPLE),
          "fronts": ({"players": 2, "map": "duel"}, PEOPLE)}

# JS: why a button is not wholly in sight ('' when it is): past the window's edge, or its label cut
CUT = """
(el) => {
  const r = el.getBoundingClientRect();
  if (r.left < -1 || r.right > window.innerWidth + 1) return `${Math.round(r.left)}..${Math.round(r.right)}`;
  return el.scrollWidth > el.clientWidth + 1 ? `shows ${el.clientWidth} of ${el.scrollWidth} px` : '';
}
"""


def assert_in_sight(page, *selectors: str) -> None:
    for selector in selectors:
        button = page.page.locator(selector).filter(visible=True)
        button.first.wait_for(state="visible")
        assert button.count() == 1, selector
        assert button.first.evaluate(CUT) == "", f"{selector}: {button.first.evaluate(CUT)}"


def ask_to_resign_shared(page) -> None:
    page.page.locator(".resign button").click()
    page.wait_text(".resign-confirm-row", "Resign for good?", shown=True)
    assert_in_sight(page, ".resign-confirm button", ".resign-cancel button")


def ask_to_resign_local(page, within: float = 120) -> None:
    """Click Resign until it asks "Really resign?": a CPU move (the CPU may play first) takes the question back,
    as any move does, so a click made while the CPU played may have been undone. A CPU's whole turn of
    Conquest (placing, attacking, moving, 0.4 s a step) can take half a minute on a loaded machine: the clicks
    go on until ``within`` seconds have passed, waiting first for the CPU's spinner, where the page has one, to go."""
    really = page.page.locator(".resign-game button", has_text="Really resign")
    thinking = page.page.locator(".cpu-thinking").filter(visible=True)
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):                # (Playwright's timeout: try again)
            thinking.first.wait_for(state="hidden", timeout=max(1000, (deadline - time.monotonic()) * 1000))
        page.page.locator(".resign-game button").click()
        with contextlib.suppress(Exception):
            really.wait_for(state="visible", timeout=3000)
            page.page.wait_for_timeout(500)
            if really.is_visible():
                return
    raise AssertionError(f"Resign never asked 'Really resign?' in {within:.0f} s")


def test_the_resign_question_of_a_shared_conquest_game_fits_reached_from_home(serve, open_page, hub):
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400)
    page.open(url, board=None)
    page.page.locator(".games-header-link a").click()
    page.page.locator(".create-game button").click()
    page.wait_text(".seat-links-pane", "created")
    href = page.page.locator(".seat-links-pane a.seat-link[data-seat='0']").get_attribute("href")
    page.open(url + href)                          # (the link opens in a new tab; here, in this one)
    ask_to_resign_shared(page)


@pytest.mark.parametrize("game", GAMES)
def test_the_resign_question_fits_on_every_play_page(serve, open_page, hub, game):
    url = serve(lambda: build_page(current_query()))
    local = open_page(width=1400)
    local.open(f"{url}?game={game}&tab=play", board=None)
    local.page.locator(".start-game button").click()
    ask_to_resign_local(local)
    assert_in_sight(local, ".resign-game button")
    options, seats = SHARED[game]
    started, tokens = hub.create(game, options, 3, seats)
    shared = open_page(width=1400)
    shared.open(f"{url}?game={game}&tab=play&match={started.game_id}&seat={tokens[0]}", board=None)
    ask_to_resign_shared(shared)
