"""Issue 14, item 7 ("Pages that fit"): the main pages at a laptop's 1280×800 and a phone's 390×844 scroll
only up and down: the page is no wider than the window, and no button or input is cut off at its right
edge (each lies inside the window, so nothing has to be scrolled sideways to reach it)."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
# (name, address, a selector shown once the page has its content)
PAGES = [
    ("home", "", ".game-card"),
    ("Conquest rules", "?game=conquest&tab=rules", ".rules-page"),
    ("Conquest lessons", "?game=conquest&tab=lessons", ".lesson-list .open-lesson"),
    ("Conquest lesson", "?game=conquest&tab=lessons&lesson=attacking", ".tab-lessons .bk-events"),
    ("Conquest play", "?game=conquest&tab=play", ".conquest-play .start-game"),
    ("Games", "?page=games", ".dash-setup"),
    ("Write lessons", "?page=teach", "a.editor-link"),
    ("Classroom", "?page=class", ".class-join, .bk-input"),
    ("My progress", "?page=progress", ".progress-tables"),
    ("Conquest editor", "?page=editor&game=conquest", ".editor-tools"),
]

# JS: how wide the page is against the window, and every visible button, input or select (open shadow roots
# included) that reaches past the window's right edge
MEASURE = """
() => {
  const width = window.innerWidth;
  const out = [];
  const walk = (root) => {
    root.querySelectorAll('button, input, select, textarea, a').forEach(el => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && (r.right > width + 1 || r.left < -1)) {
        out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.value || '').trim().slice(0, 30)}" `
                 + `${Math.round(r.left)}..${Math.round(r.right)}`);
      }
    });
    root.querySelectorAll('*').forEach(el => { if (el.shadowRoot) walk(el.shadowRoot); });
  };
  walk(document);
  const main = document.getElementById('main');
  return {width, page: document.scrollingElement.scrollWidth, main: main ? main.scrollWidth : 0,
          mainClient: main ? main.clientWidth : 0, cut: out};
}
"""


# Left to do on a phone (each case fails strictly: once it fits, its mark must go). The lesson page and the
# Play tab lay out three fixed-width columns (the lesson's text 310 px, the board, the side panel 320 px)
# in one row: Bokeh gives that row, and so the whole tab and the lesson list in it, a 630 px minimum width.
# The Games page's Tactics and Fronts forms join a seat in a row that does not wrap (academy/ui/tactics and
# academy/ui/fronts games_form.py: wrapping_row from academy/ui/labels.py does it).
PHONE_LEFT = {
    "Conquest lessons": "the lesson list sits in a tab as wide as the lesson page's three columns (630 px)",
    "Conquest lesson": "the lesson page's three columns (text, board, side panel) do not stack",
    "Conquest play": "the Play tab's board and side panel do not stack",
    "Games": "the Tactics and Fronts join rows do not wrap",
}


def cases():
    for size in SIZES:
        for name, address, ready in PAGES:
            marks = [pytest.mark.xfail(strict=True, reason=PHONE_LEFT[name])] \
                if size == "phone" and name in PHONE_LEFT else []
            yield pytest.param(size, name, address, ready, marks=marks, id=f"{size}-{name}")


@pytest.mark.parametrize("size, name, address, ready", list(cases()))
def test_page_fits_the_window(serve, open_page, size, name, address, ready):
    width, height = SIZES[size]
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=width, height=height, has_touch=size == "phone")
    page.open(url + address, board=None)
    page.page.locator(ready).first.wait_for(state="attached", timeout=30000)
    page.page.wait_for_timeout(800)              # the last layout pass after the content arrived
    m = page.page.evaluate(MEASURE)
    problems = []
    if m["page"] > m["width"] + 1:
        problems.append(f"the page is {m['page']} px wide in a {m['width']} px window")
    if m["main"] > m["mainClient"] + 1:
        problems.append(f"the main area is {m['main']} px wide in {m['mainClient']} px")
    problems += [f"cut off: {c}" for c in m["cut"][:8]]
    assert not problems, f"{name} at {width}×{height}:\n" + "\n".join(problems)
