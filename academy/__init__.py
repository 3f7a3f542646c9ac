"""The Academy: five strategy games taught in the browser and in Jupyter.

``academy.review(record)`` is the coach's review of a finished game for notebooks (see
academy/core/review.py): it takes a game's ``Record`` or the record's JSON (``record.to_json()``, a
saved or shared game) and returns a ``Review`` whose ``rows()`` make a table and ``state_at(i)`` the
board at mark ``i``.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from academy.core.review import Review

__all__ = ["review"]


def review(record: Any, players: Iterable[int] | None = None) -> Review:
    """Grade every decision of ``players`` (default: all) in ``record``, a Record or its JSON mapping.

    Raises ReviewError (academy/core/errors.py) for a player not in the game or a record that does not
    replay, ValueError for JSON that is not a record of a known game.
    """
    from academy.core.record import Record
    from academy.core.review import review as review_record
    if isinstance(record, Mapping):
        from academy.games import REGISTRY
        record = Record.from_json(record, REGISTRY)
    return review_record(record, players)
