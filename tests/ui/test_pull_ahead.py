"""A page's document serialised in the server's idle time (academy/ui/pull_ahead.py, academy/ui/page_idle.py):
the browser's first request for the document gets that serialisation if the document is unchanged, and a fresh
one otherwise."""
from __future__ import annotations

import time

from bokeh.core.json_encoder import serialize_json
from bokeh.document import Document
from bokeh.models import ColumnDataSource, Div
from bokeh.protocol.messages.pull_doc_reply import pull_doc_reply

from academy.ui import page_idle, panel_fixes, pull_ahead


def a_document() -> tuple[Document, Div, ColumnDataSource]:
    doc = Document()
    div, source = Div(text="Move A PAR to BUR"), ColumnDataSource({"x": [1, 2]})
    doc.add_root(div)
    doc.add_root(source)
    return doc, div, source


def test_the_kept_serialisation_is_the_documents_and_is_taken_once():
    doc, _, _ = a_document()
    pull_ahead.prepare(doc)
    kept = pull_ahead.take(doc)
    assert serialize_json(kept.content) == serialize_json(doc.to_json().content)
    assert pull_ahead.take(doc) is None              # the first request took it


def test_a_change_after_the_serialisation_drops_it():
    doc, div, source = a_document()
    pull_ahead.prepare(doc)
    div.text = "Move A MAR to BUR"
    assert pull_ahead.take(doc) is None
    pull_ahead.prepare(doc)
    source.patch({"x": [(0, 5)]})
    assert pull_ahead.take(doc) is None


def test_a_callback_added_or_removed_is_no_change():
    doc, _, _ = a_document()
    pull_ahead.prepare(doc)
    doc.remove_next_tick_callback(doc.add_next_tick_callback(lambda: None))
    assert pull_ahead.take(doc) is not None


def test_the_reply_to_the_first_request_carries_the_kept_serialisation_and_later_ones_a_fresh_one():
    panel_fixes.apply()
    doc, div, _ = a_document()
    pull_ahead.prepare(doc)
    kept = getattr(doc, pull_ahead._KEPT_ATTR)[0]
    first = pull_doc_reply.create("req-1", doc)
    assert first.content["doc"] is kept.content and first.header["reqid"] == "req-1"
    div.text = "Hold"
    second = pull_doc_reply.create("req-2", doc)
    assert second.content["doc"] is not kept.content and "Hold" in serialize_json(second.content["doc"])


def test_queued_work_runs_once_per_key():
    page_idle.apply()
    ran: list[str] = []
    page_idle.soon("spare", lambda: ran.append("first"))
    page_idle.soon("spare", lambda: ran.append("second"))    # the same work, queued again before it ran
    page_idle.soon("other", lambda: ran.append("other"))
    page_idle.drain()
    assert ran == ["first", "other"]
    page_idle.drain()
    assert ran == ["first", "other"]


def test_a_served_page_is_serialised_while_no_browser_has_asked_for_it(monkeypatch):
    """A page fetched without a browser (nobody opens the websocket): its document is serialised in the
    idle time after its HTML."""
    import urllib.request

    from academy.ui.shell import build_page, current_query
    from tests.ui.browser import serve_app

    prepared: list[Document] = []
    prepare = pull_ahead.prepare
    monkeypatch.setattr(pull_ahead, "prepare", lambda doc: prepare(doc) or prepared.append(doc))
    url, server = serve_app(lambda: build_page(current_query()))
    try:
        with urllib.request.urlopen(url + "?game=conquest&tab=lessons", timeout=60) as answer:
            answer.read()
        deadline = time.monotonic() + 20
        while not prepared and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(prepared) == 1 and getattr(prepared[0], pull_ahead._KEPT_ATTR) is not None
    finally:
        server.stop()
