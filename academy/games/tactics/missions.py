"""Campaign missions (tactics.md, "Winning and losing": missions add their own objectives; "Weather
(campaign missions)": some turn on rain or snow).

A mission is a map, a weather and an objective for the first army (the player's); the second
army defends. The usual ways to win and lose still hold. Objectives:

- ``capture``: take the property on ``tile`` by the end of day ``days``, else the defender wins.
- ``hold``: still own ``tile`` when day ``days`` ends; if the enemy takes it, the defender wins.
- ``destroy``: leave the defender no unit of type ``unit`` by the end of day ``days``.

``orders`` are what the brief promises the defender's units will do; the CPU carries them out
at every level (bots.py). One task so far, ``land``: a transport picks up foot soldiers at
``pickup``, sails to a beach of ``shore`` and unloads them there; they then go for ``goal``.

>>> MISSIONS["rain_on_the_river"].weather, MISSIONS["snowbound_ridge"].weather
('rain', 'snow')
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from academy.core.errors import IllegalAction
from academy.core.protocol import Event

from .board import parse_tile
from .state import event

if TYPE_CHECKING:
    from .state import TacticsState

ATTACKER, DEFENDER = 0, 1


@dataclass(frozen=True)
class Order:
    """A scripted order for the defender's units of type ``unit`` (see the module text)."""

    unit: str
    task: str
    pickup: str
    shore: tuple[str, ...]
    goal: str | None = None


@dataclass(frozen=True)
class Mission:
    """One campaign mission: where, in what weather, and the first army's objective."""

    id: str
    title: str
    brief: str
    map: str
    weather: str
    objective: str
    days: int
    tile: str | None = None
    unit: str | None = None
    orders: tuple[Order, ...] = ()


MISSIONS: Mapping[str, Mission] = MappingProxyType({m.id: m for m in (
    Mission("rain_on_the_river", "Rain on the River",
            "Rain turns the plains to mud. Capture the city on J3 across the river by the end of day 9.",
            "river_crossing", "rain", "capture", 9, tile="J3"),
    Mission("snowbound_ridge", "Snowbound Ridge",
            "Snow slows every ground unit and aircraft. Hold your city on D4 until day 8 is over.",
            "airfield_ridge", "snow", "hold", 8, tile="D4"),
    Mission("harbor_strike", "Harbor Strike",
            "Sink the enemy Lander before it lands its troops on the beach at E9, below your factory: "
            "destroy it by the end of day 12.",
            "twin_harbors", "clear", "destroy", 12, unit="lander",
            orders=(Order("lander", "land", pickup="H11", shore=("E9", "D9", "F10"), goal="E6"),)),
)})


def mission(name: str | None) -> Mission | None:
    """The mission ``name`` (None = a skirmish); raises IllegalAction(reason="bad_option")."""
    if name is None:
        return None
    if name not in MISSIONS:
        raise IllegalAction("bad_option", f"Unknown mission {name!r}; choose one of {', '.join(MISSIONS)}.")
    return MISSIONS[name]


def _end(state: TacticsState, winner: int, why: str) -> list[Event]:
    state.over, state.won_by, state.pending = True, winner, None
    return [event("victory", f"{state.game.player_name(winner)} wins: {why}.", winner=winner)]


def check(state: TacticsState, day_over: bool = False) -> list[Event]:
    """End the game if the mission's objective is met or failed; ``day_over`` when a day has just ended
    (``state.day`` is then the day that ended). Returns the events."""
    m = mission(state.game.options.get("mission"))
    if m is None or state.over:
        return []
    if m.tile is not None:
        pos = parse_tile(m.tile, state.game.map.width, state.game.map.height)
        owner = state.owners.get(pos)
        if m.objective == "capture" and owner == ATTACKER:
            return _end(state, ATTACKER, f"the objective on {m.tile} is taken")
        if m.objective == "hold" and owner == DEFENDER:
            return _end(state, DEFENDER, f"the enemy took {m.tile}")
        if m.objective == "hold" and day_over and state.day >= m.days:
            return _end(state, ATTACKER, f"{m.tile} was held until day {m.days} was over")
    if m.objective == "destroy":
        left = sum(1 for u in state.units.values() if u.owner == DEFENDER for x in (u, *u.cargo) if x.type == m.unit)
        if not left:
            return _end(state, ATTACKER, f"no enemy {m.unit} is left")
    if day_over and state.day >= m.days and m.objective in ("capture", "destroy"):
        return _end(state, DEFENDER, f"the objective was not met by the end of day {m.days}")
    return []
