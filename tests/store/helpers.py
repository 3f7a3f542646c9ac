"""Shared helpers for the store tests: seeded Conquest games played by bots."""
from __future__ import annotations

from typing import Any

from academy.core.bots import play_game
from academy.core.protocol import State
from academy.core.record import Record
from academy.games.conquest import ConquestGame
from academy.games.conquest.bots import make_bot

OPTIONS: dict[str, Any] = {"players": 2, "setup": "random"}
SEATS: list[dict[str, Any]] = [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "easy"}]


def bot_game(seed: int = 3, options: dict[str, Any] | None = None) -> State:
    """A finished Conquest game between two bots (a fraction of a second)."""
    state = ConquestGame(**(options or OPTIONS)).new_initial_state(seed)
    return play_game(state, {0: make_bot("easy", 1), 1: make_bot("normal", 2)})


def prefix(record: Record, n: int) -> Record:
    """The first ``n`` entries of ``record`` (appending is fsync-bound: keep the tests short)."""
    return Record(record.game, record.seed, record.entries[:n], record.start)
