"""The live coach on a Play page (issue 22): "Coach: warn me before a blunder" (off by default, offered in a
game against the CPU), what the coach is doing, and its warning with "Do it anyway" / "Take it back".

``CoachBox(session, watch)`` shows a session's ``coach`` (``academy.ui.live_coach.LiveCoach``); the session is
``Coached`` (a turn-by-turn game, or a game of orders on one screen). In a game without a rule to judge
decisions (no reviewer) the box says so instead of offering the coach. Nothing here names a game.
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn

from academy.core.text import a
from academy.ui.live_coach import coach_note
from academy.ui.tick import Tick

__all__ = ["CoachBox", "STYLE"]

STYLE = """
.coach-warning { background: #fdecea; border-left: 4px solid #c62828; padding: 6px 10px; border-radius: 4px; }
.coach-note { color: #52606d; font-size: 0.92em; }
"""


class CoachBox(pn.viewable.Viewer):
    """The live coach's switch, its work and its warning for ``session`` (see the module docstring)."""

    def __init__(self, session: Any, watch: tuple[str, ...] = ("state", "seats"), **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        coach = session.coach
        self.toggle = Tick("Coach: warn me before a blunder", value=coach.on, css_classes=["coach-toggle"])
        self.toggle.param.watch(lambda e: setattr(coach, "on", e.new), "value")
        self.status = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["coach-status"],
                                   margin=(0, 5))
        self.warning = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["coach-warning-pane"])
        self.anyway = pn.widgets.Button(label="Do it anyway", width=130, css_classes=["coach-anyway"])
        self.back = pn.widgets.Button(label="Take it back", color="primary", width=130, css_classes=["coach-take-back"])
        self.anyway.on_click(lambda e: coach.do_it_anyway())
        self.back.on_click(lambda e: coach.take_back())
        self.answers = pn.Row(self.back, self.anyway, margin=0, visible=False)
        self.layout = pn.Column(self.toggle, self.status, self.warning, self.answers, sizing_mode="stretch_width",
                                margin=0, css_classes=["coach-box"], visible=False)
        self._cleared_seen, self._cleared_at = coach.cleared, -1     # the others' moves when the coach last cleared
        coach.param.watch(lambda *e: self.refresh(), ["warning", "checking", "on", "nudges", "cleared", "taken_back"])
        # ``watch``: the session's parameters that change when a game starts or moves on (a Play page's
        # ``keep_watch``: Tactics' and Fronts' sessions publish ``obs``, not ``state``)
        session.param.watch(lambda *e: self.refresh(), [n for n in watch if n in session.param])
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    @staticmethod
    def _let_go(mark: Any) -> str:
        """What the coach says of a decision it let through: no blunder, or which lesser slip and why."""
        grade = getattr(mark, "grade", "good")
        if grade in ("mistake", "inaccuracy"):
            return f"The coach let your last decision go: not a blunder, but {a(grade)}. {mark.why}"
        return "The coach saw no blunder in your last decision, and let it go."

    def _others_moves(self, state: Any) -> int:
        """How many decisions the other players have made in the game so far (the record's entries)."""
        me = self.session._coach_player()
        entries = getattr(getattr(state, "record", None), "entries", ())
        return sum(1 for e in entries if e.player is not None and e.player != me and not e.chance)

    def refresh(self) -> None:
        s, coach = self.session, self.session.coach
        state = s._coach_state()
        offered = s.coach_offered
        note = coach_note(state.game) if state is not None and s._against_cpu() else ""
        others = self._others_moves(state)
        if coach.cleared != self._cleared_seen:
            self._cleared_seen, self._cleared_at = coach.cleared, others
        cleared = coach.cleared and self._cleared_at == others    # not once the others have played since
        with pn.io.hold():
            self.layout.visible = offered or bool(note)
            self.toggle.visible = offered
            if self.toggle.value != coach.on:
                self.toggle.value = coach.on
            text = ("The coach is looking at this move…" if coach.checking else note if not offered else
                    "First answer the coach: take that move back, or do it anyway." if coach.warning and coach.nudges
                    else s.taken_back_words() if coach.on and coach.taken_back
                    else self._let_go(coach.last) if coach.on and cleared
                    else "The coach looks at each of your decisions before it is played." if coach.on else "")
            self.status.object = f"<div class='coach-note' role='status'>{html.escape(text)}</div>" if text else ""
            words = coach.warning_text()
            self.warning.object = (f"<div class='coach-warning' role='alert'>{html.escape(words)}</div>"
                                   if words else "")
            self.answers.visible = bool(words)
