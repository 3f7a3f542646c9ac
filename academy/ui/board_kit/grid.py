"""What every grid board draws: square cells, the cell a tap is on, and the axes' column letters.

Cells are named by (column, row) with column 0 at the left; a game chooses whether row 0 is at the
top (``flip=True``: data y = -row) or the bottom. A cell's centre is at its integer coordinates.

>>> cell_at(2.4, -0.6, width=5, height=4, flip=True)
(2, 1)
>>> rect_columns([(1, 1)], size=0.5, flip=True)["bottom"]
[-1.25]
>>> corner_windows(25, 20)["south-east"]
((9.5, 24.5), (7.5, 19.5))
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["cell_at", "rect_columns", "column_ticks", "row_ticks", "corner_windows"]

Cell = tuple[int, int]


def cell_at(x: float | None, y: float | None, *, width: int, height: int, flip: bool = False) -> Cell | None:
    """The (column, row) cell under data point (x, y), or None off the board."""
    if x is None or y is None:
        return None
    col, row = round(x), round(-y if flip else y)
    return (col, row) if 0 <= col < width and 0 <= row < height else None


def rect_columns(cells: Iterable[Cell], size: float | Sequence[float] = 1.0, flip: bool = False,
                 dy: float = 0.0) -> dict[str, list[float]]:
    """Rectangles columns (left, bottom, right, top) of squares of side ``size`` centred on cells
    (``size`` may be (width, height)); ``dy`` moves them up in data units."""
    w, h = (size, size) if isinstance(size, (int, float)) else size
    out: dict[str, list[float]] = {"left": [], "bottom": [], "right": [], "top": []}
    for col, row in cells:
        y = (-row if flip else row) + dy
        out["left"].append(col - w / 2)
        out["right"].append(col + w / 2)
        out["bottom"].append(y - h / 2)
        out["top"].append(y + h / 2)
    return out


def column_ticks(names: Sequence[str]) -> list[tuple[int, str]]:
    """HoloViews ``xticks`` naming each column."""
    return list(enumerate(names))


def row_ticks(names: Sequence[str], flip: bool = False) -> list[tuple[int, Any]]:
    """HoloViews ``yticks`` naming each row (row 0 at the top when ``flip``)."""
    return [(-i if flip else i, name) for i, name in enumerate(names)]


#: the share of a board's columns and rows a corner window shows
WINDOW_SHARE = 0.6


def corner_windows(width: int, height: int, share: float = WINDOW_SHARE
                   ) -> dict[str, tuple[tuple[float, float], tuple[float, float]]]:
    """Data ranges ((x0, x1), (y0, y1)) of the whole board and of four windows on it, each ``share`` of its
    columns and rows (whole squares, the corner squares in it), so that a phone can show a large board's
    squares bigger: "whole", "north-west", "north-east", "south-west", "south-east" (row 0 is north, at
    the top). The windows overlap in the middle, so a unit near it is seen with its neighbours."""
    cols, rows = max(1, round(width * share)), max(1, round(height * share))
    xs = {"west": (-0.5, cols - 0.5), "east": (width - cols - 0.5, width - 0.5)}
    ys = {"north": (-0.5, rows - 0.5), "south": (height - rows - 0.5, height - 0.5)}
    return {"whole": ((-0.5, width - 0.5), (-0.5, height - 0.5)),
            **{f"{ns}-{ew}": (xs[ew], ys[ns]) for ns in ("north", "south") for ew in ("west", "east")}}
