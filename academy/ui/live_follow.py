"""FollowsLiveGame: how a shared game's page session follows the live game, for every game.

A shared session (one seat's screen, or a spectator's) keeps the Panel document of the page that opened it
(``_doc``: where the live game's changes are handed, ``session_loop.in_session``; None outside a served page),
subscribes to the live game with ``_follow(game, seat)``, and stops listening when the page closes (``close()``,
called when the browser's session ends).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["FollowsLiveGame", "page_doc"]


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
