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


def play(seed: int, phases: int) -> tuple[list[dict[str, list[str]]], list[dict[str, object]]]:
    """Play one game with the easy CPU; (orders per phase, our position after each phase)."""
    state = DiplomacyGame().new_initial_state(seed)
    bot = make_bot("easy", seed)
    history, after = [], []
    for _ in range(phases):
        if state.is_terminal():
            break
        orders = {state.power_of(p): bot.orders(state, p) for p in state.waiting()}
        for power, texts in orders.items():
            state.submit(power, texts)
        state.resolve_step()
        history.append(orders)
        after.append(summary(state.position.to_dict()))
    return history, after


def ours(seed: int, history: list[dict[str, list[str]]]) -> tuple[float, float]:
    """Replay a game's orders through our engine; (adjudication s, generation s)."""
    state = DiplomacyGame().new_initial_state(seed)
    adjudicating = generating = 0.0
    for orders in history:
        start = time.perf_counter()
        for player in range(7):
            state.options(player)
        generating += time.perf_counter() - start
        start = time.perf_counter()
        for power, texts in orders.items():
            state.submit(power, texts)
        state.resolve_step()
        adjudicating += time.perf_counter() - start
    return adjudicating, generating


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
    agree, parted = 0, False
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
        same = units == ours_after["units"] and dislodged == ours_after["dislodged"] \
            and centres == ours_after["centres"]
        parted = parted or not same                 # after a difference the games are no longer comparable
        agree += not parted
    return adjudicating, generating, agree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--phases", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=3, help="runs per game and engine; the fastest counts")
    args = parser.parse_args()
    games = [(100 + g, *play(100 + g, args.phases)) for g in range(args.games)]
    phases = sum(len(h) for _, h, _ in games)
    print(f"Diplomacy engines: {args.games} seeded random-order games, {phases} phases, best of {args.repeat} runs")
    try:
        import diplomacy  # noqa: F401
        have_mila = True
    except ImportError:
        have_mila = False
    best: dict[str, list[float]] = {"ours_adj": [], "ours_gen": [], "mila_adj": [], "mila_gen": []}
    agree = 0
    for seed, history, after in games:        # the engines take turns, so both see the same machine load
        runs_ours = [ours(seed, history) for _ in range(args.repeat)]
        best["ours_adj"].append(min(r[0] for r in runs_ours))
        best["ours_gen"].append(min(r[1] for r in runs_ours))
        if have_mila:
            runs_mila = [mila(history, after) for _ in range(args.repeat)]
            best["mila_adj"].append(min(r[0] for r in runs_mila))
            best["mila_gen"].append(min(r[1] for r in runs_mila))
            agree += runs_mila[0][2]
    o_adj, o_gen = sum(best["ours_adj"]), sum(best["ours_gen"])
    print(f"  ours : {phases / o_adj:8.0f} phases/s adjudicating; {phases / (o_adj + o_gen):8.0f} phases/s "
          "with legal-order generation")
    if not have_mila:
        print("  MILA : not installed (pip install diplomacy==1.1.2, or run `make bench`)")
        return
    m_adj, m_gen = sum(best["mila_adj"]), sum(best["mila_gen"])
    print(f"  MILA : {phases / m_adj:8.0f} phases/s adjudicating; {phases / (m_adj + m_gen):8.0f} phases/s "
          "with legal-order generation")
    print(f"  ratio (ours / MILA): {m_adj / o_adj:.1f}x adjudicating, {(m_adj + m_gen) / (o_adj + o_gen):.1f}x "
          "with generation")
    print(f"  agreement: {agree} of {phases} phases give the same position in both engines "
          "(each game is compared up to its first difference)")


if __name__ == "__main__":
    main()
