"""Fuzzed actions: an action is accepted exactly when it is among legal_actions(), and a refused one
(IllegalAction with a reason) leaves the state unchanged. States come from a seeded CPU game."""
from __future__ import annotations

import random

from academy.core.errors import IllegalAction
from academy.games.game_of_war import Attack, EndTurn, GameOfWarGame, Move, Retreat
from academy.games.game_of_war.bots import make_bot


def fuzzed(state, rnd: random.Random) -> list:
    units = [u.id for u in state.position.units] + ["nowhere"]
    out = []
    for _ in range(40):
        uid = rnd.choice(units)
        at = state.position.unit(uid).at if state.position.has_unit(uid) else (12, 9)
        to = (at[0] + rnd.randint(-3, 3), at[1] + rnd.randint(-3, 3))
        out.append(rnd.choice([Move(uid, to), Retreat(uid, to), Attack(uid, rnd.choice(units)), EndTurn()]))
    return out


def test_accepted_exactly_when_legal():
    state = GameOfWarGame(max_turns=40).new_initial_state(seed=9)
    bots = {0: make_bot("hard", 3), 1: make_bot("easy", 4)}
    rnd = random.Random(1)
    state.settle()
    checked = 0
    while not state.is_terminal() and checked < 2500:
        legal = set(state.legal_actions())
        for action in fuzzed(state, rnd):
            trial = state.clone()
            before = trial.to_json()
            try:
                trial.apply(action)
            except IllegalAction as exc:
                assert action not in legal, f"{action} is listed as legal but refused: {exc}"
                assert exc.reason and str(exc) and trial.to_json() == before
            else:
                assert action in legal, f"{action} was accepted but is not listed as legal"
            checked += 1
        state.play(bots[state.to_move()].choose(state))
    assert checked >= 2500
