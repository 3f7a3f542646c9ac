"""The newcomer's walk: "Tactics, luck on, fog off: Save during the game gives a file with "seed": 478477068,
the luck seed". It is not the game's seed: a running game with nothing hidden saves with a *new* seed
(``save_load.save_text``; issue 13, item 12), every roll so far being in the log, so the file does not tell
the luck to come; a game that hides something (fog, cards, secret orders, a hidden deployment) is refused.
Held here for all five games, after rolls have been made."""
from __future__ import annotations

import json
import random

import pytest

from academy.core.protocol import NodeKind
from academy.games import REGISTRY
from academy.ui.save_load import SaveRefused, save_text

SEED = 478477068


def played(name: str, plies: int = 120):
    """A running game of ``name`` after up to ``plies`` random decisions and chance outcomes (simultaneous
    games: their first phase)."""
    state = REGISTRY[name]().new_initial_state(seed=SEED)
    pick = random.Random(2)
    while not state.is_terminal() and len(state.record) < plies:
        kind = state.node_kind()
        if kind is NodeKind.SIMULTANEOUS:
            break
        if kind is NodeKind.CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(pick.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
        else:
            state.apply(pick.choice(state.legal_actions(state.to_move())))
    return state


@pytest.mark.parametrize("name", ["conquest", "tactics", "game_of_war", "diplomacy", "fronts"])
def test_a_running_games_file_never_holds_its_seed(name: str) -> None:
    state = played(name)
    assert not state.is_terminal()
    try:
        text = save_text(state)
    except SaveRefused as refused:
        assert state.hidden_information() and "the seed that decides the luck to come" in str(refused)
        return
    data = json.loads(text)
    assert data["seed"] != SEED and str(SEED) not in text
    assert state.hidden_information() is None


def test_tactics_with_luck_saves_the_rolls_made_and_a_new_seed() -> None:
    state = played("tactics")
    assert state.game.options["luck"] and not state.game.options["fog"]
    data = json.loads(save_text(state))
    rolls = [e for e in data["log"] if e["chance"]]
    assert rolls and data["seed"] != state.record.seed         # the luck so far is in the log, not the seed
