"""Issue 14, item 4 ("Views from the engine"): at every step of a seeded playout of each game, the view
state the engine builds for each seat and for the spectator holds nothing that seat may not see: another
hand's cards, another power's or player's orders, a unit or stack in the fog, a hidden deployment.

The round trip itself (``view.observation(seat) == observation``) is ``check_view_states`` in
academy/core/conformance.py, run by every playout (tests/core/test_conformance.py).
"""
from __future__ import annotations

from typing import Any

import pytest

from academy.core.conformance import random_playout
from academy.games import REGISTRY

from .test_conformance import HIDDEN_VARIANTS


def conquest_leaks(state: Any, seat: int | None, view: Any) -> list[str]:
    from academy.games.conquest.view import HIDDEN
    out = [f"hand {p}" for p, hand in enumerate(view.hands) if p != seat and set(hand) - {HIDDEN}]
    return out + (["the deck"] if set(view.deck) - {HIDDEN} else [])


def diplomacy_leaks(state: Any, seat: int | None, view: Any) -> list[str]:
    from academy.games.diplomacy.view import HIDDEN_ORDERS
    own = state.power_of(seat) if seat is not None else None
    return [f"{pw}'s orders" for pw, orders in view.pending.items() if pw != own and orders != HIDDEN_ORDERS]


def tactics_leaks(state: Any, seat: int | None, view: Any) -> list[str]:
    from academy.games.tactics.view import HIDDEN_CARGO, visible_units
    if seat is None:
        return []                  # observation(None) shows everything; spectator_observation is tested apart
    seen = visible_units(state, seat)
    out = [f"the unit on {p}" for p in view.units if p not in seen]
    for p, unit in view.units.items():
        if unit.owner != seat and state.game.options["fog"]:
            if any(c.type != HIDDEN_CARGO for c in unit.cargo):
                out.append(f"the cargo on {p}")
    out += [f"player {p}'s funds" for p, f in enumerate(view.funds)
            if p != seat and state.game.options["fog"] and f != 0]
    return out


def game_of_war_leaks(state: Any, seat: int | None, view: Any) -> list[str]:
    if state.phase != "deploy":
        return []
    mine = ("north", "south")[seat] if seat is not None else None
    return [f"unit {u.id}" for u in view.position.units if u.side != mine]


def fronts_leaks(state: Any, seat: int | None, view: Any) -> list[str]:
    from academy.games.fronts.fog import visible_stacks
    from academy.games.fronts.view import HIDDEN_ORDERS
    pid = state.player_id(seat) if seat is not None else None
    team = state.board.teams[pid] if pid else None
    exact = {(prov, e["owner"]) for prov, seen in visible_stacks(state.board, state.fmap, team).items()
             for e in seen if "units" in e}
    out = [f"{owner}'s stack in {prov}" for owner, by in view.board.stacks.items() for prov in by
           if (prov, owner) not in exact]
    out += [f"{p}'s funds" for p, f in view.board.funds.items() if p != pid and f != 0]
    out += [f"{p}'s orders" for p, o in view.pending.items() if p != pid and o != HIDDEN_ORDERS]
    return out


LEAKS = {"conquest": conquest_leaks, "diplomacy": diplomacy_leaks, "tactics": tactics_leaks,
         "game_of_war": game_of_war_leaks, "fronts": fronts_leaks}


def test_every_game_has_a_leak_check():
    """Issue 14, item 4: the check below covers the whole registry."""
    assert set(LEAKS) == set(REGISTRY)


@pytest.mark.parametrize("name, options", HIDDEN_VARIANTS)
def test_a_view_state_holds_nothing_its_seat_may_not_see(name, options):
    """Issue 14, item 4: walk a playout's record; at each step build every seat's and the spectator's view
    state and look for what that seat may not see in it."""
    game = REGISTRY[name](**options)
    record = random_playout(game, seed=9, max_steps=160, check_every=1000).record
    state = record.initial_state()
    checked = 0
    for entry in [*record.entries, None]:
        for seat in [*range(game.num_players), None]:
            view = game.view_state(state.observation(seat), len(state.record))
            leaks = LEAKS[name](state, seat, view)
            assert not leaks, f"{name} step {len(state.record)} seat {seat}: the view holds " + ", ".join(leaks)
            checked += 1
        if entry is not None:
            state.apply(entry.action)
    assert checked > game.num_players * 20


def test_the_leak_check_finds_a_card_the_view_should_not_hold():
    """Issue 14, item 4: the check can fail: a Conquest view given the other hands' real cards leaks."""
    game = REGISTRY["conquest"](players=3)
    state = random_playout(game, seed=2, max_steps=400, check_every=1000)
    state.hands = [["alaska"], ["ural"], ["peru"]]
    view = game.view_state(state.observation(0))
    assert conquest_leaks(state, 0, view) == []
    view.hands[1] = ["ural"]
    assert conquest_leaks(state, 0, view) == ["hand 1"]


@pytest.mark.parametrize("module", [f"academy.games.{name}.view" for name in sorted(REGISTRY)]
                         + ["academy.games.game_of_war.combat"])
def test_the_examples_in_the_view_modules_hold(module):
    """Issue 14, item 4: each engine's view module (and the Game of War combat preview) shows its use."""
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and (result.attempted > 0 or module.endswith("tactics.view"))
