"""The app shell without a browser: home page, Rules pages, honest placeholders, CLI."""
from __future__ import annotations

import subprocess
import sys

import pytest

from academy.games import CATALOG
from academy.rulebook import load_rulebook
from academy.ui.rules_page import RulesPanel, render_rulebook
from academy.ui.shell import build_page, home


def html_of(viewable) -> str:
    return "".join(str(getattr(o, "object", "")) for o in viewable.select())


def test_home_lists_the_five_games():
    text = html_of(home())
    for entry in CATALOG:
        assert f'data-game="{entry.name}"' in text and entry.title in text
    assert text.count("Board on the way") == sum(not e.has_engine for e in CATALOG)
    assert '?game=conquest&tab=play' in text


@pytest.mark.parametrize("game", [e.name for e in CATALOG if not e.has_engine])
def test_games_without_engine_show_rules_and_say_so(game):
    page = build_page({"game": game})
    text = html_of(page.main[0])
    assert "the board is on the way" in text
    book = load_rulebook(game)
    assert all(f'id="{s.id}"' in text for s in book.sections)


@pytest.mark.parametrize("game", [e.name for e in CATALOG])
def test_rules_page_has_every_section_and_focus(game):
    book = load_rulebook(game)
    focus = book.sections[1].id
    text = render_rulebook(book, focus=focus)
    assert text.count("<section") == len(book.sections)
    assert f'<section id="{focus}" class="focus">' in text
    assert RulesPanel(game).__panel__().object == render_rulebook(book)


def test_unknown_game_warns_and_shows_home():
    page = build_page({"game": "chess"})
    assert "no game called chess" in html_of(page.main[0])


def test_cli_odds():
    out = subprocess.run([sys.executable, "-m", "academy.cli", "odds", "10", "3"], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("10 attacking 3: conquer 96.70%")
