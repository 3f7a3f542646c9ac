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

Sequential games only for now (Conquest; Tactics and Game of War when registered);
simultaneous-order games (Diplomacy, Fronts) will need ``submit``/``resolve`` here.

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
from typing import Any

from academy.core.errors import GameOver, IllegalAction, RulesError
from academy.core.protocol import Event, NodeKind, State

from .errors import BadToken, Conflict, GameFinished, StoreError
from .store import GameInfo, Message, SeatInfo, Store
from .tokens import hash_token

log = logging.getLogger("academy.store.live")

__all__ = ["LiveHub", "LiveGame", "LiveView", "Subscriber", "bot_seed"]

#: ``callback(step, events)``: ``step`` is the log length after the change
Subscriber = Callable[[int, list[Event]], None]

_MAX_CPU_STEPS = 200_000


def bot_seed(seed: int, player: int) -> int:
    """The seed of a CPU seat's bot (the same formula as the single-browser GameSession)."""
    return (int(seed) * 7 + int(player)) % (2 ** 31)


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


class LiveGame:
    """One stored game, live in this process; obtain it with ``LiveHub.open(game_id)``."""

    def __init__(self, hub: LiveHub, game_id: int) -> None:
        self.hub = hub
        self.store: Store = hub.store
        self.game_id = game_id
        self._lock = threading.RLock()
        self._tokens: dict[str, int] = {}         # hash of a checked token -> player
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
            return LiveView(self.game_id, player, len(state.record), self._info.status, mover,
                            self._info.winner, self._info.seats, self.state_for(player), legal)

    def seat_of(self, token: str) -> int:
        """The player whose seat ``token`` opens; raises BadToken (forged, mistyped, other game)."""
        if not isinstance(token, str) or not token:
            raise BadToken(f"No seat token given for game {self.game_id}: open the game with your seat's link.")
        key = hash_token(token)
        player = self._tokens.get(key)
        if player is None:
            player = self.store.seat_for_token(self.game_id, token)
            if player is None:
                log.warning("live: game %s: a token that opens no seat was refused", self.game_id)
                raise BadToken(f"This link does not open a seat in game {self.game_id}. "
                               "Ask the game's host for your link.")
            self._tokens[key] = player
        return player

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
                return self._commit(player, action)
        finally:                      # also after a refusal: a reload may have news for everyone
            self._deliver()
            self._kick_cpu()

    def join(self, token: str, name: str | None = None) -> int:
        """Take the seat ``token`` opens (optionally under a new name); return the player."""
        self.seat_of(token)
        with self._lock:
            player = self._join(token, name)
        self._deliver()
        return player

    def resign(self, token: str) -> list[Event]:
        """The seat ``token`` opens resigns; returns the events (and the end of the game, if it ends)."""
        return self.remove_player(self.seat_of(token), "resigned")

    def remove_player(self, player: int, status: str = "resigned") -> list[Event]:
        """A player is out ("resigned", "timed_out", "abandoned"): stored, then told to everyone.

        With one seat left in, that seat wins; with more, the seat is played by the CPU
        (``autopilot_level``) until the end. Raises GameFinished, InvalidInput.
        """
        with self._lock:
            if self._info.status == "finished":
                raise GameFinished(f"Game {self.game_id} is over: nobody can leave it now.")
            if self._info.seats[player].status != "in":
                raise IllegalAction("seat_out", f"{self._name(player)} is already out of game {self.game_id}.")
            self.store.set_seat_status(self.game_id, player, status)
            self._info = self.store.game(self.game_id)
            words = {"resigned": "resigns", "timed_out": "ran out of time", "abandoned": "left the game"}
            events = [Event(status, f"{self._name(player)} {words.get(status, status)}.",
                            {"player": player, "status": status})]
            events += self._check_end(announce=False)
            self._enqueue(events)
        self._deliver()
        self._kick_cpu()
        return events

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

    def refresh(self) -> bool:
        """Reload from the store if another process stored more actions; True if it did."""
        with self._lock:
            if self.store.game(self.game_id).num_actions == len(self._state.record):
                return False
            self._reload()
        self._deliver()
        self._kick_cpu()
        return True

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
            kind = state.node_kind()
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
            return events
        raise AssertionError("unreachable")  # pragma: no cover

    def _try(self, state: State, player: int | None, action: Any) -> tuple[State, list[Event]]:
        """Play ``action`` on a copy of ``state``; raises RulesError (``state`` is never changed)."""
        kind = state.node_kind()
        if kind is NodeKind.TERMINAL:
            raise GameOver("game_over", f"Game {self.game_id} is over: no more moves.")
        if kind is not NodeKind.DECISION:
            raise IllegalAction("not_supported", f"Game {self.game_id} waits for a {kind.value} step; "
                                                 "live play handles sequential games only for now.")
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

    def _settle(self) -> None:
        """Resolve (and store) chance steps the log ends with (e.g. after a crash between entries)."""
        if self._state.node_kind() is not NodeKind.CHANCE:
            return
        trial = self._state.clone()
        first = len(trial.record)
        events = trial.settle()
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
            events.append(Event("game_over", f"{self._name(winner)} wins: every other player is out."
                                if winner is not None else "The game is over: every player is out.",
                                {"winner": winner}))
        self.store.finish(self.game_id, winner)
        self._info = self.store.game(self.game_id)
        log.info("live: game %s finished, winner %s", self.game_id, winner)
        if events and announce:
            self._enqueue(events)
        return events

    def _eliminated(self, player: int) -> bool:
        check = getattr(self._state, "is_eliminated", None)
        return bool(check(player)) if callable(check) else False

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
        if self._info.status == "finished" or self._state.node_kind() is not NodeKind.DECISION \
                or len(self._state.record) == self._cpu_stuck_at:
            return None
        player = self._state.to_move()
        level = self._cpu_level(player)
        if player is None or level is None:
            return None
        return player, level, self._state.clone()

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
                action = self._bot(player, level).choose(snapshot)
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


class LiveHub:
    """The live games of one server process; see the module docstring.

    ``store`` is a ``Store`` (or a URL / None for ``Store(url)``, then owned and closed by the
    hub). ``synchronous=True`` plays CPU seats inline in the acting thread (tests, scripts);
    otherwise on a pool of ``max_workers`` threads, ``cpu_delay`` seconds apart so people can
    follow. ``autopilot_level`` plays the seats that left a game of 3 or more.
    """

    def __init__(self, store: Store | str | None = None, *, synchronous: bool = False, cpu_delay: float = 0.0,
                 max_workers: int = 2, autopilot_level: str = "easy",
                 bot_factory: Callable[[str, str, int], Any] | None = None) -> None:
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
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)
        if self._owns_store:
            self.store.close()

    def __enter__(self) -> LiveHub:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
