"""Benchmark of every game's board on its lesson page in headless Chromium (Debian's); prints figures only.

Run from the repository root:

    .venv/bin/python bench/boards.py                      # all five games
    .venv/bin/python bench/boards.py tactics fronts       # some of them
    .venv/bin/python bench/boards.py --quick conquest     # a smoke run: fewer sessions and taps

Each game runs in a process of its own (so its first session is the first of a fresh server, and its memory
figure is its own), serving the whole page as ``academy serve`` does (``build_page``, after ``warm_up``) on
a throwaway data folder. The lesson is the game's first lesson (by order) whose first exercise has a piece of
the learner's that a tap selects: the place the learner's first legal action starts from (a Conquest attack's
territory, a Tactics unit's tile, a Game of War unit; in Diplomacy and Fronts the first unit or stack of the
options). The page is ``?game=<game>&tab=lessons&lesson=<id>``.

Nothing here knows a board's model names. The board is the shown Bokeh figure named ``...board...`` or with
(or inside something with) the css class ``board``; its sources are every ColumnDataSource the figure refers
to; the piece is found in those sources' data (a row whose text column holds the piece's name) and tapped
where the figure's own scales put that row's glyph x and y.

Figures (targets of issue 14, "Speed"):

- first render: goto -> websocket open + board laid out; the first session of the fresh server, then the
  median of later sessions (target <= 1.5 s);
- tap -> board updated: pointer-down to the first animation frame after a change of any of the board's
  sources (BokehJS document change events), median and p90 over 20 taps 350 ms apart (Bokeh reads two taps
  within 300 ms as a double tap) on the same piece: select, deselect (or hold, stay), select ...; how many
  taps changed the board is reported (target <= 40 ms);
- drag: a mouse-down on the piece, then 120 mouse moves towards the board's centre sent as fast as the browser
  takes them (Playwright's ``mouse.move(..., steps=120)``: each move waits for the page to handle it), animation
  frames with a board change per second during the moves, and how many of the moves the board drew, for a
  board that takes drags (pan events or an edit/draw tool), else "not supported by this board yet" (target
  >= 20 per second). A person's mouse sends 60 or more moves a second; moves paced from Python (the first
  version of this figure) reached the page at 16-18 a second on this machine, so they measured the driver,
  not the board;
- server memory per session: RSS of the process (the in-process server) before and after 10 more sessions
  of the page are open, difference / 10 (target <= 5 MB).

Not a test: nothing here asserts a time.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.ui.browser import CLICK_GAP, launch, new_page, serve_app  # noqa: E402

GAMES = ("conquest", "diplomacy", "tactics", "game_of_war", "fronts")
#: fields of a turn-by-turn game's action that name where it starts (Conquest src, Tactics at, Game of War unit)
SOURCE_FIELDS = ("src", "at", "unit")
TAP_TIMEOUT = 3.0        # seconds a tap may take to change the board before it counts as "no update"
RESULT = "BOARDS-RESULT "


@dataclass(frozen=True)
class Plan:
    """How much to measure: sessions for the first render, taps, drag moves, sessions for the memory."""

    sessions: int = 6
    taps: int = 20
    drag_moves: int = 120
    memory_sessions: int = 10


FULL, QUICK = Plan(), Plan(sessions=3, taps=6, drag_moves=40, memory_sessions=3)


# ============================================================================ pure helpers
def p90(values: Sequence[float]) -> float:
    """The 90th percentile (nearest rank) of ``values``.

    >>> p90([5, 1, 4, 2, 3, 6, 7, 8, 9, 10])
    9
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def piece_names(state: Any, player: int) -> list[str]:
    """Names of the learner's pieces a tap selects, first the likeliest: where each legal action starts
    (turn-by-turn games), or each unit of the orders' options and its province (simultaneous games).
    Empty when no action starts from a piece (Conquest's claims and reinforcements)."""
    from academy.core.protocol import NodeKind

    names: list[str] = []
    if state.node_kind() is NodeKind.SIMULTANEOUS:
        for key in state.options(player):
            names += [key, key.split()[-1].split("/")[0]]
    else:
        for action in state.legal_actions(player):
            starts = [getattr(action, f) for f in SOURCE_FIELDS if isinstance(getattr(action, f, None), str)]
            names += starts[:1]
    return list(dict.fromkeys(n for n in names if n))


def lesson_to_tap(game: str) -> tuple[Any, list[str]]:
    """The first lesson of ``game`` (by order) whose first exercise has a piece to tap, and the pieces' names.

    Raises LookupError when no lesson has one."""
    from academy.lessons import goal_module, load_lessons, start_state
    from academy.lessons.exercise import learner_of

    lessons, _ = load_lessons(game)
    for lesson in lessons:
        if not lesson.exercises:
            continue
        first = lesson.exercises[0]
        state = start_state(game, lesson.start_position(first), first.seed)
        player = learner_of(goal_module(game), state)
        names = piece_names(state, player) if player is not None else []
        if names:
            return lesson, names
    raise LookupError(f"no lesson of {game} starts with a piece of the learner's to tap")


def rss_bytes() -> int:
    """This process's resident memory (psutil when installed, else VmRSS from /proc/self/status)."""
    try:
        import psutil
    except ImportError:
        return vm_rss(Path("/proc/self/status").read_text())
    return int(psutil.Process().memory_info().rss)


def vm_rss(status: str) -> int:
    """Bytes of the VmRSS line of a /proc/<pid>/status text (0 without one).

    >>> vm_rss("Name:\\tpython\\nVmRSS:\\t  2048 kB\\n")
    2097152
    """
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


# rows of the table: (label, target, key of the result, format)
ROWS = (("first render, first session (s)", "<= 1.5", "render_first", "{:.2f}"),
        ("first render, later sessions, median (s)", "<= 1.5", "render_later", "{:.2f}"),
        ("tap -> board updated, median (ms)", "<= 40", "tap_median", "{:.0f}"),
        ("tap -> board updated, p90 (ms)", "", "tap_p90", "{:.0f}"),
        ("taps that changed the board", "all", "taps_updated", "{}"),
        ("drag live preview (updates/s)", ">= 20", "drag_fps", "{:.1f}"),
        ("server memory per session (MB)", "<= 5", "memory_mb", "{:.2f}"))


def table(results: dict[str, dict[str, Any]]) -> str:
    """The figures of each game (a column per game) with the targets next to them.

    A figure a game has not got reads "n/a"; a figure given as text (``drag_fps: "not supported"``) as is.

    >>> print(table({"conquest": {"tap_median": 29.4, "drag_fps": "not supported"}}).splitlines()[4])
    tap -> board updated, median (ms)         <= 40   29
    """
    games = list(results)
    width = max(len(r[0]) for r in ROWS) + 2
    cols = [max(len(g), 13) + 2 for g in games]
    head = ("figure".ljust(width) + "target".ljust(8) + "".join(g.ljust(c) for g, c in zip(games, cols))).rstrip()
    lines = [head, "-" * len(head)]
    for label, target, key, fmt in ROWS:
        cells = []
        for game, c in zip(games, cols):
            value = results[game].get(key)
            text = "n/a" if value is None else value if isinstance(value, str) else fmt.format(value)
            cells.append(text.ljust(c))
        lines.append((label.ljust(width) + target.ljust(8) + "".join(cells)).rstrip())
    return "\n".join(lines)


# ============================================================================ in the page
# Defined in every page before its scripts run (a context init script): window.__bench finds the board, its
# sources and a piece in their data, maps data to page pixels, and records pointer events and board changes.
_BENCH_JS = """
window.__bench = (() => {
  const shown = (v) => v.canvas_view && v.canvas_view.el.getBoundingClientRect().width >= 10;
  const classes = (m) => (m && m.css_classes) ? [...m.css_classes] : [];
  const marked = (m) => !!m && (/board/.test(m.name || '') || classes(m).includes('board'));
  const field = (spec) => typeof spec === 'string' ? spec : (spec && spec.field);
  const less = (a, b) => { for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return a[j] < b[j]; return false; };
  const isSource = (m) => m && m.data !== undefined && m.patching !== undefined && m.streaming !== undefined;
  // the shown figure of the board: named ...board..., or with (or inside something with) the class "board"
  const board = () => {
    if (!window.Bokeh || !window.Bokeh.index) return null;
    const find = (views, inside) => {
      for (const v of views) {
        const here = inside || marked(v.model);
        if (here && v.frame && shown(v) && v.frame.bbox.width >= 10) return v;
        const hit = find(v.child_views ? [...v.child_views] : [], here);
        if (hit) return hit;
      }
      return null;
    };
    return find([...window.Bokeh.index], false);
  };
  const sources = (v) => [...v.model.references()].filter(isSource);
  const toPixels = (v, x, y) => {
    const rect = v.canvas_view.el.getBoundingClientRect();
    return [rect.left + v.frame.x_scale.compute(x), rect.top + v.frame.y_scale.compute(y)];
  };
  // the row of the board's data that names a piece: the earliest of `names`, exact case before any case,
  // a source of fewer rows (pieces) before one of more (tiles, names); the glyph's x and y of that row
  const locate = (names) => {
    const v = board();
    if (!v) return null;
    const lower = names.map(n => n.toLowerCase());
    let best = null;
    for (const r of v.model.references()) {
      if (!r.glyph || !isSource(r.data_source)) continue;
      const data = r.data_source.data, fx = field(r.glyph.x), fy = field(r.glyph.y);
      if (!fx || !fy || !data[fx] || !data[fy]) continue;
      const rows = data[fx].length;
      for (const [column, values] of Object.entries(data)) {
        for (let i = 0; i < values.length; i++) {
          const s = values[i];
          if (typeof s !== 'string') break;
          const k = lower.indexOf(s.toLowerCase());
          if (k < 0) continue;
          const x = data[fx][i], y = data[fy][i];
          if (typeof x !== 'number' || typeof y !== 'number' || !isFinite(x) || !isFinite(y)) continue;
          const rank = [k, s === names[k] ? 0 : 1, rows];
          if (!best || less(rank, best.rank))
            best = {rank, name: s, column, rows, source: r.data_source.name || '', x, y};
        }
      }
    }
    if (!best) return null;
    [best.px, best.py] = toPixels(v, best.x, best.y);
    return best;
  };
  // where to drag to: the frame's centre, or a quarter of the frame to the right of it if the piece is there
  const dragTo = (px, py) => {
    const v = board(), rect = v.canvas_view.el.getBoundingClientRect(), b = v.frame.bbox;
    let x = rect.left + b.x + b.width / 2, y = rect.top + b.y + b.height / 2;
    if (Math.hypot(x - px, y - py) < 60) x += b.width / 4;
    return [x, y];
  };
  // does the board take drags: pan events subscribed (Python or JS callbacks), or an edit or draw tool
  const drags = () => {
    const fig = board().model;
    const events = [...(fig.subscribed_events || []), ...Object.keys(fig.js_event_callbacks || {})];
    const tools = fig.toolbar ? [...fig.toolbar.tools].map(t => t.constructor.__name__) : [];
    return events.some(e => ['pan', 'panstart', 'panend'].includes(e)) || tools.some(t => /(Edit|Draw)Tool$/.test(t));
  };
  // record pointer-downs and -moves, each change of a board source, and the next animation frame after one
  const hook = () => {
    const v = board(), fig = v.model;
    let srcs = new Set(sources(v));
    const st = {downs: [], moves: [], changes: [], frames: [], pending: false, sources: srcs.size};
    document.addEventListener('pointerdown', () => st.downs.push(performance.now()), true);
    document.addEventListener('pointermove', () => st.moves.push(performance.now()), true);
    // a board change: noted, and the next animation frame after it
    const mark = () => {
      st.changes.push(performance.now());
      if (!st.pending) {
        st.pending = true;
        requestAnimationFrame(() => { st.pending = false; st.frames.push(performance.now()); });
      }
    };
    fig.document.on_change((ev) => {
      const m = ev.model;
      if (!m) return;
      if (m === fig || ev.attr === 'data_source') {         // a renderer added or given another source
        srcs = new Set(sources(v));
        st.sources = srcs.size;
      } else if (!srcs.has(m)) {
        return;
      }
      mark();
    });
    // a source the page itself changes (a dragged piece following the pointer: not synchronised, so the
    // document reports no change for it) counts too: its data's own change signal
    for (const s of srcs) if (s.syncable === false) s.properties.data.change.connect(mark);
    window.__benchState = st;
    return st.sources;
  };
  // the last pointer-down, the first board change after it, the first frame after that change
  const lastTap = () => {
    const st = window.__benchState, down = st.downs.at(-1);
    const change = st.changes.find(t => t >= down);
    const frame = change === undefined ? undefined : st.frames.find(t => t >= change);
    return [down ?? null, change ?? null, frame ?? null];
  };
  // frames with a board change per second between the first and the last pointer-move after `since`
  const dragRate = (since) => {
    const st = window.__benchState, moves = st.moves.filter(t => t >= since);
    if (moves.length < 2) return null;
    const first = moves[0], last = moves.at(-1);
    const frames = st.frames.filter(t => t > first && t <= last).length;
    return {frames, moves: moves.length, seconds: (last - first) / 1000, rate: frames / ((last - first) / 1000)};
  };
  return {board: () => !!board(), locate, dragTo, drags, hook, lastTap, dragRate,
          now: () => performance.now()};
})();
"""


def open_page(browser: Any, url: str, timeout: float = 60) -> tuple[Any, Any, float]:
    """A fresh context at ``url``; returns (context, Page, seconds from goto to websocket open + board laid out)."""
    ctx, page = new_page(browser)
    ctx.add_init_script(_BENCH_JS)
    start = time.monotonic()
    page.open(url, board=None, timeout=timeout)
    while not page.page.evaluate("() => window.__bench.board()"):
        if time.monotonic() - start > timeout:
            raise RuntimeError(f"no board was laid out within {timeout:.0f} s at {url}")
        page.page.wait_for_timeout(20)
    return ctx, page, time.monotonic() - start


def tap_latencies(page: Any, x: float, y: float, taps: int) -> tuple[list[float], int]:
    """Tap (x, y) ``taps`` times, CLICK_GAP apart; returns (pointer-down -> frame after the board changed, in
    ms, of each tap that changed the board within TAP_TIMEOUT; the number of taps that did)."""
    latencies: list[float] = []
    for _ in range(taps):
        page.page.mouse.click(x, y)
        deadline = time.monotonic() + TAP_TIMEOUT
        while True:
            down, change, frame = page.page.evaluate("() => window.__bench.lastTap()")
            if frame is not None:
                latencies.append(frame - down)
                break
            if time.monotonic() > deadline:
                break
            page.page.wait_for_timeout(5)
        time.sleep(CLICK_GAP)
    return latencies, len(latencies)


def drag_rate(page: Any, x: float, y: float, plan: Plan) -> dict[str, Any]:
    """Press on (x, y), move ``plan.drag_moves`` times towards the board's centre as fast as the page takes the
    moves, release; returns the page's dragRate figures (frames with a board change per second)."""
    tx, ty = page.page.evaluate("([x, y]) => window.__bench.dragTo(x, y)", [x, y])
    page.page.mouse.move(x, y)
    since = page.page.evaluate("() => window.__bench.now()")
    page.page.mouse.down()
    page.page.mouse.move(tx, ty, steps=plan.drag_moves)
    page.page.wait_for_timeout(100)
    page.page.mouse.up()
    return page.page.evaluate("(since) => window.__bench.dragRate(since)", since) or {}


def measure(game: str, plan: Plan) -> dict[str, Any]:
    """Every figure of one game's lesson page (this process serves it; call once per process)."""
    import gc

    from playwright.sync_api import sync_playwright

    from academy.cli import check_games_database, warm_up
    from academy.ui.shell import build_page, current_query, setup_extensions

    lesson, names = lesson_to_tap(game)
    out: dict[str, Any] = {"lesson": lesson.id, "names": names[:4], "errors": []}
    setup_extensions()
    warm_up()            # as `academy serve` does before it takes the first visitor
    check_games_database()
    url, server = serve_app(lambda: build_page(current_query()))
    url += f"?game={game}&tab=lessons&lesson={lesson.id}"
    out["url"] = url.split("/", 3)[-1]
    pages = []
    try:
        with sync_playwright() as p:
            browser = launch(p)
            renders = []
            for _ in range(plan.sessions):
                ctx, page, seconds = open_page(browser, url)
                renders.append(seconds)
                pages.append(page)
                ctx.close()
            out["render_first"] = renders[0]
            later = renders[1:]
            if later:
                out.update(render_later=statistics.median(later), render_min=min(later), render_max=max(later))

            gc.collect()
            before = rss_bytes()
            opened = [open_page(browser, url) for _ in range(plan.memory_sessions)]
            time.sleep(1)
            gc.collect()
            out["memory_mb"] = (rss_bytes() - before) / plan.memory_sessions / 2 ** 20
            out["rss_mb"] = rss_bytes() / 2 ** 20
            for ctx, page, _ in opened:
                pages.append(page)
                ctx.close()

            ctx, page, _ = open_page(browser, url)
            pages.append(page)
            time.sleep(0.5)
            out["sources"] = page.page.evaluate("() => window.__bench.hook()")
            spot = page.page.evaluate("(names) => window.__bench.locate(names)", names)
            if spot is None:
                out["tap_note"] = f"none of {', '.join(names[:4])} is in the board's data"
            else:
                out["spot"] = {k: spot[k] for k in ("name", "source", "column", "rows", "x", "y", "px", "py")}
                taps, updated = tap_latencies(page, spot["px"], spot["py"], plan.taps)
                out["taps_updated"] = f"{updated}/{plan.taps}"
                if taps:
                    out.update(tap_median=statistics.median(taps), tap_p90=p90(taps), tap_max=max(taps))
                if page.page.evaluate("() => window.__bench.drags()"):
                    rate = drag_rate(page, spot["px"], spot["py"], plan)
                    out["drag"] = rate
                    out["drag_fps"] = rate.get("rate", 0.0)
                else:
                    out["drag_fps"] = "not supported"
            ctx.close()
            browser.close()
    finally:
        server.stop()
    out["errors"] = [e for page in pages for e in page.errors][:5]
    out["error_count"] = sum(len(page.errors) for page in pages)
    return out


def notes(game: str, r: dict[str, Any]) -> list[str]:
    """The lines under the table that say what was measured for ``game``."""
    if "failed" in r:
        return [f"{game}: failed: {r['failed']}"]
    lines = [f"{game}: lesson {r['lesson']!r} (/{r['url']})"]
    if "render_later" in r:
        lines.append(f"  first render, later sessions: min {r['render_min']:.2f} s, max {r['render_max']:.2f} s")
    spot = r.get("spot")
    if spot:
        lines.append(f"  tapped {spot['name']!r}, found in the board's data (source {spot['source'] or '(no name)'}, "
                     f"column {spot['column']}, {spot['rows']} rows) at ({spot['x']:.3g}, {spot['y']:.3g}) -> "
                     f"page ({spot['px']:.0f}, {spot['py']:.0f}); the board has {r['sources']} sources; "
                     f"{r['taps_updated']} taps changed it"
                     + (f", max {r['tap_max']:.0f} ms" if "tap_max" in r else ""))
    else:
        lines.append(f"  no tap: {r.get('tap_note')}")
    if r.get("drag_fps") == "not supported":
        lines.append("  drag: not supported by this board yet")
    elif "drag" in r:
        d = r["drag"]
        lines.append(f"  drag: {d.get('frames')} frames with a board change in {d.get('seconds', 0):.2f} s "
                     f"of {d.get('moves')} pointer moves")
    lines.append(f"  server RSS with the sessions open: {r['rss_mb']:.0f} MB; console errors: {r['error_count']}"
                 + (f" (first: {r['errors'][0][:160]})" if r["errors"] else ""))
    return lines


def run_child(game: str, quick: bool, timeout: float = 1200) -> dict[str, Any]:
    """Measure ``game`` in a fresh process (a throwaway data folder); its figures, or {"failed": why}."""
    with tempfile.TemporaryDirectory(prefix="academy-bench-") as data:
        env = {k: v for k, v in os.environ.items() if k not in ("ACADEMY_DB", "ACADEMY_LESSONS")}
        env.update(ACADEMY_DATA=data, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])))
        cmd = [sys.executable, str(Path(__file__).resolve()), "--child", game] + (["--quick"] if quick else [])
        try:
            done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"failed": f"no figures within {timeout:.0f} s"}
    for line in done.stdout.splitlines():
        if line.startswith(RESULT):
            return json.loads(line[len(RESULT):])
    tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
    return {"failed": f"exit code {done.returncode}: " + " | ".join(tail)}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="game", help=f"games to measure (default: all: {' '.join(GAMES)})")
    parser.add_argument("--quick", action="store_true", help="fewer sessions and taps (a smoke run)")
    parser.add_argument("--child", metavar="GAME", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    if args.child:
        try:
            result = measure(args.child, plan)
        except Exception as exc:  # noqa: BLE001 - the parent prints why this game has no figures
            result = {"failed": f"{type(exc).__name__}: {exc}"}
        print(RESULT + json.dumps(result), flush=True)
        return
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}: choose from {', '.join(GAMES)}")
    games = args.games or list(GAMES)
    results = {}
    for game in games:
        print(f"measuring {game} ...", file=sys.stderr, flush=True)
        results[game] = run_child(game, args.quick)
    print(f"Boards on their lesson pages, headless Chromium ({plan.sessions} sessions for the first render, "
          f"{plan.taps} taps, {plan.drag_moves} drag moves as fast as the page takes them, "
          f"{plan.memory_sessions} sessions for the memory)")
    print(table({g: r for g, r in results.items()}))
    print()
    for game, r in results.items():
        print("\n".join(notes(game, r)))


if __name__ == "__main__":
    main()
