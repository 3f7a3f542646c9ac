"""SharedSession: one browser's view of a shared (live) game, for one seat or a spectator.

A ``SharedSession`` is a ``BoardModel`` (the Conquest board, controls, odds panel and event log
work with it unchanged) bound to a ``LiveGame`` (academy/store/live.py) and a seat token, or to
no token (a spectator). It never holds the engine's full state:

- ``state`` is the engine's view state of ``game.view(player).observation`` only
  (``Game.view_state``): the other seats' hands and the deck are placeholders of the right length,
  so nothing hidden can reach this browser, whatever a view draws.
- clicks and actions go to ``game.act(token, action)`` (the engine checks them on the real state);
- the session subscribes to the live game; a change made anywhere (another browser, a CPU seat on
  a worker thread) is pushed into this Panel session with ``pn.state.execute`` and the views update
  in place; the subscription ends in ``pn.state.on_session_destroyed`` (or ``close()``).

The one process-wide ``LiveHub`` (``shared_hub()``) is shared mutable game state *by design*:
every session of the server process must see the same ``LiveGame`` objects so that a move in one
browser reaches the others. It is the only such object in academy/ui (per-session state stays per
session); it lives in the store's database (``ACADEMY_DB`` or the data folder) and is created lazily,
one per database URL.
"""
from __future__ import annotations

import logging
import os
import threading
from typing import Any

import param

from academy.core.errors import RulesError
from academy.games import REGISTRY
from academy.store.errors import StoreError
from academy.store.live import LiveGame, LiveHub, LiveView

from .history import log_lines
from .model import BoardModel
from .seat_chat import MAX_MESSAGE_CHARS, SeatChat
from .seat_leaving import SeatLeaving
from .session_loop import in_session
from .live_follow import FollowsLiveGame, page_doc

__all__ = ["SharedSession", "shared_hub", "close_shared_hubs", "MAX_MESSAGE_CHARS"]

log = logging.getLogger("academy.ui.live_session")

_HUBS: dict[str, LiveHub] = {}
_HUBS_LOCK = threading.Lock()


def shared_hub(url: str | None = None, cpu_delay: float | None = None) -> LiveHub:
    """The process's LiveHub for ``url`` (default: ``ACADEMY_DB`` or the data folder's SQLite file).

    Shared by every session of this process on purpose (see the module docstring); created at
    first use. ``cpu_delay`` (seconds between CPU actions; ``ACADEMY_CPU_DELAY``, default 0.4)
    applies when the hub is created.
    """
    from academy.store.location import default_url
    url = url or default_url()
    with _HUBS_LOCK:
        hub = _HUBS.get(url)
        if hub is None or hub.closed:
            delay = cpu_delay if cpu_delay is not None else float(os.environ.get("ACADEMY_CPU_DELAY", "0.4"))
            hub = _HUBS[url] = LiveHub(url, cpu_delay=delay)
        return hub


def close_shared_hubs() -> None:
    """Close every shared hub (tests, server shutdown)."""
    with _HUBS_LOCK:
        hubs = list(_HUBS.values())
        _HUBS.clear()
    for hub in hubs:
        hub.close(wait=False)


class SharedSession(BoardModel, SeatChat, SeatLeaving, FollowsLiveGame):
    """One seat's (or a spectator's) view of a live game; see the module docstring."""

    seats = param.List([], doc='one entry per player: "human" or a CPU level')
    thinking = param.Boolean(False, doc="a CPU seat is to move")
    log = param.List([], doc="the events seen so far: dicts with step, kind, text, why")
    clock = param.Dict(None, allow_None=True, doc='the game\'s clock: {"mode": "live" | "daily", "seconds": N}')
    deadline = param.Parameter(None, doc="when the turn under way runs out (an aware datetime), or None")

    def __init__(self, game: LiveGame, token: str | None = None, **params: Any) -> None:
        info = game.info
        super().__init__(info.game_name, **params)
        self.game = game
        self.token = token
        self.player: int | None = game.seat_of(token) if token else None   # raises BadToken
        self.engine_game = REGISTRY[info.game_name](**info.options)
        self._names: list[str] = []
        self._lock = threading.RLock()
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
    def cpu_to_move(self) -> bool:
        return self.is_cpu(self.state.to_move()) if self.state is not None else False

    def is_cpu(self, player: int | None) -> bool:
        return player is not None and 0 <= player < len(self.seats) and self.seats[player] != "human"

    def seat_label(self, player: int | None) -> str:
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
    def _refuse_input(self) -> str | None:
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

    # --- the clock ---------------------------------------------------------------------------
    def time_left(self) -> float | None:
        """Seconds left for the turn under way (negative once it has run out); None without a clock."""
        return self.game.time_left() if self.deadline is not None else None

    def clock_text(self) -> str:
        """The clock line for this screen: whose time runs, how much is left, what can be done."""
        if self.clock is None or self.status == "finished":
            return ""
        from academy.store.live import _duration
        per = _duration(self.clock["seconds"])
        kind = f"live clock, {per} per turn" if self.clock["mode"] == "live" else f"daily clock, {per} per move"
        left = self.time_left()
        if left is None:
            return f"⏱ {kind}: it starts when every seat is taken." if self.status == "open" else f"⏱ {kind}."
        mover = self.state.to_move() if self.state is not None else None
        who = "your" if mover == self.player else f"{self.seat_label(mover)}'s" if mover is not None else "the"
        if left > 0:
            return f"⏱ {_duration(left)} left of {who} time ({kind})."
        if self.can_claim_win():
            return f"⏱ {self.seat_label(mover)} has run out of time: you can claim the win."
        return f"⏱ Time is up for {who} move ({kind})."

    def can_claim_win(self) -> bool:
        """True when this seat may claim the win: a daily clock has run out on the player to move."""
        if self.spectator or self.out or self.status != "running" or self.clock is None \
                or self.clock["mode"] != "daily" or self.state is None:
            return False
        mover = self.state.to_move()
        left = self.time_left()
        return mover is not None and mover != self.player and not self.is_cpu(mover) and left is not None \
            and left <= 0

    def claim_win(self) -> bool:
        """Claim the win on time; False if refused (``message`` says why)."""
        try:
            self.game.claim_win(self.token)
        except (StoreError, RulesError) as exc:
            self.message = getattr(exc, "message", None) or str(exc)
            return False
        with self._lock:
            self._apply(self.game.view(self.player), [])
            self.message = self.outcome()
        return True

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
                self._apply(view, log_lines(events, step, self._view_state(view), starts_only=True), events=events)
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
        seats = ["human" if s.kind == "human" else (s.level or "normal") for s in view.seats]
        seat_status = [s.status for s in view.seats]
        state = self._view_state(view)
        self._step = view.step
        on_autopilot = view.to_move is not None and 0 <= view.to_move < len(seat_status) \
            and seat_status[view.to_move] != "in"
        changes: dict[str, Any] = dict(state=state, seats=seats, status=view.status, seat_status=seat_status,
                                       winner=view.winner, clock=view.clock, deadline=view.deadline,
                                       thinking=view.status != "finished"
                                       and (self.is_cpu_seat(seats, view.to_move) or on_autopilot))
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

    @staticmethod
    def is_cpu_seat(seats: list[str], player: int | None) -> bool:
        return player is not None and 0 <= player < len(seats) and seats[player] != "human"

    def _history(self) -> list[dict[str, Any]]:
        """The log so far: only the events' public text (never their data), replayed from the record."""
        record = self.game.record_copy()
        state = record.initial_state()
        lines: list[dict[str, Any]] = []
        for entry in record.entries:
            events = state.apply(entry.action)
            lines += log_lines(events, len(state.record), state, starts_only=True)
        return lines

    def _welcome(self) -> str:
        info = self.game.info
        if self.spectator:
            return f"Watching game {info.id}."
        name = self.engine_game.player_name(self.player)
        return f"Game {info.id}: you play {name}."
