"""Fronts CPU players: legal orders from what the player sees, deterministic, and hard beats easy;
plus the doctests of the engine modules."""
from __future__ import annotations

import doctest
import importlib

import pytest

from academy.games.fronts.bots import LEVELS, make_bot
from academy.games.fronts.game import FrontsGame


def play(game: FrontsGame, levels: dict[int, str], seed: int):
    state = game.new_initial_state(seed)
    bots = {p: make_bot(level, seed * 10 + p) for p, level in levels.items()}
    while not state.is_terminal():
        for player in state.waiting():
            state.submit(player, bots[player].orders(state, player))
        state.resolve_step()
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_bots_write_legal_deterministic_orders(level):
    state = FrontsGame(players=4).new_initial_state(2)
    a, b = make_bot(level, 5).orders(state, 1), make_bot(level, 5).orders(state, 1)
    assert a == b and a
    assert state.validate_orders(1, a) == tuple(a)


def test_bots_play_by_the_fog_the_hidden_board_does_not_change_their_orders():
    g = FrontsGame()
    s = g.new_initial_state(1)
    before = make_bot("hard", 1).orders(s, 0)
    far = s.board.stacks["blue"]["southport"]
    far["infantry"] += 5                      # far from red: hidden by the fog
    assert make_bot("hard", 1).orders(s, 0) == before


def test_hard_beats_easy():
    """Most games, both seats (one game in a few can go to easy's all-out march: seed 1 does)."""
    wins = sum(play(FrontsGame(), {seed % 2: "hard", 1 - seed % 2: "easy"}, seed).winner() == seed % 2
               for seed in range(1, 6))
    assert wins >= 4, f"hard won {wins} of 5"


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_bot("expert")


@pytest.mark.parametrize("name", ["orders", "rules", "fog", "state", "game", "bots", "resolve", "board", "odds",
                                  "notation"])
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(f"academy.games.fronts.{name}"))
    assert result.failed == 0
