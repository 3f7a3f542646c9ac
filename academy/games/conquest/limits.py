"""The limits of every number in a Conquest position, record, link or form, in one place.

Chosen far above any real game (a long six-player game rarely has 200 armies on one territory); a
number outside its limit is refused with a message that states the limit:

    >>> ARMIES.read("10000", "Ukraine")
    Traceback (most recent call last):
    ...
    academy.core.errors.InvalidNotation: Ukraine has 10000 armies; a territory holds at most 999.

The exact odds of the largest battle allowed (999 against 999) take linear memory and a few
milliseconds (bench/odds.py).
"""
from __future__ import annotations

from academy.core.bounds import Limit

__all__ = ["ARMIES", "COUNT", "SETS_TRADED", "TURN"]

#: armies on one territory (0 while territories are set up, and on a territory just conquered)
ARMIES = Limit(0, 999, "{name} has {value} armies; a territory holds at most {high}.",
               "{name} has {value} armies; a territory holds at least {low}.", "armies", "too_many_armies")
#: any other count of armies: reinforcements to place, armies to move, armies placed this turn
COUNT = Limit(0, 99_999, "{name} is {value}; a count of armies is at most {high}.",
              "{name} is {value}; a count of armies is at least {low}.", "armies", "too_many_armies")
#: card sets traded in so far
SETS_TRADED = Limit(0, 999, "{name} is {value}; at most {high} card sets can have been traded.",
                    "{name} is {value}; the number of card sets traded is at least {low}.", "card sets")
#: the turn number
TURN = Limit(0, 99_999, "{name} is {value}; a game lasts at most {high} turns.",
             "{name} is {value}; turns count from {low} (the set-up).", "turns")
