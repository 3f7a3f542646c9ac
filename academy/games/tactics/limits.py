"""The limits of every number in a Tactics position, record, link or form, in one place.

Chosen far above any real game (funds rarely pass 100,000; a game rarely lasts 60 days):

    >>> FUNDS.read("9999999999", "Red's funds")
    Traceback (most recent call last):
    ...
    academy.core.errors.InvalidNotation: Red's funds is 9999999999; funds are at most 9999999.
"""
from __future__ import annotations

from academy.core.bounds import Limit

__all__ = ["CAPTURE", "DAY", "FUNDS", "HEALTH", "HP", "METER", "SUPPLIES"]

#: an army's funds (and the starting funds and income options)
FUNDS = Limit(0, 9_999_999, "{name} is {value}; funds are at most {high}.",
              "{name} is {value}; funds are at least {low}.", "funds", "too_much_funds")
#: the day (and the day limit option)
DAY = Limit(1, 9_999, "{name} is {value}; a battle lasts at most {high} days.",
            "{name} is {value}; days count from {low}.", "days")
#: a unit's health 1..100 (shown as hp 1..10)
HEALTH = Limit(1, 100, "{name} is {value}; health runs 1 to {high} (hp 1 to 10).",
               "{name} is {value}; health runs {low} to 100 (hp 1 to 10).", "health points", "bad_health")
HP = Limit(1, 10, "{name} is {value}; hp runs 1 to {high}.", "{name} is {value}; hp runs {low} to 10.",
           "hp", "bad_health")
#: a unit's fuel or ammunition
SUPPLIES = Limit(0, 999, "{name} is {value}; fuel and ammunition are at most {high}.",
                 "{name} is {value}; fuel and ammunition are at least {low}.", "units of supply")
#: a property's capture points left
CAPTURE = Limit(0, 999, "{name} is {value}; capture points are at most {high}.",
                "{name} is {value}; capture points are at least {low}.", "capture points")
#: a commander's power meter
METER = Limit(0, 99_999, "{name} is {value}; a power meter holds at most {high}.",
              "{name} is {value}; a power meter holds at least {low}.", "meter points")
