"""What every game's lesson goals share: a Verdict, the Goal interface, "all of" and "any of".

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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Verdict", "MET", "OPEN", "GoalError", "Goal", "AllOf", "AnyOf"]


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
