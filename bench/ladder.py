"""The CPU ladder of all five games (issue 21): does each level beat the one below it, and is hard quick
enough? Prints figures next to their targets with a PASS or MISS word; asserts nothing.

Run from the repository root (prefix ``nice -n 10`` on a shared machine):

    .venv/bin/python bench/ladder.py                       # all five games, 20 games per pairing
    .venv/bin/python bench/ladder.py conquest fronts       # some of the games
    .venv/bin/python bench/ladder.py --games 6 --seed 100  # fewer games, other seeds
    .venv/bin/python bench/ladder.py tactics --max-turns 30
    .venv/bin/python bench/ladder.py --quick               # smoke run: 2 games per pairing, short caps
    .venv/bin/python bench/ladder.py conquest --higher hard  # only the normal v hard pairings
    .venv/bin/python bench/ladder.py fronts --jobs 2       # two games at once (times then share the cores)

The games are conquest, diplomacy, fronts, game_of_war and tactics. Each plays three pairings, a level
against the level below it: random v easy, easy v normal, normal v hard ("random" is
``academy.core.bots.RandomBot``; in Diplomacy and Fronts, a random legal order for every unit, which is
what their easy CPU also does). Game i of a pairing uses seed ``--seed + i`` and puts the higher level in
seat i % (number of seats), so seats alternate (rotate) between games (at a table of teams, in both seats
of team i % (number of teams)); every bot's seed is
``bot_seed(seed, seat)``, as in the app.

- Conquest: the classic map (its only one) with 2 players (dealt set-up, neutral armies) and with 3
  players (the higher level against two of the lower). ``--max-turns`` (player turns, default 300) stops
  a game unfinished.
- Fronts: The Two Rivers (duel, its 2-player map); Three Passes (its map for three, every corner alike)
  and Crossroads, each with 3 players free-for-all (the higher level against two of the lower); and
  Crossroads with 4 players in its two teams of opposite corners (both players of one team at the higher
  level, both of the other at the lower, the teams taking turns to be the higher); ``--max-turns`` is the
  game's own turn limit (default 30; the most cities win then, a tie is a draw). Crossroads is a map for
  four: with three players the land of the fourth corner is neutral and lies between Red and Green, so
  Blue is the seat with no free corner to take, at both levels (three normal CPUs, seeds 1-40: Blue won
  2, Red 14, Green 17, 7 draws; on Three Passes, seeds 1-60 and 101-220: Red 53, Blue 48, Green 48, 31
  draws). Its rows are shown and not judged against the target (``Setup.unequal``): a level's wins there
  measure its seat as much as its play; Three Passes is the 3-player table that is judged.
- Game of War: the standard opening; ``--max-turns`` is the game's turn limit (default 200, a draw).
- Tactics: the skirmish maps, one per game in turn; ``--max-turns`` is the day limit (default 40; the
  army with more properties wins then, a tie is a draw).
- Diplomacy: one power of the higher level against six of the level below, the power rotating across
  the seven; ``--max-turns`` is the number of game years (default 10; the most centres win then). The
  measure is the higher level's share of the 34 supply centres.

Figures per pairing: games, the higher level's wins (a draw is not a win; at a table whose seats differ,
also by the seat it had), draws (over without a winner) and unfinished games (stopped by the bench's cap),
the average and median game length (turns, days or years), and each level's thinking time per CPU turn,
median and 95th percentile: all the ``choose`` calls of one player's turn (Conquest from reinforcements to
fortification, set-up excluded), or one ``orders`` call (a Fronts turn, a Diplomacy phase for one power).
The engine's own work is not counted.

Targets (issue 21): each level beats the one below in >= 75% of its games, easy beats random in >= 90%;
in Diplomacy the higher level's centre share is >= twice the even share (2/7, 28.6%); hard's 95th
percentile per CPU turn <= 2 s; hard's Diplomacy phase (one power's orders) <= 5 s.

The drivers of bench/cpu.py, fronts_cpu.py, diplomacy_cpu.py, game_of_war_cpu.py and tactics_cpu.py play
one level against easy with ``make_bot`` seats only (no random player, no third seat, one seat timed), so
the ladder drives the games itself, the same way (``choose`` per decision for the games in turns,
``orders`` then ``resolve_step`` for the games of simultaneous orders); it reuses bench/cpu.py's
``percentile``.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from academy.core.bots import RandomBot, bot_seed  # noqa: E402
from academy.core.errors import RulesError  # noqa: E402
from academy.core.protocol import NodeKind  # noqa: E402
from bench.cpu import percentile  # noqa: E402

GAMES = ("conquest", "diplomacy", "fronts", "game_of_war", "tactics")
TITLES = {"conquest": "Conquest", "diplomacy": "Diplomacy", "fronts": "Fronts", "game_of_war": "Game of War",
          "tactics": "Tactics"}
#: (lower, higher) level of each pairing, from the bottom of the ladder up
PAIRINGS = (("random", "easy"), ("easy", "normal"), ("normal", "hard"))
#: the share of its games the higher level must win, by the higher level
WIN_TARGET = {"easy": 0.90, "normal": 0.75, "hard": 0.75}
#: Diplomacy: the higher level's share of the supply centres, twice the even share
SHARE_TARGET = 2 / 7
TURN_TARGET = 2.0        # seconds, hard's 95th percentile per CPU turn
PHASE_TARGET = 5.0       # seconds, hard's 95th percentile per Diplomacy phase (one power's orders)
#: the cap of a game (its unit is the game's: player turns, turns, days or years) when none is given
DEFAULT_CAP = {"conquest": 300, "diplomacy": 10, "fronts": 30, "game_of_war": 200, "tactics": 40}
QUICK_CAP = {"conquest": 30, "diplomacy": 2, "fronts": 6, "game_of_war": 20, "tactics": 6}
UNIT = {"conquest": "turns", "diplomacy": "years", "fronts": "turns", "game_of_war": "turns", "tactics": "days"}
DEFAULT_GAMES, QUICK_GAMES = 20, 2
#: a safety net against a game that never ends (it counts as unfinished)
MAX_DECISIONS = 200_000


# ============================================================================ players
def _leaves(tree: Any) -> list[str]:
    if isinstance(tree, str):
        return [tree]
    return [leaf for branch in tree.values() for leaf in _leaves(branch)]


class RandomOrders:
    """The random player of a game of simultaneous orders (Diplomacy, Fronts): every unit (build site,
    city's planes) takes a random leaf of ``state.options(player)``, within the phase's order limit,
    an order the engine refuses beside the others being dropped. Seeded by its seed and the step."""

    level = "random"

    def __init__(self, seed: int = 0, name: str = "Random CPU") -> None:
        self.seed, self.name = int(seed), name

    def orders(self, state: Any, player: int) -> list[str]:
        rng = random.Random(f"ladder-random/{self.seed}/{player}/{len(state.record)}")
        tree = state.options(player)
        keys = sorted(tree)
        limit = state.order_limit(player)
        if limit is not None and limit < len(keys):
            keys = sorted(rng.sample(keys, limit))
        kept: list[str] = []
        for key in keys:
            leaves = _leaves(tree[key])
            if not leaves:
                continue
            order = rng.choice(leaves)
            try:
                state.validate_orders(player, [*kept, order])
            except RulesError:
                continue
            kept.append(order)
        return kept


def bot_for(game: str, level: str, seed: int) -> Any:
    """A CPU of ``level`` for ``game`` ("random": the random player), seeded ``seed``."""
    if level == "random":
        return RandomOrders(seed) if game in ("diplomacy", "fronts") else RandomBot(seed)
    if game == "conquest":
        from academy.games.conquest.bots import make_bot
    elif game == "diplomacy":
        from academy.games.diplomacy.bots import make_bot
    elif game == "fronts":
        from academy.games.fronts.bots import make_bot
    elif game == "game_of_war":
        from academy.games.game_of_war.bots import make_bot
    else:
        from academy.games.tactics.bots import make_bot
    return make_bot(level, seed)


# ============================================================================ one game
@dataclass
class Outcome:
    """One game's end as the ladder counts it."""

    higher_won: bool
    draw: bool = False            # over without a winner
    unfinished: bool = False      # stopped by the bench's cap
    length: float = 0.0           # turns, days or years
    share: float | None = None    # Diplomacy: the higher level's share of the supply centres


Times = dict[str, list[float]]


def play_in_turns(state: Any, bots: dict[int, Any], levels: dict[int, str], times: Times,
                  turn_of: Callable[[Any], Any], cap: Callable[[Any], bool] = lambda s: False) -> bool:
    """Drive a game played in turns to its end with ``bots``; adds each player's thinking time per turn
    (``turn_of(state)`` keys a turn; None: set-up, not timed) to ``times[level]``. Returns False when
    ``cap(state)`` (or MAX_DECISIONS) stopped it first."""
    key, think, decisions = None, 0.0, 0

    def close() -> None:
        if key is not None:
            times[levels[key[1]]].append(think)

    state.settle()
    while True:
        kind = state.node_kind()
        if kind is NodeKind.TERMINAL:
            close()
            return True
        if kind is NodeKind.CHANCE:
            state.settle()
            continue
        if cap(state) or decisions >= MAX_DECISIONS:
            close()
            return False
        player = state.to_move()
        turn = turn_of(state)
        now = None if turn is None else (turn, player)
        if now != key:
            close()
            key, think = now, 0.0
        start = time.perf_counter()
        action = bots[player].choose(state)
        think += time.perf_counter() - start
        state.play(action)
        decisions += 1


def play_with_orders(state: Any, bots: dict[int, Any], levels: dict[int, str], times: Times) -> None:
    """Drive a game of simultaneous orders to its end: every waiting player writes its orders (timed,
    per player and phase), then the phase resolves."""
    while not state.is_terminal():
        for player in state.waiting():
            start = time.perf_counter()
            orders = bots[player].orders(state, player)
            times[levels[player]].append(time.perf_counter() - start)
            state.submit(player, orders)
        state.resolve_step()


def _seats(n: int, higher_seat: int, lower: str, higher: str, team: Sequence[int] = ()) -> dict[int, str]:
    """The level of each of ``n`` seats: ``higher`` in ``higher_seat`` (and the other seats of ``team``)."""
    return {p: higher if p == higher_seat or p in team else lower for p in range(n)}


def _bots(game: str, levels: dict[int, str], seed: int) -> dict[int, Any]:
    return {p: bot_for(game, level, bot_seed(seed, p)) for p, level in levels.items()}


def play_conquest(players: int, seed: int, levels: dict[int, str], higher: int, cap: int, times: Times
                  ) -> Outcome:
    from academy.games.conquest import ConquestGame
    state = ConquestGame(players=players, setup="deal").new_initial_state(seed=seed)
    done = play_in_turns(state, _bots("conquest", levels, seed), levels, times,
                         lambda s: None if s.phase in ("claim", "place") else s.turn,
                         lambda s: s.turn > cap)
    return Outcome(done and state.winner() == higher, draw=done and state.winner() is None,
                   unfinished=not done, length=min(state.turn, cap))


def play_game_of_war(seed: int, levels: dict[int, str], higher: int, cap: int, times: Times) -> Outcome:
    from academy.games.game_of_war import GameOfWarGame
    state = GameOfWarGame(max_turns=cap).new_initial_state(seed=seed)
    done = play_in_turns(state, _bots("game_of_war", levels, seed), levels, times,
                         lambda s: None if s.phase == "deploy" else s.turn)
    return Outcome(state.winner() == higher, draw=done and state.winner() is None,
                   unfinished=not done, length=min(state.turn, cap))


def tactics_maps() -> list[str]:
    from academy.games.tactics.mapdata import available_maps
    return sorted(available_maps()[0])


def play_tactics(map_id: str, seed: int, levels: dict[int, str], higher: int, cap: int, times: Times
                 ) -> Outcome:
    from academy.games.tactics.game import TacticsGame
    state = TacticsGame(map=map_id, day_limit=cap).new_initial_state(seed=seed)
    done = play_in_turns(state, _bots("tactics", levels, seed), levels, times, lambda s: s.day)
    return Outcome(state.winner() == higher, draw=done and state.winner() is None,
                   unfinished=not done, length=state.day)


def play_fronts(options: dict[str, Any], seed: int, levels: dict[int, str], higher: int, cap: int,
                times: Times) -> Outcome:
    from academy.games.fronts.game import FrontsGame
    state = FrontsGame(turns=cap, **options).new_initial_state(seed)
    play_with_orders(state, _bots("fronts", levels, seed), levels, times)
    winner = state.winner()                 # the first player of the winning team
    return Outcome(winner is not None and levels[winner] == levels[higher], draw=winner is None,
                   length=min(state.board.turn, cap))


def play_diplomacy(seed: int, levels: dict[int, str], higher: int, cap: int, times: Times) -> Outcome:
    from academy.games.diplomacy.game import DiplomacyGame
    game = DiplomacyGame(years=cap)
    state = game.new_initial_state(seed)
    play_with_orders(state, _bots("diplomacy", levels, seed), levels, times)
    phase = state.position.phase
    years = phase.year - game.start_year + (0 if phase.season == "S" else 1)
    share = state.centre_counts()[state.powers[higher]] / 34
    return Outcome(state.winner() == higher, draw=state.winner() is None, length=years, share=share)



# ============================================================================ the set-ups
@dataclass(frozen=True)
class Setup:
    """One table of a game: its label, its seats, and how game i of a pairing is played."""

    label: str
    seats: int
    #: (i, seed, levels, higher seat, cap, times) -> the outcome of game i of a pairing
    play: Callable[[int, int, dict[int, str], int, int, Times], Outcome]
    #: a table of teams: the seats of each team; game i gives team i % len(teams) the higher level
    teams: tuple[tuple[int, ...], ...] = ()
    #: names of the higher level's seats (its first seat at a table of teams), for the wins by seat
    seat_names: Mapping[int, str] = field(default_factory=dict)
    #: why the table's seats do not start equal (its wins then measure the seat as much as the level: shown,
    #: not judged against the target); "" for a table whose seats start alike
    unequal: str = ""

    def levels(self, i: int, lower: str, higher: str) -> tuple[int, dict[int, str]]:
        """(the higher level's first seat, every seat's level) in game i of a pairing."""
        if self.teams:
            team = self.teams[i % len(self.teams)]
            return team[0], _seats(self.seats, team[0], lower, higher, team)
        seat = i % self.seats
        return seat, _seats(self.seats, seat, lower, higher)


def setups(game: str) -> list[Setup]:
    if game == "conquest":
        return [Setup("2 players", 2, lambda i, s, lv, h, c, t: play_conquest(2, s, lv, h, c, t)),
                Setup("3 players", 3, lambda i, s, lv, h, c, t: play_conquest(3, s, lv, h, c, t))]
    if game == "fronts":
        return [Setup("duel", 2, lambda i, s, lv, h, c, t: play_fronts({"players": 2, "map": "duel"}, s, lv, h, c, t)),
                Setup("three passes 3 ffa", 3, lambda i, s, lv, h, c, t: play_fronts(
                    {"players": 3, "map": "three_passes", "mode": "ffa"}, s, lv, h, c, t),
                    seat_names={0: "Red", 1: "Blue", 2: "Green"}),
                Setup("crossroads 3 ffa", 3, lambda i, s, lv, h, c, t: play_fronts(
                    {"players": 3, "map": "crossroads", "mode": "ffa"}, s, lv, h, c, t),
                    seat_names={0: "Red", 1: "Blue", 2: "Green"},
                    unequal="a map for four: Blue borders both others and has no free corner (three normal CPUs, "
                            "seeds 1-40: Blue won 2)"),
                Setup("crossroads 2v2", 4, lambda i, s, lv, h, c, t: play_fronts(
                    {"players": 4, "map": "crossroads", "mode": "teams"}, s, lv, h, c, t), teams=((0, 2), (1, 3)),
                    seat_names={0: "Red and Green", 1: "Blue and Gold"})]
    if game == "game_of_war":
        return [Setup("standard", 2, lambda i, s, lv, h, c, t: play_game_of_war(s, lv, h, c, t))]
    if game == "tactics":
        maps = tactics_maps()
        return [Setup("maps in turn", 2, lambda i, s, lv, h, c, t: play_tactics(maps[i % len(maps)], s, lv, h, c, t))]
    if game == "diplomacy":
        return [Setup("1 v 6", 7, lambda i, s, lv, h, c, t: play_diplomacy(s, lv, h, c, t))]
    raise ValueError(f"unknown game {game!r}: choose from {', '.join(GAMES)}")


def describe(game: str) -> str:
    """The tables a game's ladder plays, in words."""
    return {
        "conquest": "classic map, dealt set-up; 2 players (with neutral armies) and 3 players (higher v two lower)",
        "diplomacy": "one power of the higher level v six of the lower, the power rotating",
        "fronts": "duel (2 players); three passes (a map for three, every seat alike) and crossroads, 3 players "
                  "free-for-all (higher v two lower); crossroads, "
                  "4 players in two teams (two higher v two lower)",
        "game_of_war": "standard opening, a draw at the turn limit",
        "tactics": "skirmish maps in turn (" + ", ".join(tactics_maps()) + "), the day limit decides",
    }[game]


# ============================================================================ a pairing
@dataclass
class Row:
    """The figures of one pairing at one table."""

    game: str
    setup: str
    lower: str
    higher: str
    outcomes: list[Outcome]
    times: Times = field(default_factory=dict)
    seconds: float = 0.0
    #: the higher level's seat in each game, and the seats' names (empty: not shown)
    seats: list[int] = field(default_factory=list)
    seat_names: Mapping[int, str] = field(default_factory=dict)
    #: the table's ``Setup.unequal`` ("": judged against the target)
    unequal: str = ""

    def by_seat(self) -> str:
        """'Red 13/14, Blue 3/13, ...': the higher level's wins by its seat ('' without seat names)."""
        if not self.seat_names:
            return ""
        won: dict[int, list[int]] = {}
        for seat, o in zip(self.seats, self.outcomes):
            won.setdefault(seat, [0, 0])
            won[seat][0] += o.higher_won
            won[seat][1] += 1
        return ", ".join(f"{self.seat_names.get(seat, f'seat {seat}')} {w}/{n}"
                         for seat, (w, n) in sorted(won.items()))

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def wins(self) -> int:
        return sum(o.higher_won for o in self.outcomes)

    @property
    def draws(self) -> int:
        return sum(o.draw for o in self.outcomes)

    @property
    def unfinished(self) -> int:
        return sum(o.unfinished for o in self.outcomes)

    @property
    def lengths(self) -> list[float]:
        return [o.length for o in self.outcomes]

    @property
    def share(self) -> float | None:
        shares = [o.share for o in self.outcomes if o.share is not None]
        return statistics.mean(shares) if shares else None

    def win_verdict(self) -> tuple[str, str, bool]:
        """(figure, target, met) of the pairing's strength target."""
        if self.game == "diplomacy":
            share = self.share or 0.0
            return f"share {share:6.1%}", f">= {SHARE_TARGET:.1%}", share >= SHARE_TARGET
        rate = self.wins / self.games if self.games else 0.0
        target = WIN_TARGET[self.higher]
        return f"wins {rate:6.1%}", f">= {target:.0%}", rate >= target


def _play_one(task: tuple[str, int, int, str, str, int, int]) -> tuple[int, Outcome, Times]:
    """Game i of a pairing at table ``table`` of ``game``: (the higher level's seat, the outcome, the times)."""
    game, table, i, lower, higher, seed, cap = task
    setup = setups(game)[table]
    seat, levels = setup.levels(i, lower, higher)
    times: Times = defaultdict(list)
    return seat, setup.play(i, seed + i, levels, seat, cap, times), dict(times)


def run_pairing(game: str, table: int, lower: str, higher: str, games: int, seed: int, cap: int,
                jobs: int = 1) -> Row:
    """``games`` seeded games of ``higher`` against ``lower`` at table ``table`` of ``game``
    (``setups(game)[table]``), the higher level's seat rotating; ``jobs`` processes play them (the same games
    and outcomes, in the same order; the thinking times then share the machine)."""
    setup = setups(game)[table]
    tasks = [(game, table, i, lower, higher, seed, cap) for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            played = pool.map(_play_one, tasks, chunksize=1)
    else:
        played = [_play_one(t) for t in tasks]
    times: Times = defaultdict(list)
    for _, _, ts in played:
        for level, values in ts.items():
            times[level] += values
    return Row(game, setup.label, lower, higher, [o for _, o, _ in played], dict(times),
               time.perf_counter() - start, [seat for seat, _, _ in played], setup.seat_names, setup.unequal)


def run_game(game: str, games: int, seed: int, cap: int, report: Callable[[Row], None] | None = None,
             higher_levels: Sequence[str] = (), jobs: int = 1) -> list[Row]:
    """Every pairing of ``game`` at every table (only those whose higher level is in ``higher_levels``, if
    given); ``report(row)`` is called as each row is done."""
    rows = []
    for table in range(len(setups(game))):
        for lower, higher in PAIRINGS:
            if higher_levels and higher not in higher_levels:
                continue
            row = run_pairing(game, table, lower, higher, games, seed, cap, jobs)
            rows.append(row)
            if report:
                report(row)
    return rows


# ============================================================================ printing
def word(met: bool) -> str:
    return "PASS" if met else "MISS"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}" if seconds >= 0.0995 else f"{seconds * 1000:.1f}"


def time_figure(values: list[float]) -> str:
    """'p50/p95 ms' of a level's times, '-' for none."""
    if not values:
        return "-"
    return f"{_ms(percentile(values, 50))}/{_ms(percentile(values, 95))} ms"


def _width(game: str) -> int:
    return 36 if game == "diplomacy" else 26


def header(game: str) -> str:
    what = "win% of the higher level" if game != "diplomacy" else "higher level's centre share"
    per = "phase per power" if game == "diplomacy" else "CPU turn"
    return (f"{'table':<19} {'pairing':<17} {'games':>5}  {what:<{_width(game)}} {'draws':>5} {'unfin':>5}  "
            f"{'length avg/median':<20} time per {per}, p50/p95: lower | higher")


def format_row(row: Row) -> str:
    figure, target, met = row.win_verdict()
    if row.game == "diplomacy":
        figure = f"{figure} (won {row.wins}/{row.games})"
    unit = UNIT[row.game]
    lengths = row.lengths
    length = f"{statistics.mean(lengths):.1f}/{statistics.median(lengths):g} {unit}" if lengths else "-"
    verdict = f"{figure} {target} {word(met)}" if not row.unequal else f"{figure} not judged"
    line = (f"{row.setup:<19} {row.lower + ' v ' + row.higher:<17} {row.games:>5}  {verdict:<{_width(row.game)}} "
            f"{row.draws:>5} {row.unfinished:>5}  {length:<20} {row.lower} {time_figure(row.times.get(row.lower, []))}"
            f" | {row.higher} {time_figure(row.times.get(row.higher, []))}")
    seats = row.by_seat()
    line += f"\n{'':<19} {row.higher} won, by its seat: {seats}" if seats else ""
    return line + (f"\n{'':<19} not judged, its seats start unequal: {row.unequal}" if row.unequal else "")


def speed_line(game: str, rows: Sequence[Row]) -> str:
    """Hard's 95th percentile over all its turns (phases) in ``rows``, against its target."""
    hard = [t for row in rows for lv, ts in row.times.items() if lv == "hard" for t in ts]
    limit, what = (PHASE_TARGET, "a phase of one power's orders") if game == "diplomacy" else (TURN_TARGET,
                                                                                               "a CPU turn")
    if not hard:
        return f"  hard, {what}: no figures"
    p95 = percentile(hard, 95)
    return (f"  hard, {what}: p95 {_ms(p95)} ms over {len(hard)} (max {_ms(max(hard))} ms), target <= "
            f"{limit:g} s {word(p95 <= limit)}")


def main(argv: list[str] | None = None) -> list[Row]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="games: " + ", ".join(GAMES))
    parser.add_argument("games_chosen", nargs="*", metavar="game", help="games to run (default: all five)")
    parser.add_argument("--games", type=int, default=None,
                        help=f"games per pairing (default {DEFAULT_GAMES}; --quick: {QUICK_GAMES})")
    parser.add_argument("--seed", type=int, default=1, help="seed of each pairing's first game (default 1)")
    parser.add_argument("--max-turns", type=int, default=None,
                        help="cap of a game in its own unit: Conquest player turns, Fronts and Game of War turns, "
                             "Tactics days, Diplomacy years (defaults: " +
                             ", ".join(f"{g} {c}" for g, c in DEFAULT_CAP.items()) + ")")
    parser.add_argument("--higher", action="append", default=[], choices=[h for _, h in PAIRINGS],
                        help="only the pairings whose higher level is this one (repeatable; default: all three)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes playing a pairing's games at once (default 1; the same outcomes, but the "
                             "thinking times then share the machine's cores)")
    parser.add_argument("--quick", action="store_true",
                        help=f"smoke run: {QUICK_GAMES} games per pairing, short caps (" +
                             ", ".join(f"{g} {c}" for g, c in QUICK_CAP.items()) + ")")
    args = parser.parse_args(argv)
    chosen = args.games_chosen or list(GAMES)
    for g in chosen:
        if g not in GAMES:
            parser.error(f"unknown game {g}: choose from {', '.join(GAMES)}")
    games = args.games if args.games is not None else (QUICK_GAMES if args.quick else DEFAULT_GAMES)
    if games < 1:
        parser.error("--games must be 1 or more")
    print(f"CPU ladder: {games} games per pairing, seeds {args.seed}..{args.seed + games - 1}, the higher level's "
          f"seat rotating; targets: easy beats random in >= {WIN_TARGET['easy']:.0%}, each level the one below "
          f"in >= {WIN_TARGET['hard']:.0%} (Diplomacy: centre share >= {SHARE_TARGET:.1%}), hard p95 <= "
          f"{TURN_TARGET:g} s per CPU turn, <= {PHASE_TARGET:g} s per Diplomacy phase")
    rows: list[Row] = []
    for g in chosen:
        cap = args.max_turns if args.max_turns is not None else (QUICK_CAP if args.quick else DEFAULT_CAP)[g]
        print(f"\n== {TITLES[g]}: {describe(g)}; cap {cap} {UNIT[g]}")
        print(header(g))
        start = time.perf_counter()
        game_rows = run_game(g, games, args.seed, cap, report=lambda row: print(format_row(row), flush=True),
                             higher_levels=args.higher, jobs=max(1, args.jobs))
        print(speed_line(g, game_rows))
        print(f"  {time.perf_counter() - start:.1f} s for {TITLES[g]}")
        rows += game_rows
    return rows


if __name__ == "__main__":
    main()
