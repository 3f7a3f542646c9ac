"""The Conquest pages in headless Chromium: what a person does (open, click, tap) and what they see."""
from __future__ import annotations

import time

import pytest

from academy.ui.conquest import LessonsPage, PlayPage

pytestmark = pytest.mark.ui


def wait_until(condition, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def made_by(factory, made: list):
    def make():
        view = factory()
        made.append(view)
        return view
    return make


def test_lesson_solved_by_clicking_the_board(serve, open_page):
    made: list = []
    url = serve(made_by(lambda: LessonsPage("attacking"), made))
    page = open_page()
    page.open(url)
    page.wait_text(".exercise-prompt", "Attack Ural from Ukraine")
    page.click_territory("ukraine")
    page.wait_text(".lesson-note", "Ukraine selected")
    page.click_territory("ural")                                # the first click on the target: the odds, no roll
    page.wait_text(".lesson-note", "Ural targeted")
    page.wait_text(".odds-panel", "Chance to conquer")
    assert not made[0].model.attempt.actions
    page.page.locator(".attack-button button").click()          # the Attack button rolls
    text = page.wait_text(".feedback-success", "Solved!")
    assert "3 dice" in text
    assert "Exercise 1 ✓" in page.text(".exercise-tab")


def test_play_against_the_cpu_place_attack_see_odds_and_dice(serve, open_page):
    made: list = []
    url = serve(made_by(lambda: PlayPage(cpu_delay=0.05, seed=2), made))
    page = open_page()
    page.open(url, board=None)
    page.page.locator(".start-game button").click()         # you (Red) and a normal CPU who goes first (seed 2)
    page.wait_board()
    page.wait_text(".phase-banner", "Red — Reinforcement", timeout=60)
    session = made[0].session
    state = session.state
    turn = state.turn
    # the own territory with the most enemy neighbours
    mine = max(state.territories_of(0), key=lambda t: sum(state.owner[n] != 0 for n in state.game.map.neighbours[t]))
    enemy = next(n for n in sorted(state.game.map.neighbours[mine]) if state.owner[n] != 0)
    before, left = state.armies[mine], state.reinforcements
    for _ in range(left):
        page.click_territory(mine)
    page.wait_text(".phase-banner", "Attack")
    assert session.state.armies[mine] == before + left
    page.click_territory(mine)
    page.wait_text(".odds-panel", "chance to conquer")
    rolled_before = len(session.state.record)
    assert "%" in page.text(".odds-panel")
    page.click_territory(enemy)                                  # the first click on the target: its odds
    page.wait_text(".game-message", "Press Attack (or click")
    page.wait_text(".odds-panel", "Chance to conquer")
    assert len(session.state.record) == rolled_before
    page.click_territory(enemy)                                  # the second rolls
    dice = page.wait_text(".dice-result", "vs defender")
    assert "loses" in dice
    if session.state.phase == "occupy":
        page.page.locator(".move-button button").click()
    page.page.locator(".end-attack button").click()
    page.wait_text(".phase-banner", "Fortification")
    page.page.locator(".end-turn button").click()                 # the CPU plays its turn on a thread
    page.wait_text(".phase-banner", f"Red — Reinforcement · turn {turn + 2}", timeout=90)
    assert not session.thinking and "Blue" in page.text(".event-log")
    assert page.page.locator(".event-log ol[aria-live=polite]").count() == 1
    assert "Dice" in page.text(".event-log")


def test_touch_tap_selects_a_territory(serve, open_page):
    made: list = []
    url = serve(made_by(lambda: LessonsPage("attacking"), made))
    page = open_page(has_touch=True, width=1000, height=900)
    page.open(url)
    page.click_territory("ukraine", tap=True)
    page.wait_text(".lesson-note", "Ukraine selected")
    deadline = time.monotonic() + 5
    while made[0].model.selected != "ukraine" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert made[0].model.selected == "ukraine"


def test_keyboard_play_undo_replay_save_and_load(serve, open_page, tmp_path):
    made: list = []
    url = serve(made_by(lambda: PlayPage(cpu_delay=0.05, seed=12), made))
    page = open_page()
    page.open(url, board=None)
    page.page.locator(".seat-1 select").select_option(label="Person")     # hot seat: two people
    page.page.locator(".start-game button").click()
    page.wait_text(".pass-screen", "Pass the screen to")                # the cover between people's turns
    page.page.locator(".cover-ready button").click()
    page.wait_board()
    page.wait_text(".phase-banner", "Reinforcement")
    session = made[0].session
    state = session.state
    mover = state.game.player_name(state.to_move())
    mine = state.game.map.name_of(state.territories_of(state.to_move())[0])
    box = page.page.locator(".notation-input input")
    box.fill(f"place 1 {mine}")
    box.press("Enter")
    page.wait_text(".event-log", f"{mover} places 1 on {mine}")
    wait_until(lambda: box.input_value() == "")                       # the page clears the box after a move
    box.fill("attack Nowhere -> Ural 3")
    box.press("Enter")
    page.wait_text(".game-message", "Nowhere")
    page.page.locator(".undo-button button").click()
    page.wait_text(".game-message", f"Undone: {mover} places 1 on {mine}")
    steps = len(session.state.record)
    page.page.locator(".play-selected button").click()                 # the first legal action in the list
    wait_until(lambda: len(session.state.record) == steps + 1)
    steps += 1
    with page.page.expect_download() as download:
        page.page.locator(".save-game button").click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    assert '"academy.record"' in saved.read_text()
    page.page.locator(".replay-game button").click()          # the replay opens under the board
    page.wait_text(".replay-counter", f"Step 0 of {steps}")
    page.page.locator(".local-replay .rv-end button").click()
    page.wait_text(".replay-counter", f"Step {steps} of {steps}")
    page.page.locator(".load-game input").set_input_files(str(saved))
    page.wait_text(".game-message", f"Game loaded from game.json ({steps} steps)")
