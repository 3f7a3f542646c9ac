"""Issue 13, item 12 ("Hidden information that leaks anyway"): for every game with hidden information,
the refusals and the log lines a seat gets are built from that seat's observation only.

Two checks over seeded playouts of Fronts (fog), Tactics under fog, Conquest (cards), Game of War
(hidden deployment) and Diplomacy (secret orders before the resolution):

- refusals: a *twin* of the position differs only in what the seat may not see (its observation is
  the same); typed actions and orders aimed at hidden places (and at every other place) must get the
  same answer in both. A message that depends on anything hidden differs between the twins.
- logs: the events a seat is told (``state.visible_events``) name no tile, unit, card or order that
  its observation does not hold (just before or just after the step).
"""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

from academy.core.conformance import random_orders
from academy.core.errors import RulesError
from academy.core.protocol import NodeKind
from academy.games import REGISTRY


def answer(attempt: Any) -> str:
    """What a seat is told when it tries ``attempt()``: the refusal's message, or "accepted"."""
    try:
        attempt()
    except RulesError as exc:
        return f"{exc.reason}: {exc}"
    return "accepted"


def same_answers(state: Any, twin: Any, probes: list[Any], what: str) -> int:
    """Each probe (a function of a state) gets the same answer in the position and in its twin."""
    assert probes, f"{what}: no probes"
    for probe in probes:
        real, other = answer(lambda: probe(state.clone())), answer(lambda: probe(twin.clone()))
        assert real == other, f"{what}: the answer depends on what the seat may not see:\n{real}\n{other}"
    return len(probes)


# ============================================================================== Fronts
def fronts_twin(state: Any, pid: str) -> Any | None:
    """``state`` without the enemy stacks ``pid`` does not see (None if there is none)."""
    from academy.games.fronts.fog import visible_stacks
    b = state.board
    seen = visible_stacks(b, state.fmap, b.teams[pid])
    twin = state.clone()
    removed = 0
    for owner, by_prov in b.stacks.items():
        if b.teams[owner] == b.teams[pid]:
            continue
        for prov in list(by_prov):
            if not any(s["owner"] == owner for s in seen.get(prov, [])):
                del twin.board.stacks[owner][prov]
                removed += 1
    if not removed:
        return None
    assert twin.observation(pid) == state.observation(pid)
    return twin


def fronts_probes(state: Any, pid: str) -> list[Any]:
    fmap = state.fmap
    out = []
    for prov in fmap.provinces:
        name, near = fmap.name_of(prov), fmap.name_of(sorted(fmap.neighbours[prov])[0])
        for text in (f"1 infantry {name} -> {near}", f"{name} hold", f"1 artillery {name} support {near}",
                     f"air {name} strike {near}", f"build 1 infantry {name}", f"all {name} -> {name}"):
            out.append(lambda s, t=text: s.validate_orders(pid, [t]))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fronts_refusals_tell_nothing_of_the_fog(seed):
    """Issue 13, item 12: "1 infantry Southport -> Elmshade" said "(stacks there: blue)", and "nobody"
    elsewhere: any province could be probed. A refusal says only what the seat can see."""
    game = REGISTRY["fronts"](players=2)
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    checked = 0
    for _turn in range(6):
        if state.is_terminal():
            break
        for p in state.board.active():
            twin = fronts_twin(state, p)
            if twin is not None:
                checked += same_answers(state, twin, fronts_probes(state, p), f"Fronts seed {seed}, {p}")
        for player in state.players_to_act():
            state.submit(player, random_orders(state, player, rnd))
        events = state.resolve_step()
        for p in state.board.players:    # the reports a seat gets are those its observation holds
            told = [e.text for e in state.visible_events(events, None, p)]
            assert told == [e["text"] for e in state.observation(p)["last"]]
    assert checked


# ============================================================================== Tactics
TILE = re.compile(r"\b[A-Z][1-9][0-9]?\b")


def tactics_game(seed: int) -> Any:
    return REGISTRY["tactics"](fog=True, map=("river_crossing", "twin_harbors", "airfield_ridge")[seed % 3])


def tactics_twin(state: Any, player: int) -> Any | None:
    """``state`` without the enemy units ``player`` does not see (None if there is none)."""
    from academy.games.tactics.view import visible_units
    shown = visible_units(state, player)
    hidden = [p for p in state.units if p not in shown]
    if not hidden:
        return None
    twin = state.clone()
    for p in hidden:
        del twin.units[p]
        twin.capture.pop(p, None)
    assert twin.observation(player) == state.observation(player)
    return twin


def tactics_probes(state: Any, player: int) -> list[Any]:
    """Typed commands aimed at the hidden units' tiles: as if a unit were there, and own units moving
    and firing there."""
    from academy.games.tactics.board import tile_name
    from academy.games.tactics.view import visible_units
    shown = visible_units(state, player)
    hidden = [tile_name(p) for p in state.units if p not in shown]
    mine = [tile_name(p) for p, u in state.units.items() if u.owner == player][:4]
    texts = []
    for t in hidden:
        texts += [f"infantry {t} wait", f"tank {t} -> {t} wait", f"{t} wait", f"apc {t} unload infantry {t}",
                  f"build infantry at {t}"]
        for a in mine:
            texts += [f"{a} -> {t} wait", f"{a} attack {t}", f"{a} -> {t} load"]
    return [lambda s, t=text: s.apply(s.game.parse_action(t, s), player=player) for text in texts]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tactics_refusals_and_log_under_fog_tell_nothing_of_the_fog(seed):
    """Issue 13, item 12: the event log named a hidden unit's starting tile ("Recon K9 → F6" with K9 in
    fog); a typed command at a hidden unit's tile said whose unit stood there and what it was."""
    from academy.games.tactics.view import seen_tiles
    game = tactics_game(seed)
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    probed = told = 0
    players = range(game.num_players)
    for step in range(400):
        if state.is_terminal():
            break
        mover = state.to_move()
        if step % 12 == 0:
            twin = tactics_twin(state, mover)
            if twin is not None:
                probed += same_answers(state, twin, tactics_probes(state, mover), f"Tactics seed {seed} step {step}")
        before = {p: seen_tiles(state, p) for p in players}
        legal = state.legal_actions()
        moves = [a for a in legal if type(a).__name__ != "EndTurn"]
        action = rnd.choice(moves) if moves and rnd.random() < 0.9 else next(a for a in legal
                                                                               if type(a).__name__ == "EndTurn")
        events = state.play(action)
        for p in players:
            allowed = before[p] | seen_tiles(state, p)
            for e in state.visible_events(events, mover, p):
                named = set(TILE.findall(" ".join((e.text, *e.why))))
                assert named <= allowed, (f"Tactics seed {seed} step {step}: {game.player_name(p)} is told "
                                          f"{e.text!r}, which names {sorted(named - allowed)} in the fog")
                told += 1
    assert probed and told


def test_tactics_a_move_out_of_the_fog_says_where_it_came_out_only():
    """Issue 13, item 12: "Recon K9 → F6" with K9 in fog is told as "Recon comes out of the fog onto F6"."""
    from academy.core.protocol import Event
    from academy.games.tactics.view import visible_events

    class Sees:
        def observation(self, player):
            return {"seen": ["F6", "F7"]}

    move = Event("move", "Recon K9 → F6.", {"unit": "recon", "frm": "K9", "to": "F6", "fuel": 3})
    hit = Event("attack", "Artillery K9 hits Tank F7 for 45 (10 HP → 6 HP); the counter deals 0 (8 HP → 8 HP).",
                {"attacker": "K9", "target": "F7", "damage": 45, "counter": None, "rolls": None},
                ("The Artillery has 8 HP (health 80): it deals 8/10 of full damage.",))
    shown = visible_events(Sees(), [move, hit], mover=1, player=0)
    assert [e.text for e in shown] == ["Recon comes out of the fog onto F6.",
                                       "A unit in the fog hits Tank F7 for 45 (10 HP → 6 HP)."]
    assert shown[0].data["frm"] is None and shown[1].data["attacker"] is None and shown[1].why == ()
    assert visible_events(Sees(), [move, hit], mover=0, player=0) == [move, hit]    # its own turn


# ============================================================================== Conquest
def conquest_twin(state: Any, player: int) -> Any | None:
    """``state`` with the other hands' cards swapped for cards of the deck (same counts)."""
    others = [p for p in range(len(state.hands)) if p != player and state.hands[p]]
    if not others or len(state.deck) < sum(len(state.hands[p]) for p in others):
        return None
    twin = state.clone()
    pool = list(twin.deck)
    for p in others:
        n = len(twin.hands[p])
        twin.hands[p], pool = pool[:n], pool[n:] + twin.hands[p]
    twin.deck = pool
    assert twin.observation(player) == state.observation(player)
    return twin


def conquest_probes(state: Any, player: int) -> list[Any]:
    cards = sorted({c for h in state.hands for c in h} | set(state.deck[:6]))
    texts = [f"trade {a}, {b}, {c}" for a, b, c in zip(cards, cards[1:], cards[2:])]
    texts += ["end turn", "end attack", "move 1"]
    return [lambda s, t=text: s.apply(s.game.parse_action(t, s), player=player) for text in texts]


@pytest.mark.parametrize("seed", [1, 2])
def test_conquest_refusals_tell_nothing_of_other_hands(seed):
    """Issue 13, item 12: a refusal never depends on the cards in another player's hand or in the deck."""
    game = REGISTRY["conquest"]()
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    checked = 0
    for step in range(4000):
        if state.is_terminal():
            break
        if state.node_kind() is NodeKind.CHANCE:
            events = state.resolve_chance()
        else:
            if step % 7 == 0:
                for p in range(game.num_players):
                    twin = conquest_twin(state, p)
                    if twin is not None:
                        checked += same_answers(state, twin, conquest_probes(state, p), f"Conquest seed {seed}")
            events = state.apply(rnd.choice(state.legal_actions()))
        for e in events:            # a card drawn is never told: only that a card was drawn
            if e.kind == "draw":
                card = state.record.entries[-1].action.card
                assert card not in e.text and card not in str(e.data)
    assert checked


# ============================================================================== Game of War
def war_twin(state: Any, player: int) -> Any | None:
    """During the hidden deployment: ``state`` with the other side's units on other squares of its half."""
    from academy.games.game_of_war.position import Position
    from academy.games.game_of_war.units import SIDES
    if state.phase != "deploy":
        return None
    data = state.position.to_dict()
    theirs = [u for u in data["units"] if u["side"] != SIDES[player]]
    if not theirs:
        return None
    lo, hi = state.game.territory(theirs[0]["side"])
    taken = {tuple(u["at"]) for u in data["units"]} | set(state.position.mountains)
    free = [(x, y) for y in range(lo, hi + 1) for x in range(state.position.width)
            if (x, y) not in taken and state.position.arsenal_owner((x, y)) is None]
    for u, sq in zip(theirs, reversed(free)):
        u["at"] = list(sq)
    twin = state.clone()
    twin.position = Position.from_dict(data)
    assert twin.observation(player) == state.observation(player)
    return twin


def war_probes(state: Any, player: int) -> list[Any]:
    from academy.games.game_of_war.notation import format_square
    from academy.games.game_of_war.units import SIDES
    other = 1 - player
    lo, hi = state.game.territory(SIDES[other])
    theirs = [u for u in state.position.units if u.side == SIDES[other]]
    texts = [f"deploy infantry {format_square((x, y))}" for y in (lo, hi) for x in range(0, state.position.width, 3)]
    for u in theirs:
        texts += [f"{u.id} {format_square(u.at)}-{format_square((u.at[0], u.at[1] - 1))}", f"{u.id} e5",
                  f"{u.id[:-1]} e5", f"attack {u.id}", f"deploy cavalry {format_square(u.at)}"]
    return [lambda s, t=text: s.apply(s.game.parse_action(t, s), player=player) for text in texts]


@pytest.mark.parametrize("seed", [1, 2])
def test_game_of_war_deployment_stays_hidden_in_refusals_and_logs(seed):
    """Issue 13, item 12: while South deploys, typing North's unit ids (or squares) tells nothing of where
    North's units stand, and the log says only that a unit was placed."""
    from academy.games.game_of_war.units import SIDES
    game = REGISTRY["game_of_war"](deployment="free")
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    checked = 0
    while state.phase == "deploy":
        mover = state.to_move()
        twin = war_twin(state, mover)
        if twin is not None and len(state.record) % 4 == 0:
            checked += same_answers(state, twin, war_probes(state, mover), f"Game of War seed {seed}")
        hidden_before = {p: {u.id for u in state.position.units if u.side != SIDES[p]} for p in (0, 1)}
        events = state.apply(rnd.choice(state.legal_actions()))
        for p in (0, 1):
            hidden = hidden_before[p] | ({u.id for u in state.position.units if u.side != SIDES[p]}
                                         if state.phase == "deploy" else set())
            for e in state.visible_events(events, mover, p):
                assert not any(uid in e.text or uid in str(e.data) for uid in hidden), e
    assert checked


# ============================================================================== Diplomacy
@pytest.mark.parametrize("seed", [1, 2])
def test_diplomacy_refusals_and_events_tell_nothing_of_submitted_orders(seed):
    """Issue 13, item 12: before the resolution, no refusal or event a power gets depends on (or names)
    another power's submitted orders."""
    game = REGISTRY["diplomacy"]()
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    checked = 0
    for _phase in range(6):
        if state.is_terminal():
            break
        powers = state.players_to_act()
        every_order = [leaf for p in powers for leaf in _leaves(state.options(p))]
        for i, p in enumerate(powers):
            events = state.submit(p, random_orders(state, p, rnd))
            secret = [t for t in state.pending.get(state.power_of(p), ())]
            for q in powers:
                for e in state.visible_events(events, p, q):
                    assert not any(t in e.text or t in str(e.data) for t in secret) or q == p, e
            if i + 1 < len(powers):
                q = powers[i + 1]
                twin = state.clone()
                twin.pending = {pw: () for pw in twin.pending}
                assert twin.observation(q) == state.observation(q)
                probes = [lambda s, t=t: s.validate_orders(q, [t]) for t in rnd.sample(every_order, min(25, len(every_order)))]
                checked += same_answers(state, twin, probes, f"Diplomacy seed {seed}")
        state.resolve()
    assert checked


def _leaves(tree: Any) -> list[str]:
    if isinstance(tree, str):
        return [tree]
    return [leaf for v in tree.values() for leaf in _leaves(v)]


# ============================================================================== every game
def test_every_game_with_hidden_information_says_so():
    """Issue 13, item 12: while something is hidden, the engine says what (the rule saves and links use)."""
    assert REGISTRY["fronts"]().new_initial_state(seed=1).hidden_information()
    assert REGISTRY["game_of_war"](deployment="free").new_initial_state(seed=1).hidden_information()
    assert REGISTRY["game_of_war"]().new_initial_state(seed=1).hidden_information() is None
    assert REGISTRY["tactics"](fog=True).new_initial_state(seed=1).hidden_information()
    assert REGISTRY["tactics"](fog=False).new_initial_state(seed=1).hidden_information() is None
    dip = REGISTRY["diplomacy"]().new_initial_state(seed=1)
    assert dip.hidden_information() is None
    dip.submit(0, [])
    assert "secret until the phase resolves" in dip.hidden_information()
