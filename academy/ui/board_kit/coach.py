"""The coach's marks on any game's board (issue 22): the decision made (red, dashed) and the better one
(green), as arrows and rings in the board's own units. Every coach arrow has a white halo and white-rimmed
head, so it stands apart from a player's own arrows of the same colour (Fronts' red player, Diplomacy's
Austria or Italy).

A board made inside ``with coaching():``, or for a model that says it is ``coached`` (a replay: every finished
game's replay can show its review), gets the coach layers on top of its own: each game's board adds
``*coach_layers(model)`` to the layers it draws, an empty list otherwise, so a board that is never coached
(the Play tab, the lessons) draws nothing more. ``draw_coach(board, drawing)`` shows a
``CoachDrawing`` on a coached board (and does nothing on another). Each game says where its decisions
are drawn (the review's ``coach`` entry in the UI registry): this module names no game.

An arrow stops ``END_PX`` screen pixels short of its end and starts ``START_PX`` after its start, so that
it points at a piece without covering it, whatever the board's units.

>>> from academy.ui.board_kit.board import Board
>>> with coaching():
...     board = Board("b", coach_layers(), x_range=(0, 10), y_range=(0, 10), width=100, height=100)
>>> draw_coach(board, CoachDrawing(better=((1, 1, 9, 1),), made_rings=((5, 5),)))
>>> board.column("coach-better", "x1")
[7.5]
>>> board.column("coach-rings", "line_color") == [MADE]
True
>>> board.column("coach-halo", "line_width")        # under the better arrow, 4 px wider
[8.0]
"""
from __future__ import annotations

import contextlib
import contextvars
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .arrows import arrow_columns, arrow_layers
from .layer import Layer

__all__ = ["BETTER", "CoachDrawing", "MADE", "coach_layers", "coached", "coaching", "decisions_of", "draw_coach",
           "orders_drawing"]

#: the colours of the decision made and of the better one
MADE, BETTER = "#c62828", "#1b7f3b"
#: screen pixels an arrow stops short of its end, and leaves after its start
END_PX, START_PX = 15.0, 9.0
RINGS, HALO = "coach-rings", "coach-halo"
#: the halo's colour and how much wider than its arrow it is (pixels)
HALO_COLOUR, HALO_PX = "#ffffff", 4.0
_ON: contextvars.ContextVar[bool] = contextvars.ContextVar("academy_board_coach", default=False)

Segment = tuple[float, float, float, float]
Point = tuple[float, float]


@dataclass(frozen=True)
class CoachDrawing:
    """What the coach draws: arrows (x0, y0, x1, y1) and rings (x, y) of the decision made and of the better
    one, in the board's data units."""

    made: tuple[Segment, ...] = ()
    better: tuple[Segment, ...] = ()
    made_rings: tuple[Point, ...] = ()
    better_rings: tuple[Point, ...] = ()


@contextlib.contextmanager
def coaching() -> Iterator[None]:
    """Boards made inside this block get the coach layers."""
    token = _ON.set(True)
    try:
        yield
    finally:
        _ON.reset(token)


def coach_layers(model: Any = None) -> list[Layer]:
    """The coach layers, empty, for a board of ``model`` made inside ``coaching()`` or whose model is
    ``coached`` (else none): the made arrows (dashed), the better arrows, then the rings."""
    if not (_ON.get() or getattr(model, "coached", False)):
        return []
    halo = Layer(HALO, "segments", {"x0": [], "y0": [], "x1": [], "y1": [], "line_width": []},
                 mapped=("line_width",), style={"line_color": HALO_COLOUR, "line_alpha": 0.85})
    made = arrow_layers("coach-made", [], alpha=0.9, dashed=True, outline=HALO_COLOUR)
    better = arrow_layers("coach-better", [], alpha=0.95, outline=HALO_COLOUR)
    rings = Layer(RINGS, "points", {"x": [], "y": [], "line_color": []}, mapped=("line_color",),
                  style={"marker": "circle", "size": 34, "fill_alpha": 0, "line_width": 4})
    return [halo, *made, *better, rings]


def decisions_of(state: Any, mark: Any) -> tuple[Any, Any]:
    """The decision a mark names and its better one, read with the game's notation on ``state`` (the board
    before the decision): (action or None, action or None); a text the engine does not read gives None."""
    from academy.core.errors import RulesError

    def read(text: str | None) -> Any:
        if not text:
            return None
        try:
            return state.game.parse_action(text, state)
        except RulesError:
            return None
    return read(mark.decision), read(mark.better)


def orders_drawing(made: Sequence[str], better: Sequence[str] | None,
                   where: Callable[[str], tuple[Point, Point | None] | None]) -> CoachDrawing:
    """The drawing of a game of orders: each order of ``made`` that ``better`` lacks (red), and each of
    ``better`` that ``made`` lacks (green), where ``where(order)`` puts it: (start, end) an arrow, (start,
    None) a ring, None nothing (an order not understood). No better orders: nothing is drawn."""
    if better is None:
        return CoachDrawing()
    made, better = [o.strip() for o in made], [o.strip() for o in better]

    def parts(orders: list[str], others: list[str]) -> tuple[tuple[Segment, ...], tuple[Point, ...]]:
        arrows, rings = [], []
        for text in orders:
            spot = where(text) if text not in others else None
            if spot is None:
                continue
            start, end = spot
            if end is None or end == start:
                rings.append(start)
            else:
                arrows.append((*start, *end))
        return tuple(arrows), tuple(rings)
    made_arrows, made_rings = parts(made, better)
    better_arrows, better_rings = parts(better, made)
    return CoachDrawing(made_arrows, better_arrows, made_rings, better_rings)


def coached(board: Any) -> bool:
    """Whether ``board`` (a board kit Board) was made with the coach layers."""
    return RINGS in getattr(board, "layers", {})


def _trim(segment: Segment, scale: tuple[float, float]) -> Segment:
    """``segment`` cut by START_PX at its start and END_PX at its end (screen pixels; ``scale``: pixels per
    unit along x and y); a segment too short for that is kept whole."""
    x0, y0, x1, y1 = segment
    px, py = (x1 - x0) * scale[0], (y1 - y0) * scale[1]
    length = math.hypot(px, py)
    if length <= START_PX + END_PX + 4:
        return segment
    a, b = START_PX / length, 1 - END_PX / length
    return (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)


def _arrows(segments: Sequence[Segment], colour: str, width: float, scale: tuple[float, float],
            y_down: bool) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
    rows = [(*_trim(tuple(map(float, s)), scale), colour, width) for s in segments]     # type: ignore[arg-type]
    return arrow_columns(rows, y_down=y_down, scale=scale)


def draw_coach(board: Any, drawing: CoachDrawing | None) -> None:
    """Show ``drawing`` on a board made with the coach layers (None: take the marks away); nothing happens on
    another board."""
    if not coached(board):
        return
    drawing = drawing or CoachDrawing()
    scale = board.pixels_per_unit()
    y_down = bool(getattr(board.figure.y_range, "flipped", False))      # a board drawn with row 1 at the top
    made, made_heads = _arrows(drawing.made, MADE, 3.0, scale, y_down)
    better, better_heads = _arrows(drawing.better, BETTER, 4.0, scale, y_down)
    rings = [(x, y, MADE) for x, y in drawing.made_rings] + [(x, y, BETTER) for x, y in drawing.better_rings]
    ring_cols = {"x": [r[0] for r in rings], "y": [r[1] for r in rings], "line_color": [r[2] for r in rings]}
    halo = {k: made[k] + better[k] for k in ("x0", "y0", "x1", "y1")}
    halo["line_width"] = [w + HALO_PX for w in made["line_width"] + better["line_width"]]

    def patch() -> None:
        board.replace(HALO, halo)
        board.replace("coach-made", made)
        board.replace("coach-made-heads", made_heads)
        board.replace("coach-better", better)
        board.replace("coach-better-heads", better_heads)
        board.replace(RINGS, ring_cols)
    board.change(patch)
