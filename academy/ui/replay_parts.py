"""Pieces every game's replay page shares: the record's download (only once the game is over), the seat's
messages so far, the replay's message, and a planner opened under the replay from the step shown.

A replay session has ``export_json()`` (PermissionError while the game runs), ``can_export``,
``message``, ``chat``, ``messages_until()`` and ``seat_label(seat)``.
"""
from __future__ import annotations

import html
import io
from collections.abc import Callable
from typing import Any

import panel as pn

from academy.ui.messages_view import conversations_html

__all__ = ["RecordDownload", "messages_html", "show_planner", "status_html"]

FINISHED_NOTE = "The record can be downloaded once the game is over."


class RecordDownload(pn.viewable.Viewer):
    """'Download record (JSON)' for a finished game, or a note saying when it can be."""

    def __init__(self, session: Any, filename: str, note: str = FINISHED_NOTE, stylesheets: list[str] | None = None,
                 **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.download = pn.widgets.FileDownload(callback=self._saved, filename=filename, label="Download record (JSON)",
                                                width=220, css_classes=["download-record"], visible=session.can_export)
        self.note = pn.pane.HTML(f"<div class='record-note'>{html.escape(note)}</div>", stylesheets=stylesheets or [],
                                 visible=not session.can_export)
        self.layout = pn.Row(self.download, self.note, margin=0)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def refresh(self) -> None:
        self.download.visible, self.note.visible = self.session.can_export, not self.session.can_export

    def _saved(self) -> io.StringIO:
        try:
            return io.StringIO(self.session.export_json())
        except (PermissionError, ValueError) as exc:
            self.session.message = str(exc)
            return io.StringIO("")


def messages_html(session: Any, viewer: int | None) -> str:
    """The viewer seat's conversations up to the step shown ('' for a replay without messages)."""
    if not session.chat:
        return ""
    return ("<h4 style='margin:4px 0'>Your messages so far</h4>"
            + conversations_html(session.messages_until(), viewer, session.seat_label))


def show_planner(area: pn.Column, session: Any, make_page: Callable[[Any], Any], heading: str) -> Any:
    """A planner from the step shown: ``session.planner()`` (a local game session) on ``make_page(local)``,
    its new-game form hidden, in ``area`` under ``heading``. Returns the page, or None (and the reason in
    ``session.message``) when the replay has no planner here (``planner()`` raised ValueError)."""
    try:
        local = session.planner()
    except ValueError as exc:
        session.message = str(exc)
        return None
    page = make_page(local)
    if getattr(page, "form_card", None) is not None:
        page.form_card.visible = False
    area.objects = [pn.pane.HTML(f"<h3>{html.escape(heading)}</h3>"), page]
    return page


def status_html(text: str) -> str:
    """The replay's message for the person looking ('' when there is none)."""
    return f"<div class='academy-message' role='status'>{html.escape(text)}</div>" if text else ""
