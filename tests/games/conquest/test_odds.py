"""Exact battle odds: conquest.md, Section 4, "Phase 2: Attack" and "Conquering a Territory"."""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from academy.games.conquest import odds
from academy.games.conquest.dice import roll_distribution
from academy.games.conquest.odds import (
    BattleOdds,
    battle_odds,
    chain_probability,
    conquer_probability,
    conquer_probability_exact,
    one_roll,
)

# --- an independent reference, written from the rule text ------------------------------


@functools.cache
def dice_roll(attack_dice: int, defence_dice: int) -> tuple[tuple[int, int, Fraction], ...]:
    """One roll by enumerating every ordered roll of real dice with itertools.product."""
    counts: Counter[tuple[int, int]] = Counter()
    for attack in itertools.product(range(1, 7), repeat=attack_dice):
        for defence in itertools.product(range(1, 7), repeat=defence_dice):
            pairs = zip(sorted(attack, reverse=True), sorted(defence, reverse=True))
            lost_d = sum(1 for a, d in pairs if a > d)
            counts[min(attack_dice, defence_dice) - lost_d, lost_d] += 1
    total = 6 ** (attack_dice + defence_dice)
    return tuple((lost_a, lost_d, Fraction(n, total)) for (lost_a, lost_d), n in counts.items())


@functools.cache
def end_states(attackers: int, defenders: int) -> dict[tuple[int, int], Fraction]:
    """Exact distribution of (armies left attacking, armies left defending) when a battle ends.

    The attacker rolls min(3, attackers - 1) dice until the territory falls or one army is left.
    """
    if attackers == 1 or defenders == 0:
        return {(attackers, defenders): Fraction(1)}
    result: Counter[tuple[int, int]] = Counter()
    for lost_a, lost_d, p in dice_roll(min(3, attackers - 1), min(2, defenders)):
        for state, q in end_states(attackers - lost_a, defenders - lost_d).items():
            result[state] += p * q
    return dict(result)


def brute_conquer(attackers: int, defenders: int) -> Fraction:
    """Exact probability of conquest from the reference end states."""
    return sum((p for (_, d), p in end_states(attackers, defenders).items() if d == 0), Fraction(0))


@functools.cache
def brute_chain(attackers: int, defenders: tuple[int, ...]) -> Fraction:
    """Exact chain probability: after each conquest all armies but one move forward and attack on."""
    if not defenders:
        return Fraction(1)
    total = Fraction(0)
    for (left, d), p in end_states(attackers, defenders[0]).items():
        if d == 0:
            total += p * brute_chain(left - 1, defenders[1:])
    return total


# --- one roll --------------------------------------------------------------------------


@pytest.mark.parametrize(("attack_dice", "defence_dice"), list(itertools.product([1, 2, 3], [1, 2])))
def test_one_roll_is_the_dice_table(attack_dice, defence_dice):
    """conquest.md, Phase 2: Attack — the odds of one roll are the dice module's exact table."""
    assert one_roll(attack_dice, defence_dice) == roll_distribution(attack_dice, defence_dice)
    expected = {(lost_a, lost_d): p for lost_a, lost_d, p in dice_roll(attack_dice, defence_dice)}
    assert one_roll(attack_dice, defence_dice) == expected


def test_one_roll_three_against_two():
    """conquest.md, Phase 2: Attack — 3 v 2: 2890/7776, 2611/7776, 2275/7776."""
    assert one_roll(3, 2) == {
        (0, 2): Fraction(2890, 7776),
        (1, 1): Fraction(2611, 7776),
        (2, 0): Fraction(2275, 7776),
    }


@pytest.mark.parametrize(("attack_dice", "defence_dice"), [(0, 1), (4, 2), (3, 3), (1, 0)])
def test_one_roll_refuses_impossible_dice(attack_dice, defence_dice):
    """conquest.md, Phase 2: Attack — 1-3 attack dice against 1-2 defence dice."""
    with pytest.raises(ValueError):
        one_roll(attack_dice, defence_dice)


# --- conquering one territory ----------------------------------------------------------


def test_conquer_probability_matches_exact_fractions_over_a_grid():
    """conquest.md, Phase 2: Attack — the float odds agree with exact Fractions to 1e-12,
    for attackers 1..25 against defenders 1..15."""
    for attackers in range(1, 26):
        for defenders in range(1, 16):
            exact = conquer_probability_exact(attackers, defenders)
            assert conquer_probability(attackers, defenders) == pytest.approx(float(exact), abs=1e-12), (
                attackers,
                defenders,
            )


@pytest.mark.parametrize(
    ("attackers", "defenders"), [(2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2), (5, 3), (6, 4), (7, 2), (8, 5)]
)
def test_conquer_probability_matches_enumerating_real_dice(attackers, defenders):
    """conquest.md, Phase 2: Attack — the same answer as a recursion over every ordered roll of real dice."""
    exact = brute_conquer(attackers, defenders)
    assert conquer_probability_exact(attackers, defenders) == exact
    assert conquer_probability(attackers, defenders) == pytest.approx(float(exact), abs=1e-15)


def test_small_battles_by_hand():
    """conquest.md, Phase 2: Attack — 2 armies attack with one die, once: 15/36.
    3 armies v 1: two dice win 125/216, else one die once more at 15/36."""
    assert conquer_probability_exact(2, 1) == Fraction(15, 36)
    assert conquer_probability_exact(3, 1) == Fraction(125, 216) + Fraction(91, 216) * Fraction(15, 36)
    assert conquer_probability(2, 1) == pytest.approx(15 / 36, abs=1e-15)


@pytest.mark.parametrize("defenders", [1, 2, 10, 1000])
def test_one_army_cannot_attack(defenders):
    """conquest.md, Phase 2: Attack — an attacking territory needs at least two armies; one must stay behind."""
    assert conquer_probability(1, defenders) == 0.0
    assert conquer_probability_exact(1, defenders) == 0


def test_more_attackers_never_hurt_and_more_defenders_never_help():
    """More armies in the attacking territory can only raise the odds; more defenders only lower them."""
    for defenders in (1, 2, 5, 12):
        row = [conquer_probability(a, defenders) for a in range(1, 40)]
        assert all(x <= y + 1e-15 for x, y in zip(row, row[1:]))
    for attackers in (2, 5, 20):
        column = [conquer_probability(attackers, d) for d in range(1, 30)]
        assert all(x + 1e-15 >= y for x, y in zip(column, column[1:]))


def test_large_battle_is_a_probability():
    """1000 v 1000 runs exactly (no sampling) and favours the attacker, who rolls three dice."""
    p = conquer_probability(1000, 1000)
    assert 0.5 < p < 1.0
    assert conquer_probability(1000, 1000) == p  # cached, and deterministic
    assert 0.0 <= conquer_probability(3, 1000) < 1e-100


@pytest.mark.parametrize(
    ("attackers", "defenders", "error"),
    [(0, 1, ValueError), (-3, 1, ValueError), (2, 0, ValueError), (5, -1, ValueError), (2.0, 1, TypeError), (2, "1", TypeError)],
)
def test_conquer_probability_refuses_bad_counts(attackers, defenders, error):
    """A territory holds at least one army; counts are whole numbers."""
    with pytest.raises(error):
        conquer_probability(attackers, defenders)
    with pytest.raises(error):
        conquer_probability_exact(attackers, defenders)
    with pytest.raises(error):
        battle_odds(attackers, defenders)


# --- the whole outcome of a battle -----------------------------------------------------


@pytest.mark.parametrize(("attackers", "defenders"), [(1, 1), (1, 4), (2, 1), (3, 3), (5, 2), (8, 6), (12, 9)])
def test_battle_odds_match_the_exact_end_states(attackers, defenders):
    """conquest.md, Phase 2: Attack and Conquering a Territory — every end of a battle, exactly:
    the survivors on both sides and the expected losses."""
    result = battle_odds(attackers, defenders)
    exact = end_states(attackers, defenders)
    assert isinstance(result, BattleOdds)
    assert (result.attackers, result.defenders) == (attackers, defenders)
    assert list(result.attacker_survivors) == list(range(1, attackers + 1))
    assert list(result.defender_survivors) == list(range(0, defenders + 1))
    for count, p in result.attacker_survivors.items():
        expected = sum((q for (a, _), q in exact.items() if a == count), Fraction(0))
        assert p == pytest.approx(float(expected), abs=1e-14), count
    for count, p in result.defender_survivors.items():
        expected = sum((q for (_, d), q in exact.items() if d == count), Fraction(0))
        assert p == pytest.approx(float(expected), abs=1e-14), count
    lost_a = sum(((attackers - a) * q for (a, _), q in exact.items()), Fraction(0))
    lost_d = sum(((defenders - d) * q for (_, d), q in exact.items()), Fraction(0))
    assert result.expected_attacker_losses == pytest.approx(float(lost_a), abs=1e-12)
    assert result.expected_defender_losses == pytest.approx(float(lost_d), abs=1e-12)
    assert result.win == pytest.approx(float(brute_conquer(attackers, defenders)), abs=1e-15)


@pytest.mark.parametrize(("attackers", "defenders"), [(1, 1), (2, 7), (30, 30), (200, 120), (1000, 1000)])
def test_battle_odds_distributions_sum_to_one(attackers, defenders):
    """A battle always ends: the territory falls or the attacker is down to one army."""
    result = battle_odds(attackers, defenders)
    assert math.fsum(result.attacker_survivors.values()) == pytest.approx(1.0, abs=1e-12)
    assert math.fsum(result.defender_survivors.values()) == pytest.approx(1.0, abs=1e-12)
    assert all(p >= 0.0 for p in result.attacker_survivors.values())
    assert all(p >= 0.0 for p in result.defender_survivors.values())
    assert result.win == conquer_probability(attackers, defenders)
    assert result.defender_survivors[0] == pytest.approx(result.win, abs=1e-15)
    assert 0.0 <= result.expected_attacker_losses <= attackers - 1
    assert 0.0 <= result.expected_defender_losses <= defenders


def test_a_conquest_never_costs_the_last_attacking_army():
    """conquest.md, Conquering a Territory — when the territory falls at least one army stays
    behind and at least one moves in, so the attacking territory holds two or more."""
    result = battle_odds(6, 3)
    lost = 1.0 - result.win
    assert result.attacker_survivors[1] == pytest.approx(lost, abs=1e-15)


def test_battle_odds_gives_fresh_dicts():
    """Results are cached, but a caller changing the dicts cannot spoil the cache."""
    first = battle_odds(5, 3)
    first.attacker_survivors.clear()
    assert len(battle_odds(5, 3).attacker_survivors) == 5


# --- chains of conquests ---------------------------------------------------------------


def test_empty_chain_is_certain():
    """Nothing to conquer: the chain succeeds."""
    assert chain_probability(1, []) == 1.0
    assert chain_probability(7, ()) == 1.0


@pytest.mark.parametrize(("attackers", "defenders"), [(2, 1), (5, 3), (40, 17), (300, 250)])
def test_chain_of_one_is_a_battle(attackers, defenders):
    """A single target is one battle."""
    assert chain_probability(attackers, [defenders]) == pytest.approx(
        conquer_probability(attackers, defenders), abs=1e-15
    )


@pytest.mark.parametrize(
    ("attackers", "defenders"),
    [(3, (1, 1)), (5, (1, 1, 1)), (6, (2, 1)), (8, (3, 2, 1)), (10, (1, 4, 2)), (12, (2, 2, 2, 2)), (9, (5,))],
)
def test_chain_matches_exact_recursion(attackers, defenders):
    """conquest.md, Conquering a Territory — the newly conquered territory may attack again
    with the armies moved into it (all but one); the chain is exact."""
    exact = brute_chain(attackers, defenders)
    assert chain_probability(attackers, list(defenders)) == pytest.approx(float(exact), abs=1e-13)


def test_chain_needs_armies_to_move_forward():
    """conquest.md, Conquering a Territory — 2 armies conquering leave 1 behind and move 1,
    which cannot attack again; so 2 armies never take two territories."""
    assert chain_probability(2, [1, 1]) == 0.0
    assert chain_probability(1, [3]) == 0.0


def test_long_chain_is_a_probability():
    """200 armies through ten territories of 5: a valid probability, no larger than the first step."""
    p = chain_probability(200, [5] * 10)
    assert 0.0 <= p <= conquer_probability(200, 5)
    assert chain_probability(30, [5] * 10) < chain_probability(60, [5] * 10)


@pytest.mark.parametrize(
    ("attackers", "defenders", "error"),
    [(0, [1], ValueError), (5, [2, 0], ValueError), (5, [-1], ValueError), (5, [2.0], TypeError), (5, "12", TypeError)],
)
def test_chain_refuses_bad_counts(attackers, defenders, error):
    """Every territory on the path holds at least one army; counts are whole numbers."""
    with pytest.raises(error):
        chain_probability(attackers, defenders)


def test_module_has_no_ui_imports():
    """ARCHITECTURE.md — an engine never imports panel, holoviews or bokeh."""
    source = Path(odds.__file__).read_text(encoding="utf-8")
    for name in ("panel", "holoviews", "bokeh"):
        assert f"import {name}" not in source
        assert f"from {name}" not in source


@functools.cache
def _capped(attackers: int, defenders: int, most_dice: int) -> Fraction:
    """Attack until conquest or one army left, never with more than ``most_dice`` dice (rule text, by recursion)."""
    if defenders == 0:
        return Fraction(1)
    if attackers <= 1:
        return Fraction(0)
    return sum((p * _capped(attackers - la, defenders - ld, most_dice)
                for la, ld, p in dice_roll(min(most_dice, attackers - 1), min(2, defenders))), Fraction(0))


@pytest.mark.parametrize("most_dice", [1, 2, 3])
def test_conquer_probability_at_the_dice_chosen(most_dice):
    """conquest.md Phase 2 ("The attacker rolls one, two, or three dice"); issue 15: the odds panel's chance of
    attacking until the end is that of the dice the player chose (4 v 1: 91.6% with 3 dice, 80.2% with 1)."""
    for a in range(1, 13):
        for d in range(1, 10):
            assert math.isclose(conquer_probability(a, d, most_dice), float(_capped(a, d, most_dice)),
                                rel_tol=0, abs_tol=1e-12)
            battle = battle_odds(a, d, most_dice)
            assert math.isclose(battle.win, float(_capped(a, d, most_dice)), abs_tol=1e-12)
            assert math.isclose(math.fsum(battle.attacker_survivors.values()), 1.0, abs_tol=1e-12)
    assert f"{conquer_probability(4, 1, 1):.4f}" == "0.8015" and f"{conquer_probability(4, 1):.4f}" == "0.9164"
    with pytest.raises(ValueError, match="most_dice must be 1, 2 or 3"):
        conquer_probability(4, 1, 4)
