"""The storage errors: each says what was refused, why, and what to do.

    AcademyError
      StoreError
        GameNotFound       no game with that id
        BadToken           a seat token that does not open this seat (or game)
        Conflict           an action index that is not the next one (someone else wrote first)
        GameFinished       an action or a join for a game that is over
        SeatTaken          a seat someone else took first (or that only its own link opens)
        TooEarly           a claim on time before the time has run out
        InvalidInput(ValueError)  bad arguments (unknown game name, bad seats, empty message ...)
        StoreUnavailable   the database cannot be opened or migrated
"""
from __future__ import annotations

from academy.core.errors import AcademyError


class StoreError(AcademyError):
    """Base class of every error raised by ``academy.store``."""


class GameNotFound(StoreError, LookupError):
    """No stored game has this id."""

    def __init__(self, game_id: object) -> None:
        self.game_id = game_id
        super().__init__(f"No game with id {game_id!r} is stored. Check the link or pick a game from the list.")


class BadToken(StoreError):
    """A seat token that does not belong to this game (forged, mistyped or from another game)."""


class Conflict(StoreError):
    """An optimistic-concurrency conflict: the action index is not the next one in the log.

    ``expected`` is the index the store would accept now; the caller reloads and retries.
    """

    def __init__(self, game_id: int, index: int, expected: int) -> None:
        self.game_id, self.index, self.expected = game_id, index, expected
        super().__init__(f"Game {game_id}: action #{index} refused, the next action is #{expected} "
                         f"(another move was stored first). Reload the game and try again.")


class GameFinished(StoreError):
    """The game is over: no more actions or joins."""


class SeatTaken(StoreError):
    """The seat cannot be taken from the list: someone took it first, or only its link opens it."""


class TooEarly(StoreError):
    """A win claimed on time while the other player still has time."""


class InvalidInput(StoreError, ValueError):
    """Arguments the store cannot accept (unknown game name, wrong seats, empty message ...)."""


class StoreUnavailable(StoreError):
    """The database could not be opened, created or migrated."""
