"""Game tools under the board: Undo, Save (download the record), Load (upload), and the Replay bar."""
from __future__ import annotations

import io
from typing import Any

import panel as pn
import param

from academy.ui.labels import growing, wrapping_row
from academy.ui.defer import later
from academy.ui.record_file import RecordFileInput

__all__ = ["GameTools", "ReplayBar"]


class GameTools(pn.viewable.Viewer):
    """Undo, Save, Load and Replay buttons for a GameSession."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.undo = pn.widgets.Button(label="↶ Undo", css_classes=["undo-button"], width=100)
        self.save = pn.widgets.FileDownload(callback=self._saved, filename="conquest-game.json", label="Save game",
                                            color="default", width=130, css_classes=["save-button"])
        self.upload = RecordFileInput(css_classes=["load-input"], width=220)   # refuses files over 2 MB
        self.replay = pn.widgets.Button(label="▶ Replay", css_classes=["replay-button"], width=110)
        self.undo.on_click(lambda e: self.session.undo())
        self.replay.on_click(lambda e: self.session.replay_start())
        self.upload.param.watch(self._load, "value")
        self.upload.param.watch(self._refused, "refused")
        self.layout = wrapping_row(self.undo, self.save, self.replay,
                                   pn.Column(pn.pane.HTML("<b>Load a saved game</b>", margin=(0, 5)), self.upload,
                                             margin=0), css_classes=["game-tools"])
        session.param.watch(later(self._update), ["state", "replaying", "thinking"])
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
        self.undo.disabled = not has_game or s.replaying
        refusal = s.save_refusal() if has_game else None
        self.save.disabled = not has_game or refusal is not None
        self.save.description = refusal or "Download this game's record to load it later"
        self.replay.disabled = not has_game or s.replaying or len(s.state.record) == 0 if has_game else True


class ReplayBar(pn.viewable.Viewer):
    """First / previous / next / last and a slider over the record's steps; shown while replaying."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        b = {k: pn.widgets.Button(label=label, width=54, css_classes=[f"replay-{k}"])
             for k, label in (("first", "⏮"), ("prev", "◀"), ("next", "▶"), ("last", "⏭"))}
        self.buttons = b
        self.slider = pn.widgets.IntSlider(label="Step", start=0, end=1, value=0, sizing_mode="stretch_width",
                                           css_classes=["replay-slider"])
        self.back = pn.widgets.Button(label="Back to the game", color="primary", css_classes=["replay-back"])
        self.branch = pn.widgets.Button(label="Continue from here", css_classes=["replay-branch"])
        b["first"].on_click(lambda e: self.session.replay_to(0))
        b["prev"].on_click(lambda e: self.session.replay_to(self.session.replay_step - 1))
        b["next"].on_click(lambda e: self.session.replay_to(self.session.replay_step + 1))
        b["last"].on_click(lambda e: self.session.replay_to(self.session.replay_length))
        self.slider.param.watch(lambda e: self.session.replay_to(e.new), "value_throttled")
        self.back.on_click(lambda e: self.session.replay_stop())
        self.branch.on_click(lambda e: self.session.replay_stop(continue_here=True))
        self.layout = wrapping_row(pn.pane.HTML("<b>Replay</b>", margin=(12, 8)), b["first"], b["prev"],
                                   growing(self.slider, 200), b["next"], b["last"], self.back, self.branch,
                                   css_classes=["replay-bar", "academy-card"], visible=False, margin=(4, 0))
        session.param.watch(self._update, ["replaying", "replay_step", "replay_length"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            self.layout.visible = s.replaying
            if s.replaying:
                self.slider.end = max(1, s.replay_length)
                if self.slider.value != s.replay_step:
                    self.slider.value = s.replay_step
