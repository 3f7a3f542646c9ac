"""The dice of one attack roll: conquest.md, Section 4, "Phase 2: Attack"."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import FrozenInstanceError
from fractions import Fraction
from pathlib import Path

import pytest

from academy.games.conquest import dice
from academy.games.conquest.dice import (
    MAX_ATTACK_DICE,
    MAX_DEFENCE_DICE,
    Comparison,
    compare,
    max_attack_dice,
    max_defence_dice,
    roll_distribution,
    sorted_rolls,
)


def brute_force_one_roll(attack_dice: int, defence_dice: int) -> dict[tuple[int, int], Fraction]:
    """One-roll distribution by enumerating every ordered roll of real dice (6**n outcomes).

    Independent of the module: its own sorting and comparison, written from the rule text.
    """
    counts: Counter[tuple[int, int]] = Counter()
    faces = range(1, 7)
    for attack in itertools.product(faces, repeat=attack_dice):
        for defence in itertools.product(faces, repeat=defence_dice):
            high_a = sorted(attack, reverse=True)
            high_d = sorted(defence, reverse=True)
            lost_a = lost_d = 0
            for i in range(min(attack_dice, defence_dice)):
                if high_a[i] > high_d[i]:
                    lost_d += 1
                else:
                    lost_a += 1
            counts[lost_a, lost_d] += 1
    total = 6 ** (attack_dice + defence_dice)
    return {key: Fraction(n, total) for key, n in counts.items()}


# --- how many dice each side may roll -------------------------------------------------


def test_dice_limits():
    """conquest.md, Phase 2: Attack — the attacker rolls one to three dice, the defender one or two."""
    assert MAX_ATTACK_DICE == 3
    assert MAX_DEFENCE_DICE == 2


@pytest.mark.parametrize(
    ("armies", "most"), [(0, 0), (1, 0), (2, 1), (3, 2), (4, 3), (5, 3), (40, 3)]
)
def test_attacker_must_leave_one_army_behind(armies, most):
    """conquest.md, Phase 2: Attack — the attacker must leave at least one army behind;
    three attack dice therefore require at least four armies in the attacking territory."""
    assert max_attack_dice(armies) == most


@pytest.mark.parametrize(("armies", "most"), [(0, 0), (1, 1), (2, 2), (3, 2), (40, 2)])
def test_two_defence_dice_need_two_armies(armies, most):
    """conquest.md, Phase 2: Attack — two defense dice require at least two armies in the defending territory."""
    assert max_defence_dice(armies) == most


@pytest.mark.parametrize("function", [max_attack_dice, max_defence_dice])
def test_negative_army_counts_are_refused(function):
    """A territory cannot hold a negative number of armies."""
    with pytest.raises(ValueError, match="at least 0"):
        function(-1)


@pytest.mark.parametrize("function", [max_attack_dice, max_defence_dice])
@pytest.mark.parametrize("bad", [2.0, "3", True, None])
def test_non_integer_army_counts_are_refused(function, bad):
    """Army counts are whole numbers."""
    with pytest.raises(TypeError):
        function(bad)


# --- sorted rolls ----------------------------------------------------------------------


@pytest.mark.parametrize(("n", "multisets"), [(1, 6), (2, 21), (3, 56)])
def test_sorted_rolls_list_every_multiset_once_high_to_low(n, multisets):
    """conquest.md, Phase 2: Attack — both sides arrange their results from highest to lowest."""
    rolls = sorted_rolls(n)
    faces = [roll for roll, _ in rolls]
    assert len(faces) == multisets
    assert len(set(faces)) == multisets
    for roll in faces:
        assert len(roll) == n
        assert list(roll) == sorted(roll, reverse=True)
        assert all(1 <= die <= 6 for die in roll)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_sorted_rolls_probabilities_are_exact_and_sum_to_one(n):
    """Each sorted roll has the probability of all its orderings among the 6**n equally likely rolls."""
    rolls = dict(sorted_rolls(n))
    assert sum(rolls.values()) == 1
    ordered = Counter(tuple(sorted(r, reverse=True)) for r in itertools.product(range(1, 7), repeat=n))
    assert rolls == {roll: Fraction(count, 6**n) for roll, count in ordered.items()}


def test_sorted_rolls_examples():
    """A double is one ordering in 36; a mixed pair is two; three different dice are six in 216."""
    rolls = dict(sorted_rolls(3))
    assert rolls[6, 6, 6] == Fraction(1, 216)
    assert rolls[6, 6, 1] == Fraction(3, 216)
    assert rolls[5, 3, 1] == Fraction(6, 216)
    assert dict(sorted_rolls(2))[4, 4] == Fraction(1, 36)


def test_sorted_rolls_returns_a_fresh_list():
    """The table is cached, but callers get their own list to change."""
    first = sorted_rolls(2)
    first.clear()
    assert len(sorted_rolls(2)) == 21
    assert sorted_rolls(1) is not sorted_rolls(1)


@pytest.mark.parametrize("n", [0, 4, -1])
def test_sorted_rolls_refuses_impossible_dice_counts(n):
    """No side ever rolls fewer than one or more than three dice."""
    with pytest.raises(ValueError, match="1 to 3"):
        sorted_rolls(n)


# --- comparing one roll ----------------------------------------------------------------


def test_highest_dice_are_compared_and_lower_loses():
    """conquest.md, Phase 2: Attack — compare the highest attacker die with the highest
    defender die; the lower result loses one army."""
    assert compare([6], [5]) == Comparison(0, 1, ((6, 5),))
    assert compare([2], [4]) == Comparison(1, 0, ((2, 4),))


def test_ties_go_to_the_defender():
    """conquest.md, Phase 2: Attack — every tied comparison is won by the defender."""
    assert compare([3], [3]) == Comparison(1, 0, ((3, 3),))
    assert compare([6, 6, 6], [6, 6]) == Comparison(2, 0, ((6, 6), (6, 6)))


def test_dice_are_sorted_before_comparing():
    """conquest.md, Phase 2: Attack — both sides arrange their results from highest to lowest."""
    result = compare([2, 6, 3], [3, 5])
    assert result.pairs == ((6, 5), (3, 3))
    assert (result.attacker_losses, result.defender_losses) == (1, 1)


@pytest.mark.parametrize(
    ("attack", "defence", "compared"),
    [([6, 5, 4], [1], 1), ([6], [1, 1], 1), ([6, 5], [1, 1], 2), ([6, 5, 4], [1, 1], 2)],
)
def test_second_pair_only_when_both_roll_two(attack, defence, compared):
    """conquest.md, Phase 2: Attack — the second-highest dice are compared only if both
    sides rolled at least two dice; the third attack die is never compared."""
    result = compare(attack, defence)
    assert len(result.pairs) == compared
    assert result.attacker_losses + result.defender_losses == compared


def test_explain_says_why_each_army_is_lost():
    """Every result is explainable: one sentence per compared pair."""
    assert compare([6, 3, 1], [5, 3]).explain() == [
        "6 beats 5: the defender loses 1 army.",
        "3 ties 3: ties go to the defender, the attacker loses 1 army.",
    ]
    assert compare([2], [4, 1]).explain() == ["2 loses to 4: the attacker loses 1 army."]


def test_comparison_is_frozen():
    """A result is a value: it cannot be changed after the roll."""
    result = compare([6], [1])
    with pytest.raises(FrozenInstanceError):
        result.attacker_losses = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("attack", "defence", "message"),
    [
        ([], [1], "attack must have 1 to 3 dice"),
        ([1, 2, 3, 4], [1], "attack must have 1 to 3 dice"),
        ([1], [], "defence must have 1 to 2 dice"),
        ([1], [1, 2, 3], "defence must have 1 to 2 dice"),
        ([0], [1], "1 to 6"),
        ([7], [1], "1 to 6"),
        ([1], [-2], "1 to 6"),
    ],
)
def test_compare_refuses_impossible_rolls(attack, defence, message):
    """conquest.md, Phase 2: Attack — 1-3 attack dice, 1-2 defence dice, each showing 1-6."""
    with pytest.raises(ValueError, match=message):
        compare(attack, defence)


@pytest.mark.parametrize(("attack", "defence"), [([2.5], [1]), (["6"], [1]), ("66", [1]), ([True], [1])])
def test_compare_refuses_non_integer_dice(attack, defence):
    """A die shows a whole number."""
    with pytest.raises(TypeError):
        compare(attack, defence)


# --- the distribution of one roll -----------------------------------------------------


def test_one_die_against_one():
    """conquest.md, Phase 2: Attack — 1 v 1: the attacker wins 15/36 (ties go to the defender)."""
    assert roll_distribution(1, 1) == {(0, 1): Fraction(15, 36), (1, 0): Fraction(21, 36)}


def test_two_dice_against_one():
    """conquest.md, Phase 2: Attack — 2 v 1: the attacker's highest die wins 125/216."""
    assert roll_distribution(2, 1)[0, 1] == Fraction(125, 216)


def test_three_dice_against_one():
    """conquest.md, Phase 2: Attack — 3 v 1: the attacker's highest die wins 855/1296."""
    assert roll_distribution(3, 1)[0, 1] == Fraction(855, 1296)


def test_one_die_against_two():
    """conquest.md, Phase 2: Attack — 1 v 2: only the highest pair is compared; attacker wins 55/216."""
    assert roll_distribution(1, 2) == {(0, 1): Fraction(55, 216), (1, 0): Fraction(161, 216)}


def test_two_dice_against_two():
    """conquest.md, Phase 2: Attack — 2 v 2: both pairs compared."""
    assert roll_distribution(2, 2) == {
        (0, 2): Fraction(295, 1296),
        (1, 1): Fraction(420, 1296),
        (2, 0): Fraction(581, 1296),
    }


def test_three_dice_against_two():
    """conquest.md, Phase 2: Attack — 3 v 2: both pairs compared, the third attack die picks the best two."""
    assert roll_distribution(3, 2) == {
        (0, 2): Fraction(2890, 7776),
        (1, 1): Fraction(2611, 7776),
        (2, 0): Fraction(2275, 7776),
    }


@pytest.mark.parametrize(("attack_dice", "defence_dice"), list(itertools.product([1, 2, 3], [1, 2])))
def test_roll_distribution_matches_enumerating_real_dice(attack_dice, defence_dice):
    """The sorted-roll table gives the same exact distribution as all 6**n ordered rolls."""
    distribution = roll_distribution(attack_dice, defence_dice)
    assert distribution == brute_force_one_roll(attack_dice, defence_dice)
    assert sum(distribution.values()) == 1
    compared = min(attack_dice, defence_dice)
    assert all(lost_a + lost_d == compared for lost_a, lost_d in distribution)


def test_roll_distribution_returns_a_fresh_dict():
    """The table is cached, but callers get their own dict to change."""
    roll_distribution(1, 1).clear()
    assert len(roll_distribution(1, 1)) == 2


@pytest.mark.parametrize(("attack_dice", "defence_dice"), [(0, 1), (4, 1), (1, 0), (1, 3), (-1, 2)])
def test_roll_distribution_refuses_impossible_dice_counts(attack_dice, defence_dice):
    """conquest.md, Phase 2: Attack — 1-3 attack dice against 1-2 defence dice."""
    with pytest.raises(ValueError, match="rolls 1 to"):
        roll_distribution(attack_dice, defence_dice)


def test_module_has_no_ui_imports():
    """ARCHITECTURE.md — an engine never imports panel, holoviews or bokeh."""
    source = Path(dice.__file__).read_text(encoding="utf-8")
    for name in ("panel", "holoviews", "bokeh"):
        assert f"import {name}" not in source
        assert f"from {name}" not in source
