"""The ``Store``: games, seats, the action log and messages in a SQL database.

See the package docstring (``academy/store/__init__.py``) for the API and its guarantees.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from alembic.util import CommandError
from sqlalchemy import Engine, create_engine, event, func, or_, select, update
from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session

from academy.core.jsonio import action_from_json, action_to_json
from academy.core.protocol import Game, State
from academy.core.record import SCHEMA as RECORD_SCHEMA
from academy.core.record import VERSION as RECORD_VERSION
from academy.core.record import Record

from . import migrate
from .errors import BadToken, Conflict, GameFinished, GameNotFound, InvalidInput, SeatTaken, StoreUnavailable
from .location import default_url
from .models import (GAME_STATUSES, SEAT_KINDS, SEAT_STATUSES, ActionRow, GameRow, MessageRow, RecipientRow,
                     SeatRow, utcnow)
from .notify import notify_game
from .text import check_json_text, check_text
from .tokens import hash_token, new_token, token_matches

log = logging.getLogger("academy.store")

MAX_MESSAGE = 4000
_INT64 = (-(2**63), 2**63 - 1)


# ============================================================================ results
@dataclass(frozen=True)
class SeatInfo:
    """A seat as the dashboard shows it (never the token or its hash)."""

    player: int
    kind: str            # "human" or "cpu"
    level: str | None    # cpu level
    name: str
    joined: bool
    status: str          # "in", "resigned", "timed_out", "abandoned"
    public: bool = False  # anyone may take it from the games list while it is free
    left_step: int | None = None   # the log's length when it left (status not "in"); None: in, or not known


@dataclass(frozen=True)
class GameInfo:
    """A stored game's summary: everything but the action log."""

    id: int
    game_name: str
    title: str
    options: dict[str, Any]
    seed: int
    status: str          # "open", "running", "finished"
    winner: int | None
    clock: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime
    num_actions: int
    seats: tuple[SeatInfo, ...]
    deadline: datetime | None = None      # when the current turn or order phase runs out
    deadline_step: int | None = None      # the log index at which that turn or phase began

    @property
    def free_public_seats(self) -> list[int]:
        """The seats anyone may take from the games list now."""
        if self.status == "finished":
            return []
        return [s.player for s in self.seats if s.public and not s.joined and s.kind == "human"]


@dataclass(frozen=True)
class Message:
    """A message between seats; ``step`` is the log length when it was sent."""

    id: int
    game_id: int
    sender: int
    recipients: frozenset[int]
    text: str
    step: int
    phase: str | None
    created_at: datetime


def _aware(moment: datetime) -> datetime:
    """SQLite returns naive datetimes; every time the store writes is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


CLOCK_MODES = ("live", "daily")


def check_clock(clock: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A game's clock settings, checked: ``{"mode": "live" | "daily", "seconds": N}`` or None.

    ``live``: N seconds per turn (or order phase); a player whose time runs out is out of the
    game. ``daily``: N seconds per move (a day is 86400); once the time has run out, an
    opponent may claim the win. In simultaneous-order games the phase resolves at the deadline
    with default orders for whoever has not submitted, in both modes. Raises InvalidInput.
    """
    if clock is None:
        return None
    mode, seconds = clock.get("mode"), clock.get("seconds")
    if mode not in CLOCK_MODES:
        raise InvalidInput(f"A clock's mode is one of {CLOCK_MODES}, not {mode!r}.")
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not 10 <= seconds <= 30 * 86400:
        raise InvalidInput(f"A clock gives each turn between 10 seconds and 30 days, in whole seconds; "
                           f"{seconds!r} is not that.")
    return {"mode": mode, "seconds": seconds}


# ============================================================================ engine
def make_engine(url: str) -> Engine:
    """An engine for ``url``; for SQLite: WAL, synchronous=FULL, foreign keys, a busy timeout,
    and real transactions (``BEGIN``, or ``BEGIN IMMEDIATE`` for writes)."""
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
    # Let SQLAlchemy's "begin" event emit BEGIN itself (pysqlite's own emulation defers it).
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    try:
        cur.execute("PRAGMA busy_timeout = 10000")
        cur.execute("PRAGMA journal_mode = WAL")
        cur.execute("PRAGMA synchronous = FULL")
        cur.execute("PRAGMA foreign_keys = ON")
    finally:
        cur.close()


def _sqlite_begin(conn: Any) -> None:
    mode = conn.get_execution_options().get("academy_begin", "DEFERRED")
    conn.exec_driver_sql(f"BEGIN {mode}")


# ============================================================================ the store
class Store:
    """Games, seats, action logs and messages in a database; see the package docstring.

    ``Store()`` opens the default database (``ACADEMY_DB`` or the SQLite file in the data
    folder), ``Store("postgresql+psycopg://...")`` another one. The schema is migrated to the
    newest revision on opening. Raises StoreUnavailable when the database cannot be opened.
    Close it with ``close()`` or use it as a context manager.
    """

    def __init__(self, url: str | None = None, registry: Mapping[str, type[Game]] | None = None) -> None:
        self.url = url or default_url()
        if registry is None:
            from academy.games import REGISTRY as registry  # noqa: N811 - the store reads every game
        self.registry: Mapping[str, type[Game]] = registry
        try:
            self.engine = make_engine(self.url)
        except (SQLAlchemyError, ImportError, ValueError) as exc:
            raise StoreUnavailable(f"Cannot use the database {self._safe_url()}: {exc}") from exc
        try:
            migrate.upgrade(self.engine)
        except SQLAlchemyError as exc:
            self.engine.dispose()
            log.error("store: cannot open or migrate %s: %s", self._safe_url(), exc)
            raise StoreUnavailable(f"Cannot open the database {self._safe_url()}: {exc.__class__.__name__}: "
                                   f"{getattr(exc, 'orig', exc)}. Check the path or URL and its permissions.") from exc
        except CommandError as exc:  # e.g. a revision this Academy does not know
            self.engine.dispose()
            log.error("store: cannot migrate %s: %s", self._safe_url(), exc)
            raise StoreUnavailable(f"Cannot open the database {self._safe_url()}: its schema is not one this "
                                   f"Academy knows ({exc}); was it written by a newer version?") from exc

    def _safe_url(self) -> str:
        try:
            from sqlalchemy.engine import make_url
            return make_url(self.url).render_as_string(hide_password=True)
        except Exception:  # noqa: BLE001 - only for messages
            return "<unreadable URL>"

    # --- lifecycle -------------------------------------------------------------------------
    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self._safe_url()!r})"

    @contextmanager
    def _session(self, write: bool = False) -> Iterator[Session]:
        """A session in one transaction, committed on success (writes) and rolled back on error."""
        with Session(self.engine, expire_on_commit=False) as session:
            session.connection(execution_options={"academy_begin": "IMMEDIATE" if write else "DEFERRED"})
            yield session
            if write:
                session.commit()

    def _game(self, session: Session, game_id: int) -> GameRow:
        is_id = isinstance(game_id, int) and not isinstance(game_id, bool) and 0 < game_id < 2**63   # a 64-bit row id
        row = session.get(GameRow, game_id) if is_id else None
        if row is None:
            raise GameNotFound(game_id)
        return row

    def _game_class(self, game_name: str) -> type[Game]:
        if game_name not in self.registry:
            raise InvalidInput(f"Unknown game {game_name!r}; known games: {', '.join(sorted(self.registry))}.")
        return self.registry[game_name]

    # --- games -----------------------------------------------------------------------------
    def create_game(self, game_name: str, options: Mapping[str, Any], seed: int, seats: list[dict[str, Any]], *,
                    title: str | None = None, start: Mapping[str, Any] | None = None,
                    clock: Mapping[str, Any] | None = None) -> tuple[int, dict[int, str]]:
        """Store a new game; return its id and the secret token of each human seat.

        ``options`` are the game's options (checked by building the game; its IllegalAction
        propagates); ``seats`` has one dict per player in order: ``{"kind": "human", "name":
        "Ann"}`` (``"public": True``: anyone may take it from the games list, see
        ``claim_seat``) or ``{"kind": "cpu", "level": "hard", "name": "Hard CPU"}``; cpu seats
        count as joined. ``clock``: ``{"mode": "live" | "daily", "seconds": N}`` (see
        ``check_clock``), or None. The game is "open" while a human seat is free, else "running". Raises
        InvalidInput for an unknown game, a bad seed or bad seats.
        """
        check_json_text(dict(options), "A game option")
        if start is not None:
            check_json_text(dict(start), "The game's start position")
        if title is not None:
            check_text(title, "A game's title")
        game = self._game_class(game_name)(**dict(options))
        clock = check_clock(clock)
        if not isinstance(seed, int) or isinstance(seed, bool) or not _INT64[0] <= seed <= _INT64[1]:
            raise InvalidInput(f"The seed must be a 64-bit integer, not {seed!r}.")
        if len(seats) != game.num_players:
            raise InvalidInput(f"{game_name} with these options has {game.num_players} players: "
                               f"give {game.num_players} seats, not {len(seats)}.")
        tokens: dict[int, str] = {}
        rows: list[SeatRow] = []
        for player, seat in enumerate(seats):
            kind = seat.get("kind", "human")
            if kind not in SEAT_KINDS:
                raise InvalidInput(f"Seat {player}: kind {kind!r} is not one of {SEAT_KINDS}.")
            level = seat.get("level")
            if kind == "cpu" and not level:
                raise InvalidInput(f"Seat {player}: a cpu seat needs a level (e.g. 'easy').")
            if level is not None:
                check_text(level, f"The CPU level of seat {player + 1}")
            name = str(seat.get("name") or (f"{level} CPU" if kind == "cpu" else game.player_name(player)))[:100]
            check_text(name, f"The name of seat {player + 1}")
            token_hash = None
            if kind == "human":
                tokens[player] = new_token()
                token_hash = hash_token(tokens[player])
            rows.append(SeatRow(player=player, kind=kind, level=level if kind == "cpu" else None, name=name,
                                token_hash=token_hash, joined=kind == "cpu", status="in",
                                public=bool(seat.get("public")) and kind == "human"))
        now = utcnow()
        with self._session(write=True) as s:
            row = GameRow(game_name=game_name, title=(title if title is not None else game.title)[:200],
                          options=dict(game.options), seed=seed, status="running" if not tokens else "open",
                          winner=None, start=dict(start) if start is not None else None,
                          clock=dict(clock) if clock is not None else None, created_at=now, updated_at=now)
            s.add(row)
            s.flush()
            for seat_row in rows:
                seat_row.game_id = row.id
            s.add_all(rows)
            game_id = row.id
        log.info("store: created game %s (%s, %d seats)", game_id, game_name, len(rows))
        return game_id, tokens

    def game(self, game_id: int) -> GameInfo:
        """The summary of one game; raises GameNotFound."""
        with self._session() as s:
            return self._info(s, self._game(s, game_id))

    def list_games(self, status: str | None = None) -> list[GameInfo]:
        """Every game (or those with ``status``), most recently updated first."""
        if status is not None and status not in GAME_STATUSES:
            raise InvalidInput(f"Unknown game status {status!r}; choose one of {GAME_STATUSES}.")
        with self._session() as s:
            query = select(GameRow).order_by(GameRow.updated_at.desc(), GameRow.id.desc())
            if status is not None:
                query = query.where(GameRow.status == status)
            games = list(s.scalars(query))
            ids = [g.id for g in games]
            counts: dict[int, int] = {}
            seats: dict[int, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                counts = {gid: n for gid, n in s.execute(select(ActionRow.game_id, func.count())
                                                         .where(ActionRow.game_id.in_(ids))
                                                         .group_by(ActionRow.game_id))}
                for seat in s.scalars(select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.player)):
                    seats[seat.game_id].append(seat)
            return [self._info(s, g, counts.get(g.id, 0), seats[g.id]) for g in games]

    def _info(self, s: Session, g: GameRow, num_actions: int | None = None,
              seats: list[SeatRow] | None = None) -> GameInfo:
        if num_actions is None:
            num_actions = s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == g.id)) or 0
        if seats is None:
            seats = list(s.scalars(select(SeatRow).where(SeatRow.game_id == g.id).order_by(SeatRow.player)))
        return GameInfo(g.id, g.game_name, g.title, dict(g.options), g.seed, g.status, g.winner,
                        dict(g.clock) if g.clock is not None else None, _aware(g.created_at), _aware(g.updated_at),
                        num_actions, tuple(SeatInfo(r.player, r.kind, r.level, r.name, r.joined, r.status,
                                                    bool(r.public), r.left_step) for r in seats),
                        _aware(g.deadline) if g.deadline is not None else None, g.deadline_step)

    def set_status(self, game_id: int, status: str) -> None:
        """Set a game's status ("open", "running", "finished"); raises GameNotFound, InvalidInput."""
        if status not in GAME_STATUSES:
            raise InvalidInput(f"Unknown game status {status!r}; choose one of {GAME_STATUSES}.")
        with self._session(write=True) as s:
            g = self._game(s, game_id)
            g.status, g.updated_at = status, utcnow()
            notify_game(s.connection(), game_id)

    def finish(self, game_id: int, winner: int | None) -> None:
        """Mark a game finished with its winner (None: no winner, e.g. a draw or abandoned game)."""
        with self._session(write=True) as s:
            g = self._game(s, game_id)
            if winner is not None and s.get(SeatRow, (game_id, winner)) is None:
                raise InvalidInput(f"Game {game_id} has no player {winner!r}.")
            g.status, g.winner, g.updated_at = "finished", winner, utcnow()
            notify_game(s.connection(), game_id)

    # --- seats -----------------------------------------------------------------------------
    def seat_for_token(self, game_id: int, token: str) -> int | None:
        """The player whose seat ``token`` opens in this game, or None (compared in constant time).

        Raises GameNotFound for an unknown game.
        """
        with self._session() as s:           # one read: every stored game has seats
            hashes = s.execute(select(SeatRow.player, SeatRow.token_hash).where(SeatRow.game_id == game_id)
                               .order_by(SeatRow.player)).all() if type(game_id) is int else []
            if not hashes:
                self._game(s, game_id)
        found = None
        for player, stored in hashes:  # compare every seat: the time does not depend on which one matches
            if token_matches(token, stored) and found is None:
                found = player
        return found

    def join_seat(self, game_id: int, token: str, name: str | None = None) -> int:
        """Take the seat ``token`` opens (optionally under a new display name); return the player.

        Joining again is harmless. Once every seat is joined an open game becomes running.
        Raises GameNotFound, BadToken (the token opens no seat here), GameFinished.
        """
        if name:
            check_text(str(name), "A player's name")
        player = self.seat_for_token(game_id, token)
        with self._session(write=True) as s:
            g = self._game(s, game_id)
            # the seat is read again, locked, with the write: a claim that replaced its token since the
            # read above (here or on another server) must not let the old token join (issue 13, item 2)
            seat = s.get(SeatRow, (game_id, player), with_for_update=True) if player is not None else None
            if seat is None or not token_matches(token, seat.token_hash):
                log.warning("store: game %s: join with a token that opens no seat", game_id)
                raise BadToken(f"This link does not open a seat in game {game_id}. Ask the game's host for your link.")
            if g.status == "finished":
                raise GameFinished(f"Game {game_id} is over; you can watch its replay but not join it.")
            seat.joined = True
            if name:
                seat.name = str(name)[:100]
            s.flush()
            free = s.scalar(select(func.count()).select_from(SeatRow)
                            .where(SeatRow.game_id == game_id, SeatRow.joined.is_(False)))
            if g.status == "open" and not free:
                g.status = "running"
            g.updated_at = utcnow()
            notify_game(s.connection(), game_id)
        return player

    def claim_seat(self, game_id: int, player: int, name: str | None = None) -> str:
        """Take the free public seat ``player`` from the games list; return its new secret token.

        The seat gets a fresh token (only its hash is stored) and counts as joined; once every
        seat is taken an open game runs. Of two people claiming one seat at once, one gets the
        token and the other ``SeatTaken``. Raises GameNotFound, GameFinished, InvalidInput (no
        such seat), SeatTaken (joined already, a CPU seat, or a seat only its link opens).
        """
        if name:
            check_text(str(name), "A player's name")
        token = new_token()
        with self._session(write=True) as s:
            g = self._game(s, game_id)
            if g.status == "finished":
                raise GameFinished(f"Game {game_id} is over; you can watch its replay but not join it.")
            seat = s.get(SeatRow, (game_id, player), with_for_update=True)
            if seat is None:
                raise InvalidInput(f"Game {game_id} has no seat {player!r}.")
            if seat.kind != "human" or not seat.public:
                raise SeatTaken(f"Seat {player + 1} of game {game_id} is not open to everyone: only its own link "
                                "opens it. Pick another game or ask its host for a link.")
            # The guarded update makes a race harmless: only one claim finds the seat still free.
            taken = s.execute(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.player == player,
                                                    SeatRow.joined.is_(False))
                              .values(joined=True, token_hash=hash_token(token),
                                      name=str(name)[:100] if name else seat.name)
                              .execution_options(synchronize_session=False))
            if taken.rowcount != 1:
                raise SeatTaken(f"Seat {player + 1} of game {game_id} was just taken by someone else. "
                                "Pick another free seat.")
            free = s.scalar(select(func.count()).select_from(SeatRow)
                            .where(SeatRow.game_id == game_id, SeatRow.joined.is_(False)))
            if g.status == "open" and not free:
                g.status = "running"
            g.updated_at = utcnow()
            notify_game(s.connection(), game_id)
        log.info("store: game %s: seat %s claimed from the games list", game_id, player)
        return token

    def set_deadline(self, game_id: int, deadline: datetime | None, step: int | None) -> None:
        """Store when the current turn or order phase (begun at log index ``step``) runs out."""
        with self._session(write=True) as s:
            g = self._game(s, game_id)
            g.deadline, g.deadline_step = deadline, step
            notify_game(s.connection(), game_id)

    def expired_games(self, now: datetime) -> list[int]:
        """Ids of unfinished games whose deadline is at or before ``now`` (for the clock sweeper)."""
        with self._session() as s:
            return list(s.scalars(select(GameRow.id).where(GameRow.status != "finished",
                                                           GameRow.deadline.is_not(None),
                                                           GameRow.deadline <= now).order_by(GameRow.id)))

    def set_seat_status(self, game_id: int, player: int, status: str, step: int | None = None) -> None:
        """Mark a seat "in", "resigned", "timed_out" or "abandoned", having left at ``step`` (the number of
        actions in the log then; kept as ``SeatInfo.left_step``, None for "in"); raises GameNotFound,
        InvalidInput."""
        if status not in SEAT_STATUSES:
            raise InvalidInput(f"Unknown seat status {status!r}; choose one of {SEAT_STATUSES}.")
        with self._session(write=True) as s:
            g = self._game(s, game_id)
            seat = s.get(SeatRow, (game_id, player))
            if seat is None:
                raise InvalidInput(f"Game {game_id} has no player {player!r}.")
            seat.status, g.updated_at = status, utcnow()
            seat.left_step = None if status == "in" else step
            notify_game(s.connection(), game_id)

    # --- the action log --------------------------------------------------------------------
    def append_action(self, game_id: int, index: int, player: int | None, action: Any, chance: bool = False) -> None:
        """Write entry ``index`` of the game's log and commit it before returning.

        ``action`` is the action dataclass (or its ``action_to_json`` form). The caller
        acknowledges the move only after this returns: once it has, the action survives a
        crash (SQLite: WAL with synchronous=FULL). The store does not check the rules (the
        caller applied the action to its state first) but refuses what the game could not read
        back. Raises Conflict unless ``index`` is exactly the number of stored actions (another
        writer came first: reload and retry), GameFinished for a finished game, InvalidInput
        for something that is not one of the game's actions, GameNotFound.
        """
        try:
            data = action if isinstance(action, dict) else action_to_json(action)
        except TypeError as exc:
            raise InvalidInput(f"Game {game_id}: action #{index} is not an action: {exc}") from exc
        if not isinstance(game_id, int) or isinstance(game_id, bool):
            raise GameNotFound(game_id)
        check_json_text(data, f"Game {game_id}: action #{index}")
        games, actions = GameRow.__table__, ActionRow.__table__
        try:
            # Core statements on one connection: this is the hot path (one call per move).
            with self.engine.connect() as conn:
                conn.execution_options(academy_begin="IMMEDIATE")
                with conn.begin():
                    # Touch the game row first: on PostgreSQL this row lock orders concurrent appends.
                    touched = conn.execute(update(games).where(games.c.id == game_id).values(updated_at=utcnow()))
                    if touched.rowcount != 1:
                        raise GameNotFound(game_id)
                    name, status = conn.execute(select(games.c.game_name, games.c.status)
                                                .where(games.c.id == game_id)).one()
                    if status == "finished":
                        raise GameFinished(f"Game {game_id} is over: action #{index} was not stored.")
                    try:
                        action_from_json(data, self._game_class(name).action_types)
                    except ValueError as exc:
                        raise InvalidInput(f"Game {game_id}: action #{index} is not a {name} action: {exc}") from exc
                    expected = conn.execute(select(func.coalesce(func.max(actions.c.idx) + 1, 0))
                                            .where(actions.c.game_id == game_id)).scalar_one()
                    if index != expected:
                        log.warning("store: game %s: action #%s refused, next is #%s", game_id, index, expected)
                        raise Conflict(game_id, index, int(expected))
                    conn.execute(actions.insert().values(game_id=game_id, idx=index, player=player,
                                                         chance=bool(chance), action=data, created_at=utcnow()))
                    notify_game(conn, game_id)   # PostgreSQL: sent to other servers when this commits
        except IntegrityError as exc:  # a concurrent writer inserted the same index first
            log.warning("store: game %s: action #%s lost a race to another writer", game_id, index)
            raise Conflict(game_id, index, index + 1) from exc
        except OperationalError as exc:  # e.g. SQLite still locked after the busy timeout
            log.error("store: game %s: action #%s not stored: %s", game_id, index, exc)
            raise StoreUnavailable(f"Game {game_id}: action #{index} was not stored, the database is busy or "
                                   f"unavailable ({getattr(exc, 'orig', exc)}). Try again.") from exc

    def append_record(self, game_id: int, record: Record, start: int | None = None) -> int:
        """Append ``record``'s entries from ``start`` (default: the stored count) one by one; return how many."""
        first = self.game(game_id).num_actions if start is None else start
        for i in range(first, len(record)):
            e = record.entries[i]
            self.append_action(game_id, i, e.player, e.action, e.chance)
        return max(0, len(record) - first)

    def record_json(self, game_id: int) -> dict[str, Any]:
        """The game's record as ``Record.to_json()`` data (for export); raises GameNotFound."""
        with self._session() as s:
            g = self._game(s, game_id)
            rows = s.execute(select(ActionRow.player, ActionRow.chance, ActionRow.action)
                             .where(ActionRow.game_id == game_id).order_by(ActionRow.idx)).all()
            body: dict[str, Any] = {"schema": RECORD_SCHEMA, "version": RECORD_VERSION, "game": g.game_name,
                                    "options": dict(g.options), "seed": g.seed,
                                    "log": [{"player": p, "chance": bool(c), "action": a} for p, c, a in rows]}
            if g.start is not None:
                body["start"] = g.start
            return body

    def load_record(self, game_id: int) -> Record:
        """The game's ``Record`` (built through the registry); raises GameNotFound."""
        return Record.from_json(self.record_json(game_id), self.registry)

    def load_state(self, game_id: int, upto: int | None = None,
                   on_step: Callable[[int, State], None] | None = None) -> State:
        """The game's state after replaying its log (the first ``upto`` entries if given)."""
        return self.load_record(game_id).replay(upto=upto, on_step=on_step)

    # --- messages --------------------------------------------------------------------------
    def add_message(self, game_id: int, sender: int, recipients: Iterable[int], text: str,
                    phase: str | None = None, step: int | None = None) -> int:
        """Store a message from seat ``sender`` to the seats ``recipients``; return its id.

        ``step`` defaults to the current length of the action log. Raises InvalidInput for an
        empty or too long text, no recipients, or a seat the game does not have; GameNotFound.
        """
        to = frozenset(recipients) - {sender}
        text = check_text(str(text), "A message").strip()
        if phase is not None:
            check_text(phase, "A message's phase")
        if not text:
            raise InvalidInput("A message needs some text.")
        if len(text) > MAX_MESSAGE:
            raise InvalidInput(f"A message holds at most {MAX_MESSAGE} characters, not {len(text)}.")
        if not to:
            raise InvalidInput("A message needs at least one recipient other than its sender.")
        with self._session(write=True) as s:
            self._game(s, game_id)
            players = set(s.scalars(select(SeatRow.player).where(SeatRow.game_id == game_id)))
            unknown = sorted(p for p in to | {sender} if p not in players)
            if unknown:
                raise InvalidInput(f"Game {game_id} has no seat {unknown}; its seats are {sorted(players)}.")
            if step is None:
                step = s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)) or 0
            row = MessageRow(game_id=game_id, sender=sender, text=text, step=step,
                             phase=phase[:100] if phase else None, created_at=utcnow())
            s.add(row)
            s.flush()
            s.add_all(RecipientRow(message_id=row.id, player=p, game_id=game_id) for p in sorted(to))
            notify_game(s.connection(), game_id)
            return row.id

    def messages_for(self, game_id: int, seat: int) -> list[Message]:
        """The messages ``seat`` sent or received in this game, oldest first; raises GameNotFound."""
        with self._session() as s:
            self._game(s, game_id)
            received = select(RecipientRow.message_id).where(RecipientRow.game_id == game_id,
                                                             RecipientRow.player == seat)
            rows = list(s.scalars(select(MessageRow).where(MessageRow.game_id == game_id)
                                  .where(or_(MessageRow.sender == seat, MessageRow.id.in_(received)))
                                  .order_by(MessageRow.id)))
            to: dict[int, set[int]] = {r.id: set() for r in rows}
            if rows:
                for mid, p in s.execute(select(RecipientRow.message_id, RecipientRow.player)
                                        .where(RecipientRow.message_id.in_(list(to)))):
                    to[mid].add(p)
            return [Message(r.id, r.game_id, r.sender, frozenset(to[r.id]), r.text, r.step, r.phase,
                            _aware(r.created_at)) for r in rows]
