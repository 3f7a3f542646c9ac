"""Persistence: games, seats, the action log and messages, in SQLite or any SQLAlchemy database.

Pure Python (SQLAlchemy 2.x and Alembic); no UI imports. The action log *is* the game's
``Record`` (``academy.core.record``): a game is stored as its name, options, seed (and
optional start position) plus one row per record entry, and any state is rebuilt by replay.

Opening
    ``Store(url=None)``: ``url`` is any SQLAlchemy URL; by default ``ACADEMY_DB``, else the
    SQLite file ``academy.db`` in the data folder (``ACADEMY_DATA``, else
    ``~/.local/share/academy`` or the platform's equivalent; see ``location.py``). SQLite runs
    with WAL, ``synchronous=FULL`` and foreign keys on. Opening migrates the schema to the
    newest Alembic revision (``migrations/``); a current schema is left alone. ``close()``
    (or ``with Store(...) as store:``) releases the connections.

Games
    ``create_game(game_name, options, seed, seats, *, title=None, start=None, clock=None)
    -> (game_id, {player: token})`` — ``seats`` is one dict per player:
    ``{"kind": "human", "name": "Ann"}`` or ``{"kind": "cpu", "level": "hard"}``. Each human
    seat gets a secret token (256 random bits, URL-safe); only its SHA-256 is stored, so the
    returned tokens are the only copy: put them in the seats' links.
    ``game(game_id) -> GameInfo``; ``list_games(status=None) -> [GameInfo]`` (newest first);
    ``set_status(game_id, "open" | "running" | "finished")``; ``finish(game_id, winner)``.

Seats
    ``seat_for_token(game_id, token) -> player | None`` (constant-time comparison);
    ``join_seat(game_id, token, name=None) -> player`` (an open game runs once every seat is
    taken); ``set_seat_status(game_id, player, "in" | "resigned" | "timed_out" | "abandoned", step=None)``
    (``step``: the log's length when the seat left, ``SeatInfo.left_step``).

The log
    ``append_action(game_id, index, player, action, chance=False)`` writes entry ``index``
    and commits before it returns; acknowledge a move to anyone only after that. ``index``
    must be the number of stored actions (optimistic concurrency): otherwise ``Conflict``
    with the ``expected`` index, and nothing is written. ``append_record(game_id, record)``
    appends the entries a record has beyond the stored ones.
    ``load_record(game_id) -> Record``; ``load_state(game_id, upto=None) -> State`` (replay);
    ``record_json(game_id)`` (``Record.to_json()`` data, for export).

Messages
    ``add_message(game_id, sender, recipients, text, phase=None, step=None) -> id``;
    ``messages_for(game_id, seat) -> [Message]``: only the messages that seat sent or
    received. ``step`` (default: the log length) places a message in the replay.

Live games (``live.py``)
    ``LiveHub(store_or_url, synchronous=False, cpu_delay=0.0)``, one per server process:
    ``open(game_id) -> LiveGame`` (cached), ``create(...) -> (LiveGame, tokens)``, ``close()``.
    ``LiveGame``: ``state_for(player | None)`` / ``view(player)`` (that seat's observation
    only), ``act(token, action_or_text)`` (stored before it returns or notifies), ``resign``,
    ``join``, ``send_message``, ``subscribe(callback, player=None) -> unsubscribe`` with
    ``callback(step, events)``, ``refresh()``, ``seat_news()`` (who left at which step: what a
    log rebuilt from the record must add); CPU seats play on worker threads.

Several servers (``notify.py``, ``catchup.py``)
    On PostgreSQL any number of ``academy serve`` processes may share one database (``--db
    postgresql+psycopg://user@host/academy`` on each): every change a watcher cares about (an
    action, a join or claimed seat, a seat's status, a message, a deadline, the end) sends
    ``pg_notify('academy_games', '<game_id>')`` inside its own transaction, so it goes out
    exactly when the change commits. Each ``LiveHub`` keeps a ``Listener`` thread with its own
    connection (``LISTEN academy_games``; reconnects with backoff, then catches up) and, for a
    game it has open, calls ``LiveGame.refresh()`` on a worker thread: the new moves reach its
    subscribers with the engine's own events, messages reach their participants. The echo of a
    hub's own writes is ignored. On SQLite all of this is a no-op: one process, one hub.

Text (``text.py``)
    Every free text the store keeps (messages, seat, player, student and learner names, titles)
    and every string in the JSON it keeps (options, start positions, actions, boards) passes one
    check, ``check_text`` / ``check_json_text``: a lone surrogate, NUL or another control
    character (tab and line breaks excepted) is refused with ``InvalidInput``, on every database.

Seat tokens
    A token is checked against the stored hash on every use (``LiveGame.seat_of``: no cache), so a
    seat claimed from the games list (a new token) stops opening by its old link at once, on every
    server sharing the database.

Errors (``errors.py``), all ``StoreError(AcademyError)``: ``GameNotFound``, ``BadToken``,
``Conflict``, ``GameFinished``, ``SeatTaken``, ``TooEarly``, ``InvalidInput`` (also a ValueError),
``StoreUnavailable``.
A game's own option errors (``IllegalAction`` with reason ``bad_option``) pass through.

>>> import tempfile, os
>>> from academy.store import Store
>>> with tempfile.TemporaryDirectory() as d, Store(f"sqlite:///{d}/a.db") as store:
...     gid, tokens = store.create_game("conquest", {"players": 2}, 7,
...                                     [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "easy"}])
...     store.seat_for_token(gid, tokens[0]), store.seat_for_token(gid, "forged")
(0, None)
"""
from .errors import (BadToken, Conflict, GameFinished, GameNotFound, InvalidInput, SeatTaken, StoreError,
                     StoreUnavailable, TooEarly)
from .location import data_dir, default_url
from .store import GameInfo, Message, SeatInfo, Store
from .live import LiveGame, LiveHub, LiveView  # noqa: E402,I001 - live.py builds on store.py
from .notify import Listener, notify_game  # noqa: E402,I001

__all__ = ["BadToken", "Conflict", "GameFinished", "GameInfo", "GameNotFound", "InvalidInput", "Listener", "LiveGame",
           "LiveHub", "LiveView", "Message", "SeatInfo", "SeatTaken", "Store", "StoreError", "StoreUnavailable",
           "TooEarly", "data_dir", "default_url", "notify_game"]
