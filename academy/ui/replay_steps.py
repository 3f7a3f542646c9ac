"""ReplaySteps: what every replay model has, whatever its frames are (no Panel).

A replay shows a record to one viewer, frame by frame, and plays nothing. Two kinds of frames, two
models on this base: ``RecordReplay`` (academy/ui/replay_session.py; the turn-by-turn games: a frame
after each entry of the record) and ``OrdersReplay`` (academy/ui/orders_replay.py; the games of
simultaneous orders: a frame per phase or half-turn). This base gives them

- stepping over frames ``0 .. last_frame``: ``forward``, ``back``, ``to_start``, ``to_end`` (each a ``go``
  to another frame, clamped by ``go``), ``at_start`` and ``at_end`` for the step buttons;
- the seat's messages written up to the frame shown, in the replay's time (``messages_until``: each
  message's ``step`` is the record's length when it was written, ``record_step`` the record's length at
  the frame shown);
- names: ``seat_label`` ("Red", "Red (Ann)", "Red (you)" for the viewer seat of a running game);
- no input: a click (a board tap) is answered with ``refusal`` (``refuse``).

A model on it provides ``go(frame)``, ``frame_index``, ``last_frame``, ``record_step``, ``_seat_title(seat)``
(the game's name of a seat), ``position_state()`` (the true state shown, once the game is over),
``frame_of_step(step)`` (the frame that shows the board on which entry ``step``
of the record was decided: the coach's review goes there), ``review_record()`` (the record to review; refused
while the game runs) and a ``seat`` (the seat it is shown to; None: a spectator, or everything).
"""
from __future__ import annotations

from typing import Any

import param

__all__ = ["ReplaySteps", "REFUSAL", "RUNNING"]

#: why a running game has no review
RUNNING = ("This game is still running: the coach reviews a game once it is over (a review would show what the "
           "others hid).")
REFUSAL = "This is a replay: press “Try moves from here” to play on from this step on a board of your own."


class ReplaySteps(param.Parameterized):
    """Stepping, messages, names and refusals of a replay; see the module docstring."""

    refusal = REFUSAL
    #: a replay's board is drawn with the coach's layers (its review draws decisions on it)
    coached = True

    message = param.String("", doc="what the frame shown is, or why a tap does nothing")
    title = param.String("", doc="what is replayed, in words")
    masked = param.Boolean(False, doc="a running game: only the viewer's own view is shown")
    chat = param.List([], doc="the viewer seat's messages (dicts: id, sender, recipients, text, step, when)")

    #: the seat this replay is shown to (None: a spectator, or everything)
    seat: int | None
    #: the seats' names ("Ann", "CPU easy" ...), by seat
    seat_names: list[str]

    # --- provided by the model -----------------------------------------------------------------
    def position_state(self) -> Any:
        """The true state of the frame shown, for "Make an exercise from this position" (a teacher's
        lesson from a replay); None while the game runs (a running game's replay hides what the others
        hid) or when the model has none."""
        return None

    def go(self, frame: int) -> None:
        """Show ``frame`` (clamped to ``0 .. last_frame``)."""
        raise NotImplementedError

    @property
    def frame_index(self) -> int:
        """The frame shown."""
        raise NotImplementedError

    @property
    def last_frame(self) -> int:
        """The last frame (the record so far)."""
        raise NotImplementedError

    @property
    def record_step(self) -> int:
        """The record's length at the frame shown (messages are placed by it)."""
        raise NotImplementedError

    def _seat_title(self, seat: int | None) -> str:
        """The game's name of ``seat`` ('' for nobody)."""
        raise NotImplementedError

    def frame_of_step(self, step: int) -> int:
        """The frame that shows the board on which entry ``step`` of the record was decided."""
        raise NotImplementedError

    def review_record(self) -> Any:
        """A copy of the record, for the coach's review; PermissionError while the game runs (``masked``)."""
        raise NotImplementedError

    def go_to_step(self, step: int) -> None:
        """Show the board on which entry ``step`` of the record was decided (a mark of the review)."""
        self.go(self.frame_of_step(step))

    def _publish(self, **changes: Any) -> None:
        """Set parameters the views watch (a model whose board works out more, such as highlights, says how)."""
        self.param.update(**changes)

    # --- stepping ------------------------------------------------------------------------------
    def forward(self) -> None:
        self.go(self.frame_index + 1)

    def back(self) -> None:
        self.go(self.frame_index - 1)

    def to_start(self) -> None:
        self.go(0)

    def to_end(self) -> None:
        self.go(self.last_frame)

    @property
    def at_start(self) -> bool:
        return self.frame_index <= 0

    @property
    def at_end(self) -> bool:
        return self.frame_index >= self.last_frame

    def messages_until(self, step: int | None = None) -> list[dict[str, Any]]:
        """The viewer's messages written up to the record's ``step`` (default: the frame shown)."""
        step = self.record_step if step is None else step
        return [m for m in self.chat if m["step"] <= step]

    # --- names ---------------------------------------------------------------------------------
    def seat_label(self, seat: int | None) -> str:
        """'Red', 'Red (Ann)', 'Red (you)' for the viewer seat of a running game."""
        name = self._seat_title(seat)
        if seat is None or seat < 0 or not name:
            return name
        who = self.seat_names[seat] if seat < len(self.seat_names) else ""
        if who and who != name:                    # "Red (Ann)"; "Red (CPU easy)" stays as it is
            name = who if who.startswith(name) else f"{name} ({who})"
        return f"{name} (you)" if self.masked and seat == self.seat else name

    # --- no input: this is a replay ------------------------------------------------------------
    def refuse(self) -> bool:
        """Answer any input (a tap, a move, an order) with ``refusal``; False: nothing was played."""
        self._publish(message=self.refusal)
        return False

    def click(self, *where: Any) -> None:
        """A tap on the board: refused."""
        self.refuse()
