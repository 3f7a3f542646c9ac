"""Conformance over the registry: every registered game passes the engine-protocol checks
(ARCHITECTURE.md, "Tests": playouts, legality, JSON round-trips, replay, illegal actions)."""
from __future__ import annotations

import json

import pytest

from academy.core.conformance import check_replay, check_view_states, random_playout
from academy.core.protocol import NodeKind
from academy.core.record import Record
from academy.games import CATALOG, REGISTRY

GAMES = sorted(REGISTRY)
#: games without any chance (no dice, no cards): Diplomacy
NO_CHANCE = {"diplomacy"}
#: games whose chance comes later and that start at a decision: Tactics (the luck rolls of attacks),
#: Fronts (battle winners, drawn in resolve() with the record's generator for that step)
LATER_CHANCE = {"tactics", "fronts"}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout_is_legal_and_round_trips(name, seed):
    game = REGISTRY[name](players=REGISTRY[name].max_players if seed == 2 else REGISTRY[name].min_players)
    state = random_playout(game, seed=seed, max_steps=1500, check_every=7)
    check_replay(state, REGISTRY)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name):
    a = random_playout(REGISTRY[name](), seed=11, max_steps=400, check_every=1000)
    b = random_playout(REGISTRY[name](), seed=11, max_steps=400, check_every=1000)
    assert a.record.to_json() == b.record.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_chance_distributions_are_exact(name):
    """Games that start with chance list an exact distribution; games without chance list none."""
    state = REGISTRY[name]().new_initial_state(seed=4)
    if name in NO_CHANCE | LATER_CHANCE:
        assert state.node_kind() is not NodeKind.CHANCE and state.chance_outcomes() == []
        return
    assert state.node_kind() is NodeKind.CHANCE
    assert sum(p for _, p in state.chance_outcomes()) == 1


@pytest.mark.parametrize("name", GAMES)
def test_undo_and_redo_give_the_same_dice(name):
    """The record's generator draws per step: undoing and repeating an action repeats its chance."""
    state = random_playout(REGISTRY[name](), seed=5, max_steps=300, check_every=1000)
    state.settle()
    last = state.record.last_decision_index()
    assert last is not None
    action = state.record.entries[last].action
    before = state.record.replay(upto=last)
    before.play(action)
    assert before.to_json() == state.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_record_json_has_schema_and_version(name):
    state = random_playout(REGISTRY[name](), seed=3, max_steps=100, check_every=1000)
    data = json.loads(json.dumps(state.record.to_json()))
    assert data["schema"] == "academy.record" and data["version"] == 1
    with pytest.raises(ValueError):
        Record.from_json({**data, "version": 99}, REGISTRY)
    with pytest.raises(ValueError):
        state.game.state_from_json({**state.to_json(), "schema": "nope"})


def test_catalog_lists_the_five_games():
    assert [e.name for e in CATALOG] == ["conquest", "diplomacy", "tactics", "game_of_war", "fronts"]
    assert all(e.has_engine == (e.name in REGISTRY) for e in CATALOG)


@pytest.mark.parametrize("name", [n for n in GAMES if REGISTRY[n]().new_initial_state().node_kind()
                                  is NodeKind.SIMULTANEOUS])
def test_simultaneous_playouts_submit_from_options_then_resolve(name):
    """At a SIMULTANEOUS node each player to act submits (recorded as that player), then one resolve."""
    state = random_playout(REGISTRY[name](), seed=6, max_steps=60, check_every=1)
    players = [e.player for e in state.record.entries]
    assert None in players and any(p is not None for p in players)
    first_resolve = players.index(None)
    assert players[:first_resolve] == list(range(first_resolve))   # every player in turn, then the resolution


def test_check_resolution_fails_when_results_and_position_disagree():
    """Issue 13, item 13: the playouts' check that every unit is where its result says can fail: a
    Diplomacy resolution whose position was not built from its results is named."""
    from dataclasses import replace

    from academy.core.conformance import check_resolution
    from academy.games.diplomacy import Position, adjudicate

    state = REGISTRY["diplomacy"]().new_initial_state(seed=1)
    pos = Position.from_dict({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}})
    res = adjudicate(pos, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]})
    check_resolution(state, res)
    moved = adjudicate(pos, {"FRANCE": ["A PAR - BUR"]}).position
    with pytest.raises(AssertionError, match="A PAR"):
        check_resolution(state, replace(res, position=moved))


#: each game with options under which it hides something (cards, secret orders, fog, a hidden
#: deployment), so that the view checks meet hidden information at every step
HIDDEN_VARIANTS = [("conquest", {"players": 3}), ("diplomacy", {}), ("tactics", {"fog": True}),
                   ("game_of_war", {"deployment": "free"}), ("fronts", {"players": 4})]


def test_every_registered_game_has_a_hidden_variant_for_the_view_checks():
    """Issue 14, item 4: the view round-trip below runs over the whole registry."""
    assert {name for name, _ in HIDDEN_VARIANTS} == set(GAMES)


@pytest.mark.parametrize("name, options", HIDDEN_VARIANTS)
def test_view_states_round_trip_for_every_seat_and_the_spectator(name, options):
    """Issue 14, item 4: at every step of a seeded playout, for every seat and the spectator, the engine's
    view state of the seat's observation gives that observation back and holds nothing more
    (``check_view_states``, which the playouts run at every checked step)."""
    state = REGISTRY[name](**options).new_initial_state(seed=8)
    assert check_view_states(state) == state.game.num_players + 1
    state = random_playout(REGISTRY[name](**options), seed=8, max_steps=160, check_every=1)
    assert len(state.record) > 0


def test_the_view_check_fails_for_a_view_that_loses_something(monkeypatch):
    """Issue 14, item 4: the check can fail: a Conquest view that forgets the discard pile does not give
    the observation back, and the message names the field."""
    from academy.games.conquest.game import ConquestGame
    state = random_playout(ConquestGame(players=3), seed=2, max_steps=400, check_every=1000)
    state.discard = ["egypt"]
    real = ConquestGame.view_state

    def forgetful(game, observation, step=0):
        view = real(game, observation, step)
        view.discard = []
        return view

    monkeypatch.setattr(ConquestGame, "view_state", forgetful)
    with pytest.raises(AssertionError, match="discard"):
        check_view_states(state)


def test_a_game_without_views_says_so():
    """Issue 14, item 4: the protocol's default ``view_state`` raises a clear NotImplementedError."""
    from academy.core.protocol import Game

    class Bare(REGISTRY["conquest"]):
        view_state = Game.view_state

    with pytest.raises(NotImplementedError, match="view_state"):
        Bare().view_state({})
