"""Benchmark of the Game of War CPU players (academy/games/game_of_war/bots.py); prints figures only.

Run from the repository root:

    .venv/bin/python bench/game_of_war_cpu.py                 # 20 games hard v easy, 10 normal v easy
    .venv/bin/python bench/game_of_war_cpu.py --games 6 --normal-games 0

Each game starts from the standard opening with a turn limit (``--max-turns``, a draw when reached;
a draw is not a win). Game i uses seed ``--seed + i`` and the measured bot takes seat i % 2 (North or
South; who moves first is the game's own draw). Times are the bots' thinking time (``choose``), per
decision and per turn (all the decisions of one player's turn). Not a test: nothing here asserts a time.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from academy.core.protocol import NodeKind  # noqa: E402
from academy.games.game_of_war import GameOfWarGame  # noqa: E402
from academy.games.game_of_war.bots import make_bot  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation; nan for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def play(seed: int, levels: dict[int, str], max_turns: int, decision: dict[str, list[float]],
         turn: dict[str, list[float]]) -> tuple[int | None, str | None, int]:
    """One seeded game; returns (winner, how, turns) and adds the thinking times."""
    state = GameOfWarGame(max_turns=max_turns).new_initial_state(seed=seed)
    bots = {p: make_bot(level, seed=seed * 10 + p) for p, level in levels.items()}
    state.settle()
    key, think = None, 0.0
    while state.node_kind() is not NodeKind.TERMINAL:
        player = state.to_move()
        if (state.turn, player) != key:
            if key is not None:
                turn[levels[key[1]]].append(think)
            key, think = (state.turn, player), 0.0
        start = time.perf_counter()
        action = bots[player].choose(state)
        spent = time.perf_counter() - start
        decision[levels[player]].append(spent)
        think += spent
        state.play(action)
    if key is not None:
        turn[levels[key[1]]].append(think)
    return state.winner(), state.result, state.turn


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of hard v easy (default 20)")
    parser.add_argument("--normal-games", type=int, default=10, help="games of normal v easy (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--max-turns", type=int, default=200, help="turn limit, a draw (default 200)")
    args = parser.parse_args(argv)
    decision: dict[str, list[float]] = defaultdict(list)
    turn: dict[str, list[float]] = defaultdict(list)
    print(f"Game of War CPU benchmark: standard opening, turn limit {args.max_turns}, seats alternate")
    for level, games in (("hard", args.games), ("normal", args.normal_games)):
        if games <= 0:
            continue
        results: Counter[str] = Counter()
        turns = []
        start = time.perf_counter()
        for i in range(games):
            seat = i % 2
            winner, how, n = play(args.seed + i, {seat: level, 1 - seat: "easy"}, args.max_turns, decision, turn)
            results["win" if winner == seat else "draw" if winner is None else "loss"] += 1
            results[f"by {how}"] += winner == seat
            turns.append(n)
        wins = results["win"]
        print(f"{level} vs easy: {wins}/{games} wins ({100 * wins / games:.1f}%), {results['draw']} draws, "
              f"{results['loss']} losses; wins by arsenals {results['by arsenals']}, by army {results['by army']}; "
              f"median game {percentile(turns, 50):.0f} turns; {time.perf_counter() - start:.1f} s")
    print("\nthinking time               median          p95          max      count")
    for what, table in (("per decision", decision), ("per turn", turn)):
        for level in ("hard", "normal", "easy"):
            values = table.get(level)
            if values:
                print(f"  {level:<7}{what:<13} {ms(percentile(values, 50))} {ms(percentile(values, 95))} "
                      f"{ms(max(values))} {len(values):>10}")


if __name__ == "__main__":
    main()
