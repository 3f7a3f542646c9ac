"""Bounded numbers: every number a visitor can send (in a position, a record, a link or a form) has a
stated limit, and a number outside it is refused with a message that names the limit.

Each game states its limits in one place (``academy/games/<game>/limits.py``) as ``Limit`` objects;
every parser reads its numbers through them, so the same number has the same limit and the same
message everywhere.

    >>> ARMIES = Limit(1, 999, "{name} has {value} armies; a territory holds at most {high}.",
    ...                "{name} has {value} armies; a territory holds at least {low}.", "armies")
    >>> ARMIES.read("12", "Ukraine")
    12
    >>> ARMIES.read("10000", "Ukraine")
    Traceback (most recent call last):
    ...
    academy.core.errors.InvalidNotation: Ukraine has 10000 armies; a territory holds at most 999.

A number with very many digits is refused from its length, before any conversion (so a 5,000-digit
number costs nothing and never meets Python's int-string limit), and shown by its length only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InvalidNotation, RulesError

__all__ = ["MAX_DIGITS", "Limit", "refuse_long_numbers", "shown"]

#: the most digits a number in a position line may have (each game's limits are far lower; this
#: refuses a 5,000-digit number at once, with one message, before any parser sees it)
MAX_DIGITS = 20

_DIGIT_RUN = re.compile(r"\d{%d,}" % (MAX_DIGITS + 1))

#: digits shown in a message; a longer number is shown as "a number of N digits"
_SHOWN_DIGITS = 12


def shown(text: str) -> str:
    """A number as a message shows it: itself, or its length when it is very long.

    >>> shown("42"), shown("1" * 40)
    ('42', 'a number of 40 digits')
    """
    return text if len(text) <= _SHOWN_DIGITS else f"a number of {len(text)} digits"


def refuse_long_numbers(text: str, what: str = "This position", kind: str = "a position") -> str:
    """``text`` unchanged if none of its numbers has more than MAX_DIGITS digits; InvalidNotation otherwise
    (``what`` and ``kind`` name the text: "This command", "a command").

    >>> refuse_long_numbers("Ukraine " + "9" * 30)
    Traceback (most recent call last):
    ...
    academy.core.errors.InvalidNotation: This position holds a number of 30 digits; a number in a position has at most 20 digits.
    """
    found = _DIGIT_RUN.search(text)
    if found:
        raise InvalidNotation("number_too_long", f"{what} holds {shown(found.group())}; a number in {kind} "
                                                 f"has at most {MAX_DIGITS} digits.")
    return text


@dataclass(frozen=True)
class Limit:
    """Whole numbers from ``low`` to ``high``, and what to say about one outside.

    ``too_high`` and ``too_low`` are message templates with ``{name}`` (what the number belongs to:
    "Ukraine", "the seed"), ``{value}`` (the number as shown), ``{low}`` and ``{high}``. ``noun``
    names the thing counted, for "... is not a whole number of armies".
    """

    low: int
    high: int
    too_high: str
    too_low: str = ""
    noun: str = "number"
    reason: str = "out_of_bounds"

    def read(self, value: object, name: str = "This number", error: type[RulesError] = InvalidNotation) -> int:
        """``value`` (an int, or text of digits with an optional sign) as an int within the limit.

        Raises ``error`` (InvalidNotation by default) with ``reason`` for a number outside the limit,
        and with reason "bad_number" for anything that is not a whole number (bools and floats too).
        """
        if isinstance(value, bool) or not (isinstance(value, str) or hasattr(value, "__index__")):
            raise error("bad_number", f"{name}: {_describe(value)} is not a whole number of {self.noun}.")
        if isinstance(value, str):
            text = value.strip()
            digits = text[1:] if text[:1] in "+-" else text
            if not digits.isascii() or not digits.isdigit():
                raise error("bad_number", f"{name}: {_describe(text)} is not a whole number of {self.noun}.")
            negative = text.startswith("-")
            if len(digits.lstrip("0")) > len(str(max(abs(self.low), abs(self.high)))):
                self._refuse(name, shown(text), negative, error)  # too long to be within the limit
            number = int(text)
        else:
            number = value.__index__()  # type: ignore[union-attr]
        if not self.low <= number <= self.high:
            bits = abs(number).bit_length()
            text = shown(str(number)) if bits <= 40 else f"a number of about {int(bits * 0.30103) + 1} digits"
            self._refuse(name, text, number < self.low, error)
        return number

    def _refuse(self, name: str, value: str, below: bool, error: type[RulesError]) -> None:
        template = self.too_high
        if below:
            template = self.too_low or "{name}: {value} is below {low}; it must be {low} to {high}."
        raise error(self.reason, template.format(name=name, value=value, low=self.low, high=self.high))


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
