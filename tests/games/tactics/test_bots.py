"""The Tactics CPU players: legal, deterministic, playing by the fog, and hard beats easy."""
from __future__ import annotations

import pytest

from academy.core.bots import Bot, play_game
from academy.games.tactics.actions import Attack, Build, Capture, EndTurn
from academy.games.tactics.bots import LEVELS, make_bot
from academy.games.tactics.game import TacticsGame

from .helpers import position

RC = "river_crossing day 1 red"


@pytest.mark.parametrize("level", LEVELS)
def test_bots_choose_legal_actions_and_are_deterministic(level: str) -> None:
    """Every level answers with a legal action, the same one for the same seed and state."""
    state = TacticsGame(map="twin_harbors", fog=True).new_initial_state(seed=2)
    bot = make_bot(level, seed=5)
    assert isinstance(bot, Bot)
    for _ in range(40):
        action = bot.choose(state)
        assert action in state.legal_actions() and make_bot(level, seed=5).choose(state) == action
        state.play(action)


def test_hard_beats_easy_on_river_crossing() -> None:
    """Hard against easy, a seeded game to the end."""
    state = TacticsGame(day_limit=30).new_initial_state(seed=1)
    play_game(state, {0: make_bot("hard", 1), 1: make_bot("easy", 1)})
    assert state.winner() == 0


def test_hard_captures_and_takes_good_trades() -> None:
    """Hard captures the property it stands on, and attacks when the damage preview favours it."""
    s = position(f"{RC} | red 0: infantry H1 | blue 0: infantry A10")
    assert make_bot("hard", 0).choose(s) == Capture("H1", "H1")
    s = position(f"{RC} | red 0: tank G4 | blue 0: infantry G6 hp6, tank A10")
    assert isinstance(make_bot("hard", 0).choose(s), Attack)


def test_bots_play_by_the_fog() -> None:
    """The CPU only sees what its own units see: a hidden enemy unit doesn't change its choice."""
    a = position(f"{RC} | red 0: infantry D3, tank E2 | blue 0: infantry J10", fog=True)
    b = position(f"{RC} | red 0: infantry D3, tank E2 | blue 0: infantry J10, tank H8, artillery J8", fog=True)
    for level in LEVELS:
        assert make_bot(level, 3).choose(a) == make_bot(level, 3).choose(b)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_spend_their_funds_at_every_free_building(level: str) -> None:
    """tactics.md, production: each free factory, airport and port may build once a turn. With 60,000
    funds a steady CPU builds at all four of them, the strongest fighting units first, and ends its turn
    with 8,000 left (before, funds piled up past 100,000 on twin_harbors: ports and airports stayed idle)."""
    state = position("twin_harbors day 1 red | red 60000: infantry A10 | blue 0: infantry J1")
    bot, built = make_bot(level, 0), []
    while not isinstance(action := bot.choose(state), EndTurn):
        if isinstance(action, Build):
            built.append(action)
        state.play(action)
    assert built[0] == Build("battleship", "J2")
    assert {b.at for b in built} == {"J2", "D3", "B6", "E6"}
    assert [b.unit for b in built] == ["battleship", "bomber", "infantry", "infantry"] and state.funds[0] == 8000
