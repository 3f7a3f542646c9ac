"""Who plays a seat, as every game's Play form and Games card offers it: one word for a person's seat in all
five games, and a seat's select wide enough to show the whole of every choice.

On a Play form a seat is a person at this screen or a CPU level (``play_seat_options``); on the Games page it
is a person who gets a private link, an open seat anyone may take, or a CPU level (``games_seat_options``).
``seat_select`` is the select of one seat.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import panel as pn

__all__ = ["OPEN_SEAT_LABEL", "PERSON", "PERSON_BY_LINK", "games_seat_options", "play_seat_options",
           "seat_select", "select_width"]

#: the one word for a seat a person plays, on every form of every game (not "Human", not "Player")
PERSON = "Person"
#: a person's seat on the Games page: they get a private link to it
PERSON_BY_LINK = f"{PERSON} (by link)"
#: a seat on the Games page that anyone may take from the list of open seats
OPEN_SEAT_LABEL = "Open seat (anyone may join)"

# the width a select needs: its text at the app's 14 px sans-serif (at most 7.5 px a character: a wide
# "m" or "W" is rarer than a narrow "i" or "l"), its padding and its arrow
_CHAR_PX, _FRAME_PX, _MIN_PX = 7.5, 44, 120


def play_seat_options(human: str, levels: Iterable[str]) -> dict[str, str]:
    """A Play form's choices for a seat: ``{"Person": human, "CPU easy": "easy", ...}``."""
    return {PERSON: human, **{f"CPU {level}": level for level in levels}}


def games_seat_options(human: str, open_seat: str, levels: Iterable[str]) -> dict[str, str]:
    """A Games card's choices for a seat: a person by link, an open seat, or a CPU level."""
    return {PERSON_BY_LINK: human, OPEN_SEAT_LABEL: open_seat, **{f"CPU {level}": level for level in levels}}


def select_width(options: Iterable[str]) -> int:
    """Pixels a select needs to show the longest of ``options`` (their labels) whole."""
    longest = max((len(str(o)) for o in options), default=0)
    return max(_MIN_PX, int(longest * _CHAR_PX + _FRAME_PX + 0.5))


def seat_select(label: str, options: dict[str, str], value: str, css_classes: list[str],
                **params: Any) -> pn.widgets.Select:
    """The select of one seat, labelled ``label``, as wide as its longest choice needs (a seat select
    of 130 px showed "Open seat (anyo"); it carries the class ``seat-select`` besides ``css_classes``."""
    return pn.widgets.Select(label=label, options=options, value=value, width=select_width(options),
                             css_classes=["seat-select", *css_classes], **params)
