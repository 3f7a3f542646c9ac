"""Benchmark of the shared event log (academy/ui/event_log.py): the cost of one new event early and late
in a long game; prints figures only.

    .venv/bin/python bench/event_log.py [--events 4000]

A log that grows is grouped again from its newest turn only, so the late figure should stay near the
early one (before, an event late in a 4,000-event game cost 25 ms against 1 ms at the start).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import param  # noqa: E402

from academy.ui.event_log import EventLog  # noqa: E402


class Source(param.Parameterized):
    log = param.List([])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=4000)
    args = ap.parse_args()
    source = Source()
    view = EventLog(source, lambda: source.log, mine=lambda: {0})
    times = []
    for n in range(args.events):
        entry = {"text": f"event {n}", "by": n % 2, "kind": "move", "turn": f"Turn {n // 8}" if n % 8 == 0 else None}
        start = time.perf_counter()
        source.log = source.log + [entry]
        times.append(time.perf_counter() - start)
    k = min(200, len(times) // 4)
    print(f"event log, {args.events} events in {len(view.turns())} turns: one event costs "
          f"{statistics.median(times[:k]) * 1000:.2f} ms (median of the first {k}), "
          f"{statistics.median(times[-k:]) * 1000:.2f} ms (median of the last {k})")


if __name__ == "__main__":
    main()
