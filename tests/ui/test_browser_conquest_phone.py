"""Conquest on a phone (390×844, touch), from the home page by taps. A newcomer's walk: the first tap on an enemy
territory rolled the dice before any odds were shown (a phone has no hover); the first tap now picks the target
and shows its odds, and the Attack button (or a second tap) rolls. Fails on a browser console error
(``Page.errors``) and on a server traceback (the ``serve`` fixture)."""
from __future__ import annotations

import time
from typing import Any

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.browser import CLICK_GAP

pytestmark = pytest.mark.ui

PLAY = ".tab-play"


def wait_until(condition, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.03)


def tap(page, selector: str) -> None:
    page.page.locator(f"{selector} >> visible=true").first.tap()
    time.sleep(CLICK_GAP)


def record_play_pages(monkeypatch, made: list[Any]) -> None:
    """Keep the Conquest Play pages the shell builds (the registry looks the class up when the tab opens)."""
    import academy.ui.conquest.play as play_module
    play_cls = play_module.PlayPage

    def play(**kw: Any) -> Any:
        view = play_cls(seed=7, cpu_delay=0.05, **kw)
        made.append(view)
        return view
    monkeypatch.setattr(play_module, "PlayPage", play)


def board_in_sight(page) -> None:
    page.page.locator(f"{PLAY} .bk-events >> visible=true").first.scroll_into_view_if_needed()
    page.page.wait_for_timeout(400)


def test_a_phone_tap_on_an_enemy_shows_the_odds_and_the_attack_button_rolls(serve, open_page, monkeypatch,
                                                                            tmp_path):
    import os
    shots = os.environ.get("ACADEMY_SHOTS") or str(tmp_path)
    made: list[Any] = []
    record_play_pages(monkeypatch, made)
    url = serve(lambda: build_page(current_query()))
    page = open_page(has_touch=True, width=390, height=844)
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="conquest"] a', has_text="Play").tap()
    page.page.locator(f"{PLAY} .conquest-play").first.wait_for(state="visible", timeout=30000)
    page.page.locator(f"{PLAY} .seat-1 select").select_option(label="CPU easy")
    tap(page, f"{PLAY} .start-game button")
    wait_until(lambda: made and made[-1].session.state is not None, "the game")
    session = made[-1].session
    page.wait_board()
    wait_until(lambda: not session.thinking and session.state.to_move() == 0, "Red's turn", 120)
    state = session.state
    # Red's territory with the most enemy neighbours, and its weakest enemy neighbour
    mine = max(state.territories_of(0), key=lambda t: sum(state.owner[n] != 0 for n in state.game.map.neighbours[t]))
    if state.phase == "reinforce":
        box = page.page.locator(f"{PLAY} .armies-input input >> visible=true").first
        box.fill(str(state.reinforcements))
        box.press("Enter")
        wait_until(lambda: session.choice.armies == session.state.reinforcements, "the armies box")
        board_in_sight(page)
        page.click_territory(mine, tap=True)
        wait_until(lambda: session.state.phase == "attack", "the armies to be placed")
    assert session.state.phase == "attack" and session.state.armies[mine] >= 2
    enemy = min((n for n in sorted(state.game.map.neighbours[mine]) if state.owner[n] != 0),
                key=lambda n: state.armies[n])
    name = state.game.map.name_of

    board_in_sight(page)
    page.click_territory(mine, tap=True)
    page.wait_text(".game-message", f"{name(mine)} selected", shown=True)
    steps = len(session.state.record)
    page.click_territory(enemy, tap=True)                  # the first tap on the enemy: its odds, no roll
    message = page.wait_text(".game-message", f"{name(enemy)} targeted", shown=True)
    assert f"Press Attack (or click {name(enemy)} again) to roll." in message and "% to conquer" in message
    odds = page.wait_text(".odds-panel", "Chance to conquer", shown=True)
    assert f"{name(mine)} ({session.state.armies[mine]}) → {name(enemy)}" in odds
    assert len(session.state.record) == steps and session.target == enemy
    assert not page.page.locator(f"{PLAY} .dice-result >> visible=true").count()
    attack = page.page.locator(f"{PLAY} .attack-button button >> visible=true").first
    assert f"Attack {name(enemy)} from {name(mine)}" in attack.inner_text()
    assert attack.bounding_box()["height"] >= 30
    page.page.screenshot(path=os.path.join(shots, "conquest-phone-targeted.png"), full_page=True)
    attack.tap()                                           # the Attack button rolls
    dice = page.wait_text(".dice-result", "vs defender", shown=True)
    assert "loses" in dice and len(session.state.record) > steps
    page.page.screenshot(path=os.path.join(shots, "conquest-phone-rolled.png"), full_page=True)
    assert not page.errors, page.errors


# JS: the names layer of the board as the page draws it ({text, x, y} per territory), from the live Bokeh source
NAMES = """
() => {
  const doc = window.Bokeh && window.Bokeh.documents[0];
  const src = doc && doc.get_model_by_name('conquest-board-names');
  const ids = doc && doc.get_model_by_name('conquest-nodes');
  if (!src || !ids) return null;
  return ids.data.id.map((t, i) => [t, String(src.data.name[i]), src.data.x[i], src.data.y[i]]);
}
"""


def test_a_phone_board_names_each_territory_beside_its_own_disc(serve, open_page, tmp_path):
    """A phone walk: on the ~370 px board "Western United States" lay across Eastern United States' disc and
    "Mongolia" under Japan's. On the phone the names are short ("WUS", "Mong.") and each lies nearer its own
    disc than any other; a screenshot is kept (ACADEMY_SHOTS, else the test's folder) to look at."""
    import math
    import os

    from academy.games.conquest.mapdata import load_map
    from academy.ui.conquest.board import short_names
    url = serve(lambda: build_page(current_query()))
    page = open_page(has_touch=True, width=390, height=844)
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="conquest"] a', has_text="Play").tap()
    page.page.locator(f"{PLAY} .conquest-play").first.wait_for(state="visible", timeout=30000)
    tap(page, f"{PLAY} .start-game button")
    page.wait_board()
    board_in_sight(page)
    classic = load_map("classic")
    short = short_names({t: classic.territories[t].name for t in classic.territories})
    wait_until(lambda: (rows := page.page.evaluate(NAMES)) and rows[0][1] == short[rows[0][0]], "the short names")
    page.page.wait_for_timeout(500)
    rows = page.page.evaluate(NAMES)
    discs = {t: page.territory_point(t) for t in classic.territories}
    width = page.to_pixels("conquest-board", 1.025, 0.5)[0] - page.to_pixels("conquest-board", -0.025, 0.5)[0]
    assert width < 400, f"the board is {width:.0f} px wide: not a phone's"
    shown = 0
    for t, text, x, y in rows:
        if not text:
            continue
        shown += 1
        assert text == short[t], (t, text)
        at = page.to_pixels("conquest-board", x, y)
        nearest = min(discs, key=lambda o: math.dist(at, discs[o]))
        assert nearest == t, f"{text!r} ({t}) is drawn nearer {nearest}'s disc than its own"
    assert shown == 42
    shots = os.environ.get("ACADEMY_SHOTS") or str(tmp_path)
    page.page.screenshot(path=os.path.join(shots, "conquest-phone-names.png"))
    assert not page.errors, page.errors
