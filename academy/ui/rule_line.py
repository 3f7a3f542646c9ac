"""A thin line between parts of a side panel, drawn by the page itself.

Panel's ``pn.layout.Divider`` asks Panel's CDN for its stylesheet when it arrives in a page after the page
loaded (a tab opened by a click, a game started): no internet, no line, and an error in the console.
"""
from __future__ import annotations

import panel as pn

_LINE = "<hr style='border:none;border-top:1px solid #d5d9de;margin:6px 0'>"


def divider() -> pn.pane.HTML:
    """A horizontal line across the column (in place of ``pn.layout.Divider()``)."""
    return pn.pane.HTML(_LINE, sizing_mode="stretch_width", margin=(4, 0), css_classes=["divider"])
