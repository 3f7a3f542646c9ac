"""Mends for defects of the pinned Panel (1.9.4) that Academy users meet, and what the Academy's pages leave out
of Panel's defaults; ``apply()`` once per server process.

Each says what goes wrong, why, and how to tell whether a newer Panel still needs it.

**Updates left unsent.** When the page's websocket is busy, Panel queues a change's message
(``panel.io.document._WRITE_MSGS``) behind a write block (``_WRITE_BLOCK``) and starts a task
(``_dispatch_msgs``) to send it. A task that has just sent the earlier messages lifts the block while the
new task waits for its turn, and the new task, finding no block, returns without sending. The message stays
queued until some later change comes along: the last change of a burst (the CPU's last move, "Red —
Reinforcement") never reaches the page, which shows "Blue is thinking…" for ever. The mend: a task that
finds messages queued without a block sets the block again and sends them. Still needed while
``_dispatch_msgs`` starts with ``if doc not in _WRITE_BLOCK: return`` (tests/ui/test_panel_fixes.py).

**Scripts no page uses.** Panel's pages load Bokeh's MathJax bundle (1.8 MB) whenever a page has an HTML
pane, which "may" hold TeX, and its WebGL bundle always. No Academy page writes TeX, and every board draws on
a canvas, so both are left out (``UNUSED_BUNDLES``): a first visit parses 2 MB less JavaScript (about 0.3 s
less of the browser's main thread for a lesson page, measured with Chromium's performance metrics), and a
"$" in a text (Tactics' funds) is never typeset. A page that ever needs one of them must drop it from the list.

**A document serialised late.** Bokeh serialises a page's document only when the browser asks for it, after
loading its scripts, while the server sat idle: ``academy.ui.pull_ahead`` does it in that idle time
(``academy.ui.page_idle``).
"""
from __future__ import annotations

from typing import Any

__all__ = ["UNUSED_BUNDLES", "apply"]

#: Bokeh's script bundles the Academy's pages never use (see the module docstring)
UNUSED_BUNDLES = ("bokeh-mathjax", "bokeh-gl")

_APPLIED: list[bool] = []


def apply() -> None:
    """Apply every mend (once; later calls do nothing)."""
    if _APPLIED:
        return
    from panel.io import document

    from academy.ui import page_idle, pull_ahead

    original = document._dispatch_msgs

    async def dispatch_msgs(doc: Any) -> None:
        if doc not in document._WRITE_BLOCK and document._WRITE_MSGS.get(doc):
            document._WRITE_BLOCK[doc] = True       # queued behind a write that has just finished: send them
        await original(doc)

    dispatch_msgs.__doc__ = original.__doc__
    document._dispatch_msgs = dispatch_msgs          # Panel looks the name up each time it starts the task
    _leave_out_unused_bundles()
    pull_ahead.apply()
    page_idle.apply()
    _APPLIED.append(True)


def _leave_out_unused_bundles() -> None:
    from panel.io import server

    original = server.bundle_resources

    def bundle_resources(roots: Any, resources: Any, *args: Any, **kwargs: Any) -> Any:
        if resources is not None:
            resources = resources.clone(components=[c for c in resources.components if c not in UNUSED_BUNDLES])
        return original(roots, resources, *args, **kwargs)

    server.bundle_resources = bundle_resources       # the page handler calls it by this module's name
