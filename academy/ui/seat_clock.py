"""The clock of a shared game in turns, for one seat: the session's side (``SeatClock``: the clock line,
the time left, the daily clock's claim of the win) and the page's (``ClockView``: that line, counting down
once a second, and the "Claim the win" button). Conquest's and Tactics' seat pages use both; the games of
simultaneous orders show their phase deadline with their orders (academy/ui/orders_session.py).

A session that mixes in ``SeatClock`` has ``live_game`` (the ``LiveGame``), ``token``, ``player`` (None: a
spectator), ``state``, ``status``, ``out``, ``seat_label``, ``is_cpu``, ``outcome``, ``_refresh_view`` and
``message`` and ``_end_by`` (the seat mixins, ``SeatLeaving`` first, and the game's session give them).
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from academy.store.live import duration_text

__all__ = ["SeatClock", "ClockView"]


class SeatClock(param.Parameterized):
    """The clock of a shared game as one seat sees it; see the module docstring."""

    clock = param.Dict(None, allow_None=True, doc='the game\'s clock: {"mode": "live" | "daily", "seconds": N}')
    deadline = param.Parameter(None, doc="when the turn under way runs out (an aware datetime), or None")

    def time_left(self) -> float | None:
        """Seconds left for the turn under way (negative once it has run out); None without a clock."""
        return self.live_game.time_left() if self.deadline is not None else None

    def clock_text(self) -> str:
        """The clock line for this screen: whose time runs, how much is left, what can be done."""
        if self.clock is None or self.status == "finished":
            return ""
        per = duration_text(self.clock["seconds"])
        kind = f"live clock, {per} per turn" if self.clock["mode"] == "live" else f"daily clock, {per} per move"
        left = self.time_left()
        if left is None:
            return f"⏱ {kind}: it starts when every seat is taken." if self.status == "open" else f"⏱ {kind}."
        mover = self.state.to_move() if self.state is not None else None
        who = "your" if mover == self.player else f"{self.seat_label(mover)}'s" if mover is not None else "the"
        if left > 0:
            return f"⏱ {duration_text(left)} left of {who} time ({kind})."
        if self.can_claim_win():
            return f"⏱ {self.seat_label(mover)} has run out of time: you can claim the win."
        return f"⏱ Time is up for {who} move ({kind})."

    def can_claim_win(self) -> bool:
        """True when this seat may claim the win: a daily clock has run out on the player to move."""
        if self.player is None or self.out or self.status != "running" or self.clock is None \
                or self.clock["mode"] != "daily" or self.state is None:
            return False
        mover = self.state.to_move()
        left = self.time_left()
        return mover is not None and mover != self.player and not self.is_cpu(mover) and left is not None \
            and left <= 0

    def claim_win(self) -> bool:
        """Claim the win on time; False if refused (``message`` says why)."""
        return self._end_by(lambda: self.live_game.claim_win(self.token))


class ClockView(pn.viewable.Viewer):
    """The clock line and "Claim the win" of a seat's page; ``on_claim`` runs after a claim (the page
    redraws what the end of the game changes)."""

    def __init__(self, session: SeatClock, on_claim: Any = None, **params: Any) -> None:
        super().__init__(**params)
        self.session, self._on_claim = session, on_claim
        self.line = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["game-clock"])
        self.claim_button = pn.widgets.Button(label="Claim the win", color="warning", width=140, visible=False,
                                              css_classes=["claim-win"])
        self.claim_button.on_click(lambda e: self.claim_win())
        self.layout = pn.Column(self.line, self.claim_button, margin=0, sizing_mode="stretch_width",
                                css_classes=["clock-panel"])
        self.tick()
        if session.clock is not None and pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            # the time left counts down on the page; a cheap text update once a second
            self._ticker = pn.state.add_periodic_callback(self.tick, period=1000)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def tick(self) -> None:
        """Refresh the clock line and the claim button (every second while a clock runs)."""
        s = self.session
        text = s.clock_text()
        obj = f"<div class='academy-clock' role='timer'>{html.escape(text)}</div>" if text else ""
        if obj != self.line.object:
            self.line.object = obj
        claim = s.can_claim_win()
        if claim != self.claim_button.visible:
            self.claim_button.visible = claim

    def claim_win(self) -> bool:
        ok = self.session.claim_win()
        if self._on_claim is not None:
            self._on_claim()
        self.tick()
        return ok
