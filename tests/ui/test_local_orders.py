"""The local Diplomacy and Fronts games without a browser: one base (LocalOrders on OrdersSession), the CPU's
orders written off the event loop (issue 14, item 3), stale results dropped, the same orders as inline.

The session's loop is simulated as the session meets it: the worker thread hands its result to ``_schedule``
(in a served page, ``in_session`` → ``pn.state.execute``); here the callbacks wait in a list until the test
runs them, as the loop would on its next turn.
"""
from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from academy.ui.diplomacy.panels import OrdersPanel as DiplomacyOrdersPanel
from academy.ui.diplomacy.session import DiplomacySession, LocalDiplomacy, SharedDiplomacy
from academy.ui.fronts.panels import OrdersPanel as FrontsOrdersPanel
from academy.ui.fronts.session import FrontsSession, LocalFronts
from academy.ui.fronts.shared import SharedFronts
from academy.ui.local_orders import LocalOrders
from academy.ui.orders_session import OrdersSession
from academy.ui.save_load import record_text

GAMES = {
    "diplomacy": (LocalDiplomacy, dict(people=["FRANCE"], seed=1), DiplomacyOrdersPanel),
    "fronts": (LocalFronts, dict(people=["red"], seed=1, level="hard"), FrontsOrdersPanel),
}


def started(game: str, **params: Any) -> LocalOrders:
    cls, options, _ = GAMES[game]
    s = cls(**params)
    s.new_game(**options)
    return s


class Loop:
    """The session's event loop, turned by hand: what the worker thread schedules waits here."""

    def __init__(self, session: LocalOrders, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[Any] = []
        self.threads: list[str] = []
        monkeypatch.setattr(session, "_schedule", self.calls.append)
        work = session._bot_orders

        def spy(bot: Any, engine: Any, seat: str) -> list[str]:
            self.threads.append(threading.current_thread().name)
            return work(bot, engine, seat)
        monkeypatch.setattr(session, "_bot_orders", spy)

    def wait(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while not self.calls:
            assert time.monotonic() < deadline, "the CPU's worker thread handed nothing back"
            time.sleep(0.01)

    def turn(self) -> None:
        for call in self.calls[:]:
            self.calls.remove(call)
            call()


def phase_of(s: LocalOrders) -> Any:
    return s.state.phase if isinstance(s, LocalDiplomacy) else s.obs["turn"]


def test_both_games_use_the_one_base():
    """issue 14, item 3: one session base for simultaneous orders; Diplomacy and Fronts are thin users of it."""
    for screen in (DiplomacySession, FrontsSession, SharedDiplomacy, SharedFronts):
        assert issubclass(screen, OrdersSession)
    for local in (LocalDiplomacy, LocalFronts):
        assert issubclass(local, LocalOrders)
        for name in ("submit", "_send", "_advance", "_run_cpu", "_cpu_done", "_refusal", "save_json",
                     "load_json", "show_screen", "waiting_text", "_show", "clear_orders", "deselect"):
            assert getattr(local, name) is getattr(LocalOrders, name), f"{local.__name__} has its own {name}"


@pytest.mark.parametrize("game", GAMES)
def test_the_cpu_writes_its_orders_on_a_thread_and_the_loop_applies_them(game, monkeypatch):
    """issue 14, item 3: after the last person submits, the CPU's orders are computed on a worker thread; the
    session says the CPU is thinking and refuses input until the loop applies the result; then the phase has
    resolved exactly as when the CPU plays inline from the same seed."""
    s = started(game, synchronous=False)
    loop = Loop(s, monkeypatch)
    panel = GAMES[game][2](s)
    before = phase_of(s)
    assert s.submit()
    assert s.thinking and phase_of(s) == before
    assert "(CPU) " in s.waiting_text() and "thinking…" in s.waiting_text() and "thinking…" in s.message
    assert "thinking…" in panel.waiting.object and not panel.submit.visible
    assert not s.submit() and "Wait for the results" in s.message
    loop.wait()
    assert s.thinking and phase_of(s) == before          # the result waits for the loop
    assert loop.threads and set(loop.threads) == {"academy-orders-cpu"}
    loop.turn()
    assert not s.thinking and phase_of(s) != before and "resolved" in s.message
    assert "thinking…" not in panel.waiting.object and panel.submit.visible
    inline = started(game, synchronous=True)
    inline.submit()
    assert s.engine_state.to_json() == inline.engine_state.to_json()
    assert s.message == inline.message


@pytest.mark.parametrize("game", GAMES)
def test_a_cpu_result_that_comes_back_after_a_new_game_is_dropped(game, monkeypatch):
    """issue 14, item 3: a new game (or a load) while the CPU thinks makes its result stale: the loop drops it."""
    s = started(game, synchronous=False)
    loop = Loop(s, monkeypatch)
    s.submit()
    loop.wait()
    fresh = started(game, synchronous=True)
    cls, options, _ = GAMES[game]
    s.new_game(**{**options, "seed": 1})
    assert not s.thinking
    loop.turn()                                      # the old game's CPU orders arrive now
    assert s.engine_state.to_json() == fresh.engine_state.to_json()
    assert s.message == fresh.message and not s.thinking and s.can_order()


@pytest.mark.parametrize("game", GAMES)
def test_a_load_while_the_cpu_thinks_drops_its_result(game, monkeypatch):
    """issue 14, item 3: loading a saved game while the CPU thinks: the loaded game goes on, untouched."""
    saved = started(game, synchronous=True)
    text = record_text(saved.engine_state.record)      # the file Save gives once a game may be saved
    s = started(game, synchronous=False)
    loop = Loop(s, monkeypatch)
    s.submit()
    loop.wait()
    assert s.load_json(text, "game.json") and "loaded from game.json" in s.message
    loop.turn()
    assert s.engine_state.to_json() == saved.engine_state.to_json() and not s.thinking


@pytest.mark.parametrize("game", GAMES)
def test_outside_a_served_page_the_cpu_plays_inline(game):
    """issue 14, item 3: ``synchronous=None`` (the default) uses the thread only in a served page; in a test,
    a script or a notebook the phase resolves within submit."""
    s = started(game)
    before = phase_of(s)
    assert s.synchronous is None and s.submit()
    assert not s.thinking and phase_of(s) != before


class _Broken:
    def orders(self, state: Any, player: int) -> list[str]:
        raise RuntimeError("no idea")


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_cpu_stops_with_a_message_and_the_phase_waits(game, monkeypatch):
    """issue 14, item 3: a bot that fails on the thread: the CPU stops, the page says so, nothing resolves."""
    s = started(game, synchronous=False)
    loop = Loop(s, monkeypatch)
    monkeypatch.setattr(s, "_bots", {seat: _Broken() for seat in s._bots})
    before = phase_of(s)
    s.submit()
    loop.wait()
    loop.turn()
    assert not s.thinking and phase_of(s) == before
    assert "The CPU failed to write its orders: no idea" in s.message and "Submit again" in s.message


def test_the_hot_seat_hands_over_before_the_cpu_thinks(monkeypatch):
    """issue 14, item 3: with two people, the first submit passes the screen; only the last one starts the CPU."""
    s = LocalDiplomacy(synchronous=False)
    s.new_game(people=["FRANCE", "GERMANY"], seed=3)
    loop = Loop(s, monkeypatch)
    s.show_screen()
    s.submit()
    assert not s.thinking and s.power == "GERMANY" and not s.ready and "Pass the screen to Germany" in s.message
    s.show_screen()
    s.submit()
    assert s.thinking
    loop.wait()
    loop.turn()
    assert not s.thinking and s.phase != "S1901M" and s.power == "FRANCE" and not s.ready
