"""How every board changes its Bokeh data: now when the document may change, else on the session's loop.

A board's ``update()`` is called from param watchers that may run inside a Bokeh event (document
locked and ready), in a widget callback handled without the document lock, on a CPU worker thread
(through ``pn.state.execute``), or in a notebook. ``change_board(doc, pane, patch)`` runs ``patch``
the right way for each, like Panel's own widgets do (it uses Panel's private ``pn.state._unblocked``:
recheck when upgrading Panel). ``patch_source(source, columns)`` sends only the cells that changed.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import panel as pn
from panel.io.document import unlocked
from panel.io.notebook import push_notebook
from panel.io.state import set_curdoc

__all__ = ["change_board", "patch_source", "figure_size"]


def change_board(doc: Any, pane: Any, patch: Callable[[], None]) -> None:
    """Run ``patch`` now if ``doc`` may be changed now, else schedule it on the session's loop; push
    the change to a notebook when there is no server session."""
    if doc is not None and doc.session_context is not None and not pn.state._unblocked(doc):
        with set_curdoc(doc):
            pn.state.execute(patch, schedule=True)
        return
    with unlocked():
        patch()
    if doc is not None and doc.session_context is None:
        push_notebook(pane)


def patch_source(source: Any, columns: Mapping[str, Sequence[Any]]) -> None:
    """Patch the cells of ``source`` that differ from ``columns`` (same columns, same length)."""
    old = source.data
    patches = {k: [(i, v) for i, (v, w) in enumerate(zip(vals, old[k])) if v != w] for k, vals in columns.items()}
    patches = {k: p for k, p in patches.items() if p}
    if patches:
        source.patch(patches)


def figure_size(fig: Any, prop: str) -> int | None:
    """A figure's size property (``inner_width`` ...), or None while the browser has not reported it."""
    try:
        return getattr(fig, prop)
    except Exception:  # noqa: BLE001 - a read-only size the browser has not reported yet
        return None
