"""Checks every registered game must pass (the test suite runs them over the registry).

Each check raises AssertionError with a message that names the game, seed and step.
"""
from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

from .errors import RulesError
from .protocol import Game, NodeKind, State
from .record import Record


def _json_roundtrip(state: State) -> None:
    data = state.to_json()
    text = json.dumps(data)
    again = state.game.state_from_json(json.loads(text))
    assert again.to_json() == data, f"{state.game.name}: state JSON does not round-trip"


def _plain(data: Any) -> Any:
    """``data`` as JSON reads it back (tuples become lists), for comparing observations."""
    return json.loads(json.dumps(data, sort_keys=True))


def check_view_states(state: State) -> int:
    """For every seat and the spectator (None): the state built from that seat's observation
    (``game.view_state``) gives the observation back, and holds nothing more than it: built again from
    its own observation it is the same state (the same JSON). Returns how many views were checked."""
    game = state.game
    seats: list[int | None] = [*range(game.num_players), None]
    for seat in seats:
        seen = state.observation(seat)
        view = game.view_state(seen, len(state.record))
        again = view.observation(seat)
        assert _plain(again) == _plain(seen), (
            f"{game.name} step {len(state.record)} seat {seat}: the view state's observation differs: "
            + "; ".join(f"{k}: {_plain(seen.get(k))!r} != {_plain(again.get(k))!r}"
                        for k in sorted(set(seen) | set(again)) if _plain(seen.get(k)) != _plain(again.get(k))))
        assert len(view.record) == len(state.record) and not view.record.entries, \
            f"{game.name}: a view state's record must be empty and as long as the game's"
        twice = game.view_state(again, len(state.record))
        assert twice.to_json() == view.to_json(), \
            f"{game.name} step {len(state.record)} seat {seat}: the view state holds more than its observation"
    return len(seats)


def _mutations(action: Any) -> list[Any]:
    """Nearby actions built by changing one field to a value that is rarely legal."""
    out = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            candidates = [value + 1000, -1]
        elif isinstance(value, str):
            candidates = ["nowhere"]
        else:
            continue
        out += [dataclasses.replace(action, **{f.name: c}) for c in candidates]
    return out


def expect_refusal(state: State, attempt: Callable[[], Any], what: str) -> RulesError:
    """``attempt()`` must raise a RulesError with a reason and a message, and change nothing."""
    before, size = state.to_json(), len(state.record)
    try:
        attempt()
    except RulesError as exc:
        assert exc.reason and str(exc), f"{state.game.name}: error without reason or message"
        refusal = exc
    else:
        raise AssertionError(f"{state.game.name}: {what} was accepted")
    assert state.to_json() == before and len(state.record) == size, \
        f"{state.game.name}: refused {what} changed the state"
    return refusal


def check_illegal_leaves_state_unchanged(state: State, rnd: random.Random) -> int:
    """Apply mutated actions that are not legal: each must raise RulesError and change nothing.

    Returns how many illegal actions were tried.
    """
    if state.node_kind() is not NodeKind.DECISION:
        return 0
    legal = state.legal_actions()
    before = state.to_json()
    tried = 0
    for action in _mutations(rnd.choice(legal)):
        if action in legal:
            continue
        expect_refusal(state, lambda: state.apply(action), f"illegal action {action!r}")
        tried += 1
    others = [p for p in range(state.game.num_players) if p != state.to_move()]
    if others:
        refusal = expect_refusal(state, lambda: state.apply(legal[0], player=others[0]),
                                 f"an action of player {others[0]} out of turn")
        assert refusal.reason == "not_your_turn", refusal.reason
        tried += 1
    assert state.to_json() == before
    return tried


def random_orders(state: State, player: int, rnd: random.Random) -> list[str]:
    """A random order set from ``state.options(player)``: for some of the things to order (at most
    ``order_limit``), walk the tree of choices at random down to an order text."""
    tree = state.options(player)
    keys = [k for k in tree if rnd.random() < 0.9]
    limit = state.order_limit(player)
    if limit is not None:
        keys = rnd.sample(keys, min(len(keys), rnd.randint(0, limit)))
    orders = []
    for key in keys:
        node = tree[key]
        while not isinstance(node, str):
            node = node[rnd.choice(sorted(node))]
        orders.append(node)
    return orders


def check_illegal_orders_leave_state_unchanged(state: State, player: int, orders: list[str]) -> int:
    """At a simultaneous node: a submission with a nonsense order, or acting for someone else, is
    refused with a reason and changes nothing. Returns how many refusals were checked."""
    tried = 0
    for bad in ([*orders, "nowhere"], ["nowhere", *orders]):
        expect_refusal(state, lambda: state.submit(player, bad), f"illegal orders {bad!r}")
        tried += 1
    return tried


def _simultaneous_phase(state: State, rnd: random.Random, check: bool) -> int:
    """Every player to act submits random legal orders, then the phase resolves. Returns steps."""
    game = state.game
    steps = 0
    for player in state.players_to_act():
        orders = random_orders(state, player, rnd)
        if check:
            check_illegal_orders_leave_state_unchanged(state, player, orders)
        state.submit(player, orders)
        steps += 1
        if check:
            action = state.record.entries[-1].action
            text = game.format_action(action, state)
            assert game.parse_action(text, state) == action, f"{game.name}: notation {text!r} does not round-trip"
            other = (player + 1) % game.num_players
            expect_refusal(state, lambda: state.apply(action, player=other),
                           f"a submission by player {other} for player {player}")
    check_resolution(state, state.resolve())
    return steps + 1


def check_resolution(state: State, resolution: Any) -> None:
    """A resolution that can compare its results with the position it produced (``disagreements()``,
    a list of sentences) must find nothing: every unit is where its result says."""
    check = getattr(resolution, "disagreements", None)
    if callable(check):
        problems = check()
        assert not problems, f"{state.game.name}: results and position disagree: " + "; ".join(problems)


def random_playout(game: Game, seed: int, max_steps: int = 3000, check_every: int = 1,
                   policy: Any = None) -> State:
    """Play seeded random legal actions; check legality, JSON and illegal-action refusal.

    A step is one action. At a SIMULTANEOUS node every player to act submits a random legal
    order set from ``state.options`` (see ``random_orders``), then ``state.resolve()``.

    ``policy(state, rnd) -> action`` replaces the uniform choice when given.
    """
    rnd = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    step = 0
    while step < max_steps:
        kind = state.node_kind()
        if kind is NodeKind.TERMINAL:
            break
        if step % check_every == 0:
            _json_roundtrip(state)
            check_view_states(state)
        if kind is NodeKind.SIMULTANEOUS:
            # a whole phase at once: one step per submission and one for the resolution
            step += _simultaneous_phase(state, rnd, check=step % check_every == 0)
            continue
        now, step = step, step + 1
        if kind is NodeKind.CHANCE:
            outcomes = state.chance_outcomes()
            total = sum(p for _, p in outcomes)
            assert total == 1, f"{game.name}: chance outcomes sum to {total}, not 1"
            state.resolve_chance()
            continue
        legal = state.legal_actions()
        assert legal, f"{game.name} seed {seed} step {now}: a decision node without legal actions"
        if now % check_every == 0:
            check_illegal_leaves_state_unchanged(state, rnd)
            for a in rnd.sample(legal, min(3, len(legal))):
                text = game.format_action(a, state)
                assert game.parse_action(text, state) == a, f"{game.name}: notation {text!r} does not round-trip"
        action = policy(state, rnd) if policy else rnd.choice(legal)
        state.apply(action)
    return state


def check_replay(state: State, registry: dict[str, type[Game]]) -> None:
    """The record, replayed from its seed (also through JSON), gives the same state."""
    again = state.record.replay()
    assert again.to_json() == state.to_json(), f"{state.game.name}: replay differs"
    copy = Record.from_json(json.loads(json.dumps(state.record.to_json())), registry)
    assert copy.replay().to_json() == state.to_json(), f"{state.game.name}: record JSON replay differs"
