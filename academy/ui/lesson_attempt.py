"""What every game's lesson board model adds to its board session: the exercise being tried
(``attempt``, an ``academy.lessons.Attempt``), the feedback of the last try, and the hints shown."""
from __future__ import annotations

from collections.abc import Mapping

import param

__all__ = ["LessonAttempt"]


class LessonAttempt(param.Parameterized):
    """Mixed into a game's board session to make it a lesson's board model."""

    attempt = param.Parameter(doc="the academy.lessons.Attempt being played")
    feedback = param.Parameter(None, doc="the Feedback of the last try (None before the first)")
    hints = param.List([], doc="the hint layers shown so far, in order")

    @property
    def kept_back(self) -> frozenset[str]:
        """What the exercise asks the learner to work out, which the board and panels keep back: its goal's
        ``work_out`` (checked against the game's own list when the lesson was read)."""
        goal = self.attempt.exercise.goal if self.attempt is not None else None
        value = goal.get("work_out") if isinstance(goal, Mapping) else None
        return frozenset([value] if isinstance(value, str) else (value or ()))

    def _attempt_refusal(self) -> str | None:
        """Why the board takes no move because of the exercise (none open, this try over), or None; each
        lesson model asks it before its session's own refusal."""
        if self.attempt is None:
            return "Open an exercise first."
        if self.attempt.status == "solved":    # a tap after the solve: the solve stays the last word
            return "Solved: go on to the next exercise, or press Reset to do this one again."
        if self.attempt.over:
            return "This try is over: press Reset to try again, or go on to the next exercise."
        return None

    def hint(self) -> str | None:
        """Reveal the next hint layer; None when all are shown."""
        if self.attempt is None:
            return None
        text = self.attempt.hint()
        if text is not None:
            self.hints = self.hints + [text]
        return text
