"""The replays of finished shared Game of War and Fronts games in a browser: open the replay link, press forward,
and see the board change (the units' data in the browser for the Game of War, the orders drawn on the map for
Fronts)."""
from __future__ import annotations

import os

import pytest

from academy.store.live import LiveHub
from academy.ui.live_session import close_shared_hubs
from academy.ui.replay import replay_link
from academy.ui.shell import build_page, current_query
from tests.ui.browser import CLICK_GAP
from tests.ui.test_browser_game_of_war import source, wait_for

pytestmark = pytest.mark.ui

CPUS = [{"kind": "cpu", "level": "easy"}, {"kind": "cpu", "level": "easy"}]


@pytest.fixture
def stored(tmp_path, monkeypatch):
    """A finished Game of War and a finished Fronts game, in the database the served pages use."""
    url = f"sqlite:///{tmp_path}/replays.db"
    with LiveHub(url, synchronous=True) as hub:
        war, _ = hub.create("game_of_war", {"max_turns": 6}, 3, CPUS)
        fronts, _ = hub.create("fronts", {"map": "duel", "players": 2, "turns": 4}, 3, CPUS)
        assert war.status == fronts.status == "finished"
        ids = {"game_of_war": (war.game_id, war.step), "fronts": (fronts.game_id, fronts.step)}
    monkeypatch.setenv("ACADEMY_DB", url)
    yield ids
    close_shared_hubs()


def positions(page, name: str = "gow-units") -> list | None:
    data = source(page, name)
    return sorted(zip(data["id"], data["x"], data["y"])) if data else None


def test_game_of_war_replay_steps_forward(serve, open_page, stored, tmp_path):
    game_id, steps = stored["game_of_war"]
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1300)
    page.open(url + replay_link(game_id), board="game-of-war-board")
    page.wait_text(".replay-counter", f"Step 0 of {steps}")
    page.wait_text(".replay-head", f"Game of War game {game_id} (finished; everything)")
    start = wait_for(lambda: positions(page), page)
    for n in (1, 2):                              # the first steps: who starts is drawn, then the first move
        page.page.locator(".rv-forward button").click()
        page.wait_text(".replay-counter", f"Step {n} of {steps}")
        page.page.wait_for_timeout(int(CLICK_GAP * 1000))
    wait_for(lambda: positions(page) != start, page)            # a unit has moved on the board
    page.wait_text(".step-events", "moves")
    wait_for(lambda: source(page, "gow-trail")["x0"], page)      # the move just replayed, drawn as an arrow
    shot = os.environ.get("ACADEMY_REPLAY_GOW_SCREENSHOT") or "/tmp/replay-gow.png"
    page.page.screenshot(path=shot, full_page=False)


def test_fronts_replay_shows_the_orders_then_the_resolution(serve, open_page, stored):
    game_id, _ = stored["fronts"]
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1300)
    page.open(url + replay_link(game_id), board="fronts-board")
    page.wait_text(".replay-counter", "Turn 1: the start of the game")
    start = wait_for(lambda: source(page, "fronts-stacks"), page)
    assert not source(page, "fronts-moves")["x0"]
    page.page.locator(".rv-forward button").click()
    page.wait_text(".replay-counter", "Turn 1: the orders")
    wait_for(lambda: source(page, "fronts-moves")["x0"], page)   # the orders, drawn as arrows
    page.wait_text(".turn-pane", "Orders given")
    page.page.wait_for_timeout(int(CLICK_GAP * 1000))
    page.page.locator(".rv-forward button").click()
    page.wait_text(".replay-counter", "Turn 1: resolved")
    wait_for(lambda: source(page, "fronts-stacks") != start, page)   # the stacks have moved
    page.wait_text(".turn-pane", "The resolution")
    page.page.screenshot(path=os.environ.get("ACADEMY_REPLAY_FRONTS_SCREENSHOT") or "/tmp/replay-fronts.png")
