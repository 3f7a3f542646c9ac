"""Writing a lesson in the app (``?page=write&game=<game>[&lesson=<name>][&position=<line>]``), issue 20 item 1.

A teacher (known by their teacher link, kept in this browser: ``teaching.TeacherKey``) writes a lesson of
one game: its title, Rules section, summary, Markdown text and position, then its exercises, each made from
a position: the task, who plays, the goal, hints in layers, the texts for a right and a wrong try. The goal
is one of three kinds:

- a goal from the game's list (its goals module's vocabulary, ``academy.lessons.vocabulary``): a key and
  its value, e.g. ``owns`` and ``Ural``;
- **the moves I make now**: the teacher plays them on the exercise's live board (or types them), and the
  learner must play exactly those (``plays``);
- **any moves that reach this result**: the same moves, but the learner may reach their result another way
  (``reaches``).

The moves also serve as the exercise's ``solution``, which the checker plays to prove it can be solved.
"Save" writes the lesson file into the teacher's collection (``academy.lessons.collection``) only once the
same checker as for files has read it; "Download" gives the file as it stands. Nothing the teacher typed is
lost by a refusal: the form keeps it, and says what to change in plain words.

``?position=<line>`` (the "Make an exercise from this position" link under every board) starts a new
exercise from that position: in a new lesson, or in one of the teacher's lessons of that game (chosen on the
page). ``LessonWriter`` works without a browser too (tests call its methods).
"""
from __future__ import annotations

import html
import io
import logging
from typing import Any

import panel as pn
import yaml

from academy.core.errors import LessonError, RulesError
from academy.lessons.collection import Collection, split_ref
from academy.lessons.exercise import Rehearsal, learner_lines
from academy.lessons.recorded import result_line
from academy.lessons.vocabulary import goal_words
from academy.lessons.writer import ExerciseDraft, LessonDraft, draft_of, format_lesson, slug
from academy.store.errors import StoreError
from academy.ui.address import link_html, update_query
from academy.ui.labels import set_options, wrapping_row
from academy.ui.lesson_board import lesson_board
from academy.ui.registry import UI
from academy.ui.teaching import collection_of, lesson_link, teacher_hook, teacher_link, teachers

__all__ = ["GOAL_KINDS", "LessonWriter", "WriterError", "writer_page"]

log = logging.getLogger("academy.ui.lesson_writer")

#: the three kinds of goal a teacher chooses from (label -> kind)
GOAL_KINDS = {"A goal from the game's list": "list", "The moves I make, exactly": "plays",
              "Any moves that reach the same result": "reaches"}
#: the value of the key menu that means "write the whole goal mapping"
WHOLE_GOAL = "(several keys: write the whole goal)"
MAX_TEXT = 20_000

STYLE = """
.writer-error { background: #fdecea; color: #8a1c12; border-radius: 8px; padding: 8px 12px; }
.writer-ok { background: #e6f4ea; color: #1d6b36; border-radius: 8px; padding: 8px 12px; }
.writer-note { background: #eef5fb; border-radius: 8px; padding: 8px 12px; }
.writer-help { color: #5b6775; font-size: 13px; }
"""


class WriterError(ValueError):
    """A form the checker cannot be given yet: what to fill in, in plain words."""


def _blank_form(position: str | None) -> dict[str, Any]:
    return {"id": "", "prompt": "", "position": position or "", "kind": "list", "key": "", "value": "",
            "moves": "", "hints": "", "success": "", "wrong": "", "max_actions": 10, "seed": 1}


def _form_of(ex: ExerciseDraft) -> dict[str, Any]:
    """The form of an exercise read from a file."""
    goal = dict(ex.goal)
    form = {**_blank_form(ex.position), "id": ex.id, "prompt": ex.prompt, "hints": "\n".join(ex.hints),
            "success": ex.success, "wrong": ex.wrong, "max_actions": ex.max_actions, "seed": ex.seed,
            "moves": "\n".join(ex.solution)}
    if set(goal) == {"plays"}:
        moves = goal["plays"] if isinstance(goal["plays"], list) else [goal["plays"]]
        form.update(kind="plays", moves="\n".join(str(m) for m in moves))
    elif set(goal) == {"reaches"}:
        form.update(kind="reaches")
    elif len(goal) == 1:
        key, value = next(iter(goal.items()))
        form.update(key=str(key), value=_yaml_value(value))
    else:
        form.update(key=WHOLE_GOAL, value=_yaml_value(goal))
    return form


def _yaml_value(value: Any) -> str:
    if isinstance(value, str):
        return value
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000).strip()


def _area(label: str, css: str, height: int, most: int) -> pn.widgets.TextAreaInput:
    """A text box of the form, as wide as the form."""
    return pn.widgets.TextAreaInput(label=label, height=height, max_length=most, sizing_mode="stretch_width",
                                    css_classes=[css])


def _lines(text: str) -> list[str]:
    return [line.strip() for line in str(text or "").splitlines() if line.strip()]


class LessonWriter(pn.viewable.Viewer):
    """The page that writes one lesson (see the module docstring). ``token``: the teacher's; without it the
    page waits for this browser's teacher (``hook``)."""

    def __init__(self, query: dict[str, str] | None = None, token: str | None = None, **params: Any) -> None:
        super().__init__(**params)
        query = dict(query or {})
        self.query = query
        self.game = query.get("game", "")
        self.hook = teacher_hook({"teacher": token or query.get("teacher", "")})
        self.token: str | None = None
        self.collection: Collection | None = None
        self.file_name: str | None = None            # the file name of the lesson being edited (None: not saved yet)
        self.forms: list[dict[str, Any]] = []
        self.current = 0
        self.gate = pn.pane.HTML("<p class='academy-muted'>Looking for your teacher link in this browser…</p>",
                                 stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["writer-gate"])
        self.body = pn.Column(sizing_mode="stretch_width", margin=0)
        self.layout = pn.Column(self.gate, self.body, self.hook, sizing_mode="stretch_width",
                                css_classes=["lesson-writer"])
        self.hook.param.watch(lambda *e: self._teacher(), ["key", "checked"])
        self._teacher()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    # --- who writes ------------------------------------------------------------------------------
    def _teacher(self) -> None:
        if self.token is not None:
            return
        if self.game not in UI:
            choices = " · ".join(f"<a href='?page=write&game={g}'>{html.escape(g.replace('_', ' ').title())}</a>"
                                 for g in UI)
            self.gate.object = f"<p>Write a lesson of which game? {choices}</p>"
            return
        if not self.hook.key:
            if self.hook.checked:
                self.gate.object = ("<div class='writer-note' role='status'>Lessons you write are kept in your "
                                    "collection, which your teacher link opens. Open <a href='?page=teacher'>your "
                                    "teacher page</a> with your teacher link first (or start as a teacher there); "
                                    "this browser then remembers you, and this page opens.</div>")
            return
        try:
            teacher = teachers().find(self.hook.key)
        except StoreError as exc:
            self.gate.object = f"<div class='writer-error' role='alert'>{html.escape(str(exc))}</div>"
            return
        self.token = self.hook.key
        self.collection = collection_of(teacher)
        self.gate.object = ""
        self._build()
        self._open(self.query.get("lesson"), self.query.get("position"))

    # --- the page --------------------------------------------------------------------------------
    def _build(self) -> None:
        from academy.games import catalog_entry
        from academy.rulebook import load_rulebook
        game = self.game
        title = catalog_entry(game).title
        sections = {s.title: s.id for s in load_rulebook(game).sections}
        self.head = pn.pane.HTML(
            f"<h2 style='margin:4px 0'>Write a lesson: {html.escape(title)}</h2><p class='writer-help'>"
            f"<a class='writer-back' href='{teacher_link(self.token or '')}'>← your teacher page</a> · "
            f"{link_html('?page=teach', 'the guide to lessons', new_tab=True)}</p>", sizing_mode="stretch_width",
            stylesheets=[STYLE])
        self.pick = pn.widgets.Select(label="Add this position to", options={}, width=360, visible=False,
                                      css_classes=["writer-pick"])
        self.pick_button = pn.widgets.Button(label="Add the exercise", width=160, align="end", visible=False,
                                             css_classes=["writer-pick-go"])
        self.pick_button.on_click(lambda e: self._pick())
        self.title_input = pn.widgets.TextInput(label="Title", width=360, max_length=200, css_classes=["writer-title"])
        self.section = pn.widgets.Select(label="Rules section it teaches", options=sections, width=260,
                                         css_classes=["writer-section"])
        self.order = pn.widgets.IntInput(label="Place in the list", value=100, start=0, end=100_000, width=130,
                                         css_classes=["writer-order"])
        self.summary = pn.widgets.TextInput(label="Summary (one sentence)", sizing_mode="stretch_width",
                                            max_length=500, css_classes=["writer-summary"])
        self.text = _area("The lesson's text (Markdown)", "writer-text", 160, MAX_TEXT)
        self.position = _area("The lesson's position (what its text talks about)", "writer-position", 70, 6000)
        self.tabs = wrapping_row(css_classes=["writer-tabs"])
        self.add_button = pn.widgets.Button(label="+ Add an exercise", width=160, css_classes=["writer-add"])
        self.add_button.on_click(lambda e: self.add_exercise())
        self.remove_button = pn.widgets.Button(label="Remove this exercise", width=180, css_classes=["writer-remove"])
        self.remove_button.on_click(lambda e: self.remove_exercise())
        # the exercise under way
        self.ex_id = pn.widgets.TextInput(label="Name (lower-case words joined by -)", width=300, max_length=60,
                                          css_classes=["writer-ex-id"])
        self.prompt = _area("The task, as the learner reads it", "writer-prompt", 70, 2000)
        self.ex_position = _area("Its position (empty: the lesson's)", "writer-ex-position", 70, 6000)
        self.who = pn.widgets.Select(label="Who the learner plays", options={}, width=220, css_classes=["writer-who"])
        self.kind = pn.widgets.RadioButtonGroup(label="The goal", options=GOAL_KINDS, value="list", color="primary",
                                                variant="outline",
                                                css_classes=["writer-kind"])
        words = goal_words(game)
        self.key = pn.widgets.Select(label="Goal key", options=[w.key for w in words] + [WHOLE_GOAL], width=260,
                                     css_classes=["writer-key"])
        self.key_help = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                     css_classes=["writer-key-help"])
        self.value = pn.widgets.TextInput(label="Its value", sizing_mode="stretch_width", max_length=2000,
                                          css_classes=["writer-value"])
        self.moves = _area("Moves, one action a line (played on the board or typed)", "writer-moves", 70, 4000)
        self.hints = _area("Hints, one a line: a nudge first, then the rule, then the move", "writer-hints", 90, 4000)
        self.success = _area("Said when the learner solves it", "writer-success", 60, 2000)
        self.wrong = _area("Said after a try that misses the goal", "writer-wrong", 60, 2000)
        self.max_actions = pn.widgets.IntInput(label="Actions allowed in a try", value=10, start=1, end=99, width=170,
                                               css_classes=["writer-max"])
        # the board: the exercise's start, live
        self.board = lesson_board(game, panels=True)
        self.board_note = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                       css_classes=["writer-board-note"])
        self.use_moves = pn.widgets.Button(label="Use the moves played", width=190, css_classes=["writer-use-moves"])
        self.use_moves.on_click(lambda e: self.take_moves())
        self.reset_board = pn.widgets.Button(label="↺ Start position", width=150, css_classes=["writer-reset-board"])
        self.reset_board.on_click(lambda e: self.show_board())
        self.board.model.param.watch(lambda *e: self._board_moved(), ["feedback", "message"])
        # saving
        self.check_button = pn.widgets.Button(label="Check", width=110, css_classes=["writer-check"])
        self.check_button.on_click(lambda e: self.check())
        self.save_button = pn.widgets.Button(label="Save", color="primary", width=110, css_classes=["writer-save"])
        self.save_button.on_click(lambda e: self.save())
        self.download = pn.widgets.FileDownload(callback=self._file, filename="lesson.md", label="Download the file",
                                                width=190, css_classes=["writer-download"])
        self.message = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["writer-message"])
        self.file_text = pn.widgets.TextAreaInput(label="The lesson file", height=300, max_length=200_000,
                                                  sizing_mode="stretch_width", css_classes=["writer-file"])
        self.file_read = pn.widgets.Button(label="Read this text into the form", width=230,
                                           css_classes=["writer-file-read"])
        self.file_read.on_click(lambda e: self.read_file_text())
        self.file_card = pn.Card(self.file_text, self.file_read, title="The lesson file (to read, or to edit by hand)",
                                 collapsed=True, sizing_mode="stretch_width", css_classes=["writer-file-card"])
        self.file_card.param.watch(lambda e: self._show_file(), "collapsed")
        self.key.param.watch(lambda e: self._key_help(), "value")
        self.kind.param.watch(lambda e: self._kind_shown(), "value")
        self.who.param.watch(lambda e: self._who_chosen(), "value")
        self.ex_position.param.watch(lambda e: self._position_changed(), "value")
        self.position.param.watch(lambda e: self._position_changed(), "value")
        goal_list = pn.Column(wrapping_row(self.key), self.key_help, self.value, margin=0,
                              css_classes=["writer-goal-list"])
        self.goal_list = goal_list
        form = pn.Column(
            pn.pane.HTML("<h3 style='margin:8px 0 2px'>The exercise</h3>"), self.ex_id, self.prompt,
            self.ex_position, self.who, pn.pane.HTML("<b>The goal</b>"), self.kind, goal_list, self.moves,
            self.hints, self.success, self.wrong, self.max_actions, sizing_mode="stretch_width", margin=0,
            min_width=320, styles={"flex": "1 1 380px"})
        board = pn.Column(
            pn.pane.HTML("<h3 style='margin:8px 0 2px'>Its start, live</h3><p class='writer-help'>Play moves here "
                         "to record them; they do not change the lesson until you use them.</p>",
                         stylesheets=[STYLE]),
            self.board.board, wrapping_row(self.use_moves, self.reset_board), self.board_note, *self.board.panels,
            sizing_mode="stretch_width", margin=0, min_width=340, styles={"flex": "1 1 480px"},
            css_classes=["writer-board"])
        self.body.objects = [
            self.head, wrapping_row(self.pick, self.pick_button),
            pn.pane.HTML("<h3 style='margin:8px 0 2px'>The lesson</h3>"),
            wrapping_row(self.title_input, self.section, self.order), self.summary, self.text, self.position,
            pn.pane.HTML("<h3 style='margin:8px 0 2px'>Exercises</h3>"),
            wrapping_row(self.tabs, self.add_button, self.remove_button),
            pn.FlexBox(form, board, flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width"),
            wrapping_row(self.check_button, self.save_button, self.download), self.message, self.file_card]
        self._key_help()
        self._kind_shown()

    # --- opening ---------------------------------------------------------------------------------
    def _open(self, name: str | None, position: str | None) -> None:
        """Open the teacher's lesson ``name`` (None: a new one); ``position``: add an exercise from it."""
        assert self.collection is not None
        lessons = [l for l in self.collection.lessons(self.game)[0]]
        if name:
            lesson = next((l for l in lessons if split_ref(l.id)[1] == name), None)
            if lesson is None:
                self._say("error", f"There is no lesson '{name}' of this game in your collection (any more). "
                                   "Here is a new one instead.")
            else:
                self.load(draft_of(lesson), name)
                if position:
                    self.add_exercise(position)
                return
        self.new_lesson(position)
        if position and lessons:      # the position may go into a lesson already written
            set_options(self.pick, {"a new lesson": "", **{l.title: split_ref(l.id)[1] for l in lessons}})
            self.pick.visible = self.pick_button.visible = True

    def _pick(self) -> None:
        name = self.pick.value
        self.pick.visible = self.pick_button.visible = False
        if name:
            position = self.forms[0]["position"] or self.position.value
            lesson = next(l for l in self.collection.lessons(self.game)[0] if split_ref(l.id)[1] == name)
            self.load(draft_of(lesson), name)
            self.add_exercise(position)
            self._address()

    def new_lesson(self, position: str | None = None) -> None:
        """A new lesson: its position ``position`` (else the game's editor start), one blank exercise."""
        import importlib
        start = importlib.import_module(UI[self.game].editor.partition(":")[0]).START
        lines = self._lines(position) if position else {}
        line = next(iter(lines.values()), position) if lines else (position or start)
        draft = LessonDraft(title="", game=self.game, section=self.section.values[0] if self.section.values else "",
                            order=100, summary="", position=line, body="", exercises=[])
        self.load(draft, None)

    def load(self, draft: LessonDraft, name: str | None) -> None:
        """Show ``draft`` in the form (``name``: its file in the collection, None for a new lesson)."""
        self.file_name = name
        self._showing = True          # no board drawn for each field set here: once, at the end
        with pn.io.hold():
            self.title_input.value = draft.title
            if draft.section in self.section.values:
                self.section.value = draft.section
            self.order.value = draft.order
            self.summary.value = draft.summary
            self.text.value = draft.body
            self.position.value = draft.position
            self.forms = [_form_of(ex) for ex in draft.exercises] or [_blank_form(None)]
            self.current = 0
            self._show(0)
        self.download.filename = f"{name or slug(draft.title)}.md"

    # --- exercises -------------------------------------------------------------------------------
    def _read(self) -> None:
        """The widgets' values into the form of the exercise under way."""
        if not self.forms:
            return
        self.forms[self.current].update(
            id=self.ex_id.value.strip(), prompt=self.prompt.value, position=self.ex_position.value.strip(),
            kind=self.kind.value, key=self.key.value, value=self.value.value, moves=self.moves.value,
            hints=self.hints.value, success=self.success.value, wrong=self.wrong.value,
            max_actions=self.max_actions.value or 10)

    def _show(self, index: int) -> None:
        form = self.forms[index]
        self._showing = True
        try:
            with pn.io.hold():
                self.ex_id.value, self.prompt.value = form["id"], form["prompt"]
                self.ex_position.value = form["position"]
                self.kind.value = form["kind"]
                self.key.value = form["key"] if form["key"] in self.key.options else self.key.options[0]
                self.value.value, self.moves.value = form["value"], form["moves"]
                self.hints.value, self.success.value, self.wrong.value = form["hints"], form["success"], form["wrong"]
                self.max_actions.value = form["max_actions"]
                self._render_tabs()
        finally:
            self._showing = False
        self._position_changed()

    def go(self, index: int) -> None:
        """Show exercise ``index`` (what was typed in the one under way is kept)."""
        self.message.object = ""
        self._read()
        self.current = max(0, min(index, len(self.forms) - 1))
        self._show(self.current)

    def add_exercise(self, position: str | None = None) -> None:
        """A new exercise (from ``position``, else the lesson's), shown."""
        self.message.object = ""
        self._read()
        line = position.strip() if position else ""
        if line:
            lines = self._lines(line)
            line = next(iter(lines.values()), line) if lines else line
        if line == self.position.value.strip():
            line = ""
        blank = self.forms and not any(v for k, v in self.forms[-1].items()
                                       if k in ("id", "prompt", "moves", "hints", "success", "wrong", "value"))
        if blank and len(self.forms) == 1 and not self.file_name:
            self.forms[0]["position"] = line             # a new lesson's first exercise, still blank
        else:
            self.forms.append(_blank_form(line))
        self.current = len(self.forms) - 1
        self._show(self.current)

    def remove_exercise(self) -> None:
        """Remove the exercise under way (a lesson keeps at least one)."""
        if len(self.forms) <= 1:
            self._say("error", "A lesson needs at least one exercise: change this one instead.")
            return
        del self.forms[self.current]
        self.current = min(self.current, len(self.forms) - 1)
        self._show(self.current)

    def _render_tabs(self) -> None:
        buttons = []
        for i, form in enumerate(self.forms):
            b = pn.widgets.Button(label=f"Exercise {i + 1}", width=110, css_classes=["writer-tab"],
                                  color="primary" if i == self.current else "default")
            b.on_click(lambda e, i=i: self.go(i))
            buttons.append(b)
        self.tabs.objects = buttons

    # --- the position, who plays, the board ------------------------------------------------------
    def _lines(self, position: str) -> dict[str, str]:
        try:
            return learner_lines(self.game, position)
        except (RulesError, ValueError):
            return {}

    def _start(self) -> str:
        return self.ex_position.value.strip() or self.position.value.strip()

    def _position_changed(self) -> None:
        if getattr(self, "_showing", False):
            return
        lines = self._lines(self._start())
        options = {name: line for name, line in lines.items()}
        self._choosing = True
        try:
            self.who.options = options
            current = next((n for n, l in lines.items() if " ".join(l.split()) == " ".join(self._start().split())),
                           None)
            self.who.value = lines.get(current) if current else None
            self.who.disabled = len(lines) < 2
        finally:
            self._choosing = False
        self.show_board()

    def _who_chosen(self) -> None:
        if getattr(self, "_choosing", False) or not self.who.value:
            return
        line = self.who.value
        if " ".join(line.split()) == " ".join(self._start().split()):
            return
        if self.ex_position.value.strip() or len(self.forms) > 1:
            self.ex_position.value = line
        else:
            self.position.value = line

    def show_board(self) -> None:
        """The exercise's start position on the board (what was played there is forgotten)."""
        try:
            attempt = Rehearsal(self.game, self._start(), int(self.forms[self.current].get("seed") or 1)
                                if self.forms else 1)
        except (RulesError, ValueError) as exc:
            self.board_note.object = (f"<div class='writer-error'>This position cannot be shown: "
                                      f"{html.escape(str(getattr(exc, 'message', exc)))}</div>")
            return
        self.board.model.start(attempt)
        self.board_note.object = "<p class='writer-help'>No moves played yet.</p>"

    def _board_moved(self) -> None:
        attempt = self.board.model.attempt
        if attempt is None:
            return
        texts = attempt.action_texts()
        said = "; then ".join(texts) if texts else "none yet"
        feedback = self.board.model.feedback
        told = self.board.model.message or (feedback.message.split("\n\n")[0] if feedback is not None and
                                            feedback.status == "illegal" else "")
        self.board_note.object = (f"<p class='writer-help'>Moves played: <code>{html.escape(said)}</code>"
                                  f"{'<br>' + html.escape(told) if told else ''}</p>")

    def take_moves(self) -> None:
        """The moves played on the board become the exercise's moves."""
        attempt = self.board.model.attempt
        texts = attempt.action_texts() if attempt is not None else []
        if not texts:
            self._say("error", "Play a move on the board first (or type it in Moves).")
            return
        self.moves.value = "\n".join(texts)
        if self.kind.value == "list":
            self._say("note", "The moves are the exercise's solution: the checker plays them to prove the goal can "
                              "be reached. Choose 'The moves I make, exactly' to make them the goal.")

    # --- the goal --------------------------------------------------------------------------------
    def _key_help(self) -> None:
        word = next((w for w in goal_words(self.game) if w.key == self.key.value), None)
        if word is None:
            self.key_help.object = ("<p class='writer-help'>Write the whole goal as a mapping, e.g. "
                                    "<code>{owns: Ural, by_end_of: attack}</code>.</p>")
            self.value.placeholder = "{key: value, key: value}"
            return
        meaning = html.escape(word.meaning).replace("``", "")
        self.key_help.object = (f"<p class='writer-help'><code>{html.escape(word.example)}</code>: {meaning}</p>")
        self.value.placeholder = f"e.g. {word.example_value}"

    def _kind_shown(self) -> None:
        self.goal_list.visible = self.kind.value == "list"
        self.moves.label = ("Moves, one action a line: the solution the checker plays (optional)"
                           if self.kind.value == "list" else "Moves, one action a line: the goal (play them on the "
                                                             "board and use them, or type them)")

    def _goal(self, form: dict[str, Any], position: str, number: int) -> tuple[dict[str, Any], list[str]]:
        """The goal mapping and the solution of a form; raises WriterError."""
        moves = _lines(form["moves"])
        where = f"Exercise {number}"
        if form["kind"] == "list":
            key, text = form["key"], str(form["value"] or "").strip()
            if not text:
                raise WriterError(f"{where}: give the goal's value (e.g. {self.value.placeholder[5:] or 'a name'}).")
            try:
                value = yaml.safe_load(text)
            except yaml.YAMLError:
                raise WriterError(f"{where}: the goal's value '{text}' cannot be read. Write a name as it is, a "
                                  "number, or a mapping in braces like {Quebec: 6}; put a text with ': ' in "
                                  "quotes.") from None
            if key == WHOLE_GOAL:
                if not isinstance(value, dict) or not value:
                    raise WriterError(f"{where}: the whole goal is a mapping in braces, like {{owns: Ural}}.")
                return value, moves
            return {key: value}, moves
        if not moves:
            raise WriterError(f"{where}: play the moves on the board and press 'Use the moves played' (or type them "
                              "in Moves), one action a line.")
        if form["kind"] == "plays":
            return {"plays": moves[0] if len(moves) == 1 else moves}, moves
        try:
            attempt = Rehearsal(self.game, position, int(form.get("seed") or 1))
        except (RulesError, ValueError) as exc:
            raise WriterError(f"{where}: its position cannot be read: {getattr(exc, 'message', exc)}") from None
        for i, move in enumerate(moves, 1):
            fb = attempt.act(move)
            if fb.status == "illegal":
                raise WriterError(f"{where}: move {i}, '{move}', is refused: {fb.message}")
        return {"reaches": result_line(attempt.goals, self.game, attempt.state)}, moves

    # --- the draft -------------------------------------------------------------------------------
    def draft(self) -> LessonDraft:
        """The lesson the form holds; raises WriterError saying what is missing."""
        self._read()
        title = " ".join(self.title_input.value.split())
        if not title:
            raise WriterError("Give the lesson a title.")
        summary = " ".join(self.summary.value.split())
        if not summary:
            raise WriterError("Give the lesson a summary: one sentence saying what it teaches.")
        if not self.text.value.strip():
            raise WriterError("Write the lesson's text: it explains the rule, above the board.")
        position = self.position.value.strip()
        if not position:
            raise WriterError("Give the lesson a position (set it up in the position editor and paste its line).")
        exercises, ids = [], set()
        for n, form in enumerate(self.forms, 1):
            where = f"Exercise {n}"
            if not form["prompt"].strip():
                raise WriterError(f"{where}: write its task, as the learner reads it.")
            ex_id = slug(form["id"] or form["prompt"], f"exercise-{n}")[:40].strip("-")
            while ex_id in ids:
                ex_id = f"{ex_id}-{n}"
            ids.add(ex_id)
            form["id"] = ex_id
            hints = _lines(form["hints"])
            if not hints:
                raise WriterError(f"{where}: give at least one hint (one a line).")
            for field_name, words in (("success", "what is said when it is solved"),
                                      ("wrong", "what is said after a try that misses")):
                if not form[field_name].strip():
                    raise WriterError(f"{where}: write {words}.")
            own = form["position"].strip() or None
            goal, moves = self._goal(form, own or position, n)
            exercises.append(ExerciseDraft(id=ex_id, prompt=form["prompt"].strip(), goal=goal, hints=hints,
                                           success=form["success"].strip(), wrong=form["wrong"].strip(),
                                           position=own, seed=int(form.get("seed") or 1),
                                           max_actions=int(form["max_actions"] or 10), solution=moves))
        if self.forms and self.current < len(self.forms):
            self.ex_id.value = self.forms[self.current]["id"]
        return LessonDraft(title=title, game=self.game, section=self.section.value, order=int(self.order.value or 0),
                           summary=summary, position=position, body=self.text.value.strip(), exercises=exercises)

    def _explain(self, exc: LessonError, text: str) -> str:
        """A checker's refusal in the form's words: which exercise, and what (its file's line numbers mean
        nothing here: the form wrote the file)."""
        starts = [i + 1 for i, line in enumerate(text.splitlines()) if line.startswith("  - id: ")]
        detail = exc.detail
        if exc.line and starts and exc.line >= starts[0]:
            number = sum(1 for s in starts if s <= exc.line)
            ex_id = self.forms[number - 1]["id"] if number <= len(self.forms) else ""
            for said, plain in ((f"goal of exercise '{ex_id}'", "its goal"),
                                (f"the solution of exercise '{ex_id}'", "its moves"),
                                (f" of exercise '{ex_id}'", ""), (f"exercise '{ex_id}'", "this exercise")):
                detail = detail.replace(said, plain)
            detail = f"Exercise {number}: {detail}"
        return detail[0].upper() + detail[1:]

    def _checked(self, use: Any, not_ready: str, refused: str) -> Any:
        """``use(text)`` with the lesson file the form writes; None (and why, in the form's words) when the form
        is not complete or the checker refuses it."""
        try:
            text = format_lesson(self.draft())
        except WriterError as exc:
            self._say("error", f"{not_ready} {exc}")
            return None
        try:
            return use(text)
        except LessonError as exc:
            self._say("error", f"{refused} {self._explain(exc, text)}")
            return None

    def check(self) -> bool:
        """Check the lesson as the loader would; say what is wrong (True when it is right)."""
        name = self.file_name or "lesson"
        if self._checked(lambda text: self.collection.check(text, name), "Not ready yet:",
                         "The checker refuses it:") is None:
            return False
        self._say("ok", "The checker reads it: every position, goal and solution is right. Save it to keep it.")
        return True

    def save(self) -> str | None:
        """Check and save the lesson into the teacher's collection; its ref, or None (and why) when refused."""
        try:
            lesson = self._checked(lambda text: self.collection.save(text, replace=self.file_name), "Not saved yet:",
                                   "Not saved: the checker refuses it.")
        except OSError as exc:
            log.error("writer: a lesson could not be written: %s", exc)
            self._say("error", "Not saved: the lesson file could not be written in the data folder "
                               f"({exc.strerror or exc}). Download it, so nothing is lost, and tell whoever runs the "
                               "Academy.")
            return None
        if lesson is None:
            return None
        self.file_name = split_ref(lesson.id)[1]
        self.download.filename = f"{self.file_name}.md"
        self._address()
        link = lesson_link(self.game, lesson.id)
        self._say("ok", f"Saved: {lesson.title}, {len(lesson.exercises)} exercise"
                        f"{'s' if len(lesson.exercises) != 1 else ''}. "
                        f"{link_html(link, 'Try it as a learner', 'writer-try', new_tab=True)} "
                        "(its link opens it for anyone you give it to), "
                        "or put it in a course on your teacher page.", raw=True)
        return lesson.id

    def _address(self) -> None:
        location, doc = pn.state.location, pn.state.curdoc
        if location is not None and doc is not None and doc.session_context is not None and self.file_name:
            update_query(location, lesson=self.file_name, position="")

    def _file(self) -> io.StringIO:
        """The lesson file as the form stands (even one the checker refuses: nothing is lost)."""
        try:
            return io.StringIO(format_lesson(self.draft()))
        except WriterError:
            return io.StringIO(self._loose_text())

    def _loose_text(self) -> str:
        """What the form holds as a lesson file, whatever is missing (for the download)."""
        exercises = [ExerciseDraft(id=f["id"] or f"exercise-{i}", prompt=f["prompt"], goal={},
                                   hints=_lines(f["hints"]), success=f["success"], wrong=f["wrong"],
                                   position=f["position"] or None, solution=_lines(f["moves"]))
                     for i, f in enumerate(self.forms, 1)]
        return format_lesson(LessonDraft(self.title_input.value, self.game, self.section.value or "",
                                         int(self.order.value or 0), self.summary.value, self.position.value,
                                         self.text.value, exercises))

    def _show_file(self) -> None:
        if self.file_card.collapsed:
            return
        self._read()
        try:
            self.file_text.value = format_lesson(self.draft())
        except WriterError:
            self.file_text.value = self._loose_text()

    def read_file_text(self) -> None:
        """The lesson file's text, edited by hand, read back into the form (after the checker's reading)."""
        from academy.lessons.loader import parse_lesson
        try:
            lesson = parse_lesson(self.file_text.value, "lesson.md")
        except LessonError as exc:
            self._say("error", f"The file's text cannot be read: line {exc.line}: {exc.detail}" if exc.line else
                      f"The file's text cannot be read: {exc.detail}")
            return
        if lesson.game != self.game:
            self._say("error", f"This text is a lesson of {lesson.game}; this page writes {self.game} lessons.")
            return
        self.load(draft_of(lesson), self.file_name)
        self._say("ok", "The form now holds the file's text. Save it to keep it.")

    def _say(self, kind: str, text: str, raw: bool = False) -> None:
        body = text if raw else html.escape(text)
        role = "alert" if kind == "error" else "status"
        self.message.object = f"<div class='writer-{kind}' role='{role}'>{body}</div>"


def writer_page(query: dict[str, str] | None = None) -> pn.viewable.Viewable:
    """The page for ``?page=write`` (see the module docstring)."""
    return LessonWriter(query)
