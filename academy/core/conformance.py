"""Checks every registered game must pass (the test suite runs them over the registry).

Each check raises AssertionError with a message that names the game, seed and step.
"""
from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from .errors import RulesError
from .protocol import Game, NodeKind, State
from .record import Record


def _json_roundtrip(state: State) -> None:
    data = state.to_json()
    text = json.dumps(data)
    again = state.game.state_from_json(json.loads(text))
    assert again.to_json() == data, f"{state.game.name}: state JSON does not round-trip"


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


def check_illegal_leaves_state_unchanged(state: State, rnd: random.Random) -> int:
    """Apply mutated actions that are not legal: each must raise RulesError and change nothing.

    Returns how many illegal actions were tried.
    """
    if state.node_kind() is not NodeKind.DECISION:
        return 0
    legal = state.legal_actions()
    before = state.to_json()
    size = len(state.record)
    tried = 0
    for action in _mutations(rnd.choice(legal)):
        if action in legal:
            continue
        try:
            state.apply(action)
        except RulesError as exc:
            assert exc.reason and str(exc), f"{state.game.name}: error without reason or message"
        else:
            raise AssertionError(f"{state.game.name}: illegal action {action!r} was accepted")
        assert state.to_json() == before and len(state.record) == size, \
            f"{state.game.name}: a refused action {action!r} changed the state"
        tried += 1
    others = [p for p in range(state.game.num_players) if p != state.to_move()]
    if others:
        try:
            state.apply(legal[0], player=others[0])
        except RulesError as exc:
            assert exc.reason == "not_your_turn", exc.reason
            tried += 1
        else:
            raise AssertionError(f"{state.game.name}: player {others[0]} acted out of turn")
    assert state.to_json() == before
    return tried


def random_playout(game: Game, seed: int, max_steps: int = 3000, check_every: int = 1,
                   policy: Any = None) -> State:
    """Play seeded random legal actions; check legality, JSON and illegal-action refusal.

    ``policy(state, rnd) -> action`` replaces the uniform choice when given.
    """
    rnd = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    for step in range(max_steps):
        kind = state.node_kind()
        if kind is NodeKind.TERMINAL:
            break
        if step % check_every == 0:
            _json_roundtrip(state)
        if kind is NodeKind.CHANCE:
            outcomes = state.chance_outcomes()
            total = sum(p for _, p in outcomes)
            assert total == 1, f"{game.name}: chance outcomes sum to {total}, not 1"
            state.resolve_chance()
            continue
        legal = state.legal_actions()
        assert legal, f"{game.name} seed {seed} step {step}: a decision node without legal actions"
        if step % check_every == 0:
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
