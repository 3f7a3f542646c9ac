"""Arrows as two layers: a shaft (segments) and a head (a triangle marker turned along the shaft).

Bokeh's Arrow annotation is not a HoloViews element; drawn this way an arrow is data like any other
layer, patched in place and kept in :attr:`Board.element` for notebooks.

>>> shafts, heads = arrow_layers("moves", [(0, 0, 1, 0, "#c00", 3)])
>>> heads.columns["angle"]
[-1.5707963267948966]
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from .layer import Layer

__all__ = ["arrow_layers", "arrow_columns"]

Arrow = tuple[float, float, float, float, str, float]   # x0, y0, x1, y1, colour, width


def arrow_columns(arrows: Iterable[Arrow], extra: Mapping[str, list[Any]] | None = None, y_down: bool = False,
                  scale: tuple[float, float] = (1.0, 1.0),
                  ) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
    """(shaft columns, head columns) for arrows (x0, y0, x1, y1, colour, line width); ``extra``
    columns (one value per arrow) go on both, e.g. a ``line_dash`` or an id for tooltips. ``y_down``:
    the board's y axis is inverted (y grows down the screen), so the heads turn the other way.

    A head's angle is on the screen: on a board whose data units are not as many pixels along x as
    along y, pass ``scale`` (pixels per unit along x and y, :meth:`Board.pixels_per_unit`) or the
    head does not point along its shaft."""
    rows = list(arrows)
    shaft: dict[str, list[Any]] = {"x0": [], "y0": [], "x1": [], "y1": [], "line_color": [], "line_width": []}
    head: dict[str, list[Any]] = {"x": [], "y": [], "angle": [], "fill_color": [], "size": []}
    for x0, y0, x1, y1, colour, width in rows:
        for key, value in zip(shaft, (x0, y0, x1, y1, colour, width)):
            shaft[key].append(value)
        head["x"].append(x1)
        head["y"].append(y1)
        # Bokeh's triangle points up; turn it to the shaft's direction (radians, anticlockwise)
        rise = (y0 - y1) if y_down else (y1 - y0)
        head["angle"].append(math.atan2(rise * scale[1], (x1 - x0) * scale[0]) - math.pi / 2)
        head["fill_color"].append(colour)
        head["size"].append(8 + 2.5 * width)
    for key, values in (extra or {}).items():
        shaft[key] = list(values)
        head[key] = list(values)
    return shaft, head


def arrow_layers(name: str, arrows: Iterable[Arrow], *, alpha: float = 1.0,
                 extra: Mapping[str, list[Any]] | None = None, dashed: bool = False,
                 scale: tuple[float, float] = (1.0, 1.0), outline: str | None = None) -> tuple[Layer, Layer]:
    """The shaft and head layers ``f"{name}"`` and ``f"{name}-heads"`` for ``arrows`` (``scale``: see
    :func:`arrow_columns`; ``outline``: a colour around the heads, None for none)."""
    shaft, head = arrow_columns(arrows, extra, scale=scale)
    style = {"line_alpha": alpha, **({"line_dash": "dashed"} if dashed else {})}
    rim = {"line_color": outline, "line_width": 1.5} if outline else {"line_color": None}
    return (Layer(name, "segments", shaft, mapped=("line_color", "line_width"), style=style),
            Layer(f"{name}-heads", "points", head, mapped=("angle", "fill_color", "size"),
                  style={"marker": "triangle", **rim, "fill_alpha": alpha}))
