"""Conquest's event log: the shared log view (``academy.ui.event_log``) on a session's ``log``.

Every event of the game, grouped by turn ("Turn 3 · Red"), newest turn first, in a scrollable box;
what the other players did since the learner's last action is marked "While you waited".
"""
from __future__ import annotations

from typing import Any

from academy.ui.event_log import EventLog as SharedLog

__all__ = ["EventLog", "people_at_screen"]


def people_at_screen(model: Any) -> set[int]:
    """The players of the person at this screen: the viewer (the human to move, or the only human) of a
    local game, the seat's player of a shared one; none for a replay or a spectator."""
    viewer = getattr(model, "viewer", None)
    if isinstance(viewer, int) and not isinstance(viewer, bool):
        return {viewer}
    player = getattr(model, "player", None)
    return {player} if isinstance(player, int) and not isinstance(player, bool) else set()


def EventLog(model: Any, **params: Any) -> SharedLog:  # noqa: N802 - the view's name, as before
    """The log view of ``model`` (a ConquestSession, a replay or a shared game's session)."""
    return SharedLog(model, entries=lambda: model.log, mine=lambda: people_at_screen(model), watch=["log"],
                     css_classes=["event-log"], **params)
