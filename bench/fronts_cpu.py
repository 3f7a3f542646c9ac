"""Fronts CPU benchmark: seeded duels of one level against another, sides swapped every game;
prints the win rate (a draw counts as half), the draws, and the time to write a turn's orders.

    python bench/fronts_cpu.py [--games 20] [--level hard] [--against easy] [--turns 30] [--map duel]

Target (issue 7): hard wins at least 90% of its games against easy.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from academy.games.fronts.bots import make_bot  # noqa: E402
from academy.games.fronts.game import FrontsGame  # noqa: E402


def play(level: str, against: str, seat: int, seed: int, turns: int, map_id: str) -> tuple[float, bool, list[float]]:
    """One game: ``level`` plays ``seat``; (score 1/0.5/0, drawn, seconds per turn of ``level``)."""
    game = FrontsGame(players=2, map=map_id, turns=turns)
    state = game.new_initial_state(seed)
    bots = {0: make_bot(against, seed * 10), 1: make_bot(against, seed * 10 + 1)}
    bots[seat] = make_bot(level, seed)
    times: list[float] = []
    while not state.is_terminal():
        for player in state.waiting():
            start = time.perf_counter()
            orders = bots[player].orders(state, player)
            if player == seat:
                times.append(time.perf_counter() - start)
            state.submit(player, orders)
        state.resolve_step()
    winner = state.winner()
    if winner is None:
        return 0.5, True, times
    return (1.0 if winner == seat else 0.0), False, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--against", default="easy")
    ap.add_argument("--turns", type=int, default=30)
    ap.add_argument("--map", default="duel")
    args = ap.parse_args()
    scores, draws, times = [], 0, []
    start = time.perf_counter()
    for g in range(args.games):
        score, drawn, t = play(args.level, args.against, g % 2, 1000 + g, args.turns, args.map)
        scores.append(score)
        draws += drawn
        times += t
    total = time.perf_counter() - start
    print(f"{args.level} against {args.against} on {args.map}, {args.games} games of up to {args.turns} turns")
    print(f"  win rate {100 * statistics.mean(scores):.0f}% (draws {draws}), target >= 90% for hard vs easy")
    print(f"  {args.level} writes a turn in {1000 * statistics.mean(times):.1f} ms on average, "
          f"{1000 * max(times):.1f} ms at most; {total:.1f} s in all")


if __name__ == "__main__":
    main()
