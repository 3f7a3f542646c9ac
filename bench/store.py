"""Benchmark of the game store (academy/store) on SQLite; prints figures only.

Run from the repository root:

    .venv/bin/python bench/store.py                 # 2,000 actions
    .venv/bin/python bench/store.py --actions 500   # fewer

It plays seeded 4-player Conquest games between bots until one has at least ``--actions``
record entries, appends them one by one to a fresh SQLite store in a temporary folder (WAL,
synchronous=FULL: every append is committed and synced before it returns), then loads the
record back and replays it. Not a test: nothing here asserts a time.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from academy.core.bots import play_game  # noqa: E402
from academy.core.record import Record  # noqa: E402
from academy.games.conquest import ConquestGame  # noqa: E402
from academy.games.conquest.bots import make_bot  # noqa: E402
from academy.store import Store  # noqa: E402

OPTIONS = {"players": 4, "setup": "random"}


def long_record(actions: int) -> Record:
    """The first ``actions`` entries of the first seeded bot game that has that many."""
    for seed in range(1, 200):
        state = ConquestGame(**OPTIONS).new_initial_state(seed)
        play_game(state, {p: make_bot(("easy", "normal")[p % 2], seed * 10 + p) for p in range(4)})
        if len(state.record) >= actions:
            return Record(state.game, seed, state.record.entries[:actions])
    raise SystemExit(f"no game of {actions} entries found")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--loads", type=int, default=5, help="load+replay repetitions (median printed)")
    args = parser.parse_args()

    record = long_record(args.actions)
    with tempfile.TemporaryDirectory() as folder, Store(f"sqlite:///{folder}/bench.db") as store:
        seats = [{"kind": "cpu", "level": "easy"}] * OPTIONS["players"]
        game_id, _ = store.create_game("conquest", OPTIONS, record.seed, seats)
        latencies: list[float] = []
        start = time.perf_counter()
        for i, e in enumerate(record.entries):
            t = time.perf_counter()
            store.append_action(game_id, i, e.player, e.action, e.chance)
            latencies.append(time.perf_counter() - t)
        total = time.perf_counter() - start
        print(f"SQLite (WAL, synchronous=FULL), {len(record)} appends, each committed before it returns:")
        print(f"  {len(record) / total:,.0f} appends/s; latency median {statistics.median(latencies) * 1e3:.2f} ms, "
              f"p95 {pct(latencies, 0.95) * 1e3:.2f} ms, max {max(latencies) * 1e3:.2f} ms")

        loads, replays, both = [], [], []
        for _ in range(args.loads):
            t0 = time.perf_counter()
            loaded = store.load_record(game_id)
            t1 = time.perf_counter()
            state = loaded.replay()
            t2 = time.perf_counter()
            loads.append(t1 - t0)
            replays.append(t2 - t1)
            both.append(t2 - t0)
        assert state == record.replay(), "the stored game does not replay to the same state"
        print(f"Load + replay of a {len(record)}-action game (median of {args.loads}): "
              f"{statistics.median(both) * 1e3:.0f} ms (load {statistics.median(loads) * 1e3:.0f} ms, "
              f"replay {statistics.median(replays) * 1e3:.0f} ms)")


if __name__ == "__main__":
    main()
