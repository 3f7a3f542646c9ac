"""A game's goal vocabulary as a teacher picks from it: each key of its goals module, with an example and
what it means, read from that module (``GOAL_KEYS`` and the list of keys in its docstring), so the words a
teacher reads in the app are the ones the engine's authors wrote, for every game.

>>> words = goal_words("conquest")
>>> word = next(w for w in words if w.key == "owns")
>>> word.example, word.meaning.split(",")[0]
('owns: T', 'you hold every one of these territories')
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .exercise import goal_module

__all__ = ["GoalWord", "goal_words"]

_BULLET = re.compile(r"^- ((?:``[^`]+``[\s,]*(?:or|/)?\s*)+)(?:\([^)]*\))?:\s*(.*)$")
_SPAN = re.compile(r"``([^`]+)``")


@dataclass(frozen=True)
class GoalWord:
    """One goal key: ``example`` as the goals module writes it ("owns: T"), ``meaning`` in its words."""

    key: str
    example: str
    meaning: str

    @property
    def example_value(self) -> str:
        """The example's value ("T" of "owns: T")."""
        return self.example.partition(":")[2].strip()


def _bullets(doc: str) -> list[tuple[str, str]]:
    """(head, text) of each "- ``key: ...``: text" item of a docstring (an item goes on over indented lines)."""
    items: list[tuple[str, str]] = []
    for line in doc.splitlines():
        found = _BULLET.match(line.strip()) if line.startswith("- ") else None
        if found:
            items.append((found.group(1), found.group(2).strip()))
        elif items and line.startswith("  ") and line.strip():
            head, text = items[-1]
            items[-1] = (head, f"{text} {line.strip()}")
        elif not line.strip() and items and items[-1][0] != "":
            items.append(("", ""))
    return [(h, t) for h, t in items if h]


@functools.lru_cache(maxsize=8)
def goal_words(game: str) -> tuple[GoalWord, ...]:
    """Every goal key of ``game`` in its goals module's order, with an example and its meaning."""
    goals = goal_module(game)
    examples: dict[str, tuple[str, str]] = {}
    for head, text in _bullets(goals.__doc__ or ""):
        for span in _SPAN.findall(head):
            key = span.partition(":")[0].strip()
            examples.setdefault(key, (span, text))
    out = []
    for key in goals.GOAL_KEYS:
        example, meaning = examples.get(key, (f"{key}: ...", ""))
        out.append(GoalWord(key, example, meaning.rstrip(".") + "." if meaning else ""))
    return tuple(out)
