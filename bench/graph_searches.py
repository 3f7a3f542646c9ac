"""Benchmark of the engines' graph searches (academy/core/graph.py and its users); prints figures only.

For each game it plays one seeded game between CPU players and prints:

- ``game``: a digest of the finished game's record (the same digest before and after a change to the
  searches shows that the seeded game replays identically),
- ``search``: the time of one call of each graph search, on positions sampled from that game, and a
  digest of their answers (the same digest: the same answers),
- ``legal``: the average time to list the legal actions (or options) of the player to move,
- ``bot``: the average time of one CPU decision (a turn's orders in Diplomacy and Fronts).

    .venv/bin/python bench/graph_searches.py [--games conquest,diplomacy,fronts,tactics,game_of_war]

Not a test: nothing here asserts a time.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from academy.core.protocol import NodeKind  # noqa: E402


def digest(value: Any) -> str:
    return hashlib.blake2b(json.dumps(value, sort_keys=True, default=sorted).encode(), digest_size=6).hexdigest()


def per_call(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """(seconds per call of ``fn``, its last answer)."""
    start = time.perf_counter()
    for _ in range(repeat):
        out = fn()
    return (time.perf_counter() - start) / repeat, out


def report(name: str, record: Any, searches: dict[str, list[tuple[float, Any]]], legal: list[float],
           bot: list[float]) -> None:
    print(f"{name}: game {digest(record)}")
    for what, runs in searches.items():
        mean = sum(t for t, _ in runs) / len(runs)
        print(f"  search {what:34s} {1e6 * mean:9.1f} µs per call over {len(runs):4d} positions, "
              f"answers {digest([out for _, out in runs])}")
    print(f"  legal  {1e3 * sum(legal) / len(legal):9.3f} ms per call ({len(legal)} calls)")
    print(f"  bot    {1e3 * sum(bot) / len(bot):9.3f} ms per decision ({len(bot)} decisions)")


def sequential(state: Any, bots: dict[int, Any], sample: Callable[[Any], None], limit: int) -> tuple[list[float],
                                                                                                     list[float]]:
    """Play a turn-by-turn game with ``bots``; ``sample(state)`` before each decision."""
    legal, bot = [], []
    for _ in range(limit):
        kind = state.node_kind()
        if kind is NodeKind.TERMINAL:
            break
        if kind is NodeKind.CHANCE:
            state.settle()
            continue
        sample(state)
        start = time.perf_counter()
        state.legal_actions()
        legal.append(time.perf_counter() - start)
        start = time.perf_counter()
        action = bots[state.to_move()].choose(state)
        bot.append(time.perf_counter() - start)
        state.play(action)
    return legal, bot


def simultaneous(state: Any, bots: dict[int, Any], sample: Callable[[Any], None], steps: int) -> tuple[list[float],
                                                                                                       list[float]]:
    legal, bot = [], []
    for _ in range(steps):
        if state.is_terminal():
            break
        sample(state)
        for player in state.waiting():
            start = time.perf_counter()
            state.options(player)
            legal.append(time.perf_counter() - start)
            start = time.perf_counter()
            orders = bots[player].orders(state, player)
            bot.append(time.perf_counter() - start)
            state.submit(player, orders)
        state.resolve_step()
    return legal, bot


def conquest() -> None:
    from academy.games.conquest import ConquestGame
    from academy.games.conquest import rules
    from academy.games.conquest.bots import make_bot
    state = ConquestGame(players=3, setup="deal").new_initial_state(seed=7)
    bots = {p: make_bot("normal", seed=70 + p) for p in range(3)}
    searches: dict[str, list[tuple[float, Any]]] = {"reachable (fortify paths)": []}

    def sample(s: Any) -> None:
        if s.phase == "fortify" and s.current is not None and s.current >= 0:
            for t in sorted(s.territories_of(s.current))[:6]:
                searches["reachable (fortify paths)"].append(per_call(lambda: sorted(rules.reachable(s, t)), 50))
    legal, bot = sequential(state, bots, sample, 3000)
    report("conquest", state.record.to_json(), searches, legal, bot)


def diplomacy() -> None:
    from academy.games.diplomacy import options as opts
    from academy.games.diplomacy.adjudicate import adjudicate
    from academy.games.diplomacy.bots import make_bot
    from academy.games.diplomacy.game import DiplomacyGame
    from academy.games.diplomacy.phases import civil_disorder_distances
    state = DiplomacyGame().new_initial_state(3)
    bots = {p: make_bot("normal", 30 + p) for p in range(7)}
    searches: dict[str, list[tuple[float, Any]]] = {"civil disorder distances": [], "fleet components": [],
                                                    "adjudicate (convoy paths)": []}

    def sample(s: Any) -> None:
        pos = s.position
        for power in s.powers[:3]:
            searches["civil disorder distances"].append(per_call(lambda: civil_disorder_distances(pos, power), 20))
        searches["fleet components"].append(per_call(lambda: sorted(map(sorted, opts._fleet_components(pos))), 50))
        if pos.phase.kind == "M":
            orders = {pw: bots[0].orders(s, s.player_of(pw)) for pw in s.waiting_for()}
            searches["adjudicate (convoy paths)"].append(per_call(
                lambda: sorted((k, str(v)) for k, v in adjudicate(pos, orders).results.items()), 3))
    legal, bot = simultaneous(state, bots, sample, 18)
    report("diplomacy", state.record.to_json(), searches, legal, bot)


def fronts() -> None:
    from academy.games.fronts.bots import make_bot
    from academy.games.fronts.game import FrontsGame
    from academy.games.fronts.supply import supply_path
    state = FrontsGame(players=2, map="duel", turns=20).new_initial_state(11)
    bots = {0: make_bot("hard", 110), 1: make_bot("normal", 111)}
    fmap = state.game.map
    searches: dict[str, list[tuple[float, Any]]] = {"distances_from": [], "supply_path": []}

    def sample(s: Any) -> None:
        b = s.board
        for p in sorted(fmap.provinces)[:8]:
            searches["distances_from"].append(per_call(lambda: fmap.distances_from(p), 50))
        for p in sorted(fmap.provinces):
            for team in sorted(set(b.teams.values())):
                searches["supply_path"].append(per_call(lambda: supply_path(fmap, p, team, b.owners, b.teams), 20))
    legal, bot = simultaneous(state, bots, sample, 20)
    report("fronts", state.record.to_json(), searches, legal, bot)


def tactics() -> None:
    from academy.games.tactics import bots as tbots
    from academy.games.tactics.game import TacticsGame
    from academy.games.tactics.legal import reach_of
    state = TacticsGame(map=_tactics_map(), day_limit=12).new_initial_state(seed=5)
    bots = {0: tbots.make_bot("hard", 5), 1: tbots.make_bot("normal", 6)}
    searches: dict[str, list[tuple[float, Any]]] = {"reachable (move costs)": [], "distance_field": []}
    seen_days: set[int] = set()

    def sample(s: Any) -> None:
        for pos in sorted(s.units_of(s.current))[:4]:
            searches["reachable (move costs)"].append(per_call(
                lambda: (lambda r: (sorted(r.costs.items()), sorted(r.previous.items()), sorted(r.tiles)))(
                    reach_of(s, pos)), 20))
        if s.day not in seen_days:
            seen_days.add(s.day)
            for pos in sorted(s.units)[:3]:
                def field() -> Any:
                    tbots.distance_field.cache_clear()
                    return sorted(tbots.distance_field(s.game.map.id, s.units[pos].type, pos).items())
                searches["distance_field"].append(per_call(field, 5))
    legal, bot = sequential(state, bots, sample, 1500)
    report(f"tactics ({state.game.map.id})", state.record.to_json(), searches, legal, bot)


def _tactics_map() -> str:
    from academy.games.tactics.mapdata import available_maps
    maps, _ = available_maps()
    return sorted(maps)[0]


def game_of_war() -> None:
    from academy.games.game_of_war import GameOfWarGame
    from academy.games.game_of_war.bots import make_bot
    from academy.games.game_of_war.communication import communication
    from academy.games.game_of_war.moves import destinations
    state = GameOfWarGame(max_turns=30).new_initial_state(seed=9)
    bots = {0: make_bot("hard", 90), 1: make_bot("normal", 91)}
    searches: dict[str, list[tuple[float, Any]]] = {"communication": [], "destinations (movement)": []}

    def sample(s: Any) -> None:
        for u in sorted(s.position.units, key=lambda u: u.id)[:6]:
            searches["destinations (movement)"].append(per_call(lambda: sorted(destinations(s.position, u.id)), 10))
        for side in ("north", "south"):
            searches["communication"].append(per_call(lambda: (lambda n: (
                sorted(n.covered), sorted(n.emitting_relays), sorted(n.connected), sorted(n.by_touch)))(
                communication(s.position, side)), 20))
    legal, bot = sequential(state, bots, sample, 600)
    report("game_of_war", state.record.to_json(), searches, legal, bot)


GAMES: dict[str, Callable[[], None]] = {"conquest": conquest, "diplomacy": diplomacy, "fronts": fronts,
                                        "tactics": tactics, "game_of_war": game_of_war}


def main(argv: Iterable[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES))
    args = ap.parse_args(list(argv) if argv is not None else None)
    for name in args.games.split(","):
        GAMES[name]()


if __name__ == "__main__":
    main()
