"""A game's record as history: rebuild a state with its event log, read a saved game.

Pure Python over ``academy.core.record`` (no Panel), used by ``ConquestSession``.
"""
from __future__ import annotations

from typing import Any

from academy.core.errors import AcademyError
from academy.core.visitor_json import VisitorFileError, read_visitor_json
from academy.core.protocol import State
from academy.core.record import Record
from academy.games import REGISTRY

__all__ = ["log_lines", "moments", "rebuild", "read_saved"]

SNAPSHOT_EVERY = 100


def log_lines(events: list[Any], step: int, state: State | None = None,
              starts_only: bool = False) -> list[dict[str, Any]]:
    """Events as log entries: step, kind, text and the why lines.

    Given ``state`` (the state just after the events), each entry also says whose action caused it
    (``by``: the player of the record's last decision; None before anybody has decided), and the turn
    it belongs to (``turn``: the heading of ``state``'s turn by the game's ``TurnRule`` in the UI
    registry; in events that end one turn and begin the next, from the event that begins it on; none
    for the set-up before any decision), which the event log (``academy.ui.event_log``) groups by.
    ``starts_only``: only the events that begin a turn carry it, set-up or not (a shared game's seat, whose
    live events and whose log rebuilt after a reload must group alike).
    """
    lines = [{"step": step, "kind": e.kind, "text": e.text, "why": list(e.why)} for e in events]
    if not lines or state is None or getattr(state, "game", None) is None:
        return lines
    from .registry import turn_rule
    record = getattr(state, "record", None)
    decided = True                           # a seat's view of a shared game: its record is not at hand
    if isinstance(record, Record) and len(record.entries) >= step:
        last = record.last_decision_index()
        by = record.entries[last].player if last is not None else None
        decided = last is not None
        for line in lines:
            line["by"] = by
    rule = turn_rule(state.game.name)
    starts = [k for k, line in enumerate(lines) if rule is not None and line["kind"] in rule.starts]
    for k, line in enumerate(lines):
        if rule is not None and (k in starts if starts_only else decided and (not starts or k >= starts[0])):
            line["turn"] = rule.heading(state)
    return lines


def moments(record: Record, steps: Any) -> dict[int, str]:
    """For each of ``steps`` (a number of the record's entries), when the game was after that many
    entries, in its own words (``registry.moment``: "Turn 3 · Red", "Spring 1901 movement"): what a
    message written at that step is dated by. One replay up to the latest step asked."""
    from .registry import moment
    wanted = {int(k) for k in steps if 0 <= int(k) <= len(record.entries)}
    if not wanted:
        return {}
    out = {0: moment(record.initial_state())} if 0 in wanted else {}

    def keep(i: int, state: State) -> None:
        if i + 1 in wanted:
            out[i + 1] = moment(state)
    record.replay(upto=max(wanted), on_step=keep)
    return out


def rebuild(record: Record, upto: int | None = None) -> tuple[State, list[dict[str, Any]]]:
    """The state after the first ``upto`` entries and the log of their events (a replay that keeps events)."""
    state = record.initial_state()
    log: list[dict[str, Any]] = log_lines(state.opening(), 0, state)
    for entry in record.entries[:upto]:
        events = state.apply(entry.action)
        log += log_lines(events, len(state.record), state)
    return state, log


def read_saved(text: str | bytes) -> tuple[State, list[dict[str, Any]]]:
    """A saved record (``Record.to_json`` as text) replayed: (state, log). Raises ValueError in plain words."""
    try:
        data = read_visitor_json(text, "This file")   # the one reader of visitors' files, with its limits
    except VisitorFileError as exc:
        raise ValueError(exc.message) from None
    if not isinstance(data, dict):
        raise ValueError("This file is not a saved game: expected a JSON object with a game record.")
    try:
        record = Record.from_json(data, REGISTRY)
    except (KeyError, TypeError, AttributeError, IndexError, OverflowError) as exc:
        raise ValueError(f"This saved game is incomplete or damaged ({exc!r}).") from None
    except ValueError as exc:
        raise ValueError(f"This file is not a saved game: {exc}") from None
    try:
        return rebuild(record)
    except (AcademyError, KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
        raise ValueError(f"This saved game cannot be replayed: {getattr(exc, 'message', None) or exc}") from None
