"""The home page and the shell in headless Chromium: five games, links to each tab, honest placeholders."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui


def test_home_then_conquest_lessons_and_a_game_without_board(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url, board=None)
    cards = page.wait_text(".game-cards", "Fronts")
    for title in ("Conquest", "Diplomacy", "Tactics", "Game of War", "Fronts"):
        assert title in cards
    assert "Board on the way" not in cards            # every game has its board now (Tactics was the last)
    page.page.locator('.game-card[data-game="conquest"] a', has_text="Lessons").click()
    assert "Attacking and the dice" in page.wait_text(".lesson-list", "Attacking and the dice", timeout=30)
    page.page.goto(url + "?game=tactics&tab=rules")
    assert "Damage chart" in page.wait_text(".rules-page", "Damage")
