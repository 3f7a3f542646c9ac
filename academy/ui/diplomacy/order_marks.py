"""What the Diplomacy board draws for orders: the columns of its order layers, from order texts.

A move or retreat is an arrow; a support a dashed line to the unit held or to the middle of the move
it supports; a convoy a dotted line army → fleet → destination with a ring on the fleet; a hold a
square, a build a circled cross, a disband a circled x. An order that failed gets a red cross at its
end. Each of the two groups ("draft": the orders being written, "last": the last phase's, faded) has
its own layers, named ``f"{group}-{part}"`` with part moves, supports, convoys and marks.

Geometry only: ``at(location)`` gives where a location is drawn; the board turns these columns into
its layers (academy/ui/diplomacy/board.py).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from academy.core.errors import RulesError
from academy.games.diplomacy.mapdata import province_of
from academy.games.diplomacy.orders import (Build, Convoy, Disband, Hold, Move, Retreat, SupportHold, SupportMove,
                                            parse_order)

from .style import power_colour

__all__ = ["OrderMarks", "DISLODGED_SHIFT", "MARK_COLUMNS", "SEGMENT_COLUMNS"]

Point = tuple[float, float]
#: how far a dislodged unit is drawn from its province's point (plot units), down and to the right
DISLODGED_SHIFT = (0.019, -0.019)
SEGMENT_COLUMNS = ("x0", "y0", "x1", "y1", "line_color")
MARK_COLUMNS = ("x", "y", "marker", "size", "line_color")
_MARKS = {Hold: ("square", 30), Build: ("circle_cross", 34), Disband: ("circle_x", 34)}


def _shorten(x0: float, y0: float, x1: float, y1: float, start: float, end: float) -> tuple[float, float, float, float]:
    """The segment cut by ``start`` at its start and ``end`` at its end (plot units)."""
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    return x0 + ux * start, y0 + uy * start, x1 - ux * end, y1 - uy * end


class OrderMarks:
    """The marks of one group of orders (see the module docstring): ``arrows`` (x0, y0, x1, y1,
    colour, width) for the arrow layers, ``supports``/``convoys`` segment columns, ``marks`` point
    columns and ``fails`` (the points of failed orders' crosses)."""

    def __init__(self, at: Callable[[str], Point], width: float) -> None:
        self.at, self.width = at, width
        self.arrows: list[tuple[float, float, float, float, str, float]] = []
        self.supports: dict[str, list[Any]] = {c: [] for c in SEGMENT_COLUMNS}
        self.convoys: dict[str, list[Any]] = {c: [] for c in SEGMENT_COLUMNS}
        self.marks: dict[str, list[Any]] = {c: [] for c in MARK_COLUMNS}
        self.fails: list[Point] = []

    def add_all(self, orders: Iterable[tuple[str, str, str | None]], units: Mapping[str, Any] | None = None,
                dislodged: Iterable[str] = ()) -> OrderMarks:
        """Add every (power, text, result) order; ``units`` says where each province's unit stands
        (its coast), ``dislodged`` the provinces whose retreat or disband starts beside the province."""
        dislodged = set(dislodged)
        for power, text, result in orders:
            self.add(text, power, result, units or {}, dislodged)
        return self

    def add(self, text: str, power: str, result: str | None, units: Mapping[str, Any], dislodged: set[str]) -> None:
        """Add one order (a text not understood, or one without a unit, draws nothing)."""
        try:
            o = parse_order(text)
        except RulesError:
            return
        if not hasattr(o, "unit"):
            return
        colour = power_colour(power)
        x0, y0 = self.at(self._loc(units, o.unit.province, o.unit.location))
        if o.unit.province in dislodged and isinstance(o, (Retreat, Disband)):
            x0, y0 = x0 + DISLODGED_SHIFT[0], y0 + DISLODGED_SHIFT[1]
        end: Point | None = None
        if isinstance(o, (Move, Retreat)):
            seg = _shorten(x0, y0, *self.at(o.dest), 0.012, 0.014)
            self.arrows.append((*seg, colour, self.width))
            end = seg[2], seg[3]
        elif isinstance(o, (SupportHold, SupportMove)):
            sx, sy = self.at(self._loc(units, o.supported.province, o.supported.location))
            if isinstance(o, SupportHold):      # to the unit held
                seg = _shorten(x0, y0, sx, sy, 0.012, 0.016)
            else:                               # to the middle of the move it supports
                tx, ty = self.at(province_of(o.dest))
                seg = _shorten(x0, y0, (sx + tx) / 2, (sy + ty) / 2, 0.012, 0.0)
            self._segment(self.supports, seg, colour)
            end = seg[2], seg[3]
        elif isinstance(o, Convoy):
            ax, ay = self.at(o.army.province)
            dx, dy = self.at(province_of(o.dest))
            self._segment(self.convoys, (ax, ay, x0, y0), colour)
            self._segment(self.convoys, (x0, y0, dx, dy), colour)
            self._mark(x0, y0, "circle", 32, colour)
            end = x0, y0
        elif isinstance(o, (Hold, Build, Disband)):
            self._mark(x0, y0, *_MARKS[type(o)], colour)
            end = x0, y0
        if end is not None and result == "fails":
            self.fails.append(end)

    @staticmethod
    def _loc(units: Mapping[str, Any], province: str, fallback: str) -> str:
        unit = units.get(province)
        return unit.location if unit is not None else fallback

    @staticmethod
    def _segment(cols: dict[str, list[Any]], seg: tuple[float, ...], colour: str) -> None:
        for key, value in zip(SEGMENT_COLUMNS, (*seg, colour)):
            cols[key].append(value)

    def _mark(self, x: float, y: float, marker: str, size: float, colour: str) -> None:
        for key, value in zip(MARK_COLUMNS, (x, y, marker, size, colour)):
            self.marks[key].append(value)
