"""Every game's Rules page on a phone (390 px wide). A newcomer's walk on a phone found Fronts' Units table cut
after "Spe" (its "Special" column: what armor, artillery and air do), one word a line. Now that table shows all
its columns; a table too wide for a phone whatever its type size (the Game of War's seven columns) scrolls
sideways in its own box. Reached as a person does: the home page, then each game's "Rules" link."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

GAMES = ("fronts", "game_of_war", "tactics", "conquest", "diplomacy")

# JS: per table of the Rules page: (first header cell, width needed, width shown, sideways scrolling of its box)
WIDTHS = """
(els) => els.map(t => [t.querySelector('th') ? t.querySelector('th').textContent : '?', t.scrollWidth,
                       t.clientWidth, getComputedStyle(t).overflowX])
"""


def test_every_rules_table_fits_a_phone(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page(has_touch=True, width=390, height=844)
    tables, units = 0, False
    for game in GAMES:
        page.open(url, board=None)
        page.page.locator(f'.game-card[data-game="{game}"] a', has_text="Rules").click()
        page.page.locator(".rules-page .rules section").first.wait_for(state="visible", timeout=30000)
        page.page.wait_for_timeout(300)
        found = page.page.locator(".rules-page .rules table")
        tables += found.count()
        for head, needed, shown, scrolls in found.evaluate_all(WIDTHS):
            assert needed <= shown + 1 or scrolls in ("auto", "scroll"), (game, head, needed, shown, scrolls)
            if game == "fronts" and head == "Unit":
                assert needed <= shown + 1, f"Fronts' Units table needs {needed} px, shown in {shown}"
                units = True
    assert tables >= 3 and units
    assert not page.errors, page.errors
