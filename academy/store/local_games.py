"""Local games: the game a learner plays on their own screen, kept so that a reload brings it back.

Panel-free. A local game (against the CPU, or several people taking turns at one screen) is stored
under the browser's learner id (``progress.Learner``; the id is 128 random bits kept in that
browser's localStorage, so nobody reads another browser's game by guessing) and the game's name:
one game per learner and game, replaced by every save. A row holds the game's record
(``Record.to_json()``: the seed included, which never leaves the server), its ``setup`` (what the
record does not say: who plays each seat, the CPU levels) and whether the game is over.

    >>> import tempfile
    >>> from academy.store import Store
    >>> from academy.games import REGISTRY
    >>> record = REGISTRY["game_of_war"]().new_initial_state(seed=1).record
    >>> with tempfile.TemporaryDirectory() as d, Store(f"sqlite:///{d}/a.db") as store:
    ...     games = LocalGames(store)
    ...     _ = games.save("k" * 22, "game_of_war", record.to_json(), {"seats": ["human", "easy"]})
    ...     kept = games.load("k" * 22, "game_of_war")
    ...     (kept.setup, kept.finished, kept.record["seed"])
    ({'seats': ['human', 'easy']}, False, 1)

Errors: ``InvalidInput`` for a malformed learner id or game name, a record that is not a record's
JSON, or one larger than ``MAX_BYTES`` (``GameTooLarge``, the limit of a record file a visitor may
load: ``academy.core.visitor_json.MAX_FILE_BYTES``).
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from academy.core.visitor_json import MAX_FILE_BYTES, size_text

from .errors import InvalidInput
from .models import LearnerRow, LocalGameRow, utcnow
from .progress import _check_id, check_learner_key, learner_id_for, of_learner
from .store import Store, _aware

__all__ = ["LocalGames", "SavedGame", "GameTooLarge", "MAX_BYTES"]

#: the largest record kept (as JSON text): the size of a record file a visitor may load
MAX_BYTES = MAX_FILE_BYTES


class GameTooLarge(InvalidInput):
    """The game's record is larger than ``MAX_BYTES``: it is not kept."""


@dataclass(frozen=True)
class SavedGame:
    """A learner's stored local game."""

    game: str
    record: dict[str, Any]
    setup: dict[str, Any]
    finished: bool
    saved_at: datetime


def _check_json(what: str, value: object) -> tuple[dict[str, Any], int]:
    if not isinstance(value, Mapping):
        raise InvalidInput(f"{what} is a JSON object (a dict), not {type(value).__name__}.")
    try:
        text = json.dumps(value, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"{what} cannot be written as JSON: {exc}.") from None
    return dict(value), len(text.encode("utf-8"))


class LocalGames:
    """Learners' local games in ``store``'s database (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _session(self, write: bool = False) -> Session:
        return self.store._session(write)  # type: ignore[return-value]

    def save(self, key: str, game: str, record: Mapping[str, Any], setup: Mapping[str, Any] | None = None,
             finished: bool = False) -> SavedGame:
        """Keep ``record`` (``Record.to_json()`` data) as learner ``key``'s game ``game``, replacing the one
        kept before. Raises InvalidInput (GameTooLarge for a record over ``MAX_BYTES``)."""
        game = _check_id("game", game)
        if not isinstance(record, Mapping) or record.get("schema") != "academy.record":
            raise InvalidInput("A local game is kept as its record (Record.to_json()); this is not one.")
        record, size = _check_json("A game's record", record)
        if size > MAX_BYTES:
            raise GameTooLarge(f"This game's record is {size_text(size)}; a game is kept over a reload up to "
                               f"{size_text(MAX_BYTES)}. Save it to a file to keep it.")
        setup, _ = _check_json("A game's setup", dict(setup or {}))
        key = check_learner_key(key)
        for attempt in range(2):     # two pages of one browser may create the same learner at once
            try:
                with self._session(write=True) as s:     # one transaction: the learner (new or known) and the game
                    learner = learner_id_for(s, key)
                    row = s.get(LocalGameRow, (learner, game), with_for_update=True)
                    if row is None:
                        row = LocalGameRow(learner_id=learner, game=game)
                        s.add(row)
                    row.record, row.setup, row.finished, row.saved_at = record, setup, bool(finished), utcnow()
                    s.flush()
                    return _saved(row)
            except IntegrityError:
                if attempt:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def load(self, key: str, game: str) -> SavedGame | None:
        """Learner ``key``'s kept game ``game``, or None (none kept, or a learner id nobody used yet).
        Raises InvalidInput for a malformed id or name."""
        key, game = check_learner_key(key), _check_id("game", game)
        with self._session() as s:
            row = s.scalar(select(LocalGameRow).join(LearnerRow, LearnerRow.id == LocalGameRow.learner_id)
                           .where(LearnerRow.key == key, LocalGameRow.game == game))
            return _saved(row) if row is not None else None

    def finished(self, key: str | None = None, learner_id: int | None = None) -> list[SavedGame]:
        """The finished games kept for a learner (by the browser's ``key``, or by ``learner_id`` for a
        teacher's class table), in game name order; [] for a learner nobody used yet. Raises InvalidInput
        for a malformed key, ValueError when neither or both are given."""
        query = of_learner(select(LocalGameRow).where(LocalGameRow.finished.is_(True)).order_by(LocalGameRow.game),
                           LocalGameRow.learner_id, key, learner_id)
        with self._session() as s:
            return [_saved(row) for row in s.scalars(query)]

    def forget(self, key: str, game: str) -> bool:
        """Drop learner ``key``'s kept game ``game``; False if there was none."""
        key, game = check_learner_key(key), _check_id("game", game)
        with self._session(write=True) as s:
            learner = s.scalar(select(LearnerRow.id).where(LearnerRow.key == key))
            if learner is None:
                return False
            result = s.execute(delete(LocalGameRow).where(LocalGameRow.learner_id == learner,
                                                          LocalGameRow.game == game))
            return bool(result.rowcount)


def _saved(row: LocalGameRow) -> SavedGame:
    return SavedGame(row.game, dict(row.record), dict(row.setup or {}), bool(row.finished), _aware(row.saved_at))
