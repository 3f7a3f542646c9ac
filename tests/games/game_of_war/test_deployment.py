"""Deployment before play (Debord's rules, as the issue asks; game-of-war.md is silent): free placement in
one's own half, one unit per square, hidden from the other side until both are done; the standard opening;
a scenario. Then the draw for who starts (game-of-war.md, Goal)."""
from __future__ import annotations

import json

import pytest

from academy.core.conformance import check_replay, random_playout
from academy.core.errors import IllegalAction
from academy.core.protocol import NodeKind
from academy.games import REGISTRY
from academy.games.game_of_war import Deploy, EndTurn, GameOfWarGame, Move, deployment
from academy.games.game_of_war.rules import ARMY


def refused(state, action, reason):
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.reason == reason, str(err.value)
    assert state.to_json() == before


def deploy_all(state, player):
    """Place ``player``'s army on the first free squares of its half, row by row."""
    for t, n in ARMY.items():
        for _ in range(n):
            state.apply(next(a for a in state.legal_actions() if a.unit_type == t))


def test_free_deployment_places_17_units_in_each_half_north_first():
    state = GameOfWarGame(deployment="free").new_initial_state(seed=1)
    assert (state.phase, state.to_move(), len(state.position.units)) == ("deploy", 0, 0)
    assert len(state.legal_actions()) == 6 * (250 - 9)     # 6 types × rows 1..10 less the 9 mountains
    events = state.apply(Deploy("cavalry", (3, 4)))
    assert events[0].data["unit"] == "N-C1" and state.position.unit("N-C1").at == (3, 4)
    refused(state, Deploy("infantry", (3, 4)), "occupied")
    refused(state, Deploy("infantry", (3, 12)), "not_your_half")
    refused(state, Deploy("infantry", (9, 2)), "mountain")
    refused(state, Deploy("infantry", (30, 2)), "off_board")
    refused(state, Deploy("nowhere", (4, 4)), "unknown_unit_type")
    refused(state, Move("N-C1", (3, 5)), "deploy_first")
    refused(state, EndTurn(), "deploy_first")
    for _ in range(3):
        state.apply(Deploy("cavalry", next(a.at for a in state.legal_actions())))
    refused(state, Deploy("cavalry", (20, 5)), "none_left")
    assert {a.unit_type for a in state.legal_actions()} == {"infantry", "cannon", "swift_cannon", "relay",
                                                           "swift_relay"}


def test_free_deployment_is_hidden_until_both_are_done():
    """Debord: each side places its units without seeing the other's placement."""
    state = GameOfWarGame(deployment="free").new_initial_state(seed=1)
    deploy_all(state, 0)
    assert state.to_move() == 1 and state.phase == "deploy"
    south_view = state.observation(1)
    assert south_view["position"]["units"] == [] and south_view["enemy_placed"] == 17
    assert state.observation(None)["position"]["units"] == []
    assert len(state.observation(0)["position"]["units"]) == 17
    state.apply(Deploy("relay", (5, 15)))
    assert [u["id"] for u in state.observation(1)["position"]["units"]] == ["S-R1"]
    assert "S-R1" not in json.dumps(state.observation(0))
    assert state.observation(1)["unplaced"]["infantry"] == 9
    deploy_all_rest(state)
    assert state.node_kind() is NodeKind.CHANCE
    assert len(state.observation(0)["position"]["units"]) == 34 == len(state.observation(None)["position"]["units"])
    state.settle()
    assert state.phase == "play" and state.turn == 1


def deploy_all_rest(state):
    while state.phase == "deploy":
        state.apply(state.legal_actions()[0])


def test_free_deployment_random_playouts_conform():
    game = GameOfWarGame(deployment="free")
    state = random_playout(game, seed=4, max_steps=200, check_every=3)
    check_replay(state, REGISTRY)
    assert sum(1 for e in state.record.entries if isinstance(e.action, Deploy)) == 34


def test_the_standard_opening_and_the_other_openings_of_the_map():
    assert GameOfWarGame().start_position() == deployment("academy_default")
    assert GameOfWarGame(deployment="open_source_default").start_position() == deployment("open_source_default")


def test_a_scenario_position_is_an_option_and_survives_the_record():
    scenario = {"arsenals": {"north": [[12, 0]], "south": [[12, 19]]},
                "units": [{"id": "N1", "side": "north", "type": "infantry", "at": [12, 8]},
                          {"id": "S1", "side": "south", "type": "cavalry", "at": [12, 11]}]}
    game = GameOfWarGame(deployment=scenario, max_turns=10)
    state = random_playout(game, seed=2, max_steps=60, check_every=1)
    check_replay(state, REGISTRY)
    assert state.game.options["deployment"]["units"][0]["id"] == "N1"
