"""The newcomer's walk (Tactics): the attack preview speaks of an attack not made yet. Before the attack,
"No counter: the Infantry would be destroyed." (it said "was destroyed"); after it, the Why box keeps "was"."""
from __future__ import annotations

from academy.games.tactics.damage import exchange
from academy.ui.tactics.panels import odds_html

from .test_tactics_session import session_at


def test_the_engine_words_a_destroyed_defender_for_a_preview_and_for_an_attack_made():
    x = exchange("tank", "infantry", defender_health=10)
    assert x.no_counter == "the Infantry was destroyed."
    assert x.no_counter_ahead == "the Infantry would be destroyed."
    assert x.why()[-1] == "No counterattack: the Infantry was destroyed."
    assert x.why(preview=True)[-1] == "No counterattack: the Infantry would be destroyed."
    other = exchange("artillery", "tank", distance=2)           # a rule, the same before and after
    assert other.no_counter_ahead == other.no_counter


def test_the_attack_preview_says_would_be_destroyed_and_no_past_tense():
    s = session_at("river_crossing day 2 red | red 3000: tank E2 | blue 0: infantry E4 hp1, tank H9")
    s.click("E2")
    s.click("E3")
    s.click("E4")                                   # the first tap previews
    assert s.preview is not None and s.last_attack is None
    html = odds_html(s.preview)
    assert "No counter: the Infantry would be destroyed." in html
    assert "No counterattack: the Infantry would be destroyed." in html
    assert "was destroyed" not in html and " were " not in html
    s.click("E4")                                   # the second fires: the Why box tells what happened
    assert "No counterattack: the Infantry was destroyed." in s.last_attack["why"]
