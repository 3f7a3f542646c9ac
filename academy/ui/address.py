"""The page's address and the browser's Back and Forward buttons.

Every page is chosen by its query (``?game=fronts&tab=lessons``), and a tab or lesson opened by a click
pushes its address onto the browser's history (Panel's ``location.update_query``). Panel does not follow
the address back, so ``BackForward`` reloads the page when Back or Forward changes the address: the page
the address names is built again, as a reload would.

``full_link(query)`` is a link the page shows to copy to another computer (a teacher's link, a course's, a
seat's): the whole address, built from the address this page was opened at.

``update_query(location, **changes)`` changes the address the way every page does: a parameter set to "" or
None is dropped, so an address never reads ``?page=class&open=&teacher=…&as=``.

``link_html(href, text)`` is every link the app draws to one of its own pages, with the one rule for where it
opens: in this tab, as a person expects; in a new tab only where following it here would lose what this page
holds (a game or a replay under way, a lesson being written, a new game's seat links shown only once), and
then its text says so ("play Red (new tab)").
"""
from __future__ import annotations

import html
from typing import Any
from urllib.parse import urlencode

import panel as pn
from panel.custom import JSComponent

__all__ = ["NEW_TAB_NOTE", "BackForward", "full_link", "link_html", "query_search", "update_query"]

#: what a link that opens a new tab adds to its text
NEW_TAB_NOTE = "(new tab)"


def full_link(query: str) -> str:
    """``query`` (``?page=course&course=ABC``) as a whole address on this server, from the page's own
    address (``http://school:5006/?page=course&course=ABC``); ``query`` as given where the page has no
    address (a test, a notebook)."""
    loc = pn.state.location
    if loc is None or not loc.hostname:
        return query
    port = f":{loc.port}" if loc.port else ""
    return f"{loc.protocol or 'http:'}//{loc.hostname}{port}{loc.pathname or '/'}{query}"


def query_search(query: dict[str, Any]) -> str:
    """``query`` as an address's search part, without the parameters left empty ("" or None).

    >>> query_search({"page": "class", "open": "", "teacher": "T", "as": None})
    '?page=class&teacher=T'
    """
    kept = urlencode({k: v for k, v in query.items() if v not in ("", None)})
    return f"?{kept}" if kept else ""


def update_query(location: Any, **changes: Any) -> None:
    """Change the query of the page's address (``location``: ``pn.state.location``), as Panel's
    ``location.update_query`` does (a history entry), but dropping each parameter set to "" or None."""
    location.search = query_search({**location.query_params, **changes})


def link_html(href: str, text: str, css_class: str = "", new_tab: bool = False, attrs: str = "") -> str:
    """An HTML link to ``href`` (an address of the app, not escaped yet) showing ``text`` (HTML, escaped by
    the caller); ``css_class`` and ``attrs`` (more attributes, written as given) go on the ``<a>``.
    ``new_tab`` only where following the link in this tab would lose what the page holds (see the module
    docstring): the link then opens beside the page and its text ends with ``NEW_TAB_NOTE``.

    >>> link_html("?match=3&replay=1", "Replay", "replay-link")
    "<a href='?match=3&replay=1' class='replay-link'>Replay</a>"
    """
    cls = f" class='{html.escape(css_class)}'" if css_class else ""
    more = f" {attrs}" if attrs else ""
    # the address's quotes and brackets escaped; its "&" kept (a query's "&name=" is never read as a character)
    url = href.replace('"', "&quot;").replace("'", "&#x27;").replace("<", "&lt;").replace(">", "&gt;")
    if not new_tab:
        return f"<a href='{url}'{cls}{more}>{text}</a>"
    # the space is the note's own (a no-break one): a link laid out as a flex box (``a.tap``) drops a plain one
    return (f"<a href='{url}'{cls}{more} target='_blank' rel='noopener'>{text}"
            f"<span class='new-tab-note'>&nbsp;{NEW_TAB_NOTE}</span></a>")


class BackForward(JSComponent):
    """An invisible component: Back and Forward reload the page at the address they land on."""

    _esm = """
export function render({ model }) {
  if (!window.__academyBackForward) {
    window.__academyBackForward = true;
    window.addEventListener("popstate", () => window.location.reload());
  }
  const el = document.createElement("span");
  el.style.display = "none";
  return el;
}
"""
