"""Inputs that every reader and every screen can use: accessible names for inputs whose label is already
shown beside them as text, and rows of inputs that wrap on a narrow screen.

Bokeh gives an input a ``<label>`` only when its widget has a name; an input without one has no name a
screen reader can say (axe's rules "label" and "select-name"). ``hidden_label(widget, text)`` names it and
hides that label from sight only, so the page looks the same and the input says what it is for.
"""
from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["HIDDEN_LABEL_CSS", "growing", "hidden_label", "set_options", "wrapping_row"]

#: the usual "visually hidden" rule, for the label in the widget's own shadow root
HIDDEN_LABEL_CSS = """
label { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
        clip-path: inset(50%); white-space: nowrap; border: 0; }
"""

W = TypeVar("W")


def hidden_label(widget: W, text: str) -> W:
    """``widget`` named ``text`` (its label read aloud, not shown); returns the widget."""
    widget.name = text                                          # type: ignore[attr-defined]
    widget.stylesheets = [*widget.stylesheets, HIDDEN_LABEL_CSS]  # type: ignore[attr-defined]
    return widget


def wrapping_row(*objects: Any, **params: Any) -> Any:
    """A row of inputs and buttons that wraps onto the next line when the window is too narrow for it (a
    phone), where ``pn.Row`` would cut off what does not fit. ``params`` go to the ``pn.FlexBox``
    (``css_classes``, ``visible``, ``margin``...)."""
    import panel as pn
    return pn.FlexBox(*objects, **{"flex_wrap": "wrap", "align_items": "flex-end", "margin": 0, **params})


def growing(widget: W, basis: int) -> W:
    """``widget`` (a ``stretch_width`` one) as a part of a ``wrapping_row`` that asks for ``basis`` pixels and
    takes the width left over on its line; returns the widget."""
    from academy.ui.fit import column_css
    widget.sizing_mode = "stretch_width"                              # type: ignore[attr-defined]
    widget.stylesheets = [*widget.stylesheets, column_css(basis, 1)]  # type: ignore[attr-defined]
    return widget


def set_options(select: Any, options: Any) -> None:
    """Give a Select new ``options``, keeping its value when it is still one of them, else choosing the first
    (a Select whose options are set after it was made has no value, and shows an empty box)."""
    if select.options != options:
        select.options = options
    values = list(options.values()) if isinstance(options, dict) else list(options)
    if select.value not in values and values:
        select.value = values[0]
