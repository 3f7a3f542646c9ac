"""A shared Tactics game in two browser contexts, one per seat link: Red moves its tank by taps, Blue's page
shows the move without a reload, Blue cannot act while it is Red's turn; then Red ends its turn and Blue's
page says it is Blue's turn, and Blue's replay link steps through the move. A second game with fog: Blue's
board data never holds Red's units."""
from __future__ import annotations

import pytest

from academy.ui.live_session import close_shared_hubs, shared_hub
from academy.ui.shell import build_page, current_query
from academy.ui.tactics.games_form import tactics_seat_link
from tests.ui.test_browser_tactics import BOARD, source, tap, units_of, wait_for

pytestmark = pytest.mark.ui

PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def hub(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/tactics-shared.db")
    yield shared_hub()
    close_shared_hubs()


def test_a_move_in_one_browser_shows_in_the_other(serve, open_page, hub):
    game, tokens = hub.create("tactics", {"fog": False}, 5, PEOPLE)
    url = serve(lambda: build_page(current_query()))
    pages = {}
    for player in (0, 1):
        page = open_page(width=1500, height=1300)
        page.open(url + tactics_seat_link(game.game_id, tokens[player]), board=BOARD)
        pages[player] = page
    red, blue = pages[0], pages[1]
    red.wait_text(".seat-info", "Your seat: Red")
    blue.wait_text(".tactics-status", "Red to play")
    assert wait_for(lambda: units_of(blue).get("E2") == "Red", blue)
    tap(red, "E2")
    red.wait_text(".game-message", "Tank E2 selected")
    tap(red, "F2")
    red.wait_text(".game-message", "moves to F2")
    red.page.locator(".do-wait button").click()
    wait_for(lambda: units_of(blue).get("F2") == "Red" and "E2" not in units_of(blue), blue)   # no reload
    blue.wait_text(".last-events", "Tank E2 → F2")
    tap(blue, "I7")                                            # not Blue's turn: refused, nothing changes
    blue.wait_text(".game-message", "wait for your turn")
    assert game.step == 1
    red.page.locator(".end-turn button").click()
    blue.wait_text(".game-message", "Your turn")
    blue.wait_text(".tactics-status", "Blue (you) to play")
    red.wait_text(".tactics-status", "Blue to play")
    blue.page.screenshot(path="/tmp/tactics-shared.png", full_page=True)
    from academy.ui.replay import replay_link               # the seat's replay: step through what it saw
    blue.open(url + replay_link(game.game_id, tokens[1]), board=BOARD)
    blue.wait_text(".replay-counter", "Step 0 of")
    blue.page.locator(".rv-forward button").click()
    blue.wait_text(".replay-counter", "Step 1 of")
    blue.wait_text(".step-events", "Tank E2 → F2")
    assert wait_for(lambda: units_of(blue).get("F2") == "Red", blue)
    blue.page.screenshot(path="/tmp/tactics-replay.png", full_page=True)


def test_with_fog_the_other_seat_never_gets_hidden_units(serve, open_page, hub):
    game, tokens = hub.create("tactics", {"fog": True}, 5, PEOPLE)
    url = serve(lambda: build_page(current_query()))
    blue = open_page(width=1500, height=1300)
    blue.open(url + tactics_seat_link(game.game_id, tokens[1]), board=BOARD)
    blue.wait_text(".tactics-status", "fog on")
    units = wait_for(lambda: units_of(blue), blue)
    assert set(units.values()) == {"Blue"}                     # Red's units are out of sight: not in the page
    assert "hidden" in blue.text(".tactics-status")
    fog = source(blue, "tactics-fog")
    assert fog and any(f > 0 for f in fog["fill_alpha"])       # the tiles it does not see are shaded
    blue.page.screenshot(path="/tmp/tactics-shared-fog.png", full_page=True)


def test_the_games_page_creates_a_tactics_game_whose_links_open_the_seats(serve, open_page, hub):
    url = serve(lambda: build_page(current_query()))
    dash = open_page(width=1500, height=1300)
    dash.open(url + "?page=games", board=None)
    dash.page.locator(".new-tactics-game").get_by_text("New Tactics game").click()
    dash.page.locator(".tactics-fog input").check()
    dash.page.locator(".create-tactics button").click()
    dash.wait_text(".seat-links-pane", "Tactics game 1 created")
    dash.page.screenshot(path="/tmp/tactics-games-page.png", full_page=True)
    href = dash.page.locator(".tactics-games .seat-links-pane a.seat-link[data-seat='1']").get_attribute("href")
    assert "game=tactics" in href and "&seat=" in href
    game = hub.open(max(g.id for g in hub.store.list_games()))
    assert game.info.game_name == "tactics" and game.info.options["fog"] is True
    blue = open_page(width=1500, height=1300)
    blue.open(url + href, board=BOARD)
    blue.wait_text(".seat-info", "Your seat: Blue")
    blue.wait_text(".tactics-status", "fog on")
    assert set(wait_for(lambda: units_of(blue), blue).values()) == {"Blue"}


def test_a_cpu_seat_plays_on_the_server_and_the_page_follows(serve, open_page, tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/tactics-cpu.db")
    monkeypatch.setenv("ACADEMY_CPU_DELAY", "0.05")
    hub = shared_hub()
    try:
        game, tokens = hub.create("tactics", {"fog": False}, 5, [PEOPLE[0], {"kind": "cpu", "level": "easy"}])
        url = serve(lambda: build_page(current_query()))
        red = open_page(width=1500, height=1300)
        red.open(url + tactics_seat_link(game.game_id, tokens[0]), board=BOARD)
        red.wait_text(".tactics-status", "Red (you) to play")
        before = {t for t, army in units_of(red).items() if army == "Blue"}
        red.page.locator(".end-turn button").click()
        red.wait_text(".tactics-status", "Day 2", timeout=60)          # the CPU's turn came by itself
        red.wait_text(".tactics-status", "Red (you) to play", timeout=60)
        red.wait_text(".last-events", "Blue ends the turn")
        after = wait_for(lambda: {t for t, army in units_of(red).items() if army == "Blue"} != before, red)
        assert after
    finally:
        close_shared_hubs()
