"""FollowsLiveGame: how a shared game's page session follows the live game, for every game.

A shared session (one seat's screen, or a spectator's) keeps the Panel document of the page that opened it
(``_doc``: where the live game's changes are handed, ``session_loop.in_session``; None outside a served page),
subscribes to the live game with ``_follow(game, seat)``, and stops listening when the page closes (``close()``,
called when the browser's session ends).

``loggable(events)`` is what of the live game's news goes into a seat's log: the log must read the same live
and after a reload, and a reload rebuilds it from the record. What the record does not hold, a seat that
resigned, ran out of time or left, and the end of a game that ended so, the live game keeps with the step it
came at (``LiveGame.seat_news()``); ``with_news(lines, news)`` puts those lines back where the live log had them.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["UNLOGGED", "FollowsLiveGame", "loggable", "page_doc", "with_news"]

#: the live game's news that no seat's log keeps: "Blue takes seat 2." reached only the seats whose page was
#: open when it happened (not Blue's own) and was gone after a reload, since the store keeps that a seat was
#: taken but not when; the seats' table says who plays each seat instead
UNLOGGED = frozenset({"join"})


def loggable(events: list[Any]) -> list[Any]:
    """``events`` without those no seat's log keeps (``UNLOGGED``)."""
    return [e for e in events if getattr(e, "kind", "") not in UNLOGGED]


def with_news(lines: list[dict[str, Any]], news: list[tuple[int, Any]]) -> list[dict[str, Any]]:
    """A seat's log rebuilt from the record (``lines``: dicts with the ``step`` they came at, the number of
    actions in the log then), with the live game's news that the record does not hold (``news``: (step,
    event) in order, ``LiveGame.seat_news()``) put where a live log got them: after every line of their step
    or before, before the lines of later steps. The news' lines are as a live session makes them
    (``history.log_lines(events, step)``).

    >>> from academy.core.protocol import Event
    >>> log = [{"step": 1, "text": "a"}, {"step": 2, "text": "b"}, {"step": 3, "text": "c"}]
    >>> [line["text"] for line in with_news(log, [(2, Event("resigned", "Red resigns."))])]
    ['a', 'b', 'Red resigns.', 'c']
    """
    from academy.ui.history import log_lines
    todo = [(step, e) for step, e in news if getattr(e, "kind", "") not in UNLOGGED]
    out: list[dict[str, Any]] = []
    k = 0
    for line in lines:
        while k < len(todo) and todo[k][0] < line.get("step", 0):
            out += log_lines([todo[k][1]], todo[k][0])
            k += 1
        out.append(line)
    for step, event in todo[k:]:
        out += log_lines([event], step)
    return out


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
