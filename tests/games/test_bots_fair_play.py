"""Every CPU decides from its seat's observation only (issue 21, item 4: fog, hidden cards, secret orders,
hidden deployment).

For each game with hidden information and each level, two states are built that look the same to the
bot's seat (``state.observation(seat)`` is equal) but differ in what the seat must not see; the bot must
choose the same in both. The positions come from seeded games between CPUs, at several moments of a
game, so a bot is asked in ordinary positions rather than in one made for it.

- Conquest: the cards in the other players' hands (and the order of the deck) are dealt again from the
  same cards, every hand keeping its size.
- Tactics with fog: an enemy unit is added on a tile the seat does not see, the enemy's funds change;
  and the enemy units hidden in the fog are taken away.
- Diplomacy and Fronts: the orders the other powers (players) have already submitted in this phase
  differ (they are held in the state until the phase resolves); Fronts also: an enemy stack hidden in
  the fog is bigger and the enemy's funds differ.
- Game of War: the rule document (game-of-war.md) hides nothing: both armies, the lines and the
  combat totals are open to both players, and after deployment the engine hides nothing either
  (``hidden_information()`` is None). The engine's free-deployment option (``deployment="free"``)
  does hide North's army while South deploys, so that is tested: South's choices with two different
  North armies already on the board.

The records of the two states are forks of one record (the same length and entries), so a bot that
keyed its choice on the record (the public length, the last decision) sees the same there too.

Bots that draw at random seed their generator from what their seat observes
(``academy.core.bots.observation_digest``, or Diplomacy's position key), never from the whole state.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from academy.core.bots import RandomBot, bot_seed, state_digest
from academy.core.protocol import NodeKind
from academy.games.conquest import ConquestGame
from academy.games.conquest.bots import LEVELS as CONQUEST_LEVELS
from academy.games.conquest.bots import make_bot as conquest_bot
from academy.games.diplomacy.bots import LEVELS as DIPLOMACY_LEVELS
from academy.games.diplomacy.bots import make_bot as diplomacy_bot
from academy.games.diplomacy.game import DiplomacyGame
from academy.games.fronts.bots import LEVELS as FRONTS_LEVELS
from academy.games.fronts.bots import make_bot as fronts_bot
from academy.games.fronts.fog import visible_stacks
from academy.games.fronts.game import FrontsGame
from academy.games.game_of_war import GameOfWarGame
from academy.games.game_of_war.bots import LEVELS as GAME_OF_WAR_LEVELS
from academy.games.game_of_war.bots import make_bot as game_of_war_bot
from academy.games.tactics.board import Unit, parse_tile, tile_name
from academy.games.tactics.bots import LEVELS as TACTICS_LEVELS
from academy.games.tactics.bots import make_bot as tactics_bot
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.mapdata import available_maps
from academy.games.tactics.terrain import move_cost

# ============================================================================ helpers
def assert_looks_the_same(a: Any, b: Any, seat: int) -> None:
    """``a`` and ``b`` differ (in their full JSON) but not in what ``seat`` observes."""
    assert a.to_json() != b.to_json(), "the twin states should differ in what the seat must not see"
    assert a.observation(seat) == b.observation(seat), "the twin states should look the same to the seat"


def sequential_positions(state: Any, bots: dict[int, Any], keep: Callable[[Any], bool], every: int,
                         most: int, max_decisions: int = 4000) -> Iterator[Any]:
    """Copies of the decision nodes of a seeded game between ``bots`` where ``keep(state)``: every
    ``every``-th of them, at most ``most``."""
    state.settle()
    seen = kept = 0
    for _ in range(max_decisions):
        if state.node_kind() is NodeKind.TERMINAL or kept >= most:
            return
        if state.node_kind() is NodeKind.CHANCE:
            state.settle()
            continue
        if keep(state):
            if seen % every == 0:
                kept += 1
                yield state.clone()
            seen += 1
        state.play(bots[state.to_move()].choose(state))


def differing(choose: Callable[[Any], Any], pairs: list[tuple[Any, Any]]) -> list[tuple[int, Any, Any]]:
    """The pairs (index, choice in a, choice in b) where ``choose`` answers differently."""
    out = []
    for i, (a, b) in enumerate(pairs):
        x, y = choose(a), choose(b)
        if x != y:
            out.append((i, x, y))
    return out


class PeekingOrders:
    """What the twins must catch, for the games of orders: random orders seeded by the whole state
    (``state_digest``, the digest of ``state.to_json()``, hidden parts included)."""

    def orders(self, state: Any, player: int) -> list[str]:
        rng = random.Random(state_digest(state))

        def leaf(tree: Any) -> str:
            return tree if isinstance(tree, str) else leaf(tree[rng.choice(sorted(tree))])
        tree = state.options(player)
        return [leaf(tree[key]) for key in sorted(tree) if tree[key]]


# ============================================================================ Conquest: cards in hand
def conquest_redeal(state: Any, seat: int, rng: random.Random) -> Any:
    """A twin of ``state``: the other players' cards and the deck dealt again from the same cards, every
    hand keeping its size (the seat's own hand and the discard pile as they were)."""
    twin = state.clone()
    others = [p for p in range(len(twin.hands)) if p != seat]
    pool = [c for p in others for c in twin.hands[p]] + list(twin.deck)
    for _ in range(20):
        rng.shuffle(pool)
        cards = iter(pool)
        hands = {p: [next(cards) for _ in twin.hands[p]] for p in others}
        if any(sorted(hands[p]) != sorted(state.hands[p]) for p in others):
            break
    for p in others:
        twin.hands[p] = hands[p]
    twin.deck = list(cards)
    return twin


def conquest_pairs() -> list[tuple[Any, Any]]:
    """Twins at decision nodes where another player holds cards (reinforcements, attacks, the move after a
    conquest, fortification), from a seeded 2-player and a 3-player game."""
    pairs = []
    rng = random.Random(21)
    for players, seed in ((2, 4), (3, 7)):
        state = ConquestGame(players=players, setup="deal").new_initial_state(seed=seed)
        bots = {p: conquest_bot("normal" if p == 0 else "easy", bot_seed(seed, p)) for p in range(players)}

        def others_hold_cards(s: Any) -> bool:
            return s.phase not in ("claim", "place") and any(h for p, h in enumerate(s.hands) if p != s.current)

        for s in sequential_positions(state, bots, others_hold_cards, every=7, most=12):
            twin = conquest_redeal(s, s.current, rng)
            assert_looks_the_same(s, twin, s.current)
            pairs.append((s, twin))
    assert len(pairs) >= 16 and len({s.phase for s, _ in pairs}) >= 3
    return pairs


@pytest.fixture(scope="module")
def conquest_twins() -> list[tuple[Any, Any]]:
    return conquest_pairs()


@pytest.mark.parametrize("level", CONQUEST_LEVELS)
def test_conquest_bots_do_not_see_the_other_hands(level: str, conquest_twins) -> None:
    """issue 21 item 4: a Conquest CPU's choice is the same whichever cards the other players hold."""
    assert differing(lambda s: conquest_bot(level, 11).choose(s), conquest_twins) == []


# ============================================================================ Tactics: fog of war
def tactics_hidden_tiles(state: Any, seat: int) -> list[tuple[int, int]]:
    """Empty tiles ``seat`` does not see where an infantry could stand."""
    seen = {parse_tile(t, state.game.map.width, state.game.map.height) for t in state.observation(seat)["seen"]}
    grid = state.game.map.grid
    return [(x, y) for y, row in enumerate(grid) for x, terrain in enumerate(row)
            if (x, y) not in seen and (x, y) not in state.units and move_cost(terrain, "infantry") is not None]


def tactics_twins(state: Any, rng: random.Random) -> list[Any]:
    """Twins of ``state`` for its player to move: an enemy unit added out of sight and the enemy's funds
    changed; and (when there are any) the enemy units out of sight taken away."""
    me = state.current
    enemy = 1 - me
    twins = []
    free = tactics_hidden_tiles(state, me)
    if free:
        twin = state.clone()
        twin.units[rng.choice(free)] = Unit(rng.choice(["infantry", "tank", "artillery"]), enemy)
        twin.funds[enemy] += 7000
        twins.append(twin)
    shown = {u["tile"] for u in state.observation(me)["units"]}
    hidden = [p for p, u in state.units.items() if u.owner == enemy and tile_name(p) not in shown]
    if hidden:
        twin = state.clone()
        for p in hidden:
            del twin.units[p]
        twins.append(twin)
    return twins


def tactics_pairs() -> list[tuple[Any, Any]]:
    pairs = []
    rng = random.Random(21)
    for map_id in sorted(available_maps()[0]):
        seed = 3
        state = TacticsGame(map=map_id, fog=True, day_limit=12).new_initial_state(seed=seed)
        bots = {p: tactics_bot("hard" if p == 0 else "normal", bot_seed(seed, p)) for p in range(2)}
        for s in sequential_positions(state, bots, lambda s: True, every=9, most=8):
            for twin in tactics_twins(s, rng):
                assert_looks_the_same(s, twin, s.current)
                assert twin.legal_actions() == s.legal_actions()    # the engine's part: legal moves from the view
                pairs.append((s, twin))
    assert len(pairs) >= 24
    return pairs


@pytest.fixture(scope="module")
def tactics_fog_twins() -> list[tuple[Any, Any]]:
    return tactics_pairs()


@pytest.mark.parametrize("level", TACTICS_LEVELS)
def test_tactics_bots_play_by_the_fog(level: str, tactics_fog_twins) -> None:
    """issue 21 item 4 (tactics.md: "The CPU plays by the same rules: it only sees what its own units
    see"): a Tactics CPU's choice is the same with or without enemy units out of its sight, whatever
    the enemy's funds."""
    assert differing(lambda s: tactics_bot(level, 11).choose(s), tactics_fog_twins) == []


# ============================================================================ Diplomacy: secret orders
def orders_twins(state: Any, writers: Callable[[int], dict[int, Any]], seat: int,
                 tries: int = 6) -> tuple[Any, Any] | None:
    """Two copies of ``state`` where every player waiting before ``seat`` has submitted its orders, written
    by ``writers(k)`` for two different k, so that some of those orders differ; None when no two sets
    differed (every other player had at most one choice)."""
    before = [p for p in state.waiting() if p != seat]
    first = state.clone()
    for p in before:
        first.submit(p, writers(0)[p].orders(state, p))
    for k in range(1, tries):
        second = state.clone()
        for p in before:
            second.submit(p, writers(k)[p].orders(state, p))
        if second.pending != first.pending:
            return first, second
    return None


DIPLOMACY_WRITERS = ("easy", "normal")


def diplomacy_pairs() -> list[tuple[int, Any, Any]]:
    """(seat, a, b): every power waiting before the seat has submitted, other orders in a than in b; the
    seat is the last power waiting, and the middle one, in every phase (movement, adjustments, retreats
    when there are any) of a seeded 5-year game between normal CPUs where two or more powers order."""
    pairs = []
    game = DiplomacyGame(years=5)
    state = game.new_initial_state(5)
    bots = {p: diplomacy_bot("normal", bot_seed(5, p)) for p in range(7)}
    phases = set()
    while not state.is_terminal():
        waiting = state.waiting()
        for seat in {waiting[-1], waiting[len(waiting) // 2]} if len(waiting) > 1 else ():
            def writers(k: int, waiting=waiting) -> dict[int, Any]:
                level = DIPLOMACY_WRITERS[k % 2]
                return {p: diplomacy_bot(level, 1000 * k + p) for p in waiting}
            twins = orders_twins(state, writers, seat)
            if twins is not None:
                assert_looks_the_same(*twins, seat)
                pairs.append((seat, *twins))
                phases.add(state.position.phase.kind)
        for p in waiting:
            state.submit(p, bots[p].orders(state, p))
        state.resolve_step()
    assert len(pairs) >= 12 and phases >= {"M", "A"}
    return pairs


@pytest.fixture(scope="module")
def diplomacy_twins() -> list[tuple[int, Any, Any]]:
    return diplomacy_pairs()


@pytest.mark.parametrize("level", DIPLOMACY_LEVELS)
def test_diplomacy_bots_do_not_see_the_orders_already_submitted(level: str, diplomacy_twins) -> None:
    """issue 21 item 4: a Diplomacy CPU writes the same orders whatever the powers that ordered before it
    wrote (secret until the phase resolves)."""
    found = [(i, a, b) for i, (seat, x, y) in enumerate(diplomacy_twins)
             for a, b in [(diplomacy_bot(level, 11).orders(x, seat), diplomacy_bot(level, 11).orders(y, seat))]
             if a != b]
    assert found == []


# ============================================================================ Fronts: secret orders, fog
def fronts_fog_twin(state: Any, seat: int) -> Any | None:
    """A twin of ``state`` where every enemy stack ``seat``'s team cannot see has 3 more infantry and every
    enemy's funds are 9 higher; None when the fog hides no enemy stack."""
    board = state.board
    team = board.teams[board.players[seat]]
    visible = visible_stacks(board, state.fmap, team)
    twin = state.clone()
    changed = False
    for pid, stacks in twin.board.stacks.items():
        if board.teams[pid] == team:
            continue
        twin.board.funds[pid] += 9
        for prov, units in stacks.items():
            if not any(e["owner"] == pid for e in visible.get(prov, [])):
                units["infantry"] = units.get("infantry", 0) + 3
                changed = True
    return twin if changed else None


def fronts_pairs() -> list[tuple[int, Any, Any]]:
    """(seat, a, b) at every turn of a duel and of a 3-player free-for-all between normal CPUs: the other
    players' orders already submitted differ; and the fog hides bigger enemy stacks and other funds."""
    pairs = []
    for options, seed in (({"players": 2}, 3), ({"players": 3, "map": "crossroads", "mode": "ffa"}, 4)):
        state = FrontsGame(turns=12, **options).new_initial_state(seed)
        bots = {p: fronts_bot("normal", bot_seed(seed, p)) for p in range(options["players"])}
        while not state.is_terminal():
            waiting = state.waiting()
            seat = waiting[-1]

            def writers(k: int, waiting=waiting) -> dict[int, Any]:
                return {p: fronts_bot(("easy", "hard")[k % 2], 1000 * k + p) for p in waiting}
            twins = orders_twins(state, writers, seat)
            if twins is not None:
                assert_looks_the_same(*twins, seat)
                pairs.append((seat, *twins))
            fog = fronts_fog_twin(state, waiting[0])
            if fog is not None:
                assert_looks_the_same(state, fog, waiting[0])
                pairs.append((waiting[0], state.clone(), fog))
            for p in waiting:
                state.submit(p, bots[p].orders(state, p))
            state.resolve_step()
    assert len(pairs) >= 20
    return pairs


@pytest.fixture(scope="module")
def fronts_twins() -> list[tuple[int, Any, Any]]:
    return fronts_pairs()


@pytest.mark.parametrize("level", FRONTS_LEVELS)
def test_fronts_bots_do_not_see_secret_orders_or_the_fog(level: str, fronts_twins) -> None:
    """issue 21 item 4 (fronts.md "Fog"): a Fronts CPU writes the same orders whatever the others have
    submitted this turn and whatever the fog hides."""
    found = [(i, a, b) for i, (seat, x, y) in enumerate(fronts_twins)
             for a, b in [(fronts_bot(level, 11).orders(x, seat), fronts_bot(level, 11).orders(y, seat))]
             if a != b]
    assert found == []


# ============================================================================ Game of War: free deployment
SOUTH = 1


def game_of_war_pairs() -> list[tuple[Any, Any]]:
    """South's deployment decisions (its first, and after some of its units are down) with two different
    North armies deployed before it (hidden from South until both are done)."""
    pairs = []
    game = GameOfWarGame(deployment="free")
    for seed in (2, 9):
        a, b = game.new_initial_state(seed=seed), game.new_initial_state(seed=seed)
        # two different North armies: the CPU's block, and units placed at random
        north_a, north_b = game_of_war_bot("easy", seed), RandomBot(seed + 100)
        while a.current != SOUTH:
            a.play(north_a.choose(a))
        while b.current != SOUTH:
            b.play(north_b.choose(b))
        south = game_of_war_bot("easy", bot_seed(seed, SOUTH))
        for step in range(17):
            if a.phase != "deploy" or a.current != SOUTH:
                break
            if step % 4 == 0:
                assert_looks_the_same(a, b, SOUTH)
                pairs.append((a.clone(), b.clone()))
            action = south.choose(a)
            a.play(action)
            b.play(action)
    assert len(pairs) >= 6
    return pairs


@pytest.fixture(scope="module")
def game_of_war_twins() -> list[tuple[Any, Any]]:
    return game_of_war_pairs()


@pytest.mark.parametrize("level", GAME_OF_WAR_LEVELS)
def test_game_of_war_bots_do_not_see_the_hidden_deployment(level: str, game_of_war_twins) -> None:
    """issue 21 item 4 (free deployment only; game-of-war.md itself hides nothing): South's CPU deploys the
    same way whatever North deployed."""
    assert differing(lambda s: game_of_war_bot(level, 11).choose(s), game_of_war_twins) == []


# ============================================================================ the twins have teeth
@pytest.mark.parametrize("twins", ["conquest_twins", "tactics_fog_twins", "game_of_war_twins", "diplomacy_twins",
                                   "fronts_twins"])
def test_the_twins_catch_a_bot_that_reads_the_hidden_state(twins: str, request) -> None:
    """The twin states above differ where it matters: a bot that seeds its choice with the whole state
    (academy.core.bots.RandomBot, which hashes ``state.to_json()``; for the games of orders, random orders
    seeded the same way) chooses differently in many of them, so a bot that read the hidden part would
    fail its test."""
    pairs = request.getfixturevalue(twins)
    if len(pairs[0]) == 2:
        found = differing(lambda s: RandomBot(11).choose(s), pairs)
    else:
        found = [i for i, (seat, a, b) in enumerate(pairs)
                 if PeekingOrders().orders(a, seat) != PeekingOrders().orders(b, seat)]
    assert len(found) >= max(1, len(pairs) // 4), (len(found), len(pairs))
