"""The server's idle time after it sends a page: work that can wait runs then, not while a visitor waits.

After a page's HTML is written, the browser fetches the page's scripts (about 0.15 s on this machine) and
runs them (0.3 s or more) before it opens the websocket and asks for the document; the server sits idle.
``AFTER_PAGE_MS`` after each page's HTML (after its scripts are served: work on the event loop before then
would hold them up), the server serialises that page's document for its first request (``pull_ahead``),
then runs the work queued with ``soon`` (a board's spare copy for the next page, ``board_kit.board``).

``apply()`` once per server process (``panel_fixes.apply`` calls it). Outside a server (tests, scripts,
notebooks) ``soon`` queues nothing.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from academy.ui import pull_ahead

__all__ = ["AFTER_PAGE_MS", "apply", "drain", "soon"]

#: milliseconds after a page's HTML is written: the browser has fetched its scripts by then and runs them
#: for another 0.3 s or more
AFTER_PAGE_MS = 150

_QUEUE: dict[Hashable, Callable[[], None]] = {}
_LOCK = threading.Lock()
_APPLIED: list[bool] = []


def soon(key: Hashable, task: Callable[[], None]) -> None:
    """Run ``task`` in the server's next idle time after a page (once however often ``key`` is queued
    before then); outside a server, nothing."""
    if _APPLIED:
        with _LOCK:
            _QUEUE.setdefault(key, task)


def drain() -> None:
    """Run the queued work now (at start, when no visitor waits: ``academy.cli.warm_up``)."""
    while _QUEUE:
        _next()


def _next() -> None:
    with _LOCK:
        task = _QUEUE.pop(next(iter(_QUEUE))) if _QUEUE else None
    if task is not None:
        task()


def _idle(session: Any) -> None:
    from tornado.ioloop import IOLoop

    if not session.connection_count:      # the browser has not asked for the document yet
        pull_ahead.prepare(session.document)
    loop = IOLoop.current()
    for _ in range(len(_QUEUE)):          # one task a turn of the loop: a page's request in between is answered
        loop.add_callback(_next)


def apply() -> None:
    """After each page's HTML, schedule the idle time's work on that page's session."""
    if _APPLIED:
        return
    from panel.io import server

    page_for_session = server.server_html_page_for_session

    def server_html_page_for_session(session: Any, *args: Any, **kwargs: Any) -> str:
        page = page_for_session(session, *args, **kwargs)
        session.document.add_timeout_callback(lambda: _idle(session), AFTER_PAGE_MS)
        return page

    server.server_html_page_for_session = server_html_page_for_session    # DocHandler.get calls it by this name
    _APPLIED.append(True)
