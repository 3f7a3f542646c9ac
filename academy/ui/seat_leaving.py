"""SeatLeaving: where one seat of a shared game stands (in, out, won) and resigning, for any game.

A shared session mixes it in and provides ``live_game`` (the ``LiveGame``), ``token``, ``player``
(None for a spectator), ``spectator``, ``engine_game`` (for player names), a ``message`` parameter
and ``_refresh_view()`` (show the live game's view again); it keeps ``status``, ``seat_status``
and ``winner`` up to date from each ``LiveView``. ``academy.ui.leave_view.LeaveView`` is its panel.
Its ``_take_seat()`` joins the seat when the page opens, for every game's shared session.
"""
from __future__ import annotations

import logging
from typing import Any

import param

from academy.core.errors import RulesError
from academy.store.errors import BadToken, StoreError

__all__ = ["SeatLeaving"]

log = logging.getLogger("academy.ui.seat_leaving")


class SeatLeaving(param.Parameterized):
    """This seat's standing and its Resign; see the module docstring."""

    status = param.String("running", doc='the game\'s status: "open", "running", "finished"')
    seat_status = param.List([], doc='one entry per player: "in", "resigned", "timed_out", "abandoned"')
    winner = param.Integer(None, allow_None=True, doc="the winner once the game is finished")

    token: str | None
    player: int | None

    @property
    def live_game(self) -> Any:
        raise NotImplementedError

    def _refresh_view(self) -> None:
        raise NotImplementedError

    @property
    def seat_index(self) -> int | None:
        """This screen's seat as the live game numbers it (None: a spectator)."""
        return self.player

    @property
    def out(self) -> bool:
        """True once this seat resigned (or timed out, or left): it can no longer act."""
        seat = self.seat_index
        return seat is not None and seat < len(self.seat_status) and self.seat_status[seat] != "in"

    def _take_seat(self) -> None:
        """Join this page's seat in the live game as the page opens (nothing for a spectator).

        Raises BadToken when the token no longer opens the seat: someone took the open seat between
        the page's ``seat_of`` and this join, and the old link must open nothing (issue 13, item 2),
        so the page is not built, shows no seat view and does not subscribe. Any other refusal (a
        finished game cannot be joined) is logged: the page shows the game as it is.
        """
        if not self.token:
            return
        try:
            self.live_game.join(self.token)
        except BadToken:
            raise
        except StoreError as exc:
            log.warning("game %s: seat %s not joined: %s", self.live_game.game_id, self.seat_index, exc)

    def resign(self) -> bool:
        """This seat resigns (the page asks for confirmation first); False if refused (``message`` says why)."""
        if self.seat_index is None:
            self.message = "You are watching this game: only its players can resign."
            return False
        if self.status == "finished":
            self.message = "This game is over: there is nothing to resign."
            return False
        return self._end_by(lambda: self.live_game.resign(self.token))

    def _end_by(self, call: Any) -> bool:
        """Ask the live game to end this seat's part (``call``: a resignation, a claim on time); False and the
        store's reason in ``message`` if refused, else the view refreshed and where this seat stands."""
        try:
            call()
        except (StoreError, RulesError) as exc:
            self.message = getattr(exc, "message", None) or str(exc)
            return False
        self._refresh_view()
        self.message = self.outcome()
        return True

    def outcome(self) -> str:
        """One sentence on this seat's standing: out, won, lost; '' while it plays on."""
        names = self.engine_game.player_name
        seat = self.seat_index
        won = "" if self.winner is None else f"{names(self.winner)} wins."
        if seat is None:
            return f"The game is over. {won}".strip() if self.status == "finished" else ""
        if self.status == "finished" and self.winner == seat:
            return "The game is over: you win!"
        if self.out:
            how = self.seat_status[seat].replace("_", " ")
            rest = f"The game is over. {won}" if self.status == "finished" else \
                "The game goes on without you (the computer plays on for you)."
            return f"You {how}: you are out of this game. {rest}".strip()
        if self.status == "finished":
            return f"The game is over. {won}".strip()
        return ""
