"""Name matching for notation: case- and punctuation-insensitive, aliases, "did you mean".

"Did you mean" ranks the known names by the optimal string alignment distance (Damerau-Levenshtein
with each letter edited once): an insertion, a deletion, a substitution or two neighbouring letters
swapped each cost 1, so "PRA" is one step from "PAR" and "BRU" one from "BUR".

>>> osa_distance("pra", "par"), osa_distance("bru", "bur"), osa_distance("pra", "spa"), osa_distance("ca", "abc")
(1, 1, 2, 3)
>>> closest("pra", ["spa", "pru", "por", "par"])
['par', 'pru']
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .errors import AmbiguousNotation, InvalidNotation


def normalise(text: str) -> str:
    """Lower-case and strip everything but letters and digits: "North-West  Territory" -> "northwestterritory"."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def osa_distance(a: str, b: str) -> int:
    """The optimal string alignment distance between ``a`` and ``b``: the fewest insertions, deletions,
    substitutions and swaps of two neighbouring letters that turn one into the other (no letter edited
    twice)."""
    if a == b:
        return 0
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def _allowed(key: str) -> int:
    """How many edits a guess may be away from what was typed: 1 for up to 4 letters, then 2, then 3."""
    return 1 if len(key) <= 4 else 2 if len(key) <= 8 else 3


def _distance(key: str, name: str) -> int:
    """Edits from ``key`` to ``name``, or to the start of ``name`` as long as ``key`` (a prefix typed
    with a slip: "nrth atlantic" for "North Atlantic Ocean")."""
    whole = osa_distance(key, name)
    if len(key) < 4 or len(name) <= len(key) + 1:     # a short key: any name's start is a step away
        return whole
    return min(whole, *(osa_distance(key, name[:n]) for n in (len(key), len(key) + 1)))


def closest(key: str, names: Iterable[str], n: int = 3) -> list[str]:
    """The names nearest to ``key`` (``osa_distance``, also to a name's start), nearest first, at most
    ``n``, and only those as near as the nearest one; [] when none is near enough to be a slip."""
    scored = sorted((d, name) for name in dict.fromkeys(names) if (d := _distance(key, name)) <= _allowed(key))
    return [name for d, name in scored if d == scored[0][0]][:n] if scored else []


class NameIndex:
    """Resolves what a person typed to a canonical id.

    ``names`` maps each id to the spellings it answers to (its display name, aliases).
    Exact normalised matches win; otherwise a unique prefix; otherwise InvalidNotation with
    the closest names as "did you mean".
    """

    def __init__(self, names: Mapping[str, Iterable[str]], kind: str = "name") -> None:
        self.kind = kind
        self._exact: dict[str, str] = {}
        for ident, spellings in names.items():
            for s in [ident, *spellings]:
                self._exact.setdefault(normalise(s), ident)
        self._display = {ident: next(iter(sp), ident) for ident, sp in
                         ((i, list(s)) for i, s in names.items())}

    def find(self, text: str) -> str | None:
        """The id ``resolve`` would return for ``text``, or None where it would raise (quick: no "did you
        mean" is worked out)."""
        key = normalise(text)
        if not key:
            return None
        if key in self._exact:
            return self._exact[key]
        hits = {i for k, i in self._exact.items() if k.startswith(key)}
        return hits.pop() if len(hits) == 1 else None

    def resolve(self, text: str) -> str:
        """Return the id for ``text``; raises InvalidNotation or AmbiguousNotation."""
        key = normalise(text)
        if not key:
            raise InvalidNotation("unknown_name", f"Expected a {self.kind} name, got nothing.")
        if key in self._exact:
            return self._exact[key]
        hits = sorted({i for k, i in self._exact.items() if k.startswith(key)})
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            shown = ", ".join(self._display[h] for h in hits[:6])
            raise AmbiguousNotation("ambiguous_name",
                                    f"'{text}' could be any of: {shown}. Type more of the {self.kind} name.")
        ranked = sorted((_distance(key, k), self._display[i], i) for k, i in self._exact.items())
        best = ranked[0][0] if ranked else 0
        ids = list(dict.fromkeys(i for d, _, i in ranked if d == best and d <= _allowed(key)))[:3]
        hint = (" Did you mean " + " or ".join(self._display[i] for i in ids) + "?") if ids else ""
        raise InvalidNotation("unknown_name", f"'{text}' is not a {self.kind} I know.{hint}")
