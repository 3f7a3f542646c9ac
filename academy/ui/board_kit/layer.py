"""One layer of a board: named columns of data drawn as one HoloViews element.

A layer is data, not drawing code: its ``kind`` picks the element (points, labels, segments,
rectangles, polygons), its ``columns`` hold the data, and each column named in ``mapped`` drives the
Bokeh glyph property of the same name (``fill_color``, ``line_width``, ``text_color``, ``size``, ``angle``
...), also when all its values are equal now (HoloViews would draw those as one fixed value).
HoloViews names such a column after the option, so the column names of a layer are also the
column names of the Bokeh source it is drawn from, and a board patches them by these names.

>>> dots = Layer("dots", "points", {"x": [0, 1], "y": [0, 1], "fill_color": ["red", "blue"]},
...              mapped=("fill_color",), style={"size": 12})
>>> dots.element().vdims
[Dimension('fill_color')]
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import holoviews as hv
import holoviews.plotting.bokeh  # noqa: F401 - registers the Bokeh backend's options; loads no notebook JS

__all__ = ["Layer", "KEY_COLUMNS"]

#: the key columns of each kind of layer (the rest are value columns)
KEY_COLUMNS: dict[str, tuple[str, ...]] = {
    "points": ("x", "y"), "labels": ("x", "y"), "segments": ("x0", "y0", "x1", "y1"),
    "rectangles": ("left", "bottom", "right", "top"), "polygons": ("xs", "ys"),
}
_ELEMENTS = {"points": hv.Points, "labels": hv.Labels, "segments": hv.Segments,
             "rectangles": hv.Rectangles, "polygons": hv.Polygons}


@dataclass(frozen=True)
class Layer:
    """Columns of data drawn as one element (see the module docstring).

    ``style`` holds fixed style options, ``hover`` an HTML tooltip (``@column`` fields) shown over the
    layer's glyphs, ``label`` a legend entry. Polygons take ``xs``/``ys`` columns of coordinate lists,
    one row per polygon. Raises ValueError for an unknown kind or columns of unequal length.
    """

    name: str
    kind: str
    columns: Mapping[str, Sequence[Any]]
    mapped: tuple[str, ...] = ()
    style: Mapping[str, Any] = field(default_factory=dict)
    hover: str | None = None
    label: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in _ELEMENTS:
            raise ValueError(f"layer {self.name!r}: unknown kind {self.kind!r}; use one of {sorted(_ELEMENTS)}")
        missing = [c for c in KEY_COLUMNS[self.kind] + self.mapped if c not in self.columns]
        if missing:
            raise ValueError(f"layer {self.name!r} has no column {missing[0]!r}")
        lengths = {len(v) for v in self.columns.values()}
        if len(lengths) > 1:
            raise ValueError(f"layer {self.name!r}: columns of different lengths {sorted(lengths)}")

    @property
    def rows(self) -> int:
        """The number of rows (glyphs) of the layer."""
        return len(next(iter(self.columns.values()), ()))

    @property
    def value_columns(self) -> list[str]:
        """The columns that are not key columns, in order."""
        keys = KEY_COLUMNS[self.kind]
        return [c for c in self.columns if c not in keys]

    def with_columns(self, columns: Mapping[str, Sequence[Any]]) -> Layer:
        """This layer with some columns replaced (all of the same new length)."""
        return replace(self, columns={**self.columns, **columns})

    def element(self, drawn_only: bool = False) -> hv.Element:
        """The layer as a HoloViews element with its style (bokeh backend options).

        ``drawn_only`` (the board's first drawing) gives HoloViews only the columns it needs to draw the
        glyphs: the keys, a label's text and a polygon's values. HoloViews works out the range of every
        column it is given (about a third of a board's drawing time); the board then adds the other
        columns and makes the mapped ones drive their glyph properties (``board._keep_columns``).
        """
        keys, vdims = KEY_COLUMNS[self.kind], self.value_columns
        if drawn_only and self.kind != "polygons":
            vdims = vdims[:1] if self.kind == "labels" else []
        if self.kind == "polygons":
            rows = [{"x": list(xs), "y": list(ys), **{c: self.columns[c][i] for c in vdims}}
                    for i, (xs, ys) in enumerate(zip(self.columns["xs"], self.columns["ys"]))]
            element = hv.Polygons(rows, vdims=vdims, label=self.label or "")
        else:
            data = {c: list(self.columns[c]) for c in (*keys, *vdims)}
            element = _ELEMENTS[self.kind](data, kdims=list(keys[:2]) if self.kind in ("points", "labels")
                                           else list(keys), vdims=vdims, label=self.label or "")
        # an empty layer maps nothing here (HoloViews would read its empty colour column as data to colour
        # by, against the ranges of the other layers' columns of that name, and fail); the board maps its
        # columns on the rendered glyph all the same
        mapped = {c: c for c in self.mapped if c in vdims} if self.rows else {}
        options: dict[str, Any] = {"default_tools": [], **self.style, **mapped}
        if self.hover:
            from bokeh.models import HoverTool
            options["tools"] = [HoverTool(tooltips=self.hover)]
        return element.opts(backend="bokeh", **options)
