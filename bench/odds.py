"""Benchmark of the Conquest battle odds (academy/games/conquest/odds.py); prints figures only.

Run from the repository root:

    PYTHONPATH=. .venv/bin/python bench/odds.py

"cold" is the first call in this process (empty caches, after importing the
module); "warm" repeats the same call, served by the LRU cache. The last lines
are the largest battle a Conquest position allows (``limits.ARMIES``: 999 v 999
armies), its time and its peak memory (tracemalloc, caches cleared), and what
the odds side panel computes for it. Not a test: nothing here asserts a time.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timed(function: Callable[[], T]) -> tuple[T, float]:
    """Call ``function`` once; return its result and the wall time in seconds."""
    start = time.perf_counter()
    result = function()
    return result, time.perf_counter() - start


def main() -> None:
    """Print one line per figure."""
    import_start = time.perf_counter()
    from academy.games.conquest.odds import battle_odds, chain_probability, conquer_probability

    print(f"import academy.games.conquest.odds (numpy included)  {time.perf_counter() - import_start:.3f} s")

    p, cold = timed(lambda: conquer_probability(1000, 1000))
    print(f"conquer_probability(1000, 1000) = {p:.9f}  cold {cold:.3f} s")
    p, warm = timed(lambda: conquer_probability(1000, 1000))
    print(f"conquer_probability(1000, 1000) = {p:.9f}  warm {warm * 1e6:.1f} us")

    odds, seconds = timed(lambda: battle_odds(1000, 1000))
    print(
        f"battle_odds(1000, 1000): win {odds.win:.9f}, expected losses "
        f"{odds.expected_attacker_losses:.3f} v {odds.expected_defender_losses:.3f}  "
        f"{seconds:.3f} s (battle cached, dicts built)"
    )

    p, seconds = timed(lambda: conquer_probability(999, 1000))
    print(f"conquer_probability(999, 1000) = {p:.9f}  cold {seconds:.3f} s")

    p, seconds = timed(lambda: chain_probability(200, [5] * 10))
    print(f"chain_probability(200, [5]*10) = {p:.12f}  cold {seconds:.3f} s")
    p, seconds = timed(lambda: chain_probability(40, [5] * 10))
    print(f"chain_probability(40, [5]*10) = {p:.9f}  cold {seconds:.3f} s")

    grid_start = time.perf_counter()
    for attackers in range(2, 41):
        for defenders in range(1, 41):
            conquer_probability(attackers, defenders)
    print(f"conquer_probability over 39 x 40 small battles (2..40 v 1..40)  cold {time.perf_counter() - grid_start:.3f} s")

    largest()


def measured(function: Callable[[], T], clear: Callable[[], None]) -> tuple[T, float, int]:
    """Call ``function`` twice from cleared caches: once timed, once under tracemalloc for its peak memory
    (tracemalloc slows the call down, so the time is taken without it)."""
    clear()
    result, seconds = timed(function)
    clear()
    tracemalloc.start()
    function()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return result, seconds, peak


def largest() -> None:
    """The largest battle a position allows: time, and peak memory with the caches cleared."""
    from academy.games.conquest import odds
    from academy.games.conquest.limits import ARMIES
    from academy.games.conquest.position import parse_position
    from academy.ui.conquest.odds_panel import attack_html, choices_html

    def clear() -> None:
        odds._battle.cache_clear()
        odds._chain.cache_clear()

    most = ARMIES.high
    result, seconds, peak = measured(lambda: odds.battle_odds(most, most), clear)
    print(f"largest battle allowed, battle_odds({most}, {most}): win {result.win:.9f}  cold {seconds:.3f} s, "
          f"peak memory {peak / 1024:.0f} kB")
    p, seconds, peak = measured(lambda: odds.chain_probability(most, [most] * 3), clear)
    print(f"chain_probability({most}, [{most}] * 3) = {p:.3e}  cold {seconds:.3f} s, peak memory {peak / 1024:.0f} kB")
    state = parse_position(f"Red to move, attack | Red: Ukraine {most}, Afghanistan 3 | Blue: Ural {most} "
                           f"| rest: Blue {most}")
    targets = sorted(t for t in state.game.map.neighbours["ukraine"] if state.owner[t] != state.owner["ukraine"])
    _, seconds, peak = measured(lambda: (choices_html(state, "ukraine", targets),
                                         attack_html(state, "ukraine", "ural", 3)), clear)
    print(f"odds panel for Ukraine {most} against its {len(targets)} enemy neighbours of {most} (the choices and "
          f"one attack), largest position: cold {seconds:.3f} s, peak memory {peak / 1024:.0f} kB")


if __name__ == "__main__":
    main()
