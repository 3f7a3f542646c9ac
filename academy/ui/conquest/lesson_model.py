"""LessonModel: the board model of one exercise, a ``ConquestSession`` wrapping an ``academy.lessons.Attempt``
(as every game's lesson model wraps its game's session).

The board, the phase controls and the odds panel read it exactly as they read a game; an action goes to
``attempt.act`` (which plays the exercise's scripted replies) and its Feedback (solved / wrong / illegal /
continue) is kept in ``feedback`` for the page to show. Every seat is the learner's: no CPU, no cover.
"""
from __future__ import annotations

from typing import Any

import param

from academy.core.text import count
from academy.games.conquest import rules
from academy.ui.lesson_attempt import LessonAttempt
from academy.ui.turn_session import HUMAN

from .session import ConquestSession

__all__ = ["LessonModel"]


class LessonModel(LessonAttempt, ConquestSession):
    #: a lesson page has no Replay button, so the banner does not send the learner to one
    offers_replay = False

    def __init__(self, **params: Any) -> None:
        super().__init__(synchronous=True, **params)

    def start(self, attempt: Any) -> None:
        """Show a new attempt (a new exercise), with the amounts a click uses back at their defaults."""
        self.choice.reset()
        with param.parameterized.discard_events(self):
            self.param.update(attempt=attempt, hints=[])
        self._show_start()

    def reset(self) -> None:
        """Retry the exercise from its start position (hints already shown stay shown)."""
        if self.attempt is None:
            return
        self.attempt.reset()
        self.choice.reset()          # a new try starts from the default amounts, not the ones that just failed
        self._show_start()

    def _show_start(self) -> None:
        with param.parameterized.discard_events(self):
            self.feedback = None
        self.start_from(self.attempt.state, [HUMAN] * self.attempt.state.game.num_players, message="")

    # --- one person at the screen: the learner ---------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        return False

    def click(self, territory: str) -> None:
        """As a game's click, but more armies per click than are left to place is refused (a game places
        what is left and says how many) when the exercise asks the learner to count them."""
        s, ch = self.state, self.choice
        if ("reinforcements" in self.kept_back and s is not None and s.phase in ("reinforce", "cashout")
                and not self._refuse_input() and s.owner.get(territory) == s.current
                and not rules.must_trade(s) and ch.armies > s.reinforcements):
            self._publish(message=f"You have fewer than {count(ch.armies, 'army')} left to place, so {ch.armies} "
                                  "per click cannot go on the board: count your armies again and choose fewer "
                                  "per click.")
            return
        super().click(territory)

    @property
    def learner(self) -> int | None:
        return getattr(self.attempt, "learner", None)

    @property
    def viewer(self) -> int | None:
        return self.learner

    def _refuse(self) -> str | None:
        return self._attempt_refusal() or super()._refuse()

    def _input_blocked(self) -> bool:
        a = self.attempt
        return a is None or a.over or a.state.to_move() != a.learner

    def _do(self, action: Any, *where: Any) -> bool:
        """An action from a click (``where``: its selection, target and note) or typed (the selection now) goes
        to the exercise, which answers with its feedback."""
        selected, target, message = where if len(where) == 3 else (*(where or (self.selected, self.target)), "")
        fb = self.attempt.act(action)
        if fb.status == "illegal":
            self._publish(selected=selected, target=target, message=fb.message, feedback=fb)
            return False
        sel, tgt = self.input.after_action(self.attempt.state, action, selected, target)
        if self.attempt.over:
            sel = tgt = None
        note = " ".join(t for t in (message, self.input.after_message(self.attempt.state, action, sel)) if t)
        self._publish(state=self.attempt.state, selected=sel, target=tgt, message=note, feedback=fb,
                      last_events=list(fb.events))
        return True
