"""Diplomacy engine speed: the same seeded random-order games through our engine and through the MILA
``diplomacy`` package (a peer from PyPI, installed only for benchmarks by ``make bench``).

    python bench/diplomacy_speed.py [--games 6] [--phases 60]

Our engine plays each game with the easy CPU (random legal orders, seeded); the orders of every
phase are kept and then fed, unchanged, to a MILA game. Printed per engine: phases per second
when only adjudicating (orders given), and with legal-order generation for every power each phase
(our ``state.options``, MILA's ``get_all_possible_orders``); the ratio; and how many phases the
two engines agree on (the same units, dislodged units and supply-centre owners afterwards).
Target (issue 4): ours at least 3× faster.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from academy.games.diplomacy.bots import make_bot  # noqa: E402
from academy.games.diplomacy.game import DiplomacyGame  # noqa: E402


def ours(seed: int, phases: int) -> tuple[list[dict[str, list[str]]], list[dict[str, object]], float, float]:
    """Play one game; (orders per phase, our position after each phase, adjudication s, generation s)."""
    state = DiplomacyGame().new_initial_state(seed)
    bot = make_bot("easy", seed)
    history, after = [], []
    adjudicating = generating = 0.0
    for _ in range(phases):
        if state.is_terminal():
            break
        start = time.perf_counter()
        for player in range(7):
            state.options(player)
        generating += time.perf_counter() - start
        orders = {state.power_of(p): bot.orders(state, p) for p in state.waiting()}
        start = time.perf_counter()
        for power, texts in orders.items():
            state.submit(power, texts)
        state.resolve_step()
        adjudicating += time.perf_counter() - start
        history.append(orders)
        after.append(summary(state.position.to_dict()))
    return history, after, adjudicating, generating


def summary(d: dict) -> dict[str, object]:
    """Units, dislodged units and centres of a position dict, as comparable sets."""
    units = {(pw, u) for pw, us in d.get("units", {}).items() for u in us}
    dislodged = {(pw, x["unit"]) for pw, xs in d.get("dislodged", {}).items() for x in xs}
    centres = {(pw, c) for pw, cs in d.get("supply_centers", {}).items() for c in cs}
    return {"phase": d.get("phase"), "units": units, "dislodged": dislodged, "centres": centres}


def mila(history: list[dict[str, list[str]]], after: list[dict[str, object]]) -> tuple[float, float, int]:
    """Feed the same orders to MILA; (adjudication s, generation s, phases in agreement)."""
    from diplomacy import Game
    game = Game()
    adjudicating = generating = 0.0
    agree = 0
    for orders, ours_after in zip(history, after):
        start = time.perf_counter()
        game.get_all_possible_orders()
        generating += time.perf_counter() - start
        start = time.perf_counter()
        for power, texts in orders.items():
            game.set_orders(power, list(texts))
        game.process()
        adjudicating += time.perf_counter() - start
        units = {(pw, u.lstrip("*")) for pw, us in game.get_units().items() for u in us if not u.startswith("*")}
        dislodged = {(pw, u[1:]) for pw, us in game.get_units().items() for u in us if u.startswith("*")}
        centres = {(pw, c) for pw, cs in game.get_centers().items() for c in cs}
        if units == ours_after["units"] and dislodged == ours_after["dislodged"] and centres == ours_after["centres"]:
            agree += 1
        else:
            break                                   # the games have parted: the rest would not be comparable
    return adjudicating, generating, agree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--phases", type=int, default=60)
    args = parser.parse_args()
    runs = [ours(100 + g, args.phases) for g in range(args.games)]
    phases = sum(len(h) for h, *_ in runs)
    our_adj = sum(r[2] for r in runs)
    our_gen = sum(r[3] for r in runs)
    print(f"Diplomacy engines: {args.games} seeded random-order games, {phases} phases")
    print(f"  ours : {phases / our_adj:8.0f} phases/s adjudicating; {phases / (our_adj + our_gen):8.0f} phases/s "
          "with legal-order generation")
    try:
        import diplomacy  # noqa: F401
    except ImportError:
        print("  MILA : not installed (pip install diplomacy==1.1.2, or run `make bench`)")
        return
    results = [mila(h, a) for h, a, *_ in runs]
    compared = sum(r[2] for r in results)
    m_adj = sum(r[0] for r in results)
    m_gen = sum(r[1] for r in results)
    # phases MILA played: up to and including the first disagreement of each game
    m_phases = sum(min(len(h), r[2] + 1) for (h, *_), r in zip(runs, results))
    print(f"  MILA : {m_phases / m_adj:8.0f} phases/s adjudicating; {m_phases / (m_adj + m_gen):8.0f} phases/s "
          "with legal-order generation")
    print(f"  ratio (ours / MILA): {(phases / our_adj) / (m_phases / m_adj):.1f}x adjudicating, "
          f"{(phases / (our_adj + our_gen)) / (m_phases / (m_adj + m_gen)):.1f}x with generation")
    print(f"  agreement: {compared} of {phases} phases give the same position in both engines "
          "(each game is compared up to its first difference)")


if __name__ == "__main__":
    main()
