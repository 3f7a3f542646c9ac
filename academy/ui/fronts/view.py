"""FrontsView: what the Fronts board and side panels read (no Panel).

One player's view of a position: ``observation(player)`` (the fog: other players' hidden stacks never
get here), the orders drawn on the map, the highlights of a click path and the battle reports seen. Two
models are views: ``FrontsSession`` (a screen that writes a player's orders; academy/ui/fronts/session.py)
and ``FrontsReplay`` (a record, turn by turn; academy/ui/fronts/replay.py), so the same board and panels
draw either. ``fmap`` and ``game`` are the map and game shown (None before a game).
"""
from __future__ import annotations

from typing import Any

import param

from academy.games.fronts.game import FrontsGame
from academy.games.fronts.mapdata import FrontsMap

__all__ = ["FrontsView"]


class FrontsView(param.Parameterized):
    """One player's view of a Fronts position; see the module docstring."""

    obs = param.Dict(None, allow_None=True, doc="observation(player): everything the views draw")
    player = param.String(None, allow_None=True, doc="the player id whose view this is (None: watching)")
    pending = param.List([], doc="the orders drawn on the map (canonical texts)")
    selected = param.String(None, allow_None=True, doc="the province of the selected stack")
    targets = param.List([], doc="provinces a click may target now (highlighted)")
    reports = param.List([], doc="the viewer's resolved turns: dicts turn, events (kind, text, why)")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.fmap: FrontsMap | None = None
        self.game: FrontsGame | None = None

    def pname(self, province: str) -> str:
        """The province's name on the map ('Millbrook'; the id itself before a game)."""
        return self.fmap.name_of(province) if self.fmap else province

    def player_name(self, pid: str | None) -> str:
        """The player's name ('Red'; 'Neutral' for nobody)."""
        if pid is None or pid == "neutral" or self.fmap is None:
            return "Neutral"
        return self.fmap.players[pid].name
