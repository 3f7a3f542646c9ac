"""Tactics notation and the game's registration (ARCHITECTURE.md: notation round-trips; errors carry
a reason and a fix)."""
from __future__ import annotations

import json

import pytest

from academy.core.conformance import check_replay, random_playout
from academy.core.errors import IllegalAction, InvalidNotation
from academy.games import CATALOG, REGISTRY
from academy.games.tactics.actions import (ActivatePower, Attack, Build, Capture, EndTurn, Load, Luck, Resign, Supply,
                                           Unload, Wait)
from academy.games.tactics.units import UNITS
from academy.games.tactics.game import TacticsGame

from .helpers import position

RC = "river_crossing day 1 red"


@pytest.mark.parametrize("text, action", [
    ("infantry C3 -> C5 attack C6", Attack("C3", "C5", "C6")),
    ("tank E2 wait", Wait("E2", "E2")),
    ("infantry C3 -> C1 capture", Capture("C3", "C1")),
    ("infantry C3 -> D2 load", Load("C3", "D2")),
    ("apc D2 -> F2 supply", Supply("D2", "F2")),
    ("apc D2 -> G2 unload mech G3", Unload("D2", "G2", ((0, "G3"),))),
    ("build heavy tank at C2", Build("heavy_tank", "C2")),
    ("power", ActivatePower("power")),
    ("super power", ActivatePower("super")),
    ("end turn", EndTurn()),
    ("resign", Resign()),
    ("luck 5/3", Luck(5, 3)),
])
def test_notation_round_trips(text: str, action: object) -> None:
    """Notation: each command reads to its action and is written back the same way."""
    s = position(f"{RC} | red 0: infantry C3, tank E2, apc D2 [mech] | blue 0: infantry C6")
    game = s.game
    assert game.parse_action(text, s) == action
    assert game.format_action(action, s) == text


def test_notation_is_forgiving_but_checks_the_unit() -> None:
    """Notation: case and the unit name are optional; a wrong unit name is refused."""
    s = position(f"{RC} | red 0: tank E2 | blue 0: infantry C6")
    assert s.game.parse_action("e2 -> f2 WAIT", s) == Wait("E2", "F2")
    assert s.game.parse_action("Tank E2 → F2 wait", s) == Wait("E2", "F2")
    with pytest.raises(InvalidNotation) as info:
        s.game.parse_action("infantry E2 wait", s)
    assert info.value.reason == "wrong_unit"
    with pytest.raises(InvalidNotation):
        s.game.parse_action("fly to the moon", s)
    with pytest.raises(InvalidNotation) as info:
        s.game.parse_action("build tnak at C2", s)
    assert "Tank" in info.value.message                                   # did you mean


def test_lander_cargo_of_the_same_type_is_numbered() -> None:
    """Notation: a Lander's two cargo units of one type are told apart by slot."""
    s = position("twin_harbors day 1 red | red 0: lander J3 [infantry, infantry hp5] | blue 0: infantry P11")
    action = Unload("J3", "J3", ((1, "I3"), (0, "J4")))
    text = s.game.format_action(action, s)
    assert text == "lander J3 unload infantry#2 I3, infantry J4"
    assert s.game.parse_action(text, s) == action


def test_registered_and_catalogued() -> None:
    """The registry lists Tactics and the catalog says it has an engine."""
    assert REGISTRY["tactics"] is TacticsGame
    assert next(e for e in CATALOG if e.name == "tactics").has_engine


def test_bad_options_are_refused() -> None:
    """Game options: wrong values are refused with a reason."""
    for bad in ({"players": 3}, {"luck": "yes"}, {"income": -5}, {"commanders": ["nobody", None]},
                {"weather": "fog"}, {"day_limit": 0}):
        with pytest.raises(IllegalAction) as info:
            TacticsGame(**bad)
        assert info.value.reason == "bad_option"


@pytest.mark.parametrize("options", [
    {"map": "airfield_ridge", "commanders": ["vanguard", "tempest"]},
    {"map": "twin_harbors", "fog": True, "commanders": ["mender", "vanguard"], "luck": False},
])
def test_playouts_on_every_map(options: dict) -> None:
    """Every map and option plays seeded random games that replay and round-trip through JSON."""
    game = TacticsGame(**options)
    state = random_playout(game, seed=3, max_steps=250, check_every=25)
    check_replay(state, REGISTRY)
    for p in (0, 1, None):
        json.dumps(state.observation(p))


def test_every_unit_name_round_trips() -> None:
    """Notation: every unit's name (two words, hyphens) reads back in builds and positions."""
    s = position(f"{RC} | red 0: tank E2 | blue 0: infantry C6")
    for unit in UNITS:
        action = Build(unit, "C2")
        assert s.game.parse_action(s.game.format_action(action, s), s) == action
