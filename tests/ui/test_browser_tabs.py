"""Issue 13, item 1: every tab from every other tab, in every game, by clicks from the home page: the tab's
content shows at once, the address follows (``&tab=…``), reload stays on the tab and Back returns to the one
before. The walk fails on any console error."""
from __future__ import annotations

import time

import pytest

from academy.games import CATALOG
from academy.ui.shell import build_page, current_query
from tests.ui.browser import WALK_ALL

pytestmark = pytest.mark.ui

# Rules → Lessons → Play → Rules → Play → Lessons → Rules: each ordered pair of tabs once
WALK = ["lessons", "play", "rules", "play", "lessons", "rules"]


def content(game: str, tab: str) -> str:
    return {"rules": ".rules-page", "lessons": ".lesson-list",
            "play": f".{game.replace('_', '-')}-play"}[tab]


def wait_shown(page, game: str, tab: str, timeout: float = 30) -> None:
    """Wait until the tab's own content is visible (not a blank tab)."""
    page.page.locator(f".tab-{tab} {content(game, tab)}").first.wait_for(state="visible", timeout=timeout * 1000)


def wait_address(page, tab: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while f"tab={tab}" not in page.page.url:
        assert time.monotonic() < deadline, f"the address stayed {page.page.url!r} after opening {tab}"
        page.page.wait_for_timeout(50)


def click_tab(page, tab: str) -> None:
    page.page.locator(".game-tabs .bk-tab", has_text=tab.capitalize()).first.click()


#: the tabs are the shell's, one piece of code for every game: two games every run, all five with ACADEMY_WALK_ALL=1
TAB_GAMES = [e.name for e in CATALOG if WALK_ALL or e.name in ("conquest", "fronts")]


@pytest.mark.parametrize("game", TAB_GAMES)
def test_every_tab_from_every_other_tab_by_clicks(serve, open_page, game):
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url, board=None)
    page.wait_text(".game-cards", "Fronts")
    page.page.locator(f'.game-card[data-game="{game}"] a', has_text="Rules").click()
    wait_shown(page, game, "rules")
    reloaded = False
    for tab in WALK:
        click_tab(page, tab)
        wait_shown(page, game, tab)
        wait_address(page, tab)
        if tab == "lessons" and not reloaded:
            reloaded = True
            page.page.reload()                      # reload lands on the same tab
            wait_shown(page, game, "lessons")
    ready = "window.__academyBackForward === true"      # the page follows Back and Forward once it has loaded
    page.page.wait_for_function(ready)
    page.page.go_back()                             # Back: the tab before (Lessons)
    wait_shown(page, game, "lessons")
    wait_address(page, "lessons")
    page.page.wait_for_function(ready)
    page.page.go_forward()
    wait_shown(page, game, "rules")
    assert not page.errors, f"console errors: {page.errors[:5]}"


def wait_url(page, part: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while part not in page.page.url:
        assert time.monotonic() < deadline, f"the address stayed {page.page.url!r}; expected {part!r} in it"
        page.page.wait_for_timeout(50)


def test_the_address_follows_the_lesson_and_the_exercise_and_a_reload_lands_there(serve, open_page):
    """Issue 20, item 4: a lesson and an exercise opened by clicks update the address bar (a link to copy),
    and a reload opens the same exercise."""
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url, board=None)
    page.page.locator('.game-card[data-game="conquest"] a', has_text="Rules").click()
    wait_shown(page, "conquest", "rules")
    click_tab(page, "lessons")
    wait_shown(page, "conquest", "lessons")
    page.page.locator(".tab-lessons .lesson-row", has_text="Attacking").locator(".open-lesson button").first.click()
    wait_url(page, "lesson=attacking")
    page.page.locator(".tab-lessons .exercise-tab button", has_text="Exercise 2").click()
    wait_url(page, "exercise=who-can-attack")
    page.page.reload()
    page.wait_text(".exercise-prompt", "Exercise 2 of", shown=True)
    page.page.locator(".tab-lessons .exercise-tab button", has_text="Exercise 1").click()
    deadline = time.monotonic() + 10
    while "exercise=who-can-attack" in page.page.url:     # the first exercise: the lesson's own link
        assert time.monotonic() < deadline, page.page.url
        page.page.wait_for_timeout(50)
    # the Play tab's address is the Play tab's own (a newcomer's walk found the lesson still in it); back on
    # Lessons, the lesson open there is in the address again
    page.wait_text(".exercise-prompt", "Exercise 1 of", shown=True)
    page.page.locator(".tab-lessons .exercise-tab button", has_text="Exercise 2").click()
    wait_url(page, "exercise=who-can-attack")
    click_tab(page, "play")
    wait_url(page, "tab=play")
    assert "lesson=" not in page.page.url and "exercise=" not in page.page.url, page.page.url
    click_tab(page, "lessons")
    wait_url(page, "lesson=attacking&exercise=who-can-attack")
    page.wait_text(".exercise-prompt", "Exercise 2 of", shown=True)
    assert not page.errors, f"console errors: {page.errors[:5]}"
