"""The page's address and the browser's Back and Forward buttons.

Every page is chosen by its query (``?game=fronts&tab=lessons``), and a tab or lesson opened by a click
pushes its address onto the browser's history (Panel's ``location.update_query``). Panel does not follow
the address back, so ``BackForward`` reloads the page when Back or Forward changes the address: the page
the address names is built again, as a reload would.

``full_link(query)`` is a link the page shows to copy to another computer (a teacher's link, a course's, a
seat's): the whole address, built from the address this page was opened at.
"""
from __future__ import annotations

import panel as pn
from panel.custom import JSComponent

__all__ = ["BackForward", "full_link"]


def full_link(query: str) -> str:
    """``query`` (``?page=course&course=ABC``) as a whole address on this server, from the page's own
    address (``http://school:5006/?page=course&course=ABC``); ``query`` as given where the page has no
    address (a test, a notebook)."""
    loc = pn.state.location
    if loc is None or not loc.hostname:
        return query
    port = f":{loc.port}" if loc.port else ""
    return f"{loc.protocol or 'http:'}//{loc.hostname}{port}{loc.pathname or '/'}{query}"


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
