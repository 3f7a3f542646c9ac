"""The Academy's error hierarchy.

    AcademyError
      RulesError(ValueError): InvalidNotation, AmbiguousNotation, IllegalAction, GameOver
      ReviewError(ValueError)  a review asked of the wrong record or player (academy/core/review.py)
      MapError, LessonError  (carry the file and the line or key)
        UnknownMap(MapError)  a map name that is not one of the game's maps (no file: names are never paths)

Every rules error carries a machine-readable ``reason`` and a message that says what was
refused, why, and how to fix it. The state is never changed by an action that raises.
"""
from __future__ import annotations

import os


class AcademyError(Exception):
    """Base class of every error the Academy raises on purpose."""


class RulesError(AcademyError, ValueError):
    """An action or a text that the rules do not accept.

    >>> e = IllegalAction("too_few_armies", "Attack refused: Ukraine has 1 army.")
    >>> e.reason, str(e)
    ('too_few_armies', 'Attack refused: Ukraine has 1 army.')
    """

    default_reason = "rules"

    def __init__(self, reason: str | None = None, message: str = "") -> None:
        self.reason = reason or self.default_reason
        self.message = message or self.reason
        super().__init__(self.message)


class InvalidNotation(RulesError):
    """The text could not be understood at all."""

    default_reason = "invalid_notation"


class AmbiguousNotation(RulesError):
    """The text could mean more than one action or name."""

    default_reason = "ambiguous_notation"


class IllegalAction(RulesError):
    """The action was understood but the rules do not allow it now."""

    default_reason = "illegal"


class GameOver(RulesError):
    """An action was given after the game ended."""

    default_reason = "game_over"


class ReviewError(AcademyError, ValueError):
    """A game review that cannot be made: a record of another game, a player who is not in the game, a
    record whose entries do not replay. ``reason`` is machine-readable (``wrong_game``, ``bad_player``,
    ``bad_record``, ``no_reviewer``); the message says what is wrong and how to fix it.

    >>> ReviewError("bad_player", "There is no player 7.").reason
    'bad_player'
    """

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        self.message = message
        super().__init__(message)


class _Located(AcademyError):
    """An error in a data file, with the file and the line (or key) it comes from."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 key: str | None = None) -> None:
        self.file, self.line, self.key, self.detail = file, line, key, message
        where = file or "<data>"
        if line is not None:
            where += f":{line}"
        if key is not None:
            where += f" [{key}]"
        super().__init__(f"{where}: {message}")

    def public_text(self) -> str:
        """The error as learners and players may read it: the file's name and line, never the server's
        folders ("winning.md, line 4: ...")."""
        if not self.file:
            return self.detail
        return f"{os.path.basename(self.file)}{f', line {self.line}' if self.line else ''}: {self.detail}"


class MapError(_Located):
    """A malformed map file."""


class LessonError(_Located):
    """A malformed lesson file."""


class UnknownMap(MapError):
    """A map name that is not one of the game's maps. It names no file (a name is never a path), and
    says the same for every unknown name: "There is no map called 'x'; the maps are: a, b."
    """

    def __init__(self, message: str) -> None:
        self.file = self.line = self.key = None
        self.detail = self.message = message
        AcademyError.__init__(self, message)
