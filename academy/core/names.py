"""Name matching for notation: case- and punctuation-insensitive, aliases, "did you mean"."""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping

from .errors import AmbiguousNotation, InvalidNotation


def normalise(text: str) -> str:
    """Lower-case and strip everything but letters and digits: "North-West  Territory" -> "northwestterritory"."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


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
        close = difflib.get_close_matches(key, list(self._exact), n=3, cutoff=0.6)
        ids = list(dict.fromkeys(self._exact[c] for c in close))
        hint = (" Did you mean " + " or ".join(self._display[i] for i in ids) + "?") if ids else ""
        raise InvalidNotation("unknown_name", f"'{text}' is not a {self.kind} I know.{hint}")
