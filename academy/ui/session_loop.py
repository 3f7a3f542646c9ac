"""Running work in a Panel session from other threads: CPU players thinking, live games changing.

``in_session(doc, callback, lock)`` runs ``callback`` on the session's event loop when ``doc``
belongs to a server session (``pn.state.execute``), else at once under ``lock`` (a test, a notebook).
``work_in_thread(work, delay, deliver)`` runs ``work()`` on a daemon thread and hands its result (or
the exception it raised) to ``deliver`` no sooner than ``delay`` seconds after it began, so people can
follow the CPU's moves.
``CpuThinking`` is what every local game's session shares about its CPU: a generation that makes a
result stale (a new game, a load, an undo bump it), the work on a thread, the result on the session's
loop. ``CpuTurns`` (turn-by-turn games) and ``LocalOrders`` (simultaneous orders) build on it.
"""
from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

from academy.core.bots import bot_seed
from academy.core.errors import RulesError

__all__ = ["in_session", "session_loop", "work_in_thread", "CpuThinking", "CpuTurns", "MAX_CPU_STEPS"]


def in_session(doc: Any, callback: Callable[[], None], lock: Any = None) -> None:
    """Run ``callback`` on ``doc``'s session loop, or now (under ``lock``) without a server session.

    On a server session, the document changes the callback makes reach the browser together, in one
    message, when it returns (fewer, larger messages: the page updates once, and sooner under load).

    The callback is handed to the server's event loop first (``IOLoop.add_callback``, the one call that
    is safe from any thread), and only there scheduled on the document. A Bokeh document is not safe
    across threads: while the loop holds the document's events (a callback under ``pn.io.hold``), a
    next-tick callback added from another thread goes into the held-events list, and the loop's release
    of that list can drop it (the CPU's move, or a test's step, then never runs: the CPU "thinks" for
    ever).
    """
    if doc is not None and getattr(doc, "session_context", None) is not None:
        import panel as pn
        from panel.io.state import set_curdoc

        def held() -> None:
            with pn.io.hold(doc):
                callback()

        def schedule() -> None:
            with set_curdoc(doc):
                pn.state.execute(held, schedule=True)

        loop = session_loop(doc)
        if loop is None:
            schedule()
        else:
            loop.add_callback(schedule)
        return
    with lock if lock is not None else contextlib.nullcontext():
        callback()


def session_loop(doc: Any) -> Any:
    """The Tornado event loop of the server that serves ``doc`` (None when it cannot be told)."""
    context = getattr(getattr(doc, "session_context", None), "server_context", None)
    return getattr(getattr(context, "application_context", None), "io_loop", None)


def work_in_thread(work: Callable[[], Any], delay: float, deliver: Callable[[Any], None],
                   name: str = "academy-cpu") -> threading.Thread:
    """Start a daemon thread that calls ``deliver(work())`` (or ``deliver(exception)``), no sooner than
    ``delay`` seconds after it began."""
    def run() -> None:
        started = time.monotonic()
        try:
            result: Any = work()
        except Exception as exc:  # noqa: BLE001 - a broken bot must not freeze the page
            result = exc
        time.sleep(max(0.0, delay - (time.monotonic() - started)))
        deliver(result)
    thread = threading.Thread(target=run, daemon=True, name=name)
    thread.start()
    return thread


#: a guard against a CPU that never hands the turn back (inline play in tests and notebooks)
MAX_CPU_STEPS = 100_000


class CpuThinking:
    """A local game's CPU work: on a thread, its result applied on the session's loop unless stale.

    The session provides ``thinking`` (a parameter the page shows), ``_generation`` (0), ``_lock`` (an
    RLock) and ``_doc``. ``_think(work, delay, apply)`` sets ``thinking``, runs ``work()`` on a thread
    and calls ``apply(result, generation)`` on the session's loop; ``apply`` compares ``generation``
    with ``_generation`` and drops a stale result (``_cancel_cpu()`` bumps it, e.g. for a new game).
    """

    cpu_thread_name = "academy-cpu"

    def stop(self) -> None:
        """Stop a running CPU turn without touching the views (the page is closing)."""
        with self._lock:
            self._generation += 1

    def _cancel_cpu(self) -> None:
        with self._lock:
            self._generation += 1
        if self.thinking:
            self.thinking = False

    def _think(self, work: Callable[[], Any], delay: float, apply: Callable[[Any, int], None]) -> None:
        """Run ``work()`` on a thread; ``apply(result, generation)`` on the session's loop."""
        if not self.thinking:
            self.thinking = True
        import panel as pn
        self._doc = pn.state.curdoc
        generation = self._generation
        work_in_thread(work, delay, lambda result: self._schedule(lambda: apply(result, generation)),
                       self.cpu_thread_name)

    def _schedule(self, callback: Callable[[], None]) -> None:
        in_session(self._doc, callback, self._lock)


class CpuTurns(CpuThinking):
    """CPU seats of a local game's session, played one action at a time: inline when ``synchronous``
    (tests, notebooks), else each choice on a thread and its move on the session's loop.

    The session provides ``state``, ``seats`` (a CPU level per CPU seat), ``synchronous``,
    ``thinking``, ``cpu_delay``, ``cpu_to_move``, ``_bots`` ({}), ``_bot_factory(level, seed)``,
    ``_generation`` (0), ``_lock``, ``_doc``, ``seat_label(player)``, ``_publish(**changes)`` and
    ``_cpu_step(action, generation)``, which plays a choice if the game is still where it was (with
    ``_cpu_play``, which does the part every game shares). ``_cpu_paused()`` and ``_cpu_delay(state)`` may be
    overridden (a replay pauses the CPU; set-up steps go faster).
    """

    def _cpu_paused(self) -> bool:
        return False

    def _cpu_delay(self, state: Any) -> float:
        return self.cpu_delay

    def _bot(self, player: int) -> Any:
        if player not in self._bots:
            self._bots[player] = self._bot_factory(self.seats[player], bot_seed(self.state.record.seed, player))
        return self._bots[player]

    def _run_cpu(self) -> None:
        """If a CPU player is to move, play its actions (inline, or step by step on a thread)."""
        if not self.cpu_to_move or self._cpu_paused():
            if self.thinking:
                self.thinking = False
            return
        if self.synchronous:
            generation = self._generation
            for _ in range(MAX_CPU_STEPS):
                if not self.cpu_to_move or self._generation != generation:   # done, or stopped by a failure
                    break
                try:
                    action: Any = self._bot(self.state.to_move()).choose(self.state.clone())
                except Exception as exc:  # noqa: BLE001 - a broken bot must stop with a message, as on a thread
                    action = exc
                self._cpu_step(action, generation)
            return
        state = self.state.clone()
        bot = self._bot(state.to_move())
        self._think(lambda: bot.choose(state), self._cpu_delay(state), self._cpu_step)

    def _cpu_play(self, action: Any, generation: int) -> tuple[int, list[Any]] | None:
        """Play a CPU's ``action`` if the game is still where it was chosen: (player, events), or None when
        it is stale, or the bot failed or chose an illegal action (the CPU stops and the page says so)."""
        if generation != self._generation or not self.cpu_to_move:
            return None
        player = self.state.to_move()
        if isinstance(action, Exception):
            self._cancel_cpu()
            self._publish(message=f"{self.seat_label(player)} failed to choose a move: {action}")
            return None
        try:
            events = self.state.play(action)
        except RulesError as exc:
            self._cancel_cpu()
            self._publish(message=f"{self.seat_label(player)} tried an illegal move: {exc.message}")
            return None
        return player, events


class Acting:
    """What a board session does before any input acts: say why it is refused (``_refuse()``: a reason or
    None), and play actions given in the game's notation. The session has ``state``, ``_refuse()``,
    ``_publish(**changes)`` and ``_do(action) -> bool``."""

    def _input_refused(self) -> bool:
        """True (and the reason shown) when input is refused now."""
        refusal = self._refuse()            # type: ignore[attr-defined]
        if refusal:
            self._publish(message=refusal)  # type: ignore[attr-defined]
        return bool(refusal)

    def act(self, text_or_action: Any) -> bool:
        """Play an action given in the game's notation or as a dataclass; False (and the engine's message)
        when it is refused or not understood."""
        if self._input_refused():
            return False
        action = text_or_action
        if isinstance(action, str):
            try:
                action = self.state.game.parse_action(action, self.state)   # type: ignore[attr-defined]
            except RulesError as exc:
                self._publish(message=exc.message)                          # type: ignore[attr-defined]
                return False
        return self._do(action)                                             # type: ignore[attr-defined]
