"""Attack odds over the luck rolls: tactics.md "Luck" (0..9, equally likely; luck off adds nothing),
"Combat and damage" (counterattack with the HP left); issue 5, "Odds and explanations"."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

from academy.core.errors import IllegalAction
from academy.games.tactics.damage import damage, damage_by_luck
from academy.games.tactics.odds import attack_odds


def brute_force(attacker: str, defender: str, a_health: int, d_health: int, a_terrain: str, d_terrain: str):
    """(damage, counter) over the 100 roll pairs, from damage() alone (direct fire, both can hit)."""
    out: dict[tuple[int, int | None], Fraction] = {}
    for luck in range(10):
        hit = damage(attacker, defender, a_health, d_health, d_terrain, luck)
        left = max(0, d_health - hit)
        for counter_luck in range(10):
            counter = None if left == 0 else damage(defender, attacker, left, a_health, a_terrain, counter_luck)
            out[hit, counter] = out.get((hit, counter), Fraction(0)) + Fraction(1, 100)
    return out


@pytest.mark.parametrize("a, d, ah, dh, at, dt", [
    ("tank", "tank", 100, 100, "plains", "plains"),
    ("tank", "infantry", 100, 70, "road", "forest"),
    ("mech", "tank", 63, 100, "mountain", "city"),
    ("anti_air", "attack_copter", 100, 55, "plains", "mountain"),
])
def test_odds_match_a_brute_force_over_both_rolls(a: str, d: str, ah: int, dh: int, at: str, dt: str) -> None:
    odds = attack_odds(a, d, ah, dh, at, dt)
    assert dict(odds.outcomes) == brute_force(a, d, ah, dh, at, dt)
    assert sum(odds.outcomes.values()) == 1
    assert list(odds.damage_by_luck) == damage_by_luck(a, d, ah, dh, dt)


def test_issue_example_odds() -> None:
    odds = attack_odds("tank", "tank")
    assert odds.damage_range == (49, 57) and odds.chance_to_destroy == 0
    assert odds.chance_of_counter == 1 and odds.counter_range == (24, 34)
    assert odds.expected_damage == Fraction(sum([49, 50, 51, 52, 53, 54, 54, 55, 56, 57]), 10)


def test_chance_to_destroy_and_no_counter() -> None:
    odds = attack_odds("tank", "infantry", defender_health=70)
    assert odds.chance_to_destroy == Fraction(9, 10)
    assert odds.chance_of_counter == Fraction(1, 10)
    ind = attack_odds("artillery", "tank", distance=2)
    assert ind.counter_range is None and ind.expected_counter == 0


def test_luck_off_is_one_outcome() -> None:
    """Luck: with luck off nothing is added."""
    odds = attack_odds("tank", "tank", luck=False)
    assert dict(odds.outcomes) == {(49, 29): 1}     # the Tank left at 51 health (6 HP) fires back 29
    assert odds.damage_by_luck == (49,)
    assert odds.example.counter == damage("tank", "tank", attacker_health=51)


def test_attacker_can_die_on_the_counter() -> None:
    odds = attack_odds("infantry", "infantry", attacker_health=10, defender_health=100)
    assert odds.chance_attacker_destroyed == 1
    assert math.isclose(float(odds.chance_of_counter), 1.0)


def test_odds_pass_errors_through() -> None:
    with pytest.raises(IllegalAction):
        attack_odds("artillery", "tank", distance=2, attacker_moved=True)
    with pytest.raises(IllegalAction):
        attack_odds("tnak", "tank")
