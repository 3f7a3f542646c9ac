"""The Rules page of a game: every rule on one page, with a table of contents.

``RulesPanel(game, section=None)`` is a Viewer: in the app, in a game's side panel, in Jupyter.
"""
from __future__ import annotations

import html
import re

import panel as pn
import param
from markdown_it import MarkdownIt

from academy.rulebook import Rulebook, load_rulebook
from academy.ui.address import link_html

_MD = MarkdownIt("commonmark").enable("table")
_LINK = re.compile(r'<a href="(\?[^"]*)">(.*?)</a>')     # a rule's link to a page of the app (a lesson)
# Jump to a section inside Panel's shadow DOM (plain #anchors do not cross shadow roots).
_JUMP = ("var r=this.getRootNode();var e=r.getElementById('{id}');"
         "if(e){{e.scrollIntoView({{behavior:'smooth'}});}}return false;")

STYLE = """
.rules { max-width: 860px; line-height: 1.55; font-size: 15px; }
.rules nav { background: #f4f6f8; border-radius: 8px; padding: 8px 14px; margin-bottom: 14px; }
.rules nav a { margin-right: 12px; white-space: nowrap; }
.rules section { border-top: 1px solid #e3e6ea; padding-top: 6px; }
.rules section.focus { background: #fff8e1; border-radius: 8px; padding: 6px 12px; }
.rules table { border-collapse: collapse; margin: 8px 0; display: block; max-width: 100%; overflow-x: auto; }
.rules td, .rules th { border: 1px solid #d5d9de; padding: 3px 8px; text-align: left; }
.rules th { background: #f4f6f8; }
@media (max-width: 600px) {   /* a phone: a table's last column (Fronts' "Special") keeps room for its words */
  .rules table { font-size: 12.5px; }
  .rules td, .rules th { padding: 2px 3px; }
  .rules td:last-child { min-width: 7em; }
}
"""


def render_markdown(text: str) -> str:
    """Markdown (CommonMark with tables) as HTML, the way the Rules pages render it."""
    return _MD.render(text)


#: what "the document" is, said once at the top of every Rules page (its notes name it)
SOURCES_NOTE = ("The Academy follows this game's rule document, rule by rule; this page says every rule in "
                "our own words. Where the document says nothing, a note marked “Classic rule” or “Classic "
                "map” gives the standard game's rule, and an “Academy reading” says how the Academy reads "
                "a rule the document leaves open.")


def render_rulebook(book: Rulebook, focus: str | None = None, compact: bool = False) -> str:
    """The whole Rules page as HTML; ``focus`` highlights one section id."""
    toc = " ".join(f'<a href="#{s.id}" onclick="{_JUMP.format(id=s.id)}">{html.escape(s.title)}</a>'
                   for s in book.sections)
    parts = ['<div class="rules">']
    if not compact:
        parts.append(f"<h1>{html.escape(book.title)}: the rules</h1><p>{html.escape(book.summary)}</p>"
                     f"<p class='rules-sources'>{SOURCES_NOTE}</p>")
    parts.append(f'<nav aria-label="Sections">{toc}</nav>')
    for s in book.sections:
        cls = ' class="focus"' if s.id == focus else ""
        body = _MD.render(s.markdown)
        if compact:  # inside a game: a link to a lesson opens beside the game, not in its place
            body = _LINK.sub(lambda m: link_html(html.unescape(m.group(1)), m.group(2), new_tab=True), body)
        parts.append(f'<section id="{s.id}"{cls}><h2>{html.escape(s.title)}</h2>{body}</section>')
    parts.append("</div>")
    return "".join(parts)


class RulesPanel(pn.viewable.Viewer):
    """A game's Rules page; ``section`` is highlighted (and its id is a link target)."""

    game = param.String(doc="the game's name in the registry ('conquest', 'diplomacy' ...)")
    section = param.String(default=None, allow_None=True)
    compact = param.Boolean(default=False, doc="Leave out the title and summary (inside a game).")

    def __init__(self, game: str, section: str | None = None, **params) -> None:
        super().__init__(game=game, section=section, **params)
        book = load_rulebook(self.game)
        self._pane = pn.pane.HTML(render_rulebook(book, self.section, self.compact), stylesheets=[STYLE],
                                  sizing_mode="stretch_width", css_classes=["rules-page"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane


def rules_card(game: str) -> pn.Card:
    """A game's rules, folded, under its Play pages: the compact Rules panel in a card titled "Rules"."""
    return pn.Card(RulesPanel(game, compact=True), title="Rules", collapsed=True, sizing_mode="stretch_width",
                   css_classes=["rules-card"])

