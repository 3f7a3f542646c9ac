"""OrdersReplay: one replay model for the games of simultaneous orders (Diplomacy, Fronts), on the record (no Panel).

A game's replay is this base and the game's view (``DiplomacyReplay(OrdersReplay, DiplomacyView)``,
``FrontsReplay(OrdersReplay, FrontsView)``): it *has* the view state its board and panels read, and is
not a play session (it writes no orders). The game's replay reads the record once into frames (a phase,
or half a turn; frame 0 is the start), each a dict with at least ``step``: the record's length at that
frame, by which the seat's messages are placed.

- stepping (``ReplaySteps``: forward, back, to the ends, the messages up to the frame, seat labels):
  ``go(index)`` over ``index`` 0 .. ``count`` - 1 publishes the game's view of that frame
  (``_frame_changes(index)``) and, as the message, ``counter_text()`` ("<the frame in words> (frame 2 of 9).");
- export: ``can_export`` and ``export_json`` (the record as JSON; PermissionError for a running game,
  whose record holds ``secret``);
- no input: a tap, a typed order and Submit are answered with ``refusal``;
- play from here: ``planner()``, the game's (a local game from the frame shown).

A game's replay provides ``_frame_changes(index)``, ``_frame_words(index)``, ``secret`` and ``planner()``,
and calls ``load(frames)`` once it has read them.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import param

from academy.core.record import Record

from .replay_steps import ReplaySteps

__all__ = ["OrdersReplay"]


class OrdersReplay(ReplaySteps):
    """A record of simultaneous orders, frame by frame, as one viewer may see it; see the module docstring."""

    refusal = "This is a replay: it takes no orders. Press “Try orders from here” to play on from this frame."
    #: what a running game's record holds that its download would show
    secret = "every player's secret orders"

    index = param.Integer(0, bounds=(0, None), doc="the frame shown")
    count = param.Integer(1, bounds=(1, None), doc="the number of frames")

    def __init__(self, record: Record, viewer: int | None = None, masked: bool = False, title: str = "",
                 seat_names: list[str] | None = None, chat: list[dict[str, Any]] | None = None,
                 **params: Any) -> None:
        super().__init__(title=title, masked=bool(masked), chat=list(chat or []), **params)
        self.game = record.game
        self._record = record.fork()
        self.seat = viewer
        self.seat_names = list(seat_names or [])
        self._frames: list[dict[str, Any]] = []

    def load(self, frames: Sequence[dict[str, Any]]) -> None:
        """Show ``frames`` (read from the record by the game's replay) from the first."""
        self._frames = list(frames)
        self.count = len(self._frames)
        self.go(0)

    # --- provided by the game's replay ---------------------------------------------------------
    def _frame_changes(self, index: int) -> dict[str, Any]:
        """The view's parameters for frame ``index`` (its position, the orders drawn, the results so far ...)."""
        raise NotImplementedError

    def _frame_words(self, index: int) -> str:
        """Frame ``index`` in words ('Spring 1901 movement: the start of the game')."""
        raise NotImplementedError

    def planner(self) -> Any:
        """A local game from the frame shown (never stored)."""
        raise NotImplementedError

    # --- stepping (ReplaySteps) ----------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show frame ``index`` (clamped to the frames)."""
        index = max(0, min(int(index), self.count - 1))
        with param.parameterized.batch_call_watchers(self):     # the views see one change
            self.index = index
            self.param.update(message=self.counter_text(), **self._frame_changes(index))

    @property
    def frame_index(self) -> int:
        return self.index

    @property
    def last_frame(self) -> int:
        return self.count - 1

    @property
    def record_step(self) -> int:
        return self._frames[self.index]["step"]

    def frame_of_step(self, step: int) -> int:
        """The frame of the phase that holds entry ``step``: the last frame whose record length is at most it."""
        return max((i for i, f in enumerate(self._frames) if f["step"] <= step), default=0)

    def review_record(self) -> Record:
        """A copy of the record for the coach's review; PermissionError while the game runs."""
        from .replay_steps import RUNNING
        if self.masked:
            raise PermissionError(RUNNING)
        return self._record.fork()

    def counter_text(self) -> str:
        return f"{self._frame_words(self.index)} (frame {self.index + 1} of {self.count})."

    def _seat_title(self, seat: int | None) -> str:
        return "" if seat is None else self.game.player_name(seat)

    # --- no input: this is a replay ------------------------------------------------------------
    def type_order(self, text: str) -> bool:
        """A typed order: refused."""
        return self.refuse()

    def submit(self) -> bool:
        """Submit: refused."""
        return self.refuse()

    # --- export --------------------------------------------------------------------------------
    @property
    def can_export(self) -> bool:
        return not self.masked

    def export_json(self) -> str:
        """The record as JSON text (``Record.to_json``); raises PermissionError for a running game (its record
        holds ``secret``)."""
        if self.masked:
            raise PermissionError(f"This game is still running: its record holds {self.secret}, so it can be "
                                  "downloaded only once the game is over.")
        from academy.ui.save_load import record_text
        return record_text(self._record)
