"""Strict name lookup for Tactics ids (units, terrain), with "did you mean" on a miss.

Unlike :class:`academy.core.names.NameIndex` on its own, a unique prefix is not accepted
("heavy" is not a unit): an API call with a half-typed name should fail loudly, and the
message offers the name the person probably meant.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from academy.core.errors import AmbiguousNotation, IllegalAction, InvalidNotation
from academy.core.names import NameIndex, normalise


class StrictNames:
    """Maps a typed name to an id by exact normalised match ("Heavy Tank" == "heavy_tank").

    ``names`` maps each id to its display name and aliases. ``kind`` ("unit", "terrain")
    and ``reason`` (the IllegalAction reason on a miss) shape the error.
    """

    def __init__(self, names: Mapping[str, Iterable[str]], kind: str, reason: str) -> None:
        self.kind, self.reason = kind, reason
        self._names = {ident: tuple(spellings) for ident, spellings in names.items()}
        self._index = NameIndex(self._names, kind=kind)
        self._exact: dict[str, str] = {}
        for ident, spellings in self._names.items():
            for s in (ident, *spellings):
                self._exact.setdefault(normalise(s), ident)

    def resolve(self, text: object) -> str:
        """Return the id for ``text``.

        Raises IllegalAction(reason) when ``text`` is not a string or not a known name;
        the message lists the valid ids and suggests the closest one ("Did you mean Tank?").
        """
        if not isinstance(text, str):
            raise IllegalAction(self.reason, f"A {self.kind} must be named by a string such as "
                                f"{next(iter(self._names))!r}, got {text!r}.")
        key = normalise(text)
        if key and key in self._exact:
            return self._exact[key]
        try:
            guess = self._index.resolve(text)
        except (InvalidNotation, AmbiguousNotation) as exc:
            message = exc.message
        else:
            shown = self._names[guess][0] if self._names[guess] else guess
            message = f"'{text}' is not a {self.kind} I know. Did you mean {shown} ({guess!r})?"
        raise IllegalAction(self.reason, f"{message} Known {self.kind} names: {', '.join(self._names)}.")
