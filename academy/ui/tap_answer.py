"""The page's answer to a tap on a board, brought into view.

On a phone the side panel stands under the board, so what a tap on the board changes there (the message
"Order written: ...", the dice of an attack, the Wait / Capture / Cancel choice of a moved unit, a lesson's
feedback) would appear below the bottom of the screen, and the learner would not know the tap did anything.
Every pane that answers a tap carries the class ``TAP_ANSWER``. After a tap on a board, ``FollowTaps``
watches those panes for two seconds; the first whose shown text changes, if it is not wholly in sight, is
scrolled into sight (to the nearest edge of the screen, so the board moves as little as it can). A pane in
sight is left where it is, so on a wide screen, with the side panel beside the board, nothing moves.

A tap that only selects (a stack, a unit, a territory) is answered on the board itself, by its highlights: the
page does not move then, or the board would slide away just when the next tap must land on it (a phone walk
needed two scrolls for every order). Every game says such a tap's answer with ``SELECTED`` ("Siam selected:
click an enemy neighbour to attack it."), and a pane whose new text holds it is not followed.

A button whose answer shows elsewhere (a lesson's Hint, whose hint appears under "Next exercise") carries the
class ``TAP_ASKS``: a tap on it is followed the same way.
"""
from __future__ import annotations

from panel.custom import JSComponent

__all__ = ["SELECTED", "TAP_ANSWER", "TAP_ASKS", "FollowTaps"]

#: the class of a pane that answers a tap on the board
TAP_ANSWER = "tap-answer"
#: the class of a button whose answer shows in a pane elsewhere (followed like a tap on the board)
TAP_ASKS = "tap-asks"
#: what every game's answer to a tap that only selects says (the board's highlights show the rest)
SELECTED = " selected: "


class FollowTaps(JSComponent):
    """An invisible component, once per page: see the module docstring."""

    _esm = """
const ANSWER = "%(answer)s";
const SELECTED = "%(selected)s";
const ASKS = "%(asks)s";

function answers(root, found) {            // the panes that answer taps, in the page's order, shadow roots too
  for (const el of root.querySelectorAll("*")) {
    if (el.classList.contains(ANSWER)) found.push(el);
    if (el.shadowRoot) answers(el.shadowRoot, found);
  }
  return found;
}

function shownText(node) {                 // the text a person sees in a pane (hidden parts left out)
  if (node.nodeType === Node.TEXT_NODE) return node.data;
  if (node.nodeType === Node.ELEMENT_NODE && node.checkVisibility && !node.checkVisibility()) return "";
  let text = "";
  if (node.shadowRoot) text += shownText(node.shadowRoot);
  for (const child of node.childNodes) text += shownText(child);
  return text;
}

function onBoard(event) {                   // a tap on a board, or on a button that asks for an answer
  return event.composedPath().some((el) => el.tagName === "CANVAS" ||
                                           (el.classList && (el.classList.contains("bk-events") ||
                                                             el.classList.contains(ASKS))));
}

function follow() {
  const before = new Map(answers(document, []).map((el) => [el, shownText(el)]));
  let looks = 0;
  const look = () => {
    for (const el of answers(document, [])) {
      const text = shownText(el);
      if (text.trim() && text !== before.get(el)) {
        if (text.includes(SELECTED)) return;       // a selection: the board answers it, and must stay put
        const box = el.getBoundingClientRect();
        const header = document.getElementById("header");
        const top = header ? header.getBoundingClientRect().bottom : 0;
        if (box.height > 0 && (box.bottom > window.innerHeight || box.top < top)) {
          el.scrollIntoView({ block: "nearest", behavior: "smooth" });
        }
        return;
      }
    }
    if (++looks < 20) setTimeout(look, 100);
  };
  setTimeout(look, 100);
}

export function render({ model }) {
  if (!window.__academyFollowTaps) {
    window.__academyFollowTaps = true;
    document.addEventListener("pointerup", (event) => { if (onBoard(event)) follow(); }, true);
  }
  const el = document.createElement("span");
  el.style.display = "none";
  return el;
}
""" % {"answer": TAP_ANSWER, "selected": SELECTED, "asks": TAP_ASKS}
