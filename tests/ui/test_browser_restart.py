"""A real restart: a two-seat Conquest game is played by clicks against an ``academy serve`` subprocess, the
server is killed with SIGKILL in the middle of a turn, a new server starts on the same database, and the
seats' pages continue from the last action the pages had shown: same step count, same board, and the next
move is accepted and stored.

Seeded (the game's seed fixes the set-up and the dice), so every run plays the same moves.
"""
from __future__ import annotations

import os
import signal
import subprocess
import time
from typing import Any

import pytest

from academy.core.protocol import NodeKind
from academy.games.conquest.actions import Attack, EndAttack, Place
from academy.store import Store
from academy.ui.conquest.games_form import seat_link
from tests.ui.browser import BOARD_LABELS, CLICK_GAP, Page, start_server

pytestmark = [pytest.mark.ui, pytest.mark.slow]   # make test-all (over a minute each)

SEED = 3          # Red (Ann, seat 0) moves first, with 4 armies to place
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def labels_of(state: Any) -> dict[str, str]:
    """The army labels the board draws for ``state`` (as ``BOARD_LABELS`` reads them from a page)."""
    return {t: str(n) if n else "" for t, n in state.armies.items()}


def wait_board(page: Page, expected: dict[str, str], timeout: float = 15) -> None:
    """Wait until the page's board shows exactly ``expected`` (territory -> army label)."""
    deadline = time.monotonic() + timeout
    shown: dict[str, str] | None = None
    while time.monotonic() < deadline:
        shown = page.page.evaluate(BOARD_LABELS)
        if shown == expected:
            return
        page.page.wait_for_timeout(50)
    diff = {t: ((shown or {}).get(t), v) for t, v in expected.items() if (shown or {}).get(t) != v}
    raise AssertionError(f"the board never showed the stored position; (shown, stored): {diff}")


def wait_stored(store: Store, game_id: int, more_than: int, page: Page, timeout: float = 15) -> Any:
    """Wait until the store holds more than ``more_than`` actions; return the stored state.

    Waits past chance steps (an attack's dice are stored right after it). Raises AssertionError with the
    acting page's message (e.g. a refusal) if nothing was stored.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if store.game(game_id).num_actions > more_than:
            state = store.load_state(game_id)
            if state.node_kind() is not NodeKind.CHANCE:     # the dice of an attack are stored too
                return state
        time.sleep(0.05)
    raise AssertionError(f"nothing was stored; the page says: {page.text('.game-message')!r}")


def what_the_page_shows(page: Page) -> dict[str, Any]:
    """The parts of a seat's page that describe the position: board, banner, players, newest log line."""
    return {"board": page.page.evaluate(BOARD_LABELS), "banner": page.text(".phase-banner"),
            "players": page.text(".players"),
            "newest": page.page.locator(".event-log li").first.inner_text()}


def server_log(path: Any) -> str:
    """The server's output so far ('' before it wrote any)."""
    return path.read_text(errors="replace") if path.exists() else ""


def stop(server: Any) -> None:
    """SIGTERM, then SIGKILL if the server does not exit within 20 s."""
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def test_game_survives_a_killed_server(tmp_path, open_page):
    """Play by clicks, SIGKILL the server mid-turn, restart it on the same database, and play on."""
    url_db = f"sqlite:///{tmp_path}/games.db"
    env = {"ACADEMY_DATA": str(tmp_path / "data")}     # nothing of the tests leaks into the user's data folder
    store = Store(url_db)
    game_id, tokens = store.create_game("conquest", {"players": 2, "setup": "random"}, SEED, SEATS)
    log_a, log_b = tmp_path / "server-a.log", tmp_path / "server-b.log"
    url, server = start_server(url_db, log_a, env=env)
    try:
        seat_url = {p: url + seat_link(game_id, tokens[p]) for p in (0, 1)}
        ann, bob = open_page(), open_page()
        ann.open(seat_url[0])
        bob.open(seat_url[1])
        ann.wait_text(".phase-banner", "Red (you) — Reinforcement")
        bob.wait_text(".phase-banner", "Red — Reinforcement")

        # Ann places her reinforcements, one click each, on a territory next to an enemy
        state = store.load_state(game_id)
        assert state.to_move() == 0 and state.phase == "reinforce"
        front = next(t for t in sorted(state.owner) if state.owner[t] == 0
                     and any(state.owner[n] != 0 for n in state.game.map.neighbours[t]))
        left = state.reinforcements
        for _ in range(left):
            before = len(state.record)
            ann.click_territory(front)
            state = wait_stored(store, game_id, before, ann)
            wait_board(bob, labels_of(state))
        assert [e.action for e in state.record.entries[-left:]] == [Place(front, 1)] * left
        ann.wait_text(".phase-banner", "Red (you) — Attack")

        # ... then attacks its weakest enemy neighbour by clicks: the attacker, the target (its odds), the
        # target again (the roll); and moves in if she conquers it
        enemy = min((n for n in state.game.map.neighbours[front] if state.owner[n] != 0),
                    key=lambda n: (state.armies[n], n))
        before = len(state.record)
        ann.click_territory(front)
        ann.click_territory(enemy)
        ann.wait_text(".game-message", "targeted")
        ann.click_territory(enemy)
        state = wait_stored(store, game_id, before, ann)
        assert state.record.entries[before].action == Attack(front, enemy, 3)
        if state.phase == "occupy":
            before = len(state.record)
            ann.click_territory(enemy)
            state = wait_stored(store, game_id, before, ann)
        assert state.phase == "attack" and state.to_move() == 0

        # the last acknowledged step: both pages show the stored position
        for page in (ann, bob):
            wait_board(page, labels_of(state))
        acknowledged = store.game(game_id).num_actions
        assert acknowledged == len(state.record)
        shown = {"ann": what_the_page_shows(ann), "bob": what_the_page_shows(bob)}
        assert shown["ann"]["board"] == shown["bob"]["board"] == labels_of(state)
        assert "Red (you) — Attack" in shown["ann"]["banner"]

        # the server dies in the middle of Red's turn
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == -signal.SIGKILL
    assert "Traceback" not in server_log(log_a), server_log(log_a)[-3000:]

    # a new server on the same database: the seats' links open the same game at the same step
    url, server = start_server(url_db, log_b, env=env)
    try:
        seat_url = {p: url + seat_link(game_id, tokens[p]) for p in (0, 1)}
        ann, bob = open_page(), open_page()
        ann.open(seat_url[0])
        bob.open(seat_url[1])
        ann.wait_text(".phase-banner", "Red (you) — Attack")
        bob.wait_text(".phase-banner", "Red — Attack")
        assert store.game(game_id).num_actions == acknowledged
        wait_board(ann, shown["ann"]["board"])
        wait_board(bob, shown["bob"]["board"])
        assert what_the_page_shows(ann) == shown["ann"]
        assert what_the_page_shows(bob) == shown["bob"]

        # the game goes on: Ann ends her attacks with the button, Bob's page follows, the store has it
        ann.page.locator(".end-attack button").click()
        time.sleep(CLICK_GAP)
        bob.wait_text(".phase-banner", "Red — Fortification")
        ann.wait_text(".phase-banner", "Red (you) — Fortification")
        after = store.load_state(game_id)
        new = after.record.entries[acknowledged:]
        assert (new[0].player, new[0].action) == (0, EndAttack())
        assert all(e.chance for e in new[1:])            # a card drawn, if she conquered this turn
        assert after.armies == state.armies
    finally:
        stop(server)
        store.close()
    assert "Traceback" not in server_log(log_b), server_log(log_b)[-3000:]
