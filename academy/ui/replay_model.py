"""A game's record as a replay one viewer may watch: positions, events and turns, step by step (no Panel).

``Replay(record, viewer, masked)`` gives random access to the positions of a record:

- ``masked=False`` (a finished game, an imported record): every position in full, ``viewer`` only
  says whose cards a view shows first;
- ``masked=True`` (a game still running, which has hidden information): each position is rebuilt
  from ``state.observation(viewer)`` only (``viewer`` None: a spectator) by the engine
  (``Game.view_state``: the hidden cards, units or orders left out or as placeholders), and the
  events are filtered (``visible_events``, or the game's
  ``event_filter``). The record stays inside this object, in the server process: nothing of
  it (seed, hidden cards, chance entries such as a card drawn) is ever handed out; ``frame``
  returns only what the viewer may see, and ``export_json`` refuses.

Turns: a turn is a run of entries by the same player (chance entries belong to the decision before
them); ``next_turn``/``previous_turn`` jump to the positions where the player to act changes.

Branching: ``branch_state(step, seed)`` is a state to try moves from. Unmasked, the true state (with
its record of the steps so far); masked, a copy with the hidden cards resampled and a new seed
(``academy.games.<game>.sandbox.determinize``), so the sandbox reveals nothing either.
"""
from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from academy.core.errors import AcademyError, RulesError
from academy.core.protocol import Event, State
from academy.core.record import Record
from academy.core.visitor_json import VisitorFileError, read_visitor_json

from .history import SNAPSHOT_EVERY, log_lines

__all__ = ["Frame", "Replay", "RecordError", "read_record", "visible_events", "HIDDEN_EVENT_DATA"]

#: per event kind, the data keys that only the event's own player may see (stripped for everyone
#: else in a masked replay). Conquest's events carry no card today (a draw says only who drew);
#: this keeps it so if an event ever names a card.
HIDDEN_EVENT_DATA: dict[str, tuple[str, ...]] = {"draw": ("card", "cards"), "deal_card": ("card", "cards")}


class RecordError(ValueError):
    """A file that is not a readable game record; the message says what is wrong, in plain words."""


@dataclass(frozen=True)
class Frame:
    """What the replay shows after ``step`` of ``length`` entries."""

    step: int
    length: int
    state: State                                     # the position as the viewer may see it
    events: list[Event] = field(default_factory=list)   # the events of the step just shown
    mover: int | None = None                         # who made the step just shown (None: chance, start)
    action_text: str = ""                            # the step's action in the game's notation, where it may show

    @property
    def lines(self) -> list[dict[str, Any]]:
        return log_lines(self.events, self.step)

    @property
    def text(self) -> str:
        """The step in words: its events; a step whose events show nothing yet (a Tactics attack before its luck
        roll, the next step) is named by its action where the viewer may see it."""
        if self.step == 0:
            return "The start of the game."
        said = " ".join(e.text for e in self.events)
        return said or (f"{self.action_text}." if self.action_text else "A step without visible effect.")


def visible_events(events: list[Event], viewer: int | None) -> list[Event]:
    """The events as ``viewer`` may see them: hidden data of other players' events removed."""
    out = []
    for e in events:
        hidden = HIDDEN_EVENT_DATA.get(e.kind, ())
        if hidden and e.data.get("player") != viewer and any(k in e.data for k in hidden):
            e = replace(e, data={k: v for k, v in e.data.items() if k not in hidden})
        out.append(e)
    return out


class Replay:
    """Positions of a record for one viewer; see the module docstring."""

    def __init__(self, record: Record, viewer: int | None = None, masked: bool = False,
                 event_filter: Callable[[list[Event], int | None], list[Event]] | None = None) -> None:
        self._record = record.fork()
        self.game = record.game
        self.viewer = viewer
        self.masked = bool(masked)
        #: ``event_filter(events, viewer)``: the events as the viewer may see them (a masked replay)
        self._filter = event_filter or visible_events
        self._snapshots: dict[int, State] = {0: self._record.initial_state()}   # and log lines, in one pass
        self._lines: list[list[dict[str, Any]]] = []
        state = self._record.initial_state()
        opening = state.opening()                  # what happens before anyone acts (Tactics: day 1's income)
        #: the log lines of the game's opening, before the first step
        self._opening = log_lines(self._filter(opening, viewer) if self.masked else opening, 0, state)
        for i, entry in enumerate(self._record.entries):
            events = state.apply(entry.action)
            self._lines.append(log_lines(self._filter(events, viewer) if self.masked else events, i + 1, state))
            if (i + 1) % SNAPSHOT_EVERY == 0:
                self._snapshots[i + 1] = state.clone()
        self._recent: dict[int, tuple[State, list[Event]]] = {}    # the last few positions shown
        owners: list[int | None] = []
        for e in self._record.entries:           # chance steps belong to the decision before them
            owners.append(e.player if not e.chance else (owners[-1] if owners else None))
        self._owners = owners
        n = len(owners)
        self.turn_starts = [0] + [j for j in range(1, n) if owners[j] != owners[j - 1]] + ([n] if n else [])

    def __len__(self) -> int:
        return len(self._record)

    @property
    def game_name(self) -> str:
        return self.game.name

    # --- positions -------------------------------------------------------------------------
    def _full(self, step: int) -> tuple[State, list[Event]]:
        """The true state after ``step`` entries and that step's events (kept private; do not change them)."""
        if step in self._recent:
            return self._recent[step]
        if step > 0 and step - 1 in self._recent:        # one step on from a recent position
            state = self._recent[step - 1][0].clone()
            events = state.apply(self._record.entries[step - 1].action)
        else:
            base = max(k for k in self._snapshots if k <= max(0, step - 1))
            state = self._snapshots[base].clone()
            for entry in self._record.entries[base:max(0, step - 1)]:
                state.apply(entry.action)
            events = state.apply(self._record.entries[step - 1].action) if step > 0 else []
        self._recent[step] = (state, events)
        while len(self._recent) > 3:
            del self._recent[next(iter(self._recent))]
        return state, events

    def frame(self, step: int) -> Frame:
        """What the viewer sees after ``step`` entries (clamped to 0..len)."""
        step = max(0, min(int(step), len(self)))
        state, events = self._full(step)
        mover = self._owners[step - 1] if step > 0 else None
        said = self._action_text(step, state) if not events and (not self.masked or mover == self.viewer) else ""
        if self.masked:
            shown = self.game.view_state(state.observation(self.viewer), step)
            return Frame(step, len(self), shown, self._filter(list(events), self.viewer), mover, said)
        return Frame(step, len(self), state.clone(), list(events), mover, said)

    def _action_text(self, step: int, state: State) -> str:
        """The action of entry ``step`` in the game's notation ('' at the start, for chance, or if it cannot be
        written); ``state``: the state after it."""
        if step <= 0 or self._record.entries[step - 1].chance:
            return ""
        try:
            return self.game.format_action(self._record.entries[step - 1].action, state)
        except (RulesError, ValueError, KeyError, TypeError, AttributeError):
            return ""

    def history(self, step: int) -> list[dict[str, Any]]:
        """The log lines of the opening and of every step up to ``step`` (masked like the frames)."""
        return self._opening + [line for lines in self._lines[:max(0, step)] for line in lines]

    # --- turns -----------------------------------------------------------------------------
    def next_turn(self, step: int) -> int:
        """The position where the next player starts acting (or the end)."""
        return next((b for b in self.turn_starts if b > step), len(self))

    def previous_turn(self, step: int) -> int:
        """The position where the current turn (or, at its start, the previous one) began."""
        return next((b for b in reversed(self.turn_starts) if b < step), 0)

    def turn_index(self, step: int) -> int:
        """How many turns started at or before ``step`` (1 at the start)."""
        return max(1, sum(1 for b in self.turn_starts[:-1] if b <= step)) if len(self) else 1

    @property
    def num_turns(self) -> int:
        return max(1, len(self.turn_starts) - 1)

    # --- branching and export --------------------------------------------------------------
    def branch_state(self, step: int, seed: int) -> State:
        """A state to try moves from at ``step``; see the module docstring. Raises ValueError."""
        step = max(0, min(int(step), len(self)))
        if not self.masked:
            state = self._record.initial_state()
            for entry in self._record.entries[:step]:
                state.apply(entry.action)
            return state
        sandbox = importlib.import_module(f"academy.games.{self.game_name}.sandbox")
        return sandbox.determinize(self.frame(step).state, self.viewer, seed)

    @property
    def can_export(self) -> bool:
        return not self.masked

    def review_record(self) -> Record:
        """A copy of the record for the coach's review; refused (PermissionError) for a masked (running) game."""
        from .replay_steps import RUNNING
        if self.masked:
            raise PermissionError(RUNNING)
        return self._record.fork()

    def export_json(self) -> str:
        """The record as JSON text (``Record.to_json``); refused for a masked (running) game."""
        if self.masked:
            raise PermissionError("This game is still running: its record holds the seed and every hidden card, "
                                  "so it can be downloaded only once the game is over.")
        return json.dumps(self._record.to_json(), indent=1)


#: what a damaged record's fields can raise while it is read and replayed (the record's fields are a
#: visitor's: any of these means "damaged", never a server error)
_DAMAGED = (AcademyError, ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError)


def read_record(text: str | bytes, registry: Any = None) -> Record:
    """A game record from JSON text (``Record.to_json``), checked by replaying it to the end.

    Raises ``RecordError`` with a plain message naming what is wrong (not JSON, not a record,
    an unknown game, a bad option or action, a step that cannot be replayed), and for a file beyond the
    limits of ``academy.core.visitor_json`` (size, nesting, number length).
    """
    if registry is None:
        from academy.games import REGISTRY as registry
    try:
        data = read_visitor_json(text, "This file")
    except VisitorFileError as exc:
        raise RecordError(exc.message) from None
    if not isinstance(data, dict):
        raise RecordError("This file is not a game record: expected a JSON object with "
                          "\"schema\": \"academy.record\", \"game\", \"seed\" and \"log\".")
    if not isinstance(data.get("log", []), list):
        raise RecordError("This game record is damaged: its \"log\" is not a list of steps.")
    for i, e in enumerate(data.get("log", [])):
        if not isinstance(e, dict) or not isinstance(e.get("action"), dict):
            raise RecordError(f"This game record is damaged: step {i + 1} of its log has no \"action\" object.")
    if not isinstance(data.get("options", {}), dict):
        raise RecordError("This game record is damaged: its \"options\" is not an object.")
    try:
        record = Record.from_json(data, registry)
    except _DAMAGED as exc:
        raise RecordError(f"This file is not a readable game record: {getattr(exc, 'message', None) or exc}") from None
    try:
        state = record.initial_state()
    except _DAMAGED as exc:
        raise RecordError("This game record's start position cannot be read: "
                          f"{getattr(exc, 'message', None) or getattr(exc, 'detail', None) or exc}") from None
    for i, entry in enumerate(record.entries):
        try:
            state.apply(entry.action)
        except _DAMAGED as exc:
            text = getattr(exc, "message", None) or str(exc)
            raise RecordError(f"This game record cannot be replayed: step {i + 1} of {len(record)} "
                              f"({type(entry.action).__name__}) is refused: {text}") from None
    return record
