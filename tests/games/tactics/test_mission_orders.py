"""The campaign CPU carries out the orders a mission's brief promises (issue 21, item 5).

Rules involved, all in tactics.md: "Transports" (board a friendly transport with room; a Lander
carries 2 ground units and unloads only from shoal and port; dropped units stand on the tiles
next to it), "Terrain table" (landers can beach on shoals), "Winning and losing" (campaign
missions add their own objectives).
"""
from __future__ import annotations

import pytest

from academy.core.protocol import NodeKind
from academy.games.tactics.actions import Attack, Capture, Load, Unload
from academy.games.tactics.board import distance, parse_tile
from academy.games.tactics.bots import LEVELS, make_bot
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.legal import LANDER_BEACHES
from academy.games.tactics.missions import DEFENDER, MISSIONS
from academy.games.tactics.terrain import move_cost

from .helpers import position

HARBOR = MISSIONS["harbor_strike"]
ORDER = HARBOR.orders[0]


def test_orders_name_real_beaches() -> None:
    """Transports: the Lander under orders picks up and unloads on shoal or port tiles, and the goal
    is a property of the first army on that map."""
    game = TacticsGame(mission="harbor_strike")
    w, h = game.map.width, game.map.height
    terrain = lambda name: game.map.grid[parse_tile(name, w, h)[1]][parse_tile(name, w, h)[0]]  # noqa: E731
    assert ORDER.task == "land" and ORDER.unit == "lander"
    assert terrain(ORDER.pickup) in LANDER_BEACHES and all(terrain(t) in LANDER_BEACHES for t in ORDER.shore)
    assert game.map.owners[parse_tile(ORDER.goal, w, h)] == game.map.players[0]
    assert "E9" in HARBOR.brief and ORDER.shore[0] == "E9"


def harbor_game(level: str, seed: int, days: int, red: str = "normal", fog: bool = False):
    """Harbor Strike between CPUs until the end of day ``days``; returns the state and the second
    army's Load and Unload decisions as (day, action, state after it)."""
    state = TacticsGame(mission="harbor_strike", fog=fog).new_initial_state(seed=seed)
    bots = {0: make_bot(red, seed), 1: make_bot(level, seed + 1)}
    ferry = []
    while state.node_kind() is not NodeKind.TERMINAL and state.day <= days:
        if state.node_kind() is NodeKind.CHANCE:
            state.settle()
            continue
        me, action = state.current, bots[state.current].choose(state)
        state.play(action)
        if me == DEFENDER and isinstance(action, (Load, Unload)):
            ferry.append((state.day, action, state.clone()))
    return state, ferry


@pytest.mark.parametrize("level", LEVELS)
def test_harbor_strike_lander_lands_its_troops(level: str) -> None:
    """Within 4 days of CPU play, at every level, two foot soldiers board the Lander, it leaves its
    starting tile, beaches on the shore the brief names and drops them on land near the goal (E6)."""
    state, ferry = harbor_game(level, seed=1, days=4)
    w, h = state.game.map.width, state.game.map.height
    loads = [a for _, a, _ in ferry if isinstance(a, Load)]
    landings = [(day, a, after) for day, a, after in ferry if isinstance(a, Unload)]
    assert len(loads) >= 2 and all(a.to == ORDER.pickup for a in loads[:2])
    assert landings, "the Lander never unloaded"
    day, landing, after = landings[0]
    assert day <= 4 and landing.at == ORDER.pickup and landing.to in ORDER.shore and len(landing.drops) == 2
    goal = parse_tile(ORDER.goal, w, h)
    for _, tile in landing.drops:
        pos = parse_tile(tile, w, h)
        soldier = after.units[pos]
        assert soldier.owner == DEFENDER and soldier.spec.can_capture
        assert move_cost(after.terrain(pos), "infantry") is not None and after.terrain(pos) not in ("sea", "reef")
        assert distance(pos, goal) <= 5


def test_harbor_strike_under_fog() -> None:
    """Fog of war: the orders use only the second army's own units, so the landing happens in fog too."""
    _, ferry = harbor_game("normal", seed=2, days=5, fog=True)
    assert any(isinstance(a, Unload) and a.to in ORDER.shore for _, a, _ in ferry)


def test_other_units_keep_the_pickup_free() -> None:
    """The other units of the second army do not stop on the pickup tile the Lander needs: the easy
    tank fires at the gunboat from I12, the beach beside it, not from the pickup H11."""
    s = position("twin_harbors day 2 blue | red 0: gunboat H12 | blue 0: lander I13 acted, tank J12",
                 mission="harbor_strike")
    assert make_bot("easy", 0).choose(s) == Attack("J12", "I12", "H12")
    for level in LEVELS:
        assert make_bot(level, 0).choose(s).to != ORDER.pickup


@pytest.mark.parametrize("level", LEVELS)
def test_hold_mission_defender_goes_for_the_tile(level: str) -> None:
    """Winning and losing (missions): in Snowbound Ridge the second army wins by taking D4, so a
    soldier that can reach D4 or the city F5 captures D4."""
    s = position("airfield_ridge day 2 blue | red 0: infantry A1 | blue 0: infantry E5", mission="snowbound_ridge")
    assert make_bot(level, 0).choose(s) == Capture("E5", "D4")
