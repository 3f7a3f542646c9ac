"""Copies of a Bokeh model graph: every model a figure refers to, copied with new ids, nothing shared.

HoloViews takes about a third of a second to draw a board of twenty layers into a Bokeh figure, every time,
though every page of a game draws the same empty board. The board kit draws each kind of board once per
process (its prototype, never shown) and gives each page a copy (``copy_models``), then fills the copy's
sources with that page's rows. A copy has the prototype's property values (glyphs, ranges, tools, the
JavaScript callbacks) but none of its Python callbacks: the board adds its own gestures to each copy.
"""
from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from bokeh.core.has_props import HasProps
from bokeh.core.property.validation import validate
from bokeh.model import Model
from bokeh.util.serialization import make_id

__all__ = ["copy_models"]


def copy_models(root: HasProps) -> tuple[Any, dict[int, Any]]:
    """A copy of ``root`` and of every model it refers to, and ``{id(original): copy}`` for each of them.

    Lists, tuples and dicts (a source's data included) are copied, numpy arrays too, and the field and value
    specs (``Field("x", transform=Dodge(...))``: their transforms are models); other values (numbers,
    strings) are immutable and shared. A model belongs to one document, so nothing may be shared.
    """
    copies: dict[int, Any] = {}
    with validate(False):      # the prototype's values were checked when it was drawn: a copy skips that (half its time)
        return _copy(root, copies), copies


def _copy(value: Any, copies: dict[int, Any]) -> Any:
    if isinstance(value, HasProps):
        done = copies.get(id(value))
        if done is not None:
            return done
        # made as Bokeh's deserializer makes a model: no class-specific set-up (a figure would add its default
        # tools), then every property set; known before its properties, so a graph that refers back works
        cls = type(value)
        twin = cls.__new__(cls, id=make_id()) if isinstance(value, Model) else cls.__new__(cls)
        HasProps.__init__(twin)
        copies[id(value)] = twin
        for name in value.properties_with_values(include_defaults=False):
            if name != "id":       # each value as it is held (a glyph's size 9, not its serialised Value(9))
                twin.set_from_json(name, _copy(getattr(value, name), copies))   # as the deserializer: read-only too
        return twin
    if isinstance(value, list):
        return [_copy(v, copies) for v in value]
    if isinstance(value, tuple):
        return tuple(_copy(v, copies) for v in value)
    if isinstance(value, dict):
        return {k: _copy(v, copies) for k, v in value.items()}
    if isinstance(value, set):
        return {_copy(v, copies) for v in value}
    if isinstance(value, np.ndarray):
        return value.copy()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):    # a field or value spec: its transform
        return dataclasses.replace(value, **{f.name: _copy(getattr(value, f.name), copies)
                                             for f in dataclasses.fields(value) if f.init})
    return value
