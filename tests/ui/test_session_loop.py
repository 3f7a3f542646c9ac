"""``in_session`` touches a served document only on the server's event loop (academy/ui/session_loop.py).

A Bokeh document is not safe across threads: a next-tick callback added from a CPU thread while the loop
holds the document's events could be dropped when the loop releases them (a CPU that "thinks" for ever in
a long game). So work coming from another thread goes to the loop first (``IOLoop.add_callback``).
"""
from __future__ import annotations

import threading
from types import SimpleNamespace
from typing import Any

from tornado.ioloop import IOLoop

from academy.ui.session_loop import in_session, session_loop


class FakeDoc:
    """Just what ``in_session`` uses of a served document: its session context and next-tick callbacks."""

    def __init__(self, loop: IOLoop) -> None:
        self.session_context = SimpleNamespace(
            server_context=SimpleNamespace(application_context=SimpleNamespace(io_loop=loop)))
        self.added_on: list[int] = []
        self.callbacks = SimpleNamespace(hold_value=None)

    def add_next_tick_callback(self, callback: Any) -> None:
        self.added_on.append(threading.get_ident())
        IOLoop.current().add_callback(callback)

    # what pn.io.hold asks of a document it holds
    def hold(self, policy: str = "combine") -> None:
        self.callbacks.hold_value = policy

    def unhold(self) -> None:
        self.callbacks.hold_value = None


def served_loop() -> tuple[IOLoop, int, threading.Thread]:
    ready, box = threading.Event(), {}

    def run() -> None:
        import asyncio
        asyncio.set_event_loop(asyncio.new_event_loop())
        box["loop"], box["thread"] = IOLoop.current(), threading.get_ident()
        ready.set()
        box["loop"].start()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(5)
    return box["loop"], box["thread"], thread


def test_a_callback_from_another_thread_is_scheduled_on_the_documents_loop():
    loop, loop_thread, thread = served_loop()
    doc = FakeDoc(loop)
    assert session_loop(doc) is loop
    ran_on: list[int] = []
    done = threading.Event()

    def work() -> None:
        ran_on.append(threading.get_ident())
        done.set()

    worker = threading.Thread(target=lambda: in_session(doc, work))   # as a CPU thread delivers its move
    worker.start()
    worker.join(5)
    assert done.wait(5), "the callback never ran"
    assert doc.added_on == [loop_thread], "the document was touched from another thread"
    assert ran_on == [loop_thread]
    loop.add_callback(loop.stop)
    thread.join(5)


def test_without_a_server_session_the_callback_runs_at_once_under_the_lock():
    lock, seen = threading.RLock(), []
    in_session(None, lambda: seen.append(lock._is_owned()), lock)
    assert seen == [True]
    assert session_loop(None) is None
