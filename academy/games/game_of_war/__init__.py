"""Guy Debord's Game of War (../shared/rules/game-of-war.md). Pure Python, no UI imports.

    >>> from academy.games.game_of_war import Position, network, combat, is_legal_move
"""
from .combat import (Combat, can_attack, check_attack, combat, distance, has_line_of_fire, is_aligned, outcome_of,
                     targets)
from .communication import Network, communication, is_connected, network
from .mapdata import board, deployment
from .moves import check_move, destinations, is_legal_move
from .position import Position, PositionError, Unit
from .units import SIDES, UNIT_TYPES, UnitType

__all__ = ["Combat", "Network", "Position", "PositionError", "SIDES", "UNIT_TYPES", "Unit", "UnitType", "board",
           "can_attack", "check_attack", "check_move", "combat", "communication", "deployment", "destinations",
           "distance", "has_line_of_fire", "is_aligned", "is_connected", "is_legal_move", "network", "outcome_of",
           "targets"]
