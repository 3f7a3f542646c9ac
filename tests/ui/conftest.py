"""Fixtures for the UI tests: a session-scoped headless Chromium (Debian's), an in-process Panel
server per test, and pages with board helpers (see browser.py).

Browser tests are marked ``ui`` and skipped (with the reason) only when /usr/bin/chromium is missing.
"""
from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.ui.browser import CHROMIUM, Page, launch, new_page, serve_app


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium (make browser) to run the browser tests")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def serve(caplog: pytest.LogCaptureFixture) -> Iterator[Callable[[Callable[[], Any]], str]]:
    """serve(factory) -> URL: serves ``factory()`` as a Panel app in this process on a free port.

    The test fails if the server logged an error (an exception in a callback) meanwhile. HoloViews draws
    a first board before, as ``academy serve`` does at start (its first plot takes seconds on a busy
    machine, and a page that waits for it can pass the page-load timeout).
    """
    from academy.ui.board_kit.board import warm_up
    warm_up()
    servers = []

    def _serve(factory: Callable[[], Any]) -> str:
        url, server = serve_app(factory)
        servers.append(server)
        return url

    yield _serve
    for server in servers:
        server.stop()
    # A browser that navigates away (or a page closed at the end of a test) closes its websocket while
    # the server may still be sending to it; Tornado logs that as an unretrieved WebSocketClosedError,
    # or as a CancelledError of that last write: neither is a fault of the page.
    errors = [f"{r.name}: {r.getMessage()}" for r in caplog.get_records("call")
              if r.levelno >= logging.ERROR and not _closed_socket(r)]
    assert not errors, f"the server logged errors: {errors}"


def _closed_socket(record: logging.LogRecord) -> bool:
    """True for Tornado's report of a write to a websocket the browser had already closed."""
    if "WebSocketClosedError" in record.getMessage():
        return True
    exc = record.exc_info[1] if record.exc_info else None
    return isinstance(exc, asyncio.CancelledError) and "/ws" in record.getMessage()


@pytest.fixture
def hub(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A database and a data folder of the test's own, and the process's hub on them (closed after)."""
    from academy.ui.live_session import close_shared_hubs, shared_hub
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/academy.db")
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    yield shared_hub()
    close_shared_hubs()


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., Page]]:
    """open_page(has_touch=False, width=1400, height=1000) -> Page in a fresh browser context."""
    contexts = []

    def _open(has_touch: bool = False, width: int = 1400, height: int = 1000) -> Page:
        ctx, page = new_page(browser, has_touch, width, height)
        contexts.append(ctx)
        return page

    yield _open
    for ctx in contexts:
        ctx.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    """A failed browser test's report ends with every thread's stack (a page that waited in vain for the
    CPU shows where its thread, or the server's loop, was at that moment)."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed and item.get_closest_marker("ui"):
        report.sections.append(("threads at the failure", thread_stacks()))


def thread_stacks() -> str:
    import sys
    import threading
    import traceback
    names = {t.ident: t.name for t in threading.enumerate()}
    parts = []
    for ident, frame in sys._current_frames().items():
        try:                               # a thread may end while its stack is read
            stack = "".join(traceback.format_stack(frame, limit=12))
        except Exception as exc:  # noqa: BLE001 - the report must not fail
            stack = f"(not readable: {exc!r})\n"
        parts.append(f"--- {names.get(ident, ident)}\n{stack}")
    return "\n".join(parts)
