"""The coach's review (issue 22): how long the review of a 200-decision game takes in each of the five
games, against the target of 10 s, and the mistakes and blunders per graded decision of each CPU level.
Prints figures with a PASS or MISS word; asserts nothing.

Run from the repository root (prefix ``nice -n 10`` on a shared machine):

    .venv/bin/python bench/review.py                     # all five games, 4 games per pairing
    .venv/bin/python bench/review.py tactics fronts      # some of the games
    .venv/bin/python bench/review.py --games 8 --seed 10
    .venv/bin/python bench/review.py --quick             # smoke run: 1 game per pairing, 60-decision games

**Speed.** A seeded game of normal CPUs (every seat) is played until it holds 200 decisions (entries that
are not chance: moves, attacks, placements, each power's or player's orders) or ends, then
``academy.core.review.review`` grades every decision of every player; the time is the review's alone.
The games: Conquest classic 2 players (random set-up), Tactics on Twin Harbors (40 days at most),
Game of War standard (100 turns at most), Fronts on Crossroads with 4 players (teams, 60 turns at most),
Diplomacy (no year limit). A game of simultaneous orders is stopped at the end of the phase (turn) in which
its 200th decision falls. A game that ends sooner is played again with the next seed (up to 6 seeds; the
seed used is printed), and the time is also given per 200 decisions.

**The live coach.** On the same game, up to 40 graded decisions spread over it are weighed before they are
played (``academy.core.review.foresee``, what the live coach asks) and, on the same board, the normal CPU
chooses for that seat; the medians and 95th percentiles of both are printed. The coach's warning should
come within the CPU's thinking time: its 95th percentile at most the normal CPU's or the pages' pause
between CPU moves (``CPU_PAUSE``), whichever is longer (a PASS or MISS word).

**Levels.** Seeded games of easy against normal and normal against hard, the higher level's seat rotating
(Diplomacy: one power of the higher level against six of the lower), short ones (Conquest 300 decisions,
Tactics 8 days, Game of War 12 turns, Fronts the duel in 10 turns, Diplomacy 2 years); every seat is
reviewed and each level's mistakes and blunders per graded decision are summed over all its seats.
The issue's check: the level below has at least as many as the level above (a PASS or MISS word).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from academy.core.bots import bot_seed  # noqa: E402
from academy.core.protocol import NodeKind, State  # noqa: E402
from academy.core.review import foresee, review  # noqa: E402
from bench.cpu import percentile  # noqa: E402
from bench.ladder import GAMES, TITLES, bot_for  # noqa: E402

TARGET = 10.0                   # seconds for the review of a 200-decision game
DECISIONS, QUICK_DECISIONS = 200, 60
PAIRINGS = (("easy", "normal"), ("normal", "hard"))
DEFAULT_GAMES, QUICK_GAMES = 4, 1
COACH_SAMPLES = 40              # decisions weighed by the live coach per game
CPU_PAUSE = 0.4                 # seconds the pages wait between two CPU moves
TRIES = 6                       # seeds tried for a game that lasts 200 decisions


def long_game(game: str, seed: int) -> State:
    """A new game with room for 200 decisions."""
    if game == "conquest":
        from academy.games.conquest import ConquestGame
        return ConquestGame(players=2, setup="random").new_initial_state(seed=seed)
    if game == "tactics":
        from academy.games.tactics.game import TacticsGame
        return TacticsGame(map="twin_harbors", day_limit=40).new_initial_state(seed=seed)
    if game == "game_of_war":
        from academy.games.game_of_war import GameOfWarGame
        return GameOfWarGame(max_turns=100).new_initial_state(seed=seed)
    if game == "fronts":
        from academy.games.fronts.game import FrontsGame
        return FrontsGame(players=4, map="crossroads", turns=60).new_initial_state(seed)
    from academy.games.diplomacy.game import DiplomacyGame
    return DiplomacyGame().new_initial_state(seed)


def short_game(game: str, seed: int) -> tuple[State, int]:
    """A new short game for the levels' figures, and its number of seats."""
    if game == "tactics":
        from academy.games.tactics.game import TacticsGame
        return TacticsGame(day_limit=8).new_initial_state(seed=seed), 2
    if game == "game_of_war":
        from academy.games.game_of_war import GameOfWarGame
        return GameOfWarGame(max_turns=12).new_initial_state(seed=seed), 2
    if game == "fronts":
        from academy.games.fronts.game import FrontsGame
        return FrontsGame(turns=10).new_initial_state(seed), 2
    if game == "diplomacy":
        from academy.games.diplomacy.game import DiplomacyGame
        return DiplomacyGame(years=2).new_initial_state(seed), 7
    return long_game(game, seed), 2


def decisions(state: State) -> int:
    return sum(1 for e in state.record.entries if not e.chance and e.player is not None)


def drive(state: State, bots: dict[int, Any], most: int) -> None:
    """Play ``state`` with ``bots`` to its end or until it holds ``most`` decisions (a game of simultaneous
    orders: at the end of that phase)."""
    state.settle()
    while not state.is_terminal() and decisions(state) < most:
        if state.node_kind() is NodeKind.SIMULTANEOUS:
            for player in state.waiting():
                state.submit(player, bots[player].orders(state, player))
            state.resolve_step()
        else:
            state.play(bots[state.to_move()].choose(state))


def seats(game: str, seed: int, levels: dict[int, str]) -> dict[int, Any]:
    return {p: bot_for(game, level, bot_seed(seed, p)) for p, level in levels.items()}


def time_review(game: str, seed: int, most: int) -> tuple[int, int, int, float, State]:
    """(seed, decisions, marks, seconds, the game) of the review of a game of normal CPUs with ``most``
    decisions: the first of the seeds ``seed``, ``seed + 1`` ... (``TRIES`` of them) whose game lasts that
    long, else the longest."""
    longest: State | None = None
    for s in range(seed, seed + TRIES):
        state = long_game(game, s)
        drive(state, seats(game, s, dict.fromkeys(range(state.game.num_players), "normal")), most)
        if longest is None or decisions(state) > decisions(longest):
            longest, used = state, s
        if decisions(state) >= most:
            break
    assert longest is not None
    start = time.perf_counter()
    rv = review(longest.record)
    return used, decisions(longest), len(rv.marks), time.perf_counter() - start, longest


def time_coach(game: str, played: State, seed: int) -> tuple[list[float], list[float]]:
    """(the coach's seconds, the normal CPU's seconds) for up to ``COACH_SAMPLES`` graded decisions of
    ``played``, spread over the game: each weighed by ``foresee`` on the board before it, and chosen anew
    there by the normal CPU of that seat."""
    record = played.record
    graded = played.game.reviewer().graded
    steps = [i for i, e in enumerate(record.entries)
             if not e.chance and e.player is not None and isinstance(e.action, graded)]
    if len(steps) > COACH_SAMPLES:
        steps = [steps[k * len(steps) // COACH_SAMPLES] for k in range(COACH_SAMPLES)]
    wanted, coach, cpu = set(steps), [], []
    state = record.initial_state()
    for i, entry in enumerate(record.entries):
        if i in wanted:
            start = time.perf_counter()
            foresee(state, entry.action, entry.player)
            coach.append(time.perf_counter() - start)
            bot = bot_for(game, "normal", bot_seed(seed, entry.player))
            twin = state.clone()
            start = time.perf_counter()
            if twin.node_kind() is NodeKind.SIMULTANEOUS:
                bot.orders(twin, entry.player)
            else:
                bot.choose(twin)
            cpu.append(time.perf_counter() - start)
        state.apply(entry.action)
    return coach, cpu


def level_rates(game: str, lower: str, higher: str, games: int, seed: int) -> dict[str, tuple[int, int]]:
    """{level: (mistakes and blunders, graded decisions)} over ``games`` short games of the pairing."""
    out = {lower: (0, 0), higher: (0, 0)}
    for i in range(games):
        state, n = short_game(game, seed + i)
        levels = {p: higher if p == i % n else lower for p in range(n)}
        drive(state, seats(game, seed + i, levels), 300)
        for m in review(state.record).marks:
            bad, graded = out[levels[m.player]]
            out[levels[m.player]] = (bad + m.is_mistake, graded + 1)
    return out


def rate(pair: tuple[int, int]) -> str:
    bad, graded = pair
    return f"{bad / graded:.3f} ({bad}/{graded})" if graded else "- (0 graded)"


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="games: " + ", ".join(GAMES))
    parser.add_argument("games_chosen", nargs="*", metavar="game", help="games to run (default: all five)")
    parser.add_argument("--games", type=int, default=None, help=f"games per pairing (default {DEFAULT_GAMES})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--quick", action="store_true",
                        help=f"smoke run: {QUICK_GAMES} game per pairing, {QUICK_DECISIONS}-decision games")
    args = parser.parse_args(argv)
    chosen = args.games_chosen or list(GAMES)
    for g in chosen:
        if g not in GAMES:
            parser.error(f"unknown game {g}: choose from {', '.join(GAMES)}")
    games = args.games if args.games is not None else (QUICK_GAMES if args.quick else DEFAULT_GAMES)
    most = QUICK_DECISIONS if args.quick else DECISIONS
    out(f"Review of a {most}-decision game of normal CPUs, target <= {TARGET:g} s for 200 decisions")
    out(f"{'game':<12} {'seed':>5} {'decisions':>9} {'marks':>6} {'seconds':>8}  per 200 decisions")
    played: dict[str, tuple[int, State]] = {}
    for game in chosen:
        used, n, marks, seconds, state = time_review(game, args.seed, most)
        played[game] = used, state
        scaled = seconds * DECISIONS / n if n else 0.0
        out(f"{TITLES[game]:<12} {used:>5} {n:>9} {marks:>6} {seconds:>8.2f}  {scaled:6.2f} s "
            f"{'PASS' if scaled <= TARGET else 'MISS'}")
    out("")
    out(f"The live coach's weighing of a decision against the normal CPU's choice on the same board (ms; "
        f"up to {COACH_SAMPLES} decisions per game; the pages pause {CPU_PAUSE * 1000:.0f} ms between CPU moves)")
    out(f"{'game':<12} {'decisions':>9} {'coach p50':>10} {'coach p95':>10} {'CPU p50':>8} {'CPU p95':>8}")
    for game in chosen:
        used, state = played[game]
        coach, cpu = time_coach(game, state, used)
        limit = max(percentile(cpu, 95), CPU_PAUSE)
        ms = [1000 * percentile(xs, q) for xs in (coach, cpu) for q in (50, 95)]
        out(f"{TITLES[game]:<12} {len(coach):>9} {ms[0]:>10.1f} {ms[1]:>10.1f} {ms[2]:>8.1f} {ms[3]:>8.1f}  "
            f"{'PASS' if percentile(coach, 95) <= limit else 'MISS'}")
    out("")
    out(f"Mistakes and blunders per graded decision, {games} games per pairing (seeds {args.seed}.."
        f"{args.seed + games - 1}); the level below should have at least as many as the level above")
    out(f"{'game':<12} {'pairing':<16} {'lower':<22} {'higher':<22}")
    for game in chosen:
        for lower, higher in PAIRINGS:
            rates = level_rates(game, lower, higher, games, args.seed)
            lo, hi = rates[lower], rates[higher]
            holds = (lo[0] / lo[1] if lo[1] else 0.0) >= (hi[0] / hi[1] if hi[1] else 0.0)
            out(f"{TITLES[game]:<12} {lower + ' v ' + higher:<16} {rate(lo):<22} {rate(hi):<22} "
                f"{'PASS' if holds else 'MISS'}")


if __name__ == "__main__":
    main()
