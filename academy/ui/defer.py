"""Run a view's update after the board's: the board patches now, side panels on the next tick.

Bokeh sends a callback's model changes only when the callback ends, all together; a tap that also
rebuilds the odds panel, the controls and the log would wait for all of them. ``later(fn)`` gives a
watcher that, in a served session, schedules ``fn`` as its own next-tick callback (several triggers
before it runs make one call), so the board's patch leaves first. Outside a server (tests, scripts,
Jupyter) it calls ``fn`` at once.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["later"]


def _building(doc: Any) -> bool:
    """Whether ``doc`` is a served page still being built (its session is made after the page): nothing is
    sent before the page is, so a deferred update would only follow the page as a change of its own."""
    return getattr(doc.session_context, "_session", False) is None


def later(fn: Callable[[], None]) -> Callable[..., None]:
    pending = False

    def run() -> None:
        nonlocal pending
        pending = False
        fn()

    def watcher(*events: Any) -> None:
        nonlocal pending
        import panel as pn
        doc = pn.state.curdoc
        if doc is None or doc.session_context is None or _building(doc):
            fn()
            return
        if not pending:
            pending = True
            pn.state.execute(run, schedule=True)

    return watcher
