"""Diplomacy: the standard map, positions, order notation, a DATC-exact adjudicator, and the game.

``DiplomacyGame`` / ``DiplomacyState`` play it through the engine protocol (simultaneous orders).

>>> from academy.games.diplomacy import Position, adjudicate
>>> res = adjudicate(Position.from_dict({"phase": "S1901M", "units": {"ENGLAND": ["F NTH", "A LON"]}}),
...                  {"ENGLAND": ["F NTH - PIC", "A LON H"]})
>>> res.results
{'F NTH': 'fails', 'A LON': 'succeeds'}
"""
from .actions import DrawVote, Resolve, SubmitOrders
from .adjudicate import Resolution, adjudicate
from .game import DiplomacyGame
from .mapdata import DiplomacyMap, standard_map
from .orders import format_order, parse_order
from .position import Position, PositionError, Unit
from .position_line import format_position, parse_position
from .state import DiplomacyState

__all__ = ["DiplomacyGame", "DiplomacyMap", "DiplomacyState", "DrawVote", "Position", "PositionError", "Resolution",
           "Resolve", "SubmitOrders", "Unit", "adjudicate", "format_order", "format_position", "parse_order",
           "parse_position", "standard_map"]
