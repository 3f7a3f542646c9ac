"""A shared Tactics game: one seat (or a spectator) of a live game in academy/store/live.py.

``SharedTactics`` is the Play page's session (``TacticsSession``) bound to a ``LiveGame`` and a seat
token. It never holds the engine's full state:

- ``state`` is the engine's view state (``TacticsGame.view_state``) of ``live.view(seat).observation``
  only: under fog the enemy units out of this seat's sight and the enemy funds never reach this
  session, hence never the board's data or the side panels (a spectator of a running fog game sees
  what every side sees: the engine's ``public_observation``);
  the legal actions, odds and threats the page offers are computed on that view, as the engine's own
  ``legal_actions`` does for the player to move (it knows only the enemies it sees);
- a tap's action goes to ``live.act(token, action)``: the engine checks it on the real game (an
  ambush by a hidden unit happens there);
- every change anywhere (the other seat's browser, a CPU seat played by the server) reaches this page
  through the live game's subscription; the events are filtered by this seat's fog on the acting
  thread, from the seat's observation right after the step (``view.visible_events``), and its log, last
  attack and trail of the other side's moves are kept by ``sight.Memories`` as on the local page.

Messages, Resign and the clock come from the seat mixins (``SeatChat``, ``SeatLeaving``, ``SeatClock``), as
on every shared game's page; the seat line links to the game's replay (this seat's own view while the
game runs).
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from academy.core.errors import RulesError
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.view import public_observation, visible_events
from academy.store.errors import StoreError
from academy.ui.fit import board_and_side
from academy.ui.defer import later
from academy.ui.history import log_lines
from academy.ui.leave_view import LeaveView
from academy.ui.messages_view import MessagesView
from academy.ui.seat_chat import SeatChat
from academy.ui.seat_clock import ClockView, SeatClock
from academy.ui.seat_info import seat_info_pane
from academy.ui.seat_leaving import SeatLeaving
from academy.ui.session_loop import in_session

from .board import TacticsBoard
from .controls import ActionControls
from .panels import CSS, LEGEND, odds_html, status_html, why_html
from .session import HUMAN, TacticsSession
from .sight import Memories
from academy.ui.rule_line import divider
from academy.ui.live_follow import FollowsLiveGame, loggable, page_doc, with_news
from ..tap_answer import TAP_ANSWER

__all__ = ["SharedTactics", "SharedTacticsPage", "shared_tactics_page"]

#: events of the live game itself (not of the board): each says who, never where
STORE_EVENTS = ("join", "resigned", "timed_out", "abandoned", "game_over", "cpu_error", "sync", "deadline")


class SharedTactics(TacticsSession, SeatChat, SeatLeaving, SeatClock, FollowsLiveGame):
    """One seat's view of a live Tactics game; see the module docstring."""

    #: a seat resigns the shared game (the store's resignation, for every seat), not the local one of the
    #: session this class builds on (``resign.Resigning``)
    resign = SeatLeaving.resign

    def __init__(self, game: Any, token: str | None = None, **params: Any) -> None:
        super().__init__(synchronous=True, **params)
        self.live = self.game = game
        self.token = token
        self.player: int | None = game.seat_of(token) if token else None     # raises BadToken
        self.engine_game = TacticsGame(**game.info.options)
        self._doc = page_doc()
        self._take_seat()                  # raises BadToken if the seat was claimed since seat_of
        self._load_messages()
        self._memories = self._history()
        self._follow(game, self.player)
        who = f"you play {self.engine_game.player_name(self.player)}" if self.player is not None else "watching"
        fog = " Fog of war is on: you see only what your units see." if self.engine_game.options["fog"] else ""
        self._apply(message=f"Game {game.game_id}: {who}.{fog}")

    # --- the seat ------------------------------------------------------------------------------
    @property
    def live_game(self) -> Any:
        return self.live

    @property
    def num_seats(self) -> int:
        return self.engine_game.num_players

    @property
    def hot_seat(self) -> bool:
        return False                     # each person has a screen of their own

    def _viewer_now(self) -> int | None:
        return self.player

    def seat_label(self, player: int | None, game: Any = None) -> str:
        label = super().seat_label(player, game)
        return f"{label} (you)" if player is not None and player == self.player else label

    # --- what this seat may see ----------------------------------------------------------------
    def _look(self) -> tuple[Any, dict[str, Any]]:
        """(the live view, the observation this page may show): the seat's own; a spectator's of a
        running fog game is what every side sees."""
        view = self.live.view(self.player)
        if self.player is None and self.engine_game.options["fog"] and view.status != "finished":
            obs = public_observation([self.live.state_for(p) for p in range(self.num_seats)])
        else:
            obs = view.observation
        if view.status == "finished" and not obs["over"]:      # ended off the board: resigned, out of time
            obs = {**obs, "over": True, "winner": view.winner}
        return view, obs

    def _history(self) -> Memories:
        """What this seat saw of the game so far (its log, last attack and trail), from the record, and who
        left the game when (``LiveGame.seat_news``)."""
        from .replay import TacticsRecordReplay
        replay = TacticsRecordReplay(self.live.record_copy(), viewer=self.player, masked=True)
        memories = Memories(starts_only=True)
        memories.logs[self.player] = with_news(replay.history(len(replay)), self.live.seat_news())   # who left
        return memories

    def _apply(self, message: str | None = None, events: list[Any] | None = None) -> None:
        view, obs = self._look()
        seats = [HUMAN if s.kind == "human" else (s.level or "normal") for s in view.seats]
        self.param.update(status=view.status, seat_status=[s.status for s in view.seats], winner=view.winner,
                          clock=view.clock, deadline=view.deadline)
        with param.parameterized.discard_events(self):
            self.state = self.engine_game.view_state(obs, view.step)
            self.seats = seats
            self.viewer = self.player
            self.thinking = view.status != "finished" and self.is_cpu(view.to_move)
        changes: dict[str, Any] = dict(self._memories.of(self.player), thinking=self.thinking)
        if events is not None:
            changes["last_events"] = list(events)
        if message is not None:
            changes["message"] = message
        self._clear(**changes)

    def _refresh_view(self) -> None:
        self._apply()

    def _on_change(self, step: int, events: list[Any]) -> None:
        """Called by the live game on the thread that made the change: judge what this seat may see of
        it now (from its observation right after the step), then hand it to this session."""
        board = [e for e in events if e.kind != "message" and e.kind not in STORE_EVENTS]
        others = [e for e in events if e.kind in STORE_EVENTS]
        wrote = any(e.kind == "message" for e in events)
        try:
            _, obs = self._look()
        except StoreError:
            return
        ended = next((e for e in board if e.kind == "end_turn"), None)
        mover = ended.data.get("player") if ended is not None else obs.get("current")
        seen = self.engine_game.view_state(obs, step)
        shown = visible_events(seen, board, mover, self.player) + others

        def update() -> None:
            before = self.state.current if self.state is not None else None
            self._memories.add(seen, board, mover, [self.player], ended is not None)
            if loggable(others):
                self._memories.logs[self.player] = (self._memories.logs.get(self.player, [])
                                                    + log_lines(loggable(others), step))
            message = None
            if others or (self.status == "running" and self.live.status == "finished"):
                message = others[-1].text if others else ""
            self._apply(events=shown, message=message)
            if message is not None and self.outcome():
                self.message = self.outcome()
            elif self.player is not None and before != self.player and self.state.current == self.player \
                    and self.status == "running" and not self.out:
                self._publish(message=f"Your turn, day {self.state.day}.")
            if wrote:
                self._load_messages()
        in_session(self._doc, update)

    # --- acting --------------------------------------------------------------------------------
    def _refuse(self) -> str | None:
        if self.player is None:
            return "You are watching this game: open your seat's link to play."
        if self.status == "finished":
            return "This game is over."
        if self.out:
            return "You are out of this game."
        if self.state is not None and not self.state.is_terminal() and self.state.to_move() != self.player:
            mover = self.state.to_move()
            return f"Not your turn: {self.seat_label(mover)} is to move; wait for your turn."
        return super()._refuse()

    def my_actions(self) -> list[Any]:
        if self.player is None or self.out or self.status == "finished":
            return []
        return super().my_actions()

    def _do(self, action: Any) -> bool:
        refusal = self._refuse()
        if refusal:
            self._publish(message=refusal)
            return False
        try:
            played = f"Played: {self.describe(action)}."
        except RulesError:
            played = "Played."
        try:
            events = self.live.act(self.token, action)
        except (StoreError, RulesError) as exc:
            self._apply(message=getattr(exc, "message", None) or str(exc))
            return False
        mine = [e for e in events if e.kind not in STORE_EVENTS]
        ended = next((e for e in mine if e.kind == "end_turn"), None)
        text = ended.text if ended is not None else mine[-1].text if mine else played
        if self.live.status == "finished":
            self._apply(message=self.outcome() or text)
        elif self.live.to_move() != self.player:
            self._apply(message=f"{text} Now {self.seat_label(self.live.to_move())} plays.")
        else:
            self._apply(message=text)
        return True

    def _run_cpu(self) -> None:
        """CPU seats of a shared game are played by the server."""

    def show_screen(self) -> None:
        """Nothing to do: this screen is one seat's own."""

    def save_json(self) -> str:
        raise ValueError("A shared game's record opens on its replay page (downloadable once the game is over).")


class SharedTacticsPage(pn.viewable.Viewer):
    """The page of a shared Tactics game for one seat (or a spectator): the Play page's board, status,
    controls, odds and why, plus the clock, Resign, the messages and a link to the replay."""

    session = param.Parameter()

    def __init__(self, session: SharedTactics, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        seat = s.engine_game.player_name(s.player) if s.player is not None else None
        self.seat_info = seat_info_pane("Tactics game", s.live.game_id, seat, s.token, s)
        self.board = TacticsBoard(s)
        self.status = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["tactics-status"])
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["game-message", TAP_ANSWER])
        self.clock = ClockView(s, on_claim=self._claimed)
        self.controls = ActionControls(s)
        self.controls.layout.visible = s.player is not None
        self.odds = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["attack-odds"])
        self.why = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["attack-why"])
        from academy.ui.event_log import EventLog
        self.events = EventLog(s, entries=lambda: s.log, mine=lambda: {s.player} if s.player is not None else set(),
                               watch=["log"], css_classes=["last-events"], max_height=360)
        self.leave = LeaveView(s)
        side = pn.Column(self.status, self.message, self.clock, self.controls, self.odds, self.why, self.leave,
                         divider(), self.events,
                         divider(), MessagesView(s), sizing_mode="stretch_width", margin=0,
                         css_classes=["side-panel"])
        width = max(520, int(self.board.figure.width or 0))
        self.layout = pn.Column(self.seat_info,
                                board_and_side(pn.Column(self.board, pn.pane.HTML(LEGEND, stylesheets=[CSS],
                                                                                  sizing_mode="stretch_width",
                                                                                  max_width=width),
                                                         sizing_mode="stretch_width", margin=0), side, 430),
                                sizing_mode="stretch_width", css_classes=["tactics-play", "shared-play"])
        s.param.watch(later(self._update), ["obs", "message", "preview", "last_attack", "log", "thinking", "status",
                                            "seat_status", "winner", "clock", "deadline"])
        self._update()
    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _claimed(self) -> None:
        """The win was claimed (or refused): show the end of the game and its seats."""
        self._update()
        self.leave.update()

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            updates = ((self.status, status_html(s)),
                       (self.message, f"<div class='academy-message' role='status'>{html.escape(s.message)}</div>"
                        if s.message else ""),
                       (self.odds, odds_html(s.preview)), (self.why, why_html(s.last_attack)))
            for pane, obj in updates:
                if pane.object != obj:
                    pane.object = obj
            self.clock.tick()


def shared_tactics_page(game: Any, seat: str | None = None) -> pn.viewable.Viewable:
    """The page of a shared Tactics game for the seat ``seat`` opens (None: watching)."""
    return SharedTacticsPage(SharedTactics(game, seat or None))
