"""Bring a page's top into view: ``ScrollTop`` is an invisible component; each ``scroll()`` scrolls the
page (whichever element holds it: the window or the template's main area) so the component's place is at
the top of the screen. A lessons page uses it when a lesson opens, so that the learner who pressed Open
far down the list sees the lesson's title and its board from the top, not the middle of the board."""
from __future__ import annotations

import param
from panel.custom import JSComponent

__all__ = ["ScrollTop"]


class ScrollTop(JSComponent):
    """An invisible component; ``scroll()`` brings its place to the top of the screen."""

    count = param.Integer(0, doc="incremented by scroll(): each change scrolls the page once")

    _esm = """
export function render({ model }) {
  const el = document.createElement("span");
  el.className = "scroll-top";
  el.style.display = "block";
  el.style.height = "0px";
  // after the page has laid out the change that came with it (a lesson shown instead of the list)
  model.on("count", () => requestAnimationFrame(() => el.scrollIntoView({ block: "start" })));
  return el;
}
"""

    def scroll(self) -> None:
        """Scroll the page so this component's place is at the top of the screen."""
        self.count += 1
