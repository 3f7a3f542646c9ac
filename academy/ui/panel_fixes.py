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

**Models the page was sent, sent back whole.** BokehJS counts every model a server's patch brings (a button
of a tab opened, of a game started) as new to the server (``Document._apply_json_patch`` adds it to
``_new_models``) until the page next sends a patch of its own; a click on such a button in that time sends the
button's whole definition with the click, and the server warns ``BokehUserWarning: reference already known
'p1038'`` (and uses the button it has). ``NEW_MODELS_JS``, run once on every page,
leaves the models of the server's patches out of ``_new_models``: only what the page itself made is new to
the server. ``mend_page(doc)`` adds it to a page's document (``design.PageTemplate`` does, for every page). Still needed while BokehJS's ``_apply_json_patch`` finalises a model with
``this._new_models.add(obj)`` (tests/ui/test_browser_known_models.py).

**A document serialised late.** Bokeh serialises a page's document only when the browser asks for it, after
loading its scripts, while the server sat idle: ``academy.ui.pull_ahead`` does it in that idle time
(``academy.ui.page_idle``).
"""
from __future__ import annotations

from typing import Any

__all__ = ["NEW_MODELS_JS", "UNUSED_BUNDLES", "apply", "mend_page"]

#: Bokeh's script bundles the Academy's pages never use (see the module docstring)
UNUSED_BUNDLES = ("bokeh-mathjax", "bokeh-gl")

#: JS, run once per page: the models a server's patch brings are not new to the server (see the docstring)
NEW_MODELS_JS = """
for (const doc of (window.Bokeh && window.Bokeh.documents) || []) {
  const proto = Object.getPrototypeOf(doc);
  if (proto.academyKnownModels || typeof proto._apply_json_patch !== "function") continue;
  proto.academyKnownModels = true;
  const original = proto._apply_json_patch;
  proto._apply_json_patch = function (patch, buffers) {
    const before = new Set(this._new_models || []);
    try {
      return original.call(this, patch, buffers);
    } finally {
      for (const model of [...(this._new_models || [])]) {
        if (!before.has(model)) this._new_models.delete(model);     // the server sent it: it knows it
      }
    }
  };
}
"""

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


def mend_page(doc: Any) -> None:
    """Run ``NEW_MODELS_JS`` in the page of the Bokeh document ``doc`` once it is ready (see the docstring)."""
    from bokeh.models import CustomJS
    doc.js_on_event("document_ready", CustomJS(code=NEW_MODELS_JS))


def _leave_out_unused_bundles() -> None:
    from panel.io import server

    original = server.bundle_resources

    def bundle_resources(roots: Any, resources: Any, *args: Any, **kwargs: Any) -> Any:
        if resources is not None:
            resources = resources.clone(components=[c for c in resources.components if c not in UNUSED_BUNDLES])
        return original(roots, resources, *args, **kwargs)

    server.bundle_resources = bundle_resources       # the page handler calls it by this module's name
