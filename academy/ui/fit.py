"""Layouts that fit any window: columns side by side on a wide screen (a board beside its side panel, a
lesson's text beside its board), each wrapping under the one before when the window is too narrow for
them (a phone), where ``pn.Row`` would keep them on one line as wide as all of them together (and give
every layout around it that width as its minimum, so the whole page is cut off at the window's edge).

>>> side_by_side((board, 360, 1), (side_panel, 320, 0))      # doctest: +SKIP

Each column is (object, basis, grow): ``basis`` is the width in pixels it asks for; the width left over
on a line goes to the columns with ``grow`` (in proportion), and a column with ``grow=0`` keeps its
basis beside others but takes the whole line when it is alone on it. Give the objects no fixed
``width`` (a fixed width is cut off on a phone): ``stretch_width``, with ``max_width`` where a column
must not grow past a size.
"""
from __future__ import annotations

from typing import Any

__all__ = ["side_by_side", "board_and_side", "column_css"]


def column_css(basis: int, grow: float) -> str:
    """The stylesheet of a column of ``side_by_side``: ``basis`` pixels wide, growing by ``grow`` shares
    of the width left over on its line."""
    return f":host {{ flex: {grow:g} 1 {basis}px !important; max-width: 100%; width: auto !important; }}"


def side_by_side(*columns: tuple[Any, int, float], gap: int = 12, css_classes: list[str] | None = None) -> Any:
    """A row of ``columns`` ((object, basis px, grow) each; see the module docstring) that wraps onto the
    next line where the window is too narrow for them side by side."""
    import panel as pn
    # a column with grow 0 still grows a little (one share in a hundred of the others') so that, alone on
    # its line, it fills it
    big = 100 * max([grow for _obj, _basis, grow in columns] + [1])
    boxes = [pn.Column(obj, sizing_mode="stretch_width", margin=0,
                       stylesheets=[column_css(basis, big * grow if grow else 1)])
             for obj, basis, grow in columns]
    return pn.FlexBox(*boxes, flex_wrap="wrap", align_items="flex-start", gap=f"{gap}px", margin=0,
                      sizing_mode="stretch_width", css_classes=css_classes or [])


def board_and_side(board: Any, side: Any, side_width: int, board_width: int = 360) -> Any:
    """A game page's table: ``board`` (a column: the board and what goes under it) with ``side`` (its side
    panel, ``side_width`` px) beside it on a wide screen, and under it where the window is narrower than
    both (a phone). The board takes the width left over; a board of a fixed size shrinks to fit it."""
    return side_by_side((board, board_width, 1), (side, side_width, 0))
