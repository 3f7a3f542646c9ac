"""What every position editor's page has around its board and tools: the position as a line (edited by
hand and applied), what the engine said, why the position cannot be shared yet, the line ready for a
lesson file, and the link.

A game's editor page subclasses ``EditorFrame`` with its model, which has ``position_line()``,
``problems()``, ``apply_line(text)`` and a ``message`` param; it builds its board and tools, lays them
out with ``page(board, tools)`` and calls ``refresh()`` whenever the model changes. A model whose line is
one state mixes in ``LineEditing`` for ``apply_line``.
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn

from academy.ui.labels import hidden_label
from academy.ui.position_link import ShareLink

__all__ = ["EditorFrame", "LineEditing", "read_line", "LESSON_LINE_NOTE"]

#: said when a line only a lesson reads was applied: the editor keeps its position, not its lesson parts
LESSON_LINE_NOTE = ("This line is written for a lesson: the editor took its position, but the parts only a "
                    "lesson reads (the learner's side, house rules, a new game's set-up) are not in the line "
                    "below. Add them back in the lesson file.")


def read_line(game: str, text: str, parse: Any) -> tuple[Any, str]:
    """(state, note): ``text`` read by the editor's own ``parse``, or, if that refuses it, as a lesson reads
    a position (``academy.lessons.exercise.start_state``) with ``LESSON_LINE_NOTE``. Raises the editor's own
    RulesError when neither can read it."""
    from academy.core.errors import RulesError
    from academy.lessons.exercise import start_state
    try:
        return parse(text), ""
    except RulesError as own:
        try:
            return start_state(game, text), LESSON_LINE_NOTE
        except RulesError:
            raise own from None


class LineEditing:
    """``apply_line`` of an editor's model whose position is one state: the line read by the game's own
    ``parse_line`` (else as a lesson reads it, ``read_line``), checked by ``_line_refusal`` and shown with
    ``_load``. The model has ``state`` and ``message`` params and sets ``game_name``."""

    game_name = ""

    def parse_line(self, text: str) -> Any:
        """The state ``text`` writes (the game's notation); raises the engine's RulesError."""
        raise NotImplementedError(f"{type(self).__name__} must say how its game reads a line (parse_line).")

    def _line_refusal(self, state: Any) -> str | None:
        """Why the editor will not take this readable position, or None."""
        return None

    def _load(self, state: Any) -> None:
        """Show ``state`` (and whatever the tools keep of it)."""
        self.state = state

    def apply_line(self, text: str) -> bool:
        """Replace the position by a line of notation; False (and the engine's message) if it is wrong."""
        from academy.core.errors import RulesError
        try:
            state, note = read_line(self.game_name, text, self.parse_line)
        except RulesError as exc:
            refusal = exc.message
        else:
            refusal = self._line_refusal(state)
        if refusal:
            self.message = f"That line was not applied: {refusal}"
            return False
        self._load(state)
        self.message = "Position applied." + (f" {note}" if note else "")
        return True


class EditorFrame(pn.viewable.Viewer):
    """The shared part of a position editor's page (see the module docstring)."""

    game = ""             # the registry's name
    title = ""            # "Conquest position editor"
    line_title = "The position as a line"
    line_help = "Edit it by hand if you like, then apply it."
    lesson_help = "Paste this line into the lesson's front matter:"

    def __init__(self, model: Any, **params: Any) -> None:
        super().__init__(**params)
        self.model = model
        self.line = hidden_label(pn.widgets.TextAreaInput(value=model.position_line(), height=110,
                                                          sizing_mode="stretch_width", css_classes=["editor-line"]),
                                 self.line_title)
        self.apply = pn.widgets.Button(label="Apply this line", width=150, css_classes=["editor-apply"])
        self.apply.on_click(lambda e: model.apply_line(self.line.value))
        self.message = pn.pane.HTML("", css_classes=["editor-message"], sizing_mode="stretch_width")
        self.lesson = pn.pane.HTML("", css_classes=["editor-lesson"], sizing_mode="stretch_width")
        self.share = ShareLink(self.game, self._shareable, exercise_text=self._lesson_shareable)
        self.layout: Any = None

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def page(self, board: Any, tools: list[Any], tools_width: int = 360) -> pn.Column:
        """The page: the title, the board with the tools (and the engine's message) beside it, then the line,
        the lesson snippet and the link."""
        side = pn.Column(*tools, self.message, width=tools_width, css_classes=["editor-tools"])
        return pn.Column(
            pn.pane.HTML(f"<h2 style='margin:4px 0'>{html.escape(self.title)}</h2>"),
            pn.Row(board, side, sizing_mode="stretch_width"),
            pn.pane.HTML(f"<h3 style='margin:8px 0 4px'>{html.escape(self.line_title)}</h3>"
                         f"<p style='margin:0'>{self.line_help}</p>"),
            self.line, self.apply, self.lesson, self.share, sizing_mode="stretch_width", css_classes=["editor-page"])

    def lesson_line(self, line: str) -> str:
        """The position as a lesson file writes it (a game may put the learner in front)."""
        return line

    def _shareable(self) -> str | None:
        return None if self.model.problems() else self.model.position_line()

    def _lesson_shareable(self) -> str | None:
        line = self._shareable()
        return self.lesson_line(line) if line else None

    def refresh(self) -> None:
        """Show the model's position, message, problems, lesson line and link."""
        m = self.model
        line = m.position_line()
        if self.line.value != line:
            self.line.value = line
        notes = "".join(f"<li>{html.escape(p)}</li>" for p in m.problems())
        text = html.escape(m.message)
        self.message.object = (f'<div class="academy-message" role="status">{text}</div>' if text else "") + \
            (f'<ul class="editor-problems">{notes}</ul>' if notes else "")
        snippet = html.escape(f'position: "{self.lesson_line(line)}"')
        self.lesson.object = (f"<h3 style='margin:8px 0 4px'>For a lesson file</h3><p style='margin:0'>"
                              f"{self.lesson_help}</p>"
                              f'<pre class="editor-snippet" style="white-space:pre-wrap">{snippet}</pre>')
        self.share.refresh()
