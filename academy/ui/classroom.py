"""Classroom mode in the app: open a class, join it with a code, follow the teacher, see who solved.

Routes (``academy.ui.shell.build_page``)
    ``?page=class``                 join a class: its code and your name (a wrong code says so; after
                                    too many, ``JoinLimits``, it says when to try again)
    ``?page=class&open=1``          a teacher opens a class: game and lesson; gets the code and a link
    ``?page=class&teacher=TOKEN``   the teacher's page (the secret link): previous / next exercise,
                                    the table (per student: tried?, solved?, tries), show a board

Students work on their own copy of the board: the game's own lessons page (the same board models
as the Lessons tabs) in classroom mode (``LessonsView(classroom=True)``: no list, tabs or Next).
When the teacher moves to another exercise, every student's page follows; when the teacher shows
one student's board, the others see it read-only below theirs.

Live updates reuse the live games' machinery: the store's ``Classroom`` (academy/store/classroom.py)
calls its subscribers after each committed change (and, on PostgreSQL, hears other servers through
``notify.Listener``); each page hands the event to its own Panel session with ``in_session``
(``pn.state.execute``), as ``SharedSession`` does for live games, and unsubscribes when the
session is destroyed. The process's ``Classroom`` (``shared_classroom()``) uses the shared hub's
store, like every other page that needs the database.
"""
from __future__ import annotations

import io
import itertools
import logging
import threading
from collections.abc import Callable
from html import escape
from typing import Any

import panel as pn

from academy.core.attempt_limit import AttemptLimiter, wait_text
from academy.core.jsonio import action_from_json
from academy.core.text import count
from academy.lessons import Attempt
from academy.store.classroom import ClassClosed, ClassEvent, ClassInfo, ClassNotFound, Classroom, Member, normalize_code
from academy.store.errors import StoreError
from academy.ui.lessons_page import LessonsView, TryReport, game_lessons
from academy.ui.progress_page import LearnerKey, initial_key
from academy.ui.registry import part
from academy.ui.session_loop import in_session
from academy.ui.labels import wrapping_row

__all__ = ["ClassroomPage", "JoinLimits", "JoinView", "OpenClassForm", "ShownBoard", "StudentView", "TeacherView",
           "class_page", "join_limits", "lesson_page_class", "shared_classroom"]

log = logging.getLogger("academy.ui.classroom")

STYLE = """
.class-head-text { font-size: 16px; line-height: 1.9; }
.class-code { font-size: 30px; letter-spacing: 4px; font-family: monospace; background: #eef3f8;
              border-radius: 8px; padding: 2px 12px; }
.class-grid { border-collapse: collapse; min-width: 460px; }
.class-grid th, .class-grid td { border-bottom: 1px solid #e1e6ec; padding: 5px 14px; text-align: left; }
.class-grid th { background: #f3f6f9; }
.class-grid td.yes { color: #1d6b36; font-weight: 600; }
.class-grid td.no { color: #8a5a00; }
.class-banner { background: #eef3f8; border-radius: 10px; padding: 8px 14px; }
.class-error { background: #fdecea; color: #8a1c12; border-radius: 8px; padding: 8px 12px; }
.class-note { background: #eef5fb; border-radius: 8px; padding: 8px 12px; }
.shown-note { background: #fff3d6; border-radius: 8px; padding: 6px 12px; }
"""

#: the lessons page class of each game: (module, class name); None: the module's LessonsView subclass
_ROOMS: dict[int, tuple[Any, Classroom]] = {}
_ROOMS_LOCK = threading.Lock()


def shared_classroom() -> Classroom:
    """The process's ``Classroom``, on the shared hub's store (made at first use, again after the hub closes)."""
    from academy.ui.live_session import shared_hub
    hub = shared_hub()
    with _ROOMS_LOCK:
        known = _ROOMS.get(id(hub))
        if known is None or known[0] is not hub:
            for old_hub, old in list(_ROOMS.values()):
                if old_hub.closed:
                    old.close()
            _ROOMS.clear()
            known = _ROOMS[id(hub)] = (hub, Classroom(hub.store))
        return known[1]


class JoinLimits:
    """How many wrong class codes a page session and an address may try (issue 13, item 9).

    A page session (one browser tab) gets 5 wrong codes free, an address (a whole school may share
    one) 30, within 10 minutes; each wrong code beyond that blocks for 10 s, doubled each time, at
    most 5 minutes (``academy.core.attempt_limit``). The address is the request's ``remote_ip``
    (behind a reverse proxy that is the proxy's, unless the server trusts its forwarding headers).
    """

    def __init__(self, session: AttemptLimiter | None = None, address: AttemptLimiter | None = None) -> None:
        self.session = session if session is not None else AttemptLimiter(free=5)
        self.address = address if address is not None else AttemptLimiter(free=30)

    def wait(self, session: str, address: str | None) -> float:
        """Seconds before this page may try a code again (0.0: now)."""
        return max(self.session.wait(session), self.address.wait(address) if address else 0.0)

    def failed(self, session: str, address: str | None) -> float:
        """Count a wrong code; return the wait it imposes."""
        return max(self.session.failed(session), self.address.failed(address) if address else 0.0)

    def succeeded(self, session: str) -> None:
        self.session.succeeded(session)


_JOIN_LIMITS = JoinLimits()
_PAGES = itertools.count(1)        # a key for each join page outside a server session (notebooks, tests)


def join_limits() -> JoinLimits:
    """The process's limits on wrong class codes (every join page of this server counts in them)."""
    return _JOIN_LIMITS


def lesson_page_class(game: str) -> type[LessonsView] | None:
    """The game's lessons page class, or None when the game has none (yet)."""
    try:
        return part(game, "lessons")
    except ImportError:
        return None


def class_games() -> dict[str, str]:
    """{title: game} of the games a class can work on (a lessons page and at least one lesson)."""
    from academy.games import CATALOG
    out = {}
    for entry in CATALOG:
        if lesson_page_class(entry.name) is not None and any(l.exercises for l in game_lessons(entry.name)[0]):
            out[entry.title] = entry.name
    return out


def _lesson(game: str, lesson_id: str) -> Any:
    return next((l for l in game_lessons(game)[0] if l.id == lesson_id), None)


def _doc() -> Any:
    doc = pn.state.curdoc
    return doc if doc is not None and doc.session_context is not None else None


class _Watching:
    """Subscribes a page to a class; the events it cares about (``_relevant``) make it ``_update()``
    once, in the page's own session (several events before the session gets to it: one update)."""

    def _watch(self, room: Classroom, class_id: int) -> None:
        self._doc = _doc()
        self._lock = threading.RLock()
        self._pending_lock = threading.Lock()
        self._pending = False
        self._unsubscribe: Callable[[], None] | None = room.subscribe(class_id, self._heard)
        if self._doc is not None:
            pn.state.on_session_destroyed(lambda context: self.close())

    def _heard(self, event: ClassEvent) -> None:
        if not self._relevant(event):
            return
        with self._pending_lock:
            if self._pending:
                return
            self._pending = True
        in_session(self._doc, self._run_update, self._lock)

    def _run_update(self) -> None:
        with self._pending_lock:       # before reading: an event from now on schedules another update
            self._pending = False
        self._update()

    def _relevant(self, event: ClassEvent) -> bool:
        return True

    def _update(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Stop following the class (the page closed)."""
        unsubscribe, self._unsubscribe = getattr(self, "_unsubscribe", None), None
        if unsubscribe is not None:
            unsubscribe()


# ============================================================================ a board shown read-only
class ShownBoard(pn.viewable.Viewer):
    """A student's board shown by the teacher: the lesson's board model, replayed from the student's
    actions, on which nobody can act. Built at the first ``show`` (one board less when nothing is shown)."""

    def __init__(self, game: str, **params: Any) -> None:
        super().__init__(**params)
        self.game = game
        self.model: Any = None
        self._showing: tuple[Any, ...] | None = None
        self.caption = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["shown-caption"])
        self.slot = pn.Column(sizing_mode="stretch_width", margin=0)
        self.layout = pn.Column(self.caption, self.slot, sizing_mode="stretch_width", visible=False,
                                css_classes=["shown-board"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _make(self) -> None:
        cls = lesson_page_class(self.game)
        proto = cls.__new__(cls)            # make_model/make_board need no page state
        model = proto.make_model()
        refusal = "This board is shown by the teacher: look, but play on your own board."
        for name in ("_refuse_input", "_refusal", "_refuse"):
            setattr(model, name, lambda: refusal)
        model._input_blocked = lambda: True
        self.model = model
        self.slot.objects = [proto.make_board(model)]

    def show(self, lesson: Any, index: int, name: str, actions: list[Any]) -> None:
        """Show ``name``'s board: exercise ``index`` of ``lesson`` after ``actions``."""
        if lesson is None or not 0 <= index < len(lesson.exercises):
            self.hide()
            return
        showing = (lesson.id, index, name, repr(actions))
        if showing == self._showing and self.layout.visible:
            return                                   # the same board: nothing to redraw
        self._showing = showing
        attempt = Attempt(lesson, lesson.exercises[index])
        problem = ""
        for data in actions:
            try:
                action = action_from_json(data, attempt.state.game.action_types) if isinstance(data, dict) else data
                fb = attempt.act(action)
            except ValueError as exc:
                problem = f" (a move could not be read: {exc})"
                break
            if fb.status == "illegal":
                problem = " (a move could not be replayed)"
                break
        if self.model is None:
            self._make()
        with pn.io.hold():
            self.model.start(attempt)
            done = " — solved ✓" if attempt.solved else ""
            moves = len(attempt.actions)
            self.caption.object = (f"<div class='shown-note'><b>{escape(name)}'s board</b>, shown by the teacher: "
                                   f"exercise {index + 1}, {count(moves, 'move')}{done}"
                                   f"{escape(problem)}. <span class='academy-muted'>Read only.</span></div>")
            self.layout.visible = True

    def hide(self) -> None:
        self._showing = None
        if self.layout.visible:
            self.layout.visible = False


# ============================================================================ the teacher
class OpenClassForm(pn.viewable.Viewer):
    """A teacher chooses a game and a lesson and opens a class (``?page=class&open=1``)."""

    def __init__(self, room: Classroom | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._room = room
        games = class_games()
        self.game = pn.widgets.Select(label="Game", options=games, width=240, css_classes=["class-game"])
        self.lesson = pn.widgets.Select(label="Lesson", options={}, width=360, css_classes=["class-lesson"])
        self.button = pn.widgets.Button(label="Open the class", color="primary", align="end",
                                        css_classes=["class-open"])
        self.message = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["class-open-message"])
        self.slot = pn.Column(sizing_mode="stretch_width", margin=0)
        self.game.param.watch(lambda e: self._lessons(), "value")
        self.button.on_click(lambda e: self.open_class())
        self.form = pn.Column(
            pn.pane.HTML("<h2 style='margin:4px 0'>Open a class</h2><p>Choose a lesson. You get a short code for your "
                         "students and a private link for you; then you move the class from one exercise to the "
                         "next, and see who has solved each one.</p>"),
            wrapping_row(self.game, self.lesson, self.button), self.message, sizing_mode="stretch_width")
        self.layout = pn.Column(self.form, self.slot, sizing_mode="stretch_width", css_classes=["open-class"])
        self._lessons()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    @property
    def room(self) -> Classroom:
        if self._room is None:
            self._room = shared_classroom()
        return self._room

    def _lessons(self) -> None:
        game = self.game.value
        lessons = [l for l in game_lessons(game)[0] if l.exercises] if game else []
        self.lesson.options = {f"{i}. {l.title} ({count(len(l.exercises), 'exercise')})": l.id
                               for i, l in enumerate(lessons, 1)}

    def open_class(self) -> TeacherView | None:
        """Open the chosen class and show the teacher's page; None (and a message) when refused."""
        game, lesson_id = self.game.value, self.lesson.value
        lesson = _lesson(game, lesson_id) if game and lesson_id else None
        if lesson is None:
            self.message.object = "<div class='class-error'>Choose a game and a lesson first.</div>"
            return None
        try:
            info, token = self.room.open_class(game, lesson.id, exercises=len(lesson.exercises))
            view = TeacherView(token, self.room)
        except StoreError as exc:
            self.message.object = f"<div class='class-error'>{escape(str(exc))}</div>"
            return None
        location = pn.state.location
        if _doc() is not None and location is not None:
            location.update_query(open="", teacher=token)      # a reload keeps the teacher's page
        self.form.visible = False
        self.slot.objects = [view]
        return view


class TeacherView(_Watching, pn.viewable.Viewer):
    """The teacher's page of one class (the secret link); raises BadToken for a wrong token."""

    def __init__(self, token: str, room: Classroom | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.room = room or shared_classroom()
        self.token = token
        self.info: ClassInfo = self.room.for_teacher(token)            # raises BadToken
        self.lesson = _lesson(self.info.game, self.info.lesson_id)
        self.rows: list[Any] = []
        self.head = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["class-head"])
        self.exercise = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                     css_classes=["class-exercise"])
        self.prev = pn.widgets.Button(label="← Previous exercise", width=170, css_classes=["class-prev"])
        self.next = pn.widgets.Button(label="Next exercise →", color="primary", width=170, css_classes=["class-next"])
        self.prev.on_click(lambda e: self.step(-1))
        self.next.on_click(lambda e: self.step(+1))
        self.table = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["class-table"])
        self.student = pn.widgets.Select(label="Show a student's board to the class", options={}, width=260,
                                         css_classes=["class-student"])
        self.show_button = pn.widgets.Button(label="Show to the class", width=160, align="end",
                                             css_classes=["class-show"])
        self.hide_button = pn.widgets.Button(label="Stop showing", width=130, align="end", css_classes=["class-hide"])
        self.show_button.on_click(lambda e: self.show(self.student.value))
        self.hide_button.on_click(lambda e: self.show(None))
        self.reset_button = pn.widgets.Button(label="Clear their work", width=150, align="end",
                                              css_classes=["class-reset"])
        self.remove_button = pn.widgets.Button(label="Remove from the class", width=190, align="end",
                                               css_classes=["class-remove"])
        self.reset_button.on_click(lambda e: self.drop(self.student.value, remove=False))
        self.remove_button.on_click(lambda e: self.drop(self.student.value, remove=True))
        self.end_button = pn.widgets.Button(label="End the class", width=140, css_classes=["class-end"])
        self.end_button.on_click(lambda e: self.end())
        self.message = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["class-message"])
        self.shown = ShownBoard(self.info.game)
        from academy.store.local_games import LocalGames
        from academy.ui.play_progress import ClassPlayProgress      # each student's rule misplayed most in play
        self.play = ClassPlayProgress(self.info.game, LocalGames(self.room.store))     # (issue 22)
        self.grid = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["class-whole"])
        self.export = pn.widgets.FileDownload(callback=lambda: io.StringIO(self.csv_text()), filename="class.csv",
                                              label="Download the results (CSV)", width=240,
                                              css_classes=["class-export"])
        self.layout = pn.Column(
            self.head, wrapping_row(self.prev, self.next, self.end_button), self.exercise,
            pn.pane.HTML("<h3 style='margin:8px 0 2px'>Students</h3>"), self.table,
            wrapping_row(self.student, self.show_button, self.hide_button, self.reset_button, self.remove_button),
            self.message, self.shown,
            pn.pane.HTML("<h3 style='margin:12px 0 2px'>The whole class, every exercise</h3>"), self.grid,
            self.export, self.play, sizing_mode="stretch_width", css_classes=["class-teacher"])
        self._watch(self.room, self.info.id)
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    @property
    def exercises(self) -> int:
        return len(self.lesson.exercises) if self.lesson is not None else 0

    # --- what the teacher does -------------------------------------------------------------
    def step(self, delta: int) -> None:
        """Previous (-1) or next (+1) exercise for the whole class."""
        try:
            self.info = self.room.step(self.token, delta, self.exercises or None)
        except StoreError as exc:
            self.message.object = f"<div class='class-error'>{escape(str(exc))}</div>"
            return
        self.refresh()

    def show(self, learner_id: int | None) -> None:
        """Show a student's board to the class (None: stop showing)."""
        try:
            self.info = self.room.show(self.token, learner_id)
        except StoreError as exc:
            self.message.object = f"<div class='class-error'>{escape(str(exc))}</div>"
            return
        self.refresh()

    def drop(self, learner_id: int | None, remove: bool) -> None:
        """Clear a student's work in the class, or (``remove``) take them out of it."""
        if learner_id is None:
            return
        name = next((r.name for r in self.rows if r.learner_id == learner_id), "The student")
        try:
            self.info = (self.room.remove_student if remove else self.room.reset_student)(self.token, learner_id)
        except StoreError as exc:
            self.message.object = f"<div class='class-error'>{escape(str(exc))}</div>"
            return
        self.refresh()
        self.message.object = ("<div class='class-note'>" + escape(
            f"{name} is out of the class (they may join again with the code)." if remove else
            f"{name}'s work in this class is cleared (their own progress page keeps it).") + "</div>")

    def end(self) -> None:
        """End the class: students can no longer join or send work."""
        try:
            self.info = self.room.close_class(self.token)
        except StoreError as exc:
            self.message.object = f"<div class='class-error'>{escape(str(exc))}</div>"
            return
        self.refresh()

    # --- what the teacher sees -------------------------------------------------------------
    def _update(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read the class again: the exercise under way, the table, the board shown."""
        try:
            self.info = self.room.for_teacher(self.token)
            self.rows = self.room.table(self.token)
            shown = self.room.shown_board(self.info.id)
        except StoreError as exc:
            self.message.object = f"<div class='class-error'>{escape(str(exc))}</div>"
            return
        info, lesson = self.info, self.lesson
        with pn.io.hold():
            if self.message.object:
                self.message.object = ""
            title = escape(lesson.title) if lesson is not None else escape(info.lesson_id) + " (lesson missing)"
            link = f"?page=class&teacher={self.token}"
            self.head.object = (f"<div class='class-head-text'><div>Class code <span class='class-code'>{escape(info.code)}</span> "
                                "· students open <b>Classroom</b> (<code>?page=class</code>) and type it with "
                                f"their name.</div><div>Lesson: <b>{title}</b> · <a class='teacher-link' "
                                f"href='{link}'>your teacher link</a> (keep it private: it runs this class)"
                                f"{' · <b>closed</b>' if info.status != 'open' else ''}</div></div>")
            if lesson is not None and info.exercise_index < len(lesson.exercises):
                ex = lesson.exercises[info.exercise_index]
                self.exercise.object = (f"<div class='class-banner'><b>Exercise {info.exercise_index + 1} of "
                                        f"{len(lesson.exercises)}:</b> {escape(ex.prompt)}</div>")
            closed = info.status != "open"
            self.prev.disabled = closed or info.exercise_index <= 0
            self.next.disabled = closed or info.exercise_index + 1 >= self.exercises
            self.end_button.disabled = closed
            self.table.object = self.table_html()
            self.grid.object = self.grid_html()
            self.play.show([(r.learner_id, r.name) for r in self.rows])
            self.export.filename = f"class-{info.code}-{info.lesson_id}.csv"
            self.student.options = self.student_options()
            self.show_button.disabled = closed or not self.rows
            self.hide_button.disabled = closed or info.shown_learner_id is None
            self.reset_button.disabled = self.remove_button.disabled = not self.rows
            if shown is None:
                self.shown.hide()
            else:
                self.shown.show(lesson, shown[1], shown[0], shown[2])

    def student_options(self) -> dict[str, int]:
        """{label: learner id} for the "show a board" menu (two students of one name get a number)."""
        out: dict[str, int] = {}
        for r in self.rows:
            label, n = r.name, 1
            while label in out:
                n += 1
                label = f"{r.name} ({n})"
            out[label] = r.learner_id
        return out

    def _grid(self) -> list[list[Any]]:
        try:
            return self.room.grid(self.token, self.exercises)
        except StoreError:
            return []

    def grid_html(self) -> str:
        """Students × exercises: per cell ✓ (solved), the tries and hints, or – (not tried)."""
        grid = self._grid()
        if not self.rows or not grid:
            return "<p class='academy-muted'>No student has joined yet.</p>"
        names = {r.learner_id: r.name for r in self.rows}
        cells = {(r.learner_id, i): r for i, rows in enumerate(grid) for r in rows}
        head = "".join(f"<th title='{escape(ex.prompt)}'>Exercise {i + 1}</th>"
                       for i, ex in enumerate(self.lesson.exercises))

        def cell(r: Any) -> str:
            if r is None or not r.tried:
                return "<td class='no'>–</td>"
            hints = f", {count(r.hints, 'hint')}" if r.hints else ""
            mark = "✓ " if r.solved else ""
            return f"<td class='{'yes' if r.solved else 'no'}'>{mark}{count(r.tries, 'try', 'tries')}{hints}</td>"
        body = "".join(f"<tr data-student='{escape(name)}'><td>{escape(name)}</td>"
                       + "".join(cell(cells.get((lid, i))) for i in range(len(grid))) + "</tr>"
                       for lid, name in names.items())
        solved = [sum(r.solved for r in rows) for rows in grid]
        foot = "".join(f"<td>{n} of {len(names)}</td>" for n in solved)
        return (f"<table class='class-grid class-whole-grid'><tr><th>Student</th>{head}</tr>{body}"
                f"<tr class='class-sum'><td>Solved</td>{foot}</tr></table>")

    def csv_text(self) -> str:
        """The whole class as CSV: one line per student and exercise (tried, solved, tries, hints)."""
        import csv
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["student", "lesson", "exercise", "exercise id", "tried", "solved", "tries", "hints"])
        lesson = self.lesson
        for i, rows in enumerate(self._grid()):
            ex_id = lesson.exercises[i].id if lesson is not None and i < len(lesson.exercises) else ""
            for r in rows:
                writer.writerow([r.name, self.info.lesson_id, i + 1, ex_id, "yes" if r.tried else "no",
                                 "yes" if r.solved else "no", r.tries, r.hints])
        return out.getvalue()

    def table_html(self) -> str:
        """The students' table for the exercise under way."""
        if not self.rows:
            return "<p class='academy-muted'>No student has joined yet.</p>"
        body = []
        for r in self.rows:
            shown = " (shown)" if r.learner_id == self.info.shown_learner_id else ""
            body.append(f"<tr data-student='{escape(r.name)}'><td>{escape(r.name)}{shown}</td>"
                        f"<td class='{'yes' if r.tried else 'no'}'>{'yes' if r.tried else 'not yet'}</td>"
                        f"<td class='{'yes' if r.solved else 'no'}'>{'✓ solved' if r.solved else 'no'}</td>"
                        f"<td>{r.tries}</td><td>{r.hints}</td></tr>")
        solved = sum(r.solved for r in self.rows)
        return (f"<table class='class-grid'><tr><th>Student</th><th>Tried?</th><th>Solved?</th><th>Tries</th><th>Hints</th></tr>{''.join(body)}"
                f"</table><p class='academy-muted'>{solved} of {len(self.rows)} solved exercise "
                f"{self.info.exercise_index + 1}.</p>")


# ============================================================================ students
class StudentView(_Watching, pn.viewable.Viewer):
    """A student's page in a class: their own board for the exercise under way, following the teacher."""

    def __init__(self, member: Member, room: Classroom | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.room = room or shared_classroom()
        self.member = member
        self.info: ClassInfo = self.room.info(member.class_id)
        cls = lesson_page_class(self.info.game)
        if cls is None:
            raise StoreError(f"The class's game {self.info.game!r} has no lessons page.")
        self.lessons = cls(classroom=True)
        self.lessons.add_try_listener(self._record)
        self.banner = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["class-banner"])
        self.message = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["class-message"])
        self.shown = ShownBoard(self.info.game)
        self.layout = pn.Column(self.banner, self.message, self.lessons, self.shown, sizing_mode="stretch_width",
                                css_classes=["class-student"])
        self._watch(self.room, self.info.id)
        self.follow()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _record(self, report: TryReport) -> None:
        if report.lesson_id != self.info.lesson_id:
            return
        try:
            self.room.record_work(self.info.id, self.member.learner_id, report.exercise_index, report.exercise_id,
                                  new_try=report.new_try, solved=report.solved, board=list(report.board),
                                  hints=report.hints)
        except StoreError as exc:
            self.message.object = f"<div class='class-error'>Your work was not sent to the teacher: " \
                                  f"{escape(str(exc))}</div>"

    def _relevant(self, event: ClassEvent) -> bool:
        # another student's work is none of this page's business, unless the teacher shows that board
        return event.kind != "work" or event.learner_id == self.info.shown_learner_id

    def _update(self) -> None:
        self.follow()

    def follow(self) -> None:
        """Show what the teacher chose: the exercise under way, and the board shown, if any."""
        try:
            info = self.info = self.room.info(self.member.class_id)
            shown = self.room.shown_board(info.id) if info.shown_learner_id is not None else None
        except StoreError as exc:
            self.message.object = f"<div class='class-error'>{escape(str(exc))}</div>"
            return
        view = self.lessons
        lesson = view.lesson
        with pn.io.hold():
            if view.lesson_id != info.lesson_id:
                view.open(info.lesson_id, info.exercise_index)
            elif view.exercise_index != info.exercise_index:
                view.start_exercise(info.exercise_index)
            lesson = view.lesson
            total = len(lesson.exercises) if lesson is not None else 0
            state = "The class has ended." if info.status != "open" else \
                f"Your teacher leads: exercise {info.exercise_index + 1} of {total}."
            self.banner.object = (f"Class <b>{escape(info.code)}</b> · you are <b class='class-me'>"
                                  f"{escape(self.member.name)}</b> · <span class='class-follow'>{state}</span>")
            if shown is None or shown[0] is None or info.shown_learner_id == self.member.learner_id:
                self.shown.hide()
                if info.shown_learner_id == self.member.learner_id:
                    self.message.object = "<div role='status'>Your teacher is showing your board to the class.</div>"
                else:
                    self.message.object = ""
            else:
                self.shown.show(lesson, shown[1], shown[0], shown[2])
                self.message.object = ""


class JoinView(pn.viewable.Viewer):
    """``?page=class``: type the class code and your name, then work in the class."""

    def __init__(self, query: dict[str, str] | None = None, room: Classroom | None = None,
                 limits: JoinLimits | None = None, **params: Any) -> None:
        super().__init__(**params)
        query = query or {}
        self._room = room
        self.limits = limits if limits is not None else join_limits()
        doc = _doc()
        context = doc.session_context if doc is not None else None
        self._session_key = f"session:{context.id}" if context is not None else f"page:{next(_PAGES)}"
        request = getattr(context, "request", None) if context is not None else None
        ip = getattr(request, "remote_ip", None) if request is not None else None
        self._address_key: str | None = f"address:{ip}" if ip else None
        self.hook = LearnerKey(key=initial_key(query), height=0, width=0, margin=0)
        self.code = pn.widgets.TextInput(label="Class code", value=query.get("code", ""), placeholder="e.g. K7QM2P",
                                         width=180, css_classes=["class-code-input"])
        self.name_input = pn.widgets.TextInput(label="Your name", placeholder="as your teacher will see it", width=240,
                                         css_classes=["class-name-input"])
        self.button = pn.widgets.Button(label="Join", color="primary", align="end", width=100,
                                        css_classes=["class-join"])
        self.button.on_click(lambda e: self.join())
        self.name_input.param.watch(lambda e: self.join(), "enter_pressed")
        self.message = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["class-join-message"])
        self.form = pn.Column(
            pn.pane.HTML("<h2 style='margin:4px 0'>Join a class</h2><p>Type the code your teacher shows, and your "
                         "name. <a class='open-class-link' href='?page=class&open=1'>Teachers: open a class</a></p>"),
            wrapping_row(self.code, self.name_input, self.button), self.message, sizing_mode="stretch_width")
        self.slot = pn.Column(sizing_mode="stretch_width", margin=0)
        self.student: StudentView | None = None
        self.layout = pn.Column(self.form, self.slot, self.hook, sizing_mode="stretch_width",
                                css_classes=["class-join-page"])
        self.hook.param.watch(lambda e: self.rejoin(), "key")
        if query.get("learner"):               # a learner's link: this browser may be in the class already
            self.rejoin()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    @property
    def room(self) -> Classroom:
        if self._room is None:
            self._room = shared_classroom()
        return self._room

    def rejoin(self) -> StudentView | None:
        """Back in the class after a reload: this browser's learner already joined the class whose code
        is in the address (``?page=class&code=...``); None when it did not."""
        if self.student is not None or not self.code.value or not self.hook.key:
            return None
        try:
            member = self.room.membership(self.code.value, self.hook.key)
        except StoreError:
            return None
        if member is None:
            return None
        self.name_input.value = member.name
        return self.join()

    def join(self) -> StudentView | None:
        """Join with the code and name typed; None (and a clear message) when refused. After too many
        wrong codes (``JoinLimits``) the page says when it may try again, and tries nothing until then."""
        wait = self.limits.wait(self._session_key, self._address_key)
        if wait > 0:
            self._refuse(wait_text(wait, "wrong codes"))
            return None
        try:
            member = self.room.join(self.code.value, self.name_input.value, learner_key=self.hook.key or None)
            student = StudentView(member, self.room)
        except (ClassNotFound, ClassClosed) as exc:
            text = str(exc)
            if normalize_code(self.code.value):           # a code was tried (an empty one tells nothing)
                wait = self.limits.failed(self._session_key, self._address_key)
                if wait > 0:
                    text = f"{text} {wait_text(wait, 'wrong codes')}"
            self._refuse(text)
            return None
        except StoreError as exc:
            self._refuse(str(exc))
            return None
        self.limits.succeeded(self._session_key)
        self.student = student
        location = pn.state.location
        if _doc() is not None and location is not None:
            location.update_query(code=self.room.info(member.class_id).code)
        with pn.io.hold():
            self.form.visible = False
            self.message.object = ""
            self.slot.objects = [student]
        return student

    def _refuse(self, text: str) -> None:
        self.message.object = f"<div class='class-error' role='alert'>{escape(text)}</div>"


class ClassroomPage(pn.viewable.Viewer):
    """The page for ``?page=class``: the join form, the open-a-class form (``open=1``) or the teacher's
    page (``teacher=TOKEN``; a wrong token says so)."""

    def __init__(self, query: dict[str, str] | None = None, room: Classroom | None = None, **params: Any) -> None:
        super().__init__(**params)
        query = query or {}
        self.view: Any
        if query.get("teacher"):
            try:
                self.view = TeacherView(query["teacher"], room)
            except StoreError as exc:
                self.view = pn.pane.HTML(f"<div class='class-error' role='alert'>{escape(str(exc))}</div>"
                                         "<p><a href='?page=class&open=1'>Open a new class</a></p>",
                                         stylesheets=[STYLE], css_classes=["class-teacher-error"])
        elif query.get("open"):
            self.view = OpenClassForm(room)
        else:
            self.view = JoinView(query, room)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.view


def class_page(query: dict[str, str] | None = None) -> pn.viewable.Viewable:
    """The page for ``?page=class`` (see the module docstring)."""
    return ClassroomPage(query)
