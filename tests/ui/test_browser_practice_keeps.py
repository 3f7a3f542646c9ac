""""Play this out against the CPU" from a running game, in headless Chromium, from the home page by clicks. A
newcomer's walk: France against six CPUs → "Play this out" → the practice game was Austria's, and the running
France game was gone for good (the next visit brought back the practice game). Now the practice game is
France's, the running game stays kept (the notice says so), and "Back to that game" brings it back. Fails on a
browser console error and on a server traceback (the ``serve`` fixture)."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_local_reload import record_pages, wait_until
from tests.ui.test_walk_tactics import on_server, press

pytestmark = pytest.mark.ui


def test_playing_out_a_diplomacy_game_keeps_the_power_and_the_running_game(serve, open_page, hub, monkeypatch):
    made = record_pages(monkeypatch, "diplomacy")
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=1000)
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="diplomacy"] a', has_text="Play").click()
    wait_until(lambda: made, 30)
    press(page, ".start-game")                                  # France (the form's choice), six easy CPUs
    wait_until(lambda: made[-1][0].session.engine_state is not None, 30)
    first, doc = made[-1]
    assert on_server(doc, lambda: list(first.session.people)) == ["FRANCE"]
    link = page.page.locator(".practice-a")
    link.wait_for(state="visible")
    assert "position=France%20to%20order" in (link.get_attribute("href") or "")

    link.click()                                                # the practice game: France, in this tab
    page.wait_text(".academy-message", "Play this out against the CPU (easy): you are France.")
    kept = page.wait_text(".local-game-notice", "is still kept")
    assert "This game, opened from a link, does not replace it: a reload will not bring this one back." in kept
    practice, doc = made[-1]
    assert practice is not first and on_server(doc, lambda: list(practice.session.people)) == ["FRANCE"]

    page.page.locator(".local-game-notice a", has_text="Back to that game").click()
    page.wait_text(".local-game-notice", "is back. New game starts a fresh one.")
    back, doc = made[-1]
    assert back is not practice and on_server(doc, lambda: list(back.session.people)) == ["FRANCE"]
    assert on_server(doc, lambda: back.keeper.restore_wanted)
    assert not page.errors, page.errors
