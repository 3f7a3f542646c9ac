"""A shared game's addresses (issue 14, "one piece of code for one idea"): one pair of functions builds the
spectator's and a seat's link for every game; each game's form keeps its own name for them."""
from __future__ import annotations

from academy.ui.conquest.games_form import seat_link as conquest_seat_link
from academy.ui.conquest.games_form import watch_link as conquest_watch_link
from academy.ui.diplomacy.games_form import diplomacy_seat_link
from academy.ui.fronts.games_form import fronts_watch_link
from academy.ui.game_of_war.games_form import gow_seat_link
from academy.ui.games_forms import seat_link, watch_link
from academy.ui.tactics.games_form import tactics_seat_link


def test_a_seat_link_is_the_watch_link_with_the_seats_token_escaped():
    assert watch_link("fronts", 7) == "?game=fronts&tab=play&match=7" == fronts_watch_link(7)
    assert seat_link("tactics", 3, "a/b c") == "?game=tactics&tab=play&match=3&seat=a%2Fb%20c"
    assert tactics_seat_link(3, "a/b c") == seat_link("tactics", 3, "a/b c")
    assert conquest_watch_link(2) == "?game=conquest&tab=play&match=2"
    assert conquest_seat_link(2, "t") == "?game=conquest&tab=play&match=2&seat=t"
    assert diplomacy_seat_link(1, "t").startswith("?game=diplomacy&") and gow_seat_link(1, "t").startswith(
        "?game=game_of_war&")
