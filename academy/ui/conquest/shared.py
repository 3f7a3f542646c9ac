"""A shared Conquest game for one seat (or a spectator), opened by its link: the session
(``SharedConquest``) and its page (``SharedPlayPage``: the board, controls, odds panel, players and event
log; for a seat also the clock, the messages panel and a Resign button that asks for confirmation first).

``SharedConquest`` is the Play page's session (``ConquestSession``: the same board, controls, odds panel
and event log work with it unchanged) bound to a ``LiveGame`` (academy/store/live.py) and a seat token, or
to no token (a spectator). It never holds the engine's full state:

- ``state`` is the engine's view state of ``game.view(player).observation`` only
  (``Game.view_state``): the other seats' hands and the deck are placeholders of the right length,
  so nothing hidden can reach this browser, whatever a view draws.
- clicks and actions go to ``game.act(token, action)`` (the engine checks them on the real state);
- the session subscribes to the live game (``FollowsLiveGame``); a change made anywhere (another
  browser, a CPU seat on a worker thread) is pushed into this Panel session with ``pn.state.execute``
  and the views update in place; the subscription ends when the page closes.

Messages, Resign and the clock come from the seat mixins (``SeatChat``, ``SeatLeaving``, ``SeatClock``),
as on every shared game's page.
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from academy.core.errors import RulesError
from academy.store.errors import StoreError
from academy.store.live import LiveGame, LiveView
from academy.ui.defer import later
from academy.ui.fit import board_and_side, side_by_side
from academy.ui.history import log_lines
from academy.ui.leave_view import LeaveView
from academy.ui.live_follow import FollowsLiveGame, loggable, page_doc, with_news
from academy.ui.messages_view import MessagesView
from academy.ui.rule_line import divider
from academy.ui.seat_chat import SeatChat
from academy.ui.seat_clock import ClockView, SeatClock
from academy.ui.seat_info import seat_info_pane
from academy.ui.seat_leaving import SeatLeaving
from academy.ui.session_loop import in_session
from academy.ui.turn_session import HUMAN

from .banner import PhaseBanner, players_html
from .board import ConquestBoard
from .controls import PhaseControls
from .keyboard import ActionPicker
from .log_view import EventLog
from .odds_panel import OddsPanel
from .session import ConquestSession
from .style import CSS
from ..tap_answer import TAP_ANSWER

__all__ = ["SharedConquest", "SharedPlayPage", "conquest_shared_page"]


class SharedConquest(ConquestSession, SeatChat, SeatLeaving, SeatClock, FollowsLiveGame):
    """One seat's (or a spectator's) view of a live Conquest game; see the module docstring."""

    #: a seat resigns the shared game (the store's resignation, for every seat), not the local one of the
    #: session this class builds on (``resign.Resigning``)
    resign = SeatLeaving.resign

    def __init__(self, game: LiveGame, token: str | None = None, **params: Any) -> None:
        super().__init__(synchronous=True, **params)
        self.game = game
        self.token = token
        self.player: int | None = game.seat_of(token) if token else None   # raises BadToken
        self.engine_game = self.game_class(**game.info.options)
        self._step = -1
        self._doc = page_doc()
        self._take_seat()                  # raises BadToken if the seat was claimed since seat_of
        self._follow(game, self.player)
        self._apply(self.game.view(self.player), self._history(), message=self._welcome())

    # --- seats ------------------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """This screen shows the hidden information of its own seat only (None: a spectator)."""
        return self.player

    @property
    def spectator(self) -> bool:
        return self.player is None

    @property
    def live_game(self) -> LiveGame:
        return self.game

    @property
    def num_seats(self) -> int:
        return len(self.seats)

    @property
    def cards_hidden(self) -> bool:
        return False

    @property
    def hot_seat(self) -> bool:
        return False                     # each person has a screen of their own

    @property
    def cpu_to_move(self) -> bool:
        return self.is_cpu(self.state.to_move()) if self.state is not None else False

    def seat_label(self, player: int | None, game: Any = None) -> str:
        """'Red', 'Blue (you)', 'Green (CPU easy)' ..."""
        if player is None or self.state is None or player < 0:
            return ""
        name = self.state.game.player_name(player)
        if player == self.player:
            return f"{name} (you)"
        if self.is_cpu(player):
            return f"{name} (CPU {self.seats[player]})"
        return name

    def show_cards(self) -> None:
        """Nothing to do: a seat's own cards are always shown on its own screen."""

    # --- input ------------------------------------------------------------------------------
    def _refuse(self) -> str | None:
        if self.state is None:
            return "The game is not loaded."
        if self.spectator:
            return "You are watching this game; open your seat's link to play."
        if self.status == "finished" or self.state.is_terminal():
            return "This game is over."
        if self.out:
            return f"You are out of this game ({self.seat_status[self.player].replace('_', ' ')})."
        mover = self.state.to_move()
        if mover != self.player:
            who = self.seat_label(mover) if mover is not None else "The dice"
            return f"Not your turn: {who} is to move."
        return None

    def _input_blocked(self) -> bool:
        return self.spectator or self.state is None or self.state.to_move() != self.player \
            or self.status == "finished" or self.out

    def _play(self, action: Any) -> list[Any]:
        try:
            events = self.game.act(self.token, action)
        except StoreError as exc:
            raise RulesError("store", str(exc)) from exc
        with self._lock:       # show the result at once (the notification adds the log lines)
            view = self.game.view(self.player)
            self._set_state(view)
        return events

    def _changes_after(self, action: Any, events: list[Any]) -> dict[str, Any]:
        return {}                        # the log lines come with the live game's notification

    def _run_cpu(self) -> None:
        """CPU seats of a shared game are played by the server."""

    # --- leaving (SeatLeaving) ----------------------------------------------------------------
    def _refresh_view(self) -> None:
        with self._lock:
            self._apply(self.game.view(self.player), [])

    # --- updates from the live game -------------------------------------------------------
    def _on_change(self, step: int, events: list[Any]) -> None:
        """Called by the LiveGame on the thread that made the change: hand it to this session."""
        def update() -> None:
            with self._lock:
                view = self.game.view(self.player)
                self._apply(view, log_lines(loggable(events), step, self._view_state(view), starts_only=True),
                            events=events)
        in_session(self._doc, update)

    def _set_state(self, view: LiveView) -> None:
        self._step = view.step
        self.state = self._view_state(view)

    def _view_state(self, view: LiveView) -> Any:
        state = self.engine_game.view_state(view.observation, view.step)
        if view.status == "finished" and not state.is_terminal():   # ended by resignation, not on the board
            state.phase, state.won_by = "over", view.winner
        return state

    def _apply(self, view: LiveView, lines: list[dict[str, Any]], message: str | None = None,
               events: list[Any] | None = None) -> None:
        seats = [HUMAN if s.kind == "human" else (s.level or "normal") for s in view.seats]
        seat_status = [s.status for s in view.seats]
        state = self._view_state(view)
        self._step = view.step
        on_autopilot = view.to_move is not None and 0 <= view.to_move < len(seat_status) \
            and seat_status[view.to_move] != "in"
        to_move_cpu = view.to_move is not None and 0 <= view.to_move < len(seats) and seats[view.to_move] != HUMAN
        changes: dict[str, Any] = dict(state=state, seats=seats, status=view.status, seat_status=seat_status,
                                       winner=view.winner, clock=view.clock, deadline=view.deadline,
                                       thinking=view.status != "finished" and (to_move_cpu or on_autopilot))
        shown = [e for e in lines if e["kind"] != "message"]
        msgs = [e for e in lines if e["kind"] == "message"]
        if shown:
            changes["log"] = self.log + shown
            changes["last_events"] = [e for e in (events or []) if e.kind != "message"]
        if view.to_move != self.player:
            changes.update(selected=None, target=None)
        if message is not None:
            changes["message"] = message
        announce = message is None and (
            (view.status == "finished" and self.status != "finished")
            or any(e["kind"] in ("resigned", "timed_out", "abandoned", "game_over") for e in shown))
        self._publish(**changes)
        if announce:                     # someone left or the game ended: say where this seat stands
            self.message = self.outcome() or self.message
        if msgs or events is None:
            self._load_messages()

    def _history(self) -> list[dict[str, Any]]:
        """The log so far: only the events' public text (never their data), replayed from the record."""
        record = self.game.record_copy()
        state = record.initial_state()
        lines: list[dict[str, Any]] = []
        for entry in record.entries:
            events = state.apply(entry.action)
            lines += log_lines(events, len(state.record), state, starts_only=True)
        return with_news(lines, self.game.seat_news())     # who left, where the live log had it

    def _welcome(self) -> str:
        info = self.game.info
        if self.spectator:
            return f"Watching game {info.id}."
        name = self.engine_game.player_name(self.player)
        return f"Game {info.id}: you play {name}."


class SharedPlayPage(pn.viewable.Viewer):
    """A shared Conquest game for one seat (or a spectator): board, controls, odds, players, log."""

    session = param.Parameter()

    def __init__(self, session: SharedConquest, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        self.seat_info = seat_info_pane("Game", s.game.game_id,
                                        None if s.spectator else s.engine_game.player_name(s.player), s.token, s)
        self.banner = PhaseBanner(s)
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["game-message", TAP_ANSWER])
        self.board = ConquestBoard(s)
        self.players = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["players"])
        self.messages = MessagesView(s)
        self.leave = LeaveView(s)
        self.clock = ClockView(s, on_claim=self._claimed)
        side = pn.Column(self.message, self.clock, PhaseControls(s), divider(), OddsPanel(s), divider(),
                         self.players, self.leave, divider(), self.messages,
                         sizing_mode="stretch_width", margin=0, css_classes=["side-panel"])
        self.layout = pn.Column(
            self.seat_info, self.banner,
            board_and_side(self.board, side, 390),
            side_by_side(
                (pn.Column(self._picker(ActionPicker(s)), sizing_mode="stretch_width", margin=0), 320, 1),
                (pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>What happened</h3>"), EventLog(s),
                           sizing_mode="stretch_width", margin=0), 320, 1)),
            sizing_mode="stretch_width", css_classes=["conquest-play", "shared-play"])
        s.param.watch(later(self._update), ["state", "message", "seats", "status", "seat_status", "winner",
                                            "deadline", "clock"])
        self._update()

    def _claimed(self) -> None:
        """The win was claimed (or refused): show the end of the game and its seats."""
        self._update()
        self.leave.update()

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
            players = players_html(s)
            if players != self.players.object:
                self.players.object = players
            self.clock.tick()


def conquest_shared_page(game: Any, seat: str | None = None) -> pn.viewable.Viewable:
    """A shared Conquest game's seat (or watch) page."""
    return SharedPlayPage(SharedConquest(game, seat or None))
