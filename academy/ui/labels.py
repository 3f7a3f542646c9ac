"""Accessible names for inputs whose label is already shown beside them as text.

Bokeh gives an input a ``<label>`` only when its widget has a name; an input without one has no name a
screen reader can say (axe's rules "label" and "select-name"). ``hidden_label(widget, text)`` names it and
hides that label from sight only, so the page looks the same and the input says what it is for.
"""
from __future__ import annotations

from typing import TypeVar

__all__ = ["hidden_label", "HIDDEN_LABEL_CSS"]

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
