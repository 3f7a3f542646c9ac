"""The one seeded random generator, held by the record.

Each chance step draws from its own stream, derived from (seed, step index), so a replay, an
undo and a redo see the same dice: undoing an attack and making it again gives the same roll.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")


class Rng:
    def __init__(self, seed: int) -> None:
        self.seed = int(seed)

    def stream(self, step: int) -> random.Random:
        """A generator for chance step ``step``; the same (seed, step) always gives the same stream."""
        return random.Random(f"academy/{self.seed}/{step}")

    def choose(self, outcomes: Sequence[tuple[T, Fraction]], step: int) -> T:
        """Sample one outcome of an exact distribution; raises ValueError if it is empty."""
        if not outcomes:
            raise ValueError("No chance outcomes to choose from.")
        u = Fraction(self.stream(step).getrandbits(64), 1 << 64)
        total = Fraction(0)
        for outcome, p in outcomes:
            total += p
            if u < total:
                return outcome
        return outcomes[-1][0]

    def __repr__(self) -> str:
        return f"Rng({self.seed})"


def new_seed() -> int:
    """A fresh seed for a new game (the only use of system randomness)."""
    return random.SystemRandom().randrange(1, 2**31)


__all__ = ["Rng", "new_seed", "Any"]
