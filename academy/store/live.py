"""Live shared games: one in-memory game per stored game, shared by every session that watches it.

Engine-level and Panel-free. A ``LiveHub`` (one per server process) holds a ``Store`` and
opens ``LiveGame``s (cached: every session of the process gets the same object). A
``LiveGame`` keeps the current state (replayed from the store), lets a seat act with its
secret token, writes each action to the store *before* it returns or tells anyone, notifies
subscribers in order, and plays CPU seats off the caller's thread.

Guarantees
    - ``state_for(player)`` / ``view(player)`` give only what that seat may see
      (``state.observation``): another seat's cards never leave the engine this way.
    - ``act(token, action_or_text)``: the token's seat must be to move; the action is played on
      a copy, every new log entry (the decision and the chance outcomes after it) is appended
      with ``Store.append_action``, and only then does the live state change and the
      subscribers hear of it. A ``RulesError`` leaves everything unchanged. A ``Conflict``
      (another process wrote first) reloads the game from the store and tries once more on
      the fresh state (which then gives a clear ``not_your_turn`` if the turn has passed).
    - One lock per game: two browsers acting at once cannot corrupt it; one wins, the other
      gets ``IllegalAction(reason="not_your_turn")``.
    - Subscribers get ``callback(step, events)`` in the order the steps were stored, never
      under the game's lock; an exception in one callback is logged and the others still run.
    - CPU seats (and seats that resigned, on autopilot, in games of 3+) are played by the
      game's bots (``academy.games.<name>.bots.make_bot(level, seed)``, seeded from the game
      seed and the player) on a small thread pool, or inline with ``synchronous=True``.
    - When the engine reaches the end, or only one seat is left in, the store gets the
      winner (``Store.finish``) and the seats their status.
    - A new hub on the same database reloads a game and continues (chance steps missing
      after a crash are resolved again: they are a function of the seed and the step).

Simultaneous-order games (Diplomacy, Fronts): ``submit(token, orders)`` stores a seat's
orders (others see only that it has submitted: ``LiveView.waiting``); the phase resolves, and is
stored, as soon as nobody is waiting (CPU seats write their orders on their own) or when the
deadline passes (default orders for the late).

Clocks (``GameInfo.clock``: ``{"mode": "live" | "daily", "seconds": N}``): a deadline starts
with each turn (or order phase) that waits for a person and is stored (``GameInfo.deadline``),
so it survives a restart. At the deadline a live clock puts the player to move out
("timed_out"); a daily clock lets an opponent ``claim_win``; a simultaneous phase resolves.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d, LiveHub(f"sqlite:///{d}/a.db", synchronous=True) as hub:
...     game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 7,
...                               [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "easy"}])
...     view = game.view(0)
...     view.to_move == 0 and view.legal is not None and game.state_for(1)["hands"][0] == 0
True
"""
from __future__ import annotations

import copy
import importlib
import logging
import threading
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from academy.core.bots import bot_seed
from academy.core.errors import GameOver, IllegalAction, RulesError
from academy.core.protocol import Event, NodeKind, State

from .errors import BadToken, Conflict, GameFinished, StoreError, TooEarly
from .store import GameInfo, Message, SeatInfo, Store

log = logging.getLogger("academy.store.live")

__all__ = ["LiveHub", "LiveGame", "LiveView", "Subscriber", "bot_seed", "duration_text"]

#: ``callback(step, events)``: ``step`` is the log length after the change
Subscriber = Callable[[int, list[Event]], None]

_MAX_CPU_STEPS = 200_000


def default_bot_factory(game_name: str, level: str, seed: int) -> Any:
    """``academy.games.<game_name>.bots.make_bot(level, seed=seed)``."""
    return importlib.import_module(f"academy.games.{game_name}.bots").make_bot(level, seed=seed)


@dataclass(frozen=True)
class LiveView:
    """What one seat (or a spectator, ``player=None``) may know about a live game now."""

    game_id: int
    player: int | None
    step: int                     # entries in the log
    status: str                   # "open", "running", "finished"
    to_move: int | None
    winner: int | None
    seats: tuple[SeatInfo, ...]
    observation: dict[str, Any]   # state.observation(player): hidden information removed
    legal: list[Any] | None       # the seat's legal actions when it is to move, else None
    waiting: tuple[int, ...] = ()  # simultaneous games: who has not submitted yet (public)
    deadline: datetime | None = None   # when the turn or order phase under way runs out
    clock: dict[str, Any] | None = None  # the game's clock settings


@dataclass(frozen=True)
class _Orders:
    """Internal: a seat's orders for a simultaneous phase (``state.submit``)."""

    orders: tuple[str, ...]


@dataclass(frozen=True)
class _Leave:
    """Internal: a seat left the game; in games with surrender (Fronts) its player surrenders."""


@dataclass(frozen=True)
class _ResolveNow:
    """Internal: resolve the phase now (everyone submitted, or the deadline passed)."""


class LiveGame:
    """One stored game, live in this process; obtain it with ``LiveHub.open(game_id)``."""

    def __init__(self, hub: LiveHub, game_id: int) -> None:
        self.hub = hub
        self.store: Store = hub.store
        self.game_id = game_id
        self._lock = threading.RLock()
        self._subs: dict[int, tuple[Subscriber, int | None]] = {}
        self._sub_lock = threading.Lock()
        self._next_sub = 0
        self._queue: deque[tuple[int, list[Event]]] = deque()
        self._queue_lock = threading.Lock()
        self._draining = False
        self._cpu_busy = False
        self._cpu_stuck_at = -1                   # a step where a bot failed: no retry loop
        self._bots: dict[tuple[int, str], Any] = {}
        self._state: State = self.store.load_state(game_id)
        self._info: GameInfo = self.store.game(game_id)
        with self._lock:
            self._settle()
            self._check_end()

    # --- reading ---------------------------------------------------------------------------
    @property
    def info(self) -> GameInfo:
        """The stored summary (status, winner, seats) as last read or written by this process."""
        return self._info

    @property
    def step(self) -> int:
        return len(self._state.record)

    @property
    def status(self) -> str:
        return self._info.status

    @property
    def winner(self) -> int | None:
        return self._info.winner

    def to_move(self) -> int | None:
        with self._lock:
            return self._state.to_move()

    def state_for(self, player: int | None) -> dict[str, Any]:
        """``state.observation(player)`` (a copy): what that seat may see; None for a spectator."""
        if player is not None and not 0 <= player < len(self._info.seats):
            raise IllegalAction("no_such_seat", f"Game {self.game_id} has no player {player!r}.")
        with self._lock:
            return copy.deepcopy(self._state.observation(player))

    def state_for_token(self, token: str) -> dict[str, Any]:
        """The observation of the seat ``token`` opens; raises BadToken."""
        return self.state_for(self.seat_of(token))

    def view(self, player: int | None) -> LiveView:
        """Everything a seat's page shows, from one consistent moment."""
        with self._lock:
            state = self._state
            mover = state.to_move()
            legal = state.legal_actions(player) if player is not None and mover == player \
                and self._info.status != "finished" else None
            waiting = tuple(state.waiting()) if state.node_kind() is NodeKind.SIMULTANEOUS else ()
            return LiveView(self.game_id, player, len(state.record), self._info.status, mover,
                            self._info.winner, self._info.seats, self.state_for(player), legal,
                            waiting, self._info.deadline, self._info.clock)

    def seat_of(self, token: str) -> int:
        """The player whose seat ``token`` opens; raises BadToken (forged, mistyped, other game, or
        replaced: a claimed open seat gets a new token and its old link stops working).

        Asked of the store every time, never of a cache: a claim made by another server on the
        same database takes effect here at once (issue 13, item 2). One indexed read per call.
        """
        if not isinstance(token, str) or not token:
            raise BadToken(f"No seat token given for game {self.game_id}: open the game with your seat's link.")
        player = self.store.seat_for_token(self.game_id, token)
        if player is None:
            log.warning("live: game %s: a token that opens no seat was refused", self.game_id)
            raise BadToken(f"This link does not open a seat in game {self.game_id}: it is mistyped, from "
                           "another game, or for an open seat someone else has taken since. "
                           "Ask the game's host for your link.")
        return player

    def state_copy(self) -> State:
        """A copy of the full current state, for work done in this server process (checking a seat's
        orders, odds built from that seat's own view). It holds every hidden thing: never send it, or
        anything read from it but the seat's own view, to a browser."""
        with self._lock:
            return self._state.clone()

    def record_copy(self) -> Any:
        """A copy of the full record (all hidden information: for finished games and tests)."""
        with self._lock:
            return self._state.record.fork()

    # --- acting ----------------------------------------------------------------------------
    def act(self, token: str, action: Any) -> list[Event]:
        """Play ``action`` (an action or its notation text) for the seat ``token`` opens.

        Returns the events (the decision's and those of the chance steps after it), once every
        new entry is stored. Raises BadToken, GameFinished, IllegalAction (``not_your_turn``,
        ``seat_out`` or the rules' own reason), InvalidNotation/AmbiguousNotation for text,
        Conflict if the game changed elsewhere twice, StoreUnavailable if the database fails
        (the live state is then unchanged or reloaded from the store).
        """
        player = self.seat_of(token)
        try:
            with self._lock:
                self._ensure_playable(player)
                if not self._info.seats[player].joined:
                    self._join(token, None)
                events = self._commit(player, action)
                return events + self._cpu_draw_votes()
        finally:                      # also after a refusal: a reload may have news for everyone
            self._deliver()
            self._kick_cpu()

    def submit(self, token: str, orders: Iterable[str]) -> list[Event]:
        """Submit (or replace) the token's seat's orders for a simultaneous phase (Diplomacy, Fronts).

        Stored before it returns, like ``act``. Only "X has submitted" reaches the others; the
        orders stay hidden until the phase resolves, which happens as soon as nobody is waiting
        (CPU seats write theirs on their own) or at the deadline. Raises what ``act`` raises.
        """
        texts = (orders,) if isinstance(orders, str) else tuple(orders)
        return self.act(token, _Orders(texts))

    def claim(self, player: int, name: str | None = None) -> str:
        """Take the free public seat ``player`` from the games list; return its new secret token.

        Raises GameFinished, InvalidInput, SeatTaken (taken first by someone else, or not public).
        """
        with self._lock:
            token = self.store.claim_seat(self.game_id, player, name)
            self._info = self.store.game(self.game_id)
            self._enqueue([Event("join", f"{self._info.seats[player].name} takes seat {player + 1}.",
                                 {"player": player, "status": self._info.status})])
            self._update_clock()
        self._deliver()
        self._kick_cpu()
        return token

    def late_players(self) -> list[int]:
        """The people the clock is running for now: the human seat to move, or (simultaneous
        games) the human seats that have not submitted."""
        with self._lock:
            return self._late(self._state)

    def time_left(self, now: datetime | None = None) -> float | None:
        """Seconds until the deadline of the turn or phase under way (negative once passed), or None."""
        deadline = self._info.deadline
        if deadline is None:
            return None
        return (deadline - (now or self.hub.now())).total_seconds()

    def check_clock(self, now: datetime | None = None) -> list[Event]:
        """Act on a deadline that has passed (the hub's clock sweeper calls this); return the events.

        Simultaneous games resolve the phase with default orders for whoever did not submit (any
        clock mode). Sequential games with a live clock: the player to move runs out of time and is
        out. Daily clock: nothing happens on its own; an opponent may ``claim_win``.
        """
        now = now or self.hub.now()
        with self._lock:
            try:
                self._info = self.store.game(self.game_id)     # another server may have acted
            except StoreError as exc:
                log.error("live: game %s: cannot read the clock: %s", self.game_id, exc)
                return []
            if self._info.num_actions != len(self._state.record):
                self._reload()
            info = self._info
            if info.status != "running" or info.clock is None or info.deadline is None or now < info.deadline:
                return []
            late = self._late(self._state)
            if self._state.node_kind() is NodeKind.SIMULTANEOUS:
                names = ", ".join(self._name(p) for p in late) or "nobody"
                note = Event("deadline", f"Time is up: the phase resolves now; the orders of {names} "
                                         "are the default ones (units hold, retreats disband, builds are waived).",
                             {"late": late})
                self._enqueue([note])
                try:
                    events = [note] + self._commit(None, _ResolveNow())
                except (RulesError, StoreError) as exc:
                    log.error("live: game %s: resolving at the deadline failed: %s", self.game_id, exc)
                    return []
                self._update_clock(now)
                out = events
            elif info.clock["mode"] == "live" and late:
                out = None
            else:
                return []
        if out is not None:
            self._deliver()
            self._kick_cpu()
            return out
        events = []
        for player in late:
            events += self.remove_player(player, "timed_out")
        return events

    def claim_win(self, token: str, now: datetime | None = None) -> list[Event]:
        """An opponent's time has run out (daily clock): the token's seat puts the late player(s) out.

        With two players the claimant wins; with more, the late seat is played by the CPU.
        Raises BadToken, GameFinished, IllegalAction (``seat_out``; ``nobody_late`` when it is the
        claimant's own turn or no clock runs), TooEarly (time is left: the message says how much).
        """
        claimant = self.seat_of(token)
        now = now or self.hub.now()
        with self._lock:
            self._ensure_playable(claimant)
            self._info = self.store.game(self.game_id)
            late = [p for p in self._late(self._state) if p != claimant]
            if self._info.clock is None or self._info.deadline is None or not late:
                raise IllegalAction("nobody_late", "There is no running clock on another player to claim a "
                                                   "win on: a win on time is claimed only while an opponent "
                                                   "is to move and out of time.")
            left = (self._info.deadline - now).total_seconds()
            if left > 0:
                raise TooEarly(f"{', '.join(self._name(p) for p in late)} still has {duration_text(left)} "
                               "to move; you can claim the win once that time has run out.")
        events = []
        for player in late:
            events += self.remove_player(player, "timed_out")
        return events

    def join(self, token: str, name: str | None = None) -> int:
        """Take the seat ``token`` opens (optionally under a new name); return the player."""
        self.seat_of(token)
        with self._lock:
            player = self._join(token, name)
            self._update_clock()
        self._deliver()
        return player

    def resign(self, token: str) -> list[Event]:
        """The seat ``token`` opens resigns; returns the events (and the end of the game, if it ends)."""
        return self.remove_player(self.seat_of(token), "resigned")

    def remove_player(self, player: int, status: str = "resigned") -> list[Event]:
        """A player is out ("resigned", "timed_out", "abandoned"): stored, then told to everyone.

        With one seat left in, that seat wins; with more, the seat is played by the CPU
        (``autopilot_level``) until the end. In a game with surrender (Fronts) the player
        surrenders instead, and a team whose players have all left or surrendered is out
        (fronts.md; issue 3). Raises GameFinished, InvalidInput.
        """
        with self._lock:
            if self._info.status == "finished":
                raise GameFinished(f"Game {self.game_id} is over: nobody can leave it now.")
            if self._info.seats[player].status != "in":
                raise IllegalAction("seat_out", f"{self._name(player)} is already out of game {self.game_id}.")
            self.store.set_seat_status(self.game_id, player, status, step=len(self._state.record))
            self._info = self.store.game(self.game_id)
            events = [self._left_event(player, status)]
            self._enqueue(events)
            if callable(getattr(self._state, "surrender", None)) and not self._state.is_terminal():
                # a game with surrender (Fronts): the player who left surrenders; a team whose players
                # have all left or surrendered is out of the game (the engine decides the end)
                try:
                    events += self._commit(player, _Leave())
                except RulesError as exc:
                    log.warning("live: game %s: %s left but could not surrender: %s", self.game_id,
                                self._name(player), exc)
            end = self._check_end(announce=False)
            self._enqueue(end)
            events += end
            self._update_clock()
        self._deliver()
        self._kick_cpu()
        return events

    def seat_news(self) -> list[tuple[int, Event]]:
        """What the live game told its seats that its record does not hold, each with the step (the number
        of actions in the log) it was told at, in order: each seat that left ("Red resigns.", at the step
        kept by the store; at the end for a seat that left before the store kept it) and the end of a game
        that ended because the others left ("Blue wins: every other player is out."). A seat's log rebuilt
        from the record after a reload weaves them in (``academy.ui.live_follow.with_news``), so that it reads
        as the live one did. "join" is left out: no log keeps it (``live_follow.UNLOGGED``)."""
        with self._lock:
            info, state = self._info, self._state
            end = len(state.record)
            left = sorted((end if seat.left_step is None else min(seat.left_step, end), seat.player)
                          for seat in info.seats if seat.status != "in")
            news = [(step, self._left_event(player, info.seats[player].status)) for step, player in left]
            if info.status == "finished" and left and not state.is_terminal():
                news.append((end, self._out_event(info.winner)))        # nothing is played after the end
            return news

    def _out_event(self, winner: int | None) -> Event:
        """The end of a game that ended because every other player left: "Blue wins: every other player is out."."""
        return Event("game_over", f"{self._name(winner)} wins: every other player is out."
                     if winner is not None else "The game is over: every player is out.", {"winner": winner})

    def _left_event(self, player: int, status: str) -> Event:
        """The news that ``player`` left the game with ``status``: "Red resigns."."""
        words = {"resigned": "resigns", "timed_out": "ran out of time", "abandoned": "left the game"}
        return Event(status, f"{self._name(player)} {words.get(status, status)}.", {"player": player, "status": status})

    # --- messages --------------------------------------------------------------------------
    def send_message(self, token: str, recipients: Iterable[int], text: str) -> Message:
        """Store a message from the token's seat; its participants' subscribers are told."""
        sender = self.seat_of(token)
        to = frozenset(recipients)
        with self._lock:
            mid = self.store.add_message(self.game_id, sender, to, text, step=len(self._state.record))
            msg = next(m for m in self.store.messages_for(self.game_id, sender) if m.id == mid)
            self._enqueue([Event("message", f"{self._name(sender)} wrote a message.",
                                 {"id": mid, "sender": sender, "recipients": sorted(msg.recipients),
                                  "text": msg.text})])
        self._deliver()
        return msg

    def messages(self, token: str) -> list[Message]:
        """The messages the token's seat sent or received."""
        return self.store.messages_for(self.game_id, self.seat_of(token))

    # --- subscribers -----------------------------------------------------------------------
    def subscribe(self, callback: Subscriber, player: int | None = None) -> Callable[[], None]:
        """Call ``callback(step, events)`` after each stored change; return the unsubscribe function.

        ``player`` is the seat the subscriber shows (None: a spectator). Message events reach
        only the message's participants. Callbacks run on the thread that made the change (a
        request or a CPU worker), never under the game's lock: a Panel session should hand the
        work to its own document (``pn.state.execute``) and return quickly.
        """
        with self._sub_lock:
            key = self._next_sub
            self._next_sub += 1
            self._subs[key] = (callback, player)

        def unsubscribe() -> None:
            with self._sub_lock:
                self._subs.pop(key, None)
        return unsubscribe

    @property
    def num_subscribers(self) -> int:
        with self._sub_lock:
            return len(self._subs)

    def refresh(self, kick_cpu: bool = True) -> bool:
        """Catch up with what another process (or another ``Store``) stored; True if anything changed.

        New actions are applied to the live state with the engine's own events, as if made
        here (a full reload with a "sync" event if the stored log does not continue this one);
        a join, a seat that left or an end not played on the board give their events
        (``catchup.seat_events``); new messages reach their participants as "message" events,
        at least once (the first catch-up of a game may repeat older ones: key on the id).
        Any other change of the summary (a deadline) calls the subscribers with no events.
        Cheap when nothing changed (two reads), e.g. for the echo of this process's own writes.
        The hub calls it when PostgreSQL notifies a change (``catchup.HubFollower``, with
        ``kick_cpu=False``: the process that made the change plays the CPU seats, the follower
        takes over only if they stall). Raises StoreError.
        """
        from .catchup import latest_message_id, message_events, new_entries, replay_new, same_summary, seat_events
        with self._lock:
            info = self.store.game(self.game_id)
            mark = getattr(self, "_message_mark", 0)
            latest = latest_message_id(self.store, self.game_id)
            stale = info.num_actions != len(self._state.record)
            if not stale and latest <= mark and same_summary(info, self._info):
                return False
            before = self._info
            caught = replay_new(self._state, new_entries(self.store, self.game_id, self._state)) if stale else None
            if caught is not None:
                info = self.store.game(self.game_id)    # the summary that goes with the log just read
            board = caught[0] if caught is not None else self._state
            told = self._enqueue_if(seat_events(before, info, ended_on_board=board.is_terminal()))
            if stale and caught is None:
                self._reload()            # a "sync" event
                told = True
            else:
                self._info = info
                if caught is not None:     # a chance step still to come is the writer's to store
                    self._state = caught[0]
                    told = self._enqueue_if(caught[1]) or told
                self._check_end()
            if latest > mark:
                self._message_mark = latest
                told = self._enqueue_if(message_events(self.store, self.game_id, mark, self._name)) or told
            if not told:                   # e.g. a new deadline: no event, but the pages redraw
                self._enqueue([])
        self._deliver()
        if kick_cpu:
            self._kick_cpu()
        return True

    def _enqueue_if(self, events: list[Event]) -> bool:
        if events:
            self._enqueue(events)
        return bool(events)

    # --- internals (call with self._lock held) ---------------------------------------------
    def _name(self, player: int) -> str:
        seat = self._info.seats[player]
        return seat.name or self._state.game.player_name(player)

    def _ensure_playable(self, player: int) -> None:
        if self._info.status == "finished":
            raise GameFinished(f"Game {self.game_id} is over: no more moves. You can still watch its replay.")
        if self._info.seats[player].status != "in":
            raise IllegalAction("seat_out", f"{self._name(player)} is out of this game "
                                            f"({self._info.seats[player].status}) and cannot act.")

    def _join(self, token: str, name: str | None) -> int:
        was = self._info
        player = self.store.join_seat(self.game_id, token, name)
        self._info = self.store.game(self.game_id)
        if not was.seats[player].joined or name:
            self._enqueue([Event("join", f"{self._info.seats[player].name} takes seat {player + 1}.",
                                 {"player": player, "status": self._info.status})])
        return player

    def _commit(self, player: int | None, action: Any) -> list[Event]:
        """Play ``action`` for ``player`` on a copy, store the new entries, then adopt the copy."""
        for attempt in (0, 1):
            self._settle()
            state = self._state
            try:
                trial, events = self._try(state, player, action)
            except RulesError:
                if attempt == 0 and self._is_stale():   # refused on an old state: look again
                    self._reload()
                    continue
                raise
            first = len(state.record)
            try:
                self._persist(trial, first)
            except Conflict as exc:
                written = exc.index - first if isinstance(exc.index, int) else 0
                log.warning("live: game %s: conflict at #%s (%s written); reloading", self.game_id, exc.index,
                            written)
                self._reload()
                if written > 0:           # our decision is stored; only a chance step raced
                    return events
                if attempt == 0:
                    continue
                raise Conflict(self.game_id, exc.index, exc.expected) from exc
            except StoreError:
                self._reload_quietly()
                raise
            self._state = trial
            self._enqueue(events)
            self._check_end()
            self._update_clock()
            return events
        raise AssertionError("unreachable")  # pragma: no cover

    def _try(self, state: State, player: int | None, action: Any) -> tuple[State, list[Event]]:
        """Play ``action`` on a copy of ``state``; raises RulesError (``state`` is never changed)."""
        kind = state.node_kind()
        if kind is NodeKind.TERMINAL:
            raise GameOver("game_over", f"Game {self.game_id} is over: no more moves.")
        if isinstance(action, _Leave):
            trial = state.clone()
            return trial, trial.surrender(player) + self._resolve_if_ready(trial)
        if kind is NodeKind.SIMULTANEOUS:
            trial = state.clone()
            if isinstance(action, _ResolveNow):
                return trial, trial.resolve_step()
            if isinstance(action, _Orders):
                events = trial.submit(player, list(action.orders))
            else:
                parsed = state.game.parse_action(action, state) if isinstance(action, str) else action
                events = trial.apply(parsed, player)
            return trial, events + self._resolve_if_ready(trial)
        if isinstance(action, (_Orders, _ResolveNow)):
            raise IllegalAction("no_orders", f"{state.game.title} is played in turns, not with orders given "
                                             "together: play actions one by one.")
        if kind is not NodeKind.DECISION:
            raise IllegalAction("not_supported", f"Game {self.game_id} waits for a {kind.value} step.")
        if player is not None and state.to_move() != player:
            mover = state.to_move()
            raise IllegalAction("not_your_turn", f"{self._name(player)} cannot act now: it is "
                                                 f"{self._name(mover) if mover is not None else 'nobody'}'s "
                                                 "turn. Wait for your turn.")
        parsed = state.game.parse_action(action, state) if isinstance(action, str) else action
        trial = state.clone()
        return trial, trial.play(parsed, player)

    def _is_stale(self) -> bool:
        """True if the store holds more actions than this process has (another server acted)."""
        try:
            return self.store.game(self.game_id).num_actions != len(self._state.record)
        except StoreError:
            return False

    def _persist(self, state: State, first: int) -> None:
        for i in range(first, len(state.record)):
            e = state.record.entries[i]
            self.store.append_action(self.game_id, i, e.player, e.action, e.chance)

    @staticmethod
    def _resolve_if_ready(state: State) -> list[Event]:
        """Resolve a simultaneous phase in which nobody is waiting any more (repeatedly)."""
        events: list[Event] = []
        while state.node_kind() is NodeKind.SIMULTANEOUS and not state.waiting():
            events += state.resolve_step()
        return events

    def _settle(self) -> None:
        """Store what follows by itself from the log's end: chance steps (e.g. after a crash
        between entries) and the resolution of a phase in which everyone has submitted."""
        kind = self._state.node_kind()
        if kind is not NodeKind.CHANCE and not (kind is NodeKind.SIMULTANEOUS and not self._state.waiting()):
            return
        trial = self._state.clone()
        first = len(trial.record)
        events = trial.settle() + self._resolve_if_ready(trial)
        try:
            self._persist(trial, first)
        except Conflict:
            self._reload()
            return
        self._state = trial
        self._enqueue(events)

    def _reload(self) -> None:
        before = len(self._state.record)
        self._state = self.store.load_state(self.game_id)
        self._info = self.store.game(self.game_id)
        after = len(self._state.record)
        if after != before:
            self._enqueue([Event("sync", f"The game was updated elsewhere (step {before} → {after}).",
                                 {"from": before, "to": after})])
        self._settle()
        self._check_end()

    def _reload_quietly(self) -> None:
        try:
            self._reload()
        except StoreError as exc:  # the database is gone: keep the last known state
            log.error("live: game %s: cannot reload after a store error: %s", self.game_id, exc)

    def _check_end(self, announce: bool = True) -> list[Event]:
        """Write the end of the game to the store when the engine ends it or one seat is left."""
        if self._info.status == "finished":
            return []
        state = self._state
        events: list[Event] = []
        if state.is_terminal():
            winner = state.winner()
        elif state.winner() is not None or all(s.status == "in" for s in self._info.seats):
            return []                                    # the engine decides
        else:
            left = [p for p, s in enumerate(self._info.seats) if s.status == "in" and not self._eliminated(p)]
            if len(left) > 1:
                return []
            winner = left[0] if left else None
            events.append(self._out_event(winner))
        self.store.finish(self.game_id, winner)
        self._info = self.store.game(self.game_id)
        log.info("live: game %s finished, winner %s", self.game_id, winner)
        if events and announce:
            self._enqueue(events)
        return events

    def _eliminated(self, player: int) -> bool:
        check = getattr(self._state, "is_eliminated", None)
        return bool(check(player)) if callable(check) else False

    # --- clocks ----------------------------------------------------------------------------
    def _late(self, state: State) -> list[int]:
        """Human seats still in that the game waits for (the clock runs for them)."""
        if self._info.status != "running":
            return []
        kind = state.node_kind()
        if kind is NodeKind.DECISION:
            players = [state.to_move()]
        elif kind is NodeKind.SIMULTANEOUS:
            players = state.waiting()
        else:
            return []
        return [p for p in players if p is not None and self._info.seats[p].kind == "human"
                and self._info.seats[p].status == "in"]

    @staticmethod
    def _turn_start(state: State) -> int:
        """The log index at which the turn (sequential) or order phase (simultaneous) under way began."""
        entries = state.record.entries
        i = len(entries)
        if state.node_kind() is NodeKind.SIMULTANEOUS:
            while i > 0 and (entries[i - 1].chance or entries[i - 1].player is not None):
                i -= 1
        else:
            mover = state.to_move()
            while i > 0 and (entries[i - 1].chance or entries[i - 1].player == mover):
                i -= 1
        return i

    def _update_clock(self, now: datetime | None = None) -> None:
        """Start a new deadline when a new turn or phase begins; clear it when nobody is on the clock."""
        info = self._info
        if info.clock is None:
            return
        late = self._late(self._state) if info.status == "running" else []
        start = self._turn_start(self._state)
        if not late:
            wanted: tuple[datetime | None, int | None] = (None, None)
        elif info.deadline is not None and info.deadline_step == start:
            return                                   # the same turn: its deadline stands
        else:
            wanted = ((now or self.hub.now()) + timedelta(seconds=info.clock["seconds"]), start)
        if (info.deadline, info.deadline_step) == wanted:
            return
        try:
            self.store.set_deadline(self.game_id, *wanted)
            self._info = self.store.game(self.game_id)
        except StoreError as exc:
            log.error("live: game %s: cannot store the deadline: %s", self.game_id, exc)

    # --- notifications ---------------------------------------------------------------------
    def _enqueue(self, events: list[Event]) -> None:
        with self._queue_lock:
            self._queue.append((len(self._state.record), list(events)))

    def _deliver(self) -> None:
        """Run the queued notifications in order, on this thread, unless another thread is already."""
        with self._queue_lock:
            if self._draining:
                return
            self._draining = True
        while True:
            with self._queue_lock:
                if not self._queue:
                    self._draining = False
                    return
                step, events = self._queue.popleft()
            with self._sub_lock:
                subs = list(self._subs.values())
            for callback, player in subs:
                shown = [e for e in events if e.kind != "message" or
                         (player is not None and (player == e.data["sender"] or player in e.data["recipients"]))]
                if not shown and events:
                    continue
                try:
                    callback(step, shown)
                except Exception:  # noqa: BLE001 - one broken page must not break the others
                    log.exception("live: game %s: a subscriber failed at step %s", self.game_id, step)

    # --- CPU seats -------------------------------------------------------------------------
    def _cpu_level(self, player: int | None) -> str | None:
        """The bot level that plays ``player`` now (a CPU seat, or an out seat on autopilot)."""
        if player is None:
            return None
        seat = self._info.seats[player]
        if seat.kind == "cpu" and seat.level:
            return seat.level
        if seat.status != "in":
            return self.hub.autopilot_level
        return None

    def _cpu_turn(self) -> tuple[int, str, State] | None:
        """The next CPU decision to make: (player, level, a snapshot), or None."""
        kind = self._state.node_kind()
        if self._info.status == "finished" or len(self._state.record) == self._cpu_stuck_at:
            return None
        if kind is NodeKind.DECISION:
            candidates = [self._state.to_move()]
        elif kind is NodeKind.SIMULTANEOUS:
            candidates = list(self._state.waiting())
        else:
            return None
        for player in candidates:
            level = self._cpu_level(player)
            if player is not None and level is not None:
                return player, level, self._state.clone()
        return None

    def _cpu_draw_votes(self) -> list[Event]:
        """The CPU seats answer a draw someone has just proposed: a bot with ``draw_vote(state, player)``
        gives its vote action (or None: it does not agree). Called under the lock."""
        events: list[Event] = []
        for player, seat in enumerate(self._info.seats):
            level = seat.level if seat.kind == "cpu" else None
            if not level or self._info.status == "finished" or self._state.is_terminal():
                continue
            answer = getattr(self._bot(player, level), "draw_vote", None)
            vote = answer(self._state.clone(), player) if answer is not None else None
            if vote is not None:
                try:
                    events += self._commit(player, vote)
                except (RulesError, Conflict) as exc:
                    log.warning("live: game %s: CPU draw vote of player %s refused: %s", self.game_id, player, exc)
        return events

    def _bot(self, player: int, level: str) -> Any:
        key = (player, level)
        if key not in self._bots:
            self._bots[key] = self.hub.bot_factory(self._state.game.name, level,
                                                   bot_seed(self._state.record.seed, player))
        return self._bots[key]

    def _kick_cpu(self) -> None:
        if self.hub.synchronous:
            if self._cpu_busy:   # a callback acted from inside the inline CPU loop
                return
            self._cpu_busy = True
            try:
                self._cpu_loop()
            finally:
                self._cpu_busy = False
            return
        with self._lock:
            if self._cpu_busy or self._cpu_turn() is None or self.hub.closed:
                return
            self._cpu_busy = True
        try:
            self.hub.submit(self._cpu_worker)
        except RuntimeError:  # the hub is shutting down
            with self._lock:
                self._cpu_busy = False

    def _cpu_worker(self) -> None:
        try:
            self._cpu_loop(delay=self.hub.cpu_delay)
        except Exception:  # noqa: BLE001 - the worker must never die silently
            log.exception("live: game %s: the CPU worker failed", self.game_id)
        finally:
            with self._lock:
                self._cpu_busy = False
                again = self._cpu_turn() is not None and not self.hub.closed
        if again:
            self._kick_cpu()

    def _cpu_loop(self, delay: float = 0.0) -> None:
        """Play CPU decisions until a human is to move or the game ends."""
        for _ in range(_MAX_CPU_STEPS):
            with self._lock:
                turn = self._cpu_turn()
                step = len(self._state.record)
            if turn is None or self.hub.closed:
                return
            player, level, snapshot = turn
            try:
                bot = self._bot(player, level)
                if snapshot.node_kind() is NodeKind.SIMULTANEOUS:
                    action: Any = _Orders(tuple(bot.orders(snapshot, player)))
                else:
                    action = bot.choose(snapshot)
            except Exception as exc:  # noqa: BLE001 - a broken bot must not freeze the game
                log.exception("live: game %s: the %s bot of player %s failed", self.game_id, level, player)
                with self._lock:
                    self._cpu_stuck_at = step
                    self._enqueue([Event("cpu_error", f"{self._name(player)} (CPU) failed to choose a move: {exc}",
                                         {"player": player})])
                self._deliver()
                return
            if delay and self.hub.wait_closed(delay):
                return
            with self._lock:
                if len(self._state.record) != step or self._cpu_turn() is None:
                    continue            # the game changed meanwhile: think again
                try:
                    self._commit(player, action)
                except (RulesError, Conflict) as exc:
                    log.warning("live: game %s: CPU move of player %s refused: %s", self.game_id, player, exc)
                    continue
                except StoreError as exc:
                    log.error("live: game %s: CPU move not stored: %s", self.game_id, exc)
                    self._cpu_stuck_at = len(self._state.record)
                    self._enqueue([Event("cpu_error", f"The CPU move was not stored: {exc}", {"player": player})])
            self._deliver()
        log.error("live: game %s: the CPU made %s moves without reaching a human or the end",
                  self.game_id, _MAX_CPU_STEPS)


def duration_text(seconds: float) -> str:
    """``3 h 12 min``, ``4 min 5 s``: a time left, in words."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [(days, "d"), (hours, "h"), (minutes, "min"), (secs, "s")]
    shown = [f"{n} {unit}" for n, unit in parts if n][:2]
    return " ".join(shown) or "0 s"


class LiveHub:
    """The live games of one server process; see the module docstring.

    ``store`` is a ``Store`` (or a URL / None for ``Store(url)``, then owned and closed by the
    hub). ``synchronous=True`` plays CPU seats inline in the acting thread (tests, scripts);
    otherwise on a pool of ``max_workers`` threads, ``cpu_delay`` seconds apart so people can
    follow. ``autopilot_level`` plays the seats that left a game of 3 or more.

    Clocks: ``now()`` tells the time (UTC; replaceable in tests). Unless ``synchronous``, a
    sweeper thread looks every ``clock_interval`` seconds for games whose deadline has passed
    (one indexed query, so games of other processes and games not open here count too) and
    calls their ``check_clock``; ``check_clocks()`` does one sweep by hand.
    """

    def __init__(self, store: Store | str | None = None, *, synchronous: bool = False, cpu_delay: float = 0.0,
                 max_workers: int = 2, autopilot_level: str = "easy",
                 bot_factory: Callable[[str, str, int], Any] | None = None,
                 now: Callable[[], datetime] | None = None, clock_interval: float | None = 1.0) -> None:
        self._owns_store = not isinstance(store, Store)
        self.store: Store = store if isinstance(store, Store) else Store(store)
        self.synchronous = synchronous
        self.cpu_delay = float(cpu_delay)
        self.autopilot_level = autopilot_level
        self.bot_factory = bot_factory or default_bot_factory
        self._games: dict[int, LiveGame] = {}
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._executor: ThreadPoolExecutor | None = None
        self._max_workers = max_workers
        self.now: Callable[[], datetime] = now or (lambda: datetime.now(UTC))
        self._sweeper: threading.Thread | None = None
        if not synchronous and clock_interval:
            self._sweeper = threading.Thread(target=self._sweep_loop, args=(float(clock_interval),),
                                             name="academy-live-clock", daemon=True)
            self._sweeper.start()
        from .catchup import follow_hub   # PostgreSQL: hear the other servers' changes (LISTEN/NOTIFY)
        self._follower = follow_hub(self)

    def check_clocks(self, now: datetime | None = None) -> int:
        """Call ``check_clock`` on every game whose deadline has passed; return how many there were."""
        now = now or self.now()
        ids = self.store.expired_games(now)
        for game_id in ids:
            if self.closed:
                break
            try:
                self.open(game_id).check_clock(now)
            except Exception:  # noqa: BLE001 - one broken game must not stop the clocks of the others
                log.exception("live: game %s: the clock check failed", game_id)
        return len(ids)

    def _sweep_loop(self, interval: float) -> None:
        while not self._closed.wait(interval):
            try:
                self.check_clocks()
            except StoreError as exc:
                log.error("live: the clock sweep cannot read the store: %s", exc)
            except Exception:  # noqa: BLE001 - the sweeper must keep running
                log.exception("live: the clock sweep failed")

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    def wait_closed(self, seconds: float) -> bool:
        """Sleep up to ``seconds``; True at once if the hub closes meanwhile."""
        return self._closed.wait(seconds)

    def submit(self, fn: Callable[[], None]) -> Any:
        with self._lock:
            if self.closed:
                raise RuntimeError("The live hub is closed.")
            if self._executor is None:
                self._executor = ThreadPoolExecutor(self._max_workers, thread_name_prefix="academy-live-cpu")
            return self._executor.submit(fn)

    def open(self, game_id: int) -> LiveGame:
        """The live game ``game_id`` (the same object for every caller); raises GameNotFound."""
        with self._lock:
            if self.closed:
                raise RuntimeError("The live hub is closed.")
            game = self._games.get(game_id)
            if game is None:
                game = self._games[game_id] = LiveGame(self, game_id)
                created = True
            else:
                created = False
        if created:
            game._deliver()
            game._kick_cpu()
        return game

    def create(self, game_name: str, options: Mapping[str, Any], seed: int, seats: list[dict[str, Any]],
               **kwargs: Any) -> tuple[LiveGame, dict[int, str]]:
        """``Store.create_game`` and ``open``: the live game and each human seat's token."""
        game_id, tokens = self.store.create_game(game_name, options, seed, seats, **kwargs)
        return self.open(game_id), tokens

    def close(self, wait: bool = True) -> None:
        """Stop the CPU workers (after their current move) and close the store if the hub owns it."""
        self._closed.set()
        if self._follower is not None:
            self._follower.close(wait=wait)
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)
        if self._sweeper is not None and self._sweeper is not threading.current_thread():
            self._sweeper.join(timeout=5)
        if self._owns_store:
            self.store.close()

    def __enter__(self) -> LiveHub:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
