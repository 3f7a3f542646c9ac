"""Classroom mode in the app: open a class, join it with a code, follow the teacher, see who solved.

Routes (``academy.ui.shell.build_page``)
    ``?page=class``                 join a class: its code and your name (a wrong code says so; after
                                    too many, ``JoinLimits``, it says when to try again)
    ``?page=class&open=1``          a teacher opens a class on a course or a lesson (``class_teacher.py``)
    ``?page=class&teacher=TOKEN``   the class's page (its secret link; ``class_teacher.TeacherView``)

This module holds the students' side and what both sides share. Students work on their own copy of the
board: the game's own lessons page (the same board models as the Lessons tabs) in classroom mode
(``LessonsView(classroom=True)``: no list, tabs or Next), on the class's lessons (a course's, in order).
When the teacher moves to another exercise or lesson, every student's page follows; on top of it, the
teacher's demo board (``DemoBoard``: the teacher's moves, arrows and marks) while the teacher shows it,
and a student's board the teacher shows (``ShownBoard``), read only.

Live updates reuse the live games' machinery: the store's ``Classroom`` (academy/store/classroom.py)
calls its subscribers after each committed change (and, on PostgreSQL, hears other servers through
``notify.Listener``); each page hands the event to its own Panel session with ``in_session``
(``pn.state.execute``), as every shared seat does for live games (``live_follow.FollowsLiveGame``), and
unsubscribes when the session is destroyed. The process's ``Classroom`` (``shared_classroom()``) uses the shared hub's
store, like every other page that needs the database.
"""
from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable
from html import escape
from typing import Any

import panel as pn

from academy.core.attempt_limit import AttemptLimiter, wait_text
from academy.core.text import count
from academy.lessons import Attempt
from academy.store.classroom import ClassClosed, ClassEvent, ClassInfo, ClassNotFound, Classroom, Member, normalize_code
from academy.store.errors import StoreError
from academy.lessons.exercise import Rehearsal
from academy.ui.board_kit.notes import draw_notes
from academy.ui.lesson_board import lesson_board, replay
from academy.ui.lessons_page import LessonsView, TryReport, game_lessons
from academy.ui.progress_page import LearnerKey, initial_key
from academy.ui.registry import part
from academy.ui.teaching import find_lesson
from academy.ui.session_loop import in_session
from academy.ui.labels import wrapping_row

__all__ = ["ClassroomPage", "JoinLimits", "JoinView", "OpenClassForm", "ShownBoard", "StudentView", "TeacherView",
           "class_page", "join_limits", "lesson_page_class", "shared_classroom"]

log = logging.getLogger("academy.ui.classroom")

STYLE = """
.class-head-text { font-size: 16px; line-height: 1.9; }
.class-head-text a.class-course-link { white-space: nowrap; }    /* an address is not cut after its "?" */
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

    notes = False        # the board has the layers a teacher's arrows and marks are drawn on

    def __init__(self, game: str, **params: Any) -> None:
        super().__init__(**params)
        self.game = game
        self.model: Any = None
        self.kit: Any = None
        self._showing: tuple[Any, ...] | None = None
        self.caption = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["shown-caption"])
        self.slot = pn.Column(sizing_mode="stretch_width", margin=0)
        self.layout = pn.Column(self.caption, self.slot, sizing_mode="stretch_width", visible=False,
                                css_classes=["shown-board"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _make(self) -> None:
        made = lesson_board(self.game, notes=self.notes)
        made.read_only("This board is shown by the teacher: look, but play on your own board.")
        self.model, self.kit = made.model, made.kit
        self.slot.objects = [made.board]

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
        problem = replay(attempt, actions)
        problem = f" ({problem})" if problem else ""
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


class DemoBoard(ShownBoard):
    """The teacher's demo board on a student's page: the position the teacher shows, the moves played on it,
    and the teacher's arrows and marks (``board_kit.notes``); read only."""

    notes = True

    def show_demo(self, lesson: Any, demo: dict[str, Any]) -> None:
        """Show ``demo`` (``Classroom.demo``: the exercise, the moves, the arrows and marks) of ``lesson``."""
        index = demo.get("exercise", 0)
        if lesson is None or not 0 <= index < len(lesson.exercises):
            self.hide()
            return
        showing = (lesson.id, repr(demo))
        if showing == self._showing and self.layout.visible:
            return
        self._showing = showing
        ex = lesson.exercises[index]
        attempt = Rehearsal(lesson.game, lesson.start_position(ex), ex.seed)
        problem = replay(attempt, demo.get("actions") or [])
        if self.model is None:
            self._make()
        with pn.io.hold():
            self.model.start(attempt)
            draw_notes(self.kit, demo.get("arrows") or [], demo.get("marks") or [])
            moves = len(attempt.actions)
            played = f", {count(moves, 'move')}" if moves else ""
            said = f" ({problem})" if problem else ""
            self.caption.object = (f"<div class='shown-note demo-note-student'><b>Your teacher's board</b>: exercise "
                                   f"{index + 1}{played}{escape(said)}. <span class='academy-muted'>Watch it; play on "
                                   "your own board below.</span></div>")
            self.layout.visible = True


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
        found = [find_lesson(self.info.game, ref) for ref in self.info.lessons]
        self.lessons = cls(classroom=True, lessons=[lesson for lesson in found if lesson is not None])
        self.lessons.add_try_listener(self._record)
        self.banner = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["class-banner"])
        self.message = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["class-message"])
        self.shown = ShownBoard(self.info.game)
        self.demo = DemoBoard(self.info.game)          # the teacher's demo board, on top
        self.layout = pn.Column(self.banner, self.message, self.demo, self.shown, self.lessons,
                                sizing_mode="stretch_width", css_classes=["class-student"])
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
                                  hints=report.hints, lesson_id=report.lesson_id)
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
            demo = self.room.demo(info.id)
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
            several = f"lesson {info.lesson_number + 1} of {len(info.lessons)}, " if len(info.lessons) > 1 else ""
            state = "The class has ended." if info.status != "open" else \
                f"Your teacher leads: {several}exercise {info.exercise_index + 1} of {total}."
            if demo is None or info.status != "open":
                self.demo.hide()
            else:
                self.demo.show_demo(view.lesson if view.lesson_id == demo["lesson"] else
                                    next((l for l in view.lessons if l.id == demo["lesson"]), None), demo)
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


class _LazyRoom:
    """A page whose ``room`` is the one it was given, else the process's (made when first needed)."""

    _room: Classroom | None

    @property
    def room(self) -> Classroom:
        if self._room is None:
            self._room = shared_classroom()
        return self._room


class JoinView(_LazyRoom, pn.viewable.Viewer):
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
            from academy.ui.address import update_query
            update_query(location, code=self.room.info(member.class_id).code)
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
        from academy.ui.class_teacher import OpenClassForm, TeacherView
        query = query or {}
        self.view: Any
        self.hook: Any = None
        if query.get("teacher"):
            try:
                self.view = TeacherView(query["teacher"], room)
            except StoreError as exc:
                self.view = pn.pane.HTML(f"<div class='class-error' role='alert'>{escape(str(exc))}</div>"
                                         "<p><a href='?page=class&open=1'>Open a new class</a></p>",
                                         stylesheets=[STYLE], css_classes=["class-teacher-error"])
            else:          # the teacher this browser knows, if it is this class's: a link back to their page
                from academy.ui.teaching import teacher_hook
                self.hook = teacher_hook(query, field="as")
                self.hook.param.watch(lambda e: self._owner(), "key")
        elif query.get("open"):
            self.view = OpenClassForm(room, query)
        else:
            self.view = JoinView(query, room)
        self.layout = pn.Column(self.view, *([self.hook] if self.hook is not None else []),
                                sizing_mode="stretch_width", margin=0)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _owner(self) -> None:
        from academy.store.teachers import Teachers
        view = self.view
        try:
            teacher = Teachers(view.room.store).find(self.hook.key)
        except StoreError:
            return
        if teacher.id == view.info.teacher_id and view.teacher_token != self.hook.key:
            view.teacher_token = self.hook.key
            view.refresh()


def class_page(query: dict[str, str] | None = None) -> pn.viewable.Viewable:
    """The page for ``?page=class`` (see the module docstring)."""
    return ClassroomPage(query)


def __getattr__(name: str) -> Any:
    """``OpenClassForm`` and ``TeacherView`` (the teacher's side, in ``class_teacher``, which builds on this
    module): found there when asked for, so that either module may be imported first."""
    if name in ("OpenClassForm", "TeacherView"):
        from academy.ui import class_teacher
        return getattr(class_teacher, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
