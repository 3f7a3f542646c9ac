"""A shared Fronts game: one seat (or a spectator) of a live game in academy/store/live.py.

``SharedFronts`` is the Fronts board's session (``FrontsSession``) bound to a ``LiveGame`` and a seat
token: the board draws ``view(player).observation`` only (the fog of that seat), orders are checked
and odds computed in the server process from the seat's own view, Submit stores the orders
(``live.submit``; others see only that this seat has submitted), and the turn resolves on the server
when nobody is waiting (CPU players order on their own). Messages and Resign come from the seat
mixins; a player who leaves surrenders, and a team whose players have all left is out. The seat line
links to the game's replay (this seat's own view while the game runs).
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from academy.core.errors import RulesError
from academy.games.fronts.game import FrontsGame
from academy.games.fronts.mapdata import load_map
from academy.store.errors import StoreError
from academy.ui.fit import board_and_side
from academy.ui.defer import later
from academy.ui.leave_view import LeaveView
from academy.ui.messages_view import MessagesView
from academy.ui.seat_chat import SeatChat
from academy.ui.seat_info import seat_info_pane
from academy.ui.seat_leaving import SeatLeaving
from academy.ui.session_loop import in_session

from .board import FrontsBoard
from .panels import OddsPanel, OrdersPanel, ReportsPanel
from .session import FrontsSession
from academy.ui.rule_line import divider
from academy.ui.live_follow import FollowsLiveGame, page_doc

__all__ = ["SharedFronts", "SharedFrontsPage", "shared_fronts_page"]


class SharedFronts(FrontsSession, SeatChat, SeatLeaving, FollowsLiveGame):
    """One seat's view of a live Fronts game; see the module docstring."""

    waiting = param.List([], doc="the seats (indices) that have not submitted this turn")

    def __init__(self, game: Any, token: str | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.live = game
        self.token = token
        self.seat: int | None = game.seat_of(token) if token else None      # raises BadToken
        self.game = FrontsGame(**game.info.options)
        self.fmap = load_map(self.game.map.id)
        self.engine_game = self.game
        self._doc = page_doc()
        self._take_seat()                  # raises BadToken if the seat was claimed since seat_of
        self._load_messages()
        self._follow(game, self.seat)
        self.param.update(player=self.game.player_ids[self.seat] if self.seat is not None else None)
        who = f"you play {self.player_name(self.player)}" if self.player else "watching"
        self._apply(message=f"Game {game.game_id}: {who}.")
        if self.player:
            turn = (self.obs or {}).get("turn")
            self.message = " ".join(filter(None, [self.message, self.submitted_note(f"turn {turn}")]))

    # the seat mixins speak of ``player`` as a seat index
    @property
    def live_game(self) -> Any:
        return self.live

    @property
    def num_seats(self) -> int:
        return self.game.num_players

    @property
    def seat_index(self) -> int | None:
        return self.seat

    # --- the live game -----------------------------------------------------------------------
    def _engine_state(self) -> Any:
        return self.live.state_copy()      # server-side only: checking orders, odds from this seat's view

    def _apply(self, message: str | None = None) -> None:
        view = self.live.view(self.seat)
        self.param.update(status=view.status, seat_status=[s.status for s in view.seats], winner=view.winner,
                          waiting=list(view.waiting))
        last = view.observation.get("last")
        if last and (not self.reports or self.reports[-1]["events"] != last):
            self.reports = self.reports + [{"turn": view.observation.get("turn", 0) - 1, "events": last}]
        self._show(view.observation, message=message, keep_pending=True)

    def _refresh_view(self) -> None:
        self._apply()

    def _on_change(self, step: int, events: list[Any]) -> None:
        wrote = any(getattr(e, "kind", "") == "message" for e in events)

        def update() -> None:
            self._apply()
            if wrote:
                self._load_messages()
        in_session(self._doc, update)

    def _refusal(self) -> str | None:
        if self.seat is None:
            return "You are watching this game: open your seat's link to give orders."
        if self.status == "finished":
            return "This game is over."
        if self.out:
            return "You are out of this game."
        return super()._refusal()

    def _send(self, orders: list[str]) -> None:
        try:
            self.live.submit(self.token, orders)
        except StoreError as exc:
            raise RulesError("store", str(exc)) from exc
        self._apply(message="Orders submitted: you can change them and submit again until the turn resolves.")

    def waiting_text(self) -> str:
        if self.obs is None or self.obs.get("result"):
            return ""
        names = [self.player_name(self.game.player_ids[i]) for i in self.waiting]
        return f"Waiting for: {', '.join(names)}." if names else "Everyone has given orders."


class SharedFrontsPage(pn.viewable.Viewer):
    """The page of a shared Fronts game for one seat (or a spectator)."""

    session = param.Parameter()

    def __init__(self, session: SharedFronts, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        self.seat_info = seat_info_pane("Fronts game", s.live.game_id, s.player_name(s.player) if s.player else None,
                                        s.token, s)
        self.waiting = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["waiting-list"])
        self.board = FrontsBoard(s)
        side = pn.Column(self.waiting, OrdersPanel(s), OddsPanel(s), LeaveView(s), divider(),
                         MessagesView(s), sizing_mode="stretch_width", margin=0, css_classes=["side-panel"])
        self.layout = pn.Column(self.seat_info, board_and_side(pn.Column(self.board, sizing_mode="stretch_width", margin=0), side, 420),
                                ReportsPanel(s), sizing_mode="stretch_width", css_classes=["fronts-play", "shared-play"])
        s.param.watch(later(self._update), ["waiting", "obs", "status"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _update(self, *events: Any) -> None:
        text = self.session.waiting_text()
        self.waiting.object = f"<div class='waiting'>{html.escape(text)}</div>" if text else ""


def shared_fronts_page(game: Any, seat: str | None = None) -> pn.viewable.Viewable:
    """The page of a shared Fronts game for the seat ``seat`` opens (None: watching)."""
    return SharedFrontsPage(SharedFronts(game, seat or None))
