"""Free deployment in headless Chromium: start a free-deployment game against the CPU, pick a unit type in
the palette, place units by clicks on one's own half (a click on a placed unit takes it back), let "Place
the rest for me" finish, press Done and see play start with both armies revealed."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_game_of_war import BOARD, click_square, source, wait_for

pytestmark = pytest.mark.ui


def test_free_deployment_against_the_cpu_by_clicks(serve, open_page, tmp_path):
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1200)
    page.open(url + "?game=game_of_war&tab=play", board=None)
    page.page.locator(".deployment-choice select").select_option(
        label="Free deployment (each side places its army, hidden)")
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    page.wait_text(".gow-status", "deploy your army", timeout=30)
    page.wait_text(".gow-status", "0 placed, 17 to go")
    shaded = wait_for(lambda: (d := source(page, "gow-deploy")) and d["x"] and d, page)
    assert all(y < 10 for y in shaded["y"])                       # North's half, from the engine
    assert source(page, "gow-units")["id"] == []

    page.page.locator(".deploy-palette button", has_text="Cavalry").click()
    page.wait_text(".game-message", "Tap a highlighted square")
    click_square(page, 10, 7)
    page.wait_text(".gow-status", "1 placed, 16 to go")
    click_square(page, 11, 7)
    page.wait_text(".gow-status", "2 placed, 15 to go")
    assert "Cavalry (2)" in page.text(".deploy-palette")
    units = source(page, "gow-units")
    assert sorted(zip(units["x"], units["y"])) == [(10, 7), (11, 7)] and set(units["side"]) == {"north"}
    click_square(page, 11, 7)                                     # a click on a placed unit takes it back
    page.wait_text(".game-message", "taken back")
    page.wait_text(".gow-status", "1 placed, 16 to go")
    click_square(page, 12, 15)                                    # South's half: the engine refuses
    page.wait_text(".game-message", "not in North's half")
    page.page.locator(".deploy-palette button", has_text="Infantry").click()
    page.wait_text(".game-message", "to place infantry")
    click_square(page, 12, 8)
    page.wait_text(".gow-status", "2 placed, 15 to go")
    units = source(page, "gow-units")
    assert dict(zip(zip(units["x"], units["y"]), units["letter"])) == {(10, 7): "C", (12, 8): "I"}
    page.page.screenshot(path="/tmp/gow-deploy-start.png")

    page.page.locator(".deploy-rest button").click()
    page.wait_text(".gow-status", "All 17 placed: press Done")
    units = wait_for(lambda: (u := source(page, "gow-units")) and len(u["id"]) == 17 and u, page)
    assert set(units["side"]) == {"north"} and (10, 7) in set(zip(units["x"], units["y"]))
    page.page.screenshot(path="/tmp/gow-deploy.png")
    page.page.screenshot(path=str(tmp_path / "game-of-war-deploy.png"))

    page.page.locator(".deploy-done button").click()
    page.wait_text(".last-events", "Both armies are deployed", timeout=30)
    status = page.wait_text(".gow-status", "North to play", timeout=30)   # the CPU plays first if drawn
    assert "Moves left: 5 of 5" in status
    units = wait_for(lambda: (u := source(page, "gow-units")) and len(u["id"]) >= 33 and u, page)
    assert set(units["side"]) == {"north", "south"}
    assert source(page, "gow-deploy")["x"] == []
    page.page.screenshot(path="/tmp/gow-deploy-play.png")


def test_hot_seat_deployment_covers_the_screen_between_the_two_armies(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1200)
    page.open(url + "?game=game_of_war&tab=play", board=None)
    page.page.locator(".side-choice select").select_option(label="Both (two people, one screen)")
    page.page.locator(".deployment-choice select").select_option(
        label="Free deployment (each side places its army, hidden)")
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    page.wait_text(".gow-status", "North : deploy your army", timeout=30)
    click_square(page, 4, 5)
    page.wait_text(".gow-status", "1 placed, 16 to go")
    page.page.locator(".deploy-rest button").click()
    page.wait_text(".gow-status", "All 17 placed")
    page.page.locator(".deploy-done button").click()
    page.wait_text(".deploy-cover", "Pass the screen to South")
    assert source(page, "gow-units")["id"] == []                 # nothing of North's reaches the page
    page.page.screenshot(path="/tmp/gow-deploy-cover.png")
    page.page.locator(".cover-ready button").click()
    page.wait_text(".gow-status", "South : deploy your army")
    page.wait_board(BOARD)
    shaded = wait_for(lambda: (d := source(page, "gow-deploy")) and d["x"] and d, page)
    assert all(y >= 10 for y in shaded["y"])
    click_square(page, 4, 14)
    page.wait_text(".gow-status", "1 placed, 16 to go")
    units = source(page, "gow-units")
    assert units["side"] == ["south"] and (units["x"], units["y"]) == ([4], [14])
    page.page.locator(".deploy-rest button").click()
    page.page.locator(".deploy-done button").click()
    page.wait_text(".last-events", "Both armies are deployed", timeout=30)
    page.wait_text(".gow-status", "to play")
    units = wait_for(lambda: (u := source(page, "gow-units")) and len(u["id"]) == 34 and u, page)
    assert set(units["side"]) == {"north", "south"}


def test_a_cpu_north_deploys_first_and_its_army_stays_hidden(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1200)
    page.open(url + "?game=game_of_war&tab=play", board=None)
    page.page.locator(".side-choice select").select_option(label="South")
    page.page.locator(".deployment-choice select").select_option(
        label="Free deployment (each side places its army, hidden)")
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    status = page.wait_text(".gow-status", "South : deploy your army", timeout=90)   # the CPU deploys first
    assert "North is deployed" in status
    assert source(page, "gow-units")["id"] == []
    page.page.locator(".deploy-rest button").click()
    page.wait_text(".gow-status", "All 17 placed")
    page.page.locator(".deploy-done button").click()
    page.wait_text(".last-events", "Both armies are deployed", timeout=30)
    units = wait_for(lambda: (u := source(page, "gow-units")) and len(u["id"]) >= 33 and u, page)
    assert set(units["side"]) == {"north", "south"}


def test_shared_free_deployment_in_two_browsers(serve, open_page, tmp_path, monkeypatch):
    from academy.ui.game_of_war.games_form import gow_seat_link
    from academy.ui.live_session import close_shared_hubs, shared_hub

    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/gow-deploy.db")
    hub = shared_hub()
    try:
        game, tokens = hub.create("game_of_war", {"deployment": "free"}, 5,
                                  [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
        url = serve(lambda: build_page(current_query()))
        north, south = open_page(height=1200), open_page(height=1200)
        north.open(url + gow_seat_link(game.game_id, tokens[0]), board=BOARD)
        south.open(url + gow_seat_link(game.game_id, tokens[1]), board=BOARD)
        north.wait_text(".gow-status", "deploy your army")
        south.wait_text(".gow-status", "North is deploying")
        click_square(north, 6, 6)
        north.wait_text(".gow-status", "1 placed, 16 to go")
        north.page.locator(".deploy-rest button").click()
        north.wait_text(".gow-status", "All 17 placed")
        north.page.locator(".deploy-done button").click()
        south.wait_text(".gow-status", "North is deployed (hidden)")     # no reload: the live game told it
        assert source(south, "gow-units")["id"] == []                    # and never where
        north.wait_text(".gow-status", "South is deploying")
        click_square(south, 6, 13)
        south.wait_text(".gow-status", "1 placed, 16 to go")
        assert source(south, "gow-units")["side"] == ["south"]
        south.page.locator(".deploy-rest button").click()
        south.page.locator(".deploy-done button").click()
        for page in (north, south):
            page.wait_text(".gow-status", "Moves left: 5 of 5", timeout=30)
            units = wait_for(lambda p=page: (u := source(p, "gow-units")) and len(u["id"]) == 34 and u, page)
            assert set(units["side"]) == {"north", "south"}
    finally:
        close_shared_hubs()
