"""Diplomacy messages in plain English: plurals and lists from the one text helper (issue 14, item 7: "one text
helper for articles and plurals ("an Infantry", "1 army", "2 armies") used by every message")."""
from __future__ import annotations

import pytest

from academy.core.errors import IllegalAction
from academy.games.diplomacy.game import DiplomacyGame
from academy.store.live import LiveHub
from academy.ui.diplomacy.panels import centres_html
from academy.ui.diplomacy.replay import DiplomacyReplay
from academy.ui.diplomacy.session import LocalDiplomacy

ONE_EACH = {"units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
            "supply_centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}}


def test_a_one_year_game_shared_by_two_powers():
    """issue 14, item 7: the result said "The agreed 1 year(s) are over: FRANCE, GERMANY share ..."."""
    tie = DiplomacyGame(years=1).state_from_position({"phase": "F1901M", **ONE_EACH})
    tie.resolve()
    assert tie.result["text"] == "France and Germany share the most supply centres (1) after the agreed 1 year."


def test_no_build_left_with_1_centre_and_1_unit():
    """issue 14, item 7: the refusal said "no build left (1 centres, 1 units)"."""
    state = DiplomacyGame().state_from_position({"phase": "W1901A", **ONE_EACH})
    with pytest.raises(IllegalAction) as err:
        state.submit("FRANCE", ["F BRE B"])
    assert err.value.reason == "too_many_builds"
    assert err.value.message == ("France's order 'F BRE B' is refused: France has no build left (1 centre, 1 unit). "
                                 "France has nothing to adjust.")


def test_the_centres_table_says_1_centre_and_1_unit():
    """issue 14, item 7: the supply-centre table said "1 centres" and "1 units"."""
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], state=DiplomacyGame().state_from_position({"phase": "S1901M", **ONE_EACH}))
    html = centres_html(s)
    assert "France</td><td>1 centre</td><td>1 unit</td></tr>" in html
    assert "Austria</td><td>0 centres</td><td>0 units</td></tr>" in html


def test_a_replay_after_1_resolved_phase(tmp_path):
    """issue 14, item 7: the replay counter said "after 1 resolved phase(s)"."""
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "cpu", "level": "easy"}] * 6
    with LiveHub(f"sqlite:///{tmp_path}/replay.db", synchronous=True) as hub:
        game, tokens = hub.create("diplomacy", {}, 5, seats)
        game.submit(tokens[0], ["A VIE - GAL"])                                 # Spring 1901 resolves
        replay = DiplomacyReplay(game.record_copy(), viewer=0)
        assert replay.counter_text() == "Spring 1901 movement: the start of the game (frame 1 of 2)."
        replay.forward()
        assert replay.counter_text() == "Fall 1901 movement: after 1 resolved phase (frame 2 of 2)."


def test_a_power_with_1_build_may_give_1_adjustment_order():
    """issue 14, item 7: the message said "FRANCE may give 1 adjustment order(s) this phase"."""
    state = DiplomacyGame().state_from_position({"phase": "W1901A", "units": {"FRANCE": ["A SPA", "A POR"]},
                                                 "supply_centers": {"FRANCE": ["PAR", "MAR", "SPA"]}})
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], state=state)
    assert s.order_limit == 1
    s.click("PAR")
    assert s.pending == {"PAR": "A PAR B"}
    s.click("MAR")
    s.choose("A MAR B")
    assert s.message == "France may give 1 adjustment order this phase: remove one before adding another."
