"""Benchmark of the Conquest CPU players (academy/games/conquest/bots.py); prints figures only.

Run from the repository root:

    .venv/bin/python bench/cpu.py               # 50 games hard v easy, 50 normal v easy
    .venv/bin/python bench/cpu.py --games 10    # fewer

Each game is a seeded 2-player game (classic set-up by dealing, neutral armies included)
between the level measured and the easy bot; game i uses seed ``--seed + i`` and the measured
bot takes seat i % 2, so seats alternate (who plays first is the game's own starting roll).
Times are the bots' thinking time (``choose``), per decision and per turn (a player's whole
turn, reinforcements to the end of fortification, set-up excluded); "with engine" adds the
engine's work on those decisions (applying them and rolling the dice). Not a test: nothing
here asserts a time.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from academy.core.protocol import NodeKind  # noqa: E402
from academy.games.conquest import ConquestGame  # noqa: E402
from academy.games.conquest.bots import make_bot  # noqa: E402

SETUP_PHASES = ("claim", "place")


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation; nan for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


class Timings:
    """Thinking times per level: each decision, and each whole turn."""

    def __init__(self) -> None:
        self.decision: dict[str, list[float]] = defaultdict(list)
        self.turn: dict[str, list[float]] = defaultdict(list)
        self.turn_wall: dict[str, list[float]] = defaultdict(list)


def play(seed: int, levels: dict[int, str], timings: Timings) -> tuple[int | None, int, int]:
    """One seeded game; returns (winner, turns, decisions) and adds the times to ``timings``."""
    game = ConquestGame(players=2, setup="deal")
    state = game.new_initial_state(seed=seed)
    bots = {p: make_bot(level, seed=seed * 10 + p) for p, level in levels.items()}
    state.settle()
    decisions = 0
    turn_key: tuple[int, int] | None = None
    think = wall = 0.0

    def close_turn() -> None:
        if turn_key is not None:
            level = levels[turn_key[1]]
            timings.turn[level].append(think)
            timings.turn_wall[level].append(wall)

    while state.node_kind() is not NodeKind.TERMINAL:
        player = state.to_move()
        in_setup = state.phase in SETUP_PHASES
        key = None if in_setup else (state.turn, player)
        if key != turn_key:
            close_turn()
            turn_key, think, wall = key, 0.0, 0.0
        start = time.perf_counter()
        action = bots[player].choose(state)
        chosen = time.perf_counter()
        state.play(action)
        done = time.perf_counter()
        timings.decision[levels[player]].append(chosen - start)
        think += chosen - start
        wall += done - start
        decisions += 1
        if decisions > 100_000:
            raise RuntimeError(f"seed {seed}: no winner after {decisions} decisions")
    close_turn()
    return state.winner(), state.turn, decisions


def match(level: str, games: int, first_seed: int, timings: Timings) -> tuple[int, list[int], float]:
    """``games`` games of ``level`` against easy, alternating seats; returns (wins, turns, seconds)."""
    wins, turns = 0, []
    start = time.perf_counter()
    for i in range(games):
        seat = i % 2
        winner, n_turns, _ = play(first_seed + i, {seat: level, 1 - seat: "easy"}, timings)
        wins += winner == seat
        turns.append(n_turns)
    return wins, turns, time.perf_counter() - start


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games of hard v easy (default 50)")
    parser.add_argument("--normal-games", type=int, default=None, help="games of normal v easy (default: --games)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    args = parser.parse_args(argv)
    normal_games = args.games if args.normal_games is None else args.normal_games

    timings = Timings()
    print(f"Conquest CPU benchmark: 2 players, set-up by dealing (with neutral armies), seeds "
          f"{args.seed}..{args.seed + max(args.games, normal_games) - 1}, seats alternate")
    results = []
    for level, games in (("hard", args.games), ("normal", normal_games)):
        if games <= 0:
            continue
        wins, turns, seconds = match(level, games, args.seed, timings)
        results.append((level, wins, games, turns, seconds))
    for level, wins, games, turns, seconds in results:
        print(f"{level} vs easy: {wins}/{games} wins ({100 * wins / games:.1f}%)  "
              f"median game {percentile(turns, 50):.0f} turns, {seconds:.1f} s for all {games} games")

    print("\ntime per decision (bot thinking)        median        p95        max   decisions")
    for level in ("hard", "normal", "easy"):
        values = timings.decision.get(level)
        if values:
            print(f"  {level:<8}                         {ms(percentile(values, 50))} {ms(percentile(values, 95))} "
                  f"{ms(max(values))} {len(values):>10}")
    print("time per CPU turn (reinforce .. fortify)  median        p95        max       turns")
    for level in ("hard", "normal", "easy"):
        values, walls = timings.turn.get(level), timings.turn_wall.get(level)
        if values:
            print(f"  {level:<8} bot thinking           {ms(percentile(values, 50))} {ms(percentile(values, 95))} "
                  f"{ms(max(values))} {len(values):>10}")
            print(f"  {level:<8} with engine            {ms(percentile(walls, 50))} {ms(percentile(walls, 95))} "
                  f"{ms(max(walls))}")


if __name__ == "__main__":
    main()
