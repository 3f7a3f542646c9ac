"""The limits of every number in a Fronts position, record, order, link or form, in one place.

Chosen far above any real game (a stack rarely holds 20 units of a type; funds rarely pass 200):

    >>> UNITS.read("5000", "Millbrook's infantry")
    Traceback (most recent call last):
    ...
    academy.core.errors.InvalidNotation: Millbrook's infantry is 5000; a stack holds at most 999 units of a type.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academy.core.bounds import Limit

__all__ = ["FUNDS", "MARKER", "PLAYERS", "TURN", "UNITS", "check_board"]

#: units of one type in one stack, or in one order
UNITS = Limit(0, 999, "{name} is {value}; a stack holds at most {high} units of a type.",
              "{name} is {value}; a count of units is at least {low}.", "units", "too_many_units")
#: a player's funds
FUNDS = Limit(0, 999_999, "{name} is {value}; funds are at most {high}.",
              "{name} is {value}; funds are at least {low}.", "funds", "too_much_funds")
#: the turn number, and the game's length in turns
TURN = Limit(1, 9_999, "{name} is {value}; a game lasts at most {high} turns.",
             "{name} is {value}; turns count from {low}.", "turns")
#: a province's counters: turns dug in, turns held, turns out of supply
MARKER = Limit(0, 9_999, "{name} is {value}; it is at most {high}.",
               "{name} is {value}; it is at least {low}.", "turns")
#: players in a game
PLAYERS = Limit(2, 4, "{name}: {value}; Fronts is for {low} to {high} players.",
                "{name}: {value}; Fronts is for {low} to {high} players.", "players", "bad_option")


def check_board(board: Mapping[str, Any]) -> None:
    """Every number of a saved board (``Board.to_dict``, from a record) within its limit; raises
    InvalidNotation naming the first one outside, KeyError for a missing field."""
    TURN.read(board["turn"], "The turn")
    for player, funds in dict(board["funds"]).items():
        FUNDS.read(funds, f"{player}'s funds")
    for where in [*dict(board["stacks"]).values(), board["neutral"]]:
        for province, counts in dict(where).items():
            for kind, n in dict(counts).items():
                UNITS.read(n, f"{kind} in {province}")
    for key in ("dug", "held"):
        for province, n in dict(board[key]).items():
            if n is not None:
                MARKER.read(n, f"{key.capitalize()} {province}")
    for by in dict(board["oos"]).values():
        for province, n in dict(by).items():
            MARKER.read(n, f"Supply {province}")
