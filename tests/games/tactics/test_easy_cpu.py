"""The easy Tactics CPU plays its whole turn, like a beginner (issue 21).

Rules involved, all in tactics.md: "Turns and days" (each unit moves once and takes one action;
new units are built with their turn used), "Funds, properties and production" (income of 1,000
per property, a factory builds when nothing stands on it, Infantry costs 1,000), "Capturing" and
"Combat and damage" (the damage formula, counterattacks).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from academy.core.bots import RandomBot, play_game
from academy.core.protocol import NodeKind
from academy.games.tactics.actions import Attack, Build, Capture, EndTurn
from academy.games.tactics.bots import make_bot
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.units import UNITS

from .helpers import position

RC = "river_crossing day 1 red"
CHEAPEST = min(u.cost for u in UNITS.values() if u.built_at == "factory")   # Infantry, 1,000


@dataclass
class Log:
    """What the easy side did in one game, turn by turn."""
    could_build: list[int] = field(default_factory=list)     # turns with funds and a free factory
    built: set[int] = field(default_factory=set)             # turns it built on
    captures: int = 0                                        # capture actions
    taken: int = 0                                           # properties that became its own
    attacks: int = 0
    idle_units: int = 0                                      # units that had not acted at its end of turn
    piles: list[tuple[int, int, int]] = field(default_factory=list)   # (turn, funds, allowed) broken


def free_factory(state, me: int) -> bool:
    return any(state.terrain(p) == "factory" and p not in state.units for p in state.properties_of(me))


def watch_easy(map_id: str, seed: int, easy: int, days: int = 6) -> Log:
    """A seeded game of ``days`` days, easy on seat ``easy`` against normal, watched."""
    state = TacticsGame(map=map_id, day_limit=days).new_initial_state(seed=seed)
    bots = {easy: make_bot("easy", seed), 1 - easy: make_bot("normal", seed + 1)}
    log, turn, building = Log(), 0, False
    while state.node_kind() is not NodeKind.TERMINAL:
        if state.node_kind() is NodeKind.CHANCE:
            state.settle()
            continue
        me = state.current
        action = bots[me].choose(state)
        if me == easy:
            units_done = all(u.acted for u in state.units_of(me).values())
            if units_done and not building:        # the build phase starts
                building = True
                if free_factory(state, me) and state.funds[me] >= CHEAPEST:
                    log.could_build.append(turn)
            if isinstance(action, Build):
                log.built.add(turn)
            log.captures += isinstance(action, Capture)
            log.attacks += isinstance(action, Attack)
            if isinstance(action, EndTurn):
                log.idle_units += sum(not u.acted for u in state.units_of(me).values())
                allowed = CHEAPEST + state.game.options["income"] * len(state.properties_of(me))
                if free_factory(state, me) and state.funds[me] >= allowed:
                    log.piles.append((turn, state.funds[me], allowed))
                turn, building = turn + 1, False
        owned = len(state.properties_of(easy))
        state.play(action)
        if me == easy and isinstance(action, Capture):
            log.taken += len(state.properties_of(easy)) > owned
    return log


@pytest.mark.parametrize("map_id", ["river_crossing", "twin_harbors", "airfield_ridge"])
def test_easy_uses_its_whole_turn(map_id: str) -> None:
    """Over a seeded 6-day game every easy unit acts each turn, it builds on most turns it has the
    funds and a free factory, never ends a turn with a free factory and more than the cheapest unit
    plus one income in hand, takes a property and attacks."""
    log = watch_easy(map_id, seed=3, easy=1)
    assert log.idle_units == 0
    assert len(log.could_build) >= 3 and 2 * len(log.built & set(log.could_build)) > len(log.could_build)
    assert log.piles == []
    assert log.taken >= 1 and log.attacks >= 1


def test_easy_attacks_the_target_worth_most_damage() -> None:
    """Combat and damage: a tank next to an infantry and an artillery fires at the artillery (more
    funds of damage), whatever the counterattack."""
    s = position(f"{RC} | red 0: tank G4 | blue 0: infantry G5, artillery H4")
    action = make_bot("easy", 0).choose(s)
    assert isinstance(action, Attack) and action.target == "H4"
    s = position(f"{RC} | red 0: infantry G4 | blue 0: tank G5")
    assert isinstance(make_bot("easy", 0).choose(s), Attack)     # a beginner's swing at a tank


def test_easy_captures_first() -> None:
    """Capturing: a foot soldier on a property keeps capturing it, even with an enemy in reach."""
    s = position(f"{RC} | red 0: infantry H1 | blue 0: infantry H2")
    assert make_bot("easy", 0).choose(s) == Capture("H1", "H1")


def test_easy_spends_at_the_factory() -> None:
    """Funds, properties and production: with its units done, easy builds at its free factory."""
    s = position(f"{RC} | red 9000: infantry A1 acted | blue 0: infantry A10")
    action = make_bot("easy", 0).choose(s)
    assert isinstance(action, Build) and UNITS[action.unit].built_at == "factory"
    s = position(f"{RC} | red 500: infantry A1 acted | blue 0: infantry A10")
    assert make_bot("easy", 0).choose(s) == EndTurn()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_easy_beats_the_random_bot(seed: int) -> None:
    """Easy against academy.core.bots.RandomBot, sides alternating, 10 days (most properties win)."""
    easy = seed % 2
    state = TacticsGame(day_limit=10).new_initial_state(seed=seed)
    play_game(state, {easy: make_bot("easy", seed), 1 - easy: RandomBot(seed)})
    assert state.winner() == easy


def test_normal_beats_easy_in_most_games() -> None:
    """Normal against easy, three seeded 20-day games on river_crossing, sides alternating."""
    wins = 0
    for seed in range(3):
        normal = seed % 2
        state = TacticsGame(day_limit=20).new_initial_state(seed=seed)
        play_game(state, {normal: make_bot("normal", seed), 1 - normal: make_bot("easy", seed)})
        wins += state.winner() == normal
    assert wins >= 2
