"""A seat's select, as every game's Play form and Games card offers it: wide enough to show the whole of
every choice (a Conquest seat 130 px wide showed "Open seat (anyo")."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import panel as pn

__all__ = ["seat_select", "select_width"]

# the width a select needs: its text at the app's 14 px sans-serif (at most 7.5 px a character: a wide
# "m" or "W" is rarer than a narrow "i" or "l"), its padding and its arrow
_CHAR_PX, _FRAME_PX, _MIN_PX = 7.5, 44, 120


def select_width(options: Iterable[str]) -> int:
    """Pixels a select needs to show the longest of ``options`` (their labels) whole."""
    longest = max((len(str(o)) for o in options), default=0)
    return max(_MIN_PX, int(longest * _CHAR_PX + _FRAME_PX + 0.5))


def seat_select(label: str, options: dict[str, str], value: str, css_classes: list[str],
                **params: Any) -> pn.widgets.Select:
    """The select of one seat, labelled ``label``, as wide as its longest choice needs; it carries the class
    ``seat-select`` besides ``css_classes``."""
    return pn.widgets.Select(label=label, options=options, value=value, width=select_width(options),
                             css_classes=["seat-select", *css_classes], **params)
