"""The page of one seat of a shared Conquest game (or a spectator), opened by its link: the board,
controls, odds panel, players and event log on a ``SharedSession``; for a seat also the messages panel
(``academy.ui.messages_view.MessagesView``) and a Resign button that asks for confirmation first."""
from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from academy.ui.fit import board_and_side, side_by_side
from academy.ui.defer import later
from academy.ui.leave_view import LeaveView
from academy.ui.live_session import SharedSession
from academy.ui.rule_line import divider
from academy.ui.seat_info import seat_info_pane

__all__ = ["SharedPlayPage", "conquest_shared_page"]


class SharedPlayPage(pn.viewable.Viewer):
    """A shared Conquest game for one seat (or a spectator): board, controls, odds, players, log."""

    session = param.Parameter()

    def __init__(self, session: SharedSession, **params: Any) -> None:
        super().__init__(session=session, **params)
        from academy.ui.conquest.banner import PhaseBanner, players_html
        from academy.ui.conquest.board import ConquestBoard
        from academy.ui.conquest.controls import PhaseControls
        from academy.ui.conquest.keyboard import ActionPicker
        from academy.ui.conquest.log_view import EventLog
        from academy.ui.conquest.odds_panel import OddsPanel
        from academy.ui.conquest.style import CSS
        self._players_html, self._css = players_html, CSS
        s = session
        self.seat_info = seat_info_pane("Game", s.game.game_id,
                                        None if s.spectator else s.engine_game.player_name(s.player), s.token, s)
        self.banner = PhaseBanner(s)
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["game-message"])
        self.board = ConquestBoard(s)
        self.players = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["players"])
        from academy.ui.messages_view import MessagesView
        self.messages = MessagesView(s)
        self.leave = LeaveView(s)
        self.clock = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["game-clock"])
        self.claim_button = pn.widgets.Button(label="Claim the win", color="warning", width=140, visible=False,
                                              css_classes=["claim-win"])
        self.claim_button.on_click(lambda e: self.claim_win())
        timing = pn.Column(self.clock, self.claim_button, margin=0, sizing_mode="stretch_width",
                           css_classes=["clock-panel"])
        side = pn.Column(self.message, timing, PhaseControls(s), divider(), OddsPanel(s), divider(),
                         self.players, self.leave, divider(), self.messages,
                         sizing_mode="stretch_width", margin=0, css_classes=["side-panel"])
        self.layout = pn.Column(
            self.seat_info, self.banner,
            board_and_side(self.board, side, 390),
            side_by_side(
                (pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>Play with the keyboard</h3>"),
                           self._picker(ActionPicker(s)), sizing_mode="stretch_width", margin=0), 320, 1),
                (pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>What happened</h3>"), EventLog(s),
                           sizing_mode="stretch_width", margin=0), 320, 1)),
            sizing_mode="stretch_width", css_classes=["conquest-play", "shared-play"])
        s.param.watch(later(self._update), ["state", "message", "seats", "status", "seat_status", "winner",
                                            "deadline", "clock"])
        self._update()
        if s.clock is not None and pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            # the time left counts down on the page; a cheap text update once a second
            self._ticker = pn.state.add_periodic_callback(self.tick, period=1000)

    def tick(self) -> None:
        """Refresh the clock line and the claim button (every second while a clock runs)."""
        s = self.session
        text = s.clock_text()
        obj = f"<div class='academy-clock' role='timer'>{html.escape(text)}</div>" if text else ""
        if obj != self.clock.object:
            self.clock.object = obj
        claim = s.can_claim_win()
        if claim != self.claim_button.visible:
            self.claim_button.visible = claim

    def claim_win(self) -> bool:
        ok = self.session.claim_win()
        self._update()
        self.leave.update()
        return ok

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _picker(self, picker: Any) -> Any:
        self.picker = picker
        return picker

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            text = s.message
            obj = (f'<div class="academy-message" role="status" aria-live="polite">{html.escape(text)}</div>'
                   if text else "")
            if self.message.object != obj:
                self.message.object = obj
            players = self._players_html(s)
            if players != self.players.object:
                self.players.object = players
            self.tick()


def conquest_shared_page(game: Any, seat: str | None = None) -> pn.viewable.Viewable:
    """A shared Conquest game's seat (or watch) page."""
    return SharedPlayPage(SharedSession(game, seat or None))
