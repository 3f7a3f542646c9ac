"""The live coach (issue 22): off by default; in a game against the CPU, once the learner turns it on, it
looks at each of their decisions before it is sent and warns about a blunder in the review's own words
and numbers, and the learner may take it back (no Panel here; the view is ``academy.ui.coach_box``).

``LiveCoach.holds(state, player, action, play)`` is asked by a session before it plays a person's decision:
False lets it through at once (the coach is off, or the game's rule does not judge this kind of decision);
True holds it while the coach weighs it (``academy.core.review.foresee``, the game's reviewer on the board
the player sees; on a worker thread in a served page, handed back to the session's loop, which then plays
it with ``play()`` if it is not a blunder; at once in a notebook or a test, where False lets it through)
or while it shows ``warning`` (the Mark of a blunder) until the learner answers:
``do_it_anyway()`` plays it, ``take_back()`` drops it. A decision held goes stale when the game moves on
(a new game, an undo): its answer is dropped.

``Coached`` is what a session adds to ask it (``_coach_holds``): a turn-by-turn game (``TurnSession``) asks
for each action of a person, a game of orders on one screen (``LocalOrders``) for each set of orders.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import param

from academy.core.review import Mark, foresee

__all__ = ["Coached", "LiveCoach", "coach_note"]


def coach_note(game: Any) -> str:
    """Why the live coach is not offered in ``game`` ('' when it is): a game without a reviewer."""
    try:
        game.reviewer()
    except NotImplementedError:
        return f"The coach has no rule for {game.title} yet."
    return ""


class LiveCoach(param.Parameterized):
    """Warns about a blunder before it is played; see the module docstring. ``inline()``: weigh decisions at
    once (tests, notebooks) rather than on a thread."""

    on = param.Boolean(False, doc="the learner asked for the coach")
    warning = param.Parameter(None, doc="the Mark of the decision held back, waiting for the learner's answer")
    checking = param.Boolean(False, doc="the coach is weighing a decision")
    cleared = param.Integer(0, doc="how many decisions the coach weighed and let through (no blunder)")
    last = param.Parameter(None, doc="the Mark of the last decision the coach let through")
    nudges = param.Integer(0, doc="how often another decision came while the learner had a warning to answer")
    taken_back = param.Boolean(False, doc="the learner took the last decision held back; none made since")

    def __init__(self, inline: Callable[[], bool] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._inline = inline or _no_server
        self._held: tuple[Any, Callable[[], Any]] | None = None
        self._allowed: Any = None             # the decision the learner said to play anyway
        self._generation = 0
        self._lock = threading.RLock()

    def reset(self) -> None:
        """Forget a decision held or being weighed (a new game, an undo, a load)."""
        with self._lock:
            self._generation += 1
        self._held, self._allowed = None, None
        self.param.update(warning=None, checking=False, cleared=0, last=None, taken_back=False)

    def holds(self, state: Any, player: int, action: Any, play: Callable[[], Any]) -> bool:
        """Whether to hold ``action`` by ``player`` on ``state`` back (see the module docstring)."""
        if self._allowed is not None and self._allowed == action:
            self._allowed = None
            return False
        if not self.on or state is None:
            return False
        self.taken_back = False
        if self.warning is not None or self.checking:
            if self.warning is not None:      # the learner answers the warning first
                self.nudges += 1
            return True
        reviewer = state.game.reviewer()
        graded = getattr(reviewer, "graded", None)
        if graded is not None and not isinstance(action, graded):
            return False
        generation, twin = self._generation, state.clone()

        def weigh() -> Any:
            try:
                return foresee(twin, action, player)
            except Exception:  # noqa: BLE001 - a coach that fails lets the decision through
                return None

        def blunder(mark: Any) -> bool:
            if isinstance(mark, Mark) and mark.grade == "blunder":
                self._held = (action, play)
                self.param.update(checking=False, warning=mark)
                return True
            if isinstance(mark, Mark):        # weighed: the learner sees that the coach looked, and what it saw
                self.param.update(last=mark, cleared=self.cleared + 1)
            return False
        if self._inline():
            return blunder(weigh())

        def answer(mark: Any) -> None:
            if generation != self._generation:
                return
            if not blunder(mark):
                self.checking = False
                self._allowed = action        # not a blunder (or the coach could not judge it): it goes
                play()
        self.checking = True
        import panel as pn
        from .session_loop import in_session, work_in_thread
        doc = pn.state.curdoc
        work_in_thread(weigh, 0.0, lambda result: in_session(doc, lambda: answer(result), self._lock),
                       name="academy-coach")
        return True

    def do_it_anyway(self) -> None:
        """Play the decision held back."""
        held, self._held = self._held, None
        self.param.update(warning=None, nudges=0)
        if held is not None:
            self._allowed = held[0]
            held[1]()

    def take_back(self) -> None:
        """Drop the decision held back (the learner chooses another)."""
        self._held = None
        self.param.update(warning=None, nudges=0, taken_back=True)

    def warning_text(self) -> str:
        """The warning in words: what the coach sees and the better decision."""
        m = self.warning
        if m is None:
            return ""
        better = f" Better: {m.better}." if m.better else ""
        return f"The coach sees a blunder. {m.why}{better}"


def _no_server() -> bool:
    import panel as pn
    doc = pn.state.curdoc
    return doc is None or doc.session_context is None


class Coached:
    """A session the live coach watches: ``coach`` (a ``LiveCoach``), ``_coach_holds(action, play)`` and
    ``coach_offered`` (a game against the CPU whose rule can judge a decision before it is played).
    The session provides ``_coach_state()`` (the state the decision is made on), ``_coach_player()`` (who
    makes it) and ``_against_cpu()``."""

    coach: LiveCoach

    def _coach_state(self) -> Any:
        raise NotImplementedError

    def _coach_player(self) -> int | None:
        raise NotImplementedError

    def _against_cpu(self) -> bool:
        raise NotImplementedError

    def taken_back_words(self) -> str:
        """What the coach box says after "Take it back": what became of the decision held back."""
        return "Taken back: nothing was played. Choose another move."

    @property
    def coach_offered(self) -> bool:
        """A game against the CPU whose decisions the coach can weigh before they are played."""
        state = self._coach_state()
        return state is not None and self._against_cpu() and not coach_note(state.game)

    def _coach_holds(self, action: Any, play: Callable[[], Any]) -> bool:
        """True when the live coach holds a person's ``action`` back (``play()`` plays it once it may go)."""
        player = self._coach_player()
        if not self.coach.on or player is None or not self.coach_offered:
            return False
        return self.coach.holds(self._coach_state(), player, action, play)
