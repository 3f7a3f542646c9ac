"""Exact Conquest battle odds, for the odds side panel and the CPU players.

A *battle* is a series of rolls (conquest.md, "Phase 2: Attack") from one
territory against one neighbour. ``attackers`` always counts every army in the
attacking territory, including the one that must stay behind. The attacker
rolls the most dice allowed, ``min(3, attackers - 1)``, and keeps attacking
until the territory falls or only one army is left; the defender always rolls
``min(2, defenders)``.

The float results come from a forward dynamic programme over the (attackers,
defenders) states: the probability mass flows from the starting state to the
end states, one anti-diagonal (``a + d`` constant) at a time, so no sampling is
involved and results are exact up to float rounding (about 1e-13). Only three
anti-diagonals are held at once, so memory is linear in the armies (the
largest battle a position allows, 999 against 999, holds about 4,000 floats;
bench/odds.py). Results for one battle are cached in a bounded LRU cache.

>>> round(conquer_probability(4, 2), 6)
0.655954
>>> conquer_probability_exact(2, 1)
Fraction(5, 12)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from academy.games.conquest.dice import (
    max_attack_dice,
    max_defence_dice,
    roll_distribution,
)

__all__ = [
    "BattleOdds",
    "one_roll",
    "conquer_probability",
    "conquer_probability_exact",
    "battle_odds",
    "chain_probability",
]

_BATTLE_CACHE_SIZE = 1024
"""Battles kept by the LRU cache; an A v D entry holds two arrays of A + 1 and D + 1 floats (16 kB at 999 v 999)."""

_CHAIN_CACHE_SIZE = 256
"""Chains kept by the LRU cache (each entry is one float)."""


def one_roll(attack_dice: int, defence_dice: int) -> dict[tuple[int, int], Fraction]:
    """Exact distribution of one roll: (attacker_losses, defender_losses) -> probability.

    The same table the dice module computes (:func:`dice.roll_distribution`).

    >>> one_roll(1, 1)
    {(0, 1): Fraction(5, 12), (1, 0): Fraction(7, 12)}

    Raises ValueError unless ``1 <= attack_dice <= 3`` and ``1 <= defence_dice <= 2``.
    """
    return roll_distribution(attack_dice, defence_dice)


def _check_armies(name: str, value: object, least: int = 1) -> int:
    """Return ``value`` as an int; TypeError if not an integer, ValueError if below ``least``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    count: int = value.__index__()  # type: ignore[attr-defined]
    if count < least:
        raise ValueError(f"{name} must be at least {least}, got {count}")
    return count


# (attack dice, defence dice) -> ((attacker losses, defender losses, probability), ...)
_FLOAT_ROLLS: dict[tuple[int, int], tuple[tuple[int, int, float], ...]] = {
    (attack, defence): tuple(
        (lost_a, lost_d, float(p)) for (lost_a, lost_d), p in roll_distribution(attack, defence).items()
    )
    for attack in range(1, 4)
    for defence in range(1, 3)
}


def _propagate(start: np.ndarray, defenders: int, most_dice: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """Run battles from ``start`` (mass over attacker armies 0..A) against ``defenders``, the attacker rolling
    ``min(most_dice, a - 1)`` dice each time.

    Returns ``(conquered, repelled)``: ``conquered[a]`` is the probability that
    the territory falls with ``a`` armies left in the attacking territory, and
    ``repelled[d]`` the probability that the attacker is stopped at one army
    with ``d`` defenders left. Mass starting at one army cannot attack and
    ends in ``repelled[defenders]``; ``start[0]`` must be 0.

    The states ``(a, d)`` with ``a + d == t`` form level ``t``; every roll
    removes one or two armies, so its mass flows to level ``t - 1`` or
    ``t - 2``. Levels are processed from the highest down, and only three are
    held at a time (each an array over ``a``): memory is linear in the armies
    (``3 * (A + 1) + (D + 1)`` floats), time proportional to ``A * D``.
    """
    most_attackers = len(start) - 1
    conquered = np.zeros(most_attackers + 1)
    repelled = np.zeros(defenders + 1)
    # levels[0] is level t, levels[1] level t - 1, levels[2] level t - 2 (index: attacker armies)
    levels = [np.zeros(most_attackers + 1) for _ in range(3)]
    main = _FLOAT_ROLLS[most_dice, 2]  # the main region a > most_dice, d >= 2 always rolls most_dice against 2
    for level in range(most_attackers + defenders, 0, -1):
        here = levels[0]
        if 0 <= level - defenders <= most_attackers:
            here[level - defenders] += start[level - defenders]
        if level <= most_attackers:
            conquered[level] += here[level]  # (level, 0): the territory fell
        if 1 <= level - 1 <= defenders:
            repelled[level - 1] += here[1]   # (1, level - 1): one army left, the attack stops
        low = max(most_dice + 1, level - defenders)
        high = min(most_attackers, level - 2)
        if low <= high:
            mass = here[low : high + 1]
            for lost_a, lost_d, p in main:     # a roll removes lost_a + lost_d armies: that many levels down
                levels[lost_a + lost_d][low - lost_a : high + 1 - lost_a] += p * mass
        # The few states outside the main region: a in 2..most_dice, or d == 1 with a > most_dice.
        corners = [a for a in range(2, most_dice + 1) if a <= most_attackers and 1 <= level - a <= defenders]
        if most_dice + 1 <= level - 1 <= most_attackers and defenders >= 1:
            corners.append(level - 1)
        for attackers in corners:
            mass_here = float(here[attackers])
            if mass_here:
                dice = (min(most_dice, attackers - 1), min(2, level - attackers))
                for lost_a, lost_d, p in _FLOAT_ROLLS[dice]:
                    levels[lost_a + lost_d][attackers - lost_a] += p * mass_here
        here.fill(0.0)
        levels = [levels[1], levels[2], here]
    repelled[0] = 0.0  # (1, 0) is a conquest (it never happens), not a repulse
    return conquered, repelled


def _total(probabilities: np.ndarray) -> float:
    """Accurate sum of probabilities, clamped to [0, 1] against float rounding."""
    return min(1.0, max(0.0, math.fsum(probabilities)))


@functools.lru_cache(maxsize=_BATTLE_CACHE_SIZE)
def _battle(attackers: int, defenders: int, most_dice: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """Cached end-state distribution of one battle (read-only arrays; see :func:`_propagate`)."""
    start = np.zeros(attackers + 1)
    start[attackers] = 1.0
    conquered, repelled = _propagate(start, defenders, most_dice)
    conquered.flags.writeable = False
    repelled.flags.writeable = False
    return conquered, repelled


def conquer_probability(attackers: int, defenders: int, most_dice: int = 3) -> float:
    """Probability that ``attackers`` armies conquer a territory held by ``defenders``.

    ``attackers`` counts all armies in the attacking territory; one must stay
    behind, so 1 gives 0.0. The attacker always rolls the most dice allowed, at
    most ``most_dice`` (1 to 3: the dice a player chose), and attacks until the
    territory falls or one army is left.

    >>> conquer_probability(1, 3)
    0.0
    >>> round(conquer_probability(2, 1), 6)  # one die against one: 15/36
    0.416667

    Raises ValueError if ``attackers < 1`` or ``defenders < 1`` (a territory
    always holds at least one army); TypeError for non-integers.
    """
    a = _check_armies("attackers", attackers)
    d = _check_armies("defenders", defenders)
    conquered, _ = _battle(a, d, _check_dice(most_dice))
    return _total(conquered)


def _check_dice(most_dice: object) -> int:
    """``most_dice`` as an int from 1 to 3; TypeError / ValueError otherwise."""
    dice = _check_armies("most_dice", most_dice)
    if dice > 3:
        raise ValueError(f"most_dice must be 1, 2 or 3, got {dice}")
    return dice


@dataclass(frozen=True)
class BattleOdds:
    """How a battle (attack until conquest or one army left) can end.

    ``attacker_survivors`` maps every count 1..attackers to the probability
    that the attacking territory holds that many armies when the battle ends
    (on a conquest, before any armies move in). ``defender_survivors`` maps
    every count 0..defenders to the probability that the defending territory
    holds that many (0 means conquered). Both are in ascending key order, sum
    to 1 and may contain zero entries for counts that cannot occur. Each call
    of :func:`battle_odds` builds fresh dicts.
    """

    attackers: int
    defenders: int
    win: float
    attacker_survivors: dict[int, float]
    defender_survivors: dict[int, float]
    expected_attacker_losses: float
    expected_defender_losses: float


def battle_odds(attackers: int, defenders: int, most_dice: int = 3) -> BattleOdds:
    """The full outcome distribution of a battle: win chance, survivors, expected losses (the attacker rolling
    at most ``most_dice`` dice each time).

    >>> odds = battle_odds(2, 1)
    >>> {k: round(v, 4) for k, v in odds.attacker_survivors.items()}
    {1: 0.5833, 2: 0.4167}

    Raises ValueError if ``attackers < 1`` or ``defenders < 1``; TypeError for non-integers.
    """
    a = _check_armies("attackers", attackers)
    d = _check_armies("defenders", defenders)
    conquered, repelled = _battle(a, d, _check_dice(most_dice))
    win = _total(conquered)
    lost = 1.0 - win
    attacker_survivors = {count: float(conquered[count]) for count in range(1, a + 1)}
    attacker_survivors[1] += lost  # conquered[1] is always 0: a conquest never costs the last die
    defender_survivors = {0: win}
    defender_survivors.update((count, float(repelled[count])) for count in range(1, d + 1))
    expected_attackers_left = math.fsum(n * p for n, p in attacker_survivors.items())
    expected_defenders_left = math.fsum(n * p for n, p in defender_survivors.items())
    return BattleOdds(
        attackers=a,
        defenders=d,
        win=win,
        attacker_survivors=attacker_survivors,
        defender_survivors=defender_survivors,
        expected_attacker_losses=a - expected_attackers_left,
        expected_defender_losses=d - expected_defenders_left,
    )


@functools.lru_cache(maxsize=_CHAIN_CACHE_SIZE)
def _chain(attackers: int, defenders: tuple[int, ...]) -> float:
    """Cached body of :func:`chain_probability` (arguments already validated)."""
    if not defenders:
        return 1.0  # nothing to conquer
    conquered, _ = _battle(attackers, defenders[0])
    for remaining in defenders[1:]:
        # k armies at the conquest: k - 1 move forward and attack the next territory.
        conquered, _ = _propagate(conquered[1:].copy(), remaining)
    return _total(conquered)


def chain_probability(attackers: int, defenders: Sequence[int]) -> float:
    """Probability of conquering every territory of a path, in order.

    The attack starts from a territory with ``attackers`` armies against a
    territory holding ``defenders[0]``. After each conquest, all armies but
    one move into the conquered territory, which then attacks the next one
    with the armies moved in. An empty path gives 1.0.

    >>> chain_probability(5, [])
    1.0
    >>> chain_probability(10, [3]) == conquer_probability(10, 3)
    True

    Raises ValueError if ``attackers < 1`` or any defender count is below 1;
    TypeError for non-integers.
    """
    a = _check_armies("attackers", attackers)
    if isinstance(defenders, (str, bytes)):
        raise TypeError(f"defenders must be a sequence of army counts, got {defenders!r}")
    path = tuple(_check_armies(f"defenders[{i}]", d) for i, d in enumerate(defenders))
    return _chain(a, path)


def conquer_probability_exact(attackers: int, defenders: int) -> Fraction:
    """Exact :func:`conquer_probability` as a Fraction, by a table over all smaller battles.

    Slow for large inputs (O(attackers * defenders) Fraction sums with growing
    denominators); meant for small cases and as an independent check. Holds
    three rows of the table at a time: memory linear in ``defenders``.

    >>> conquer_probability_exact(3, 1)  # 2 dice v 1, then 1 v 1 after a loss
    Fraction(1955, 2592)

    Raises ValueError if ``attackers < 1`` or ``defenders < 1``; TypeError for non-integers.
    """
    a_max = _check_armies("attackers", attackers)
    d_max = _check_armies("defenders", defenders)
    rolls = {
        (attack, defence): list(roll_distribution(attack, defence).items())
        for attack in range(1, 4)
        for defence in range(1, 3)
    }
    zero, one = Fraction(0), Fraction(1)
    # rows[k][d]: probability that a - k armies conquer d defenders (a roll costs the attacker 0 to 2).
    rows = [[one] + [zero] * d_max]  # a == 1: one army cannot attack, only d == 0 counts as conquered
    for a in range(2, a_max + 1):
        row = [one] + [zero] * d_max
        rows.insert(0, row)
        del rows[3:]
        for d in range(1, d_max + 1):
            table = rolls[max_attack_dice(a), max_defence_dice(d)]
            row[d] = sum((p * rows[lost_a][d - lost_d] for (lost_a, lost_d), p in table), zero)
    return rows[0][d_max]
