"""The limits of every number in a Game of War position, record, link or form, in one place.

    >>> SIDE.read("5000", "The board width")
    Traceback (most recent call last):
    ...
    academy.core.errors.InvalidNotation: The board width is 5000; a board side is at most 100 squares.
"""
from __future__ import annotations

from academy.core.bounds import Limit

__all__ = ["COORDINATE", "SIDE", "TURN"]

#: a board's width or height (the classic board is 25 by 20)
SIDE = Limit(1, 100, "{name} is {value}; a board side is at most {high} squares.",
             "{name} is {value}; a board side is at least {low} square.", "squares", "bad_size")
#: a square's column or row ([x, y]; the board itself says which are on it)
COORDINATE = Limit(0, SIDE.high - 1, "{name} is {value}; a column or row is at most {high}.",
                   "{name} is {value}; a column or row is at least {low}.", "squares", "bad_square")
#: the turn number (0 before the first move), and the max_turns option
TURN = Limit(0, 99_999, "{name} is {value}; a game lasts at most {high} turns.",
             "{name} is {value}; turns count from {low} (before the first move).", "turns")
