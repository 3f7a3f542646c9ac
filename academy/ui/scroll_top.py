"""Bring a page's top into view: ``ScrollTop`` is an invisible component; each ``scroll()`` scrolls the
page (whichever element holds it: the window or the template's main area) back to its top. A lessons
page uses it when a lesson opens, so that the learner who pressed Open far down the list sees the
lesson's title and its board from the top, not the middle of the board.

``ScrollHere`` is another invisible component: put where something has just opened far down a page (a
game's review under its Play page), it brings itself to the top of the view once it is drawn."""
from __future__ import annotations

import param
from panel.custom import JSComponent

__all__ = ["ScrollHere", "ScrollTop"]


class ScrollTop(JSComponent):
    """An invisible component; ``scroll()`` brings the page back to its top."""

    count = param.Integer(0, doc="incremented by scroll(): each change scrolls the page once")

    _esm = """
export function render({ model }) {
  const el = document.createElement("span");   // an empty block: the component takes no room
  el.className = "scroll-top";
  el.style.cssText = "display: block; height: 0px";
  // after the page has laid out the change that came with it (a lesson shown instead of the list), the
  // page goes back to its top: the template's #main area if it scrolls, else the window
  const toTop = () => {
    const main = document.getElementById("main");
    if (main) { main.scrollTop = 0; }
    window.scrollTo(0, 0);
  };
  model.on("count", () => requestAnimationFrame(toTop));
  return el;
}
"""

    def scroll(self) -> None:
        """Scroll the page back to its top."""
        self.count += 1


class ScrollHere(JSComponent):
    """An invisible component that scrolls the page to itself once it is drawn (see the module docstring)."""

    _esm = """
export function render({ model }) {
  const el = document.createElement("span");
  el.className = "scroll-here";
  el.style.cssText = "display: block; height: 0px";
  // once the page has laid out what opened with it
  requestAnimationFrame(() => setTimeout(() => el.scrollIntoView({block: "start", behavior: "instant"}), 50));
  return el;
}
"""
