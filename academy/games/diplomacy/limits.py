"""The limits of every number in a Diplomacy position, record, link or form, in one place.

A phase's year is written with four digits (``S1901M``: 1000 to 9999, ``position.PHASE_RE``); the
game's length in years is at most ``YEARS.high``:

    >>> YEARS.read(10**6, "years")
    Traceback (most recent call last):
    ...
    academy.core.errors.InvalidNotation: years is 1000000; a game lasts at most 999 years.
"""
from __future__ import annotations

from academy.core.bounds import Limit

__all__ = ["YEARS"]

#: the ``years`` option: the game ends after that many game years
YEARS = Limit(1, 999, "{name} is {value}; a game lasts at most {high} years.",
              "{name} is {value}; a game lasts at least {low} year.", "years", "bad_option")
