"""What each person at a Tactics screen has seen: their own log, last attack and trail of the other side's
moves, from the events their fog lets through (the engine's ``view.visible_events``: two people sharing a
screen with fog must not read what the other did out of sight). No Panel."""
from __future__ import annotations

from typing import Any

from academy.games.tactics.view import seen_tiles, visible_events
from academy.ui.history import log_lines

__all__ = ["Memories"]


class Memories:
    """Per person (None: a spectator): the log of events seen, the last attack seen (text and why lines)
    and the trail of the other side's moves since that person's last turn ended."""

    def __init__(self, turns: bool = True, starts_only: bool = False) -> None:
        self.turns = turns           # False: no turn headings
        #: only the events that begin a day carry its heading (a shared seat: its log rebuilt after a reload,
        #: ``TacticsRecordReplay.history``, is headed alike)
        self.starts_only = starts_only
        self.logs: dict[int | None, list[dict[str, Any]]] = {}
        self.attacks: dict[int | None, dict[str, Any]] = {}
        self.trails: dict[int | None, list[dict[str, Any]]] = {}

    def add(self, state: Any, events: list[Any], mover: int | None, people: list[int | None], ended: bool) -> None:
        """Remember what each of ``people`` saw of ``events`` played by ``mover`` (``ended``: an end of turn)."""
        step = len(state.record)
        for person in people:
            shown = visible_events(state, events, mover, person)
            lines = log_lines(shown, step, state if self.turns else None, starts_only=self.starts_only)
            for line in lines:                  # a seat's view state has no record: who played it is the mover
                line.setdefault("by", mover)
            self.logs[person] = self.logs.get(person, []) + lines
            attack = next((e for e in reversed(shown) if e.kind == "attack"), None)
            if attack is not None:
                self.attacks[person] = {"text": attack.text, "why": list(attack.why)}
            if ended and (mover == person or person is None):
                self.trails[person] = []
            elif mover != person:
                seen = seen_tiles(state, person)
                self.trails[person] = self.trails.get(person, []) + [
                    {"from": e.data["frm"], "to": e.data["to"], "owner": mover} for e in shown
                    if e.kind == "move" and (seen is None or e.data["frm"] in seen)]

    def of(self, person: int | None) -> dict[str, Any]:
        """``log``, ``last_attack`` and ``trail`` of ``person``, as the session publishes them."""
        return {"log": list(self.logs.get(person, [])), "last_attack": self.attacks.get(person),
                "trail": list(self.trails.get(person, []))}
