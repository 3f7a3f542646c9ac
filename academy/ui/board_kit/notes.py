"""A teacher's arrows and marks on any game's board, as board layers (a demo board, issue 20).

A board made inside ``with notes_on():`` has three more layers on top of its own: the arrows' shafts and
heads (``arrows.arrow_layers``) and the marks (rings). They hold data in the board's own units, so a
drawing made on one board is drawn the same on every board of that game, whatever the game:

- ``draw_notes(board, arrows, marks)`` puts ``arrows`` ([x0, y0, x1, y1], ...) and ``marks`` ([x, y], ...) on
  a board made with notes;
- ``NotePen(board, on_change)`` lets a teacher draw on it: in mode "arrow" a tap starts an arrow and the next
  tap ends it, in mode "mark" a tap puts a ring (a tap on a ring takes it away), in mode "play" (or None)
  the board is the game's again. Each change calls ``on_change(arrows, marks)``.

>>> from academy.ui.board_kit.board import Board
>>> with notes_on():
...     board = Board("b", [], x_range=(0, 10), y_range=(0, 10))
>>> pen = NotePen(board, lambda arrows, marks: None)
>>> pen.mode = "arrow"; pen.tap(1, 1); pen.tap(4, 5)
>>> pen.arrows
[[1.0, 1.0, 4.0, 5.0]]
"""
from __future__ import annotations

import contextlib
import contextvars
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .arrows import arrow_columns, arrow_layers
from .layer import Layer

__all__ = ["ARROW_COLOUR", "MARK_COLOUR", "NotePen", "draw_notes", "drawing_notes", "has_notes", "note_layers",
           "notes_on"]

ARROW_COLOUR = "#e4572e"
MARK_COLOUR = "#e4572e"
ARROWS, MARKS = "notes", "notes-marks"
_ON: contextvars.ContextVar[bool] = contextvars.ContextVar("academy_board_notes", default=False)


@contextlib.contextmanager
def notes_on() -> Iterator[None]:
    """Boards made inside this block get the note layers."""
    token = _ON.set(True)
    try:
        yield
    finally:
        _ON.reset(token)


def drawing_notes() -> bool:
    """Whether a board made now gets the note layers."""
    return _ON.get()


def note_layers() -> list[Layer]:
    """The note layers, empty: arrows (shafts and heads), then the marks."""
    shafts, heads = arrow_layers(ARROWS, [])
    marks = Layer(MARKS, "points", {"x": [], "y": []},
                  style={"marker": "circle", "size": 30, "fill_alpha": 0, "line_color": MARK_COLOUR,
                         "line_width": 4})
    return [shafts, heads, marks]


def has_notes(board: Any) -> bool:
    """Whether ``board`` (a board kit Board) was made with the note layers."""
    return MARKS in getattr(board, "layers", {})


#: screen pixels an arrow stops short of the points tapped: a teacher taps on a marker, and the arrow must not
#: hide the number on it (an army's count, a unit's strength)
GAP = 15.0


def _arrow_rows(arrows: Sequence[Sequence[float]], scale: tuple[float, float] = (1.0, 1.0)
                ) -> list[tuple[float, float, float, float, str, float]]:
    """Each arrow as drawn: GAP pixels short of both points tapped (an arrow too short for that: as tapped)."""
    rows = []
    for x0, y0, x1, y1 in (tuple(map(float, a[:4])) for a in arrows):
        pixels = math.hypot((x1 - x0) * scale[0], (y1 - y0) * scale[1])
        cut = GAP / pixels if pixels > 3 * GAP else 0.0
        dx, dy = (x1 - x0) * cut, (y1 - y0) * cut
        rows.append((x0 + dx, y0 + dy, x1 - dx, y1 - dy, ARROW_COLOUR, 5))
    return rows


def draw_notes(board: Any, arrows: Sequence[Sequence[float]], marks: Sequence[Sequence[float]]) -> None:
    """Show ``arrows`` and ``marks`` on a board made with notes (nothing happens on another board)."""
    if not has_notes(board):
        return
    scale = board.pixels_per_unit()
    shaft, head = arrow_columns(_arrow_rows(arrows, scale), scale=scale)
    ring = {"x": [m[0] for m in marks], "y": [m[1] for m in marks]}

    def patch() -> None:
        board.replace(ARROWS, shaft)
        board.replace(f"{ARROWS}-heads", head)
        board.replace(MARKS, ring)
    board.change(patch)


class NotePen:
    """A teacher's pen on a board made with notes (see the module docstring)."""

    MODES = ("play", "arrow", "mark")

    def __init__(self, board: Any, on_change: Callable[[list[list[float]], list[list[float]]], None]) -> None:
        self.board = board
        self.on_change = on_change
        self.arrows: list[list[float]] = []
        self.marks: list[list[float]] = []
        self._start: tuple[float, float] | None = None
        self._mode = "play"

    @property
    def mode(self) -> str:
        return self._mode

    @mode.setter
    def mode(self, mode: str | None) -> None:
        self._mode = mode if mode in self.MODES else "play"
        self._start = None
        self.board.pen = None if self._mode == "play" else self.tap

    @property
    def waiting(self) -> bool:
        """True between an arrow's first tap and its second."""
        return self._start is not None

    def _near(self, x: float, y: float) -> int | None:
        px, py = self.board.pixels_per_unit()
        for i, (mx, my) in enumerate(self.marks):
            if math.hypot((mx - x) * px, (my - y) * py) <= 16:
                return i
        return None

    def tap(self, x: float, y: float) -> None:
        """A tap at (x, y) in the board's units, in the pen's mode."""
        x, y = round(float(x), 3), round(float(y), 3)
        if self._mode == "mark":
            hit = self._near(x, y)
            if hit is None:
                self.marks.append([x, y])
            else:
                del self.marks[hit]
        elif self._mode == "arrow":
            if self._start is None:
                self._start = (x, y)
                return
            (x0, y0), self._start = self._start, None
            if (x0, y0) == (x, y):
                return
            self.arrows.append([x0, y0, x, y])
        else:
            return
        self._changed()

    def set(self, arrows: Sequence[Sequence[float]], marks: Sequence[Sequence[float]]) -> None:
        """Replace the drawing (without calling ``on_change``)."""
        self.arrows = [list(map(float, a)) for a in arrows]
        self.marks = [list(map(float, m)) for m in marks]
        draw_notes(self.board, self.arrows, self.marks)

    def clear(self) -> None:
        """Take every arrow and mark away."""
        self.arrows, self.marks, self._start = [], [], None
        self._changed()

    def _changed(self) -> None:
        draw_notes(self.board, self.arrows, self.marks)
        self.on_change(list(self.arrows), list(self.marks))
