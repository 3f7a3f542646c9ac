"""The teacher's page (``?page=teacher&teacher=TOKEN``): one secret link finds everything a teacher made.

Without a token (and none kept in this browser) the page offers "Start as a teacher": a new teacher
(``academy.store.teachers``) and their link, which the page asks them to keep. With it, the page shows:

- **the link** (copy it; open it on any computer, on another day, after a restart: it finds everything);
- **your lessons**, per game: open (as a learner sees it), edit (``?page=write``), download, delete; write a
  new one; add one from a file (upload: a lesson file of at most ``MAX_LESSON_BYTES``, checked by the same
  checker; saved under a free name, never over another); copy a built-in lesson to change it;
- **your courses**: several lessons of one game in order (the built-in ones and yours), each with its link
  for learners (``?page=course&course=CODE``); make, change, delete one;
- **your classes**: every class you opened, with its page's link; "Open a class" on a course or a lesson.

The page keeps the token in this browser (``teaching.TeacherKey``), so writing a lesson from any board and
opening a class know the teacher. "Forget me on this browser" removes it.
"""
from __future__ import annotations

import html
import io
import logging
from typing import Any

import panel as pn

from academy.core.errors import LessonError
from academy.core.text import count
from academy.lessons.collection import MAX_LESSON_BYTES, builtin_text, split_ref
from academy.lessons.writer import slug
from academy.store.errors import StoreError
from academy.ui.address import full_link, link_html, update_query
from academy.ui.labels import hidden_label, set_options, wrapping_row
from academy.ui.registry import UI
from academy.ui.teaching import (collection_of, courses, find_lesson, lesson_link, teacher_hook, teacher_link,
                                 teachers, title_of)

__all__ = ["TeacherPage", "course_options", "teacher_page"]

log = logging.getLogger("academy.ui.teacher_page")

STYLE = """
.teacher-error { background: #fdecea; color: #8a1c12; border-radius: 8px; padding: 8px 12px; }
.teacher-ok { background: #e6f4ea; color: #1d6b36; border-radius: 8px; padding: 8px 12px; }
.teacher-note { background: #eef5fb; border-radius: 8px; padding: 8px 12px; }
.teacher-list { border-collapse: collapse; min-width: 460px; }
.teacher-list td, .teacher-list th { border-bottom: 1px solid #e1e6ec; padding: 4px 10px; text-align: left; }
.teacher-muted { color: #5b6775; }
"""

_COPY_JS = """
const url = new URL(source.value, window.location.href).href;
if (navigator.clipboard) { navigator.clipboard.writeText(url).catch(() => {}); }
"""


def _title(game: str) -> str:
    from academy.games import catalog_entry
    return catalog_entry(game).title


def _box(kind: str, text: str, raw: bool = False) -> str:
    role = "alert" if kind == "error" else "status"
    return f"<div class='teacher-{kind}' role='{role}'>{text if raw else html.escape(text)}</div>"


def course_options(game: str, collection: Any) -> dict[str, str]:
    """{label: lesson ref} of every lesson a course of ``game`` may hold: the built-in ones, then the teacher's."""
    from academy.ui.lessons_page import game_lessons
    out = {f"{i}. {l.title}": l.id for i, l in enumerate(game_lessons(game)[0], 1)}
    if collection is not None:
        out.update({f"Yours: {l.title}": l.id for l in collection.lessons(game)[0]})
    return out


class TeacherPage(pn.viewable.Viewer):
    """The teacher's page (see the module docstring)."""

    def __init__(self, query: dict[str, str] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.hook = teacher_hook(query)
        self.token: str | None = None
        self.teacher: Any = None
        self.message = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["teacher-message"])
        self.name_input = pn.widgets.TextInput(label="Your name (optional; your students see it)", width=280,
                                               max_length=100, css_classes=["teacher-name"])
        self.start_button = pn.widgets.Button(label="Start as a teacher", color="primary", align="end",
                                              css_classes=["teacher-start"])
        self.start_button.on_click(lambda e: self.start())
        self.paste = hidden_label(pn.widgets.TextInput(placeholder="…?page=teacher&teacher=…", width=420,
                                                       css_classes=["teacher-paste"]), "Your teacher link")
        self.paste_button = pn.widgets.Button(label="Open my teacher page", align="end",
                                              css_classes=["teacher-paste-go"])
        self.paste_button.on_click(lambda e: self.open_pasted())
        self.welcome = pn.Column(
            pn.pane.HTML("<h2 style='margin:4px 0'>Teachers</h2><p>Write lessons in the app, put them in courses, "
                         "run classes and see the whole class's work. Everything you make is found again by one "
                         "secret link, your <b>teacher link</b>: no account, no e-mail.</p>"),
            wrapping_row(self.name_input, self.start_button),
            pn.pane.HTML("<p style='margin:12px 0 0'>Already a teacher? Open your teacher link, or paste it here:</p>"),
            wrapping_row(self.paste, self.paste_button), sizing_mode="stretch_width", visible=False,
            css_classes=["teacher-welcome"])
        self.home = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["teacher-home"])
        self.layout = pn.Column(self.message, self.welcome, self.home, self.hook, sizing_mode="stretch_width",
                                css_classes=["teacher-page"])
        self.hook.param.watch(lambda *e: self._known(), ["key", "checked"])
        self._known()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    # --- who ------------------------------------------------------------------------------------
    def _known(self) -> None:
        if self.token is not None and self.token == self.hook.key:
            return
        if not self.hook.key:
            self.welcome.visible = self.hook.checked or self.token is None
            return
        try:
            self.teacher = teachers().find(self.hook.key)
        except StoreError as exc:
            self.message.object = _box("error", str(exc))
            self.welcome.visible = True
            return
        self.token = self.hook.key
        self.welcome.visible = False
        self.message.object = ""
        self._address()
        self.render()

    def start(self) -> None:
        """Become a new teacher: a link is made, kept in this browser and shown."""
        try:
            teacher, token = teachers().create(self.name_input.value or None)
        except StoreError as exc:
            self.message.object = _box("error", str(exc))
            return
        self.hook.key = token                  # the browser keeps it (and the page opens)
        self._known()
        self.message.object = _box("ok", "Welcome! This page is yours. Keep its link (copy it below, or "
                                         "bookmark this page): it is the only way back to your lessons, courses "
                                         "and classes, from any computer.")

    def open_pasted(self) -> None:
        from urllib.parse import parse_qs, urlparse
        text = (self.paste.value or "").strip()
        token = parse_qs(urlparse(text).query).get("teacher", [""])[0] if "teacher=" in text else text
        self.hook.key = token
        self._known()

    def forget(self) -> None:
        """Forget the teacher in this browser (the link still works anywhere)."""
        self.hook.forget()
        self.token, self.teacher = None, None
        self.home.objects = []
        self.welcome.visible = True
        self.message.object = _box("note", "This browser has forgotten you. Your teacher link still opens your page.")
        location = pn.state.location
        if location is not None and pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            update_query(location, teacher="")

    def _address(self) -> None:
        location, doc = pn.state.location, pn.state.curdoc
        if location is not None and doc is not None and doc.session_context is not None and self.token:
            if location.query_params.get("teacher") != self.token:
                update_query(location, teacher=self.token)

    # --- the page -------------------------------------------------------------------------------
    def render(self) -> None:
        """Draw the whole page for the teacher."""
        link = full_link(teacher_link(self.token or ""))
        url = hidden_label(pn.widgets.TextInput(value=link, sizing_mode="stretch_width",
                                                css_classes=["teacher-link-url"]), "Your teacher link")
        copy = pn.widgets.Button(label="Copy the link", width=130, css_classes=["teacher-link-copy"])
        copy.js_on_click(args={"source": url}, code=_COPY_JS)
        forget = pn.widgets.Button(label="Forget me on this browser", width=210, css_classes=["teacher-forget"])
        forget.on_click(lambda e: self.forget())
        who = html.escape(self.teacher.name) if self.teacher.name else "Your teacher page"
        self.lessons_box = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["teacher-lessons"])
        self.courses_box = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["teacher-courses"])
        self.classes_box = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["teacher-classes"])
        self.home.objects = [
            pn.pane.HTML(f"<h2 style='margin:4px 0'>{who}</h2><p>Your <b>teacher link</b> opens this page on any "
                         "computer: keep it private (whoever has it can change your lessons and classes), and keep "
                         "it safe (nobody can make it again).</p>", stylesheets=[STYLE]),
            wrapping_row(url, copy, forget),
            pn.pane.HTML("<h3 style='margin:14px 0 2px'>Your lessons</h3>"), self.lessons_box,
            pn.pane.HTML("<h3 style='margin:14px 0 2px'>Your courses</h3>"), self.courses_box,
            pn.pane.HTML("<h3 style='margin:14px 0 2px'>Your classes</h3>"), self.classes_box]
        self.render_lessons()
        self.render_courses()
        self.render_classes()

    # --- lessons --------------------------------------------------------------------------------
    @property
    def collection(self) -> Any:
        return collection_of(self.teacher)

    def render_lessons(self) -> None:
        lessons, problems = self.collection.lessons()
        rows: list[Any] = []
        if not lessons:
            rows.append(pn.pane.HTML("<p class='teacher-muted'>No lesson yet. Write one, make one from any board "
                                     "(\"Make an exercise from this position\" under the board), copy a built-in "
                                     "one, or add a lesson file.</p>", stylesheets=[STYLE]))
        for lesson in lessons:
            rows.append(self._lesson_row(lesson))
        for problem in problems:
            rows.append(pn.pane.HTML(_box("error", f"A lesson file of yours does not check: {problem.public_text()}. "
                                                   "Add it again once it is mended."), stylesheets=[STYLE]))
        new_game = pn.widgets.Select(label="Game", options={_title(g): g for g in UI}, width=200,
                                     css_classes=["teacher-new-game"])
        new_link = pn.pane.HTML("", css_classes=["teacher-new-link"], margin=(22, 8))

        def new_lesson_link(*_: Any) -> None:
            new_link.object = (f"<a class='teacher-write' href='?page=write&game={new_game.value}'>Write a new "
                               f"{html.escape(_title(new_game.value))} lesson →</a>")
        new_game.param.watch(new_lesson_link, "value")
        new_lesson_link()
        upload = pn.widgets.FileInput(accept=".md,.txt", multiple=False, css_classes=["teacher-upload"],
                                      label="A lesson file (.md)")
        upload_button = pn.widgets.Button(label="Add this file to my lessons", align="end",
                                          css_classes=["teacher-upload-go"])
        upload_button.on_click(lambda e: self.upload(upload.value, upload.filename))
        clone_game = pn.widgets.Select(label="Copy a built-in lesson of", options={_title(g): g for g in UI}, width=200,
                                       css_classes=["teacher-clone-game"])
        clone_lesson = pn.widgets.Select(label="Lesson", options={}, width=320, css_classes=["teacher-clone-lesson"])

        def builtins(*_: Any) -> None:
            from academy.ui.lessons_page import game_lessons
            set_options(clone_lesson, {f"{i}. {l.title}": l.id
                                       for i, l in enumerate(game_lessons(clone_game.value)[0], 1)})
        clone_game.param.watch(builtins, "value")
        builtins()
        clone_button = pn.widgets.Button(label="Copy it into my lessons", align="end", css_classes=["teacher-clone"])
        clone_button.on_click(lambda e: self.clone(clone_game.value, clone_lesson.value))
        self.lessons_message = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                            css_classes=["teacher-lessons-message"])
        self.lessons_box.objects = [
            *rows, wrapping_row(new_game, new_link), wrapping_row(upload, upload_button),
            wrapping_row(clone_game, clone_lesson, clone_button), self.lessons_message]

    def _lesson_row(self, lesson: Any) -> Any:
        name = split_ref(lesson.id)[1]
        text = pn.pane.HTML(
            f"<b>{html.escape(lesson.title)}</b> <span class='teacher-muted'>· {html.escape(_title(lesson.game))} · "
            f"{count(len(lesson.exercises), 'exercise')} · "
            f"{link_html(lesson_link(lesson.game, lesson.id), 'open it as a learner')} · <a class='teacher-edit' "
            f"href='?page=write&game="
            f"{lesson.game}&lesson={name}'>edit</a></span>", stylesheets=[STYLE], sizing_mode="stretch_width")
        download = pn.widgets.FileDownload(callback=lambda: io.StringIO(self.collection.text(lesson.game, name)),
                                           filename=f"{name}.md", label="Download", width=110,
                                           css_classes=["teacher-lesson-download"])
        delete = pn.widgets.Button(label="Delete", width=110, css_classes=["teacher-lesson-delete"])

        def remove(event: Any) -> None:
            if delete.label == "Delete":
                delete.label, delete.button_type = "Really delete?", "danger"
                return
            self.delete(lesson.game, name)
        delete.on_click(remove)
        return pn.Row(text, download, delete, sizing_mode="stretch_width", css_classes=["teacher-lesson-row"],
                      margin=(2, 0))

    def _lessons_say(self, kind: str, text: str, raw: bool = False) -> None:
        self.lessons_message.object = _box(kind, text, raw)

    def delete(self, game: str, name: str) -> None:
        try:
            self.collection.delete(game, name)
        except LessonError as exc:
            self._lessons_say("error", exc.detail)
            return
        self.render_lessons()
        self._lessons_say("ok", f"Deleted {name}. Courses that held it now show it as missing.")

    def upload(self, data: bytes | None, filename: str | None) -> None:
        """Add an uploaded lesson file to the collection (checked; under a free name)."""
        if not data:
            self._lessons_say("error", "Choose a lesson file first (a .md file, like the ones you download here).")
            return
        if len(data) > MAX_LESSON_BYTES:
            self._lessons_say("error", f"This file is {len(data):,} bytes; a lesson file has at most "
                                       f"{MAX_LESSON_BYTES:,}. Split it into two lessons.")
            return
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            self._lessons_say("error", "This file is not a lesson file: it is not text (UTF-8). Choose the .md file "
                                       "of a lesson.")
            return
        stem = slug((filename or "lesson").rsplit(".", 1)[0])
        self._add(text, stem, f"the file {filename or ''}".strip())

    def clone(self, game: str, lesson_id: str | None) -> None:
        """Copy a built-in lesson into the collection, to change it."""
        lesson = find_lesson(game, lesson_id)
        if lesson is None or not lesson.path:
            self._lessons_say("error", "Choose a built-in lesson to copy.")
            return
        self._add(builtin_text(lesson), lesson.id, f"a copy of '{lesson.title}'")

    def _add(self, text: str, stem: str, what: str) -> None:
        try:
            lesson = self.collection.save(text, name=stem)
        except LessonError as exc:
            where = f"line {exc.line}: " if exc.line else ""
            self._lessons_say("error", f"Not added: {what} does not check. {where}{exc.detail} Mend it and add "
                                       "it again (the guide says how: Write lessons).")
            return
        except OSError as exc:
            self._lessons_say("error", f"Not added: the file could not be written ({exc.strerror or exc}).")
            return
        name = split_ref(lesson.id)[1]
        self.render_lessons()
        self.render_courses()
        self._lessons_say("ok", f"Added {html.escape(what)} as <b>{html.escape(lesson.title)}</b> ({name}.md). "
                                f"<a href='?page=write&game={lesson.game}&lesson={name}'>Edit it →</a>", raw=True)

    # --- courses --------------------------------------------------------------------------------
    def render_courses(self) -> None:
        try:
            mine = courses().of_teacher(self.token)
        except StoreError as exc:
            self.courses_box.objects = [pn.pane.HTML(_box("error", str(exc)), stylesheets=[STYLE])]
            return
        rows: list[Any] = []
        if not mine:
            rows.append(pn.pane.HTML("<p class='teacher-muted'>No course yet. A course is several lessons of one "
                                     "game in order; a class can run it, and its link lets anyone follow it.</p>",
                                     stylesheets=[STYLE]))
        for course in mine:
            rows.append(self._course_row(course))
        self.course_form = CourseForm(self)
        self.courses_box.objects = [*rows, self.course_form]

    def _course_row(self, course: Any) -> Any:
        titles = ", ".join(html.escape(title_of(course.game, r)) for r in course.lessons)
        text = pn.pane.HTML(
            f"<b>{html.escape(course.title)}</b> <span class='teacher-muted'>· {html.escape(_title(course.game))} · "
            f"{count(len(course.lessons), 'lesson')}: {titles}</span><br><span class='teacher-muted'>Its link for "
            f"learners: {link_html(course.link, html.escape(full_link(course.link)), 'course-link')}</span>",
            stylesheets=[STYLE], sizing_mode="stretch_width")
        edit = pn.widgets.Button(label="Change", width=100, css_classes=["teacher-course-edit"])
        edit.on_click(lambda e: self.course_form.edit(course))
        delete = pn.widgets.Button(label="Delete", width=100, css_classes=["teacher-course-delete"])

        def remove(event: Any) -> None:
            if delete.label == "Delete":
                delete.label, delete.button_type = "Really delete?", "danger"
                return
            try:
                courses().delete(self.token, course.id)
            except StoreError as exc:
                self.course_form.say("error", str(exc))
                return
            self.render_courses()
        delete.on_click(remove)
        return pn.Row(text, edit, delete, sizing_mode="stretch_width", css_classes=["teacher-course-row"],
                      margin=(2, 0))

    # --- classes --------------------------------------------------------------------------------
    def render_classes(self) -> None:
        from academy.ui.classroom import shared_classroom
        try:
            mine = shared_classroom().classes_of(self.token)
        except StoreError as exc:
            self.classes_box.objects = [pn.pane.HTML(_box("error", str(exc)), stylesheets=[STYLE])]
            return
        rows = []
        for info, token in mine:
            what = ", ".join(title_of(info.game, r) for r in info.lessons)
            state = "open" if info.status == "open" else "ended"
            rows.append(f"<tr data-class='{html.escape(info.code)}'><td><b>{html.escape(info.code)}</b></td>"
                        f"<td>{html.escape(_title(info.game))}: {html.escape(what)}</td><td>{state}</td>"
                        f"<td>{info.created_at:%Y-%m-%d}</td><td><a class='class-page-link' "
                        f"href='?page=class&teacher={token}'>its page →</a></td></tr>")
        table = ("<table class='teacher-list'><tr><th>Code</th><th>Lessons</th><th>Now</th><th>Opened</th><th></th>"
                 f"</tr>{''.join(rows)}</table>" if rows else
                 "<p class='teacher-muted'>No class yet.</p>")
        self.classes_box.objects = [
            pn.pane.HTML(table, stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["teacher-class-list"]),
            pn.pane.HTML("<p><a class='open-class-link' href='?page=class&open=1'>Open a class →</a> on one of your "
                         "courses or on one lesson: your students join with a code.</p>")]


class CourseForm(pn.viewable.Viewer):
    """Make a course, or change one: a game, a title and lessons in the order chosen."""

    def __init__(self, page: TeacherPage, **params: Any) -> None:
        super().__init__(**params)
        self.page = page
        self.course: Any = None
        self.game = pn.widgets.Select(label="Game", options={_title(g): g for g in UI}, width=200,
                                      css_classes=["course-game"])
        self.title = pn.widgets.TextInput(label="Title", width=320, max_length=200, css_classes=["course-title"])
        # the list opens downward near the page's end, where the page's card cuts what passes its bottom edge:
        # a shorter list that scrolls fits above it
        self.lessons = pn.widgets.MultiChoice(label="Lessons, in the order you choose them", options={},
                                              sizing_mode="stretch_width", css_classes=["course-lessons"],
                                              stylesheets=[".choices .choices__list--dropdown .choices__list "
                                                           "{ max-height: 190px !important; }"])
        self.button = pn.widgets.Button(label="Make the course", color="primary", width=170,
                                        css_classes=["course-save"])
        self.button.on_click(lambda e: self.save())
        self.cancel = pn.widgets.Button(label="Cancel", width=100, visible=False, css_classes=["course-cancel"])
        self.cancel.on_click(lambda e: self.edit(None))
        self.message = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["course-message"])
        self.heading = pn.pane.HTML("<b>A new course</b>")
        self.game.param.watch(lambda e: self._options(), "value")
        self._options()
        self.layout = pn.Column(self.heading, wrapping_row(self.game, self.title), self.lessons,
                                wrapping_row(self.button, self.cancel), self.message, sizing_mode="stretch_width",
                                css_classes=["course-form"], styles={"border": "1px solid #d9e2ec",
                                                                     "border-radius": "10px", "padding": "6px 10px"})

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _options(self) -> None:
        self.lessons.options = course_options(self.game.value, self.page.collection)

    def say(self, kind: str, text: str) -> None:
        self.message.object = _box(kind, text)

    def edit(self, course: Any) -> None:
        """Fill the form with ``course`` to change it (None: a new course again)."""
        self.course = course
        with pn.io.hold():
            if course is None:
                self.heading.object = "<b>A new course</b>"
                self.title.value, self.lessons.value = "", []
                self.button.label, self.cancel.visible, self.game.disabled = "Make the course", False, False
                return
            self.game.value = course.game
            self._options()
            self.title.value = course.title
            self.lessons.value = [r for r in course.lessons if r in self.lessons.options.values()]
            self.heading.object = f"<b>Change the course {html.escape(course.title)}</b>"
            self.button.label, self.cancel.visible, self.game.disabled = "Save the course", True, True

    def save(self) -> Any:
        """Make (or change) the course; the new list of courses is drawn."""
        try:
            if self.course is None:
                course = courses().create(self.page.token, self.game.value, self.title.value, list(self.lessons.value))
            else:
                course = courses().update(self.page.token, self.course.id, title=self.title.value,
                                          lessons=list(self.lessons.value))
        except StoreError as exc:
            self.say("error", str(exc))
            return None
        self.page.render_courses()
        self.page.course_form.say("ok", f"Saved the course {course.title}: its link for learners is "
                                        f"{full_link(course.link)}.")
        return course


def teacher_page(query: dict[str, str] | None = None) -> pn.viewable.Viewable:
    """The page for ``?page=teacher`` (see the module docstring)."""
    return TeacherPage(query)
