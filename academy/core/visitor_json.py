"""Reading a JSON file a visitor sent (a record to import, a saved game to load): the one reader with
the limits, so that no file can exhaust the server or fail without a word.

Limits (each refused with ``VisitorFileError`` whose message states it):

- ``MAX_FILE_BYTES``: a file may be at most 2 MB (a long game's record is well under 200 kB);
- ``MAX_DEPTH``: lists and objects nested at most 40 deep (a record needs about 6);
- ``MAX_NUMBER_DIGITS``: a number has at most 20 digits (a seed needs 19); no NaN or Infinity.

    >>> read_visitor_json('{"seed": 12, "log": []}')
    {'seed': 12, 'log': []}
    >>> read_visitor_json("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    academy.core.visitor_json.VisitorFileError: This file nests lists and objects more than 40 deep; a game record needs far fewer. It is not a record saved by the Academy.
"""
from __future__ import annotations

import json
import math
from typing import Any

from .errors import AcademyError

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "MAX_NUMBER_DIGITS", "WEBSOCKET_MAX_MESSAGE_BYTES", "VisitorFileError",
           "read_visitor_json", "size_text"]

MAX_FILE_BYTES = 2 * 1024 * 1024
#: the websocket's largest incoming message (``academy serve``; Bokeh's default is 20 MB): room for a
#: file at the limit even if every character is escaped in the message (\u0001 is 6 bytes); larger
#: files are refused in the browser before they are sent (``academy.ui.record_file``)
WEBSOCKET_MAX_MESSAGE_BYTES = 8 * MAX_FILE_BYTES
MAX_DEPTH = 40
MAX_NUMBER_DIGITS = 20



class VisitorFileError(AcademyError, ValueError):
    """A visitor's file refused before it is read: too large, too deeply nested, a number too long,
    or not JSON. ``message`` says which, and the limit."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


def size_text(size: int) -> str:
    """A file size in words: '2 MB', '15.0 MB', '800 kB', '12 bytes'."""
    if size >= 1024 * 1024:
        mb = size / (1024 * 1024)
        return f"{mb:.0f} MB" if mb == int(mb) else f"{mb:.1f} MB"
    if size >= 1024:
        return f"{size // 1024} kB"
    return f"{size} bytes"


def _depth_within(value: Any, what: str) -> None:
    """Refuse lists and objects nested more than MAX_DEPTH deep (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise VisitorFileError(f"{what} nests lists and objects more than {MAX_DEPTH} deep; a game record "
                                   "needs far fewer. It is not a record saved by the Academy.")
        children = node.values() if isinstance(node, dict) else node
        stack.extend((child, depth + 1) for child in children if isinstance(child, list | dict))


def _number_text(text: str, what: str) -> None:
    if len(text) <= MAX_NUMBER_DIGITS:
        return
    digits = len(text.lstrip("-").replace(".", "").split("e")[0].split("E")[0].lstrip("0"))
    if digits > MAX_NUMBER_DIGITS or len(text) > 2 * MAX_NUMBER_DIGITS:
        raise VisitorFileError(f"{what} holds a number of {len(text)} characters; numbers in a game record have "
                               f"at most {MAX_NUMBER_DIGITS} digits.")


def read_visitor_json(content: str | bytes, what: str = "This file") -> Any:
    """The JSON value in ``content`` (text or UTF-8 bytes), within the limits above.

    Raises VisitorFileError naming the limit for a file too large, too deeply nested, with a number too
    long (or NaN/Infinity), and for content that is not UTF-8 or not JSON (with the line and column).
    """
    size = len(content) if isinstance(content, bytes) else len(content.encode("utf-8", "surrogatepass"))
    if size > MAX_FILE_BYTES:
        if size < 1.1 * MAX_FILE_BYTES:   # just over: "2.0 MB; at most 2 MB" would not say why
            raise VisitorFileError(f"{what} is {size:,} bytes; a record file may be at most "
                                   f"{size_text(MAX_FILE_BYTES)} ({MAX_FILE_BYTES:,} bytes).")
        raise VisitorFileError(f"{what} is {size_text(size)}; a record file may be at most "
                               f"{size_text(MAX_FILE_BYTES)}.")
    if isinstance(content, bytes):
        try:
            content = content.decode("utf-8")
        except UnicodeDecodeError:
            raise VisitorFileError(f"{what} is not a game record: it is not UTF-8 text.") from None

    def integer(text: str) -> int:
        _number_text(text, what)
        return int(text)

    def real(text: str) -> float:
        _number_text(text, what)
        value = float(text)
        if not math.isfinite(value):
            raise VisitorFileError(f"{what} holds the number {text}, too large for a game record.")
        return value

    def constant(text: str) -> Any:
        raise VisitorFileError(f"{what} holds {text}, which is not a number a game record uses.")

    try:
        value = json.loads(content, parse_int=integer, parse_float=real, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise VisitorFileError(f"{what} is not a game record: bad JSON at line {exc.lineno}, column {exc.colno} "
                               f"({exc.msg}).") from None
    except RecursionError:  # the decoder's own guard (about 1000 deep), raised before any memory is spent
        raise VisitorFileError(f"{what} nests lists and objects more than {MAX_DEPTH} deep; a game record "
                               "needs far fewer. It is not a record saved by the Academy.") from None
    if isinstance(value, list | dict):
        _depth_within(value, what)
    return value
