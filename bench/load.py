"""Load benchmark: many shared Conquest games played at once on one ``academy serve``; prints figures only.

Run from the repository root:

    .venv/bin/python bench/load.py                          # 15 games (30 seats), ~20 actions each
    .venv/bin/python bench/load.py --games 4 --actions 10   # smaller

What it does: creates ``--games`` two-player Conquest games (human v human, seeded) in a fresh SQLite
database with ``academy.store.Store``, starts ``academy serve`` on it as a subprocess, and opens every
seat's link in its own browser context of one headless Chromium (Debian's): 2 pages per game. Then all
games play at the same time, by clicks on the board and on the phase buttons (a simple player: place
each army next to the enemy, attack once a turn, move in, end the attack, end the turn; it reads the
position from the store to choose, as a person reads the board). For every action it measures:

- update latency: from the pointer-down in the acting seat's page to the first animation frame after
  the *other* seat's page of the same game showed the change (the first of: its board patched, its
  phase banner or its event log changed); also until its event log shows it, until its board is
  patched, until the first document change reaches that browser (the websocket frame as Chromium's
  network service time-stamps it, before the page's renderer handles it: the server's share, without
  the other page's rendering), and until the acting page's own event log shows it;
- errors: page errors (uncaught exceptions in a page), refused actions (a click that stored nothing
  within the time-out), actions stored but not shown within the time-out, tracebacks and ERROR lines
  in the server's log, console errors (failed loads of external resources are named apart);
- cross-talk: every page only ever received its own game's number and players' names (checked on the
  page's HTML and every websocket frame it received), and after the run each game's stored record
  holds exactly the actions its own two seats made, in order, by the seats that made them;
- the server's memory: VmRSS from /proc/<pid>/status when it listens, after all pages opened, and the
  peak (sampled every 0.2 s, and the kernel's VmHWM), plus its CPU time.

Each game's actions run one after the other (the next click waits until the pages showed the last
action, and Bokeh needs 350 ms between two taps on one board); the games run concurrently. The browser
and the server share this machine: with 2 cores, 30 Chromium renderers starve the server (and each
other) of CPU, so read the rendered figures as an upper bound and compare with a smaller --games.
The database and the server's log are removed at the end unless --keep is given.
Not a test: nothing here asserts a time.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from academy.core.protocol import NodeKind  # noqa: E402
from academy.games.conquest.actions import Attack, EndAttack, EndTurn, Occupy, Place, TradeCards  # noqa: E402
from academy.games.conquest.mapdata import load_map  # noqa: E402
from academy.store import Store  # noqa: E402
from academy.ui.conquest.games_form import seat_link  # noqa: E402
from tests.ui.browser import (_DEEP_TEXT, _TO_PIXELS, CHROMIUM, CHROMIUM_ARGS, CLICK_GAP, WS_OPEN,  # noqa: E402
                              start_server)

SEED = 1000            # game g is seeded SEED + g
TIMEOUT = 60.0         # seconds to wait for a page or for an action to show
OPENING = 3            # pages opened at the same time while setting up

# Hook a seat's page: time-stamp pointer-downs, and the first animation frame after each change of the
# event log (every action adds a line) or of the board's node source (armies, owners), and report
# them to Python (window.acadSeen, exposed by Playwright).
_HOOK = """
() => {
  const doc = window.Bokeh.documents[0];
  const log = [...doc.all_models].find(m => m.css_classes && m.css_classes.includes('event-log'));
  const banner = [...doc.all_models].find(m => m.css_classes && m.css_classes.includes('phase-banner'));
  const nodes = doc.get_model_by_name('conquest-nodes');
  if (!log || !banner || !nodes) return false;
  const seen = (kind) => requestAnimationFrame(() => window.acadSeen(kind, Date.now()));
  log.properties.text.change.connect(() => seen('log'));
  banner.properties.text.change.connect(() => seen('banner'));
  nodes.patching.connect(() => seen('board'));
  document.addEventListener('pointerdown', () => window.acadSeen('down', Date.now()), true);
  return true;
}
"""


@dataclass
class Seat:
    """One seat's page: its context, what it received and when it saw changes (ms since the epoch)."""

    game: int
    player: int
    page: Any = None
    context: Any = None
    frames: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    seen: dict[str, list[float]] = field(default_factory=lambda: {"log": [], "board": [], "banner": [], "down": [],
                                                                  "frame": []})
    clock: tuple[float, float] | None = None    # (monotonic, wall) seconds of the browser's network clock
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    last_click: float = 0.0

    def on_seen(self, kind: str, ms: float) -> None:
        self.seen[kind].append(ms)
        self.changed.set()

    def on_handshake(self, params: dict[str, Any]) -> None:
        """CDP Network.webSocketWillSendHandshakeRequest: ties the network clock to the wall clock."""
        self.clock = (params["timestamp"], params["wallTime"])

    def on_frame(self, params: dict[str, Any]) -> None:
        """CDP Network.webSocketFrameReceived: note when a document change reached the browser (wall ms).

        Time-stamped by the browser's network service as the frame arrives, before the page's renderer
        (which may be starved of CPU) handles it.
        """
        data = params["response"]["payloadData"]
        if self.clock is not None and ('"ModelChanged"' in data or '"ColumnsPatched"' in data):
            self.on_seen("frame", (self.clock[1] + params["timestamp"] - self.clock[0]) * 1000)

    async def first_after(self, kind: str, since: float, timeout: float = TIMEOUT) -> float | None:
        """The first time-stamp of ``kind`` at or after ``since`` (waits for it), or None on time-out."""
        deadline = time.monotonic() + timeout
        while True:
            hits = [t for t in self.seen[kind] if t >= since]
            if hits:
                return min(hits)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 1.0))
            except asyncio.TimeoutError:
                pass


@dataclass
class Figures:
    latency: list[float] = field(default_factory=list)       # other seat's page: first change shown, ms
    log: list[float] = field(default_factory=list)           # other seat's event log updated, ms
    own: list[float] = field(default_factory=list)           # the acting page itself, ms
    board: list[float] = field(default_factory=list)         # other seat's board patched, ms
    actions: int = 0
    refused: list[str] = field(default_factory=list)
    late: list[str] = field(default_factory=list)
    frame: list[float] = field(default_factory=list)         # other seat's browser received the change, ms
    renders: list[float] = field(default_factory=list)       # goto -> board laid out, s
    rss_peak: int = 0


def rss_kb(pid: int, key: str = "VmRSS") -> int:
    """A memory figure of process ``pid`` from /proc/<pid>/status, in kB (0 if gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (and its waited-for children), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def plan(state: Any) -> tuple[list[tuple[str, str]], Any]:
    """The clicks a simple player makes now and the action they should play.

    Clicks are ("territory", id) or ("button", css selector). Place every army on the own territory
    with the most armies that borders an enemy; attack once a turn (the best odds first) and move
    in with all but one; then end the attack and the turn. Trades only when the rules force one.
    """
    legal = state.legal_actions()
    me, phase, owner, armies = state.to_move(), state.phase, state.owner, state.armies
    neighbours = state.game.map.neighbours
    if not any(isinstance(a, Place) for a in legal) and any(isinstance(a, TradeCards) for a in legal):
        return [("button", ".trade-button button")], next(a for a in legal if isinstance(a, TradeCards))
    if phase in ("reinforce", "cashout", "place"):
        places = {a.territory for a in legal if isinstance(a, Place)}
        front = max(sorted(places), key=lambda t: (any(owner[n] != me for n in neighbours[t]), armies[t]))
        return [("territory", front)], Place(front, 1)
    if phase == "occupy":
        most = max(a.armies for a in legal if isinstance(a, Occupy))
        return [("territory", state.occupy["dst"])], Occupy(most)
    if phase == "attack":
        last = next(e.action for e in reversed(state.record.entries) if not e.chance)
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks and not isinstance(last, (Attack, Occupy)):
            best = max(sorted(attacks, key=lambda a: (a.src, a.dst)),
                       key=lambda a: (armies[a.src] - armies[a.dst], a.dice))
            return [("territory", best.src), ("territory", best.dst)], best
        return [("button", ".end-attack button")], EndAttack()
    if phase == "fortify":
        return [("button", ".end-turn button")], EndTurn()
    raise RuntimeError(f"no plan for phase {phase!r}")


def same(stored: Any, expected: Any) -> bool:
    """Stored action == the planned one (an occupation's amount is the page's slider default)."""
    if isinstance(expected, Occupy):
        return isinstance(stored, Occupy)
    return stored == expected


async def open_seat(browser: Any, seat: Seat, url: str, figures: Figures) -> None:
    """A fresh context on the seat's link; waits for the websocket and the board, then hooks the page."""
    seat.context = await browser.new_context(viewport={"width": 1400, "height": 1000})
    seat.context.set_default_timeout(TIMEOUT * 1000)
    page = seat.page = await seat.context.new_page()
    page.on("console", lambda m: (seat.console.append(m.text),
                                  seat.console_errors.append(m.text) if m.type == "error" else None))
    page.on("pageerror", lambda exc: seat.errors.append(str(exc)))
    page.on("requestfailed", lambda r: seat.failed.append(r.url))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: seat.frames.append(
        payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
    await page.expose_function("acadSeen", seat.on_seen)
    cdp = await seat.context.new_cdp_session(page)
    cdp.on("Network.webSocketWillSendHandshakeRequest", seat.on_handshake)
    cdp.on("Network.webSocketFrameReceived", seat.on_frame)
    await cdp.send("Network.enable")
    start = time.monotonic()
    response = await page.goto(url)
    seat.frames.append(await response.text())
    while not any(WS_OPEN in line for line in seat.console):
        if time.monotonic() - start > TIMEOUT:
            raise RuntimeError(f"game {seat.game} seat {seat.player}: no websocket")
        await asyncio.sleep(0.05)
    while await page.evaluate(_TO_PIXELS, ["conquest-board", 0.5, 0.5]) is None:
        if time.monotonic() - start > TIMEOUT:
            raise RuntimeError(f"game {seat.game} seat {seat.player}: the board was not laid out")
        await asyncio.sleep(0.05)
    await page.locator(".bk-events").first.wait_for(state="visible")
    figures.renders.append(time.monotonic() - start)
    if not await page.evaluate(_HOOK):
        raise RuntimeError(f"game {seat.game} seat {seat.player}: the page has no event log or board")


async def click(seat: Seat, what: tuple[str, str]) -> None:
    """One click, as a person makes it, at least CLICK_GAP after this page's previous click."""
    wait = seat.last_click + CLICK_GAP - time.monotonic()
    if wait > 0:
        await asyncio.sleep(wait)
    kind, target = what
    if kind == "territory":
        x, y = load_map("classic").territories[target].at
        point = await seat.page.evaluate(_TO_PIXELS, ["conquest-board", x, y])
        await seat.page.mouse.click(*point)
    else:
        await seat.page.locator(target).first.click()
    seat.last_click = time.monotonic()


async def play(game_id: int, seats: dict[int, Seat], store: Store, actions: int, figures: Figures,
               made: list[tuple[int, Any]]) -> None:
    """Play ``actions`` actions of one game by clicks; ``made`` gets (player, planned action) per action done."""
    refusals = 0
    while len(made) < actions and refusals < 3:
        state = store.load_state(game_id)
        if state.is_terminal():
            return
        if state.node_kind() is not NodeKind.DECISION:       # chance steps still being stored
            await asyncio.sleep(0.05)
            continue
        mover = state.to_move()
        actor, other = seats[mover], seats[1 - mover]
        clicks, expected = plan(state)
        downs = len(actor.seen["down"]) + len(clicks)
        for c in clicks:
            await click(actor, c)
        while len(actor.seen["down"]) < downs:        # the page reports its pointer-downs asynchronously
            await asyncio.sleep(0.01)
        down = actor.seen["down"][-1]
        logged = await other.first_after("log", down)        # every action adds a line to the log
        mine = await actor.first_after("log", down, timeout=5)
        if logged is None:
            if len(store.load_record(game_id).entries) > len(state.record):   # stored, but not shown in time
                figures.late.append(f"game {game_id}: {expected} by seat {mover} was stored but not shown "
                                    f"within {TIMEOUT:.0f} s")
                made.append((mover, expected))
                figures.actions += 1
                continue
            message = await actor.page.evaluate(_DEEP_TEXT, ".game-message")
            figures.refused.append(f"game {game_id}: {expected} by seat {mover}: {message.strip()!r}")
            refusals += 1
            continue
        arrived = [t for t in other.seen["frame"] if down <= t <= logged]
        if arrived:
            figures.frame.append(min(arrived) - down)
        stamps = {kind: [t for t in other.seen[kind] if down <= t <= logged] for kind in ("board", "banner")}
        figures.latency.append(min([logged] + stamps["board"] + stamps["banner"]) - down)
        figures.log.append(logged - down)
        if stamps["board"]:
            figures.board.append(min(stamps["board"]) - down)
        if mine is not None:
            figures.own.append(mine - down)
        made.append((mover, expected))
        figures.actions += 1


async def sample_memory(pid: int, figures: Figures, stop: asyncio.Event) -> None:
    while not stop.is_set():
        figures.rss_peak = max(figures.rss_peak, rss_kb(pid))
        try:
            await asyncio.wait_for(stop.wait(), 0.2)
        except asyncio.TimeoutError:
            pass


def cross_talk(seats: list[Seat], names: dict[int, tuple[str, str]]) -> tuple[list[str], int]:
    """Problems (a page that received another game's number or players' names, or not its own number),
    and how many pages received at least one of their own game's names (the check is not empty)."""
    problems, named = [], 0
    game_re, name_re = re.compile(r"\b[Gg]ame (\d+)\b"), re.compile(r"(?:Ann|Bob)#\d\d")
    for seat in seats:
        text = "\n".join(seat.frames)
        numbers = {int(n) for n in game_re.findall(text)}
        people = set(name_re.findall(text))
        if numbers != {seat.game}:
            problems.append(f"game {seat.game} seat {seat.player}: game numbers received {sorted(numbers)}")
        if not people <= set(names[seat.game]):
            problems.append(f"game {seat.game} seat {seat.player}: names received {sorted(people)}")
        named += bool(people & set(names[seat.game]))
    return problems, named


def stored_check(store: Store, game_id: int, first: int, made: list[tuple[int, Any]]) -> list[str]:
    """Problems: the game's stored decisions after the set-up differ from the seats' own actions."""
    record = store.load_record(game_id)
    decisions = [(e.player, e.action) for e in record.entries[first:] if not e.chance]
    if len(decisions) != len(made) or not all(p == q and same(a, b) for (p, a), (q, b) in zip(decisions, made)):
        return [f"game {game_id}: stored {len(decisions)} decisions {decisions[:3]}..., made {len(made)}"]
    if {e.player for e in record.entries if not e.chance} - {0, 1}:
        return [f"game {game_id}: a stored action of a seat that is not in the game"]
    return []


async def run(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    tmp = Path(tempfile.mkdtemp(prefix="academy-load-"))
    db = f"sqlite:///{tmp}/games.db"
    store = Store(db)
    names = {}
    games: dict[int, dict[int, str]] = {}
    for g in range(args.games):
        seats = [{"kind": "human", "name": f"Ann#{g:02d}"}, {"kind": "human", "name": f"Bob#{g:02d}"}]
        game_id, tokens = store.create_game("conquest", {"players": 2, "setup": "random"}, SEED + g, seats)
        games[game_id] = tokens
        names[game_id] = (seats[0]["name"], seats[1]["name"])
    log_path = tmp / "server.log"
    url, server = start_server(db, log_path, port=args.port, env={"ACADEMY_DATA": str(tmp / "data")})
    figures = Figures()
    load_before = os.getloadavg()[0]
    rss_start = rss_kb(server.pid)
    cpu_start = cpu_seconds(server.pid)
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_memory(server.pid, figures, stop))
    seats = {gid: {p: Seat(gid, p) for p in (0, 1)} for gid in games}
    all_seats = [s for pair in seats.values() for s in pair.values()]
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            gate = asyncio.Semaphore(OPENING)

            async def opened(seat: Seat) -> None:
                async with gate:
                    await open_seat(browser, seat, url + seat_link(seat.game, games[seat.game][seat.player]),
                                    figures)

            t0 = time.monotonic()
            await asyncio.gather(*(opened(s) for s in all_seats))
            opened_in = time.monotonic() - t0
            rss_open = rss_kb(server.pid)
            first = {gid: len(store.load_record(gid).entries) for gid in games}   # the set-up's chance steps
            made: dict[int, list[tuple[int, Any]]] = {gid: [] for gid in games}
            t0 = time.monotonic()
            cpu_play = cpu_seconds(server.pid)
            await asyncio.gather(*(play(gid, seats[gid], store, args.actions, figures, made[gid]) for gid in games))
            played_in = time.monotonic() - t0
            load_after = os.getloadavg()[0]
            cpu_played = cpu_seconds(server.pid) - cpu_play
            info = {}
            for seat in all_seats:
                info[(seat.game, seat.player)] = await seat.page.evaluate(_DEEP_TEXT, ".seat-info")
            await browser.close()
    finally:
        stop.set()
        await sampler
        hwm = rss_kb(server.pid, "VmHWM")
        rss_end = rss_kb(server.pid)
        cpu_total = cpu_seconds(server.pid) - cpu_start
        server.terminate()
        server.wait(timeout=30)
    colours = ("Red", "Blue")
    problems, named = cross_talk(all_seats, names)
    problems += [f"game {g} seat {p}: the page shows {text!r}" for (g, p), text in info.items()
                 if f"Game {g}" not in text or f"Your seat: {colours[p]}" not in text]
    for gid in games:
        problems += stored_check(store, gid, first[gid], made[gid])
    store.close()
    log_text = log_path.read_text(errors="replace")
    tracebacks = log_text.count("Traceback")
    error_lines = [line for line in log_text.splitlines() if "ERROR" in line]
    page_errors = [e for s in all_seats for e in s.errors]
    console_errors = [e for s in all_seats for e in s.console_errors]
    failed = sorted({u for s in all_seats for u in s.failed if not u.startswith(url)})

    n, lat = figures.actions, figures.latency
    print(f"load: {args.games} two-seat Conquest games, {len(all_seats)} sessions, each seat in its own "
          f"browser context of one headless Chromium; one `academy serve`; {os.cpu_count()} cores, load average "
          f"{load_before:.1f} before, {load_after:.1f} after playing (other jobs share this machine)")
    print(f"pages opened in {opened_in:.1f} s ({OPENING} at a time); goto -> board laid out: median "
          f"{statistics.median(figures.renders):.2f} s, max {max(figures.renders):.2f} s")
    print(f"actions: {n} in {played_in:.1f} s ({n / played_in:.1f}/s over all games; "
          f"{args.actions} planned per game); server CPU while playing {cpu_played:.1f} s")
    if lat:
        print(f"update latency, click -> the other seat's page first shows the action (board, banner or log; "
              f"next frame): median {statistics.median(lat):.0f} ms, p95 {percentile(lat, 0.95):.0f} ms, "
              f"max {max(lat):.0f} ms")
        print(f"  -> its event log shows it (every action): median {statistics.median(figures.log):.0f} ms, "
              f"p95 {percentile(figures.log, 0.95):.0f} ms")
    if figures.board:
        print(f"  -> its board is patched ({len(figures.board)} actions that change the board): median "
              f"{statistics.median(figures.board):.0f} ms, p95 {percentile(figures.board, 0.95):.0f} ms")
    if figures.own:
        print(f"  the acting page's own event log: median {statistics.median(figures.own):.0f} ms, "
              f"p95 {percentile(figures.own, 0.95):.0f} ms")
    if figures.frame:
        print(f"  -> the first document change reaches its browser (websocket frame, before rendering; "
              f"{len(figures.frame)} actions): median {statistics.median(figures.frame):.0f} ms, "
              f"p95 {percentile(figures.frame, 0.95):.0f} ms, max {max(figures.frame):.0f} ms")
    print(f"errors: {len(page_errors)} page errors, {len(figures.refused)} refused actions, "
          f"{len(figures.late)} actions stored but shown after {TIMEOUT:.0f} s, {tracebacks} "
          f"server tracebacks, {len(error_lines)} ERROR lines in the server log; "
          f"{len(console_errors)} console errors")
    unexplained = [e for e in console_errors if not (failed and "Failed to load resource" in e)]
    for line in (page_errors + figures.refused + figures.late + error_lines + unexplained)[:10]:
        print(f"  {line[:200]}")
    if failed:
        print(f"  external resources that failed to load (no internet here): {', '.join(failed)[:300]}")
    print(f"cross-talk: {'none' if not problems else f'{len(problems)} problems'} (every page received only "
          f"its own game's number and names ({named} of {len(all_seats)} pages received a player's name: the "
          f"other seat's joining); each stored record holds exactly its own seats' actions, in order)")
    for line in problems[:10]:
        print(f"  {line}")
    mb = lambda kb: f"{kb / 1024:.0f} MB"  # noqa: E731
    print(f"server memory (VmRSS): at start {mb(rss_start)}, all pages open {mb(rss_open)} "
          f"(+{(rss_open - rss_start) / 1024 / len(all_seats):.1f} MB a session), peak sampled "
          f"{mb(figures.rss_peak)} (VmHWM {mb(hwm)}), at the end {mb(rss_end)}; server CPU in all {cpu_total:.1f} s")
    if args.keep:
        print(f"server log and database kept in {tmp}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=15, help="two-seat games played at once (default 15)")
    ap.add_argument("--actions", type=int, default=20, help="actions per game (default 20)")
    ap.add_argument("--port", type=int, default=None, help="the server's port (default: a free one)")
    ap.add_argument("--keep", action="store_true", help="keep the database and the server's log")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
