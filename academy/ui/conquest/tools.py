"""Game tools under the board: Undo, Save (download the record), Load (upload) and Replay this game."""
from __future__ import annotations

import io
from typing import Any

import panel as pn
import param

from collections.abc import Callable

from academy.ui.labels import wrapping_row
from academy.ui.defer import later
from academy.ui.record_file import RecordFileInput

__all__ = ["GameTools"]


class GameTools(pn.viewable.Viewer):
    """Undo, Save, Load and Replay buttons for a ConquestSession; ``replay()`` opens the game's replay."""

    session = param.Parameter()

    def __init__(self, session: Any, replay: Callable[[], Any], **params: Any) -> None:
        super().__init__(session=session, **params)
        self.undo = pn.widgets.Button(label="↶ Undo", css_classes=["undo-button"], width=100)
        self.save = pn.widgets.FileDownload(callback=self._saved, filename="conquest-game.json", label="Save game",
                                            color="default", width=130, css_classes=["save-button"])
        self.upload = RecordFileInput(css_classes=["load-input"], width=220)   # refuses files over 2 MB
        self.replay = pn.widgets.Button(label="Replay this game", css_classes=["replay-game"], width=160)
        self.undo.on_click(lambda e: self.session.undo())
        self.replay.on_click(lambda e: replay())
        self.upload.param.watch(self._load, "value")
        self.upload.param.watch(self._refused, "refused")
        self.layout = wrapping_row(self.undo, self.save, self.replay,
                                   pn.Column(pn.pane.HTML("<b>Load a saved game</b>", margin=(0, 5)), self.upload,
                                             margin=0), css_classes=["game-tools"])
        session.param.watch(later(self._update), ["state", "thinking"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _saved(self) -> io.StringIO:
        try:
            return io.StringIO(self.session.save_json())
        except ValueError as exc:          # no game, or Save refused while cards are hidden (save_load.py)
            self.session.param.update(message=str(exc))
            return io.StringIO("")

    def _refused(self, event: Any) -> None:
        if event.new:
            self.session.param.update(message=event.new)

    def _load(self, event: Any) -> None:
        if event.new:
            self.session.load_json(event.new, self.upload.filename or "the file")   # refused: the session says why

    def _update(self, *events: Any) -> None:
        s = self.session
        has_game = s.state is not None
        self.undo.disabled = not has_game
        refusal = s.save_refusal() if has_game else None
        self.save.disabled = not has_game or refusal is not None
        self.save.description = refusal or "Download this game's record to load it later"
        self.replay.disabled = not has_game or len(s.state.record) == 0
