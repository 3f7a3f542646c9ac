"""Guy Debord's Game of War (../shared/rules/game-of-war.md). Pure Python, no UI imports.

    >>> from academy.games.game_of_war import Position, network, combat, is_legal_move
"""
from .actions import Attack, Deploy, EndTurn, FirstPlayer, Move, Retreat
from .combat import (Combat, can_attack, check_attack, combat, distance, has_line_of_fire, is_aligned, outcome_of,
                     targets)
from .communication import Network, communication, is_connected, network
from .game import GameOfWarGame
from .mapdata import board, deployment
from .moves import check_move, destinations, is_legal_move
from .notation import format_square, parse_square
from .position import Position, PositionError, Unit
from .snapshot import format_position, parse_position, state_from_position
from .state import GameOfWarState
from .units import SIDES, UNIT_TYPES, UnitType

__all__ = ["Attack", "Combat", "Deploy", "EndTurn", "FirstPlayer", "GameOfWarGame", "GameOfWarState", "Move",
           "Network", "Position", "PositionError", "Retreat", "SIDES", "UNIT_TYPES", "Unit", "UnitType", "board",
           "can_attack", "check_attack", "check_move", "combat", "communication", "deployment", "destinations",
           "distance", "format_position", "format_square", "has_line_of_fire", "is_aligned", "is_connected",
           "is_legal_move", "network", "outcome_of", "parse_position", "parse_square", "state_from_position",
           "targets"]
