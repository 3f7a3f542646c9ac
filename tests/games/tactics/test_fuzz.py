"""Bad input: fuzzed actions are refused with a reason and change nothing (ARCHITECTURE.md, "Errors");
legal-move counts of the starting positions (perft-style, a regression guard)."""
from __future__ import annotations

import random

import pytest

from academy.games.tactics.actions import (ActivatePower, Attack, Build, Capture, EndTurn, Load, Luck, Supply,
                                           Unload, Wait)
from academy.games.tactics.game import TacticsGame

from .helpers import refused

JUNK = ["A1", "B2", "C3", "J10", "Z9", "A0", "", "nowhere", 5, None, -1, "b3", "E2 ", "R14"]


def junk_actions(rnd: random.Random) -> list[object]:
    pick = lambda: rnd.choice(JUNK)  # noqa: E731
    return [Wait(pick(), pick()), Attack(pick(), pick(), pick()), Capture(pick(), pick()), Load(pick(), pick()),
            Supply(pick(), pick()), Unload(pick(), pick(), ((rnd.choice([0, 1, 7, -1, "x"]), pick()),)),
            Unload(pick(), pick(), ((0,),)), Unload(pick(), pick(), ()), Unload("D2", "D2", "junk"),
            Build(rnd.choice(["tank", "Tank", "fighter", "", 3]), pick()),
            ActivatePower(rnd.choice(["power", "super", "ultra", 1])), Luck(3, 4)]


@pytest.mark.parametrize("map_id", ["river_crossing", "twin_harbors"])
def test_fuzzed_actions_are_refused_cleanly(map_id: str) -> None:
    """Bad input: every nonsense action raises IllegalAction with a reason; the state is unchanged."""
    rnd = random.Random(7)
    state = TacticsGame(map=map_id, commanders=["vanguard", None]).new_initial_state(seed=1)
    legal = state.legal_actions()
    tried = 0
    for _ in range(60):
        for action in junk_actions(rnd):
            if action not in legal:
                assert refused(state, action)
                tried += 1
    assert tried > 500


def test_a_chance_node_refuses_decisions() -> None:
    """Luck: while an attack waits for its roll, only a luck outcome is accepted."""
    from .helpers import position
    s = position("river_crossing day 1 red | red 0: tank G4 | blue 0: tank G5", luck=True)
    s.apply(Attack("G4", "G4", "G5"))
    assert refused(s, EndTurn()) == "not_an_outcome"
    assert refused(s, Luck(10, 0)) == "not_an_outcome"


@pytest.mark.parametrize("map_id, count", [("river_crossing", 77), ("airfield_ridge", 102), ("twin_harbors", 156)])
def test_starting_positions_legal_action_count(map_id: str, count: int) -> None:
    """Turns and days (perft-style): the number of legal decisions at the start of each skirmish map."""
    assert len(TacticsGame(map=map_id).new_initial_state(seed=0).legal_actions()) == count


@pytest.mark.parametrize("drops", ["junk", ((0,),), ((0, "D3", "x"),), (("a", "D3"),), ((0, "D3"), (0, "E2")),
                                   None, ((0, "D2"),), ((5, "D3"),), ((0, "Z99"),)])
def test_malformed_unloads_are_refused(drops: object) -> None:
    """Transports / bad input: malformed drops are refused with a reason, never a crash."""
    from .helpers import position
    s = position("river_crossing day 1 red | red 0: apc D2 [infantry] | blue 0: infantry G8")
    assert refused(s, Unload("D2", "D2", drops)) in ("bad_cargo", "bad_drop", "bad_tile")  # type: ignore[arg-type]
