"""The page's answer to a tap on a board, brought into view.

On a phone the side panel stands under the board, so what a tap on the board changes there (the message
a refused order, the dice of an attack, the Wait / Capture / Cancel choice of a moved unit, a lesson's
feedback) would appear below the bottom of the screen, and the learner would not know the tap did anything.
Every pane that answers a tap carries the class ``TAP_ANSWER``. After a tap on a board, ``FollowTaps``
watches those panes for two seconds; once one's shown text changes, the panes that changed (a message and the
buttons under it) are scrolled into sight together if they are not (to the nearest edge of the screen, so the
board moves as little as it can; a span taller than the screen shows its start). A pane in
sight is left where it is, so on a wide screen, with the side panel beside the board, nothing moves.

A tap that only selects (a stack, a unit, a territory) is answered on the board itself, by its highlights: the
page does not move then, or the board would slide away just when the next tap must land on it (a phone walk
needed two scrolls for every order). Every game says such a tap's answer with ``SELECTED`` ("Siam selected:
click an enemy neighbour to attack it."), and a pane whose new text holds it is not followed. Nor is an order
written by a tap (``WRITTEN``, "Order written: ..."; Fronts and Diplomacy): the board draws it at once, as an
arrow, and the next stack to order is on the board (a later phone walk: each order scrolled the page 366 px,
taking the stacks still to order out of sight). A refused order is followed: its reason is the answer.

Where a tap's answer is a choice to make (a Tactics unit moved: Wait, Capture or Cancel), the message and the
buttons both carry ``TAP_ANSWER`` and come into sight together (a phone walk: the message came into sight and
the Wait button stayed 74 px under the screen's edge).

A button whose answer shows elsewhere (a lesson's Hint, whose hint appears under "Next exercise") carries the
class ``TAP_ASKS``: a tap on it is followed the same way.
"""
from __future__ import annotations

from panel.custom import JSComponent

__all__ = ["SELECTED", "TAP_ANSWER", "TAP_ASKS", "WRITTEN", "FollowTaps"]

#: the class of a pane that answers a tap on the board
TAP_ANSWER = "tap-answer"
#: the class of a button whose answer shows in a pane elsewhere (followed like a tap on the board)
TAP_ASKS = "tap-asks"
#: what every game's answer to a tap that only selects says (the board's highlights show the rest)
SELECTED = " selected: "
#: what the answer to a tap that writes an order begins with (the board draws the order)
WRITTEN = "Order written: "


class FollowTaps(JSComponent):
    """An invisible component, once per page: see the module docstring."""

    _esm = """
const ANSWER = "%(answer)s";
const ON_BOARD = ["%(selected)s", "%(written)s"];
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

function changedSince(before) {            // the answering panes whose shown text changed, in the page's order
  return answers(document, []).filter((el) => {
    const text = shownText(el);
    return text.trim() && text !== before.get(el);
  });
}

function bringIntoSight(panes) {            // the panes together (a message and its buttons), as little as it can
  const shown = panes.filter((el) => el.getBoundingClientRect().height > 0);
  if (!shown.length) return;
  const first = shown[0], last = shown[shown.length - 1];
  const header = document.getElementById("header");
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const spanTop = first.getBoundingClientRect().top, spanBottom = last.getBoundingClientRect().bottom;
  if (spanBottom - spanTop > window.innerHeight - top) {
    first.scrollIntoView({ block: "start", behavior: "smooth" });     // too tall for the screen: its start
  } else if (spanBottom > window.innerHeight) {
    last.scrollIntoView({ block: "nearest", behavior: "smooth" });    // below: its end at the bottom edge
  } else if (spanTop < top) {
    first.scrollIntoView({ block: "nearest", behavior: "smooth" });   // above: its start at the top edge
  }
}

function follow() {
  const before = new Map(answers(document, []).map((el) => [el, shownText(el)]));
  let looks = 0;
  const look = () => {
    if (changedSince(before).length) {
      setTimeout(() => {                     // the rest of the same answer (the buttons under a message) too
        const panes = changedSince(before);
        if (panes.some((el) => ON_BOARD.some((said) => shownText(el).includes(said)))) return;  // the board answers it
        bringIntoSight(panes);
      }, 150);
      return;
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
""" % {"answer": TAP_ANSWER, "selected": SELECTED, "written": WRITTEN, "asks": TAP_ASKS}
