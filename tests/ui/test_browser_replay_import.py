"""The import page by clicks (issue 14: one replay page per game, reached from a record file): from the home page to
the Games page, "Replay a saved record (JSON)", a Diplomacy record opens on Diplomacy's replay page (its map and its
step bar: forward shows the next phase), and "Import another record" opens a Fronts record on Fronts' replay page
(forward draws the first turn's orders)."""
from __future__ import annotations

import json

import pytest

from academy.games import REGISTRY
from academy.games.diplomacy.bots import make_bot, play_orders
from academy.store.live import LiveHub
from academy.ui.live_session import close_shared_hubs, shared_hub
from academy.ui.shell import build_page, current_query
from tests.ui.browser import CLICK_GAP

pytestmark = pytest.mark.ui

CPUS = [{"kind": "cpu", "level": "easy"}, {"kind": "cpu", "level": "easy"}]


@pytest.fixture
def record_files(tmp_path, monkeypatch):
    """A Diplomacy record of two resolved phases and a finished Fronts game's record, as files; the served pages'
    database (the Games page lists its games)."""
    state = REGISTRY["diplomacy"]().new_initial_state(seed=1)
    play_orders(state, {p: make_bot("easy", p) for p in range(7)}, 2)
    diplomacy = tmp_path / "diplomacy.json"
    diplomacy.write_text(json.dumps(state.record.to_json()))
    with LiveHub(f"sqlite:///{tmp_path}/fronts.db", synchronous=True) as hub:
        game, _ = hub.create("fronts", {"map": "duel", "players": 2, "turns": 2}, 3, CPUS)
        assert game.status == "finished"
        fronts = tmp_path / "fronts.json"
        fronts.write_text(json.dumps(game.record_copy().to_json()))
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/games.db")
    shared_hub()
    yield diplomacy, fronts
    close_shared_hubs()


def test_record_files_open_on_their_games_replay_pages(serve, open_page, record_files):
    diplomacy, fronts = record_files
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1300)
    page.open(url, board=None)
    page.page.locator(".games-header-link a").first.click()
    page.page.locator("a.import-link").click()                      # "Replay a saved record (JSON)"
    page.wait_text(".replay-head", "Replay a game record")

    page.page.locator(".import-first input").set_input_files(str(diplomacy))
    page.wait_text(".replay-head", "Replay: Diplomacy")
    page.wait_text(".replay-head", "imported record (diplomacy.json)")
    page.wait_text(".replay-counter", "Spring 1901 movement: the start of the game (frame 1 of 3).")
    page.wait_board("diplomacy-board")
    page.page.locator(".rv-forward button").click()
    page.wait_text(".replay-counter", "Fall 1901 movement: after 1 resolved phase (frame 2 of 3).")
    page.wait_text(".phase-results", "Spring 1901 movement")          # the results of the phase just resolved

    with page.page.expect_navigation():
        page.page.locator(".replay-head a", has_text="Import another record").click()
    page.wait_text(".replay-head", "Replay a game record")         # the import page again
    page.page.locator(".import-first input").set_input_files(str(fronts))
    page.wait_text(".replay-head", "Replay: Fronts")
    page.wait_text(".replay-counter", "Turn 1: the start of the game")
    page.wait_board("fronts-board")
    page.page.wait_for_timeout(int(CLICK_GAP * 1000))
    page.page.locator(".rv-forward button").click()
    page.wait_text(".replay-counter", "Turn 1: the orders")
    page.wait_text(".turn-pane", "Orders given")
    assert not page.errors, page.errors[:5]
