"""Benchmark of the server's part of a first render: building each game's lesson page and its Bokeh document
(no browser); prints figures only.

Run from the repository root:

    .venv/bin/python bench/page_build.py              # all five games
    .venv/bin/python bench/page_build.py conquest     # some of them

The page is the one bench/boards.py opens (``?game=<game>&tab=lessons&lesson=<id>``, the first lesson with a
piece to tap). For each game, after two warm-up builds, the median over ``--runs`` builds of the CPU time of:
``build_page(query)`` (the Panel objects), ``server_doc`` (the Bokeh models put into a document, as the server
does for a new session), ``to_json`` (the document serialised for the browser), and their sum; then the number
of Bokeh models. CPU time (``time.process_time``), so a busy machine changes the figures little. Issue 14's
target is the whole first render (server and browser) in at most 1.5 s: bench/boards.py measures that.
Not a test: nothing here asserts a time.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GAMES = ("conquest", "diplomacy", "tactics", "game_of_war", "fronts")


def measure(game: str, runs: int) -> dict[str, float]:
    """Median CPU seconds of each part of building ``game``'s lesson page, and its number of models."""
    from bokeh.document import Document
    from panel.io.state import set_curdoc

    from academy.ui.shell import build_page
    from bench.boards import lesson_to_tap

    lesson, _ = lesson_to_tap(game)
    query = {"game": game, "tab": "lessons", "lesson": lesson.id}
    parts: dict[str, list[float]] = {"build": [], "document": [], "json": []}
    models = 0
    for i in range(runs + 2):
        doc = Document()
        with set_curdoc(doc):            # as in a served session (Panel shares each stylesheet within a document)
            t0 = time.process_time()
            page = build_page(query)
            t1 = time.process_time()
            page.server_doc(doc)
            t2 = time.process_time()
            doc.to_json()
            t3 = time.process_time()
        if i >= 2:                       # the first builds read lesson files and fill caches
            for key, seconds in zip(parts, (t1 - t0, t2 - t1, t3 - t2)):
                parts[key].append(seconds)
        models = len(doc.models)
    out = {key: statistics.median(values) for key, values in parts.items()}
    out["total"] = sum(out.values())
    out["models"] = models
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", choices=[[], *GAMES], default=[])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    from academy.ui.board_kit.board import warm_up
    from academy.ui.shell import setup_extensions
    setup_extensions()
    warm_up()
    print(f"{'game':<12} {'build':>7} {'document':>9} {'to_json':>8} {'total':>7} {'models':>7}   (CPU s, median of "
          f"{args.runs})")
    for game in args.games or GAMES:
        r = measure(game, args.runs)
        print(f"{game:<12} {r['build']:>7.3f} {r['document']:>9.3f} {r['json']:>8.3f} {r['total']:>7.3f} "
              f"{int(r['models']):>7}")


if __name__ == "__main__":
    main()
