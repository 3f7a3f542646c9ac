"""Issue 14, item 7 ("Pages that fit"): the main pages at a laptop's 1280×800 and a phone's 390×844 scroll
only up and down: the page is no wider than the window, and no button or input is cut off at its right
edge (each lies inside the window, so nothing has to be scrolled sideways to reach it). On the phone every
button, input, choice and checkbox is at least 44 px tall, the size a finger hits (WCAG 2.5.5)."""
from __future__ import annotations

import os

import pytest

from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
# (name, address, a selector shown once the page has its content[, what to click before measuring])
PAGES = [
    ("home", "", ".game-card"),
    ("Conquest rules", "?game=conquest&tab=rules", ".rules-page"),
    # a newcomer's walk on a phone: the Units table of Fronts' rules was cut off at its "Special" column
    ("Fronts rules", "?game=fronts&tab=rules", ".rules-page"),
    ("Conquest lessons", "?game=conquest&tab=lessons", ".lesson-list .open-lesson"),
    ("Conquest lesson", "?game=conquest&tab=lessons&lesson=attacking", ".tab-lessons .bk-events"),
    ("Conquest play", "?game=conquest&tab=play", ".conquest-play .start-game"),
    # issue 14, a newcomer's walk on a phone: Tactics' and Diplomacy's new-game forms ran past the right edge
    *[(f"{name} play", f"?game={game}&tab=play", ".start-game")
      for game, name in (("diplomacy", "Diplomacy"), ("tactics", "Tactics"), ("game_of_war", "Game of War"),
                         ("fronts", "Fronts"))],
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
  const tables = [];
  const small = [];        // controls shorter than the 44 px a finger needs (a checkbox: its label)
  const walk = (root) => {
    root.querySelectorAll('button, input, select, label').forEach(el => {
      const box = el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(el.type) ? el.closest('label') : el;
      if (el.tagName === 'LABEL' || !box) return;
      const r = box.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.height < 43.5 && el.type !== 'file') {
        small.push(`${el.tagName.toLowerCase()}.${el.className} "${(box.textContent || el.value || '').trim().slice(0, 30)}" `
                   + `${Math.round(r.height)} px tall`);
      }
    });
    root.querySelectorAll('button, input, select, textarea, a').forEach(el => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && (r.right > width + 1 || r.left < -1)) {
        out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.value || '').trim().slice(0, 30)}" `
                 + `${Math.round(r.left)}..${Math.round(r.right)}`);
      } else if (el.tagName === 'BUTTON' && r.width > 0 && el.scrollWidth > el.clientWidth + 1) {
        // a button squeezed narrower than its label (a button group on one line): the label is cut
        out.push(`button "${(el.textContent || '').trim().slice(0, 30)}" shows ${el.clientWidth} of its `
                 + `${el.scrollWidth} px`);
      }
    });
    root.querySelectorAll('table').forEach(el => {
      const scrolls = ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);   // a table in its own box
      const right = el.getBoundingClientRect().right;
      if (el.offsetWidth > 0 && right > width + 1) {
        out.push(`a table reaching ${Math.round(right)} px: "${(el.textContent || '').trim().slice(0, 40)}"`);
      } else if (el.offsetWidth > 0 && el.scrollWidth > el.clientWidth + 1 && !scrolls) {
        tables.push(`a table of ${el.scrollWidth} px in ${el.clientWidth} px: `
                    + `"${(el.textContent || '').trim().slice(0, 40)}"`);
      }
    });
    root.querySelectorAll('*').forEach(el => { if (el.shadowRoot) walk(el.shadowRoot); });
  };
  walk(document);
  const main = document.getElementById('main');
  return {width, page: document.scrollingElement.scrollWidth, main: main ? main.scrollWidth : 0,
          mainClient: main ? main.clientWidth : 0, cut: out, tables, small};
}
"""


# Pages that show more after a click: the Games page with every game's card open (its forms), and the Play
# tab with a game started (the board, its side panel, the tools and the event log).
def _open_every_card(page):
    collapsed = "h => h.getRootNode().host.getBoundingClientRect().height < h.getBoundingClientRect().height + 20"
    headers = [h for h in page.locator(".card-header").all() if h.evaluate(collapsed)]
    assert headers, "the Games page has no closed card to open"
    for header in headers:
        header.click()
        page.wait_for_timeout(300)
    assert not [h for h in page.locator(".card-header").all() if h.evaluate(collapsed)], "a card did not open"


def _start_a_game(page):
    page.locator(".start-game button").click()
    page.locator(".tab-play .bk-events").first.wait_for(state="visible", timeout=30000)


def _start_with_builds(page):
    """A Fronts game started: its side panel shows the row of build inputs (issue 19: the "Add build"
    button overflowed at 1400 px)."""
    _start_a_game(page)
    page.locator(".add-build button").wait_for(state="visible", timeout=30000)


PAGES += [
    ("Games, every card open", "?page=games", ".dash-setup", _open_every_card),
    ("Conquest game", "?game=conquest&tab=play", ".conquest-play .start-game", _start_a_game),
    # the shared lesson page with another game's side panel (Fronts' orders, with its row of build inputs)
    ("Fronts lesson", "?game=fronts&tab=lessons&lesson=orders", ".tab-lessons .bk-events"),
    # issue 14: the Diplomacy map, whose names are placed again for a phone's narrow board
    ("Diplomacy lesson", "?game=diplomacy&tab=lessons&lesson=support", ".tab-lessons .bk-events"),
    # issue 18: the units table of Game of War's lesson 8 was cut off
    ("Game of War lesson 8", "?game=game_of_war&tab=lessons&lesson=units", ".tab-lessons .bk-events"),
    # issue 17: Tactics' lesson 9 formula line and lesson 15's commander table were cut off at a laptop's size;
    # issue 14: on a phone the Tactics board kept its width and cut off the exercise buttons beside it
    ("Tactics lesson 9", "?game=tactics&tab=lessons&lesson=luck", ".tab-lessons .bk-events"),
    ("Tactics lesson 15", "?game=tactics&tab=lessons&lesson=commanders", ".tab-lessons .bk-events"),
    # issue 14: every game's Play tab with a game started (the board beside its side panel on a laptop, the
    # panel under the board on a phone)
    *[(f"{name} game", f"?game={game}&tab=play", ".start-game", _start_a_game)
      for game, name in (("diplomacy", "Diplomacy"), ("tactics", "Tactics"), ("game_of_war", "Game of War"))],
    ("Fronts game", "?game=fronts&tab=play", ".start-game", _start_with_builds),
]


def cases():
    for size in SIZES:
        for name, address, ready, *then in PAGES:
            yield pytest.param(size, name, address, ready, then[0] if then else None, id=f"{size}-{name}")


@pytest.mark.parametrize("size, name, address, ready, then", list(cases()))
def test_page_fits_the_window(serve, open_page, size, name, address, ready, then):
    _fits(serve, open_page, size, name, address, ready, then)


def _fits(serve, open_page, size, name, address, ready, then):
    """Open ``address`` at ``size``, wait for ``ready`` (and do ``then``), and check that nothing is cut off."""
    width, height = SIZES[size]
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=width, height=height, has_touch=size == "phone")
    page.open(url + address, board=None)
    page.page.locator(ready).first.wait_for(state="attached", timeout=30000)
    if then is not None:
        page.page.wait_for_timeout(300)
        then(page.page)
    page.page.wait_for_timeout(800)              # the last layout pass after the content arrived
    m = page.page.evaluate(MEASURE)
    if os.environ.get("FIT_SHOTS"):              # FIT_SHOTS=folder: a screenshot of every page, to look at
        page.page.screenshot(path=os.path.join(os.environ["FIT_SHOTS"], f"{size}-{name}.png"), full_page=True)
    problems = []
    if m["page"] > m["width"] + 1:
        problems.append(f"the page is {m['page']} px wide in a {m['width']} px window")
    if m["main"] > m["mainClient"] + 1:
        problems.append(f"the main area is {m['main']} px wide in {m['mainClient']} px")
    problems += [f"cut off: {c}" for c in m["cut"][:8]]
    if size == "laptop":                         # a phone may scroll a wide table sideways, a laptop never
        problems += m["tables"][:4]
    else:                                        # a finger needs 44 px (WCAG 2.5.5)
        problems += [f"too small to tap: {c}" for c in m["small"][:8]]
    assert not problems, f"{name} at {width}×{height}:\n" + "\n".join(problems)


# issue 14: every game's shared page (a seat's link) and its replay (the seat's own view), on a phone and a laptop
SHARED = {"conquest": {"players": 2, "setup": "random"}, "diplomacy": {}, "fronts": {"players": 2, "map": "duel"},
          "game_of_war": {}, "tactics": {}}


@pytest.fixture(scope="module")
def stored_games(tmp_path_factory):
    """A database with a shared game of each game, and per game (its id, the human seat's token)."""
    from academy.store.live import LiveHub
    url = f"sqlite:///{tmp_path_factory.mktemp('fit')}/games.db"
    out = {}
    with LiveHub(url, synchronous=True) as hub:
        for game, options in SHARED.items():
            seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "cpu", "level": "easy"}] * (
                6 if game == "diplomacy" else 1)
            live, tokens = hub.create(game, options, 3, seats)
            out[game] = (live.game_id, tokens[0])
    return url, out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", SHARED)
@pytest.mark.parametrize("kind", ["shared", "replay"])
def test_shared_and_replay_pages_fit_the_window(serve, open_page, stored_games, monkeypatch, size, game, kind):
    from urllib.parse import quote

    from academy.ui.live_session import close_shared_hubs
    from academy.ui.replay import replay_link
    db, games = stored_games
    monkeypatch.setenv("ACADEMY_DB", db)
    live, token = games[game]
    address = (f"?game={game}&tab=play&match={live}&seat={quote(token, safe='')}" if kind == "shared"
               else replay_link(live, token))
    try:
        _fits(serve, open_page, size, f"{game} {kind}", address, ".bk-events", None)
    finally:
        close_shared_hubs()
