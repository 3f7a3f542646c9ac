"""The Tactics Play tab in headless Chromium: start a game against the CPU, tap a unit and a tile, see the
board change and the action buttons, aim at an enemy and read the odds, end the turn and see the CPU
play (its units move on the board)."""
from __future__ import annotations

import time

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.browser import CLICK_GAP

pytestmark = pytest.mark.ui

BOARD = "tactics-board"

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


def xy(tile: str) -> tuple[int, int]:
    return ord(tile[0]) - ord("A"), 1 - int(tile[1:])           # data y is minus the row (row 1 at 0)


def tap(page, tile: str) -> None:
    at = page.to_pixels(BOARD, *xy(tile))
    assert at is not None, "board not laid out"
    page.page.mouse.click(*at)
    time.sleep(CLICK_GAP)          # a second tap within 300 ms would be a double tap


def wait_for(condition, page, seconds: float = 30):
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, "timed out"
        page.page.wait_for_timeout(50)


def units_of(page) -> dict[str, str]:
    data = source(page, "tactics-units") or {"tile": [], "army": []}
    return dict(zip(data["tile"], data["army"]))


def test_play_against_the_cpu_by_clicks(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1500, height=1200)
    page.open(url + "?game=tactics&tab=play", board=None)
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    page.wait_text(".tactics-status", "Red to play")
    start = wait_for(lambda: (u := units_of(page)) and u, page)
    assert start.get("E2") == "Red"                  # River Crossing: Red's tank on E2
    tap(page, "E2")
    page.wait_text(".game-message", "Tank E2 selected")
    dests = wait_for(lambda: (d := source(page, "tactics-destinations")) and d["tile"] and d, page)
    assert "F2" in dests["tile"]
    tap(page, "F2")
    page.wait_text(".game-message", "moves to F2")
    page.page.locator(".do-wait button").click()
    wait_for(lambda: units_of(page).get("F2") == "Red" and "E2" not in units_of(page), page)
    page.wait_text(".last-events", "Tank E2 → F2")

    # the infantry on D3 stays where it is: tap it twice, then Wait
    tap(page, "D3")
    page.wait_text(".game-message", "Infantry D3 selected")
    page.page.screenshot(path="/tmp/tactics-selected.png")
    tap(page, "D3")
    page.wait_text(".game-message", "stays on D3")
    page.page.locator(".do-wait button").click()
    page.wait_text(".game-message", "Played: infantry D3 wait")

    before = units_of(page)
    page.page.locator(".end-turn button").click()
    page.wait_text(".tactics-status", "Day 2", timeout=60)
    page.wait_text(".tactics-status", "Red to play", timeout=60)
    page.wait_text(".last-events", "Blue ends the turn")
    after = units_of(page)
    blue_before = {t for t, a in before.items() if a == "Blue"}
    blue_after = {t for t, a in after.items() if a == "Blue"}
    assert blue_before != blue_after                 # the CPU moved or built
    page.page.screenshot(path="/tmp/tactics.png", full_page=True)


def test_the_odds_panel_shows_the_damage_range_before_an_attack(serve, open_page):
    from academy.games.tactics.game import TacticsGame
    from academy.games.tactics.position import parse_position
    from academy.ui.tactics.play import TacticsPlayPage
    from academy.ui.tactics.session import HUMAN, TacticsSession

    def app():
        s = TacticsSession(cpu_delay=0.05)
        game = TacticsGame(map="river_crossing")
        s.start_from(parse_position("river_crossing day 2 red | red 3000: tank E2, infantry G1 | "
                                    "blue 0: infantry E4, tank H9", game, seed=5), [HUMAN, "easy"])
        return TacticsPlayPage(session=s)

    url = serve(app)
    page = open_page(width=1500, height=1200)
    page.open(url, board=BOARD)
    tap(page, "E2")
    page.wait_text(".game-message", "Tank E2 selected")
    tap(page, "E4")
    odds = page.wait_text(".attack-odds", "Damage:")
    assert "45–50%" in odds and "4★" in odds and "Counter:" in odds
    page.page.screenshot(path="/tmp/tactics-odds.png", full_page=True)
    tap(page, "E4")
    why = page.wait_text(".attack-why", "Why: the last attack")
    assert "Base damage" in why and "Mountain gives 4 defence stars" in why


def test_hot_seat_with_fog_passes_the_screen(serve, open_page):
    from academy.ui.tactics.play import TacticsPlayPage
    from academy.ui.tactics.session import HUMAN, TacticsSession

    def app():
        s = TacticsSession()
        s.new_game(seats=[HUMAN, HUMAN], map_id="river_crossing", fog=True, seed=3)
        return TacticsPlayPage(session=s)

    url = serve(app)
    page = open_page(width=1500, height=1200)
    page.open(url, board=None)
    cover = page.wait_text(".pass-screen", "Pass the screen to Red")
    assert "show my board" in cover
    page.page.locator(".cover-ready button").click()
    page.wait_board(BOARD)
    page.wait_text(".tactics-status", "Red to play")
    seen_by_red = units_of(page)
    assert seen_by_red and all(army == "Red" for army in seen_by_red.values())    # fog: Blue is out of sight
    page.page.locator(".end-turn button").click()
    page.wait_text(".pass-screen", "Pass the screen to Blue")
    page.page.locator(".cover-ready button").click()
    page.wait_text(".tactics-status", "Blue to play")
    wait_for(lambda: (u := units_of(page)) and all(a == "Blue" for a in u.values()), page)


def test_drag_a_unit_onto_a_tile_and_onto_an_enemy(serve, open_page):
    """Issue 14, item 5: a real mouse drag on the grid plays as the taps would. The infantry dragged from G1
    onto G2 moves there (then Wait); the tank dragged from E2 over E3 onto the infantry on E4 aims at it
    while the button is still down (the odds in the side panel, E3 marked as the tile it moves to), and
    the release fires."""
    from academy.games.tactics.game import TacticsGame
    from academy.games.tactics.position import parse_position
    from academy.ui.tactics.play import TacticsPlayPage
    from academy.ui.tactics.session import HUMAN, TacticsSession

    def app():
        s = TacticsSession(cpu_delay=0.05)
        game = TacticsGame(map="river_crossing")
        s.start_from(parse_position("river_crossing day 2 red | red 3000: tank E2, infantry G1 | "
                                    "blue 0: infantry E4, tank H9", game, seed=5), [HUMAN, "easy"])
        return TacticsPlayPage(session=s)

    def press(tile: str) -> None:
        page.page.mouse.move(*page.to_pixels(BOARD, *xy(tile)))
        page.page.mouse.down()

    def move(tile: str) -> None:
        page.page.mouse.move(*page.to_pixels(BOARD, *xy(tile)), steps=6)

    url = serve(app)
    page = open_page(width=1500, height=1200)
    page.open(url, board=BOARD)
    press("G1")
    move("G2")
    page.wait_text(".game-message", "moves to G2")
    page.page.mouse.up()
    page.page.locator(".do-wait button").click()
    wait_for(lambda: units_of(page).get("G2") == "Red" and "G1" not in units_of(page), page)

    time.sleep(CLICK_GAP)
    press("E2")
    move("E3")
    move("E4")
    odds = page.wait_text(".attack-odds", "Damage:")
    assert "Counter:" in odds
    assert wait_for(lambda: (source(page, "tactics-destination") or {}).get("tile") == ["E3"], page)
    assert units_of(page).get("E2") == "Red"                 # nothing played while the button is down
    page.page.screenshot(path="/tmp/tactics-drag.png")
    page.page.mouse.up()
    why = page.wait_text(".attack-why", "Why: the last attack")
    assert "Base damage" in why
    wait_for(lambda: units_of(page).get("E3") == "Red" and "E2" not in units_of(page), page)
    assert not page.errors, page.errors[:3]
