"""A second preview: a power's orders adjudicated against the orders the CPU would give the other powers
(the "normal" level), beside the first preview's "if every other power held". Neither is a promise: the
other powers' real orders stay secret until the phase resolves.

>>> from academy.games.diplomacy import DiplomacyGame
>>> s = DiplomacyGame().new_initial_state(seed=1)
>>> others = likely_orders(s, "FRANCE")
>>> sorted(others) == sorted(p for p in s.powers_to_order() if p != "FRANCE")
True
>>> results = likely_results(s, "FRANCE", ["A PAR - BUR"], others)
>>> results["A PAR"][0] in ("succeeds", "fails")
True
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .adjudicate import adjudicate
from .bots import make_bot

__all__ = ["likely_orders", "likely_results", "LIKELY_LEVEL"]

#: the CPU level whose orders the second preview assumes
LIKELY_LEVEL = "normal"


def likely_orders(state: Any, power: str, level: str = LIKELY_LEVEL) -> dict[str, list[str]]:
    """The orders the ``level`` CPU would give every other power with something to order this phase."""
    bot = make_bot(level, seed=0)
    return {pw: bot.orders(state, state.player_of(pw)) for pw in state.powers_to_order() if pw != power}


def likely_results(state: Any, power: str, orders: Iterable[str],
                   others: Mapping[str, list[str]]) -> dict[str, tuple[str, str]]:
    """Per order of ``power`` (by unit key, "A PAR"): (result, reason) when the others give ``others``."""
    res = adjudicate(state.position, {power: list(orders), **{pw: list(o) for pw, o in others.items()}})
    return {row.key: (res.results[row.key], res.reasons[row.key]) for row in res.rows
            if row.power == power and row.key in res.results}
