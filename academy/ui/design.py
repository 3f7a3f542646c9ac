"""The app's look: Panel's Fast design with what the Academy changes in it, and the header on a phone."""
from __future__ import annotations

from typing import Any

import panel as pn
from panel.theme.base import Inherit
from panel.theme.fast import Fast as FastDesign

__all__ = ["WRAP_BUTTONS_CSS", "CHOSEN_BUTTON_CSS", "NARROW_HEADER_CSS", "NARROW_MAIN_CSS", "Fast", "PageTemplate"]


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


# The template's header (the title and the five links) is one line; on a phone it wraps onto two.
NARROW_HEADER_CSS = """
@media (max-width: 760px) {
  #header { height: auto; flex-wrap: wrap; row-gap: 4px; }
  #header-items { flex-wrap: wrap; padding-left: 0; row-gap: 4px; }
  .app-header .title { font-size: 20px; }
}
"""

# On a phone the main area's margins (15 px each side, and the card's 16 px inside them) would take a sixth of
# the width: they shrink to a few pixels, so the board and the side panel get the width.
NARROW_MAIN_CSS = """
@media (max-width: 760px) {
  #main { padding-left: 4px; padding-right: 4px; }
  #main .pn-wrapper { padding: 6px; }
}
"""


class Fast(FastDesign):
    """Panel's Fast design without its web font (it asks fonts.googleapis.com for Open Sans): the page asks
    no other site for anything (a classroom without internet, privacy), and the system's font is used; and
    with readable text on the chosen button of a button group (CHOSEN_BUTTON_CSS), whose buttons wrap onto
    more lines where the screen is too narrow for them (WRAP_BUTTONS_CSS).
    The class keeps the name Fast: Panel finds the design's own files under its lower-cased name."""

    _resources = {**FastDesign._resources, "font": {}}
    modifiers = {**FastDesign.modifiers,
                 pn.widgets.RadioButtonGroup: {"stylesheets": [Inherit, CHOSEN_BUTTON_CSS, WRAP_BUTTONS_CSS]},
                 pn.widgets.CheckButtonGroup: {"stylesheets": [Inherit, CHOSEN_BUTTON_CSS, WRAP_BUTTONS_CSS]}}


class PageTemplate(pn.template.FastListTemplate):
    """The Fast list template, whose page is put into its Bokeh document in one go: the template adds each
    of its parts as a root of its own (about 35), and Bokeh walks every model of the document again after
    each one; frozen, it walks them once (about 150 ms less for a lesson page, measured by
    ``bench/page_build.py``)."""

    def server_doc(self, doc: Any = None, title: str | None = None, location: Any = True) -> Any:
        from bokeh.io import curdoc
        doc = doc if doc is not None else curdoc()
        with doc.models.freeze():
            return super().server_doc(doc, title, location)

