"""The Game of War Play tab in headless Chromium: start a game, move a unit by two clicks on the board,
see the moves left change, end the turn (button, then Space) and see the CPU play; aim at an enemy, see
the engine's combat preview, attack with a second tap."""
from __future__ import annotations

import re
import time

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.browser import CLICK_GAP

pytestmark = pytest.mark.ui

BOARD = "game-of-war-board"

# JS: a named ColumnDataSource's columns as the browser has them (null before the board has loaded)
_SOURCE = """
(name) => {
  const doc = window.Bokeh && window.Bokeh.documents[0];
  const src = doc && doc.get_model_by_name(name);
  if (!src) return null;
  const out = {};
  for (const [k, v] of src.data.entries ? src.data.entries() : Object.entries(src.data)) out[k] = Array.from(v);
  return out;
}
"""


def source(page, name: str) -> dict:
    return page.page.evaluate(_SOURCE, name)


def click_square(page, x: int, y: int) -> None:
    at = page.to_pixels(BOARD, x, y)
    assert at is not None, "board not laid out"
    page.page.mouse.click(*at)
    time.sleep(CLICK_GAP)          # a second tap within 300 ms would be a double tap


def wait_for(condition, page, seconds: float = 20):
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, "timed out"
        page.page.wait_for_timeout(50)


def turn_of(status: str) -> int:
    found = re.search(r"Turn (\d+)", status)
    assert found, status
    return int(found.group(1))


def test_move_a_unit_by_clicks_end_the_turn_and_the_cpu_plays(serve, open_page, tmp_path):
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1100)
    page.open(url + "?game=game_of_war&tab=play", board=None)
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    status = page.wait_text(".gow-status", "North to play", timeout=30)   # the CPU plays first if drawn
    assert "Moves left: 5 of 5" in status
    turn = turn_of(status)
    units = wait_for(lambda: source(page, "gow-units"), page)
    at = dict(zip(units["id"], zip(units["x"], units["y"])))
    x, y = at["N-I1"]
    click_square(page, x, y)
    page.wait_text(".game-message", "N-I1 selected")
    dests = wait_for(lambda: (d := source(page, "gow-destinations")) and d["x"] and d, page)
    to = (dests["x"][0], dests["y"][0])
    click_square(page, *to)
    page.wait_text(".gow-status", "Moves left: 4 of 5")
    page.wait_text(".last-events", "N-I1 moves")
    moved = source(page, "gow-units")
    assert dict(zip(moved["id"], zip(moved["x"], moved["y"])))["N-I1"] == to
    page.page.screenshot(path=str(tmp_path / "game-of-war-moved.png"))
    page.page.locator(".end-turn button").click()
    page.wait_text(".last-events", "North ends its turn")
    status = page.wait_text(".gow-status", f"Turn {turn + 2}", timeout=30)
    assert "North to play" in status and "Moves left: 5 of 5" in status
    events = page.text(".last-events")
    assert "South ends its turn" in events or "South wins" in events
    said = page.wait_text(".game-message", f"played turn {turn + 1}")       # not "Turn 3: South to play."
    assert said.startswith("South (CPU ")
    assert f"Your turn: turn {turn + 2}." in said or "South wins" in said
    page.page.screenshot(path=str(tmp_path / "game-of-war-cpu.png"))
    page.page.mouse.click(5, 300)                          # off the board and buttons, then Space ends the turn
    page.page.keyboard.press("Space")
    status = page.wait_text(".gow-status", f"Turn {turn + 4}", timeout=30)
    assert "North to play" in status


def test_aim_at_an_enemy_see_the_preview_then_attack(serve, open_page, tmp_path):
    from academy.games.game_of_war import GameOfWarGame
    from academy.ui.game_of_war.play import GameOfWarPlayPage
    from academy.ui.game_of_war.session import HUMAN, GameOfWarSession
    from tests.ui.test_game_of_war_session import SCENARIO

    seed = next(n for n in range(50) if (st := GameOfWarGame(deployment=SCENARIO).new_initial_state(n)).settle()
                and st.side == "north")

    def make():
        session = GameOfWarSession(cpu_delay=0.05)
        session.new_game(seats=[HUMAN, "easy"], deployment=SCENARIO, seed=seed)
        return GameOfWarPlayPage(session)

    url = serve(make)
    page = open_page(height=1100)
    page.open(url, board=BOARD)
    page.wait_text(".gow-status", "North to play")
    page.page.locator(".network-choice button", has_text="North's lines").click()
    wait_for(lambda: (n := source(page, "gow-network")) and n["x"], page)
    click_square(page, 5, 5)                                  # N-I1
    page.wait_text(".game-message", "N-I1 selected")
    click_square(page, 5, 7)                                  # S-I1: aim
    preview = page.wait_text(".combat-preview", "Attack 11 against defence 6")
    assert "destroyed" in preview and "N-C1 7 (charge: 4 + 3)" in preview
    page.page.screenshot(path=str(tmp_path / "game-of-war-preview.png"))
    click_square(page, 5, 7)                                  # the second tap attacks
    events = page.wait_text(".last-events", "destroyed")
    assert "attack 11 against defence 6" in events            # the why, from the engine
    page.page.screenshot(path=str(tmp_path / "game-of-war-attacked.png"))
