"""Save and load a local game as its record (JSON), for the Play pages of Diplomacy, Game of War and Fronts.

Two halves, so the session models stay Panel-free:

- ``record_text(record)`` and ``read_game_record(text, game_name, name)``: what a session's
  ``save_json`` / ``load_json`` call. Reading checks the file by replaying it to the end
  (``replay_model.read_record``) and that it is a record of this game; any problem raises
  ``ValueError`` whose message says what is wrong, in plain words, naming the file.
- ``SaveLoadBar``: the Save (JSON download) button and the Load file input, wired to a session's
  ``save_json`` and ``load_json(text, name=...)``; a refused file leaves the game as it was (the
  session's ``message`` says why).

    >>> from academy.games import REGISTRY
    >>> record = REGISTRY["game_of_war"]().new_initial_state(seed=1).record
    >>> read_game_record(record_text(record), "game_of_war").game.name
    'game_of_war'
"""
from __future__ import annotations

import html
import io
import json
from collections.abc import Callable
from typing import Any

import panel as pn

from academy.core.record import Record

from .record_file import RecordFileInput
from .replay_model import RecordError, read_record

__all__ = ["record_text", "read_game_record", "SaveLoadBar"]


def record_text(record: Record) -> str:
    """The record as JSON text (``Record.to_json``): everything needed to load or replay the game."""
    return json.dumps(record.to_json(), indent=1)


def read_game_record(text: str | bytes, game_name: str, name: str = "the file") -> Record:
    """The record of a ``game_name`` game read from ``text`` (checked by replaying it).

    Raises ValueError: "<name> could not be loaded. <what is wrong>" for a file that is not a readable
    record, "<name> is a record of <Game>, not of <this game>: ..." for another game's record.
    """
    try:
        record = read_record(text)
    except RecordError as exc:
        raise ValueError(f"{name} could not be loaded. {exc}") from None
    if record.game.name != game_name:
        from academy.games import REGISTRY
        title = getattr(REGISTRY.get(game_name), "title", game_name)
        raise ValueError(f"{name} is a record of {record.game.title}, not of {title}: open it from that game's "
                         "page (or on the replay page).")
    return record


class SaveLoadBar(pn.viewable.Viewer):
    """Save (a JSON download of ``save()``) and Load (a file given to ``load(content, name=filename)``).

    ``extra``: more widgets for the same row (a replay button ...).
    """

    def __init__(self, save: Callable[[], str], load: Callable[..., bool], filename: str,
                 extra: tuple[Any, ...] = (), **params: Any) -> None:
        super().__init__(**params)
        self._save_fn, self._load_fn = save, load
        self.save = pn.widgets.FileDownload(callback=self.saved, filename=filename, label="Save (JSON)", width=150,
                                            css_classes=["save-game"])
        self.load = RecordFileInput(width=230, css_classes=["load-game"])
        self.load.param.watch(self._on_file, "value")
        #: why a file over the size limit was not loaded (it never left the browser)
        self.refused = pn.pane.HTML("", margin=(10, 5), visible=False, css_classes=["load-refused"])
        self.load.param.watch(self._on_refused, "refused")
        self.layout = pn.Row(self.save, pn.pane.HTML("<span>Load a saved game:</span>", margin=(10, 5)), self.load,
                             self.refused, *extra, margin=0, css_classes=["game-tools"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def saved(self) -> io.StringIO:
        """The file the Save button downloads (empty if there is no game yet)."""
        try:
            return io.StringIO(self._save_fn())
        except ValueError:
            return io.StringIO("")

    def open_file(self, content: str | bytes, name: str = "the file") -> bool:
        """Load ``content`` as a saved game (what choosing a file does)."""
        return bool(self._load_fn(content, name=name))

    def _on_file(self, event: Any) -> None:
        if event.new:
            self.refused.visible = False
            self.open_file(event.new, self.load.filename or "the file")

    def _on_refused(self, event: Any) -> None:
        if event.new:
            self.refused.object = f"<span>{html.escape(event.new)}</span>"
            self.refused.visible = True
