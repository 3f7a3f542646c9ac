"""What every game's lesson goals share: a Verdict, the Goal interface, "all of" and "any of", and the
keys every goal mapping knows (``all``, ``any``; several keys side by side) in ``GoalCompiler``.

Each game's goals module (``academy.games.<game>.goals``) compiles a lesson's goal mapping into
``Goal`` objects whose ``evaluate(progress)`` gives a ``Verdict``: ``met``, ``open`` (still
reachable) or ``lost`` (with the reason in words). A goal that cannot be understood raises
``GoalError`` with the ``path`` to the offending part of the mapping, so the lesson loader can
name the file and line.

>>> class Always(Goal):
...     text = "anything"
...     def evaluate(self, p): return MET
>>> AllOf([Always(), Always()]).evaluate(None).status
'met'
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .text import listing

__all__ = ["Verdict", "MET", "OPEN", "GoalError", "Goal", "AllOf", "AnyOf", "Check", "GoalCompiler", "join_words",
           "worked_out"]


@dataclass(frozen=True)
class Verdict:
    """How a goal stands: ``met``, ``open`` or ``lost`` (with the reason, in words)."""

    status: str
    reason: str = ""


MET, OPEN = Verdict("met"), Verdict("open")


class GoalError(ValueError):
    """A goal that cannot be understood; ``path`` leads to the offending part of the goal mapping."""

    def __init__(self, message: str, path: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path = tuple(path)


class Goal(ABC):
    """A compiled goal. ``evaluate`` gives a Verdict; ``text`` says it in words."""

    text: str

    @abstractmethod
    def evaluate(self, p: Any) -> Verdict:
        """Met, open or lost, given the game's progress object (the learner's try so far)."""


@dataclass
class AllOf(Goal):
    """Met when every part is met; lost as soon as one part is lost (the reasons of all lost parts)."""

    parts: list[Goal]
    text: str = ""

    def evaluate(self, p: Any) -> Verdict:
        verdicts = [g.evaluate(p) for g in self.parts]
        lost = [v.reason for v in verdicts if v.status == "lost"]
        if lost:
            return Verdict("lost", " ".join(lost))
        return MET if all(v.status == "met" for v in verdicts) else OPEN


@dataclass
class AnyOf(Goal):
    """Met when one part is met; lost once every part is lost."""

    parts: list[Goal]
    text: str = ""

    def evaluate(self, p: Any) -> Verdict:
        verdicts = [g.evaluate(p) for g in self.parts]
        if any(v.status == "met" for v in verdicts):
            return MET
        if verdicts and all(v.status == "lost" for v in verdicts):
            return Verdict("lost", " ".join(v.reason for v in verdicts))
        return OPEN


@dataclass
class Check(Goal):
    """One check of the progress, and optionally why it can no longer be met ('' while it still can)."""

    text: str
    check: Callable[[Any], bool]
    lost: Callable[[Any], str] | None = None

    def evaluate(self, p: Any) -> Verdict:
        if self.check(p):
            return MET
        if self.lost is not None and (why := self.lost(p)):
            return Verdict("lost", why)
        return OPEN


#: "a", "a and b", "a, b and c" (``word``: "and" or "or"): the one text helper's listing.
join_words = listing


def worked_out(spec: Any, allowed: Sequence[str]) -> frozenset[str]:
    """What a goal mapping's ``work_out`` names (one of ``allowed``, or a list of them): what a lesson's board
    keeps back while the learner works it out; raises GoalError for anything else.

    >>> sorted(worked_out({"owns": "Ural", "work_out": "reinforcements"}, ("reinforcements", "set_value")))
    ['reinforcements']
    """
    value = spec.get("work_out", ()) if isinstance(spec, Mapping) else ()
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(v, str) and v in allowed for v in items):
        raise GoalError(f"work_out takes {' or '.join(allowed)} (or a list of them), not {value!r}", ("work_out",))
    return frozenset(items)


class GoalCompiler(ABC):
    """The part of a game's goal compiler that is the same in every game: ``all`` and ``any`` lists, and
    several keys side by side meaning all of them (``combine``). A game's compiler defines ``goal``."""

    @abstractmethod
    def goal(self, value: Any, path: Sequence[Any] = ()) -> Goal:
        """Compile one goal mapping; raises GoalError naming ``path``."""

    def work_out(self, spec: Mapping[str, Any], path: Sequence[Any], allowed: Sequence[str]) -> frozenset[str]:
        """The goal mapping's ``work_out`` (what the lesson's board keeps back: one of ``allowed``), checked:
        only in the top mapping, and beside another key; raises GoalError. The key itself is never checked."""
        if "work_out" not in spec:
            return frozenset()
        if path:
            raise GoalError("work_out belongs to the goal's top mapping, beside its other keys", (*path, "work_out"))
        if len(spec) == 1:
            raise GoalError("work_out needs another goal key beside it", path)
        return worked_out(spec, allowed)

    def combine(self, parts: list[Goal]) -> Goal:
        """One goal, or all of several (said as "a, b and c")."""
        return parts[0] if len(parts) == 1 else AllOf(parts, join_words([g.text for g in parts]))

    def _list(self, value: Any, path: Sequence[Any]) -> list[Goal]:
        if not isinstance(value, list) or not value:
            raise GoalError("expected a list of goals", path)
        return [self.goal(item, (*path, i)) for i, item in enumerate(value)]

    def _all(self, value: Any, path: Sequence[Any]) -> Goal:
        parts = self._list(value, path)
        return AllOf(parts, join_words([g.text for g in parts]))

    def _any(self, value: Any, path: Sequence[Any]) -> Goal:
        parts = self._list(value, path)
        return AnyOf(parts, join_words([g.text for g in parts], "or"))
