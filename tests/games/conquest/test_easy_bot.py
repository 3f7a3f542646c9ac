"""Issue 21: the Conquest easy CPU plays like a beginner and its games end; each level beats the one
below; every bot decides from its own seat's view (conquest.md, "Section 4: Gameplay").

The turn counted is ``state.turn``: every player's turn counts one (a 2-player game of 60 turns is
30 turns each).
"""
from __future__ import annotations

import pytest

from academy.core.bots import RandomBot
from academy.core.protocol import NodeKind
from academy.games.conquest import Attack, ConquestGame, EndAttack, Fortify, Occupy, Place, TradeCards, parse_position
from academy.games.conquest.bots import LEVELS, make_bot


def easy(state):
    return make_bot("easy", seed=1).choose(state)


def play(players: int, setup: str, bots: dict, seed: int, max_turns: int = 400):
    """A seeded game between ``bots``; the final state (its ``turn`` past ``max_turns`` if it did not end)."""
    state = ConquestGame(players=players, setup=setup).new_initial_state(seed=seed)
    state.settle()
    while state.node_kind() is not NodeKind.TERMINAL and state.turn <= max_turns:
        state.play(bots[state.to_move()].choose(state))
    return state


# --- what easy does, phase by phase ---------------------------------------------------------------
def test_phase_1_easy_places_all_its_reinforcements_on_borders():
    """conquest.md Phase 1: all reinforcements are placed before attacking; easy puts them on its borders."""
    state = parse_position("Red to move, reinforce 7 | Red: Brazil 2, Peru 2, Argentina 2, Venezuela 2 "
                           "| Blue: North Africa 1 | rest: Blue 3")
    borders = {"brazil", "venezuela"}
    placed = 0
    while state.phase == "reinforce":
        action = easy(state)
        assert isinstance(action, Place) and action.territory in borders
        placed += action.armies
        state.play(action)
    assert placed == 7 and state.phase == "attack"


def test_phase_1_easy_trades_a_set_as_soon_as_it_has_one():
    """conquest.md Phase 1: with fewer than five cards a set may be traded; easy always does, with the
    two-army bonus on a territory it controls (Peru)."""
    state = parse_position("Red to move, reinforce 3 | Red: Brazil 5, Peru 1 | rest: Blue 2 "
                           "| Red cards: Peru, Alaska, Wild 2")
    action = easy(state)
    assert isinstance(action, TradeCards) and action.bonus == "peru"


def test_phase_2_easy_attacks_the_weakest_neighbour_it_outnumbers_two_to_one():
    """conquest.md Phase 2: an attack from a territory of two or more armies; easy picks the weakest
    neighbour among those its attacking armies (one stays behind) outnumber two to one, with as many dice as
    it may."""
    state = parse_position("Red to move, attack | Red: Brazil 5 | Blue: North Africa 1, Peru 3, Venezuela 4, "
                           "Argentina 2 | rest: Blue 2")
    assert easy(state) == Attack("brazil", "north_africa", 3)


def test_phase_2_easy_stops_when_it_outnumbers_nobody():
    state = parse_position("Red to move, attack | Red: Brazil 3 | rest: Blue 2")
    assert easy(state) == EndAttack()


def test_conquering_easy_moves_everything_in_unless_nothing_is_left_to_attack_from_there():
    """conquest.md "Conquering a Territory": at least the dice of the last roll move in, one army stays."""
    forward = parse_position("Red to move, occupy Brazil -> North Africa 3 | Red: Brazil 9, North Africa 0 "
                             "| rest: Blue 2")
    assert easy(forward) == Occupy(8)
    dead_end = parse_position("Red to move, occupy Brazil -> Argentina 3 | Red: Brazil 9, Argentina 0, Peru 1 "
                              "| rest: Blue 2")
    assert easy(dead_end) == Occupy(3)


def test_phase_3_easy_moves_an_inland_stack_to_a_border():
    """conquest.md Phase 3: one move along own territories, one army left behind."""
    state = parse_position("Red to move, fortify | Red: Brazil 12, Peru 2, Ukraine 2 | Blue: Ural 9 | rest: Red 1")
    action = easy(state)
    assert isinstance(action, Fortify) and action.src == "brazil" and action.armies == 11
    assert "ural" in state.game.map.neighbours[action.dst]


# --- whole games ------------------------------------------------------------------------------------
@pytest.mark.parametrize("setup", ["random", "deal"])
@pytest.mark.parametrize("levels", [("easy", "easy"), ("easy", "random"), ("normal", "easy"), ("hard", "easy")])
def test_two_player_games_against_easy_end_within_60_turns(setup, levels):
    for seed in (1, 2, 3):
        bots = {p: RandomBot(seed * 10 + p) if level == "random" else make_bot(level, seed * 10 + p)
                for p, level in enumerate(levels)}
        state = play(2, setup, bots, seed, max_turns=60)
        assert state.is_terminal() and state.turn <= 60, (levels, setup, seed, state.turn)


def test_easy_beats_the_random_bot():
    for seed in range(6):
        seat = seed % 2
        bots = {seat: make_bot("easy", seed), 1 - seat: RandomBot(seed)}
        assert play(2, "random", bots, seed).winner() == seat, seed


def test_an_all_easy_four_player_game_ends():
    for seed in (1, 2):
        state = play(4, "random", {p: make_bot("easy", seed * 10 + p) for p in range(4)}, seed, max_turns=300)
        assert state.is_terminal() and state.players_in() == [state.winner()]


@pytest.mark.parametrize("level, below", [("normal", "easy"), ("hard", "normal")])
def test_each_level_beats_the_one_below(level, below):
    """Twelve seeded 2-player games, seats alternating (about 3 in 4 are won in longer seeded runs)."""
    wins = 0
    for seed in range(12):
        seat = seed % 2
        bots = {seat: make_bot(level, seed), 1 - seat: make_bot(below, 100 + seed)}
        wins += play(2, "deal", bots, 200 + seed).winner() == seat
    assert wins >= 8, f"{level} won {wins} of 12 against {below}"


# --- fair play ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_chooses_from_its_seats_view_alone(level):
    """The other hands are hidden (conquest.md, cards): a bot given only its seat's view (other hands as
    placeholders) chooses what it chooses on the full state, at every decision of a seeded game."""
    game = ConquestGame(players=3, setup="random")
    state = game.new_initial_state(seed=7)
    bots = {p: make_bot(level, 70 + p) for p in range(3)}
    state.settle()
    for _ in range(600):
        if state.node_kind() is NodeKind.TERMINAL:
            break
        p = state.to_move()
        action = bots[p].choose(state)
        seen = game.view_state(state.observation(p), len(state.record))
        assert bots[p].choose(seen) == action, (state.phase, state.turn)
        state.play(action)
