"""The event log: a readable HTML list, newest first, that a screen reader follows (aria-live="polite")."""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.ui.defer import later

from .style import CSS

__all__ = ["EventLog", "log_html"]

SHOWN = 60


def _item(e: dict[str, Any]) -> str:
    why = "".join(f"<br><span class='why'>{escape(w)}</span>" for w in e.get("why", ()))
    return f"{escape(e['text'])}{why}"


def _runs(entries: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Entries in runs of the same kind (a run is only kept together when it has no why lines)."""
    runs: list[list[dict[str, Any]]] = []
    for e in entries:
        if runs and runs[-1][0]["kind"] == e["kind"] and not e.get("why") and not runs[-1][-1].get("why"):
            runs[-1].append(e)
        else:
            runs.append([e])
    return runs


def log_html(entries: list[dict[str, Any]], shown: int = SHOWN, fold: int = 8) -> str:
    """The last ``shown`` items, newest first; a run of ``fold`` or more alike events folds into one item."""
    items = []
    for run in _runs(entries):
        if len(run) >= fold:
            inner = "".join(f"<li>{_item(e)}</li>" for e in run)
            items.append(f"<li><details><summary>{len(run)} events like “{escape(run[0]['text'])}”</summary>"
                         f"<ol>{inner}</ol></details></li>")
        else:
            items += [f"<li>{_item(e)}</li>" for e in run]
    start = len(items)
    items = items[-shown:][::-1]
    return (f'<ol class="event-list" reversed start="{start}" aria-live="polite" aria-relevant="additions" '
            f'aria-label="Game events, newest first">{"".join(items)}</ol>' if items else
            '<p class="academy-muted" aria-live="polite">No events yet.</p>')


class EventLog(pn.viewable.Viewer):
    model = param.Parameter()

    def __init__(self, model: Any, **params: Any) -> None:
        super().__init__(model=model, **params)
        self.pane = pn.pane.HTML(log_html(model.log), stylesheets=[CSS], sizing_mode="stretch_width",
                                 css_classes=["event-log"])
        model.param.watch(later(self._update), ["log"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    def _update(self, *events: Any) -> None:
        self.pane.object = log_html(self.model.log)
