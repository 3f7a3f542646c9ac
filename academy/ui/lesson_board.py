"""A game's lesson board outside its Lessons tab: the same board model and board (``make_model``,
``make_board``, ``side_panels`` of the game's ``LessonsView``, from the UI registry), for a board shown to a
class, a teacher's demo board and the board of a lesson being written.

``lesson_board(game, panels=False, notes=False) -> LessonBoard`` (``notes``: the board gets the note layers
a teacher draws arrows and marks on, ``board_kit.notes``); ``LessonBoard.read_only(refusal)`` refuses every
action on it; ``replay(attempt, actions)`` plays stored actions (``action_to_json`` data or texts) again.
"""
from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from academy.core.jsonio import action_from_json
from academy.ui.board_kit.notes import notes_on
from academy.ui.registry import part

__all__ = ["LessonBoard", "board_kit_of", "lesson_board", "replay"]


@dataclass
class LessonBoard:
    """A lesson board model, its board (a Panel object) and, when asked for, its side panels."""

    model: Any
    board: Any
    panels: list[Any] = field(default_factory=list)

    @property
    def kit(self) -> Any:
        """The board kit ``Board`` inside ``board`` (its taps, layers and notes)."""
        return board_kit_of(self.board)

    def read_only(self, refusal: str) -> None:
        """Refuse every action on the board, with ``refusal`` as the reason shown."""
        model = self.model
        for name in ("_refuse_input", "_refusal", "_refuse"):
            setattr(model, name, lambda: refusal)
        model._input_blocked = lambda: True


def lesson_board(game: str, panels: bool = False, notes: bool = False) -> LessonBoard:
    """A new lesson board of ``game`` (see the module docstring); its model starts with ``model.start(attempt)``."""
    cls = part(game, "lessons")
    proto = cls.__new__(cls)               # make_model/make_board/side_panels need no page state
    model = proto.make_model()
    with notes_on() if notes else contextlib.nullcontext():
        board = proto.make_board(model)
    return LessonBoard(model, board, list(proto.side_panels(model)) if panels else [])


def board_kit_of(view: Any) -> Any:
    """The board kit ``Board`` of a game's board view (``view.kit``), also inside a layout (which holds the
    board's pane); None if none."""
    from academy.ui.board_kit.board import Board
    if getattr(view, "kit", None) is not None:
        return view.kit
    if Board.of_pane(view) is not None:
        return Board.of_pane(view)
    for item in getattr(view, "objects", ()) or ():
        found = board_kit_of(item)
        if found is not None:
            return found
    return None


def replay(attempt: Any, actions: Sequence[Any]) -> str:
    """Play stored ``actions`` on ``attempt``; '' when all were played, else what stopped them (in words)."""
    for data in actions:
        try:
            action = action_from_json(data, attempt.state.game.action_types) if isinstance(data, dict) else data
            fb = attempt.act(action)
        except ValueError as exc:
            return f"a move could not be read: {exc}"
        if fb.status == "illegal":
            return "a move could not be replayed"
    return ""
