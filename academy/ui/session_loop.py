"""Running work in a Panel session from other threads: CPU players thinking, live games changing.

``in_session(doc, callback, lock)`` runs ``callback`` on the session's event loop when ``doc``
belongs to a server session (``pn.state.execute``), else at once under ``lock`` (a test, a notebook).
``think_in_thread(bot, state, delay, deliver)`` lets a bot choose on a daemon thread and hands the
choice (or the exception the bot raised) to ``deliver`` no sooner than ``delay`` seconds after it
began, so people can follow the CPU's moves.
"""
from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

__all__ = ["in_session", "think_in_thread"]


def in_session(doc: Any, callback: Callable[[], None], lock: Any = None) -> None:
    """Run ``callback`` on ``doc``'s session loop, or now (under ``lock``) without a server session."""
    if doc is not None and getattr(doc, "session_context", None) is not None:
        import panel as pn
        from panel.io.state import set_curdoc
        with set_curdoc(doc):
            pn.state.execute(callback, schedule=True)
        return
    with lock if lock is not None else contextlib.nullcontext():
        callback()


def think_in_thread(bot: Any, state: Any, delay: float, deliver: Callable[[Any], None],
                    name: str = "academy-cpu") -> threading.Thread:
    """Start a daemon thread that calls ``deliver(bot.choose(state))`` (or ``deliver(exception)``)."""
    def work() -> None:
        started = time.monotonic()
        try:
            action: Any = bot.choose(state)
        except Exception as exc:  # noqa: BLE001 - a broken bot must not freeze the page
            action = exc
        time.sleep(max(0.0, delay - (time.monotonic() - started)))
        deliver(action)
    thread = threading.Thread(target=work, daemon=True, name=name)
    thread.start()
    return thread
