"""What every game's lesson board model adds to its board session: the exercise being tried
(``attempt``, an ``academy.lessons.Attempt``), the feedback of the last try, and the hints shown."""
from __future__ import annotations

import param

__all__ = ["LessonAttempt"]


class LessonAttempt(param.Parameterized):
    """Mixed into a game's board session to make it a lesson's board model."""

    attempt = param.Parameter(doc="the academy.lessons.Attempt being played")
    feedback = param.Parameter(None, doc="the Feedback of the last try (None before the first)")
    hints = param.List([], doc="the hint layers shown so far, in order")

    def hint(self) -> str | None:
        """Reveal the next hint layer; None when all are shown."""
        if self.attempt is None:
            return None
        text = self.attempt.hint()
        if text is not None:
            self.hints = self.hints + [text]
        return text
