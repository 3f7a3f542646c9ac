"""Where the coach draws a Fronts decision (the review, issue 22): a player's orders for a turn and the
better ones, each order that differs between them (``board_kit.coach.orders_drawing``): a move, support,
strike or scout is an arrow from the stack to its target, a hold or a build a ring on the province."""
from __future__ import annotations

from typing import Any

from academy.core.errors import RulesError
from academy.games.fronts.orders import parse_order
from academy.ui.board_kit.coach import CoachDrawing, decisions_of, orders_drawing

__all__ = ["coach_drawing"]


def coach_drawing(board: Any, state: Any, mark: Any) -> CoachDrawing:
    """The orders made and the better ones on ``board`` (a FrontsBoard), each that the other set lacks."""
    def where(text: str) -> Any:
        try:
            o = parse_order(text, state.fmap)
        except RulesError:
            return None
        if o.source not in board.pos or o.target not in board.pos:
            return None
        return board.pos[o.source], None if o.kind in ("hold", "build") else board.pos[o.target]
    made, better = decisions_of(state, mark)
    return orders_drawing(getattr(made, "orders", ()), getattr(better, "orders", None), where)
