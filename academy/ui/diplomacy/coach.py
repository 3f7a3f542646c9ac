"""Where the coach draws a Diplomacy decision (the review, issue 22): a power's orders for a phase and the
hard CPU's, each order that differs between them (``board_kit.coach.orders_drawing``): a move, retreat,
support or convoy is an arrow from the unit to where it acts, a hold, build or disband a ring on the unit."""
from __future__ import annotations

from typing import Any

from academy.core.errors import RulesError
from academy.games.diplomacy.orders import Convoy, Move, Retreat, SupportHold, SupportMove, parse_order
from academy.ui.board_kit.coach import CoachDrawing, decisions_of, orders_drawing

from .map_layout import point

__all__ = ["coach_drawing"]


def coach_drawing(board: Any, state: Any, mark: Any) -> CoachDrawing:
    """The orders made and the better ones on ``board`` (a DiplomacyBoard), each that the other set lacks."""
    def where(text: str) -> Any:
        try:
            o = parse_order(text)
        except RulesError:
            return None
        unit = getattr(o, "unit", None)
        if unit is None:
            return None
        end = (o.dest if isinstance(o, (Move, Retreat, SupportMove, Convoy))
               else o.supported.location if isinstance(o, SupportHold) else None)
        return point(board.map, unit.location), point(board.map, end) if end else None
    made, better = decisions_of(state, mark)
    return orders_drawing(getattr(made, "orders", ()), getattr(better, "orders", None), where)
