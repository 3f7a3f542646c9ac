"""Diplomacy CPU benchmark: seeded games of one bot against six easy CPUs; prints each level's
share of the supply centres, how often it led, and the time it takes to write a whole phase.

    python bench/diplomacy_cpu.py [--games 14] [--years 10]

Target (issue 4): hard writes a whole phase of orders in at most 5 s; hard takes a clearly larger
share of the centres than easy opponents (1/7 ≈ 14 % is an even share). The last row puts hard
against six normal CPUs, the same heuristic with more randomness and no supports.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from academy.games.diplomacy.bots import make_bot  # noqa: E402
from academy.games.diplomacy.game import DiplomacyGame  # noqa: E402


def play(level: str, seat: int, seed: int, years: int, others: str = "easy") -> tuple[float, bool, list[float]]:
    """One game: ``level`` plays ``seat``, ``others`` CPUs the rest; (centre share, led, seconds per phase)."""
    state = DiplomacyGame().new_initial_state(seed)
    bots = {p: make_bot(others, seed * 10 + p) for p in range(7)}
    bots[seat] = make_bot(level, seed)
    times: list[float] = []
    for _ in range(3 * years):
        if state.is_terminal():
            break
        for player in state.waiting():
            start = time.perf_counter()
            orders = bots[player].orders(state, player)
            if player == seat:
                times.append(time.perf_counter() - start)
            state.submit(player, orders)
        state.resolve_step()
    counts = state.centre_counts()
    mine = counts[state.powers[seat]]
    return mine / 34, mine == max(counts.values()), times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=14)
    parser.add_argument("--years", type=int, default=10)
    args = parser.parse_args()
    print(f"Diplomacy CPU: {args.games} seeded games per level, {args.years} years, one bot v six easy CPUs")
    for level, others in (("easy", "easy"), ("normal", "easy"), ("hard", "easy"), ("hard", "normal")):
        shares, leads, times = [], 0, []
        start = time.perf_counter()
        for g in range(args.games):
            share, led, t = play(level, g % 7, 1000 + g, args.years, others)
            shares.append(share)
            leads += led
            times += t
        total = time.perf_counter() - start
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
        print(f"  {level:6s} v six {others:6s}: centre share {statistics.mean(shares):6.1%} (even share 14.3%), led or tied "
              f"{leads}/{args.games}; per phase of its orders median {statistics.median(times) * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms, max {max(times) * 1000:.1f} ms; {total:.1f} s in all")


if __name__ == "__main__":
    main()
