"""The header of a shared game's page (academy/ui/seat_info.py): the seat's replay always, its review once
the game is finished (issue 22: a finished game's review one click from its seat page)."""
from __future__ import annotations

from academy.ui.seat_info import seat_info_pane
from academy.ui.seat_leaving import SeatLeaving


def test_the_review_link_appears_when_the_game_finishes() -> None:
    session = SeatLeaving()
    pane = seat_info_pane("Tactics game", 7, "Red", "tok", session)
    assert "Your seat: Red" in pane.object and "?match=7&amp;seat=tok&amp;replay=1" in pane.object
    assert "Review this game" not in pane.object
    session.status = "finished"
    assert "<a href='?match=7&amp;seat=tok&amp;replay=1&amp;review=1' class='review-link tap'>Review this game</a>" \
        in pane.object


def test_a_spectator_without_a_session_sees_the_replay_only() -> None:
    pane = seat_info_pane("Game", 3, None, None)
    assert "Watching" in pane.object and "?match=3&amp;replay=1" in pane.object and "review" not in pane.object
