"""Where the coach draws a Conquest decision (the review, issue 22): an attack is an arrow from the attacking
territory to the one attacked."""
from __future__ import annotations

from typing import Any

from academy.games.conquest.actions import Attack
from academy.ui.board_kit.coach import CoachDrawing, decisions_of

__all__ = ["coach_drawing"]


def coach_drawing(board: Any, state: Any, mark: Any) -> CoachDrawing:
    """The attack made and the better one on ``board`` (a ConquestBoard), on ``state`` before the attack."""
    def arrows(action: Any) -> tuple[tuple[float, float, float, float], ...]:
        return ((*board.pos[action.src], *board.pos[action.dst]),) if isinstance(action, Attack) else ()
    made, better = decisions_of(state, mark)
    return CoachDrawing(made=arrows(made), better=arrows(better))
