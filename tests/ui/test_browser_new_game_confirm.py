"""Start game while a game runs asks first, in headless Chromium, from the home page by clicks. A newcomer's walk:
Fronts Play, a hard game at turn 9 → New game → Easy → Start game: the easy game started at once and the turn-9
game was gone. Now the form asks ("Your game at turn 3 is still running. Start a new one anyway? …"); "Keep
playing" leaves the game as it was, "Start the new game" starts the easy one. Fails on a browser console error
and on a server traceback (the ``serve`` fixture)."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_local_reload import engine_state, record_pages, wait_until
from tests.ui.test_walk_tactics import on_server, press, wait_shown

pytestmark = pytest.mark.ui


def test_fronts_asks_before_a_new_game_replaces_the_running_one(serve, open_page, monkeypatch, tmp_path):
    import os
    shots = os.environ.get("ACADEMY_SHOTS") or str(tmp_path)
    made = record_pages(monkeypatch, "fronts")
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=1000)
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="fronts"] a', has_text="Play").click()
    wait_until(lambda: made, 30)
    play, doc = made[-1]
    page.page.locator(".level-choice button", has_text="Hard").first.click()
    press(page, ".start-game")
    page.wait_board("fronts-board")
    wait_shown(page, ".fronts-banner", "turn 1")
    for turn in (2, 3):                                          # two turns played: the game runs
        press(page, ".submit-orders")
        wait_until(lambda: on_server(doc, lambda: engine_state(play).board.turn == turn), 60)
    wait_shown(page, ".fronts-banner", "turn 3")
    steps = on_server(doc, lambda: len(engine_state(play).record))
    first = on_server(doc, lambda: engine_state(play))
    assert on_server(doc, lambda: play.session.level) == "hard"

    # New game → Easy → Start game: the form asks, nothing is started yet
    page.page.locator(".new-game-card .card-header").first.click()
    page.page.locator(".level-choice button", has_text="Easy").first.click()
    press(page, ".start-game")
    asked = wait_shown(page, ".confirm-new-game-box", "still running")
    # Fronts' Save is off while a game runs (its fog and luck to come would show), so the question does not
    # offer it
    assert "Your game at turn 3 is still running. Start a new one anyway? It will be gone: it cannot be saved " \
        "until it is over." in asked
    assert page.page.locator(".confirm-new-game button >> visible=true").first.inner_text() == "Start the new game"
    assert on_server(doc, lambda: engine_state(play)) is first
    page.page.locator(".confirm-new-game-box >> visible=true").first.screenshot(
        path=os.path.join(shots, "fronts-new-game-question.png"))

    # Keep playing: the question goes, the form folds away, the game is as it was
    press(page, ".keep-playing")
    wait_until(lambda: not page.page.locator(".confirm-new-game-box >> visible=true").count(), 20)
    wait_until(lambda: not page.page.locator(".start-game button >> visible=true").count(), 20)
    assert on_server(doc, lambda: engine_state(play) is first and len(first.record) == steps)
    wait_shown(page, ".fronts-banner", "turn 3")

    # New game again, and this time "Start the new game": the easy game at turn 1
    page.page.locator(".new-game-card .card-header").first.click()
    press(page, ".start-game")
    wait_shown(page, ".confirm-new-game-box", "Your game at turn 3 is still running")
    press(page, ".confirm-new-game")
    wait_until(lambda: on_server(doc, lambda: engine_state(play) is not first), 30)
    wait_shown(page, ".fronts-banner", "turn 1")
    assert on_server(doc, lambda: (play.session.level, engine_state(play).board.turn)) == ("easy", 1)
    assert not page.page.locator(".confirm-new-game-box >> visible=true").count()
    assert not page.errors, page.errors
