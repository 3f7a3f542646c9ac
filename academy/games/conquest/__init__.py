"""Conquest: classic Risk-style play (../shared/rules/conquest.md). Pure Python, no UI imports."""
from .actions import (Attack, Claim, Deal, Draw, EndAttack, EndTurn, FirstPlayer, Fortify, Occupy, Place,
                      RandomPlace, Roll, TradeCards)
from .game import ConquestGame
from .position import format_position, parse_position
from .state import NEUTRAL, ConquestState

__all__ = ["Attack", "Claim", "ConquestGame", "ConquestState", "Deal", "Draw", "EndAttack", "EndTurn",
           "FirstPlayer", "Fortify", "NEUTRAL", "Occupy", "Place", "RandomPlace", "Roll", "TradeCards",
           "format_position", "parse_position"]
