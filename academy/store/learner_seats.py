"""Learner seats: the seats of shared games a learner's browser opened, by seat number (never the token).

Panel-free. A seat page that knows the browser's learner id (``progress.Learner``: 128 random bits kept in
that browser) remembers its seat here, so that the coach's reviews of that learner's finished shared games
reach their class's table (the teacher's browser cannot read the learner's). Each learner keeps the newest
``KEEP`` seats; opening a seat again moves it to the front.

    >>> import tempfile
    >>> from academy.store import Store
    >>> with tempfile.TemporaryDirectory() as d, Store(f"sqlite:///{d}/a.db") as store:
    ...     gid, tokens = store.create_game("conquest", {"players": 2}, 7, [{"kind": "human"}] * 2)
    ...     seats = LearnerSeats(store)
    ...     seats.remember("k" * 22, gid, 1)
    ...     seats.of(key="k" * 22) == [(gid, 1)]
    True

Errors: ``InvalidInput`` for a malformed learner id, game id or seat number, or a game that is not stored.
"""
from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .errors import InvalidInput, StoreError
from .models import GameRow, LearnerSeatRow, utcnow
from .progress import check_learner_key, learner_id_for, of_learner
from .store import Store

__all__ = ["LearnerSeats", "KEEP"]

#: how many seats are kept per learner (the newest)
KEEP = 30


class LearnerSeats:
    """The shared-game seats of learners in ``store``'s database (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _session(self, write: bool = False) -> Session:
        return self.store._session(write)  # type: ignore[return-value]

    def remember(self, key: str, game_id: int, player: int) -> None:
        """Learner ``key`` (created if new) opened seat ``player`` of shared game ``game_id``."""
        key = check_learner_key(key)
        if not isinstance(game_id, int) or isinstance(game_id, bool) or game_id < 1 \
                or not isinstance(player, int) or isinstance(player, bool) or player < 0:
            raise InvalidInput(f"A seat is a game id (1 or more) and a seat number (0 or more): got "
                               f"{game_id!r}, {player!r}.")
        for _ in range(2):     # two pages of one browser may create the same learner at once
            try:
                with self._session(write=True) as s:
                    if s.get(GameRow, game_id) is None:
                        raise InvalidInput(f"There is no shared game {game_id}.")
                    learner = learner_id_for(s, key)
                    seat = s.get(LearnerSeatRow, (learner, game_id, player))
                    if seat is None:
                        s.add(LearnerSeatRow(learner_id=learner, game_id=game_id, player=player, seen_at=utcnow()))
                    else:
                        seat.seen_at = utcnow()
                    s.flush()
                    older = select(LearnerSeatRow.game_id, LearnerSeatRow.player).where(
                        LearnerSeatRow.learner_id == learner).order_by(LearnerSeatRow.seen_at.desc()).offset(KEEP)
                    for gid, p in s.execute(older).all():
                        s.execute(delete(LearnerSeatRow).where(LearnerSeatRow.learner_id == learner,
                                                               LearnerSeatRow.game_id == gid,
                                                               LearnerSeatRow.player == p))
                    return
            except IntegrityError:
                continue
        raise StoreError(f"The seat of learner {key!r} could not be stored; try again.")

    def of(self, key: str | None = None, learner_id: int | None = None) -> list[tuple[int, int]]:
        """(game id, seat) of the seats a learner opened (by the browser's ``key``, or by ``learner_id`` for a
        teacher's class table), the newest first; [] for a learner nobody used yet. Raises InvalidInput for
        a malformed key, ValueError when neither or both are given."""
        newest_first = select(LearnerSeatRow.game_id, LearnerSeatRow.player).order_by(LearnerSeatRow.seen_at.desc())
        query = of_learner(newest_first, LearnerSeatRow.learner_id, key, learner_id)
        with self._session() as s:
            return [(int(g), int(p)) for g, p in s.execute(query).all()]
