"""Exact odds of one attack and its counter, over the luck rolls (tactics.md, "Luck").

With luck on, the attack's roll and the counter's roll are independent and each of 0..9
is equally likely, so an attack has 100 equally likely outcomes; with luck off it has one
(both rolls 0). Everything is exact (``fractions.Fraction``), for the side panel's
damage range, chance to destroy and expected counter, and for the CPU players.

>>> o = attack_odds("tank", "tank")
>>> o.damage_range, o.chance_to_destroy, o.counter_range
((49, 57), Fraction(0, 1), (24, 34))
>>> float(o.expected_counter)
26.83
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from academy.games.tactics.damage import LUCK_RANGE, Exchange, exchange

__all__ = ["AttackOdds", "attack_odds"]


@dataclass(frozen=True)
class AttackOdds:
    """The distribution of an attack's outcomes.

    ``outcomes`` maps (damage, counter) to its probability, counter None when the defender
    does not fire back; ``damage_by_luck`` is the attack's damage for each roll, lowest first;
    ``example`` is the exchange at the middle rolls, for its explanation (``example.why()``).
    """

    damage_by_luck: tuple[int, ...]
    outcomes: Mapping[tuple[int, int | None], Fraction]
    defender_health: int
    attacker_health: int
    example: Exchange

    @property
    def damage_range(self) -> tuple[int, int]:
        """Lowest and highest damage of the attack."""
        return min(self.damage_by_luck), max(self.damage_by_luck)

    @property
    def chance_to_destroy(self) -> Fraction:
        """Probability that the attack destroys the defender."""
        return sum((p for (d, _), p in self.outcomes.items() if d >= self.defender_health), Fraction(0))

    @property
    def expected_damage(self) -> Fraction:
        return sum((d * p for (d, _), p in self.outcomes.items()), Fraction(0))

    @property
    def chance_of_counter(self) -> Fraction:
        """Probability that the defender fires back (it survives and can hit the attacker)."""
        return sum((p for (_, c), p in self.outcomes.items() if c is not None), Fraction(0))

    @property
    def expected_counter(self) -> Fraction:
        """Expected counter damage, counting 0 when there is no counter."""
        return sum(((c or 0) * p for (_, c), p in self.outcomes.items()), Fraction(0))

    @property
    def counter_range(self) -> tuple[int, int] | None:
        """Lowest and highest counter damage when there is one; None if there never is."""
        counters = [c for (_, c) in self.outcomes if c is not None]
        return (min(counters), max(counters)) if counters else None

    @property
    def chance_attacker_destroyed(self) -> Fraction:
        """Probability that the counter destroys the attacker."""
        return sum((p for (_, c), p in self.outcomes.items() if c is not None and c >= self.attacker_health),
                   Fraction(0))


def attack_odds(attacker: str, defender: str, attacker_health: int = 100, defender_health: int = 100,
                attacker_terrain: str = "plains", defender_terrain: str = "plains", distance: int = 1, *,
                luck: bool = True, luck_range: tuple[int, int] = LUCK_RANGE,
                counter_luck_range: tuple[int, int] = LUCK_RANGE, **kwargs: object) -> AttackOdds:
    """The odds of ``attacker`` attacking ``defender``: every pair of luck rolls, weighted equally.

    ``luck=False`` (the luck-off house rule) gives the single outcome with both rolls 0.
    Other keywords (commander percentages, ammo, ``attacker_moved``, weather) go to
    :func:`academy.games.tactics.damage.exchange`, and so do its errors (IllegalAction).
    """
    rolls = range(luck_range[0], luck_range[1] + 1) if luck else range(0, 1)
    counter_rolls = range(counter_luck_range[0], counter_luck_range[1] + 1) if luck else range(0, 1)
    common = dict(attacker_health=attacker_health, defender_health=defender_health,
                  attacker_terrain=attacker_terrain, defender_terrain=defender_terrain, distance=distance,
                  luck_range=luck_range if luck else (0, 0),
                  counter_luck_range=counter_luck_range if luck else (0, 0), **kwargs)
    weight = Fraction(1, len(rolls) * len(counter_rolls))
    counts: Counter[tuple[int, int | None]] = Counter()
    by_luck = []
    for roll in rolls:
        first = exchange(attacker, defender, luck=roll, counter_luck=counter_rolls[0], **common)  # type: ignore[arg-type]
        by_luck.append(first.damage)
        for counter_roll in counter_rolls:
            x = first if counter_roll == counter_rolls[0] else \
                exchange(attacker, defender, luck=roll, counter_luck=counter_roll, **common)  # type: ignore[arg-type]
            counts[x.damage, x.counter] += 1
    example = exchange(attacker, defender, luck=rolls[len(rolls) // 2], counter_luck=counter_rolls[len(counter_rolls) // 2],
                       **common)  # type: ignore[arg-type]
    outcomes = {k: n * weight for k, n in sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1] or -1))}
    return AttackOdds(tuple(by_luck), MappingProxyType(outcomes), defender_health, attacker_health, example)
