"""Benchmark of the Conquest pages in headless Chromium (Debian's); prints figures only.

Run from the repository root:

    .venv/bin/python bench/ui.py

Figures:
- first render of a Conquest lesson page: goto -> websocket open + board laid out (target <= 1.5 s);
  the first session of a fresh in-process server, then the median of later sessions;
- tap -> board updated: from the pointer-down in the page to the first animation frame after the
  board's node source was patched by the server (target <= 60 ms), median and p90 over 20 taps
  with a 350 ms gap (Bokeh reads two taps within 300 ms as a double tap).
Not a test: nothing here asserts a time.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.ui.browser import CLICK_GAP, new_page, serve_app, launch  # noqa: E402

SESSIONS, TAPS = 6, 20

# Record pointer-downs and the frame after each patch of the board's node source.
_HOOK = """
() => {
  const src = window.Bokeh.documents[0].get_model_by_name('conquest-nodes');
  const acad = window.__acad = {downs: [], frames: []};
  document.addEventListener('pointerdown', () => acad.downs.push(performance.now()), true);
  src.patching.connect(() => requestAnimationFrame(() => acad.frames.push(performance.now())));
  return true;
}
"""


def lesson_page():
    from academy.ui.conquest import LessonsPage
    return LessonsPage("attacking")


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def main() -> None:
    from playwright.sync_api import sync_playwright

    from academy.cli import warm_up
    warm_up()  # as `academy serve` does before it takes the first visitor
    url, server = serve_app(lesson_page)
    with sync_playwright() as p:
        browser = launch(p)
        renders = []
        for _ in range(SESSIONS):
            ctx, page = new_page(browser)
            renders.append(page.open(url))
            ctx.close()
        ctx, page = new_page(browser)
        page.open(url)
        time.sleep(0.5)
        page.page.evaluate(_HOOK)
        x, y = page.territory_point("ukraine")
        taps = []
        for i in range(TAPS):
            before = page.page.evaluate("() => window.__acad.frames.length")
            page.page.mouse.click(x, y)       # select, then deselect, ...: each tap patches the halo
            deadline = time.monotonic() + 5
            while page.page.evaluate("() => window.__acad.frames.length") == before:
                if time.monotonic() > deadline:
                    raise SystemExit(f"tap {i}: the board did not update")
                page.page.wait_for_timeout(5)
            down, frame = page.page.evaluate("() => [window.__acad.downs.at(-1), window.__acad.frames.at(-1)]")
            taps.append(frame - down)
            time.sleep(CLICK_GAP)
        ctx.close()
        browser.close()
    server.stop()
    later = renders[1:]
    print(f"first render, lesson page, first session of a fresh server: {renders[0]:.2f} s (target <= 1.5 s)")
    print(f"first render, lesson page, later sessions (median of {len(later)}): {statistics.median(later):.2f} s "
          f"(min {min(later):.2f}, max {max(later):.2f})")
    print(f"tap -> board updated, {TAPS} taps: median {statistics.median(taps):.0f} ms, p90 {p90(taps):.0f} ms, "
          f"max {max(taps):.0f} ms (target <= 60 ms)")


if __name__ == "__main__":
    main()
