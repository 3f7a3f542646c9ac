"""Bounded numbers (academy/core/bounds.py) and each game's limits module (issue 13, item 3)."""
from __future__ import annotations

import doctest
import importlib

import pytest

from academy.core.bounds import Limit, refuse_long_numbers
from academy.core.errors import IllegalAction, InvalidNotation

MODULES = ["academy.core.bounds", "academy.core.visitor_json", *(f"academy.games.{g}.limits" for g in
                                                                  ("conquest", "diplomacy", "fronts", "game_of_war",
                                                                   "tactics"))]
LIMIT = Limit(1, 999, "{name} has {value} armies; a territory holds at most {high}.",
              "{name} has {value} armies; a territory holds at least {low}.", "armies", "too_many_armies")


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_limits_modules_hold(name: str) -> None:
    """issue 13, item 3: each game states its limits, with an example of the message."""
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


@pytest.mark.parametrize("value, expected", [("1", 1), ("999", 999), (" 42 ", 42), (7, 7), ("+5", 5),
                                             ("0000000000000000000000000000000012", 12)])
def test_values_within_the_limit_are_read(value: object, expected: int) -> None:
    """issue 13, item 3: the limit is inclusive; leading zeros are not digits that count."""
    assert LIMIT.read(value, "Ukraine") == expected


@pytest.mark.parametrize("value, words", [
    ("1000", "Ukraine has 1000 armies; a territory holds at most 999."),
    ("0", "Ukraine has 0 armies; a territory holds at least 1."),
    ("-5", "at least 1"),
    pytest.param(10**23, "a number of about 24 digits", id="10**23"),
    pytest.param(10**20000, "a number of about 20001 digits", id="10**20000"),   # beyond Python's int-string limit
    pytest.param("9" * 5000, "a number of 5000 digits", id="5000 digits"),
    ("٣", "is not a whole number of armies"),
    ("²", "is not a whole number of armies"),
    ("3.5", "is not a whole number of armies"),
    (3.0, "is not a whole number of armies"),
    (True, "is not a whole number of armies"),
    (None, "is not a whole number of armies"),
    ("", "is not a whole number of armies"),
])
def test_values_outside_are_refused_with_the_limit(value: object, words: str) -> None:
    """issue 13, item 3: InvalidNotation with the limit in the message, never ValueError or OverflowError."""
    with pytest.raises(InvalidNotation) as err:
        LIMIT.read(value, "Ukraine")
    assert words in err.value.message and len(err.value.message) < 200


def test_the_error_type_is_the_callers_choice() -> None:
    """issue 13, item 3: a game option beyond its limit is IllegalAction("bad_option"), as options are."""
    with pytest.raises(IllegalAction) as err:
        LIMIT.read(5000, "armies", IllegalAction)
    assert err.value.reason == "too_many_armies"


def test_long_numbers_are_refused_before_parsing() -> None:
    """issue 13, items 3 and 7: a 21-digit number in a position line is refused at once, shown by its length."""
    assert refuse_long_numbers("Ukraine " + "9" * 20) == "Ukraine " + "9" * 20
    with pytest.raises(InvalidNotation, match="holds a number of 4400 digits; a number in a position has at most 20"):
        refuse_long_numbers("seed " + "4" * 4400)
