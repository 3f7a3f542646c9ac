"""The coach in headless Chromium (issue 22), the way a person gets there, by clicks from the home page:

Home → Conquest's Play link → Load a saved game (the last battles: Blue holds Mongolia and Ural) → "Play this out"
against the CPU → "Coach: warn me before a blunder" → a 1-die attack from Kamchatka is held back with the
numbers, taken back, tried again and played anyway → the game played to its end → "Review this game" →
the blunder with its numbers and the better attack drawn on the replay's board, stepping to another mark and
back → its lesson link opens the lesson. No console error, no server error (the ``serve`` fixture).
"""
from __future__ import annotations

import json
import time

import pytest

from academy.core.record import Record
from academy.games.conquest import parse_position
from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_local_reload import wait_until

pytestmark = pytest.mark.ui

LAST = "Red to move, attack | Red: Siberia 10, Kamchatka 2, Ukraine 10 | Blue: Mongolia 1, Ural 3 | rest: Red 1"

#: JS: the rows of the data source ``name`` in the page's Bokeh documents (null: no such source)
SOURCE_ROWS = """(name) => {
  for (const doc of window.Bokeh.documents) {
    const src = doc.get_model_by_name(name);
    if (src) return src.data.x0 ? src.data.x0.length : src.data.x.length;
  }
  return null;
}"""


def navigate(page, action, ready: str) -> None:
    """Do ``action`` (a click that opens another page) and wait until the new page shows ``ready``."""
    url = page.page.url
    action()
    wait_until(lambda: page.page.url != url)
    page.page.wait_for_load_state()
    shown(page, ready).wait_for(state="visible", timeout=30_000)


def shown(page, css: str):
    return page.page.locator(css).filter(visible=True).first


def test_live_coach_then_review_of_the_game_and_its_lesson(serve, open_page, tmp_path):
    state = parse_position(LAST)
    saved = tmp_path / "last-battle.json"
    saved.write_text(json.dumps(Record(state.game, 5, start=state.to_json()).to_json()))
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1500)
    page.open(url, board=None)
    page.wait_text(".game-cards", "Conquest")
    navigate(page, lambda: page.page.locator('.game-card[data-game="conquest"] a', has_text="Play").click(),
             ".start-game button")
    page.page.locator(".load-game input").first.set_input_files(str(saved))
    page.wait_text(".pass-screen", "Pass the screen to Red", shown=True)   # loaded: people only, a hot seat
    shown(page, ".cover-ready button").click()
    page.wait_text(".game-message", "Game loaded from last-battle.json", shown=True)
    navigate(page, lambda: shown(page, ".practice-a").click(), ".coach-toggle")   # "Play this out" against the CPU
    page.wait_text(".phase-banner", "Attack", shown=True)

    # the live coach, off by default, turned on; a blunder is held back with its numbers
    toggle = shown(page, ".coach-toggle input")
    assert not toggle.is_checked()
    toggle.check()
    box = shown(page, ".notation-input input")
    box.fill("attack Kamchatka -> Mongolia 1")
    box.press("Enter")
    warning = page.wait_text(".coach-warning-pane", "The coach sees a blunder", shown=True)
    assert "41.7%" in warning and "99.99%" in warning and "Better: attack Siberia -> Mongolia 3" in warning
    shown(page, ".coach-take-back button").click()
    wait_until(lambda: "blunder" not in page.text(".coach-warning-pane", shown=True))
    assert "Kamchatka" not in page.text(".event-log", shown=True)      # nothing was played
    box.fill("attack Kamchatka -> Mongolia 1")
    box.press("Enter")
    page.wait_text(".coach-warning-pane", "The coach sees a blunder", shown=True)
    shown(page, ".coach-anyway button").click()
    page.wait_text(".event-log", "Red attacks Mongolia from Kamchatka", shown=True)

    # play on to the end: attacks with the most dice (an attack the coach warns about is taken back and
    # another one tried), then moving in
    review_button = page.page.locator(".review-game button").filter(visible=True)
    deadline = time.monotonic() + 90
    refused: set[str] = set()
    while not review_button.count():
        assert time.monotonic() < deadline, "the game did not end"
        options = shown(page, ".action-select select").evaluate("s => [...s.options].map(o => o.text)")
        steps = page.text(".event-log", shown=True)
        most = {}                                                   # each attack with its most dice
        for o in options:
            if o.startswith("attack "):
                head, dice = o.rsplit(" ", 1)
                most[head] = max(most.get(head, 0), int(dice))
        attack = next((f"{head} {dice}" for head, dice in most.items() if f"{head} {dice}" not in refused), None)
        if attack:
            box.fill(attack)
            box.press("Enter")
        elif options:
            shown(page, ".play-selected button").click()                # moving in (or, at worst, ending)
        wait_until(lambda: page.text(".event-log", shown=True) != steps or review_button.count()
                   or "blunder" in page.text(".coach-warning-pane", shown=True), 20)
        if "blunder" in page.text(".coach-warning-pane", shown=True):
            refused.add(attack)
            shown(page, ".coach-take-back button").click()
            wait_until(lambda: "blunder" not in page.text(".coach-warning-pane", shown=True))
        else:
            refused.clear()
    review_button.first.click()

    # the review: the blunder, its numbers and the better attack, drawn on the replay's board, brought
    # into view (it opens under the board)
    detail = page.wait_text(".review-detail", "Blunder", shown=True, timeout=60)
    shown(page, ".review-counts").wait_for(state="visible")
    wait_until(lambda: 0 <= shown(page, ".review-counts").bounding_box()["y"] < page.page.viewport_size["height"])
    assert "attack Kamchatka -> Mongolia 1" in detail and "conquer chance 0.417" in detail
    assert "attack Siberia -> Mongolia 3" in detail and "conquer chance >0.999" in detail
    assert "58 points of chance to conquer given away" in detail
    assert "1 blunder" in page.text(".review-counts", shown=True) and "good" in page.text(".review-counts", shown=True)
    wait_until(lambda: page.page.evaluate(SOURCE_ROWS, "conquest-board-coach-better") == 1)
    assert page.page.evaluate(SOURCE_ROWS, "conquest-board-coach-made") == 1
    page.wait_text(".replay-counter", "Step 0 of", shown=True)          # the board the attack was chosen on
    page.page.locator(".review-filter button", has_text="Every decision").click()
    shown(page, ".review-next button").click()
    page.wait_text(".review-detail", "Good", shown=True)
    wait_until(lambda: page.page.evaluate(SOURCE_ROWS, "conquest-board-coach-better") == 0)
    shown(page, ".review-previous button").click()
    page.wait_text(".review-detail", "Blunder", shown=True)
    wait_until(lambda: page.page.evaluate(SOURCE_ROWS, "conquest-board-coach-better") == 1)

    # its lesson
    navigate(page, lambda: shown(page, ".review-detail a.lesson-link").click(), ".lesson-title")
    page.wait_text(".lesson-title", "Attacking and the dice", shown=True)
    assert "lesson=attacking" in page.page.url
    assert not page.errors, f"console errors: {page.errors[:5]}"


def test_the_progress_page_reads_the_shared_games_this_browser_played(serve, open_page, tmp_path, monkeypatch):
    """A seat's link opened in this browser (a finished game with a blunder of that seat's): its "Review this
    game" shows the blunder; then "My progress" in the header: "What your games say" names the lesson of the rule misplayed, with its link."""
    from academy.store.live import LiveHub
    from academy.ui.live_session import close_shared_hubs
    url_db = f"sqlite:///{tmp_path}/shared.db"
    state = parse_position(LAST)
    with LiveHub(url_db, synchronous=True) as hub:
        game, tokens = hub.create("conquest", dict(state.game.options), 4,
                                  [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "easy"}],
                                  start=state.to_json())
        game.act(tokens[0], state.game.parse_action("attack Kamchatka -> Mongolia 1", state))
        while game.status != "finished":
            legal = [a for a in game.state_copy().legal_actions() if type(a).__name__ != "EndAttack"]
            game.act(tokens[0], max(legal, key=lambda a: getattr(a, "dice", 0)))
        game_id = game.game_id
    monkeypatch.setenv("ACADEMY_DB", url_db)
    try:
        url = serve(lambda: build_page(current_query()))
        page = open_page()
        page.open(f"{url}?match={game_id}&seat={tokens[0]}", board=None)
        page.wait_text(".seat-info", "Your seat: Red", shown=True)
        # the finished game's seat page offers its review at once
        page.wait_text(".seat-info", "Review this game", shown=True)
        navigate(page, lambda: shown(page, ".seat-info a.review-link").click(), ".review-detail")
        detail = page.wait_text(".review-detail", "Blunder", shown=True, timeout=60)
        assert "attack Kamchatka -> Mongolia 1" in detail
        navigate(page, lambda: page.page.locator(".progress-header-link a").click(), ".progress-tables")
        text = page.wait_text(".play-misplays", "Attacking and the dice", shown=True, timeout=60)
        assert "mistake or blunder" in text
        assert "lesson=attacking" in shown(page, ".play-misplays a.misplay-link").get_attribute("href")
        assert not page.errors, f"console errors: {page.errors[:5]}"
    finally:
        close_shared_hubs()
