"""``later`` (academy/ui/defer.py): a view's update waits for the next tick on a connected page (the board's
patch leaves first), and runs at once outside a server and while a served page is still being built (nothing
is sent before the page, so waiting would only make the update a change of its own after the page)."""
from __future__ import annotations

import weakref

import panel as pn
from bokeh.document import Document
from panel.io.state import set_curdoc

from academy.ui.defer import later


class Context:
    """A served page's session context: ``_session`` is None until the page is built."""

    def __init__(self, session: object | None) -> None:
        self._session = session


def served(context: Context) -> Document:
    doc = Document()
    doc._session_context = weakref.ref(context)
    return doc


def test_outside_a_server_the_update_runs_at_once():
    ran: list[str] = []
    later(lambda: ran.append("banner"))()
    assert ran == ["banner"]


def test_while_the_page_is_built_the_update_runs_at_once():
    ran: list[str] = []
    context = Context(session=None)
    with set_curdoc(served(context)):
        later(lambda: ran.append("banner"))()
    assert ran == ["banner"]


def test_on_a_connected_page_the_update_waits_and_several_triggers_make_one_call(monkeypatch):
    ran: list[str] = []
    scheduled: list = []
    monkeypatch.setattr(pn.state, "execute", lambda fn, schedule=False: scheduled.append((fn, schedule)))
    context = Context(session=object())
    with set_curdoc(served(context)):
        watcher = later(lambda: ran.append("banner"))
        watcher()
        watcher()
    assert ran == [] and len(scheduled) == 1 and scheduled[0][1] is True
    scheduled[0][0]()
    assert ran == ["banner"]
