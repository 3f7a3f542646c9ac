"""The page's address and the browser's Back and Forward buttons.

Every page is chosen by its query (``?game=fronts&tab=lessons``), and a tab or lesson opened by a click
pushes its address onto the browser's history (Panel's ``location.update_query``). Panel does not follow
the address back, so ``BackForward`` reloads the page when Back or Forward changes the address: the page
the address names is built again, as a reload would.
"""
from __future__ import annotations

from panel.custom import JSComponent


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
