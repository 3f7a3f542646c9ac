"""The key to the Game of War board's unit symbols, one piece of code for the Play page and the lessons.

The letters are the engine's unit codes (``rules.CODES``: I infantry, C cavalry, K cannon, SK swift cannon,
R relay, SR swift relay), the very table the board letters its tokens from, and each shape is the board's
own marker for the type (``board.MARKERS``), drawn in the side's colour as on the board. Issue 18: no
lesson had a key, and "K" for cannon is not something a newcomer guesses.
"""
from __future__ import annotations

import panel as pn

from academy.core.text import a, listing
from academy.games.game_of_war.rules import CODES
from academy.games.game_of_war.units import UNIT_TYPES

from .board import GROUND_FRAME, MARKERS, SIDE_COLOURS

__all__ = ["SHAPES", "unit_key_html", "unit_key_text", "unit_legend"]

#: the board's Bokeh markers as characters a page can print
SHAPES = {"circle": "●", "triangle": "▲", "square": "■", "diamond": "◆"}

CSS = """
.unit-key { display: grid; grid-template-columns: repeat(3, auto); gap: 2px 12px; font-size: 13px; margin: 2px 0; }
.unit-key .token { display: inline-block; min-width: 2.6em; font-weight: 700; }
.unit-key .shape { color: %s; margin-right: 2px; }
.unit-key-note { font-size: 12px; color: #52606d; margin-top: 2px; }
.unit-key-note .frame { display: inline-block; width: 10px; height: 10px; border: 2px solid; vertical-align: -1px; }
""" % SIDE_COLOURS["north"]


def unit_key_text() -> str:
    """The letters in one line of text: "I infantry (●) · C cavalry (▲) · K cannon (■) ..."."""
    return " · ".join(f"{CODES[t]} {UNIT_TYPES[t].label} ({SHAPES[MARKERS[t]]})" for t in CODES)


def unit_key_html() -> str:
    """The key as HTML: for each unit type its shape, its letter and its name; then how terrain under a
    unit shows."""
    items = "".join(f"<span class='unit' data-code='{CODES[t]}'><span class='token'><span class='shape'>"
                    f"{SHAPES[MARKERS[t]]}</span>{CODES[t]}</span>{UNIT_TYPES[t].label}</span>" for t in CODES)
    frames = listing([f"{a(terrain)} <span class='frame' style='border-color:{colour}'></span>"
                      for terrain, colour in GROUND_FRAME.items()], "or")
    return (f"<div class='unit-key-title'><b>Units on the board</b></div><div class='unit-key'>{items}</div>"
            f"<div class='unit-key-note'>I3 on a blue token is North's N-I3, on a red one South's S-I3. "
            f"A grey token with its side's rim is cut off from its lines: it cannot move, and it does not count "
            f"in combat. A frame round a unit: it stands on {frames}.</div>")


def unit_legend(**params: object) -> pn.pane.HTML:
    """The key as a pane (css class ``unit-legend``), to put beside a Game of War board."""
    return pn.pane.HTML(unit_key_html(), stylesheets=[CSS], css_classes=["unit-legend"], **{
        "sizing_mode": "stretch_width", "margin": (2, 5), **params})
