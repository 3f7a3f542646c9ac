"""A new page's document serialised while the browser is still loading its scripts, not after it asks.

A page's first render goes: the server builds the session and sends the HTML (about 0.45 s for a lesson
page); the browser loads and runs its scripts (about 0.4 s, the server idle); the browser opens the
websocket and asks for the document; the server serialises it (about 0.1 s for a lesson page, 275 models)
and the browser draws it. Here the serialisation happens in the idle part instead (``page_idle`` calls
``prepare``); the reply to the browser's first request for the document takes it, if nothing in the
document changed in between (any change drops it, and the reply serialises the document then, as Bokeh
always does).

``apply()`` once per server process (``panel_fixes.apply`` calls it). Bokeh's own reply is
``bokeh.protocol.messages.pull_doc_reply.create``: the mend replaces it with the same message made from the
kept serialisation; check that function when Bokeh is upgraded (tests/ui/test_pull_ahead.py).
"""
from __future__ import annotations

from typing import Any

__all__ = ["apply", "prepare", "take"]

#: a document's serialisation made ahead, until the document's first reply or its first change
_KEPT_ATTR = "_academy_pulled_ahead"


def prepare(doc: Any) -> None:
    """Serialise ``doc`` now and keep the result for its first reply; any change to ``doc`` drops it."""
    from bokeh.document.events import DocumentPatchedEvent

    if getattr(doc, _KEPT_ATTR, None) is not None:
        return

    def changed(event: Any) -> None:
        if isinstance(event, DocumentPatchedEvent):      # not a callback added or removed: the document changed
            _drop(doc)

    serialized = doc.to_json()
    setattr(doc, _KEPT_ATTR, (serialized, changed))
    doc.on_change(changed)


def take(doc: Any) -> Any:
    """The serialisation ``prepare`` kept for ``doc`` (then forgotten), or None: none kept, or ``doc`` changed."""
    kept = getattr(doc, _KEPT_ATTR, None)
    _drop(doc)
    return None if kept is None else kept[0]


def _drop(doc: Any) -> None:
    kept = getattr(doc, _KEPT_ATTR, None)
    if kept is None:
        return
    setattr(doc, _KEPT_ATTR, None)
    try:
        doc.remove_on_change(kept[1])
    except (KeyError, ValueError):
        pass


def apply() -> None:
    """Answer a document's first request with the serialisation ``prepare`` kept, if it still holds."""
    from bokeh.protocol.messages import pull_doc_reply
    from bokeh.protocol.messages.pull_doc_reply import PullDoc

    def create(cls: Any, request_id: Any, document: Any, **metadata: Any) -> Any:
        serialized = take(document) or document.to_json()
        msg = cls(cls.create_header(request_id=request_id), metadata, PullDoc(doc=serialized.content))
        msg.add_buffers(*serialized.buffers)
        return msg

    pull_doc_reply.create = classmethod(create)
