"""Game tools under the Conquest board: Undo, then the Save / Load bar every Play page has
(``save_load.SaveLoadBar``: Save says under it why it is off while the game runs with hidden cards) and
Replay this game."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from academy.ui.defer import later
from academy.ui.save_load import SaveLoadBar

__all__ = ["GameTools"]


class GameTools(pn.viewable.Viewer):
    """Undo, Save, Load and Replay for a ConquestSession; ``replay()`` opens the game's replay."""

    session = param.Parameter()

    def __init__(self, session: Any, replay: Callable[[], Any], **params: Any) -> None:
        super().__init__(session=session, **params)
        self.undo = pn.widgets.Button(label="↶ Undo", css_classes=["undo-button"], width=100)
        self.replay = pn.widgets.Button(label="Replay this game", css_classes=["replay-game"], width=160)
        self.undo.on_click(lambda e: self.session.undo())
        self.replay.on_click(lambda e: replay())
        self.bar = SaveLoadBar(session.save_json, session.load_json, "conquest-game.json", extra=(self.replay,),
                               refusal=lambda: session.save_refusal() if session.state is not None else None)
        self.save, self.upload = self.bar.save, self.bar.load
        self.layout = pn.Column(self.undo, self.bar, margin=0, sizing_mode="stretch_width")
        session.param.watch(later(self._update), ["state", "thinking"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _update(self, *events: Any) -> None:
        s = self.session
        has_game = s.state is not None
        self.undo.disabled = not has_game
        self.bar.refresh()
        self.save.disabled = self.save.disabled or not has_game
        self.replay.disabled = not has_game or len(s.state.record) == 0
