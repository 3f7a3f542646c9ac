"""Diplomacy replays, phase by phase: the map at the start of each phase with the orders that were
given and their results drawn, the results table with every reason, and a planner from any phase.

``DiplomacyReplay`` (an ``OrdersReplay`` with the ``DiplomacyView`` its board and results read; no Panel,
not a play session) is built from a record and a viewer (a player, or None for a spectator). Each frame
is ``state.observation(viewer)`` after a phase resolved (frame 0: the start), so a running game's
replay shows what that seat may see: the orders of the phase under way are secret and never part of a
frame (the phases already resolved are public). Diplomacy has no chance and, at the start of a phase,
nothing hidden: "Try orders from here" opens a local game (``LocalDiplomacy``) from the true position of
that phase, which never touches the shared game.
"""
from __future__ import annotations

import copy
from typing import Any

import panel as pn

from academy.core.record import Record
from academy.core.text import count
from academy.games.diplomacy.actions import Resolve
from academy.ui.fit import board_and_side
from academy.ui.orders_replay import OrdersReplay
from academy.ui.replay_parts import GameReplayPage, ReplayChrome

from .board import DiplomacyBoard
from .panels import ResultsPanel
from .session import LocalDiplomacy, phase_title
from .style import CSS
from .view import DiplomacyView

__all__ = ["DiplomacyReplay", "DiplomacyReplayPage", "diplomacy_replay_page"]


class DiplomacyReplay(OrdersReplay, DiplomacyView):
    """A record, phase by phase, as ``viewer`` may see it; see the module docstring."""

    secret = "the orders given for the phase under way"

    def __init__(self, record: Record, viewer: int | None = None, masked: bool = False, title: str = "",
                 seat_names: list[str] | None = None, chat: list[dict[str, Any]] | None = None,
                 **params: Any) -> None:
        super().__init__(record, viewer, masked, title, seat_names, chat, **params)
        self.power = self.game.powers[viewer] if viewer is not None else None
        self.load(self._read(viewer))

    def _read(self, viewer: int | None) -> list[dict[str, Any]]:
        """The frames: the viewer's observation and the true position at the start and after each resolved
        phase, with the record's length there (the last frame: everything so far, the phase under way too)."""
        state = self._record.initial_state()
        frames = [{"obs": copy.deepcopy(state.observation(viewer)), "position": state.position, "step": 0}]
        for i, entry in enumerate(self._record.entries):
            state.apply(entry.action)
            if isinstance(entry.action, Resolve):
                frames.append({"obs": copy.deepcopy(state.observation(viewer)), "position": state.position,
                               "step": i + 1})
        frames[-1]["step"] = len(self._record)
        return frames

    def _frame_changes(self, index: int) -> dict[str, Any]:
        """The position at the start of the phase and the results of every phase before it."""
        history = [f["obs"]["last"] for f in self._frames[1:index + 1] if f["obs"].get("last")]
        return dict(state=self.game.view_state(self._frames[index]["obs"]), history=history)

    def _frame_words(self, index: int) -> str:
        obs = self._frames[index]["obs"]
        phase = "Game over" if obs.get("result") else phase_title(obs.get("phase", ""))
        done = "the start of the game" if index == 0 else f"after {count(index, 'resolved phase')}"
        return f"{phase}: {done}"

    def _frame_state(self) -> Any:
        """A new game state whose record starts at the true position of the frame shown."""
        start = self.game.new_initial_state(seed=0)
        start.position = self._frames[self.index]["position"]
        return Record(self.game, 0, start=start.to_json()).initial_state()

    def position_state(self) -> Any:
        """The true position of the frame shown (a phase's start hides nothing; None while the game runs,
        whose last frame holds the phase under way)."""
        return None if self.masked else self._frame_state()

    def planner(self) -> LocalDiplomacy:
        """A local game from the position of the frame shown (the viewer's power is played here)."""
        state = self._frame_state()
        local = LocalDiplomacy()
        local.new_game(people=[self.power or state.powers[0]], state=state)
        return local


class DiplomacyReplayPage(GameReplayPage):
    """The replay page: the map, step buttons, the results so far, the download and a planner. ``embedded``:
    under the local Play page (no links to other pages). Each frame is the viewer's observation at the start
    of a phase, which hides nothing; ``masked`` (a running game) keeps its record, which holds the orders of
    the phase under way, from being downloaded."""

    replay_class = DiplomacyReplay

    def __init__(self, session: DiplomacyReplay, back_link: str = "", embedded: bool = False, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        self.board = DiplomacyBoard(s)
        c = self._use(ReplayChrome(
            s, "Diplomacy", (("start", s.to_start), ("back", s.back), ("forward", s.forward), ("end", s.to_end)),
            _play_page, "Try orders from here", "diplomacy-record.json", back_link, embedded,
            stylesheets=[CSS]))
        self.layout = pn.Column(
            c.head, c.bar(), c.review_area,
            board_and_side(pn.Column(self.board, sizing_mode="stretch_width", margin=0),
                           pn.Column(ResultsPanel(s), c.chat, sizing_mode="stretch_width", margin=0), 420),
            c.planner_area, sizing_mode="stretch_width", css_classes=["replay-page", "diplomacy-replay"])
        self._follow("index")

    def _update(self, *events: Any) -> None:
        self.chrome.refresh()


def _play_page(local: Any) -> Any:
    from .play import DiplomacyPlayPage
    return DiplomacyPlayPage(local)


#: the page of a Diplomacy record (the factory the UI registry names)
diplomacy_replay_page = DiplomacyReplayPage.of
