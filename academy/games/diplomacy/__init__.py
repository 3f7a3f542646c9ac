"""Diplomacy: the standard map, positions, order notation and a DATC-exact adjudicator.

>>> from academy.games.diplomacy import Position, adjudicate
>>> res = adjudicate(Position.from_dict({"phase": "S1901M", "units": {"ENGLAND": ["F NTH", "A LON"]}}),
...                  {"ENGLAND": ["F NTH - PIC", "A LON H"]})
>>> res.results
{'F NTH': 'fails', 'A LON': 'succeeds'}
"""
from .adjudicate import Resolution, adjudicate
from .mapdata import DiplomacyMap, standard_map
from .orders import format_order, parse_order
from .position import Position, PositionError, Unit

__all__ = ["DiplomacyMap", "Position", "PositionError", "Resolution", "Unit", "adjudicate", "format_order",
           "parse_order", "standard_map"]
