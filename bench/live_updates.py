"""Live-update benchmark: 30 sessions on one ``academy serve``, with light clients; prints figures only.

Run from the repository root:

    .venv/bin/python bench/live_updates.py                      # 14 games by light clients + 1 in Chromium
    .venv/bin/python bench/live_updates.py --games 4 --browser-games 0 --actions 10

Issue 3 asks that when anyone acts, every browser watching the game updates within a second. bench/load.py
measures that with one headless Chromium page per seat, but on this 2-core machine 30 Chromium renderers
starve the server and each other, so its figures say more about the renderers than about the server. Here
most seats are *light clients*: a Bokeh websocket client written against the protocol the browser speaks
(GET the seat's page, open the websocket with the session's token, PULL-DOC, ``document_ready``), which
sends exactly the frames the page sends when a person taps the board or clicks a button, and time-stamps
the PATCH-DOC frames the server pushes. The server cannot tell them from browsers: it builds the same page,
runs the same callbacks and pushes the same document changes. ``--browser-games`` games (default 1) are
played in real Chromium pages at the same time, by clicks (bench/load.py's player), to show what a person
sees with the rendering included while the server carries all 30 sessions.

For each action: the time from sending the tap or click to the *other* seat's first document change
(the server's share of "every watcher updates") and to the change of its event log (every action adds a
line). Each game's actions run one after the other (the next waits until the other seat saw the last);
the games run concurrently. Also: refused or lost actions, cross-talk (a client that received another
game's names), tracebacks in the server's log, the server's memory and CPU. Nothing here asserts a time.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import load  # noqa: E402  (bench/load.py: the Chromium player, the simple strategy, figures helpers)
from tornado.websocket import websocket_connect  # noqa: E402

from academy.core.protocol import NodeKind  # noqa: E402
from academy.games.conquest.mapdata import load_map  # noqa: E402
from academy.store import Store  # noqa: E402
from academy.ui.conquest.games_form import seat_link  # noqa: E402
from tests.ui.browser import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402

TIMEOUT = 30.0


def _models(node: Any, into: dict[str, dict[str, Any]]) -> None:
    """Collect every Bokeh model definition ({"type": "object", "id", "attributes"}) found in ``node``."""
    if isinstance(node, dict):
        if node.get("type") == "object" and "id" in node:
            into[node["id"]] = node.get("attributes", {})
        for value in node.values():
            _models(value, into)
    elif isinstance(node, list):
        for value in node:
            _models(value, into)


@dataclass
class LightSeat:
    """One seat's session, driven over the websocket the way its page would be."""

    game: int
    player: int
    url: str
    conn: Any = None
    models: dict[str, dict[str, Any]] = field(default_factory=dict)
    changes: list[tuple[float, set[str]]] = field(default_factory=list)   # (monotonic s, model ids changed)
    text: list[str] = field(default_factory=list)                          # every frame received
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    async def open(self) -> float:
        """GET the page, open its websocket, pull the document, say the document is ready; seconds taken."""
        start = time.monotonic()
        html = await asyncio.to_thread(lambda: urllib.request.urlopen(self.url, timeout=TIMEOUT).read().decode())
        self.text.append(html)
        token = re.search(r'"token":"([^"]+)"', html).group(1)
        ws = re.sub(r"^http", "ws", self.url.split("?")[0].rstrip("/")) + "/ws"
        self.conn = await websocket_connect(ws, subprotocols=["bokeh", token], max_message_size=1 << 30)
        await self._read()                                             # ACK
        await self.send("PULL-DOC-REQ", {})
        while True:
            kind, content = await self._read()
            if kind == "PULL-DOC-REPLY":
                _models(content, self.models)
                break
        await self.event("document_ready", [])
        asyncio.get_running_loop().create_task(self._listen())
        return time.monotonic() - start

    async def _read(self) -> tuple[str, Any]:
        """One protocol message: header, metadata, content frames, then a header and a payload per buffer."""
        header = json.loads(await self.conn.read_message())
        await self.conn.read_message()
        raw = await self.conn.read_message()
        for _ in range(2 * header.get("num_buffers", 0)):
            await self.conn.read_message()
        self.text.append(raw)
        return header["msgtype"], json.loads(raw)

    async def _listen(self) -> None:
        while True:
            try:
                kind, content = await self._read()
            except Exception:      # noqa: BLE001 - the connection closed at the end of the run
                return
            if kind != "PATCH-DOC":
                continue
            _models(content, self.models)
            changed = {e["model"]["id"] for e in content.get("events", []) if isinstance(e.get("model"), dict)}
            self.changes.append((time.monotonic(), changed))
            self.arrived.set()

    async def send(self, msgtype: str, content: dict[str, Any]) -> None:
        await self.conn.write_message(json.dumps({"msgid": uuid.uuid4().hex, "msgtype": msgtype}))
        await self.conn.write_message("{}")
        await self.conn.write_message(json.dumps(content))

    async def event(self, name: str, entries: list[list[Any]]) -> None:
        """A UI event, as BokehJS sends it (a MessageSent patch carrying a ``bokeh_event``)."""
        data = {"type": "event", "name": name, "values": {"type": "map", "entries": entries}}
        await self.send("PATCH-DOC", {"events": [{"kind": "MessageSent", "msg_type": "bokeh_event",
                                                  "msg_data": data}]})

    def find(self, test: Any) -> str:
        """The id of the (last defined) model whose attributes pass ``test``."""
        hits = [mid for mid, attrs in self.models.items() if test(attrs)]
        if not hits:
            raise LookupError("no such model on the page")
        return hits[-1]

    def by_class(self, css: str) -> str:
        return self.find(lambda a: css in (a.get("css_classes") or []))

    async def tap(self, x: float, y: float) -> None:
        board = self.find(lambda a: a.get("name") == "conquest-board")
        no_keys = {"type": "map", "entries": [["shift", False], ["ctrl", False], ["alt", False]]}
        await self.event("tap", [["model", {"id": board}], ["sx", 0.0], ["sy", 0.0], ["x", x], ["y", y],
                                 ["modifiers", no_keys]])

    async def click(self, css: str) -> None:
        await self.event("button_click", [["model", {"id": self.by_class(css)}]])

    async def first_change(self, since: float, model: str | None = None, timeout: float = TIMEOUT) -> float | None:
        """Seconds from ``since`` to the first document change after it (of ``model`` if given), or None."""
        deadline = time.monotonic() + timeout
        while True:
            hits = [t for t, ids in self.changes if t >= since and (model is None or model in ids)]
            if hits:
                return min(hits) - since
            if time.monotonic() > deadline:
                return None
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), 0.5)
            except asyncio.TimeoutError:
                pass


@dataclass
class Figures:
    first: list[float] = field(default_factory=list)     # other seat: first document change, s
    log: list[float] = field(default_factory=list)       # other seat: its event log changed, s
    own: list[float] = field(default_factory=list)       # acting seat: its own event log changed, s
    opened: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    actions: int = 0


async def play_light(game_id: int, seats: dict[int, LightSeat], store: Store, actions: int,
                     figures: Figures, made: list[tuple[int, Any]], pause: float) -> None:
    """Play ``actions`` actions of one game with bench/load.py's simple player, by taps and clicks,
    about ``pause`` seconds after each action was seen (a person's thinking time, drawn evenly from half to
    one and a half times it, and before the first action up to three times it, so that the games do not act
    in step; 0: as fast as possible)."""
    atlas = load_map("classic").territories
    thinking = random.Random(game_id)
    refusals = 0
    while len(made) < actions and refusals < 3:
        if pause:                    # the first action too: the games do not all start at the same instant
            await asyncio.sleep(pause * thinking.uniform(0.5, 1.5) * (1 if made else 2 * thinking.random()))
        state = store.load_state(game_id)
        if state.is_terminal():
            return
        if state.node_kind() is not NodeKind.DECISION:
            await asyncio.sleep(0.05)
            continue
        mover = state.to_move()
        actor, other = seats[mover], seats[1 - mover]
        clicks, expected = load.plan(state)
        before = len(state.record)
        sent = 0.0
        for kind, target in clicks:
            await asyncio.sleep(0.05)
            sent = time.monotonic()
            if kind == "territory":
                await actor.tap(*atlas[target].at)
            else:
                await actor.click(target.split()[0].lstrip("."))
        log_other = other.by_class("event-log")
        seen = await other.first_change(sent, log_other)
        if seen is None:
            stored = len(store.load_record(game_id).entries) > before
            figures.problems.append(f"game {game_id}: {expected} by seat {mover} "
                                    f"{'stored but not shown' if stored else 'refused or lost'}")
            refusals += 1
            continue
        figures.first.append(await other.first_change(sent))
        figures.log.append(seen)
        mine = await actor.first_change(sent, actor.by_class("event-log"), timeout=5)
        if mine is not None:
            figures.own.append(mine)
        made.append((mover, expected))
        figures.actions += 1


def cross_talk(seats: list[LightSeat], names: dict[int, tuple[str, str]]) -> list[str]:
    """Clients that received another game's players' names."""
    problems = []
    for seat in seats:
        people = set(re.findall(r"(?:Ann|Bob)#\d\d", "\n".join(seat.text)))
        if not people <= set(names[seat.game]):
            problems.append(f"game {seat.game} seat {seat.player}: received names {sorted(people)}")
    return problems


def describe(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: no figures"
    ms = [v * 1000 for v in values]
    under = sum(v < 1000 for v in ms)
    return (f"{label}: median {statistics.median(ms):.0f} ms, p95 {load.percentile(ms, 0.95):.0f} ms, "
            f"max {max(ms):.0f} ms; {under}/{len(ms)} under 1 s")


async def run(args: argparse.Namespace) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="academy-live-"))
    db = f"sqlite:///{tmp}/games.db"
    store = Store(db)
    games: dict[int, list[str]] = {}
    names: dict[int, tuple[str, str]] = {}
    for g in range(args.games + args.browser_games):
        seats = [{"kind": "human", "name": f"Ann#{g:02d}"}, {"kind": "human", "name": f"Bob#{g:02d}"}]
        game_id, tokens = store.create_game("conquest", {"players": 2, "setup": "random"}, load.SEED + g, seats)
        games[game_id] = tokens
        names[game_id] = (seats[0]["name"], seats[1]["name"])
    light_ids, browser_ids = list(games)[:args.games], list(games)[args.games:]
    url, server = start_server(db, tmp / "server.log", port=args.port, env={"ACADEMY_DATA": str(tmp / "data")})
    figures, browser_figures = Figures(), load.Figures()
    rss_start, cpu_start = load.rss_kb(server.pid), load.cpu_seconds(server.pid)
    light = {gid: {p: LightSeat(gid, p, url + seat_link(gid, games[gid][p])) for p in (0, 1)} for gid in light_ids}
    all_light = [s for pair in light.values() for s in pair.values()]
    stop = asyncio.Event()
    sampler = asyncio.create_task(load.sample_memory(server.pid, browser_figures, stop))
    browser = pw = None
    try:
        gate = asyncio.Semaphore(3)

        async def opened(seat: LightSeat) -> None:
            async with gate:
                figures.opened.append(await seat.open())

        t0 = time.monotonic()
        await asyncio.gather(*(opened(s) for s in all_light))
        browser_seats = {gid: {p: load.Seat(gid, p) for p in (0, 1)} for gid in browser_ids}
        if browser_ids:
            from playwright.async_api import async_playwright
            pw = await async_playwright().start()
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for gid, pair in browser_seats.items():
                for p, seat in pair.items():
                    await load.open_seat(browser, seat, url + seat_link(gid, games[gid][p]), browser_figures)
        opened_in = time.monotonic() - t0
        rss_open = load.rss_kb(server.pid)
        sessions = len(all_light) + 2 * len(browser_ids)
        made: dict[int, list[tuple[int, Any]]] = {gid: [] for gid in games}
        first = {gid: len(store.load_record(gid).entries) for gid in games}
        cpu_play, t0 = load.cpu_seconds(server.pid), time.monotonic()
        await asyncio.gather(*(play_light(gid, light[gid], store, args.actions, figures, made[gid], args.pause)
                               for gid in light_ids),
                             *(load.play(gid, browser_seats[gid], store, args.actions, browser_figures, made[gid])
                               for gid in browser_ids))
        played_in, cpu_played = time.monotonic() - t0, load.cpu_seconds(server.pid) - cpu_play
    finally:
        stop.set()
        await sampler
        if browser is not None:
            await browser.close()
            await pw.stop()
        for seat in all_light:
            if seat.conn is not None:
                seat.conn.close()
        hwm = load.rss_kb(server.pid, "VmHWM")
        cpu_total = load.cpu_seconds(server.pid) - cpu_start
        server.terminate()
        server.wait(timeout=30)
    problems = figures.problems + cross_talk(all_light, names)
    for gid in games:
        problems += load.stored_check(store, gid, first[gid], made[gid])
    store.close()
    log_text = (tmp / "server.log").read_text(errors="replace")
    mb = lambda kb: f"{kb / 1024:.0f} MB"  # noqa: E731
    print(f"live updates: {sessions} sessions on one `academy serve` ({len(all_light)} light websocket clients in "
          f"{len(light_ids)} games, {2 * len(browser_ids)} Chromium pages in {len(browser_ids)}), "
          f"{os.cpu_count()} cores; all opened in {opened_in:.1f} s (a light client's page: median "
          f"{statistics.median(figures.opened):.2f} s)")
    total = figures.actions + browser_figures.actions
    print(f"actions: {total} in {played_in:.1f} s, all games at once ({total / played_in:.1f}/s; light clients pause "
          f"{args.pause:g} s after each action); server CPU while playing {cpu_played:.1f} s "
          f"({100 * cpu_played / played_in:.0f} % of one core)")
    print(describe("light clients, tap or click -> the other seat's first document change", figures.first))
    print(describe("light clients, tap or click -> the other seat's event log changed", figures.log))
    print(describe("light clients, tap or click -> the acting seat's own event log", figures.own))
    if browser_ids:
        print(describe("Chromium pages, click -> the other seat's page shows it (rendered, next frame)",
                       [v / 1000 for v in browser_figures.latency]))
        print(describe("Chromium pages, click -> the websocket frame reaches the other browser",
                       [v / 1000 for v in browser_figures.frame]))
    print(f"problems: {len(problems)} (refused, lost or unseen actions, cross-talk, stored records that differ "
          f"from the actions made); {len(browser_figures.refused) + len(browser_figures.late)} in the browsers; "
          f"{log_text.count('Traceback')} tracebacks in the server's log")
    for line in (problems + browser_figures.refused + browser_figures.late)[:10]:
        print(f"  {line[:200]}")
    print(f"server memory: at start {mb(rss_start)}, all sessions open {mb(rss_open)} "
          f"(+{(rss_open - rss_start) / 1024 / sessions:.1f} MB a session), peak {mb(hwm)}; "
          f"CPU in all {cpu_total:.1f} s")
    shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=14, help="two-seat games played by light clients (default 14)")
    ap.add_argument("--browser-games", type=int, default=1, help="two-seat games played in Chromium (default 1)")
    ap.add_argument("--actions", type=int, default=20, help="actions per game (default 20)")
    ap.add_argument("--pause", type=float, default=1.0,
                    help="mean seconds a light client waits after each action was seen, as a quick player (default 1)")
    ap.add_argument("--port", type=int, default=None, help="the server's port (default: a free one)")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
