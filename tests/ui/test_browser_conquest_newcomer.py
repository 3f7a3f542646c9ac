"""Issue 15 (Conquest as a newcomer meets it) in headless Chromium, from the home page by clicks: a second Start
folds the New game form away; Save, Replay and Load on the Play tab; the position editor from the Teach page;
a forced trade at exactly five cards after a knock-out, in the eliminating lesson. Each fails on a browser
console error (``Page.errors``) and on a server traceback (the ``serve`` fixture)."""
from __future__ import annotations

import time
from typing import Any

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.browser import CLICK_GAP

pytestmark = pytest.mark.ui

PLAY, LESSONS = ".tab-play", ".tab-lessons"


def wait_until(condition, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.03)


def click(page, selector: str) -> None:
    page.page.locator(selector).first.click()
    time.sleep(CLICK_GAP)


def no_errors(page, where: str) -> None:
    assert not page.errors, f"{where}: browser errors {page.errors[:5]}"


def record_pages(monkeypatch, made: dict[str, list[Any]]) -> None:
    """Keep the Play and Lessons pages the shell builds (the registry looks the classes up when a tab opens)."""
    import academy.ui.conquest.lessons as lessons_module
    import academy.ui.conquest.play as play_module
    play_cls, lessons_cls = play_module.PlayPage, lessons_module.LessonsPage

    def play(**kw: Any) -> Any:
        view = play_cls(seed=7, cpu_delay=0.05, **kw)
        made["play"].append(view)
        return view

    def lessons(**kw: Any) -> Any:
        view = lessons_cls(**kw)
        made["lessons"].append(view)
        return view
    monkeypatch.setattr(play_module, "PlayPage", play)
    monkeypatch.setattr(lessons_module, "LessonsPage", lessons)


def form_shown(page) -> bool:
    return page.page.locator(f"{PLAY} .start-game button").first.is_visible()


def test_a_second_start_folds_the_form_and_save_replay_load_work(serve, open_page, monkeypatch, tmp_path):
    """Issue 15, Play: "After a second Start the New game form stays open above the board". And the Play tab's
    Save, Replay and Load by clicks (the issue's check: Save/Load, Replay)."""
    made: dict[str, list[Any]] = {"play": [], "lessons": []}
    record_pages(monkeypatch, made)
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=1000)
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="conquest"] a', has_text="Play").click()
    page.page.locator(f"{PLAY} .conquest-play").first.wait_for(state="visible", timeout=30000)
    page.page.locator(f"{PLAY} .seat-1 select").select_option(label="CPU easy")
    click(page, f"{PLAY} .start-game button")
    wait_until(lambda: made["play"] and made["play"][-1].session.state is not None, "the first game")
    session = made["play"][-1].session
    page.wait_board()
    wait_until(lambda: not form_shown(page), "the form to fold after the first Start")
    first = session.state

    # a game with a move in it (the CPU's first turn, if it went first) is not thrown away unasked
    wait_until(lambda: not session.thinking and session.state.to_move() == 0, "Red's turn", 120)
    asked = made["play"][-1].running_game() is not None
    assert asked == any(not e.chance for e in session.state.record.entries)
    click(page, f"{PLAY} .new-game-card .card-header")            # open the form again: New game
    wait_until(lambda: form_shown(page), "the form to open")
    page.page.locator(f"{PLAY} .seat-1 select").select_option(label="CPU hard")   # the check: hard CPU
    click(page, f"{PLAY} .start-game button")
    if asked:                                                    # "Start the new game" in the form's question
        page.wait_text(".confirm-new-game-box", "is still running. Start a new one anyway?", shown=True)
        assert session.state is first
        click(page, f"{PLAY} .confirm-new-game button")
    wait_until(lambda: session.state is not first, "the second game")
    wait_until(lambda: not form_shown(page), "the form to fold after the second Start")
    no_errors(page, "two Starts")

    assert session.seats == ["human", "hard"]
    # Red's turn (the hard CPU may go first), then one turn of Red's by clicks and the hard CPU's answer
    wait_until(lambda: not session.thinking and session.state.to_move() == 0, "Red's turn", 120)
    page.wait_text(".phase-banner", "Red — ", shown=True)
    turn = session.state.turn
    if session.state.phase == "reinforce":
        while page.page.locator(f"{PLAY} .trade-button button").count():
            steps = len(session.state.record)
            click(page, f"{PLAY} .trade-button button")
            wait_until(lambda: len(session.state.record) > steps, "the trade")
        box = page.page.locator(f"{PLAY} .armies-input input").first
        box.fill(str(session.state.reinforcements))
        box.press("Enter")
        wait_until(lambda: session.choice.armies == session.state.reinforcements, "the armies box")
        page.click_territory(session.state.territories_of(0)[0])
        wait_until(lambda: session.state.phase == "attack", "the armies to be placed")
    click(page, f"{PLAY} .end-attack button")
    wait_until(lambda: session.state.phase == "fortify", "the fortify phase")
    click(page, f"{PLAY} .end-turn button")
    wait_until(lambda: not session.thinking and session.state.to_move() == 0 and session.state.turn > turn,
               "the hard CPU's turn", 120)
    assert any(e["text"].startswith("Blue") for e in session.log)
    no_errors(page, "a turn against the hard CPU")

    # Save, Replay, Load, by clicks
    page.wait_text(".phase-banner", "Red — ", shown=True)
    steps = len(session.state.record)
    refusal = session.save_refusal()
    saved = tmp_path / "game.json"
    if refusal:      # the house rule (academy.ui.save_load): no file while it would show the cards in hands
        assert "cards" in refusal and page.page.locator(f"{PLAY} .save-game button").first.is_disabled()
    else:
        with page.page.expect_download() as download:
            click(page, f"{PLAY} .save-game button")
        download.value.save_as(saved)
        assert '"academy.record"' in saved.read_text()
    click(page, f"{PLAY} .replay-game button")                # the replay opens under the board
    page.wait_text(".replay-counter", f"Step 0 of {steps}", shown=True)
    click(page, f"{PLAY} .local-replay .rv-end button")
    page.wait_text(".replay-counter", f"Step {steps} of {steps}", shown=True)
    if not refusal:
        page.page.locator(f"{PLAY} .load-game input").set_input_files(str(saved))
        page.wait_text(".game-message", f"Game loaded from game.json ({steps} steps)", shown=True)
    assert not form_shown(page)
    no_errors(page, "Save, Replay and Load")


def test_the_position_editor_from_the_teach_page(serve, open_page):
    """Issue 15, "How this will be checked": the editor, reached by clicks (home → Teach → Conquest)."""
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url, board=None)
    page.page.locator('a[href="?page=teach"]').first.click()
    page.page.locator(".editor-link", has_text="Conquest").first.click()
    page.wait_text(".editor-lesson", "Red: Ukraine 3 | Blue:")
    page.wait_board()
    page.click_territory("ural")
    page.wait_text(".editor-message", "Ural: Red, 1.")
    page.wait_text(".editor-lesson", "Red: Ukraine 3, Ural 1")
    no_errors(page, "the editor")


def test_a_forced_trade_at_exactly_five_cards_after_a_knockout(serve, open_page, monkeypatch):
    """Issue 15, "How this will be checked": a forced trade at exactly 5 cards after an elimination, by clicks,
    with the page saying what the learner must do (the eliminating lesson's second exercise)."""
    made: dict[str, list[Any]] = {"play": [], "lessons": []}
    record_pages(monkeypatch, made)
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=1000)
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="conquest"] a', has_text="Lessons").click()
    page.wait_text(".lesson-list", "Knocking a player out", timeout=30)
    click(page, f"{LESSONS} .open-eliminating button")
    page.wait_text(".exercise-prompt", "Exercise 1 of 2", shown=True)
    click(page, f"{LESSONS} .exercise-tab button >> text='Exercise 2'")
    page.wait_text(".exercise-prompt", "Green holds two cards", shown=True)
    page.wait_board()
    model = made["lessons"][-1].model
    wait_until(lambda: model.attempt is not None and model.attempt.exercise.id == "exactly-five", "exercise 2")

    page.click_territory("east_africa")
    wait_until(lambda: model.selected == "east_africa", "East Africa to be selected")
    page.click_territory("madagascar")                       # the first click on the target: its odds
    wait_until(lambda: model.target == "madagascar", "Madagascar to be targeted")
    for _ in range(10):                                      # attack until Madagascar falls
        if model.state.phase == "occupy":
            break
        done = len(model.attempt.actions)
        page.click_territory("madagascar")
        wait_until(lambda: len(model.attempt.actions) > done, "the attack")
    assert model.state.phase == "occupy"
    page.page.locator(f"{LESSONS} .move-button button").first.wait_for(state="visible")
    click(page, f"{LESSONS} .move-button button")
    # five cards after the knock-out: the page says a set must be traded now, and offers the trades
    page.wait_text(".lesson-feedback", "holds 5 cards and must trade down to 4 or fewer", shown=True)
    page.wait_text(".phase-banner", "Trade sets until you hold 4 cards or fewer", shown=True)
    page.wait_text(".phase-controls", "You must trade a set", shown=True)
    page.page.locator(f"{LESSONS} .trade-button button", has_text="Brazil").first.click()
    time.sleep(CLICK_GAP)
    page.wait_text(".phase-banner", "Place the 8 armies from your cards", shown=True)
    box = page.page.locator(f"{LESSONS} .armies-input input").first
    box.fill("8")
    box.press("Enter")
    wait_until(lambda: model.choice.armies == 8, "8 armies per click")
    page.click_territory("east_africa")
    page.wait_text(".lesson-feedback", "Solved!", shown=True)
    assert len(model.state.hands[0]) == 2 and model.state.phase == "attack"
    no_errors(page, "the forced trade")
