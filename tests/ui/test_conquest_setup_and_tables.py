"""Issue 15 (Rules, and two Play leftovers): one set-up default in the engine, both New game forms and the
Rules page; only the set-ups the player count allows, a refusal in the page's words; trade buttons whose
text wraps; the one-roll odds table over one denominator."""
from __future__ import annotations

import re

import pytest
from bokeh.document import Document

from academy.core.errors import IllegalAction
from academy.games.conquest import parse_position
from academy.games.conquest.game import DEFAULT_SETUP, ConquestGame
from academy.rulebook import load_rulebook
from academy.store.live import LiveHub
from academy.ui.conquest import PlayPage
from academy.ui.conquest.controls import WRAP_LABEL, PhaseControls
from academy.ui.conquest.games_form import ConquestGamesForm
from academy.ui.conquest.odds_panel import attack_html
from academy.ui.conquest.setup_choice import SETUP_LABELS
from academy.ui.conquest.session import ConquestSession


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/setup.db", synchronous=True) as h:
        yield h


def forms(hub):
    play = PlayPage(ConquestSession(synchronous=True, cpu_delay=0))
    games = ConquestGamesForm(hub=hub)
    games.__panel__().get_root(Document())
    return [play.form, games]


def test_one_setup_default_everywhere(hub):
    """Issue 15, Rules item 1: the Rules page said "Deal (the default)" while the Play form started on
    "Random (quick)". The engine, both forms and the Rules page now name the same default."""
    assert ConquestGame().options["setup"] == DEFAULT_SETUP
    for form in forms(hub):
        assert form.setup.value == DEFAULT_SETUP
    setup = " ".join(load_rulebook("conquest").section("setup").markdown.split())
    assert f"**{SETUP_LABELS[DEFAULT_SETUP]}** (the default)" in setup
    assert setup.count("(the default)") == 1
    for label in SETUP_LABELS.values():              # the Rules page uses the buttons' words
        assert f"**{label}**" in setup


def test_claim_is_offered_only_for_three_players_or_more(hub):
    """Issue 15, Rules item 2: "Claim in turn" was offered for 2 players and then refused."""
    for form in forms(hub):
        assert form.players.value == 2 and "Claim in turn" not in form.setup.options
        form.players.value = 3
        assert form.setup.options["Claim in turn"] == "claim"
        form.setup.value = "claim"
        form.setup.value = "deal"
        form.players.value = 4
        assert form.setup.value == "deal"                 # a choice that still works is kept
        form.setup.value = "claim"
        form.players.value = 2
        assert "Claim in turn" not in form.setup.options and form.setup.value == DEFAULT_SETUP


def test_a_claim_refusal_speaks_the_pages_words():
    """Issue 15, Rules item 2: the refusal named code ("use setup='deal' or 'random'")."""
    with pytest.raises(IllegalAction) as err:
        ConquestGame(players=2, setup="claim")
    text = str(err.value)
    assert "setup=" not in text and "'" not in text.replace("opponent's", "")
    assert "3 or more players" in text and "dealt cards" in text and "random" in text


def test_the_trade_buttons_wrap_their_label():
    """Issue 15, Play: the trade buttons' text spilled out and hid "→ N armies (+2 on X)"."""
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position("Red to move, reinforce 3 | Red: Northwest Territory 1, Eastern United States 1 "
                                "| rest: Blue 1 | Red cards: Northwest Territory, Eastern United States, Wild 1"),
                 ["human", "easy"])
    controls = PhaseControls(s)
    controls.__panel__().get_root(Document())
    buttons = [o for o in controls.trades.objects if "trade-button" in o.css_classes]
    assert len(buttons) == 2 and all("(+2 on " in b.label for b in buttons)
    assert all(WRAP_LABEL in b.stylesheets for b in buttons)
    assert "white-space: normal" in WRAP_LABEL and "height: auto" in WRAP_LABEL


@pytest.mark.parametrize(("attackers", "defenders", "dice"), [(4, 3, 3), (3, 1, 2), (2, 5, 1)])
def test_the_one_roll_table_has_one_denominator(attackers, defenders, dice):
    """Issue 15, Play: "One denominator per table" (not 1445/3888 beside 2611/7776)."""
    s = parse_position(f"Red to move, attack | Red: Ukraine {attackers} | Blue: Ural {defenders} | rest: Blue 1")
    html = attack_html(s, "ukraine", "ural", dice)
    table = html[html.index('aria-label="one-roll outcomes"'):]
    fractions = re.findall(r">(\d+)/(\d+)<", table)
    assert len(fractions) >= 2 and len({d for _, d in fractions}) == 1
    assert sum(int(n) for n, _ in fractions) == int(fractions[0][1])        # the chances add up to 1
