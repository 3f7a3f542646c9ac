"""The mends of academy/ui/panel_fixes.py: each fails on the pinned Panel without its mend."""
from __future__ import annotations

import asyncio
from typing import Any

from panel.io import document

from academy.ui import panel_fixes


class FakeSocket:
    """A page's websocket, recording what is sent."""

    def __init__(self) -> None:
        self.sent: list[Any] = []


class FakeDoc:
    """A document (Panel keys its write queues weakly by document)."""


class FakeConnection:
    def __init__(self) -> None:
        self._socket = FakeSocket()


def _send(conn: FakeConnection, events: Any = None, msg: Any = None) -> list[Any]:
    conn._socket.sent.append(msg)
    done = asyncio.get_running_loop().create_future()
    done.set_result(None)
    return [done]


def test_a_message_queued_behind_a_finished_write_is_still_sent():
    """The race: a send task lifted the write block while the next task waited; that task must still send the
    message queued for it (without the mend it returned at once and the page never saw the change)."""
    panel_fixes.apply()
    doc, conn = FakeDoc(), FakeConnection()
    document.extra_socket_handlers[FakeSocket] = _send
    try:
        document._WRITE_MSGS[doc] = {conn: ["Red — Reinforcement"]}     # queued; the block already lifted
        document._WRITE_BLOCK.pop(doc, None)
        asyncio.run(document._dispatch_msgs(doc))
        assert conn._socket.sent == ["Red — Reinforcement"]
        assert doc not in document._WRITE_MSGS and doc not in document._WRITE_BLOCK
    finally:
        document.extra_socket_handlers.pop(FakeSocket, None)
        document._WRITE_MSGS.pop(doc, None)
        document._WRITE_BLOCK.pop(doc, None)


def test_with_nothing_queued_a_send_task_does_nothing():
    panel_fixes.apply()
    doc = FakeDoc()
    asyncio.run(document._dispatch_msgs(doc))
    assert doc not in document._WRITE_MSGS and doc not in document._WRITE_BLOCK


def test_apply_twice_wraps_once():
    panel_fixes.apply()
    first = document._dispatch_msgs
    panel_fixes.apply()
    assert document._dispatch_msgs is first


def test_a_served_page_loads_neither_mathjax_nor_webgl():
    """The page's scripts: Bokeh and its widgets, not the MathJax and WebGL bundles no page uses."""
    import urllib.request

    from academy.ui.shell import build_page, current_query
    from tests.ui.browser import serve_app

    url, server = serve_app(lambda: build_page(current_query()))
    try:
        with urllib.request.urlopen(url + "?game=tactics&tab=lessons", timeout=60) as answer:
            page = answer.read().decode("utf-8")
    finally:
        server.stop()
    assert "bokeh.min.js" in page and "bokeh-widgets.min.js" in page and "bokeh-tables.min.js" in page
    for bundle in panel_fixes.UNUSED_BUNDLES:
        assert f"{bundle}.min.js" not in page


def test_no_board_draws_with_webgl():
    """Every game's board draws on a canvas (so the WebGL bundle can be left out): the plots of each game's
    lesson and Play pages."""
    from bokeh.document import Document
    from bokeh.models import Plot

    from academy.ui.registry import UI
    from academy.ui.shell import build_page

    for game in UI:
        for tab in ("lessons", "play"):
            doc = Document()
            build_page({"game": game, "tab": tab}).server_doc(doc)
            plots = [m for m in doc.models if isinstance(m, Plot)]
            assert plots or tab == "play", f"no board on {game}'s {tab} page"
            assert all(p.output_backend != "webgl" for p in plots), (game, tab)
