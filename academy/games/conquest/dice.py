"""The dice of one Conquest attack roll (conquest.md, "Phase 2: Attack").

The attacker rolls one to three dice and the defender one or two. Both sides
sort their dice from highest to lowest; the highest dice are compared, and the
second-highest pair too when both sides rolled at least two dice. The lower
die of a pair loses one army for its side, and a tie is won by the defender.

Everything here is exact (``fractions.Fraction``) and headless.

>>> compare([6, 2, 3], [5, 3]).explain()
['6 beats 5: the defender loses 1 army.', '3 ties 3: ties go to the defender, the attacker loses 1 army.']
>>> roll_distribution(1, 1)[(0, 1)]
Fraction(5, 12)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "MAX_ATTACK_DICE",
    "MAX_DEFENCE_DICE",
    "DIE_FACES",
    "Comparison",
    "max_attack_dice",
    "max_defence_dice",
    "sorted_rolls",
    "compare",
    "roll_distribution",
]

MAX_ATTACK_DICE = 3
"""The attacker rolls at most three dice."""

MAX_DEFENCE_DICE = 2
"""The defender rolls at most two dice."""

DIE_FACES = 6
"""Six-sided dice, faces 1 to 6."""


def _check_count(name: str, value: object) -> int:
    """Return ``value`` as an int; raise TypeError if it is not an integer (bools refused)."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    return value.__index__()  # type: ignore[attr-defined, no-any-return]


def max_attack_dice(armies_in_territory: int) -> int:
    """Most dice an attack from a territory with this many armies may roll.

    One army must stay behind, so it is ``min(3, armies - 1)``, and 0 when the
    territory has fewer than two armies (it cannot attack).

    >>> [max_attack_dice(n) for n in range(6)]
    [0, 0, 1, 2, 3, 3]

    Raises TypeError for a non-integer and ValueError for a negative count.
    """
    armies = _check_count("armies_in_territory", armies_in_territory)
    if armies < 0:
        raise ValueError(f"armies_in_territory must be at least 0, got {armies}")
    return max(0, min(MAX_ATTACK_DICE, armies - 1))


def max_defence_dice(armies: int) -> int:
    """Most dice a territory with this many armies may defend with: ``min(2, armies)``.

    >>> [max_defence_dice(n) for n in range(4)]
    [0, 1, 2, 2]

    Raises TypeError for a non-integer and ValueError for a negative count.
    """
    count = _check_count("armies", armies)
    if count < 0:
        raise ValueError(f"armies must be at least 0, got {count}")
    return min(MAX_DEFENCE_DICE, count)


def _check_dice_counts(attack_dice: object, defence_dice: object) -> tuple[int, int]:
    """Validate a pair of dice counts; raise TypeError/ValueError when out of the rules."""
    attack = _check_count("attack_dice", attack_dice)
    defence = _check_count("defence_dice", defence_dice)
    if not 1 <= attack <= MAX_ATTACK_DICE:
        raise ValueError(
            f"the attacker rolls 1 to {MAX_ATTACK_DICE} dice, got {attack}"
        )
    if not 1 <= defence <= MAX_DEFENCE_DICE:
        raise ValueError(
            f"the defender rolls 1 to {MAX_DEFENCE_DICE} dice, got {defence}"
        )
    return attack, defence


@functools.cache
def _sorted_rolls(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Cached, immutable table behind :func:`sorted_rolls` (``n`` already validated)."""
    total = DIE_FACES**n
    table = []
    # combinations_with_replacement over faces listed high to low yields
    # every multiset exactly once, each as a non-increasing tuple.
    for faces in itertools.combinations_with_replacement(range(DIE_FACES, 0, -1), n):
        ways = math.factorial(n)
        for repeats in Counter(faces).values():
            ways //= math.factorial(repeats)
        table.append((faces, Fraction(ways, total)))
    return tuple(table)


def sorted_rolls(n: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every outcome of rolling ``n`` dice, sorted high to low, with its exact probability.

    Each multiset of faces appears once, as a non-increasing tuple, with
    probability ``n! / (k1! k2! ...) / 6**n``; the probabilities sum to 1.
    The table is computed once per ``n`` (cached); each call returns a fresh
    list (the tuples and Fractions inside are immutable), so callers may
    modify the list freely.

    >>> sorted_rolls(2)[:2]
    [((6, 6), Fraction(1, 36)), ((6, 5), Fraction(1, 18))]

    Raises TypeError for a non-integer ``n`` and ValueError unless
    ``1 <= n <= MAX_ATTACK_DICE`` (no side ever rolls more dice).
    """
    count = _check_count("n", n)
    if not 1 <= count <= MAX_ATTACK_DICE:
        raise ValueError(f"a roll has 1 to {MAX_ATTACK_DICE} dice, got {count}")
    return list(_sorted_rolls(count))


def _pair_sentence(attacker_die: int, defender_die: int) -> str:
    """One English sentence for one compared pair of dice."""
    if attacker_die > defender_die:
        return f"{attacker_die} beats {defender_die}: the defender loses 1 army."
    if attacker_die == defender_die:
        return (
            f"{attacker_die} ties {defender_die}: ties go to the defender, "
            "the attacker loses 1 army."
        )
    return f"{attacker_die} loses to {defender_die}: the attacker loses 1 army."


@dataclass(frozen=True)
class Comparison:
    """The result of comparing one attack roll with one defence roll.

    ``pairs`` holds the compared (attacker die, defender die) pairs, highest
    pair first; ``attacker_losses + defender_losses == len(pairs)``.
    """

    attacker_losses: int
    defender_losses: int
    pairs: tuple[tuple[int, int], ...]

    def explain(self) -> list[str]:
        """One short sentence per compared pair, in order, saying who loses an army."""
        return [_pair_sentence(a, d) for a, d in self.pairs]


def _check_dice(name: str, dice: Sequence[int], most: int) -> tuple[int, ...]:
    """Return the dice sorted high to low; raise TypeError/ValueError for bad dice."""
    if isinstance(dice, (str, bytes)) or not hasattr(dice, "__iter__"):
        raise TypeError(f"{name} must be a sequence of dice, got {dice!r}")
    rolled = list(dice)
    if not 1 <= len(rolled) <= most:
        raise ValueError(f"{name} must have 1 to {most} dice, got {len(rolled)}: {rolled!r}")
    values = []
    for die in rolled:
        value = _check_count(f"a die in {name}", die)
        if not 1 <= value <= DIE_FACES:
            raise ValueError(f"a die shows 1 to {DIE_FACES}, got {value} in {name} {rolled!r}")
        values.append(value)
    return tuple(sorted(values, reverse=True))


def compare(attack: Sequence[int], defence: Sequence[int]) -> Comparison:
    """Compare one attack roll with one defence roll, as conquest.md "Phase 2: Attack" says.

    The dice may come in any order; each side is sorted high to low first.
    The highest dice are compared, then the second-highest if both sides
    rolled at least two dice; the lower die loses, and ties go to the defender.

    >>> compare([1, 6], [6])
    Comparison(attacker_losses=1, defender_losses=0, pairs=((6, 6),))

    Raises ValueError unless the attacker rolled 1-3 dice and the defender 1-2
    dice, each showing 1-6; TypeError if a die is not an integer.
    """
    attack_sorted = _check_dice("attack", attack, MAX_ATTACK_DICE)
    defence_sorted = _check_dice("defence", defence, MAX_DEFENCE_DICE)
    pairs = tuple(zip(attack_sorted, defence_sorted))  # zip stops at the shorter side
    defender_losses = sum(1 for a, d in pairs if a > d)
    return Comparison(
        attacker_losses=len(pairs) - defender_losses,
        defender_losses=defender_losses,
        pairs=pairs,
    )


@functools.cache
def _roll_distribution(attack_dice: int, defence_dice: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """Cached, immutable table behind :func:`roll_distribution` (counts already validated)."""
    totals: dict[tuple[int, int], Fraction] = {}
    for attack, p_attack in _sorted_rolls(attack_dice):
        for defence, p_defence in _sorted_rolls(defence_dice):
            result = compare(attack, defence)
            key = (result.attacker_losses, result.defender_losses)
            totals[key] = totals.get(key, Fraction(0)) + p_attack * p_defence
    return tuple(sorted(totals.items()))


def roll_distribution(attack_dice: int, defence_dice: int) -> dict[tuple[int, int], Fraction]:
    """Exact distribution of one roll: (attacker_losses, defender_losses) -> probability.

    Only outcomes that can happen are keys, in ascending order; the values sum
    to 1. Computed once per pair of counts (cached); each call returns a fresh dict.

    >>> roll_distribution(3, 2)
    {(0, 2): Fraction(1445, 3888), (1, 1): Fraction(2611, 7776), (2, 0): Fraction(2275, 7776)}

    Raises ValueError unless ``1 <= attack_dice <= 3`` and
    ``1 <= defence_dice <= 2``; TypeError for non-integers.
    """
    attack, defence = _check_dice_counts(attack_dice, defence_dice)
    return dict(_roll_distribution(attack, defence))
