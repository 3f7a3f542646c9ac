"""A shared Game of War: one seat (or a spectator) of a live game in academy/store/live.py.

``SharedGameOfWar`` is the board's session (``GameOfWarSession``) bound to a ``LiveGame`` and a seat
token: the state comes from ``view(player).observation`` only (during free deployment the other
side's units are left out), a click's action goes to ``live.act(token, action)`` (the engine checks
it on the real game), CPU seats are played by the server, and every change anywhere reaches this
page through the live game's subscription (another side's deployment events say only that a unit was
placed). Messages and Resign come from the seat mixins; the seat line links to the game's replay.

Free deployment: the seat to deploy places its army as a draft on its own page (the session's
placements, checked by the engine on a copy of its own view) and Done sends the placements to the live
game; the other seat is told only that the army is being deployed, then that it is deployed. North
deploys first (the engine's order), then South; play starts when both are done.
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from academy.core.errors import RulesError
from academy.games.game_of_war.game import GameOfWarGame
from academy.store.errors import StoreError
from academy.ui.labels import wrapping_row
from academy.ui.fit import board_and_side
from academy.ui.defer import later
from academy.ui.history import log_lines
from academy.ui.leave_view import LeaveView
from academy.ui.messages_view import MessagesView
from academy.ui.seat_chat import SeatChat
from academy.ui.seat_info import seat_info_pane
from academy.ui.seat_leaving import SeatLeaving
from academy.ui.session_loop import in_session

from .board import GameOfWarBoard
from .deploy import DeploymentPanel
from .play import CSS, LEGEND, preview_html, status_html
from .replay import visible_events
from .session import HUMAN, GameOfWarSession
from academy.ui.rule_line import divider
from academy.ui.live_follow import FollowsLiveGame, loggable, page_doc, with_news
from ..tap_answer import TAP_ANSWER

__all__ = ["SharedGameOfWar", "SharedGameOfWarPage", "shared_game_of_war_page"]

REMOTE = "remote"          # a seat played from another browser (or by the server's CPU)


class SharedGameOfWar(GameOfWarSession, SeatChat, SeatLeaving, FollowsLiveGame):
    """One seat's view of a live Game of War; see the module docstring."""

    #: a seat resigns the shared game (the store's resignation, for every seat), not the local one of the
    #: session this class builds on (``resign.Resigning``)
    resign = SeatLeaving.resign

    def __init__(self, game: Any, token: str | None = None, **params: Any) -> None:
        super().__init__(synchronous=True, **params)
        self.live = game
        self.token = token
        self.player: int | None = game.seat_of(token) if token else None   # raises BadToken
        self.engine_game = GameOfWarGame(**game.info.options)
        self._doc = page_doc()
        self._take_seat()                  # raises BadToken if the seat was claimed since seat_of
        self._load_messages()
        self._history()
        self._follow(game, self.player)
        who = f"you play {self.engine_game.player_name(self.player)}" if self.player is not None else "watching"
        self._apply(message=f"Game {game.game_id}: {who}.")

    @property
    def live_game(self) -> Any:
        return self.live

    @property
    def num_seats(self) -> int:
        return 2

    def seat_label(self, player: int | None) -> str:
        if player is None:
            return ""
        name = self.engine_game.player_name(player)
        return f"{name} (you)" if player == self.player else name

    # --- the live game -----------------------------------------------------------------------
    def _history(self) -> None:
        """What this seat saw so far, replayed from the record as the subscription told it (another side's
        deployment hidden): the log, the moves of the last finished turn (``trail``) and those of the turn
        under way. A page opened again (a reload) draws what the open page drew."""
        record = self.live.record_copy()
        state = record.initial_state()
        log: list[dict[str, Any]] = []
        trail: list[dict[str, Any]] = []
        self._turn_moves = []
        for entry in record.entries:
            events = visible_events(state.apply(entry.action), self.player)
            log += log_lines(events, len(state.record), state)
            trail = self._track(events, state.position).get("trail", trail)
        self.param.update(log=with_news(log, self.live.seat_news()), trail=trail)       # and who left when

    def _apply(self, message: str | None = None, events: list[Any] | None = None, step: int = 0) -> None:
        view = self.live.view(self.player)
        changes: dict[str, Any] = dict(state=self.engine_game.view_state(view.observation, view.step),
                                       seats=[HUMAN if p == self.player else REMOTE for p in range(2)])
        self.param.update(status=view.status, seat_status=[s.status for s in view.seats], winner=view.winner)
        if events:
            changes.update(last_events=list(events), log=self.log + log_lines(list(events), step),
                           **self._track(list(events)))
        if message is not None:
            changes["message"] = message
        self._publish(**changes)

    def _refresh_view(self) -> None:
        self._apply()

    def _on_change(self, step: int, events: list[Any]) -> None:
        """Called by the live game on the thread that made the change: hand it to this session."""
        def update() -> None:
            shown = visible_events([e for e in loggable(events) if getattr(e, "kind", "") != "message"], self.player)
            self._apply(events=shown, step=step)
            if any(getattr(e, "kind", "") == "message" for e in events):
                self._load_messages()
        in_session(self._doc, update)

    def _do(self, action: Any) -> bool:
        if self.player is None:
            self._publish(message="You are watching this game: open your seat's link to play.")
            return False
        if self.out:
            self._publish(message="You are out of this game.")
            return False
        try:
            self.live.act(self.token, action)
        except (StoreError, RulesError) as exc:
            self._publish(message=getattr(exc, "message", None) or str(exc))
            return False
        self._apply(message="")          # the events arrive through the subscription
        return True

    def _run_cpu(self) -> None:
        """CPU seats of a shared game are played by the server."""

    def _commit_placements(self, placements: list[Any]) -> dict[str, Any] | None:
        """Free deployment's Done: each placement goes to the live game (the engine checks it there); the
        events come back through the subscription, the other seat learning only that units were placed."""
        if self.player is None or self.out:
            self._publish(message="You are watching this game: open your seat's link to play.")
            return None
        for action in placements:
            try:
                self.live.act(self.token, action)
            except (StoreError, RulesError) as exc:
                self._apply(message=getattr(exc, "message", None) or str(exc))
                return None
        self._apply()
        return {}

    def undo(self) -> bool:
        if self.deploying is not None:       # a placement of this seat's draft, not yet sent
            return super().undo()
        self._publish(message="In a shared game a move cannot be taken back.")
        return False


class SharedGameOfWarPage(pn.viewable.Viewer):
    """The page of a shared Game of War for one seat (or a spectator)."""

    session = param.Parameter()

    def __init__(self, session: SharedGameOfWar, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        seat = s.engine_game.player_name(s.player) if s.player is not None else None
        self.seat_info = seat_info_pane("Game of War", s.live.game_id, seat, s.token, s)
        self.board = GameOfWarBoard(s)
        self.status = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["gow-status"])
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["game-message", TAP_ANSWER])
        self.preview = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["gow-preview"])
        self.attack_button = pn.widgets.Button(label="Attack", color="danger", width=110, css_classes=["attack"])
        self.attack_button.on_click(lambda e: s.attack())
        self.end_button = pn.widgets.Button(label="End turn", color="primary", width=110, css_classes=["end-turn"])
        self.end_button.on_click(lambda e: s.end_turn())
        self.lines = pn.widgets.RadioButtonGroup(color="primary",
                                                 variant="outline", options={"No lines": "", "North's lines": "north",
                                                          "South's lines": "south"}, value="",
                                                 css_classes=["network-choice"])
        self.lines.param.watch(lambda e: s.show_network(e.new or None), "value")
        self.deploy_panel = DeploymentPanel(s)
        self.play_buttons = wrapping_row(self.attack_button, self.end_button, margin=0)
        side = pn.Column(self.status, self.message, self.preview, self.play_buttons, self.deploy_panel,
                         self.lines, LeaveView(s), divider(), MessagesView(s),
                         sizing_mode="stretch_width", margin=0, css_classes=["side-panel"])
        self.layout = pn.Column(self.seat_info,
                                board_and_side(pn.Column(self.board, pn.pane.HTML(LEGEND, stylesheets=[CSS],
                                                                                  sizing_mode="stretch_width"),
                                                         sizing_mode="stretch_width", margin=0), side, 390),
                                sizing_mode="stretch_width", css_classes=["game-of-war-play", "shared-play"])
        s.param.watch(later(self._update), ["state", "message", "preview", "target", "selected", "status",
                                            "placements"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _update(self, *events: Any) -> None:
        s = self.session
        self.status.object = status_html(s) if s.state is not None else ""
        self.message.object = (f"<div class='academy-message'>{html.escape(s.message)}</div>" if s.message else "")
        self.preview.object = preview_html(s)
        mine = s.state is not None and s.player is not None and s.state.to_move() == s.player \
            and s.status != "finished" and not s.out
        deploying = s.state is not None and s.state.phase == "deploy"
        self.attack_button.disabled = not (mine and s.preview is not None)
        self.end_button.disabled = not mine or deploying
        self.play_buttons.visible = not deploying


def shared_game_of_war_page(game: Any, seat: str | None = None) -> pn.viewable.Viewable:
    """The page of a shared Game of War for the seat ``seat`` opens (None: watching)."""
    return SharedGameOfWarPage(SharedGameOfWar(game, seat or None))
