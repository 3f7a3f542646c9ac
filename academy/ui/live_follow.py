"""FollowsLiveGame: how a shared game's page session follows the live game, for every game.

A shared session (one seat's screen, or a spectator's) keeps the Panel document of the page that opened it
(``_doc``: where the live game's changes are handed, ``session_loop.in_session``; None outside a served page),
subscribes to the live game with ``_follow(game, seat)``, and stops listening when the page closes (``close()``,
called when the browser's session ends).

``loggable(events)`` is what of the live game's news goes into a seat's log: the log must read the same live
and after a reload, and a reload rebuilds it from the record.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["UNLOGGED", "FollowsLiveGame", "loggable", "page_doc"]

#: the live game's news that no seat's log keeps: "Blue takes seat 2." reached only the seats whose page was
#: open when it happened (not Blue's own) and was gone after a reload, since the store keeps that a seat was
#: taken but not when; the seats' table says who plays each seat instead
UNLOGGED = frozenset({"join"})


def loggable(events: list[Any]) -> list[Any]:
    """``events`` without those no seat's log keeps (``UNLOGGED``)."""
    return [e for e in events if getattr(e, "kind", "") not in UNLOGGED]


def page_doc() -> Any:
    """The served page's Bokeh document now, or None (a test, a notebook)."""
    import panel as pn
    doc = pn.state.curdoc
    return doc if doc is not None and doc.session_context is not None else None


class FollowsLiveGame:
    """A shared session's following of its live game; see the module docstring. The session has
    ``_on_change(view)``, the live game's listener."""

    _doc: Any = None
    _unsubscribe: Callable[[], None] | None = None

    def _follow(self, game: Any, seat: int | None) -> None:
        """Listen to ``game``'s changes as ``seat`` sees them, until the page closes."""
        self._unsubscribe = game.subscribe(self._on_change, seat)      # type: ignore[attr-defined]
        if self._doc is not None:
            import panel as pn
            pn.state.on_session_destroyed(lambda context: self.close())

    def close(self) -> None:
        """Stop listening to the live game (the page closed)."""
        unsubscribe, self._unsubscribe = self._unsubscribe, None
        if unsubscribe is not None:
            unsubscribe()
