"""A checkbox whose words take a click as well as its box.

Panel's ``Checkbox`` (Bokeh's) draws its label as a ``div`` beside the box, so a click on the words does
nothing (issue 17: "Show where the enemy can hit next turn" could be ticked only by its box). A
one-option ``CheckBoxGroup`` is a real ``<label>`` round the box and the words; :class:`Tick` wraps one
and keeps the ``value`` a plain ``True``/``False``, like a checkbox's.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import panel as pn
import param

__all__ = ["Tick"]


class Tick(pn.viewable.Viewer):
    """``Tick("Fog of war", value=False, css_classes=["fog"])``: watch or set ``value`` as on a checkbox."""

    value = param.Boolean(default=False)

    def __init__(self, label: str, value: bool = False, css_classes: Sequence[str] = (), **options: Any) -> None:
        super().__init__(value=bool(value))
        self.label = label
        self.widget = pn.widgets.CheckBoxGroup(options=[label], value=[label] if value else [], inline=True,
                                               css_classes=list(css_classes), **{"margin": (5, 10), **options})
        self.widget.param.watch(lambda e: setattr(self, "value", bool(e.new)), "value")
        self.param.watch(lambda e: setattr(self.widget, "value", [label] if e.new else []), "value")

    @property
    def visible(self) -> bool:
        """Shown or not, as on a widget."""
        return bool(self.widget.visible)

    @visible.setter
    def visible(self, shown: bool) -> None:
        self.widget.visible = bool(shown)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.widget
