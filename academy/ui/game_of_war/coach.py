"""Where the coach draws a Game of War decision (the review, issue 22): an attack is an arrow from the unit
named in it to its target, a move or a retreat an arrow from the unit to its new square; a turn ended
without an attack draws nothing of its own."""
from __future__ import annotations

from typing import Any

from academy.games.game_of_war.actions import Attack, Move, Retreat
from academy.ui.board_kit.coach import CoachDrawing, decisions_of

__all__ = ["coach_drawing"]


def coach_drawing(board: Any, state: Any, mark: Any) -> CoachDrawing:
    """The decision made and the better one on ``board`` (a GameOfWarBoard), on ``state`` before it."""
    pos = state.position

    def arrows(action: Any) -> tuple[tuple[float, float, float, float], ...]:
        if isinstance(action, Attack) and pos.has_unit(action.unit) and pos.has_unit(action.target):
            return ((*pos.unit(action.unit).at, *pos.unit(action.target).at),)
        if isinstance(action, (Move, Retreat)) and pos.has_unit(action.unit):
            return ((*pos.unit(action.unit).at, *action.to),)
        return ()
    made, better = decisions_of(state, mark)
    return CoachDrawing(made=arrows(made), better=arrows(better))
