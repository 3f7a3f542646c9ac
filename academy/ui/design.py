"""The app's look: Panel's Fast design with what the Academy changes in it (the page's height, the header's
title, controls a finger can hit on a phone)."""
from __future__ import annotations

from typing import Any

import panel as pn
from panel.pane.markup import HTMLBasePane
from panel.theme.base import Inherit
from panel.theme.fast import Fast as FastDesign

from academy.ui.panel_fixes import mend_page

__all__ = ["PHONE", "TAP_CSS", "WRAP_BUTTONS_CSS", "CHOSEN_BUTTON_CSS", "PAGE_CSS", "NARROW_MAIN_CSS", "Fast", "PageTemplate"]


#: the media query of a phone's width: the header folds its links, margins shrink, controls grow to 44 px
PHONE = "(max-width: 760px)"


# Fast's chosen button of an outline button group (players, set-up, powers...) is filled with the accent
# colour, but a later rule of the same weight gives it the dark text of an unfilled button: 2.85:1, below
# the 4.5:1 text needs. The chosen button gets the light text drawn on the accent everywhere else.
CHOSEN_BUTTON_CSS = """
:host(.outline) .bk-btn-group .bk-btn.bk-btn-primary.bk-active,
:host(.outline) .bk-btn-group .bk-btn.bk-btn-primary.bk-active:hover {
  color: var(--foreground-on-accent-rest);
}
"""


# A button group of many choices (Diplomacy's seven powers) goes on as many lines as it needs on a phone,
# instead of squeezing its buttons until their labels are cut ("Englan").
WRAP_BUTTONS_CSS = ":host .bk-btn-group { flex-wrap: wrap; row-gap: 4px; }"


# On a phone (or any touch screen) every control is at least 44 px tall, the size a finger hits (WCAG 2.5.5):
# buttons, inputs, choices and checkboxes (their label is the target), a card's header (it folds the card),
# and the links that stand alone rather than in a sentence, which carry the class ``tap`` (a game card's
# links, a lesson's link to its rule).
TAP_CSS = "@media " + PHONE + """, (pointer: coarse) {
  :host .bk-btn, :host select, :host input:not([type=checkbox]):not([type=radio]) { min-height: 44px; }
  :host label:has(> input[type=checkbox]), :host label:has(> input[type=radio]) {
    display: inline-flex; align-items: center; min-height: 44px;
  }
  :host input[type=checkbox], :host input[type=radio] { width: 20px; height: 20px; }
  :host a.tap { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; }
  :host .card-header { min-height: 44px; }
  /* a number box's arrows are two 22 px halves: a phone types the number on its own keypad instead */
  :host .bk-spin-btn { display: none !important; }
}
"""


# The template gives the page under its header the window's height less 64 px, the header's height on one
# line: a taller header (a larger font, the open menu of a phone) would make the whole page scroll by the
# difference, besides the main area's own scroll. The page is a column of the window's height instead, the
# main area taking what the header leaves. The title (a link home) is as tall as a finger needs (44 px), and
# a little smaller on a phone, where its line also holds the Menu button (``academy.ui.header``).
PAGE_CSS = """
#container { display: flex; flex-direction: column; height: 100vh; height: 100dvh; }
#content { flex: 1 1 auto; min-height: 0; height: auto; }
.app-header .title { display: inline-flex; align-items: center; min-height: 44px; }
@media """ + PHONE + """ {
  .app-header .title { font-size: 20px; margin-left: 0; }
  #header-items { padding-left: 0; }
}
"""

# On a phone the main area's margins (15 px each side, and the card's 16 px inside them) would take a sixth of
# the width: they shrink to a few pixels, so the board and the side panel get the width.
NARROW_MAIN_CSS = "@media " + PHONE + """ {
  #main { padding-left: 4px; padding-right: 4px; }
  #main .pn-wrapper { padding: 6px; }
}
"""


class Fast(FastDesign):
    """Panel's Fast design without its web font (it asks fonts.googleapis.com for Open Sans): the page asks
    no other site for anything (a classroom without internet, privacy), and the system's font is used; and
    with readable text on the chosen button of a button group (CHOSEN_BUTTON_CSS), whose buttons wrap onto
    more lines where the screen is too narrow for them (WRAP_BUTTONS_CSS); and with controls a finger can hit on a
    phone (TAP_CSS).
    The class keeps the name Fast: Panel finds the design's own files under its lower-cased name."""

    _resources = {**FastDesign._resources, "font": {}}
    modifiers = {**FastDesign.modifiers,
                 pn.widgets.Widget: {"stylesheets": [Inherit, TAP_CSS]},
                 HTMLBasePane: {"stylesheets": [Inherit, TAP_CSS]},
                 pn.layout.Card: {"stylesheets": [Inherit, TAP_CSS]},
                 pn.widgets.RadioButtonGroup: {"stylesheets": [Inherit, CHOSEN_BUTTON_CSS, WRAP_BUTTONS_CSS]},
                 pn.widgets.CheckButtonGroup: {"stylesheets": [Inherit, CHOSEN_BUTTON_CSS, WRAP_BUTTONS_CSS]}}


class PageTemplate(pn.template.FastListTemplate):
    """The Fast list template, whose page is put into its Bokeh document in one go: the template adds each
    of its parts as a root of its own (about 35), and Bokeh walks every model of the document again after
    each one; frozen, it walks them once (about 150 ms less for a lesson page, measured by
    ``bench/page_build.py``). The page also sends no model the server sent it back whole
    (``panel_fixes.mend_page``)."""

    def server_doc(self, doc: Any = None, title: str | None = None, location: Any = True) -> Any:
        from bokeh.io import curdoc
        doc = doc if doc is not None else curdoc()
        with doc.models.freeze():
            doc = super().server_doc(doc, title, location)
        mend_page(doc)
        return doc

