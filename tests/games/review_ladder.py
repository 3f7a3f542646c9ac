"""The CPU ladder as the coach sees it (issue 22): seeded games of a level against the level above it,
each seat's decisions reviewed, and mistakes and blunders per decision summed up per level."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from academy.core.bots import DEFAULT_MAX_DECISIONS, bot_seed, play_game
from academy.core.protocol import State
from academy.core.record import Record
from academy.core.review import review


def ladder_rates(play: Callable[[int, dict[int, str]], Record], lower: str, higher: str, seeds: Iterable[int],
                 players: int = 2) -> dict[str, float]:
    """Mistakes and blunders per graded decision of each level over the games ``play(seed, levels)`` (levels:
    seat -> level; the higher level sits in seat ``seed % players``, the others are the lower level)."""
    bad = {lower: 0, higher: 0}
    graded = {lower: 0, higher: 0}
    for seed in seeds:
        levels = {p: higher if p == seed % players else lower for p in range(players)}
        rv = review(play(seed, levels))
        for m in rv.marks:
            graded[levels[m.player]] += 1
            bad[levels[m.player]] += m.is_mistake
    return {level: bad[level] / graded[level] if graded[level] else 0.0 for level in (lower, higher)}


def assert_ladder(play: Callable[[int, dict[int, str]], Record], pairs: Iterable[tuple[str, str]],
                  seeds: Iterable[int], players: int = 2) -> None:
    """For each (lower, higher) pair, the lower level's rate of mistakes and blunders is at least the
    higher level's (``ladder_rates``)."""
    seeds = list(seeds)
    for lower, higher in pairs:
        rates = ladder_rates(play, lower, higher, seeds, players)
        assert rates[lower] >= rates[higher], (lower, higher, rates)


def bots_for(make_bot: Callable[[str, int], Any], seed: int, levels: dict[int, str]) -> dict[int, Any]:
    """Each seat's CPU, seeded as the app seeds it (``bot_seed``)."""
    return {p: make_bot(level, bot_seed(seed, p)) for p, level in levels.items()}


def played(state: State, make_bot: Callable[[str, int], Any], seed: int, levels: dict[int, str],
           most: int = DEFAULT_MAX_DECISIONS) -> Record:
    """The record of a game played in turns by the levels' CPUs from ``state``, to its end or to ``most``
    decisions (a long game: its first decisions are enough to review)."""
    try:
        play_game(state, bots_for(make_bot, seed, levels), max_decisions=most)
    except RuntimeError:
        pass
    return state.record
