"""One rule for where the app's links open (``address.link_html``): in the same tab, as a person expects;
in a new tab only where following the link here would lose what the page holds, and then the link says so.
A walk found the Games page's "play Red", "play Blue" and "watch" opening new tabs without a word, while a
game page's "Replay" opened in its own tab."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from academy.store.live import LiveHub
from academy.ui.address import NEW_TAB_NOTE, link_html

UI = Path(__file__).resolve().parents[2] / "academy" / "ui"
ANCHOR = re.compile(r"<a\b[^>]*>.*?</a>", re.S)


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/links.db", synchronous=True) as h:
        yield h


def new_tab_links_say_so(page_html: str) -> list[str]:
    """The links of ``page_html`` that open a new tab without saying so."""
    return [a for a in ANCHOR.findall(page_html) if "_blank" in a and NEW_TAB_NOTE not in a]


def test_a_link_opens_here_unless_told_and_then_says_so():
    here = link_html("?match=3&replay=1", "Replay", "replay-link")
    assert here == "<a href='?match=3&replay=1' class='replay-link'>Replay</a>"
    assert link_html("?q='><b>", "x") == "<a href='?q=&#x27;&gt;&lt;b&gt;'>x</a>"      # no way out of the quotes
    there = link_html("?a=1", "play Red", "seat-link", new_tab=True, attrs="data-seat='0'")
    assert "target='_blank'" in there and "rel='noopener'" in there and NEW_TAB_NOTE in there
    assert "data-seat='0'" in there


def test_only_the_one_helper_writes_a_new_tab_link():
    found = sorted(str(p.relative_to(UI)) for p in UI.rglob("*.py")
                   if re.search(r"target=\W{0,2}_blank", p.read_text()) and p.name != "address.py")
    assert found == [], f"new-tab links written by hand (use address.link_html): {found}"


def test_the_games_page_links_a_new_games_seats_in_new_tabs_that_say_so_and_its_list_in_this_tab(hub):
    from academy.ui.conquest.games_form import ConquestGamesForm
    form = ConquestGamesForm(hub)
    form.seats[1].value = "open"
    game_id, _ = form.create(seed=3)
    links = ANCHOR.findall(form.links.object)
    assert len(links) == 2 + 1                                   # play Red, play Blue, watch
    assert all("_blank" in a and NEW_TAB_NOTE in a for a in links), links
    rows = ANCHOR.findall(form.table.object)
    assert {"Watch", "Replay", "Join as Red"} <= {re.sub("<[^>]+>", "", a) for a in rows}
    assert not [a for a in rows if "_blank" in a], rows           # the list: the same tab, as a game's Replay
    form.join_seat.value = (game_id, 1)
    assert form.join()
    assert not new_tab_links_say_so(form.join_result.object) and "_blank" not in form.join_result.object


def test_a_rule_s_link_inside_a_game_says_it_opens_a_new_tab():
    from academy.rulebook import load_rulebook
    from academy.ui.rules_page import render_rulebook
    page = render_rulebook(load_rulebook("fronts"), compact=True)
    assert "?game=fronts&tab=lessons" in page
    opened = [a for a in ANCHOR.findall(page) if "_blank" in a]
    assert opened and not new_tab_links_say_so(page)
    assert "_blank" not in render_rulebook(load_rulebook("fronts"))     # the Rules page itself: the same tab
