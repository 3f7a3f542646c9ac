"""Tactics messages in plain English: articles and plurals from the one text helper (issue 14, item 7: "one
text helper for articles and plurals ("an Infantry", "1 army", "2 armies") used by every message")."""
from __future__ import annotations

from academy.games.tactics.game import TacticsGame
from academy.games.tactics.goals import compile_goal, start_state
from academy.games.tactics.position import parse_position
from academy.ui.tactics.session import HUMAN, TacticsSession

from .helpers import act, position

RC = "river_crossing day 1 red"


def test_building_an_infantry():
    """issue 14, item 7: the event said "Red builds a Infantry at C2"."""
    s = position(f"{RC} | red 7000: infantry D3 | blue 0: infantry J10")
    [built] = [e for e in act(s, "build infantry at C2") if e.kind == "build"]
    assert built.text == "Red builds an Infantry at C2 for 1,000 funds."
    s = position(f"{RC} | red 7000: infantry D3 | blue 0: infantry J10")
    [built] = [e for e in act(s, "build tank at C2") if e.kind == "build"]
    assert built.text == "Red builds a Tank at C2 for 7,000 funds."


def test_a_goal_to_build_an_infantry_and_an_apc():
    """issue 14, item 7: the goal text said "build a Infantry and a APC"."""
    state = start_state(f"{RC} | red 7000: infantry D3 | blue 0: infantry J10")
    assert compile_goal({"built": ["infantry", "apc"]}, state).text == "build an Infantry and an APC"
    assert compile_goal({"built": "tank"}, state).text == "build a Tank"


def test_a_counterattack_of_at_most_1_health_point():
    """issue 14, item 7: the goal text said "takes more than 1 health points"."""
    state = start_state(f"{RC} | red 0: artillery E8 | blue 0: tank G8, infantry J10")
    assert compile_goal({"counter_at_most": 1}, state).text == \
        "attack so that no counterattack takes more than 1 health point"
    assert compile_goal({"counter_at_most": 20}, state).text == \
        "attack so that no counterattack takes more than 20 health points"


def test_selecting_a_unit_counts_tiles_and_enemy_units():
    """issue 14, item 7: the selection said "N tile(s) to move to ..., 1 enemy unit(s) in reach"."""
    text = "river_crossing day 2 red | red 3000: tank E2, infantry G1 | blue 0: infantry E4, tank H9"
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position(text, TacticsGame(map="river_crossing"), seed=5), [HUMAN, HUMAN])
    s.click("E2")
    n, k = len(s.destinations), len(s.targets)
    assert n > 1 and k == 1
    assert s.message == (f"Tank E2 selected: {n} tiles to move to (tap the unit again to stay), 1 enemy unit in "
                         "reach. Then choose an action.")


def test_a_transport_destroyed_with_the_1_unit_it_carried():
    """issue 14, item 7: the event said "APC G4 is destroyed and the 1 unit(s) it carried."."""
    s = position(f"{RC} | red 0: tank G3 | blue 0: apc G4 hp1 [infantry], infantry J10")
    events = act(s, "tank G3 -> G3 attack G4")
    assert [e.text for e in events if e.kind == "destroyed"] == ["APC G4 is destroyed by Tank G3's attack, with the 1 unit it carried."]
