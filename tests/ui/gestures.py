"""Gestures on a board without a browser, sent as the page sends them (academy/ui/board_kit/board.py)."""
from __future__ import annotations

from typing import Any


def pan(fig: Any, x: float, y: float) -> None:
    """A pointer move during a drag: the page writes the pointer into the board's pointer source (the one
    its pan callback holds) instead of sending a pan event; the server reads it from there."""
    for callback in fig.js_event_callbacks.get("pan", []):
        pointer = callback.args.get("pointer")
        if pointer is not None:
            pointer.data = {"x": [x], "y": [y]}
            return
    raise AssertionError("this board takes no drags: no pointer source on its pan callbacks")


def show_at(fig: Any, width: int) -> None:
    """The browser reports that it shows the board's figure ``width`` pixels wide (a narrower window)."""
    fig.set_from_json("outer_width", width)
