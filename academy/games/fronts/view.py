"""The state a player of a Fronts game may see (fronts.md, "Fog"): ``view_state``.

Owners, dug-in counters, the cities taken this turn, who is out and who has submitted are public;
a player sees its team's stacks and the neutral garrisons exactly, enemy stacks near its team's
stacks (or scouted) exactly, enemy stacks near its team's land only as their unit types and a size
range, nothing further away; its own funds, income, orders and scouting, never another player's.
A spectator (``observation(None)``) sees owners and garrisons and the public reports only. Once a
game is over (or for an imported record) everything may be shown: ``full_observation``.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from academy.core.record import ViewRecord

from .board import NEUTRAL, Board
from .state import FrontsState

if TYPE_CHECKING:
    from .game import FrontsGame

__all__ = ["HIDDEN_ORDERS", "FrontsView", "full_observation", "view_state"]

#: the pending orders of a player that has submitted, as another player sees them: a placeholder
HIDDEN_ORDERS: tuple[str, ...] = ()


class FrontsView(FrontsState):
    """A Fronts state built from one observation (``view_state``). Its board holds only the stacks
    the viewer sees exactly; a stack seen only roughly (types and a size range) is not on the board,
    and what the viewer was shown of the stacks (``shown_stacks``) and its income (which counts turns
    a city was held, a counter it does not see) are kept as shown."""

    shown_stacks: dict[str, list[dict[str, Any]]]
    shown_income: int | None = None
    shown_supply: list[dict[str, Any]] | None = None

    def observation(self, player: int | str | None) -> dict[str, Any]:
        data = super().observation(player)
        data["stacks"] = copy.deepcopy(self.shown_stacks)
        if "income" in data and self.shown_income is not None:
            data["income"] = self.shown_income
        if "out_of_supply" in data and self.shown_supply is not None:
            data["out_of_supply"] = copy.deepcopy(self.shown_supply)
        return data


def view_state(game: FrontsGame, observation: Mapping[str, Any], step: int = 0) -> FrontsView:
    """A Fronts state holding only what ``observation`` (``state.observation(seat)``) shows: the
    stacks seen exactly (the roughly seen ones are left off the board), the viewer's own funds,
    orders and scouting (another player's funds as 0, its submitted orders as ``HIDDEN_ORDERS``),
    no hidden counters. ``view.observation(seat) == observation``; ``step`` is the record's length.
    Raises ValueError for an observation that is not a Fronts one.

        >>> from academy.games.fronts.game import FrontsGame
        >>> s = FrontsGame().new_initial_state(seed=1)
        >>> sorted(view_state(s.game, s.observation(None)).board.stacks["red"])
        []
    """
    try:
        viewer = observation["viewer"]
        players = tuple(game.player_ids)
        stacks: dict[str, dict[str, dict[str, int]]] = {pl: {} for pl in players}
        neutral: dict[str, dict[str, int]] = {}
        for prov, seen in observation["stacks"].items():
            for entry in seen:
                if "units" not in entry:          # seen only roughly: not on the board
                    continue
                where = neutral if entry["owner"] == NEUTRAL else stacks[entry["owner"]]
                where[prov] = dict(entry["units"])
        board = Board(turn=int(observation["turn"]), players=players, teams=dict(observation["teams"]),
                      owners=dict(observation["owners"]), stacks=stacks, neutral=neutral,
                      funds={pl: int(observation["funds"]) if pl == viewer else 0 for pl in players},
                      dug=dict(observation["dug"]), held={}, half=list(observation["half"]),
                      oos={pl: {} for pl in players},
                      scouted={pl: list(observation["scouted"]) if pl == viewer else [] for pl in players},
                      out=list(observation["out"]), surrendered=list(observation["surrendered"]))
        state = FrontsView(game, ViewRecord(game, step), board)
        own = tuple(observation["pending"]) if viewer else HIDDEN_ORDERS
        state.pending = {pl: own if pl == viewer else HIDDEN_ORDERS for pl in observation["submitted"]}
        state.last = copy.deepcopy(list(observation["last"]))
        state.result = copy.deepcopy(observation["result"])
        state.shown_stacks = copy.deepcopy(dict(observation["stacks"]))
        state.shown_income = int(observation["income"]) if viewer else None
        state.shown_supply = copy.deepcopy(list(observation.get("out_of_supply", []))) if viewer else None
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"This is not a Fronts observation: {exc!s} is missing or of the wrong kind.") from None
    return state


def full_observation(state: FrontsState) -> dict[str, Any]:
    """Everything on the board in the form of an observation (a spectator's, with every stack exact and
    every report of the last turn): what a finished game or an imported record shows."""
    obs = state.observation(None)
    b = state.board
    stacks: dict[str, list[dict[str, Any]]] = {}
    for p in sorted(state.fmap.provinces):
        seen = [{"owner": o, "units": dict(u)} for o, u in sorted(b.stacks_in(p).items()) if any(u.values())]
        if seen:
            stacks[p] = seen
    obs.update(stacks=stacks, last=copy.deepcopy(state.last))
    return obs
