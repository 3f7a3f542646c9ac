"""Diplomacy replays, phase by phase: the map at the start of each phase with the orders that were
given and their results drawn, the results table with every reason, and a planner from any phase.

``DiplomacyReplay`` (a ``DiplomacySession``, no Panel) is built from a record and a viewer (a player,
or None for a spectator). Each frame is ``state.observation(viewer)`` after a phase resolved (frame
0: the start), so a running game's replay shows what that seat may see: the orders of the phase
under way are secret and never part of a frame (the phases already resolved are public). Diplomacy
has no chance and, at the start of a phase, nothing hidden: "Try orders from here" opens a local game
(``LocalDiplomacy``) from the true position of that phase, which never touches the shared game.
"""
from __future__ import annotations

import copy
from typing import Any

import panel as pn
import param

from academy.core.record import Record
from academy.core.text import count
from academy.games.diplomacy.actions import Resolve
from academy.ui.fit import board_and_side
from academy.ui.defer import later
from academy.ui.replay_parts import ReplayChrome

from .board import DiplomacyBoard
from .panels import ResultsPanel
from .session import DiplomacySession, LocalDiplomacy, phase_title
from .style import CSS

__all__ = ["DiplomacyReplay", "DiplomacyReplayPage", "diplomacy_replay_page"]


class DiplomacyReplay(DiplomacySession):
    """A record, phase by phase, as ``viewer`` may see it; see the module docstring."""

    index = param.Integer(0, doc="the frame shown: 0 = the start, n = after the n-th resolved phase")
    count = param.Integer(1, doc="the number of frames")
    chat = param.List([], doc="the viewer seat's messages (dicts: id, sender, recipients, text, step)")

    def __init__(self, record: Record, viewer: int | None = None, title: str = "",
                 chat: list[dict[str, Any]] | None = None, masked: bool = False, **params: Any) -> None:
        super().__init__(**params)
        self.game = record.game
        self._record, self.masked = record, bool(masked)
        self.title = title
        self.viewer = viewer
        self.chat = list(chat or [])
        state = record.initial_state()
        self._frames: list[dict[str, Any]] = [copy.deepcopy(state.observation(viewer))]
        self._positions = [state.position]
        self._steps = [0]                       # the record's length at each frame (messages are placed by it)
        for i, entry in enumerate(record.entries):
            state.apply(entry.action)
            if isinstance(entry.action, Resolve):
                self._frames.append(copy.deepcopy(state.observation(viewer)))
                self._positions.append(state.position)
                self._steps.append(i + 1)
        self._steps[-1] = len(record)           # the last frame: everything so far (the phase under way too)
        self.count = len(self._frames)
        self.power = state.powers[viewer] if viewer is not None else None
        self.go(0)

    def go(self, index: int) -> None:
        """Show frame ``index`` (clamped): the position and the results of the phase before it."""
        index = max(0, min(int(index), self.count - 1))
        frame = self._frames[index]
        history = [f["last"] for f in self._frames[1:index + 1] if f.get("last")]
        self.param.update(index=index, history=history, pending={}, preview=[])
        self._show(frame, message=self.counter_text())

    def forward(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)

    def to_start(self) -> None:
        self.go(0)

    def to_end(self) -> None:
        self.go(self.count - 1)

    @property
    def can_export(self) -> bool:
        return not self.masked

    def export_json(self) -> str:
        """The record as JSON; raises PermissionError for a running game (the orders of the phase under way
        are in it, and they are secret)."""
        if self.masked:
            raise PermissionError("This game is still running: its record holds the orders given for the phase "
                                  "under way, so it can be downloaded only once the game is over.")
        from academy.ui.save_load import record_text
        return record_text(self._record)

    def counter_text(self) -> str:
        frame = self._frames[self.index]
        phase = "Game over" if frame.get("result") else phase_title(frame.get("phase", ""))
        done = "the start of the game" if self.index == 0 else f"after {count(self.index, 'resolved phase')}"
        return f"{phase}: {done} (frame {self.index + 1} of {self.count})."

    def messages_until(self, step: int | None = None) -> list[dict[str, Any]]:
        """The viewer's messages written up to the record's ``step`` (default: the frame shown)."""
        step = self._steps[self.index] if step is None else step
        return [m for m in self.chat if m["step"] <= step]

    def seat_label(self, player: int | None) -> str:
        return self.game.player_name(player) if player is not None else ""

    def _refusal(self) -> str | None:
        return "This is a replay: use “Try orders from here” to plan moves without touching the game."

    def _send(self, orders: list[str]) -> None:   # never reached: every order is refused
        raise AssertionError("a replay takes no orders")

    def planner(self) -> LocalDiplomacy:
        """A local game from the position of the frame shown (the viewer's power is played here)."""
        start = self.game.new_initial_state(seed=0)
        start.position = self._positions[self.index]
        state = Record(self.game, 0, start=start.to_json()).initial_state()    # the record starts there
        local = LocalDiplomacy()
        local.new_game(people=[self.power or state.powers[0]], state=state)
        return local


class DiplomacyReplayPage(pn.viewable.Viewer):
    """The replay page: the map, step buttons, the results so far, the download and a planner. ``embedded``:
    under the local Play page (no links to other pages)."""

    session = param.Parameter()

    def __init__(self, session: DiplomacyReplay, back_link: str = "", embedded: bool = False, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        self.board = DiplomacyBoard(s)
        self.chrome = c = ReplayChrome(
            s, "Diplomacy", (("start", s.to_start), ("back", s.back), ("forward", s.forward), ("end", s.to_end)),
            _play_page, "Try orders from here", "diplomacy-record.json", back_link, embedded,
            stylesheets=[CSS])
        self.head, self.buttons, self.counter, self.record = c.head, c.buttons, c.counter, c.record
        self.try_button, self.chat, self.planner_area = c.try_button, c.chat, c.planner_area
        self.layout = pn.Column(
            c.head, c.bar(),
            board_and_side(pn.Column(self.board, sizing_mode="stretch_width", margin=0),
                           pn.Column(ResultsPanel(s), c.chat, sizing_mode="stretch_width", margin=0), 420),
            c.planner_area, sizing_mode="stretch_width", css_classes=["replay-page", "diplomacy-replay"])
        s.param.watch(later(self._update), ["index"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def open_planner(self) -> Any:
        """Open a local game from the frame shown, under the replay."""
        return self.chrome.open_planner()

    def _update(self, *events: Any) -> None:
        s = self.session
        self.chrome.refresh(s.index <= 0, s.index >= s.count - 1)


def _play_page(local: Any) -> Any:
    from .play import DiplomacyPlayPage
    return DiplomacyPlayPage(local)


def diplomacy_replay_page(record: Record, viewer: int | None = None, masked: bool = False, title: str = "",
                          seat_names: list[str] | None = None, chat: list[dict[str, Any]] | None = None,
                          back_link: str = "", embedded: bool = False) -> DiplomacyReplayPage:
    """The replay page of a Diplomacy record (the factory ``academy.ui.replay`` dispatches to). Each frame is
    the viewer's observation at the start of a phase, which hides nothing, so ``masked`` changes nothing."""
    return DiplomacyReplayPage(DiplomacyReplay(record, viewer=viewer, title=title, chat=chat, masked=masked),
                               back_link=back_link, embedded=embedded)
