"""Two ``academy serve`` processes on one PostgreSQL database: Ann's seat is open on server 1, Bob's on
server 2. Ann's clicks reach Bob's page on the other server without a reload (PostgreSQL LISTEN/NOTIFY,
academy/store/notify.py), with the same log lines; Bob's message reaches Ann's page the other way.

Needs Debian's chromium and postgresql (skipped with the reason when one is missing, see tests/conftest.py).
Seeded: Red (Ann, seat 0) moves first, with armies to place.
"""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from academy.games.conquest.actions import Place
from academy.store import Store
from academy.ui.conquest.games_form import seat_link
from tests.ui.browser import BOARD_LABELS, Page, start_server

pytestmark = [pytest.mark.ui, pytest.mark.slow]   # make test-all (over a minute each)

SEED = 3
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
WAIT = 15.0   # a guard against hanging, not a timing assertion


def labels_of(state: Any) -> dict[str, str]:
    """The army labels the board draws for ``state``."""
    return {t: str(n) if n else "" for t, n in state.armies.items()}


def wait_board(page: Page, expected: dict[str, str], timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    shown = None
    while time.monotonic() < deadline:
        shown = page.page.evaluate(BOARD_LABELS)
        if shown == expected:
            return
        page.page.wait_for_timeout(50)
    raise AssertionError(f"the board never showed the stored position; differs at "
                         f"{sorted(t for t in expected if (shown or {}).get(t) != expected[t])[:5]}")


def wait_stored(store: Store, game_id: int, more_than: int, timeout: float = WAIT) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if store.game(game_id).num_actions > more_than:
            return store.load_state(game_id)
        time.sleep(0.05)
    raise AssertionError("the click was not stored")


def stop(server: Any) -> None:
    server.terminate()
    try:
        server.wait(timeout=20)
    except Exception:  # noqa: BLE001 - subprocess.TimeoutExpired: kill it
        server.kill()
        server.wait()


def test_a_move_on_one_server_reaches_a_browser_on_the_other(tmp_path, open_page, pg_url):
    env = {"ACADEMY_DATA": str(tmp_path / "data"), "ACADEMY_CPU_DELAY": "0"}
    logs = [tmp_path / "server-1.log", tmp_path / "server-2.log"]
    store = Store(pg_url)
    game_id, tokens = store.create_game("conquest", {"players": 2, "setup": "random"}, SEED, SEATS)
    servers: list[Any] = []
    try:
        with ThreadPoolExecutor(2) as pool:      # the two servers start side by side
            starting = [pool.submit(start_server, pg_url, log, env=env) for log in logs]
        servers = [f.result() for f in starting if f.exception() is None]   # stopped in finally
        for future in starting:
            if future.exception() is not None:
                raise future.exception()
        (url_1, _), (url_2, _) = servers
        assert url_1 != url_2
        ann, bob = open_page(), open_page()
        ann.open(url_1 + seat_link(game_id, tokens[0]))
        bob.open(url_2 + seat_link(game_id, tokens[1]))
        ann.wait_text(".phase-banner", "Red (you) — Reinforcement")
        bob.wait_text(".phase-banner", "Red — Reinforcement")
        bob.page.evaluate("() => { window.__academy_no_reload = true; }")   # gone if the page reloads

        state = store.load_state(game_id)
        assert state.to_move() == 0 and state.phase == "reinforce"
        front = sorted(t for t in state.owner if state.owner[t] == 0)[0]
        name = state.game.map.name_of(front)
        left = state.reinforcements
        # Ann clicks on server 1; Bob's page on server 2 follows each click
        for _ in range(left):
            before = len(state.record)
            ann.click_territory(front)
            state = wait_stored(store, game_id, before)
            assert state.record.entries[-1].action == Place(front, 1)
            wait_board(bob, labels_of(state))
        bob.wait_text(".event-log", f"Red places 1 on {name}", timeout=WAIT)
        bob.wait_text(".phase-banner", "Red — Attack", timeout=WAIT)
        ann.wait_text(".phase-banner", "Red (you) — Attack")
        assert bob.page.evaluate("() => window.__academy_no_reload === true")

        # Bob writes on server 2; Ann's page on server 1 shows it
        text = "Truce in Asia? Bob"
        assert bob.page.locator(".chat-recipients input").is_checked()        # the only other seat, ticked already
        bob.page.locator(".chat-text textarea").fill(text)
        bob.page.locator(".chat-send button").click()
        bob.wait_text(".chat-notice", "Message sent", timeout=WAIT)
        ann.wait_text(".chat-messages", text, timeout=WAIT)
        assert bob.page.evaluate("() => window.__academy_no_reload === true")
    finally:
        for _, proc in servers:
            stop(proc)
        store.close()
    for log in logs:
        out = log.read_text(errors="replace") if log.exists() else ""
        assert "Traceback" not in out, out[-3000:]
