"""Benchmark: the hard Tactics CPU against the easy one on every skirmish map.

Prints, per map, hard's win rate (sides alternate; a game that reaches the day limit goes to the
army with more properties, as the ``day_limit`` option rules), how the games ended, and the
average and worst time per hard CPU turn (all its decisions in one turn, the engine's work included). Target: hard wins ≥ 90%.

    .venv/bin/python bench/tactics_cpu.py [games per map] [day limit]
"""
from __future__ import annotations

import sys
import time
from collections import Counter

from academy.core.protocol import NodeKind
from academy.games.tactics.bots import make_bot
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.mapdata import available_maps


def play(map_id: str, seed: int, hard_side: int, day_limit: int) -> tuple[int | None, str, int, list[float]]:
    """One game; returns the winner, how it ended, the last day and the time of each of hard's turns (its decisions and the engine's work)."""
    state = TacticsGame(map=map_id, day_limit=day_limit).new_initial_state(seed=seed)
    bots = {hard_side: make_bot("hard", seed), 1 - hard_side: make_bot("easy", seed)}
    turns: list[float] = []
    started, mover = time.perf_counter(), state.current
    while state.node_kind() is not NodeKind.TERMINAL:
        if state.node_kind() is NodeKind.CHANCE:
            state.settle()
            continue
        if state.current != mover:
            if mover == hard_side:
                turns.append(time.perf_counter() - started)
            started, mover = time.perf_counter(), state.current
        state.play(bots[state.current].choose(state))
    if mover == hard_side:
        turns.append(time.perf_counter() - started)
    how = "knock-out" if not all(state.alive) else "day limit"
    return state.winner(), how, state.day, turns


def main(games: int = 10, day_limit: int = 40) -> None:
    maps, errors = available_maps()
    for err in errors:
        print("broken map:", err)
    total_wins = total = 0
    for map_id in sorted(maps):
        wins, ends, days, turns = 0, Counter(), [], []
        for seed in range(games):
            hard = seed % 2
            winner, how, day, t = play(map_id, seed, hard, day_limit)
            wins += winner == hard
            ends[how if winner == hard else f"{how} lost" if winner is not None else "draw"] += 1
            days.append(day)
            turns += t
        total_wins, total = total_wins + wins, total + games
        print(f"{map_id:16s} hard wins {wins}/{games} ({100 * wins / games:.0f}%)  endings {dict(ends)}  "
              f"days avg {sum(days) / len(days):.1f}  hard CPU turn avg {1000 * sum(turns) / len(turns):.1f} ms, "
              f"max {1000 * max(turns):.0f} ms")
    print(f"{'all maps':16s} hard wins {total_wins}/{total} ({100 * total_wins / total:.0f}%)  target ≥ 90%")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
