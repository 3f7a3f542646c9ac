"""Browser helpers shared by the UI tests (conftest.py) and bench/boards.py: launch Debian's Chromium, serve a
Panel app in-process on a free port, wait for a page, and map board coordinates to page pixels from the
live Bokeh figure's frame and ranges."""
from __future__ import annotations

import os
import socket
import time
import urllib.request
from collections.abc import Callable
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WS_OPEN = "Websocket connection 0 is now open"
CLICK_GAP = 0.35  # Bokeh turns a second tap within 300 ms into a double tap


#: ``ACADEMY_WALK_ALL=1``: the walks solve every lesson's first exercise; by default every third lesson (the
#: first and the last always), which keeps the suite within CI's time (the lessons share one page's code, and
#: every exercise's solution and wrong try are checked without a browser in tests/lessons)
WALK_ALL = os.environ.get("ACADEMY_WALK_ALL") == "1"


def walked(lessons, start: int = 1) -> list[tuple[int, Any]]:
    """``enumerate(lessons, start)`` cut to the lessons a walk opens (see ``WALK_ALL``)."""
    last = len(lessons) - 1
    return [(i + start, lesson) for i, lesson in enumerate(lessons) if WALK_ALL or i % 3 == 0 or i == last]


def first_solved_mark(lesson) -> str:
    """What the lesson list says of ``lesson`` once its first exercise is solved: "1/3 solved", or
    "✓ 1/1 solved" when that was its only exercise."""
    k = len(lesson.exercises)
    return f"{'✓ ' if k == 1 else ''}1/{k} solved"


# JS: find the Bokeh view of the figure named `name` (walking the view tree; Panel renders in shadow DOM),
# then map data (x, y) to page pixels through the figure's frame and ranges. A figure not shown now (on a
# hidden tab: a game's Lessons and Play tabs each have a board of the same name) is skipped.
_TO_PIXELS = """
([name, x, y]) => {
  const shown = (v) => v.canvas_view && v.canvas_view.el.getBoundingClientRect().width >= 10;
  const find = (views) => {
    for (const v of views) {
      if (v.model && v.model.name === name && v.frame && shown(v)) return v;
      const kids = v.child_views ? [...v.child_views] : [];
      const hit = find(kids);
      if (hit) return hit;
    }
    return null;
  };
  const view = find([...window.Bokeh.index]);
  if (!view || !view.frame || view.frame.bbox.width < 10) return null;
  const rect = view.canvas_view.el.getBoundingClientRect();
  const sx = view.frame.x_scale.compute(x), sy = view.frame.y_scale.compute(y);
  return [rect.left + sx, rect.top + sy];
}
"""


# JS: the visible text of every element matching `sel`, looking into open shadow roots (Panel renders each
# component in one), including the text inside a matched element's own shadow root. With `shown`, an element
# inside something hidden (a tab not open, a hidden column) is left out too.
_DEEP_TEXT = """
([sel, shown]) => {
  const text = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE || ['STYLE', 'SCRIPT', 'LINK'].includes(node.tagName)) return '';
    if (getComputedStyle(node).display === 'none') return '';
    let t = node.shadowRoot ? [...node.shadowRoot.childNodes].map(text).join(' ') : '';
    return t + ' ' + [...node.childNodes].map(text).join(' ');
  };
  const out = [];
  const walk = (root) => {
    root.querySelectorAll(sel).forEach(el => { if (!shown || el.checkVisibility()) out.push(text(el)); });
    root.querySelectorAll('*').forEach(el => { if (el.shadowRoot) walk(el.shadowRoot); });
  };
  walk(document);
  return out.join(' ').replace(/\\s+/g, ' ').trim();
}
"""


# JS: the visible text of the elements a Playwright locator matched (its selector crosses shadow roots, so it
# can be scoped to one tab: ".tab-play .phase-banner"), their own shadow roots included.
_LOCATOR_TEXT = """
(els) => {
  const text = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE || ['STYLE', 'SCRIPT', 'LINK'].includes(node.tagName)) return '';
    if (getComputedStyle(node).display === 'none') return '';
    const own = node.shadowRoot ? [...node.shadowRoot.childNodes].map(text).join(' ') : '';
    return own + ' ' + [...node.childNodes].map(text).join(' ');
  };
  return els.map(text).join(' ').replace(/\\s+/g, ' ').trim();
}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Page:
    """A Playwright page with the helpers the tests need."""

    def __init__(self, page: Any, console: list[str], errors: list[str] | None = None) -> None:
        self.page, self.console = page, console
        self.errors: list[str] = errors if errors is not None else []   # console errors and uncaught exceptions

    def open(self, url: str, board: str | None = "conquest-board", timeout: float = 30) -> float:
        """Go to ``url``, wait for the websocket (and the board's frame, unless ``board`` is None).

        Returns the seconds from goto to ready.
        """
        start = time.monotonic()
        self.page.goto(url)
        deadline = start + timeout
        while not any(WS_OPEN in line for line in self.console):
            if time.monotonic() > deadline:
                raise AssertionError(f"no websocket after {timeout} s; console: {self.console[-5:]}")
            self.page.wait_for_timeout(20)
        if board:
            self.wait_board(board, deadline - time.monotonic())
        return time.monotonic() - start

    def wait_board(self, board: str = "conquest-board", timeout: float = 30) -> None:
        """Wait until the board's frame is laid out and its event layer is visible."""
        deadline = time.monotonic() + timeout
        while self.to_pixels(board, 0.5, 0.5) is None:
            if time.monotonic() > deadline:
                raise AssertionError("the board was not laid out")
            self.page.wait_for_timeout(20)
        self.page.locator(".bk-events").filter(visible=True).first.wait_for(state="visible")  # not a hidden tab's

    def text(self, selector: str, shown: bool = False) -> str:
        """The visible text of the elements matching ``selector``, shadow roots included; ``shown``: only
        of those shown now (not inside a hidden tab or column)."""
        return self.page.evaluate(_DEEP_TEXT, [selector, shown])

    def locator_text(self, selector: str) -> str:
        """The visible text of what the Playwright selector ``selector`` matches (it may name a tab:
        ``.tab-play .phase-banner``; add ``>> visible=true`` for the shown elements only)."""
        return self.page.locator(selector).evaluate_all(_LOCATOR_TEXT)

    def to_pixels(self, board: str, x: float, y: float) -> tuple[float, float] | None:
        hit = self.page.evaluate(_TO_PIXELS, [board, x, y])
        return tuple(hit) if hit else None

    def territory_point(self, territory: str, board: str = "conquest-board") -> tuple[float, float]:
        from academy.games.conquest.mapdata import load_map
        x, y = load_map("classic").territories[territory].at
        point = self.to_pixels(board, x, y)
        assert point is not None, "board not laid out"
        return point

    def click_territory(self, territory: str, tap: bool = False) -> None:
        x, y = self.territory_point(territory)
        if tap:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)
        time.sleep(CLICK_GAP)

    def wait_text(self, selector: str, text: str, timeout: float = 40, shown: bool = False) -> str:
        """Wait until the element's text contains ``text``; returns the text (``shown``: see ``text``)."""
        deadline = time.monotonic() + timeout
        seen = ""
        while time.monotonic() < deadline:
            seen = self.text(selector, shown)
            if text in seen:
                return seen
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{selector!r} never showed {text!r}; last seen: {seen[:300]!r}")




def launch(playwright: Any) -> Any:
    """Debian's headless Chromium (never a downloaded browser)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def serve_app(factory: Callable[[], Any]) -> tuple[str, Any]:
    """Serve ``factory()`` at / on a free port in this process, with Panel mended as ``academy serve`` mends
    it (``panel_fixes``; a page without the app's template gets ``panel_fixes.mend_page`` as the template's
    pages do); returns (url, server) once it answers."""
    import panel as pn

    import academy.ui.progress_page  # noqa: F401 - its browser hooks defined before any page, as setup_extensions does
    from academy.ui import panel_fixes
    panel_fixes.apply()
    port = free_port()

    def page() -> Any:        # a page the app's template does not hold is mended as the template mends its pages
        made = factory()
        if not isinstance(made, pn.template.BaseTemplate) and pn.state.curdoc is not None:
            panel_fixes.mend_page(pn.state.curdoc)
        return made

    server = pn.serve({"/": page}, port=port, address="127.0.0.1", threaded=True, show=False,
                      liveness=True, websocket_origin=[f"127.0.0.1:{port}", f"localhost:{port}"])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/liveness", timeout=2):
                break
        except OSError:
            time.sleep(0.1)
    return f"http://127.0.0.1:{port}/", server


def new_page(browser: Any, has_touch: bool = False, width: int = 1400, height: int = 1000) -> tuple[Any, Page]:
    """A fresh context and a Page that records the console; returns (context, page)."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=has_touch)
    ctx.set_default_timeout(45000)   # two test processes share the cores (make test)
    page = ctx.new_page()
    console: list[str] = []
    errors: list[str] = []

    def on_console(msg: Any) -> None:
        console.append(msg.text)
        if msg.type == "error":
            errors.append(msg.text)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
    page.on("requestfailed", lambda req: errors.append(f"request failed: {req.url}"))
    return ctx, Page(page, console, errors)


# JS: the army label of every territory as the page draws it, read from the board's live Bokeh node source
# ({territory id: label}; '' for an empty territory), or null before the board has loaded.
BOARD_LABELS = """
() => {
  const doc = window.Bokeh && window.Bokeh.documents[0];
  const src = doc && doc.get_model_by_name('conquest-nodes');
  if (!src) return null;
  const out = {};
  src.data.id.forEach((t, i) => { out[t] = String(src.data.label[i]); });
  return out;
}
"""


def start_server(db_url: str, log_path: str | os.PathLike[str], port: int | None = None,
                 env: dict[str, str] | None = None, timeout: float = 60) -> tuple[str, Any]:
    """Start ``academy serve --port P --db URL`` as a subprocess; return (url, Popen) once it listens.

    The server's stdout and stderr go to ``log_path`` (appended). ``env`` adds to (or overrides) this
    process's environment. Raises AssertionError (with the log's tail) if the server exits, or does
    not accept connections within ``timeout`` seconds. The caller stops it (``terminate``/``kill``).
    """
    import subprocess
    import sys
    from pathlib import Path

    port = port or free_port()
    script = Path(sys.executable).with_name("academy")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "academy.cli"]
    cmd += ["serve", "--port", str(port), "--db", db_url]
    root = Path(__file__).resolve().parents[2]
    with open(log_path, "ab") as out:
        proc = subprocess.Popen(cmd, cwd=root, env={**os.environ, **(env or {})}, stdout=out,
                                stderr=subprocess.STDOUT)
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            tail = Path(log_path).read_text(errors="replace")[-2000:]
            raise AssertionError(f"the server exited with {proc.returncode}: {tail}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return f"http://127.0.0.1:{port}/", proc
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                raise AssertionError(f"the server did not listen on port {port} within {timeout} s") from None
            time.sleep(0.1)
