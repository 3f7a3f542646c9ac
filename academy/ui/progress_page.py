"""Learner progress in the app: who the learner is, recording each try, and the progress page.

Who the learner is
    Every browser is a learner with an anonymous id (22 random URL-safe characters). The page
    keeps it in the browser's ``localStorage`` (key ``academy-learner``) through a small JS hook,
    ``LearnerKey``: the server proposes a fresh id; when the page loads, the hook sends back the
    id stored in this browser (or stores the proposed one the first time). ``?learner=ID`` in a
    link wins (and is stored): the progress page shows a learner's own link, which opens the same
    progress on another browser. A learner may add a name on the progress page.

Recording
    ``track_progress(view)`` adds the hook to a lessons page (any ``LessonsView``) and records
    each try and each solve of its exercises with ``academy.store.progress.Progress`` in the
    Academy's database (``ACADEMY_DB`` or the data folder). The database is opened at the first
    try only; if it cannot be used the lessons still work (the failure is logged once).

The progress page (``?page=progress``)
    The lessons of every game with lessons, each with its exercises: solved (✓), tries, hints seen; then
    "What your games say": per game, the rules the learner misplayed most in their last finished game, from
    the coach's review, with the lesson for each (``academy.ui.play_progress``).
"""
from __future__ import annotations

import logging
import re
from html import escape
from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from academy.core.text import count
from academy.store.errors import StoreError
from academy.store.progress import ExerciseProgress, Progress, new_learner_key
from academy.ui.registry import UI
from academy.ui.lessons_page import LessonsView, TryReport, game_lessons
from academy.ui.labels import wrapping_row

__all__ = ["BrowserKey", "LearnerKey", "TeacherKey", "ProgressRecorder", "ProgressPage", "track_progress", "progress_page", "learner_store",
           "LESSON_GAMES"]

log = logging.getLogger("academy.ui.progress_page")

_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")

#: the games whose lessons the progress page lists, in the catalogue's order
LESSON_GAMES = tuple(UI)        # every game of the UI registry has lessons

STYLE = """
.progress-table { border-collapse: collapse; margin: 4px 0 12px; display: block; max-width: 100%; overflow-x: auto; }
.progress-table th, .progress-table td { border-bottom: 1px solid #e1e6ec; padding: 4px 10px; text-align: left; }
.progress-table td.solved { color: #1d6b36; font-weight: 600; }
.progress-table td.open { color: #8a5a00; }
.academy-muted { color: #5b6775; }
"""


def initial_key(query: dict[str, str] | None = None) -> str:
    """The learner id a page starts with: ``?learner=ID`` if well formed, else a fresh one."""
    wanted = (query or {}).get("learner") or ""
    return wanted if _KEY.match(wanted) else new_learner_key()


class BrowserKey(JSComponent):
    """An id kept in the browser's localStorage under ``entry``: the server proposes ``key`` (or nothing);
    when the page loads, the hook sends back the id stored in this browser, or stores the proposed one the
    first time. ``?<field>=ID`` in the page's link wins (and is stored). ``forget()`` empties the
    browser's copy."""

    key = param.String("", doc="the id: proposed by the server, replaced by the browser's own")
    checked = param.Boolean(False, doc="set by the browser once ``key`` is this browser's id (stored or kept)")
    entry = param.String("academy-learner", doc="the localStorage entry")
    field = param.String("learner", doc="the link's query field that sets it")
    forgotten = param.Integer(0, doc="raised by ``forget()``: the browser empties its entry")

    _esm = """
    export function render({ model }) {
      const NAME = model.entry;
      const ok = (k) => typeof k === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(k);
      let stored = null;
      try { stored = window.localStorage.getItem(NAME); } catch (e) { stored = null; }
      const fromUrl = new URLSearchParams(window.location.search).get(model.field);
      const keep = (k) => { try { window.localStorage.setItem(NAME, k); } catch (e) {} };
      if (ok(fromUrl)) {
        keep(fromUrl);
        if (model.key !== fromUrl) model.key = fromUrl;
      } else if (ok(stored)) {
        if (model.key !== stored) model.key = stored;
      } else if (ok(model.key)) {
        keep(model.key);
      }
      if (!model.checked) model.checked = true;
      model.on('forgotten', () => { try { window.localStorage.removeItem(NAME); } catch (e) {} });
      model.on('key', () => { if (ok(model.key)) keep(model.key); });
      const el = document.createElement('span');
      el.className = NAME;
      el.style.display = 'none';
      return el;
    }
    """

    def forget(self) -> None:
        """Empty this browser's copy of the id (the page's ``key`` too)."""
        self.key = ""
        self.forgotten += 1


class LearnerKey(BrowserKey):
    """Keeps the learner's anonymous id in the browser's localStorage (see the module docstring)."""


class TeacherKey(BrowserKey):
    """Keeps a teacher's secret token in this browser (``academy.ui.teaching``); empty when none. Defined
    here, beside ``LearnerKey``: a component class must be known before a page that shows it connects."""


def learner_store() -> Any:
    """The Academy's store (the process's shared one; see ``academy.ui.live_session.shared_hub``)."""
    from academy.ui.live_session import shared_hub
    return shared_hub().store


class ProgressRecorder:
    """A try listener for a lessons page: records each try and solve for the learner ``hook.key``.

    ``progress`` (a ``Progress``) is made at the first try unless given (tests give one).
    """

    def __init__(self, hook: LearnerKey, progress: Progress | None = None) -> None:
        self.hook = hook
        self._progress = progress
        self._failed = False

    @property
    def progress(self) -> Progress | None:
        if self._progress is None and not self._failed:
            try:
                self._progress = Progress(learner_store())
            except (StoreError, RuntimeError) as exc:
                self._failed = True
                log.warning("progress: not recorded, the database cannot be used: %s", exc)
        return self._progress

    def __call__(self, report: TryReport) -> None:
        if not (report.new_try or report.solved or report.hints):
            return
        book = self.progress
        if book is None:
            return
        try:
            book.record_try(self.hook.key, report.game, report.lesson_id, report.exercise_index, report.exercise_id,
                            solved=report.solved, new_try=report.new_try, hints=report.hints)
        except StoreError as exc:
            log.warning("progress: a try of %s/%s was not recorded: %s", report.lesson_id, report.exercise_id, exc)


def track_progress(view: Any, query: dict[str, str] | None = None, progress: Progress | None = None) -> Any:
    """``view`` with its tries recorded when it is a ``LessonsView`` (else ``view`` unchanged)."""
    if not isinstance(view, LessonsView):
        return view
    hook = LearnerKey(key=initial_key(query), height=0, width=0, margin=0)
    view.add_try_listener(ProgressRecorder(hook, progress))
    view.learner_hook = hook
    return pn.Column(view, hook, sizing_mode="stretch_width", margin=0)


def _lessons_of(game: str) -> tuple[Any, ...]:
    try:
        return game_lessons(game)[0]
    except (KeyError, ValueError, OSError) as exc:
        log.warning("progress: the lessons of %s cannot be read: %s", game, exc)
        return ()


def _game_title(game: str) -> str:
    try:
        from academy.games import catalog_entry
        return catalog_entry(game).title
    except (ImportError, KeyError, ValueError, LookupError):
        return game.replace("_", " ").title()


def _hints(n: int) -> str:
    return count(n, "hint") if n else "no hints"


def progress_html(entries: list[ExerciseProgress], games: tuple[str, ...] = LESSON_GAMES) -> str:
    """Every game's lessons with, per exercise, solved (✓), tries and hints seen, as HTML tables; the teachers'
    lessons the learner worked on (a course's, a class's) come after the built-in ones."""
    from academy.lessons.collection import is_ref
    from academy.ui.teaching import find_lesson, lesson_link
    done = {(p.game, p.lesson_id, p.exercise_index): p for p in entries}
    parts: list[str] = []
    for game in games:
        refs = sorted({p.lesson_id for p in entries if p.game == game and is_ref(p.lesson_id)})
        theirs = [lesson for lesson in (find_lesson(game, ref) for ref in refs) if lesson is not None]
        lessons = [*_lessons_of(game), *theirs]
        if not lessons:
            continue
        rows = []
        width = max(len(lesson.exercises) for lesson in lessons)     # every row as long: the borders line up
        for lesson in lessons:
            cells = []
            solved = 0
            for i, ex in enumerate(lesson.exercises):
                p = done.get((game, lesson.id, i))
                if p is None:
                    cells.append(f"<td class='untried'>Ex. {i + 1}: not tried</td>")
                elif p.solved:
                    solved += 1
                    cells.append(f"<td class='solved'>Ex. {i + 1}: ✓ solved · {count(p.tries, 'try')} · "
                                 f"{_hints(p.hints)}</td>")
                else:
                    cells.append(f"<td class='open'>Ex. {i + 1}: {count(p.tries, 'try')}, {_hints(p.hints)}, "
                                 "not solved yet</td>")
            link = escape(lesson_link(game, lesson.id))
            rows.append(f"<tr data-lesson='{escape(lesson.id)}'><td><a href='{link}'>{escape(lesson.title)}</a>"
                        f"</td><td>{solved}/{len(lesson.exercises)}</td>{''.join(cells)}"
                        + "<td></td>" * (width - len(cells)) + "</tr>")
        parts.append(f"<h3 data-game='{game}'>{escape(_game_title(game))}</h3><table class='progress-table'>"
                     f"<tr><th>Lesson</th><th>Solved</th><th colspan='{max(width, 1)}'>Exercises</th></tr>"
                     + "".join(rows) + "</table>")
    return "".join(parts) or "<p>No lessons yet.</p>"


class ProgressPage(pn.viewable.Viewer):
    """The learner's progress page (``?page=progress``); see the module docstring."""

    def __init__(self, query: dict[str, str] | None = None, progress: Progress | None = None,
                 games: tuple[str, ...] = LESSON_GAMES, **params: Any) -> None:
        super().__init__(**params)
        self._progress = progress
        self.games = games
        self.hook = LearnerKey(key=initial_key(query), height=0, width=0, margin=0)
        self.header = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["progress-who"])
        self.name_input = pn.widgets.TextInput(label="Your name (optional)", placeholder="e.g. Ann", width=260,
                                         css_classes=["progress-name"])
        self.save = pn.widgets.Button(label="Save name", width=120, align="end", css_classes=["progress-save-name"])
        self.save.on_click(lambda e: self.set_name(self.name_input.value))
        self.table = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["progress-tables"])
        self.message = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["progress-message"])
        from academy.ui.play_progress import PlayProgress
        self.play = PlayProgress(lambda: self.key, games)     # the rules misplayed most in play (issue 22)
        self.layout = pn.Column(pn.pane.HTML("<h2 style='margin:4px 0'>Your progress</h2>"), self.header,
                                wrapping_row(self.name_input, self.save), self.message, self.table, self.play,
                                self.hook, sizing_mode="stretch_width", css_classes=["progress-page"])
        self.hook.param.watch(lambda e: self.refresh(), "key")
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    @property
    def progress(self) -> Progress:
        if self._progress is None:
            self._progress = Progress(learner_store())
        return self._progress

    @property
    def key(self) -> str:
        return self.hook.key

    def set_name(self, name: str) -> None:
        try:
            learner = self.progress.rename(self.key, name)
        except StoreError as exc:
            self.message.object = f"<div class='feedback-wrong'>{escape(str(exc))}</div>"
            return
        self.message.object = (f"<div role='status'>Saved: you are {escape(learner.name)}.</div>" if learner.name
                               else "<div role='status'>You are anonymous again.</div>")
        self.refresh()

    def refresh(self) -> None:
        """Read the learner's progress again (after the browser sent its id, or a new name)."""
        try:
            entries = self.progress.progress_of(self.key)
            try:
                learner = self.progress.learner(self.key, create=False)
                who = learner.label
                if learner.name and not self.name_input.value:
                    self.name_input.value = learner.name
            except StoreError:
                who = "Anonymous learner"
        except StoreError as exc:
            self.table.object = f"<div class='feedback-wrong'>Progress cannot be read: {escape(str(exc))}</div>"
            return
        link = f"?page=progress&learner={self.key}"
        self.header.object = (f"<p><b class='progress-learner'>{escape(who)}</b> · your progress is kept in this "
                              "browser. To see it on another device, open <a class='progress-link tap' "
                              f"href='{link}'>your progress link</a> there (keep it to yourself).</p>")
        self.table.object = progress_html(entries, self.games)
        self.play.refresh()


def student_progress(query: dict[str, str]) -> pn.viewable.Viewable:
    """A student's progress as their teacher sees it (``?page=progress&class=<class link's token>&student=<id>``):
    the class's token must be the teacher's, and the learner one of its students. Read only."""
    from academy.ui.classroom import shared_classroom
    room = shared_classroom()
    try:
        info = room.for_teacher(query.get("class", ""))
        student = int(query.get("student", ""))
        member = room.member(info.id, student)
        entries = room.progress.progress_of_learner(member.learner_id)
    except (StoreError, ValueError):
        return pn.pane.HTML("<div class='feedback-wrong' role='alert'>This link opens no student's progress: it is "
                            "made on a class's page, by the class's teacher (open it from the class's table).</div>",
                            stylesheets=[STYLE], css_classes=["student-progress-error"])
    games = (info.game, *(g for g in LESSON_GAMES if g != info.game and any(p.game == g for p in entries)))
    return pn.pane.HTML(f"<h2 style='margin:4px 0'>{escape(member.name)}'s progress</h2><p class='academy-muted'>"
                        f"As their teacher in class {escape(info.code)} sees it: every lesson they worked on, in class "
                        f"or on their own. <a href='?page=class&teacher={escape(query.get('class', ''))}'>Back to the "
                        f"class</a></p>{progress_html(entries, games)}",
                        stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["progress-tables",
                                                                                       "student-progress"])


def progress_page(query: dict[str, str] | None = None) -> pn.viewable.Viewable:
    """The page for ``?page=progress`` (``&learner=ID`` for another browser's learner; ``&class=..&student=..``
    for a teacher's look at a student)."""
    if query and query.get("student"):
        return student_progress(query)
    return ProgressPage(query)
