"""Save and load a local game as its record (JSON), for the Play pages of Diplomacy, Game of War and Fronts.

Two halves, so the session models stay Panel-free:

- ``record_text(record)`` and ``read_game_record(text, game_name, name)``: what a session's
  ``save_json`` / ``load_json`` call. Reading checks the file by replaying it to the end
  (``replay_model.read_record``) and that it is a record of this game; any problem raises
  ``ValueError`` whose message says what is wrong, in plain words, naming the file.
- ``SaveLoadBar``: the Save (JSON download) button and the Load file input, wired to a session's
  ``save_json`` and ``load_json(text, name=...)``; a refused file leaves the game as it was (the
  session's ``message`` says why).

What Save means on a Play page: this game, to go on with later (Load). The file is the record, so it
is handed out only when it shows nobody anything hidden (issue 13, item 12: the replay page's rule,
"downloadable once the game is over", for every game with hidden information):

- a finished game: the whole record, seed included (nothing is hidden any more);
- a running game whose engine hides something now (``state.hidden_information()``: fog of war, secret
  orders already submitted, a hidden deployment, cards): refused, with the reason (``save_refusal``),
  even in a hot-seat game, where the other person at the screen is the one it is hidden from;
- any other running game: the record with a *new* seed instead of the game's own (the past replays the
  same: every roll so far is in the log), so the file never tells the luck to come; and a running game
  loaded from a file plays on with a new secret seed too (``read_game_record``). A game whose past
  depends on its seed (rolls not in the log) is refused instead.

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

from academy.core.protocol import State
from academy.core.record import Record
from academy.core.rng import new_seed

from .labels import wrapping_row
from .record_file import RecordFileInput
from .replay_model import RecordError, read_record

__all__ = ["SaveRefused", "record_text", "read_game_record", "save_refusal", "save_text", "SaveLoadBar"]


class SaveRefused(ValueError):
    """Save is refused now: the file would show hidden information (the message says what and when)."""


def record_text(record: Record) -> str:
    """The record as JSON text (``Record.to_json``): everything needed to load or replay the game."""
    return json.dumps(record.to_json(), indent=1)


def save_refusal(state: State | None) -> str | None:
    """Why the Save button refuses ``state``'s game now, in words, or None (see the module docstring)."""
    if state is None or state.is_terminal():
        return None
    hidden = state.hidden_information()
    if hidden is None:
        return None
    return (f"Save is not available while this game runs: its record holds {hidden}, and the seed that "
            "decides the luck to come, so the file would show them. Save it once the game is over.")


def reseeded(record: Record) -> Record | None:
    """The record with a new seed, if its past replays the same under it (every roll so far is in the
    log); else None."""
    again = Record(record.game, new_seed(), record.entries, record.start)
    try:
        same = again.replay().to_json() == record.replay().to_json()
    except Exception:   # noqa: BLE001 - a past that cannot be replayed under another seed is not the same
        same = False
    return again if same else None


def save_text(state: State | None) -> str:
    """The file the Save button gives for ``state``'s game (see the module docstring).

    Raises ValueError when there is no game, SaveRefused (a ValueError) while it may not be saved.
    """
    if state is None:
        raise ValueError("No game to save yet: start one first.")
    if state.is_terminal():
        return record_text(state.record)
    refusal = save_refusal(state)
    if refusal:
        raise SaveRefused(refusal)
    record = reseeded(state.record)
    if record is None:
        raise SaveRefused("Save is not available while this game runs: its past rolls come from the game's "
                          "seed, which also decides the luck to come. Save it once the game is over.")
    return record_text(record)


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
    if not record.replay().is_terminal():      # play on with luck nobody can read from the file
        record = reseeded(record) or record
    return record


class SaveLoadBar(pn.viewable.Viewer):
    """Save (a JSON download of ``save()``) and Load (a file given to ``load(content, name=filename)``).

    ``extra``: more widgets for the same row (a replay button ...).
    """

    def __init__(self, save: Callable[[], str], load: Callable[..., bool], filename: str,
                 extra: tuple[Any, ...] = (), refusal: Callable[[], str | None] | None = None,
                 **params: Any) -> None:
        super().__init__(**params)
        self._save_fn, self._load_fn = save, load
        self._refusal_fn = refusal or (lambda: None)
        self.save = pn.widgets.FileDownload(callback=self.saved, filename=filename, label="Save (JSON)", width=150,
                                            css_classes=["save-game"])
        self.load = RecordFileInput(width=230, css_classes=["load-game"])
        self.load.param.watch(self._on_file, "value")
        self.note = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["save-refused"], visible=False)
        #: why a file over the size limit was not loaded (it never left the browser)
        self.refused = pn.pane.HTML("", margin=(10, 5), visible=False, css_classes=["load-refused"])
        self.load.param.watch(self._on_refused, "refused")
        self.layout = pn.Column(
            wrapping_row(self.save, pn.pane.HTML("<span>Load a saved game:</span>", margin=(10, 5)), self.load,
                         self.refused, *extra), self.note, margin=0, sizing_mode="stretch_width",
            css_classes=["game-tools"])
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def refresh(self, *events: Any) -> None:
        """Disable Save (and say why under it) while the game may not be saved (``refusal()``)."""
        reason = self._refusal_fn()
        self._show(reason)

    def _show(self, reason: str | None) -> None:
        text = f"<div class='academy-muted'>{html.escape(reason)}</div>" if reason else ""
        if self.note.object != text:
            self.note.object = text
        self.note.visible = bool(reason)
        self.save.disabled = bool(reason)

    def saved(self) -> io.StringIO:
        """The file the Save button downloads (empty if there is no game yet, or when Save is refused:
        the reason then shows under the button)."""
        try:
            return io.StringIO(self._save_fn())
        except SaveRefused as exc:
            self._show(str(exc))
            return io.StringIO("")
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
