"""The app shell without a browser: home page, Rules pages, honest placeholders, CLI."""
from __future__ import annotations

import subprocess
import sys

import panel as pn
import pytest

from academy.games import CATALOG
from academy.rulebook import load_rulebook
from academy.ui.rules_page import RulesPanel, render_rulebook
from academy.ui.header import header_addresses
from academy.ui.shell import build_page, home


def html_of(viewable) -> str:
    return "".join(str(getattr(o, "object", "")) for o in viewable.select())


def test_home_lists_the_five_games():
    text = html_of(home())
    for entry in CATALOG:
        assert f'data-game="{entry.name}"' in text and entry.title in text
    assert text.count("Board on the way") == sum(not e.has_board for e in CATALOG)
    assert '?game=conquest&tab=play' in text


def test_diplomacy_has_its_board_and_play_page():
    """Diplomacy has an engine and a board: its card links to Lessons and Play, and Play opens its page."""
    entry = next(e for e in CATALOG if e.name == "diplomacy")
    assert entry.has_engine and entry.has_board
    text = html_of(home())
    card = text[text.index('data-game="diplomacy"'):]
    card = card[:card.index("</div>")]
    assert "Board on the way" not in card and "tab=play" in card and "tab=lessons" in card
    page = build_page({"game": "diplomacy", "tab": "play"})
    assert any("diplomacy-play" in (o.css_classes or []) for o in page.main[0].select())


def test_game_of_war_has_its_play_and_lessons_pages():
    entry = next(e for e in CATALOG if e.name == "game_of_war")
    assert entry.has_engine and entry.has_board
    page = build_page({"game": "game_of_war", "tab": "play"})
    assert any("game-of-war-play" in (o.css_classes or []) for o in page.main[0].select())
    lessons = build_page({"game": "game_of_war", "tab": "lessons"})
    assert "Game of War lessons" in html_of(lessons.main[0])


def test_fronts_has_its_play_and_lessons_pages():
    entry = next(e for e in CATALOG if e.name == "fronts")
    assert entry.has_engine and entry.has_board
    page = build_page({"game": "fronts", "tab": "play"})
    assert any("fronts-play" in (o.css_classes or []) for o in page.main[0].select())
    lessons = build_page({"game": "fronts", "tab": "lessons"})
    assert "Fronts lessons" in html_of(lessons.main[0])


def test_a_game_without_its_board_shows_its_rules_and_says_so(monkeypatch):
    """Every game has its board now; a game added to the registry before its board gets this page."""
    import academy.games
    game = "tactics"
    monkeypatch.setattr(academy.games, "BOARDS", academy.games.BOARDS - {game})
    assert not academy.games.catalog_entry(game).has_board
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


def test_teacher_lesson_folder_and_a_broken_file_do_not_stop_the_app(tmp_path, monkeypatch):
    """`academy serve --lessons DIR`: a teacher's lessons join the built-in ones; a broken file is reported."""
    from academy.lessons.loader import LESSONS_DIR
    from academy.ui.conquest import LessonsPage
    from academy.ui.lessons_page import clear_lessons

    good = (LESSONS_DIR / "conquest" / "attacking.md").read_text()
    (tmp_path / "my-attack.md").write_text(good.replace("title: Attacking and the dice", "title: My own attack lesson"))
    (tmp_path / "broken.md").write_text("---\ntitle: Broken\ngame: conquest\nsection: nowhere\n---\ntext\n")
    monkeypatch.setenv("ACADEMY_LESSONS", str(tmp_path))
    clear_lessons()
    try:
        page = LessonsPage()
        titles = [lesson.title for lesson in page.lessons]
        assert "My own attack lesson" in titles and "Attacking and the dice" in titles
        assert len(page.errors) == 1 and page.errors[0].file.endswith("broken.md")
        assert "broken.md" in html_of(page.__panel__())
    finally:
        clear_lessons()


def test_games_page_and_links(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/games.db")
    import re

    from academy.ui.live_session import close_shared_hubs
    try:
        assert "?page=games" in html_of(home())
        page = build_page({"page": "games"})
        assert "?page=games" in header_addresses(page).values()
        dash = page.main[0]
        assert "games-dashboard" in dash.css_classes
        create = next(w for w in dash.select(pn.widgets.Button) if "create-game" in w.css_classes)
        create.clicks += 1
        links = html_of(dash)
        match = re.search(r"match=(\d+)&amp;seat=([\w-]+)", links)
        assert match, links
        shared = build_page({"game": "conquest", "tab": "play", "match": match[1], "seat": match[2]})
        assert "Your seat: Red" in html_of(shared.main[0])
        bare = build_page({"match": match[1], "seat": match[2]})     # a link without the game's name
        assert "Your seat: Red" in html_of(bare.main[0])
    finally:
        close_shared_hubs()


def test_teach_page_renders_the_guide_and_the_header_links_to_it(tmp_path, monkeypatch):
    """`?page=teach`: lessons/README.md as HTML, read when the page is built; a missing file says so."""
    from academy.lessons import LESSONS_DIR

    page = build_page({"page": "teach"})
    text = html_of(page.main[0])
    assert "Academy · Write lessons" in page.title
    assert "<h1>Writing lessons: a guide for teachers</h1>" in text
    assert "<table>" in text and "<code>rest: Blue 1</code>" in text
    assert "academy lessons check PATH" in text
    assert header_addresses(page)["Write lessons"] == "?page=teach"
    assert header_addresses(page)["Games"] == "?page=games"              # next to the existing links
    assert header_addresses(build_page({}))["Write lessons"] == "?page=teach"

    edited = tmp_path / "README.md"
    edited.write_text((LESSONS_DIR / "README.md").read_text() + "\n## Added today\n", encoding="utf-8")
    from academy.ui import shell
    monkeypatch.setattr(shell, "TEACH_GUIDE", edited)     # an edit shows on the next page build
    assert "<h2>Added today</h2>" in html_of(build_page({"page": "teach"}).main[0])

    monkeypatch.setattr(shell, "TEACH_GUIDE", tmp_path / "nowhere.md")
    missing = html_of(build_page({"page": "teach"}).main[0])
    assert "guide to writing lessons cannot be shown" in missing and "lessons/README.md" in missing


def test_a_game_cards_title_opens_its_rules():
    """A newcomer's walk: people click a card's title; it was plain text."""
    from academy.games import CATALOG
    from academy.ui.shell import _card
    for entry in CATALOG:
        assert (f'<h2><a class="game-title tap" href="?game={entry.name}&tab=rules">{entry.title}</a></h2>'
                in _card(entry))


def test_a_phone_lays_the_page_out_at_its_own_width():
    """The page says so to a phone's browser (a meta viewport); without it a phone shrinks a 980 px layout."""
    from academy.ui.shell import build_page
    assert build_page({}).meta_viewport == "width=device-width, initial-scale=1"


@pytest.mark.parametrize("game", ["conquest", "diplomacy", "fronts", "game_of_war", "tactics"])
def test_every_rules_page_says_what_its_notes_mean(game):
    """The pages' notes say "Classic rule, not in the document" and "Academy reading": a newcomer asked which
    document. Each Rules page says it once, at its top."""
    from academy.rulebook import load_rulebook
    from academy.ui.rules_page import render_rulebook
    page = render_rulebook(load_rulebook(game))
    assert "The Academy follows this game's rule document, rule by rule" in page
    assert page.index("rules-sources") < page.index("<section")
