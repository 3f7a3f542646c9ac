"""The teacher's side of a class: opening one (``?page=class&open=1``) and its page (``?page=class&teacher=TOKEN``).

A class runs a course (several lessons of one game in order, the built-in ones and the teacher's) or one
lesson. Its page: the join code, the exercise under way (previous / next cross from one lesson to the
next; "Go to" any lesson), the students' table for it, the whole course's grid (students × exercises:
solved, tries, hints; each student's name opens their progress page), a summary, the results as CSV, a
student's board shown to the class, a student reset or removed, and the **demo board**: the teacher's own
board of the exercise under way, on which they play moves and draw arrows and marks (``board_kit.notes``),
shown on top of every student's page when "Show it to the class" is on.

A class is opened as the teacher this browser knows (``teaching.TeacherKey``), so the teacher's link finds it
again; without one, opening a class makes the teacher (and says so). The class's own link works on any
computer and gives nothing else of the teacher's away.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from html import escape
from typing import Any

import panel as pn

from academy.core.text import count
from academy.lessons.exercise import Rehearsal
from academy.store.classroom import ClassInfo, Classroom
from academy.store.errors import StoreError
from academy.ui.address import full_link, link_html, update_query
from academy.ui.classroom import STYLE, ShownBoard, _doc, _LazyRoom, _Watching, class_games, shared_classroom
from academy.ui.labels import set_options, wrapping_row
from academy.ui.lesson_board import lesson_board, replay
from academy.ui.lessons_page import board_of, game_lessons
from academy.ui.teaching import find_lesson, teacher_hook, teacher_link
from academy.ui.tick import Tick

__all__ = ["ClassLessons", "DemoDesk", "OpenClassForm", "TeacherView"]


@dataclass
class ClassLessons:
    """The lessons a class runs, in order, found by their refs (None: a lesson missing since)."""

    game: str
    refs: tuple[str, ...]
    lessons: tuple[Any, ...]

    @classmethod
    def of(cls, info: ClassInfo) -> ClassLessons:
        return cls(info.game, info.lessons, tuple(find_lesson(info.game, ref) for ref in info.lessons))

    def lesson(self, ref: str) -> Any:
        return next((l for r, l in zip(self.refs, self.lessons) if r == ref), None)

    def title(self, ref: str) -> str:
        lesson = self.lesson(ref)
        return lesson.title if lesson is not None else f"{ref} (missing)"

    @property
    def found(self) -> list[Any]:
        return [l for l in self.lessons if l is not None]

    def counts(self) -> list[tuple[str, int]]:
        """(ref, number of exercises) of every lesson found."""
        return [(r, len(l.exercises)) for r, l in zip(self.refs, self.lessons) if l is not None]

    def flat(self) -> list[tuple[str, int]]:
        """Every exercise of the class, in order: (lesson ref, exercise index)."""
        return [(ref, i) for ref, n in self.counts() for i in range(n)]


def _error(text: str) -> str:
    return f"<div class='class-error' role='alert'>{escape(text)}</div>"


# ============================================================================ opening a class
class OpenClassForm(_LazyRoom, pn.viewable.Viewer):
    """A teacher opens a class on one of their courses, or on one lesson (``?page=class&open=1``)."""

    def __init__(self, room: Classroom | None = None, query: dict[str, str] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._room = room
        self.hook = teacher_hook(query, field="as")         # this browser's teacher (the link's 'teacher' is a class's)
        self.course = pn.widgets.Select(label="A course of yours", options={}, width=360, css_classes=["class-course"])
        self.game = pn.widgets.Select(label="Game", options=class_games(), width=240, css_classes=["class-game"])
        self.lesson = pn.widgets.Select(label="Lesson", options={}, width=360, css_classes=["class-lesson"])
        self.button = pn.widgets.Button(label="Open the class", color="primary", align="end",
                                        css_classes=["class-open"])
        self.message = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["class-open-message"])
        self.slot = pn.Column(sizing_mode="stretch_width", margin=0)
        self.game.param.watch(lambda e: self._lessons(), "value")
        self.course.param.watch(lambda e: self._course_chosen(), "value")
        self.button.on_click(lambda e: self.open_class())
        self.hook.param.watch(lambda e: self._teacher_known(), "key")
        self.courses_row = wrapping_row(self.course, visible=False)
        self.form = pn.Column(
            pn.pane.HTML("<h2 style='margin:4px 0'>Open a class</h2><p>Choose one of your courses, or one lesson. You "
                         "get a short code for your students and a private link for you; then you move the class from "
                         "one exercise to the next, and see who has solved each one.</p>"),
            self.courses_row, wrapping_row(self.game, self.lesson, self.button), self.message,
            sizing_mode="stretch_width")
        self.layout = pn.Column(self.form, self.slot, self.hook, sizing_mode="stretch_width", css_classes=["open-class"])
        self._lessons()
        self._teacher_known()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _teacher(self) -> Any:
        try:
            return teachers_of(self.room).find(self.hook.key) if self.hook.key else None
        except StoreError:
            return None

    def _teacher_known(self) -> None:
        teacher = self._teacher()
        mine = []
        if teacher is not None:
            try:
                mine = courses_of(self.room).of_teacher(self.hook.key)
            except StoreError:
                mine = []
        set_options(self.course, {"(one lesson, chosen below)": "",
                                  **{f"{c.title} ({count(len(c.lessons), 'lesson')})": str(c.id) for c in mine}})
        self.courses_row.visible = bool(mine)
        self._lessons()

    def _course_chosen(self) -> None:
        chosen = bool(self.course.value)
        self.game.disabled = self.lesson.disabled = chosen

    def _lessons(self) -> None:
        game = self.game.value
        lessons = [l for l in game_lessons(game)[0] if l.exercises] if game else []
        options = {f"{i}. {l.title} ({count(len(l.exercises), 'exercise')})": l.id for i, l in enumerate(lessons, 1)}
        teacher = self._teacher() if game else None
        if teacher is not None:
            from academy.ui.teaching import collection_of
            options.update({f"Yours: {l.title} ({count(len(l.exercises), 'exercise')})": l.id
                            for l in collection_of(teacher).lessons(game)[0]})
        set_options(self.lesson, options)

    def open_class(self) -> TeacherView | None:
        """Open the chosen class and show the teacher's page; None (and a message) when refused."""
        token = self.hook.key if self._teacher() is not None else None
        made = False
        try:
            if token is None:                  # the first class of a new teacher: their link finds it again
                _, token = teachers_of(self.room).create()
                made = True
            if self.course.value:
                course = courses_of(self.room).get(token, int(self.course.value))
                lessons = ClassLessons(course.game, course.lessons,
                                       tuple(find_lesson(course.game, r) for r in course.lessons))
                counts = lessons.counts()
                if not counts:
                    self.message.object = _error("None of this course's lessons can be opened any more: change the "
                                                 "course on your teacher page.")
                    return None
                info, class_token = self.room.open_class(course.game, counts[0][0], exercises=counts[0][1],
                                                         teacher_token=token, lessons=list(course.lessons),
                                                         course_id=course.id)
            else:
                game, lesson_id = self.game.value, self.lesson.value
                lesson = find_lesson(game, lesson_id) if game and lesson_id else None
                if lesson is None:
                    self.message.object = "<div class='class-error'>Choose a game and a lesson first.</div>"
                    return None
                info, class_token = self.room.open_class(game, lesson.id, exercises=len(lesson.exercises),
                                                         teacher_token=token)
            view = TeacherView(class_token, self.room, teacher_token=token)
        except StoreError as exc:
            self.message.object = _error(str(exc))
            return None
        if made:
            self.hook.key = token              # this browser keeps the new teacher
        location = pn.state.location
        if _doc() is not None and location is not None:
            # a reload keeps the class's page; a teacher token given as 'as' never stays in the class's address
            update_query(location, **{"open": "", "teacher": class_token, "as": ""})
        self.form.visible = False
        self.slot.objects = [view]
        return view


def teachers_of(room: Classroom) -> Any:
    from academy.store.teachers import Teachers
    return Teachers(room.store)


def courses_of(room: Classroom) -> Any:
    from academy.store.courses import Courses
    return Courses(room.store)


# ============================================================================ the demo board
class DemoDesk(pn.viewable.Viewer):
    """The teacher's demo board: the exercise under way's start, on which the teacher plays moves and draws
    arrows and marks; while "Show it to the class" is on, every change reaches every student's page."""

    MODES = {"Play moves": "play", "Draw arrows": "arrow", "Mark places": "mark"}

    def __init__(self, view: TeacherView, **params: Any) -> None:
        super().__init__(**params)
        self.view = view
        self.made: Any = None
        self.pen: Any = None
        self._at: tuple[str, int] | None = None
        self.mode = pn.widgets.RadioButtonGroup(label="On the demo board", options=self.MODES, value="play",
                                                color="primary", variant="outline",
                                                css_classes=["demo-mode"])
        self.mode.param.watch(lambda e: self._mode(), "value")
        self.showing = Tick("Show it to the class (on top of every student's page)", value=False,
                            css_classes=["demo-show"])
        self.showing.param.watch(lambda e: self._toggled(), "value")
        self._quiet = False                 # ticking the box to match the class (``sync``) sends nothing
        self.clear = pn.widgets.Button(label="Clear the drawing", width=160, css_classes=["demo-clear"])
        self.clear.on_click(lambda e: self.pen.clear() if self.pen is not None else None)
        self.restart = pn.widgets.Button(label="↺ Start position", width=150, css_classes=["demo-restart"])
        self.restart.on_click(lambda e: self.follow(force=True))
        self.note = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["demo-note"])
        self.slot = pn.Column(sizing_mode="stretch_width", margin=0)
        self.card = pn.Card(wrapping_row(self.mode, self.showing), wrapping_row(self.clear, self.restart), self.note,
                            self.slot, title="Demo board: your own board, shown to the class when you choose",
                            collapsed=True, sizing_mode="stretch_width", css_classes=["demo-desk"])
        self.card.param.watch(lambda e: self.follow(), "collapsed")

    def __panel__(self) -> pn.viewable.Viewable:
        return self.card

    def _make(self) -> None:
        made = lesson_board(self.view.info.game, panels=True, notes=True)
        self.made = made
        from academy.ui.board_kit.notes import NotePen
        self.pen = NotePen(made.kit, lambda arrows, marks: self.send())
        made.model.param.watch(lambda *e: self.send(), ["feedback"])
        self.slot.objects = [made.board, *made.panels]

    def follow(self, force: bool = False) -> None:
        """The board on the exercise under way (a new exercise: its start, the drawing cleared)."""
        if self.card.collapsed and self.made is None:
            return
        info = self.view.info
        lesson = self.view.lessons.lesson(info.lesson_id)
        if lesson is None or not 0 <= info.exercise_index < len(lesson.exercises):
            return
        at = (info.lesson_id, info.exercise_index)
        if at == self._at and not force:
            return
        if self.made is None:
            self._make()
        self._at = at
        ex = lesson.exercises[info.exercise_index]
        attempt = Rehearsal(info.game, lesson.start_position(ex), ex.seed)
        arrows: list[Any] = []
        marks: list[Any] = []
        shown = None if force else self._shown()
        if shown is not None and (shown["lesson"], shown.get("exercise", 0)) == at:
            replay(attempt, shown.get("actions") or [])   # the class sees another window's board: go on from it
            arrows, marks = shown.get("arrows") or [], shown.get("marks") or []
        with pn.io.hold():
            self.made.model.start(attempt)
            self.pen.set(arrows, marks)
            self._mode()
        self.send()

    def _mode(self) -> None:
        if self.pen is None:
            return
        self.pen.mode = self.mode.value
        self.note.object = {"play": "<p class='academy-muted'>Play moves as on a lesson's board.</p>",
                            "arrow": "<p class='academy-muted'>Tap where an arrow starts, then where it ends.</p>",
                            "mark": "<p class='academy-muted'>Tap to put a ring; tap a ring to take it away.</p>"
                            }[self.mode.value]

    def demo(self) -> dict[str, Any] | None:
        """What the students' pages show (None: nothing)."""
        if not self.showing.value or self.made is None or self._at is None:
            return None
        attempt = self.made.model.attempt
        return {"lesson": self._at[0], "exercise": self._at[1], "actions": list(board_of(attempt)) if attempt else [],
                "arrows": self.pen.arrows, "marks": self.pen.marks}

    def send(self) -> None:
        """While "Show it to the class" is on, tell the class what the demo board shows now. Off, nothing is
        sent: another window of the teacher's may be showing its own demo board."""
        if not self.showing.value:
            return
        if self.made is None:
            self.card.collapsed = False
            self.follow()
            return
        wanted = self.demo()
        if wanted is None:
            return
        try:
            self.view.room.set_demo(self.view.token, wanted)
        except StoreError as exc:
            self.note.object = _error(str(exc))

    def _toggled(self) -> None:
        """The teacher ticked the box (show the board) or cleared it (stop showing it to the class)."""
        if self._quiet:
            return
        if self.showing.value:
            self.send()
            return
        view = self.view
        try:
            if view.room.demo(view.info.id) is not None:
                view.room.set_demo(view.token, None)
        except StoreError as exc:
            self.note.object = _error(str(exc))

    def _shown(self) -> dict[str, Any] | None:
        """The demo board the class sees now (from this window or another of the teacher's), or None."""
        try:
            return self.view.room.demo(self.view.info.id)
        except StoreError:
            return None

    def sync(self) -> None:
        """Tick "Show it to the class" as the class sees it: another window of the teacher's may have started
        or stopped showing a demo board."""
        shown = self._shown() is not None
        if shown != self.showing.value:
            self._quiet = True
            try:
                self.showing.value = shown
            finally:
                self._quiet = False


# ============================================================================ the class's page
class TeacherView(_Watching, pn.viewable.Viewer):
    """The teacher's page of one class (the secret link); raises BadToken for a wrong token. ``teacher_token``:
    the teacher's own, when known (a link back to the teacher page)."""

    def __init__(self, token: str, room: Classroom | None = None, teacher_token: str | None = None,
                 **params: Any) -> None:
        super().__init__(**params)
        self.room = room or shared_classroom()
        self.token = token
        self.teacher_token = teacher_token
        self.info: ClassInfo = self.room.for_teacher(token)            # raises BadToken
        self.lessons = ClassLessons.of(self.info)
        self.rows: list[Any] = []
        self.head = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["class-head"])
        self.exercise = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                     css_classes=["class-exercise"])
        self.prev = pn.widgets.Button(label="← Previous exercise", width=170, css_classes=["class-prev"])
        self.next = pn.widgets.Button(label="Next exercise →", color="primary", width=170, css_classes=["class-next"])
        self.prev.on_click(lambda e: self.step(-1))
        self.next.on_click(lambda e: self.step(+1))
        self.go_to = pn.widgets.Select(label="Go to the lesson", options={}, width=300, visible=len(self.info.lessons) > 1,
                                       css_classes=["class-go-lesson"])
        self.go_to.param.watch(lambda e: self._go_lesson(), "value")
        self.table = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["class-table"])
        self.student = pn.widgets.Select(label="A student", options={}, width=260, css_classes=["class-student"])
        self.show_button = pn.widgets.Button(label="Show their board to the class", width=230, align="end",
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
        self.demo = DemoDesk(self)
        from academy.store.local_games import LocalGames
        from academy.ui.play_progress import ClassPlayProgress      # each student's rule misplayed most in play
        self.play = ClassPlayProgress(self.info.game, LocalGames(self.room.store))     # (issue 22)
        self.grid = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["class-whole"])
        self.summary = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["class-summary"])
        self.export = pn.widgets.FileDownload(callback=lambda: io.StringIO(self.csv_text()), filename="class.csv",
                                              label="Download the results (CSV)", width=240,
                                              css_classes=["class-export"])
        self.layout = pn.Column(
            self.head, wrapping_row(self.prev, self.next, self.go_to, self.end_button), self.exercise, self.demo,
            pn.pane.HTML("<h3 style='margin:8px 0 2px'>Students, this exercise</h3>"), self.table,
            wrapping_row(self.student, self.show_button, self.hide_button, self.reset_button, self.remove_button),
            self.message, self.shown,
            pn.pane.HTML("<h3 style='margin:12px 0 2px'>The whole class, every exercise</h3>"), self.grid,
            self.export, pn.pane.HTML("<h3 style='margin:12px 0 2px'>Summary</h3>"), self.summary, self.play,
            sizing_mode="stretch_width", css_classes=["class-teacher"])
        self._watch(self.room, self.info.id)
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    @property
    def lesson(self) -> Any:
        """The lesson under way."""
        return self.lessons.lesson(self.info.lesson_id)

    @property
    def exercises(self) -> int:
        lesson = self.lesson
        return len(lesson.exercises) if lesson is not None else 0

    def _say(self, html_text: str) -> None:
        self.message.object = html_text

    # --- what the teacher does -------------------------------------------------------------
    def go(self, ref: str, index: int) -> None:
        """Move the whole class to exercise ``index`` of its lesson ``ref``."""
        lesson = self.lessons.lesson(ref)
        try:
            self.info = self.room.set_exercise(self.token, index, len(lesson.exercises) if lesson else None,
                                               lesson_id=ref)
        except StoreError as exc:
            self._say(_error(str(exc)))
            return
        self.refresh()

    def step(self, delta: int) -> None:
        """Previous (-1) or next (+1) exercise for the whole class, from one lesson to the next."""
        flat = self.lessons.flat()
        here = (self.info.lesson_id, self.info.exercise_index)
        if here not in flat:
            return
        target = max(0, min(len(flat) - 1, flat.index(here) + delta))
        if flat[target] != here:
            self.go(*flat[target])

    def _go_lesson(self) -> None:
        ref = self.go_to.value
        if ref and ref != self.info.lesson_id and not getattr(self, "_refreshing", False):
            self.go(ref, 0)

    def show(self, learner_id: int | None) -> None:
        """Show a student's board to the class (None: stop showing)."""
        try:
            self.info = self.room.show(self.token, learner_id)
        except StoreError as exc:
            self._say(_error(str(exc)))
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
            self._say(_error(str(exc)))
            return
        self.refresh()
        self._say("<div class='class-note'>" + escape(
            f"{name} is out of the class (they may join again with the code)." if remove else
            f"{name}'s work in this class is cleared (their own progress page keeps it).") + "</div>")

    def end(self) -> None:
        """End the class: students can no longer join or send work."""
        try:
            self.info = self.room.close_class(self.token)
        except StoreError as exc:
            self._say(_error(str(exc)))
            return
        self.refresh()

    # --- what the teacher sees -------------------------------------------------------------
    def _update(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read the class again: the exercise under way, the table, the grid, the board shown."""
        try:
            self.info = self.room.for_teacher(self.token)
            self.rows = self.room.table(self.token)
            shown = self.room.shown_board(self.info.id)
        except StoreError as exc:
            self._say(_error(str(exc)))
            return
        info, lesson = self.info, self.lesson
        self._refreshing = True
        try:
            with pn.io.hold():
                self._draw(info, lesson, shown)
        finally:
            self._refreshing = False
        self.demo.follow()
        self.demo.sync()

    def _draw(self, info: ClassInfo, lesson: Any, shown: Any) -> None:
        if self.message.object and "class-note" not in self.message.object:
            self.message.object = ""
        several = len(info.lessons) > 1
        title = escape(lesson.title) if lesson is not None else escape(info.lesson_id) + " (lesson missing)"
        found = courses_of(self.room).find(info.course_id) if info.course_id is not None else None
        course = (" · the course's link, for anyone to follow it on their own: "
                  + link_html(found.link, escape(full_link(found.link)), "class-course-link")
                  if found is not None else "")
        link = f"?page=class&teacher={self.token}"
        mine = (f" · <a class='teacher-page-link' href='{teacher_link(self.teacher_token)}'>your teacher page</a>"
                if self.teacher_token else "")
        where = (f"Lesson {info.lesson_number + 1} of {len(info.lessons)}: <b>{title}</b>" if several
                 else f"Lesson: <b>{title}</b>")
        self.head.object = (
            f"<div class='class-head-text'><div>Class code <span class='class-code'>{escape(info.code)}</span> "
            f"· students open <b>Classroom</b> (<code>{escape(full_link('?page=class'))}</code>) and type it with "
            "their name.</div>"
            f"<div>{where} · <a class='class-link' href='{link}'>this class's link</a> (keep it private: it runs "
            f"this class){mine}{course}{' · <b>ended</b>' if info.status != 'open' else ''}</div></div>")
        if lesson is not None and info.exercise_index < len(lesson.exercises):
            ex = lesson.exercises[info.exercise_index]
            self.exercise.object = (f"<div class='class-banner'><b>Exercise {info.exercise_index + 1} of "
                                    f"{len(lesson.exercises)}:</b> {escape(ex.prompt)}</div>")
        closed = info.status != "open"
        flat = self.lessons.flat()
        here = (info.lesson_id, info.exercise_index)
        at = flat.index(here) if here in flat else -1
        self.prev.disabled = closed or at <= 0
        self.next.disabled = closed or at < 0 or at + 1 >= len(flat)
        self.go_to.options = {f"{i}. {self.lessons.title(r)}": r for i, r in enumerate(info.lessons, 1)}
        self.go_to.value = info.lesson_id
        self.go_to.disabled = closed
        self.end_button.disabled = closed
        self.table.object = self.table_html()
        grid = self._grid()
        self.grid.object = self.grid_html(grid)
        self.summary.object = self.summary_html(grid)
        self.play.show([(r.learner_id, r.name) for r in self.rows])
        self.export.filename = f"class-{info.code}.csv"
        set_options(self.student, self.student_options())
        self.show_button.disabled = closed or not self.rows
        self.hide_button.disabled = closed or info.shown_learner_id is None
        self.reset_button.disabled = self.remove_button.disabled = not self.rows
        if shown is None:
            self.shown.hide()
        else:
            self.shown.show(lesson, shown[1], shown[0], shown[2])

    def student_options(self) -> dict[str, int]:
        """{label: learner id} for the students' menu (two students of one name get a number)."""
        out: dict[str, int] = {}
        for r in self.rows:
            label, n = r.name, 1
            while label in out:
                n += 1
                label = f"{r.name} ({n})"
            out[label] = r.learner_id
        return out

    def _grid(self) -> list[tuple[str, list[list[Any]]]]:
        try:
            return self.room.course_grid(self.token, self.lessons.counts())
        except StoreError:
            return []

    def progress_link(self, learner_id: int) -> str:
        """The link to a student's progress page, as the teacher of this class sees it."""
        return f"?page=progress&class={self.token}&student={learner_id}"

    def grid_html(self, grid: list[tuple[str, list[list[Any]]]] | None = None) -> str:
        """Students × every exercise of every lesson: per cell ✓ (solved), the tries and hints, or – (not tried)."""
        grid = self._grid() if grid is None else grid
        if not self.rows or not grid:
            return "<p class='academy-muted'>No student has joined yet.</p>"
        names = {r.learner_id: r.name for r in self.rows}
        several = len(grid) > 1
        top = "".join(f"<th colspan='{len(rows)}'>{escape(self.lessons.title(ref))}</th>" for ref, rows in grid)
        head = "".join(f"<th title='{escape(self.lessons.lesson(ref).exercises[i].prompt)}'>"
                       f"{'Ex. ' if several else 'Exercise '}{i + 1}</th>" for ref, rows in grid for i in range(len(rows)))
        cells = {(ref, i, r.learner_id): r for ref, rows in grid for i, line in enumerate(rows) for r in line}

        def cell(r: Any) -> str:
            if r is None or not r.tried:
                return "<td class='no'>–</td>"
            hints = f", {count(r.hints, 'hint')}" if r.hints else ""
            mark = "✓ " if r.solved else ""
            return f"<td class='{'yes' if r.solved else 'no'}'>{mark}{count(r.tries, 'try', 'tries')}{hints}</td>"
        body = "".join(
            f"<tr data-student='{escape(name)}'><td>"
            f"{link_html(self.progress_link(lid), escape(name), 'student-progress')}</td>"
            + "".join(cell(cells.get((ref, i, lid))) for ref, rows in grid for i in range(len(rows))) + "</tr>"
            for lid, name in names.items())
        foot = "".join(f"<td>{sum(r.solved for r in line)} of {len(names)}</td>" for _, rows in grid for line in rows)
        lessons_row = f"<tr><th></th>{top}</tr>" if several else ""
        return (f"<table class='class-grid class-whole-grid'>{lessons_row}<tr><th>Student</th>{head}</tr>{body}"
                f"<tr class='class-sum'><td>Solved</td>{foot}</tr></table><p class='academy-muted'>A student's name "
                "opens their progress page.</p>")

    def summary_html(self, grid: list[tuple[str, list[list[Any]]]] | None = None) -> str:
        """The class in a few lines: each student's solved exercises, tries and hints; the hardest exercise."""
        grid = self._grid() if grid is None else grid
        exercises = sum(len(rows) for _, rows in grid)
        if not self.rows or not exercises:
            return "<p class='academy-muted'>Nothing to sum up yet.</p>"
        per: dict[int, list[Any]] = {r.learner_id: [] for r in self.rows}
        for _, rows in grid:
            for line in rows:
                for r in line:
                    per.setdefault(r.learner_id, []).append(r)
        names = {r.learner_id: r.name for r in self.rows}
        lines = []
        for lid, cells in per.items():
            solved, alone = sum(c.solved for c in cells), sum(c.solved and not c.hints for c in cells)
            tries, hints = sum(c.tries for c in cells), sum(c.hints for c in cells)
            lines.append(f"<li><b>{escape(names.get(lid, '?'))}</b>: solved {solved} of {exercises} "
                         f"({alone} without a hint), {count(tries, 'try', 'tries')}, {count(hints, 'hint')} seen</li>")
        # only the exercises the class has been on (up to the one under way, or tried by someone): one the class
        # has not reached yet is not "solved by the fewest"
        cells = [(ref, i, line) for ref, rows in grid for i, line in enumerate(rows)]
        here = (self.info.lesson_id, self.info.exercise_index)
        upto = next((k for k, (ref, i, _) in enumerate(cells) if (ref, i) == here), len(cells) - 1)
        solves = [(sum(r.solved for r in line), ref, i) for k, (ref, i, line) in enumerate(cells)
                  if k <= upto or any(r.tries for r in line)]
        fewest = min(solves) if solves else (0, "", 0)
        hardest = (f"<p>Solved by the fewest: {escape(self.lessons.title(fewest[1]))}, exercise {fewest[2] + 1} "
                   f"({fewest[0]} of {len(self.rows)}).</p>") if len(solves) > 1 else ""
        done = sum(r.solved for _, _, line in cells for r in line)
        state = "after the class" if self.info.status != "open" else "so far"
        return (f"<p>{len(self.rows)} student{'s' if len(self.rows) != 1 else ''}, {exercises} exercises: "
                f"{count(done, 'solve')} of {exercises * len(self.rows)} possible {state}.</p><ul>{''.join(lines)}</ul>{hardest}")

    def csv_text(self) -> str:
        """The whole class as CSV: one line per student, lesson and exercise (tried, solved, tries, hints)."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["student", "lesson", "lesson title", "exercise", "exercise id", "tried", "solved", "tries",
                         "hints"])
        for ref, rows in self._grid():
            lesson = self.lessons.lesson(ref)
            for i, line in enumerate(rows):
                ex_id = lesson.exercises[i].id if lesson is not None and i < len(lesson.exercises) else ""
                for r in line:
                    writer.writerow([r.name, ref, self.lessons.title(ref), i + 1, ex_id, "yes" if r.tried else "no",
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
        return ("<table class='class-grid'><tr><th>Student</th><th>Tried?</th><th>Solved?</th><th>Tries</th>"
                f"<th>Hints</th></tr>{''.join(body)}</table><p class='academy-muted'>{solved} of {len(self.rows)} "
                f"solved exercise {self.info.exercise_index + 1}.</p>")
