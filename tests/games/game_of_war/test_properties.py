"""Seeded random positions on the classic board, checked against slow, independent restatements of
game-of-war.md's Communication, Combat and Your turn sections."""
from __future__ import annotations

import functools
import random

import pytest

from academy.games.game_of_war import (UNIT_TYPES, Position, board, combat, communication, deployment,
                                       destinations, is_legal_move, network, targets)

KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def random_position(seed: int) -> Position:
    rng = random.Random(seed)
    base = board().to_dict()
    free = [(x, y) for x in range(25) for y in range(20)
            if [x, y] not in base["terrain"]["mountain"] and not any([x, y] in a for a in base["arsenals"].values())]
    squares = rng.sample(free, rng.randint(4, 30))
    types = list(UNIT_TYPES)
    base["units"] = [{"id": f"{side[0].upper()}{n}", "side": side, "type": rng.choice(types), "at": list(sq)}
                     for n, sq in enumerate(squares) for side in [rng.choice(["north", "south"])]]
    return Position.from_dict(base)


@functools.cache
def marched_position(seed: int, turns: int = 24) -> Position:
    """The Academy opening after some turns of random moves (mostly staying connected) drawn towards the
    enemy; a destroyed target is removed (a retreat is ignored). Gives crowded fronts with charges and cut lines."""
    rng = random.Random(seed)
    pos = deployment("academy_default")
    for turn in range(turns):
        side = ("north", "south")[turn % 2]
        connected = network(pos, side)
        mine = [u for u in pos.units_of(side) if u.id in connected]
        enemy = [e.at for e in pos.units if e.side != side] or [(12, 10)]
        near = lambda sq: min(max(abs(sq[0] - e[0]), abs(sq[1] - e[1])) for e in enemy)  # noqa: E731
        for u in rng.sample(mine, min(5, len(mine))):
            options = sorted(destinations(pos, u.id))
            if u.kind.is_relay:
                options = [sq for sq in options if pos.arsenal_owner(sq) in (None, side)]
            if not options:
                continue
            safe = [sq for sq in options if u.id in network(pos.with_unit_at(u.id, sq), side)]
            pool = safe if safe and rng.random() < 0.8 else options
            to = min(pool, key=near) if rng.random() < 0.7 else rng.choice(pool)
            pos = pos.with_unit_at(u.id, to)
        hits = [t.id for t in pos.units if t.side != side and t.id in targets(pos, side)]
        if hits:
            target = rng.choice(hits)
            if combat(pos, side, target).outcome == "destroyed":
                pos = pos.without_unit(target)
    return pos


def positions(seed: int) -> list[Position]:
    return [random_position(seed), marched_position(seed, turns=8 + seed % 20)]


def slow_network(pos: Position, side: str) -> set[str]:
    """Communication restated square by square: walk each source's 8 rays; repeat until nothing changes."""
    covered: set[tuple[int, int]] = set()
    while True:
        sources = list(pos.arsenals[side]) + [u.at for u in pos.units if u.side == side
                                              and not UNIT_TYPES[u.type].is_fighting and u.at in covered]
        new = set(sources)
        for sx, sy in sources:
            for dx, dy in KING:
                for k in range(1, 30):
                    sq = (sx + dx * k, sy + dy * k)
                    if not pos.is_on_board(sq) or pos.terrain_at(sq) == "mountain":
                        break
                    other = pos.unit_at(sq)
                    if other is not None and other.side != side:
                        break
                    new.add(sq)
        if new <= covered:
            break
        covered |= new
    connected = {u.id for u in pos.units if u.side == side and u.at in covered}
    grew = True
    while grew:
        grew = False
        for u in pos.units:
            if u.side == side and u.id not in connected and any(
                    (n := pos.unit_at((u.at[0] + dx, u.at[1] + dy))) is not None and n.id in connected
                    for dx, dy in KING):
                connected.add(u.id)
                grew = True
    return connected


@pytest.mark.parametrize("seed", range(24))
def test_network_matches_a_slow_restatement(seed):
    for pos, side in [(p, s) for p in positions(seed) for s in ("north", "south")]:
        net = communication(pos, side)
        assert net.connected == slow_network(pos, side)
        assert not net.covered & pos.mountains
        assert not any(u.at in net.covered for u in pos.units if u.side != side)


@pytest.mark.parametrize("seed", range(24))
def test_combat_totals_add_up_from_connected_units(seed):
    for pos, side in [(p, s) for p in positions(seed) for s in ("north", "south")]:
        connected, theirs = network(pos, side), network(pos, "south" if side == "north" else "north")
        for target in pos.units:
            if target.side == side:
                continue
            c = combat(pos, side, target.id)
            assert c.attack == sum(c.attackers.values()) and c.defence == sum(c.defenders.values())
            assert set(c.attackers) <= connected and set(c.defenders) <= theirs
            assert c.charging <= set(c.attackers) and all(c.attackers[u] == 7 for u in c.charging)
            assert all(pos.unit(u).type != "relay" and pos.unit(u).type != "swift_relay" for u in c.attackers)
            assert (target.id in c.defenders) == (target.id in theirs)
            assert (c.attack > 0) <= (target.id in targets(pos, side))


@pytest.mark.parametrize("seed", range(12))
def test_legal_moves_are_the_reachable_squares_of_connected_units(seed):
    for pos, side in [(p, s) for p in positions(seed) for s in ("north", "south")]:
        connected = network(pos, side)
        for u in pos.units_of(side):
            near = {(u.at[0] + dx, u.at[1] + dy) for dx in range(-3, 4) for dy in range(-3, 4)} - {u.at}
            legal = {sq for sq in near if is_legal_move(pos, side, u.id, list(sq))}
            if u.id not in connected:
                assert legal == set()
                continue
            reach = destinations(pos, u.id)
            if u.kind.is_relay:
                reach = {sq for sq in reach if pos.arsenal_owner(sq) in (None, side)}
            assert legal == reach
            for x, y in legal:
                assert max(abs(x - u.at[0]), abs(y - u.at[1])) <= u.kind.move
                assert pos.is_on_board((x, y)) and pos.terrain_at((x, y)) != "mountain" and not pos.unit_at((x, y))
