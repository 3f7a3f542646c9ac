"""Text people type, checked once before the store keeps it (messages, seat and student names, titles ...).

One rule on every database: a text may hold any character but these, which are refused with
``InvalidInput`` saying which character, where, and what to do:

- a lone surrogate (U+D800 to U+DFFF: half of a UTF-16 pair, no character on its own; UTF-8, hence
  SQLite, cannot encode it),
- NUL (U+0000: PostgreSQL cannot store it in text or JSON),
- the other control characters (U+0001 to U+001F and U+007F to U+009F: invisible, they garble
  pages), except tab, line feed and carriage return.

``check_text`` checks one text, ``check_json_text`` every string (keys too) in JSON data (options,
positions, actions, boards) before it goes into a JSON column.

>>> check_text("Ann", "A seat name")
'Ann'
>>> check_text("a\\x00b", "A message")
Traceback (most recent call last):
...
academy.store.errors.InvalidInput: A message cannot hold the character U+0000 (NUL, a control character) \
at position 2: it cannot be stored. Delete it (or type the text again instead of pasting it) and try again.
"""
from __future__ import annotations

import re
from typing import Any

from .errors import InvalidInput

__all__ = ["check_line", "check_text", "check_json_text", "find_unsafe"]

_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_NAMES = {0x00: "NUL", 0x07: "bell", 0x08: "backspace", 0x1b: "escape", 0x7f: "delete"}


def find_unsafe(text: str) -> tuple[int, str] | None:
    """The first character of ``text`` the store refuses and its index, or None."""
    found = _UNSAFE.search(text)
    return (found.start(), found.group()) if found else None


def _describe(char: str) -> str:
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return f"U+{code:04X} (half of a surrogate pair, not a character on its own)"
    name = _NAMES.get(code)
    return f"U+{code:04X} ({name + ', ' if name else ''}a control character)"


def check_text(text: object, what: str) -> str:
    """``text`` (a str) if the store can keep it; raises InvalidInput naming ``what`` ("A message",
    "Your name" ...), the character and its position (1-based) otherwise."""
    if not isinstance(text, str):
        raise InvalidInput(f"{what} must be text, not {type(text).__name__}.")
    bad = find_unsafe(text)
    if bad is not None:
        index, char = bad
        raise InvalidInput(f"{what} cannot hold the character {_describe(char)} at position {index + 1}: it cannot "
                           "be stored. Delete it (or type the text again instead of pasting it) and try again.")
    return text


def check_line(text: object, what: str, most: int, empty: str | None = None) -> str:
    """A one-line text people type (a name, a title): its runs of spaces made one, then ``check_text``; at most
    ``most`` characters. ``empty``: the message when nothing is left (None: '' is allowed). Raises InvalidInput."""
    line = check_text(" ".join(str(text or "").split()), what)
    if not line and empty is not None:
        raise InvalidInput(empty)
    if len(line) > most:
        raise InvalidInput(f"{what} has at most {most} characters; this one has {len(line)}.")
    return line


def check_json_text(data: Any, what: str) -> Any:
    """``data`` (JSON: dicts, lists, strings, numbers ...) if every string in it, keys included, passes
    ``check_text``; raises InvalidInput naming ``what`` otherwise."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            check_text(item, what)
        elif isinstance(item, dict):
            for key, value in item.items():
                if isinstance(key, str):
                    check_text(key, what)
                stack.append(value)
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return data
