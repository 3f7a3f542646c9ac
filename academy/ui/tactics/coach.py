"""Where the coach draws a Tactics decision (the review, issue 22): an attack is an arrow from the unit's
tile to the tile it fires from (when it moves) and an arrow from there to its target."""
from __future__ import annotations

from typing import Any

from academy.games.tactics.actions import Attack
from academy.games.tactics.board import parse_tile
from academy.ui.board_kit.coach import CoachDrawing, decisions_of

__all__ = ["coach_drawing"]


def coach_drawing(board: Any, state: Any, mark: Any) -> CoachDrawing:
    """The attack made and the better one on ``board`` (a TacticsBoard), on ``state`` before the attack."""
    w, h = state.game.map.width, state.game.map.height

    def at(tile: str) -> tuple[float, float]:
        x, row = parse_tile(tile, w, h)
        return float(x), float(-row)             # the board draws row 1 at the top, at y = 0

    def arrows(action: Any) -> tuple[tuple[float, float, float, float], ...]:
        if not isinstance(action, Attack):
            return ()
        move = ((*at(action.at), *at(action.to)),) if action.at != action.to else ()
        return (*move, (*at(action.to), *at(action.target)))
    made, better = decisions_of(state, mark)
    return CoachDrawing(made=arrows(made), better=arrows(better))
