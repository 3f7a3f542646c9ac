"""Change notifications between server processes: PostgreSQL ``LISTEN``/``NOTIFY``.

Panel-free. Several ``academy serve`` processes may share one PostgreSQL database; each keeps
its own in-memory ``LiveGame``s (``live.py``), so each must hear when another process changes
a game. The store announces every change a watcher cares about (an action, a join or claimed
seat, a seat's status, a message, a deadline, the end) with ``notify_game(conn, game_id)``:
``pg_notify('academy_games', '<game_id>')`` *inside* the writing transaction, so PostgreSQL
sends it exactly when the change commits (and never for a rolled-back one). A ``Listener`` (one
daemon thread and one dedicated connection per server process) runs ``LISTEN academy_games``
and calls ``callback(game_id, sender_pid)`` for each notification. ``catchup.py`` turns that
into ``LiveGame.refresh()`` calls.

On SQLite (or any other database) ``notify_game`` does nothing and no listener is started:
SQLite serves a single process, whose ``LiveHub`` already sees every change it makes.

Delivery is at most once per connection: notifications sent while the listener is
disconnected are lost, so every (re)connect calls ``on_connect(reconnected)`` and the hub
then catches up with every game it has open (``LiveGame.refresh``).
"""
from __future__ import annotations

import logging
import select
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, Engine, text

log = logging.getLogger("academy.store.notify")

__all__ = ["CHANNEL", "Listener", "is_postgresql", "notify_game"]

#: the PostgreSQL notification channel; the payload is the game id in decimal
CHANNEL = "academy_games"

_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def is_postgresql(engine_or_conn: Engine | Connection) -> bool:
    """True if ``engine_or_conn`` talks to PostgreSQL (the only database that notifies)."""
    return engine_or_conn.dialect.name == "postgresql"


def notify_game(conn: Connection, game_id: int) -> None:
    """Announce a change of game ``game_id`` to every listening process, when ``conn``'s
    transaction commits (PostgreSQL); a no-op on other databases.

    Call it inside the writing transaction. PostgreSQL folds identical notifications of one
    transaction into one. Raises what the database raises (the transaction then fails).
    """
    if is_postgresql(conn):
        conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": str(int(game_id))})


#: ``callback(game_id, sender_pid)``
Callback = Callable[[int, int], None]


class Listener:
    """A daemon thread that ``LISTEN``s on ``CHANNEL`` and hands each game id to ``callback``.

    ``engine`` is the store's SQLAlchemy engine (PostgreSQL with psycopg 3): the listener opens
    its own connection with the same parameters, outside the pool, in autocommit mode.
    ``callback(game_id, sender_pid)`` runs on the listener thread, one notification at a time:
    keep it short (hand real work to another thread). ``on_connect(reconnected)`` runs after
    each successful ``LISTEN`` (``reconnected`` is False the first time). A dropped connection
    is logged and reopened after ``min_backoff`` seconds, doubling up to ``max_backoff`` while
    it fails; a silent one shows at the next ping (``SELECT 1`` after ``ping_every`` quiet
    seconds). Exceptions in the callbacks are logged, never fatal. ``close()`` wakes the thread
    at once and stops it.

    Raises ValueError for an engine that is not PostgreSQL.
    """

    def __init__(self, engine: Engine, callback: Callback, *, on_connect: Callable[[bool], None] | None = None,
                 channel: str = CHANNEL, min_backoff: float = 0.2, max_backoff: float = 10.0,
                 poll: float = 0.05, ping_every: float = 30.0) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError(f"LISTEN/NOTIFY needs PostgreSQL, not {engine.dialect.name}")
        if not channel.isidentifier():
            raise ValueError(f"not a plain channel name: {channel!r}")
        self.engine = engine
        self.callback = callback
        self.on_connect = on_connect
        self.channel = channel
        self.min_backoff, self.max_backoff = min_backoff, max_backoff
        self.poll, self.ping_every = poll, ping_every
        self.backend_pid: int | None = None   # the listening connection's server pid (None while down)
        self.connects = 0                     # successful LISTENs so far
        self._stop = threading.Event()
        self._connected = threading.Event()
        self._wake_r: socket.socket | None = None   # a socket pair: close() wakes the thread's select()
        self._wake_w: socket.socket | None = None
        self._thread = threading.Thread(target=self._run, name="academy-notify-listener", daemon=True)
        self._where = engine.url.render_as_string(hide_password=True)

    # --- control ---------------------------------------------------------------------------
    def start(self) -> Listener:
        """Start the thread (it connects in the background); returns self."""
        self._wake_r, self._wake_w = socket.socketpair()
        self._thread.start()
        return self

    def wait_connected(self, timeout: float) -> bool:
        """Wait until the listener is connected and listening; False after ``timeout`` seconds."""
        return self._connected.wait(timeout)

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    @property
    def closed(self) -> bool:
        return self._stop.is_set()

    def close(self, timeout: float = 5.0) -> None:
        """Stop listening and wait (up to ``timeout`` seconds) for the thread to end."""
        self._stop.set()
        if self._wake_w is not None:
            try:
                self._wake_w.send(b"x")
            except OSError:
                pass
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout)
            if self._thread.is_alive():
                log.warning("notify: the listener on %s did not stop within %s s", self._where, timeout)
                return
        for end in (self._wake_r, self._wake_w):
            if end is not None:
                end.close()

    # --- the thread ------------------------------------------------------------------------
    def _connect(self) -> Any:
        import psycopg
        cargs, cparams = self.engine.dialect.create_connect_args(self.engine.url)
        cparams = {**cparams, "autocommit": True}
        cparams.setdefault("connect_timeout", 10)
        conn = psycopg.connect(*cargs, **cparams)
        try:
            conn.execute(f"LISTEN {self.channel}")
        except BaseException:
            conn.close()
            raise
        return conn

    def _run(self) -> None:
        import psycopg
        delay = self.min_backoff
        while not self._stop.is_set():
            try:
                conn = self._connect()
            except psycopg.Error as exc:
                log.warning("notify: cannot listen on %s (%s); retrying in %.1f s", self._where,
                            str(exc).strip() or exc.__class__.__name__, delay)
                if self._stop.wait(delay):
                    break
                delay = min(delay * 2, self.max_backoff)
                continue
            reconnected = self.connects > 0
            self.connects += 1
            self.backend_pid = conn.info.backend_pid
            log.info("notify: %s on %s (channel %s, backend pid %s)", "reconnected" if reconnected else "listening",
                     self._where, self.channel, self.backend_pid)
            since = time.monotonic()
            try:
                if self.on_connect is not None:
                    self._safely(self.on_connect, reconnected)
                self._connected.set()
                self._receive(conn)
            except psycopg.Error as exc:
                # A connection that lived a while starts the backoff afresh; one that drops at once backs off.
                delay = self.min_backoff if time.monotonic() - since >= 5 else min(delay * 2, self.max_backoff)
                if not self._stop.is_set():
                    log.warning("notify: the listening connection to %s dropped (%s); reconnecting in %.1f s",
                                self._where, str(exc).strip() or exc.__class__.__name__, delay)
                    self._stop.wait(delay)
            finally:
                self._connected.clear()
                self.backend_pid = None
                try:
                    conn.close()
                except psycopg.Error:
                    pass
        log.info("notify: stopped listening on %s", self._where)

    def _receive(self, conn: Any) -> None:
        """Hand notifications to the callback until stopped; raises psycopg.Error when the connection fails."""
        quiet_since = time.monotonic()
        while not self._stop.is_set():
            readable, _, _ = select.select([conn.fileno(), self._wake_r], [], [], self.ping_every)
            if self._wake_r in readable or self._stop.is_set():
                return
            now = time.monotonic()
            if self._drain(conn, self.poll if readable else 0.0):
                quiet_since = now
            elif now - quiet_since >= self.ping_every:   # a silent drop shows only when we talk
                conn.execute("SELECT 1")
                quiet_since = now
                self._drain(conn, 0.0)                   # what arrived with the answer

    def _drain(self, conn: Any, timeout: float) -> bool:
        """Hand over the notifications received (waiting up to ``timeout`` s for more); True if any."""
        got = False
        for note in conn.notifies(timeout=timeout):
            got = True
            try:
                game_id = int(note.payload)
            except ValueError:
                log.warning("notify: ignored a notification with payload %r", note.payload[:100])
                continue
            self._safely(self.callback, game_id, note.pid)
        return got

    def _safely(self, fn: Callable[..., Any], *args: Any) -> None:
        try:
            fn(*args)
        except Exception:  # noqa: BLE001 - a failing callback must not stop the listener
            log.exception("notify: a notification callback failed")
