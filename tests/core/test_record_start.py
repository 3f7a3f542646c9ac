"""A record that starts from a given position keeps its own seed when rebuilt (an empty record is
still the record to use: the dice after a reload come from the game's seed, not seed 0)."""
from __future__ import annotations

import pytest

from academy.core.record import Record
from academy.games import REGISTRY


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_initial_state_from_a_start_position_keeps_the_seed(name: str) -> None:
    game = REGISTRY[name](players=7 if name == "diplomacy" else REGISTRY[name].min_players)
    start = game.new_initial_state(5).to_json()
    record = Record(game, 42, start=start)
    state = record.initial_state()
    assert state.record.seed == 42
    again = Record.from_json(record.to_json(), REGISTRY).replay()
    assert again.record.seed == 42
