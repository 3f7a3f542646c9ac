"""The Lessons tab of any game with a board: a list of lessons, then one lesson with its exercises.

``LessonsView`` holds what every game's lessons page shares: the list (title, summary, the Rules
section, this session's solved marks), the lesson text, exercise tabs, the prompt, feedback after
each try, layered hints, Reset and Next, the link to the Rules section and the lesson's address in
the browser. A game's page (``academy.ui.conquest.lessons.LessonsPage``,
``academy.ui.diplomacy.lessons.DiplomacyLessonsPage``) gives its lessons, its board model (with
``start(attempt)``, ``reset()``, ``hint()``, ``attempt``, ``feedback``, ``hints``, ``message``), its
board and its side panels.

Progress and classroom hooks: ``add_try_listener(fn)`` calls ``fn(TryReport)`` after every change
of the learner's work (the first action of a try, each further action, a solve), so a page can
record progress (``academy.ui.progress_page``) or report to a class (``academy.ui.classroom``).
``classroom=True`` hides the page's own navigation (list, exercise tabs, Next) and the links off the exercise
(play it out against the CPU, the position's link, make an exercise of it): the teacher moves
the class from one exercise to the next with ``start_exercise``.
"""
from __future__ import annotations

import functools
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from html import escape
from typing import Any

import panel as pn
import param

from academy.core.text import count
from academy.lessons import Attempt, load_lessons
from academy.lessons.html import lesson_html
from academy.ui.defer import later
from academy.ui.fit import side_by_side
from academy.ui.labels import wrapping_row
from academy.ui.position_link import ShareLink, position_text
from academy.ui.practice import PracticeLink, lesson_line
from academy.ui.scroll_top import ScrollTop
from .tap_answer import TAP_ANSWER, TAP_ASKS

__all__ = ["LessonsView", "TryReport", "game_lessons", "clear_lessons", "extra_lesson_dirs", "rules_link",
           "feedback_html"]

log = logging.getLogger("academy.ui.lessons_page")


#: What every game's lesson page draws alike, before the game's own stylesheet: the feedback boxes (solved,
#: wrong, a note), the exercise card and the hints.
LESSON_CSS = """
.feedback-success { background: #e8f6ec; border-left: 4px solid #2f855a; padding: 6px 10px; border-radius: 4px; }
.feedback-wrong { background: #fdecec; border-left: 4px solid #c53030; padding: 6px 10px; border-radius: 4px; }
.feedback-info { background: #eef5fb; border-left: 4px solid #3b75af; padding: 6px 10px; border-radius: 4px; }
.lesson-feedback-box p { white-space: pre-wrap; }
.academy-card { background: #fff; border: 1px solid #d9e2ec; border-radius: 10px; padding: 6px 10px; }
.hint-list { margin: 4px 0; padding-left: 20px; }
"""

#: A lesson's text fits its column: tables and formula lines wrap their words (and scroll sideways only
#: when one word is wider than the column), never cut off; a short cell ("none", "1-3") stays whole.
BODY_CSS = """
.lesson-scroll { overflow-x: hidden; }
.lesson-scroll table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse; }
.lesson-scroll td, .lesson-scroll th { overflow-wrap: anywhere; padding: 2px 6px; vertical-align: top; }
.lesson-scroll .whole { white-space: nowrap; }
.lesson-scroll pre, .lesson-scroll code { white-space: pre-wrap; overflow-wrap: anywhere; }
"""


def try_line(attempt: Any) -> str:
    """The line under an exercise's prompt: the actions left on this try, or that the try is over (solved, or
    no longer able to solve it: the counter must not go on counting a try the feedback calls over)."""
    if attempt.status == "solved":
        return f"solved on try {attempt.tries}"
    if attempt.status == "wrong":
        return f"try {attempt.tries} is over: Reset starts a new one"
    return f"{count(attempt.actions_left, 'action')} left · try {attempt.tries}"


@dataclass(frozen=True)
class TryReport:
    """What the learner just did on an exercise, for progress and classroom listeners.

    ``new_try``: this is the first report of a try (the learner's first action since the exercise
    opened or was reset); ``solved``: this try has just solved the exercise (reported once per
    try); ``hints``: the hints shown so far; ``board``: the actions of the current try (``action_to_json`` data where the action is a
    dataclass, else its text), enough to show this board to someone else.
    """

    game: str
    lesson_id: str
    exercise_index: int
    exercise_id: str
    try_number: int
    new_try: bool
    solved: bool
    status: str
    board: tuple[Any, ...]
    hints: int = 0          # hints seen so far on this exercise (shown hints stay shown over a Reset)


def board_of(attempt: Any) -> tuple[Any, ...]:
    """The actions of an attempt's current try as JSON-ready data."""
    from academy.core.jsonio import action_to_json
    out = []
    for action in attempt.actions:
        try:
            out.append(action_to_json(action))
        except TypeError:
            out.append(str(action))
    return tuple(out)


def game_lessons(game: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """A game's lessons and the problems of files that failed.

    Read again only when a lesson file was added, removed or changed (checked by its size and time at
    each call: a page opened after a teacher saves a file shows the new version); else the lessons
    read before are reused (lessons are immutable).
    """
    return _read_lessons(game, tuple(extra_lesson_dirs()), _fingerprint(game))


def clear_lessons() -> None:
    """Forget the lessons read so far (tests)."""
    _read_lessons.cache_clear()


@functools.lru_cache(maxsize=16)
def _read_lessons(game: str, extra: tuple[str, ...], fingerprint: tuple[Any, ...]) -> tuple[tuple[Any, ...],
                                                                                             tuple[Any, ...]]:
    lessons, errors = load_lessons(game, extra_dirs=extra)
    return tuple(lessons), tuple(errors)


def _fingerprint(game: str) -> tuple[Any, ...]:
    """Every lesson file that may belong to ``game`` with its size and modification time."""
    from academy.lessons.loader import LESSONS_DIR
    folders = [LESSONS_DIR / game] + [Path(d) for d in extra_lesson_dirs()]
    out = []
    for folder in folders:
        if folder.is_dir():
            for p in sorted(folder.rglob("*.md")):
                try:
                    st = p.stat()
                except OSError:
                    continue
                out.append((str(p), st.st_size, st.st_mtime_ns))
    return tuple(out)


def extra_lesson_dirs() -> list[str]:
    """Teachers' lesson folders given to ``academy serve --lessons DIR`` (ACADEMY_LESSONS, os.pathsep-separated)."""
    return [d for d in os.environ.get("ACADEMY_LESSONS", "").split(os.pathsep) if d]


def _section_title(section: str, game: str) -> str:
    try:
        from academy.rulebook import load_rulebook
        return load_rulebook(game).section(section).title
    except (ImportError, KeyError, ValueError, OSError):
        return section.replace("-", " ").capitalize()


def rules_link(section: str, game: str) -> str:
    """An HTML link to the Rules page section a lesson teaches (the shell's route)."""
    from academy.ui.address import link_html
    return link_html(f"?game={game}&tab=rules&section={section}#{section}",
                     f"Rules: {escape(_section_title(section, game))}", "rules-link tap")


_FEEDBACK_CLASS = {"solved": "feedback-success", "wrong": "feedback-wrong", "illegal": "feedback-wrong",
                   "continue": "feedback-info"}
_FEEDBACK_TITLE = {"solved": "Solved!", "wrong": "Not quite", "illegal": "Not allowed", "continue": "Keep going"}


def _paragraphs(text: str) -> str:
    return "".join(f"<p style='margin:4px 0'>{escape(p).replace(chr(10), '<br>')}</p>"
                   for p in text.split("\n\n") if p.strip())


def feedback_html(fb: Any) -> str:
    """A Feedback in a styled box: success in ``feedback-success``, a miss or refusal with its reason."""
    if fb is None:
        return ""
    cls = _FEEDBACK_CLASS.get(fb.status, "feedback-info")
    return (f'<div class="{cls} lesson-feedback-box" role="status" aria-live="polite">'
            f"<b>{_FEEDBACK_TITLE.get(fb.status, '')}</b>{_paragraphs(fb.message)}</div>")


class LessonsView(pn.viewable.Viewer):
    """A game's Lessons tab; see the module docstring. ``lesson_id``: open this lesson directly (None: the list);
    ``lessons``: the lessons to offer instead of the game's (a course's, in its order).

    Subclasses set ``game``, ``title_text`` and ``css`` and define ``load()`` (lessons, errors), ``make_model()``,
    ``make_board(model)`` and ``side_panels(model)``; ``watched`` names the model's parameters
    whose changes redraw the page.
    """

    game = ""
    title_text = "Lessons"
    css = ""          # the game's stylesheet (feedback boxes, cards, muted text)
    watched = ("state", "feedback", "hints", "message")
    #: the game's side panels show the model's message themselves (the orders panels): no note repeats it
    panels_show_message = False

    lesson_id = param.String(None, allow_None=True, doc="the open lesson (sync it with the URL's 'lesson')")
    exercise_index = param.Integer(0, doc="the open exercise of the open lesson")
    classroom = param.Boolean(False, doc="in a class: the teacher moves between exercises (no list, tabs or Next)")

    def __init__(self, lesson_id: str | None = None, exercise: str | None = None,
                 lessons: Sequence[Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        # ``lessons``: these lessons, in this order (a course's, a class's, one teacher's lesson), not the game's list
        self.lessons, self.errors = (tuple(lessons), ()) if lessons is not None else self.load()
        self.solved: dict[tuple[str, str], str] = {}
        self.try_listeners: list[Callable[[TryReport], None]] = []
        self._reported: tuple[Any, ...] | None = None     # (attempt, try, actions, solved) last reported
        self._counted_try: tuple[int, int] | None = None
        self._solved_try: tuple[int, int] | None = None
        self.model = self.make_model()
        self.listing = pn.Column(sizing_mode="stretch_width", css_classes=["lesson-list"], margin=0)
        self.back = pn.widgets.Button(label="← All lessons", width=140, css_classes=["lessons-back"])
        self.back.on_click(lambda e: self.open(None))
        self.title = pn.pane.HTML("", stylesheets=[LESSON_CSS, self.css], sizing_mode="stretch_width", css_classes=["lesson-title"])
        self.body = pn.pane.HTML("", stylesheets=[BODY_CSS], sizing_mode="stretch_width", css_classes=["lesson-body"])
        self.prompt = pn.pane.HTML("", stylesheets=[LESSON_CSS, self.css], sizing_mode="stretch_width", css_classes=["exercise-prompt"])
        self.feedback = pn.pane.HTML("", stylesheets=[LESSON_CSS, self.css], sizing_mode="stretch_width",
                                     css_classes=["lesson-feedback", TAP_ANSWER], visible=False)
        self.note = pn.pane.HTML("", stylesheets=[LESSON_CSS, self.css], sizing_mode="stretch_width", css_classes=["lesson-note", TAP_ANSWER])
        self.hints = pn.pane.HTML("", stylesheets=[LESSON_CSS, self.css], sizing_mode="stretch_width", css_classes=["lesson-hints", TAP_ANSWER])
        self.hint_button = pn.widgets.Button(label="Hint", css_classes=["hint-button", TAP_ASKS], width=130)
        self.reset_button = pn.widgets.Button(label="↺ Reset", css_classes=["reset-button"], width=130)
        self.next_button = pn.widgets.Button(label="Next exercise →", color="primary", sizing_mode="stretch_width",
                                             css_classes=["next-button"])
        self.exercise_tabs = wrapping_row()
        self.hint_button.on_click(lambda e: self.model.hint())
        self.reset_button.on_click(lambda e: self.model.reset())
        self.next_button.on_click(self._next)
        self.board = self.make_board(self.model)
        # the board as it stands, as a link that opens it on the Play tab (games whose positions links carry)
        self.share = ShareLink(self.game, lambda: position_text(self.game, getattr(self.model, "state", None)),
                               compact=True, label="Play this position from here:", practice=False,
                               exercise_text=lambda: lesson_line(self.game, self.model))
        # ... and against the CPU at a chosen level, with this exercise's goal shown (issue 21, item 6)
        self.practice = PracticeLink(self.game, lambda: lesson_line(self.game, self.model), self._where)
        # Nothing above the board changes height while the learner clicks: feedback goes beside it.
        # Three columns on a wide screen; on a narrow one (a phone) the board wraps under the text and the
        # side panel under the board.
        self.lesson_view = side_by_side(
            (pn.Column(self.title, self.body, sizing_mode="stretch_width", margin=0, css_classes=["lesson-text"]),
             310, 0),
            (pn.Column(self.exercise_tabs, self.prompt, self.board, sizing_mode="stretch_width", margin=0), 330, 1),
            (pn.Column(self.feedback, self.note, wrapping_row(self.hint_button, self.reset_button),
                       self.next_button, self.hints, *self.side_panels(self.model),
                       # in a class the learner stays on the teacher's exercise: no ways off it
                       *(() if self.classroom else (self.practice, self.share)),
                       sizing_mode="stretch_width", margin=0, css_classes=["lesson-side"]), 320, 0))
        self.view = pn.Column(self.back, self.lesson_view, sizing_mode="stretch_width", visible=False, margin=0)
        if self.classroom:
            self.back.visible = self.exercise_tabs.visible = self.next_button.visible = False
        self.scroll_top = ScrollTop(height=0, margin=0, sizing_mode="stretch_width")   # a lesson opens at its top
        self.layout = pn.Column(self.scroll_top, self.listing, self.view, sizing_mode="stretch_width",
                                css_classes=[f"{self.game}-lessons", "game-lessons"])
        self.model.param.watch(later(self._on_model), list(self.watched))
        lesson = next((item for item in self.lessons if item.id == lesson_id), None)
        ids = [ex.id for ex in lesson.exercises] if lesson is not None else []
        self.open(lesson_id, ids.index(exercise) if exercise in ids else 0)     # a link may name the exercise

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    # --- what a game gives ---------------------------------------------------------------
    def load(self) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        return game_lessons(self.game)

    def make_model(self) -> Any:
        raise NotImplementedError(f"{type(self).__name__} must give its board model")

    def make_board(self, model: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__} must give its board")

    def side_panels(self, model: Any) -> list[Any]:
        return []

    # --- progress and classroom hooks ------------------------------------------------------
    def add_try_listener(self, listener: Callable[[TryReport], None]) -> None:
        """Call ``listener(TryReport)`` after each change of the learner's work (see TryReport)."""
        self.try_listeners.append(listener)

    def _report_try(self) -> None:
        attempt, lesson, fb = self.model.attempt, self.lesson, self.model.feedback
        if attempt is None or lesson is None or fb is None or not self.try_listeners:
            return
        this_try = (id(attempt), attempt.tries)
        key = (*this_try, len(attempt.actions), fb.status, attempt.hints_used)
        if key == self._reported:
            return
        self._reported = key
        new_try = this_try != self._counted_try
        self._counted_try = this_try
        solved = fb.status == "solved" and self._solved_try != this_try
        if solved:
            self._solved_try = this_try
        report = TryReport(self.game, lesson.id, self.exercise_index, attempt.exercise.id, attempt.tries, new_try,
                           solved, fb.status, board_of(attempt), attempt.hints_used)
        for listener in list(self.try_listeners):
            try:
                listener(report)
            except Exception:  # noqa: BLE001 - recording must never break the lesson
                log.exception("lessons: a try listener failed")

    # --- navigation ----------------------------------------------------------------------
    @property
    def lesson(self) -> Any:
        return next((item for item in self.lessons if item.id == self.lesson_id), None)

    def _where(self) -> tuple[str | None, str | None]:
        """The lesson and exercise shown (their ids), or Nones."""
        lesson = self.lesson if hasattr(self, "lesson_id") else None
        if lesson is None or not lesson.exercises:
            return None, None
        return lesson.id, lesson.exercises[min(getattr(self, "exercise_index", 0), len(lesson.exercises) - 1)].id

    def open(self, lesson_id: str | None, exercise: int = 0) -> None:
        """Show a lesson (and its exercise number ``exercise``), or the list when None/unknown."""
        lesson = next((item for item in self.lessons if item.id == lesson_id), None)
        self.lesson_id = lesson.id if lesson else None
        with pn.io.hold():
            self.listing.visible = lesson is None
            self.view.visible = lesson is not None
            if lesson is None:
                self._share_link()
                self._render_listing()
                return
            self.title.object = (f"<h2 style='margin:0 0 4px'>{escape(lesson.title)}</h2>"
                                 f"<div class='academy-muted'>Lesson {self.lessons.index(lesson) + 1} of "
                                 f"{len(self.lessons)} · {rules_link(lesson.section, self.game)}</div>")
            self.start_exercise(exercise)
            self.scroll_top.scroll()

    def _share_link(self) -> None:
        """Keep the browser's address on this lesson and exercise (``?...&lesson=<id>&exercise=<id>``, no
        exercise for the first one), so it can be shared and Back and reload land on it."""
        doc, location = pn.state.curdoc, pn.state.location
        if self.classroom:
            return
        lesson = self.lesson
        exercise = (lesson.exercises[self.exercise_index].id
                    if lesson is not None and 0 < self.exercise_index < len(lesson.exercises) else "")
        if doc is not None and doc.session_context is not None and location is not None:
            now = (location.query_params.get("lesson", ""), location.query_params.get("exercise", ""))
            if now != (self.lesson_id or "", exercise):   # no history entry for no change
                from academy.ui.address import update_query
                update_query(location, lesson=self.lesson_id or "", exercise=exercise)

    def start_exercise(self, index: int) -> None:
        lesson = self.lesson
        if lesson is None or not lesson.exercises:
            return
        index = max(0, min(index, len(lesson.exercises) - 1))
        self.exercise_index = index
        self._share_link()
        # a teacher's file: only safe HTML reaches the page. The whole lesson is shown, as long as it is (a box
        # of its own cut its last paragraph, the one about the board, with no sign that more was below: a
        # newcomer's walk, issue 14); a wide table scrolls sideways in it, which the keyboard can do too (Tab).
        body = lesson_html(lesson.body_for(lesson.exercises[index]))
        self.body.object = f'<div class="lesson-scroll" tabindex="0" role="region" aria-label="The lesson">{body}</div>'
        self.model.start(Attempt(lesson, lesson.exercises[index]))
        self._render_tabs()
        self._on_model()      # fill the panes now, not on the next tick (the page may be rendering)

    def _next(self, *events: Any) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        if self.exercise_index + 1 < len(lesson.exercises):
            self.start_exercise(self.exercise_index + 1)
            return
        i = self.lessons.index(lesson)
        self.open(self.lessons[i + 1].id if i + 1 < len(self.lessons) else None)

    # --- rendering -----------------------------------------------------------------------
    def _marks(self, lesson: Any) -> str:
        done = sum(1 for ex in lesson.exercises if (lesson.id, ex.id) in self.solved)
        return f"{'✓ ' if done == len(lesson.exercises) and done else ''}{done}/{len(lesson.exercises)} solved"

    def _render_listing(self) -> None:
        rows: list[Any] = [pn.pane.HTML(f"<h2 style='margin:4px 0'>{escape(self.title_text)}</h2><p class='academy-muted'>"
                                        "Short lessons, each with small exercises on a live board. Start at the "
                                        "top, or pick a topic.</p>", stylesheets=[LESSON_CSS, self.css])]
        for n, lesson in enumerate(self.lessons, 1):
            button = pn.widgets.Button(label="Open", color="primary", width=90, align="center",
                                       css_classes=["open-lesson", f"open-{lesson.id}"])
            button.on_click(lambda e, lid=lesson.id: self.open(lid))
            text = pn.pane.HTML(
                f"<div><b>{n}. {escape(lesson.title)}</b> <span class='academy-muted'>· {self._marks(lesson)}</span>"
                f"</div><div>{escape(lesson.summary)}</div><div class='academy-muted'>"
                f"{rules_link(lesson.section, self.game)}</div>",
                stylesheets=[LESSON_CSS, self.css], sizing_mode="stretch_width")
            rows.append(pn.Row(text, button, css_classes=["lesson-row"], sizing_mode="stretch_width", margin=(4, 0),
                               styles={"border": "1px solid #d9e2ec", "border-radius": "10px", "background": "#fff",
                                       "padding": "4px 8px"}))
        for err in self.errors:
            rows.append(pn.pane.HTML(f"<div class='feedback-wrong'>A lesson file could not be read: "
                                     f"{escape(err.public_text())}</div>", stylesheets=[LESSON_CSS, self.css]))
        self.listing.objects = rows

    def _render_tabs(self) -> None:
        lesson = self.lesson
        buttons = []
        for i, ex in enumerate(lesson.exercises):
            mark = " ✓" if (lesson.id, ex.id) in self.solved else ""
            b = pn.widgets.Button(label=f"Exercise {i + 1}{mark}", width=120,
                                  color="primary" if i == self.exercise_index else "default",
                                  css_classes=["exercise-tab"])
            b.on_click(lambda e, i=i: self.start_exercise(i))
            buttons.append(b)
        self.exercise_tabs.objects = buttons

    def _on_model(self, *events: Any) -> None:
        m, attempt = self.model, self.model.attempt
        if attempt is None:
            return
        fb = m.feedback
        lesson = self.lesson
        with pn.io.hold():
            if fb is not None and fb.status == "solved" and lesson is not None:
                key = (lesson.id, attempt.exercise.id)
                if key not in self.solved:
                    self.solved[key] = "solved with a hint" if attempt.hints_used else "solved"
                    self._render_tabs()
            ex = attempt.exercise
            self.prompt.object = (f"<div class='academy-card'><b>Exercise {self.exercise_index + 1} of "
                                  f"{len(lesson.exercises)}:</b> {escape(ex.prompt)}"
                                  f"<div class='academy-muted try-count'>{try_line(attempt)}</div></div>")
            self.feedback.object = feedback_html(fb)
            self.feedback.visible = fb is not None
            note = m.message if (m.message and not self.panels_show_message
                                  and (fb is None or fb.message != m.message)) else ""
            self.note.object = f"<div class='academy-muted' role='status'>{escape(note)}</div>" if note else ""
            self.hints.object = ("<ol class='hint-list'>" + "".join(f"<li>{escape(h)}</li>" for h in m.hints) +
                                 "</ol>") if m.hints else ""
            remaining = len(ex.hints) - attempt.hints_used
            self.hint_button.disabled = remaining <= 0
            self.hint_button.label = f"Hint ({remaining} left)" if remaining > 0 else "No more hints"
            self.hint_button.visible = not attempt.solved      # a hint after the answer would count as used
            last_ex = self.exercise_index + 1 >= len(lesson.exercises)
            self.next_button.label = "Next lesson →" if last_ex else "Next exercise →"
            self.next_button.color = "primary" if attempt.solved else "default"
            self.share.refresh()
            self.practice.refresh()
        self._report_try()
