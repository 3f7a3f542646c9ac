"""Catching up with other server processes: what changed in a stored game, and the hub's follower.

Panel-free. ``LiveGame.refresh`` (``live.py``) uses the helpers here to turn what another
process stored into the events its subscribers already understand:

- ``new_entries`` / ``replay_new``: the actions stored beyond the live state (read from there on
  only), applied to a copy of it, with the engine's own events (the same log lines as for a move
  made in this process);
- ``latest_message_id`` / ``message_events``: messages stored after a known id, as "message"
  events carrying ``id``, ``sender``, ``recipients`` and ``text`` (``LiveGame`` shows them only
  to their participants);
- ``seat_events``: a join, a seat's new status ("resigned", "timed_out", "abandoned") and the end
  of a game that was not decided on the board, from two ``GameInfo`` summaries;
- ``same_summary``: whether two summaries differ in anything but the log length and time.

``HubFollower`` connects a ``LiveHub`` to the PostgreSQL ``Listener`` (``notify.py``): for each
notification about a game the hub has open it runs ``game.refresh()`` on its own small thread
pool (never on the listener thread: a refresh reads the database and may replay the game), at
most one pending refresh per game (a refresh that starts after a notification sees everything
committed before it). It ignores the echo of the hub's own writes for free: PostgreSQL tells the
sender's backend pid, and the follower knows the pids of its store's pooled connections (only
when the hub owns its store; a store shared by two hubs in one process gets no such shortcut:
``refresh`` then finds no new action or seat change, at the price of a few reads, and may pass
on the hub's own messages once more). After the listener
connects or reconnects, every open game is refreshed (notifications sent meanwhile were lost).
CPU seats are played by the process whose change put them to move; a follower plays them only
when that process has been quiet for ``stall_after`` seconds (it stopped, or lost the database).
"""
from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import event, func, select
from sqlalchemy.orm import Session

from academy.core.errors import RulesError
from academy.core.jsonio import action_from_json
from academy.core.protocol import Event, NodeKind, State
from academy.core.record import Entry

from .models import ActionRow, MessageRow, RecipientRow
from .notify import Listener, is_postgresql
from .store import GameInfo, Store

if TYPE_CHECKING:
    from .live import LiveGame, LiveHub

log = logging.getLogger("academy.store.notify")

__all__ = ["HubFollower", "follow_hub", "latest_message_id", "message_events", "new_entries", "replay_new",
           "same_summary", "seat_events"]

_OUT_WORDS = {"resigned": "resigns", "timed_out": "ran out of time", "abandoned": "left the game"}
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


# ============================================================================ what changed
def new_entries(store: Store, game_id: int, state: State) -> list[Entry] | None:
    """The log entries stored beyond ``state``'s record (read from there on only), or None when
    the stored log does not continue it (its entry at the last index ``state`` knows differs)."""
    known = len(state.record)
    first = max(known - 1, 0)
    with Session(store.engine) as s:
        rows = s.execute(select(ActionRow.player, ActionRow.chance, ActionRow.action)
                         .where(ActionRow.game_id == game_id, ActionRow.idx >= first)
                         .order_by(ActionRow.idx)).all()
    try:
        entries = [Entry(p, action_from_json(a, state.game.action_types), bool(c)) for p, c, a in rows]
    except ValueError as exc:
        log.warning("notify: game %s: a stored action cannot be read (%s); reloading", game_id, exc)
        return None
    if known:
        if not entries or entries[0] != state.record.entries[known - 1]:
            return None
        entries = entries[1:]
    return entries


def replay_new(state: State, entries: list[Entry] | None) -> tuple[State, list[Event]] | None:
    """A copy of ``state`` advanced by ``entries`` (from ``new_entries``), and their events.

    The events are the engine's own ("Red places 3 on Alaska"), as if the moves were made
    here. None when there is nothing to apply or an entry does not apply: reload the game
    instead. ``state`` is never changed.
    """
    if not entries:
        return None
    trial = state.clone()
    events: list[Event] = []
    try:
        for entry in entries:
            events += trial.apply(entry.action)
    except (RulesError, ValueError, KeyError) as exc:
        log.warning("notify: the stored log does not continue this state (%s); reloading", exc)
        return None
    return trial, events


def same_summary(a: GameInfo, b: GameInfo) -> bool:
    """True if two summaries of a game agree on everything but ``num_actions`` and ``updated_at``."""
    return dataclasses.replace(a, num_actions=0, updated_at=_EPOCH) == \
        dataclasses.replace(b, num_actions=0, updated_at=_EPOCH)


def latest_message_id(store: Store, game_id: int) -> int:
    """The id of the game's newest message (0 if it has none)."""
    with Session(store.engine) as s:
        return int(s.scalar(select(func.coalesce(func.max(MessageRow.id), 0))
                            .where(MessageRow.game_id == game_id)) or 0)


def message_events(store: Store, game_id: int, after: int, name: Callable[[int], str]) -> list[Event]:
    """A "message" event for each message of the game with an id above ``after``, oldest first.

    ``name(player)`` gives a seat's display name. The events carry the message's ``id``,
    ``sender``, ``recipients`` (sorted) and ``text``, like those ``LiveGame.send_message`` makes.
    """
    with Session(store.engine) as s:
        rows = s.execute(select(MessageRow.id, MessageRow.sender, MessageRow.text)
                         .where(MessageRow.game_id == game_id, MessageRow.id > after)
                         .order_by(MessageRow.id)).all()
        to: dict[int, list[int]] = {mid: [] for mid, _, _ in rows}
        if rows:
            for mid, player in s.execute(select(RecipientRow.message_id, RecipientRow.player)
                                         .where(RecipientRow.message_id.in_(list(to)))
                                         .order_by(RecipientRow.player)):
                to[mid].append(player)
    return [Event("message", f"{name(sender)} wrote a message.",
                  {"id": mid, "sender": sender, "recipients": to[mid], "text": text})
            for mid, sender, text in rows]


def seat_events(before: GameInfo, after: GameInfo, *, ended_on_board: bool) -> list[Event]:
    """Events for what changed in the seats between two summaries of one game.

    A seat that joined (or changed its name while joining) gives "join"; a seat that left
    gives its new status ("resigned", "timed_out", "abandoned"); a game newly "finished" that
    did not end on the board (``ended_on_board`` False: e.g. everyone else resigned) gives
    "game_over" with the winner.
    """
    events: list[Event] = []
    for old, new in zip(before.seats, after.seats, strict=False):
        if new.joined and (not old.joined or new.name != old.name):
            events.append(Event("join", f"{new.name} takes seat {new.player + 1}.",
                                {"player": new.player, "status": after.status}))
        if old.status == "in" and new.status != "in":
            events.append(Event(new.status, f"{new.name} {_OUT_WORDS.get(new.status, new.status)}.",
                                {"player": new.player, "status": new.status}))
    if after.status == "finished" and before.status != "finished" and not ended_on_board:
        winner = after.winner
        text = (f"{after.seats[winner].name} wins: every other player is out."
                if winner is not None and 0 <= winner < len(after.seats) else "The game is over.")
        events.append(Event("game_over", text, {"winner": winner}))
    return events


# ============================================================================ the hub's follower
class HubFollower:
    """Refreshes a hub's open games when another process changes them (PostgreSQL only).

    Built by ``follow_hub(hub)``; ``close(wait)`` stops the listener and the refresh threads.
    """

    def __init__(self, hub: LiveHub, *, max_workers: int = 2) -> None:
        self.hub = hub
        self.store: Store = hub.store
        self._own_pids: set[int] = set()
        self._pids_lock = threading.Lock()
        self._track = bool(getattr(hub, "_owns_store", False))
        self._pending: set[int] = set()
        self._pending_lock = threading.Lock()
        self._executor = ThreadPoolExecutor(max_workers, thread_name_prefix="academy-live-notify")
        self.refreshes = 0           # refreshes run (for tests and logs)
        #: seconds without news before this process plays a CPU seat another process was playing
        self.stall_after = max(5.0, 4 * float(getattr(hub, "cpu_delay", 0.0)))
        self._timers: dict[int, threading.Timer] = {}
        self._timers_lock = threading.Lock()
        self.echoes = 0              # notifications of our own writes, ignored
        if self._track:
            event.listen(self.store.engine, "checkout", self._on_checkout)
            event.listen(self.store.engine, "close", self._on_close)
        self.listener = Listener(self.store.engine, self._on_notify, on_connect=self._on_connect).start()

    # --- own connections -------------------------------------------------------------------
    def _on_checkout(self, dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        pid = getattr(getattr(dbapi_conn, "info", None), "backend_pid", None)
        if pid:
            record.info["academy_pid"] = pid
            with self._pids_lock:
                self._own_pids.add(pid)

    def _on_close(self, _dbapi_conn: Any, record: Any) -> None:
        pid = record.info.pop("academy_pid", None) if record is not None else None
        if pid:
            with self._pids_lock:
                self._own_pids.discard(pid)

    def is_own(self, pid: int) -> bool:
        """True if ``pid`` is one of this hub's own store connections (its writes are known)."""
        with self._pids_lock:
            return pid in self._own_pids

    # --- notifications ---------------------------------------------------------------------
    def _on_notify(self, game_id: int, pid: int) -> None:
        if self.is_own(pid):
            self.echoes += 1
            return
        self.schedule(game_id)

    def _on_connect(self, reconnected: bool) -> None:
        # What was sent before we listened (games opened meanwhile, or while the connection
        # was down) is lost: look at every open game once.
        for game_id in self._open_ids():
            self.schedule(game_id)

    def _open_ids(self) -> list[int]:
        with self.hub._lock:
            return list(self.hub._games)

    def schedule(self, game_id: int) -> bool:
        """Refresh ``game_id`` soon on a worker thread if the hub has it open; True if scheduled."""
        if self.hub.closed or game_id not in self.hub._games:   # one dict lookup: never waits for open()
            return False
        with self._pending_lock:
            if game_id in self._pending:
                return False
            self._pending.add(game_id)
        try:
            self._executor.submit(self._refresh, game_id)
        except RuntimeError:       # shutting down
            with self._pending_lock:
                self._pending.discard(game_id)
            return False
        return True

    def _refresh(self, game_id: int) -> None:
        with self._pending_lock:   # before reading: a notification from now on schedules again
            self._pending.discard(game_id)
        game = self.hub._games.get(game_id)
        if game is None or self.hub.closed:
            return
        try:
            changed = game.refresh(kick_cpu=False)
            self.refreshes += 1
            if changed:
                log.debug("notify: game %s refreshed from another process", game_id)
                self._watch_cpu(game)
        except Exception:  # noqa: BLE001 - keep following the other games
            log.exception("notify: game %s: refresh after a notification failed", game_id)

    # --- CPU seats -------------------------------------------------------------------------
    def _watch_cpu(self, game: LiveGame) -> None:
        """If a CPU seat is to move (or a chance step is due), play it here unless the game moves
        on within ``stall_after`` seconds.

        The process that made the change plays the CPU seats and stores the chance steps after
        its decisions; doing it in every process would only make the servers race for each
        entry. This one takes over when that process went quiet (it stopped, or lost its
        database connection).
        """
        with game._lock:
            waiting = game._cpu_turn() is not None or game._state.node_kind() is NodeKind.CHANCE
            step = game.step
        with self._timers_lock:
            old = self._timers.pop(game.game_id, None)
            if old is not None:
                old.cancel()
            if not waiting or self.hub.closed:
                return
            timer = threading.Timer(self.stall_after, self._stalled, args=(game, step))
            timer.daemon = True
            timer.name = f"academy-live-cpu-watch-{game.game_id}"
            self._timers[game.game_id] = timer
            timer.start()

    def _stalled(self, game: LiveGame, step: int) -> None:
        with self._timers_lock:
            if self._timers.get(game.game_id) is threading.current_thread():
                del self._timers[game.game_id]
        if self.hub.closed or game.step != step:
            return
        log.info("notify: game %s: its CPU seat or chance step has not moved elsewhere for %g s; "
                 "playing it here", game.game_id, self.stall_after)
        try:
            with game._lock:
                game._settle()
                game._check_end()
            game._deliver()
            game._kick_cpu()
        except Exception:  # noqa: BLE001 - a timer thread must not die with a traceback only
            log.exception("notify: game %s: could not start its CPU seat", game.game_id)

    def close(self, wait: bool = True) -> None:
        """Stop listening, then stop the refresh threads (waiting for a running refresh if ``wait``)."""
        self.listener.close()
        with self._timers_lock:
            timers, self._timers = list(self._timers.values()), {}
        for timer in timers:
            timer.cancel()
        self._executor.shutdown(wait=wait, cancel_futures=True)
        if self._track:
            for name, fn in (("checkout", self._on_checkout), ("close", self._on_close)):
                if event.contains(self.store.engine, name, fn):
                    event.remove(self.store.engine, name, fn)


def follow_hub(hub: LiveHub) -> HubFollower | None:
    """A ``HubFollower`` for ``hub`` if its store is PostgreSQL; None otherwise (SQLite: one process)."""
    if not is_postgresql(hub.store.engine):
        return None
    return HubFollower(hub)
