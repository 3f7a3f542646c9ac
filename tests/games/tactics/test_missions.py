"""Campaign missions: tactics.md "Winning and losing" (missions add their own objectives) and
"Weather (campaign missions)" (rain and snow)."""
from __future__ import annotations

import pytest

from academy.core.conformance import check_replay, random_playout
from academy.games import REGISTRY
from academy.games.tactics.actions import Wait
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.missions import MISSIONS

from .helpers import act, position, refused


def test_missions_set_map_and_weather() -> None:
    """Weather: one mission has rain and one snow; skirmish is clear."""
    weathers = {TacticsGame(mission=m).options["weather"] for m in MISSIONS}
    assert {"rain", "snow", "clear"} <= weathers and TacticsGame().options["weather"] == "clear"
    assert TacticsGame(mission="snowbound_ridge").options["map"] == "airfield_ridge"


def test_mission_capture_by_a_deadline() -> None:
    """Winning and losing (missions): capturing the objective wins; missing the deadline loses."""
    s = position("river_crossing day 2 red | red 0: infantry J3 | blue 0: infantry A10 | capture: J3 10",
                 mission="rain_on_the_river")
    act(s, "infantry J3 capture")
    assert s.winner() == 0
    s = position("river_crossing day 9 blue | red 0: infantry A1 | blue 0: infantry A10",
                 mission="rain_on_the_river")
    act(s, "end turn")
    assert s.is_terminal() and s.winner() == 1


def test_mission_hold_ground() -> None:
    """Winning and losing (missions): holding the city until the last day wins; losing it loses."""
    s = position("airfield_ridge day 8 blue | red 0: infantry D4 | blue 0: infantry N10",
                 mission="snowbound_ridge")
    act(s, "end turn")
    assert s.winner() == 0
    s = position("airfield_ridge day 3 blue | red 0: infantry A1 | blue 0: infantry D4 | capture: D4 5",
                 mission="snowbound_ridge")
    act(s, "infantry D4 capture")
    assert s.winner() == 1


def test_mission_destroy_a_target() -> None:
    """Winning and losing (missions): destroying the target unit wins."""
    s = position("twin_harbors day 2 red | red 0: battleship E11 | blue 0: lander D10 hp1, infantry P11",
                 mission="harbor_strike")
    act(s, "battleship E11 attack D10")
    assert s.winner() == 0


def test_snow_slows_ground_units() -> None:
    """Weather: snow makes plains, forest and mountain cost +1 for every ground unit."""
    s = position("airfield_ridge day 1 red | red 0: infantry E1 | blue 0: infantry N10", mission="snowbound_ridge")
    assert refused(s, Wait("E1", "E4")) == "too_far"     # plains 2 + plains 2 in snow
    act(s, "infantry E1 -> E2 wait")


@pytest.mark.parametrize("name", sorted(MISSIONS))
def test_missions_play_out(name: str) -> None:
    """Every mission plays seeded random games that replay exactly."""
    state = random_playout(TacticsGame(mission=name), seed=4, max_steps=300, check_every=30)
    check_replay(state, REGISTRY)
