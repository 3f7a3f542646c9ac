"""Diplomacy CPU players: a bot writes a power's orders for the phase from ``state.options``.

Only the "easy" level so far: for each unit (or build site) a uniformly random order among the
legal ones, within the phase's order limit; deterministic from the bot's seed and the state.
Stronger levels belong to the Diplomacy course (issue 4).

>>> from academy.games.diplomacy.game import DiplomacyGame
>>> state = DiplomacyGame().new_initial_state(1)
>>> orders = make_bot("easy", seed=3).orders(state, 0)
>>> len(orders) == 3 and orders == make_bot("easy", seed=3).orders(state, 0)
True
"""
from __future__ import annotations

import random
from typing import Any

from academy.core.bots import state_digest

__all__ = ["LEVELS", "make_bot", "RandomOrdersBot"]

LEVELS = ("easy",)


def _leaves(tree: Any) -> list[str]:
    if isinstance(tree, str):
        return [tree]
    return [leaf for branch in tree.values() for leaf in _leaves(branch)]


class RandomOrdersBot:
    """Orders every unit at random among its legal orders (the "easy" CPU)."""

    level = "easy"

    def __init__(self, seed: int = 0, name: str = "Easy CPU") -> None:
        self.seed = int(seed)
        self.name = name
        self._rng = random.Random(self.seed)

    def orders(self, state: Any, player: int) -> list[str]:
        """The orders of ``player`` for this phase, as order texts (an empty list: nothing to order)."""
        self._rng.seed(f"diplomacy-easy/{self.seed}/{player}/{state_digest(state)}")
        tree = state.options(player)
        keys = sorted(tree)
        limit = state.order_limit(player)
        if limit is not None and limit < len(keys):
            keys = sorted(self._rng.sample(keys, limit))
        chosen: list[str] = []
        for key in keys:
            leaves = _leaves(tree[key])
            if leaves:
                chosen.append(leaves[self._rng.randrange(len(leaves))])
        return chosen

    def choose(self, state: Any) -> Any:
        raise TypeError("Diplomacy is played with orders written together: use orders(state, player).")


def make_bot(level: str, seed: int = 0) -> RandomOrdersBot:
    """A Diplomacy CPU of ``level``; raises ValueError for a level that does not exist."""
    if level not in LEVELS:
        raise ValueError(f"Unknown Diplomacy bot level {level!r}; choose one of {', '.join(LEVELS)}.")
    return RandomOrdersBot(seed)
