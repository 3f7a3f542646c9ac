"""What each person at a Tactics screen has seen: the events their fog lets through, and their own log,
last attack and trail of the other side's moves (two people sharing a screen with fog must not read
what the other did out of sight). Reads only ``state.observation(person)``; no Panel."""
from __future__ import annotations

from typing import Any

from academy.ui.history import log_lines

__all__ = ["shown_events", "seen_tiles", "Memories"]

#: event data fields that name a tile (an event under fog shows when the person sees one of them)
TILE_FIELDS = ("tile", "to", "frm", "attacker", "target", "enemy")


def seen_tiles(state: Any, person: int | None) -> set[str] | None:
    """The tiles ``person`` sees now (None: all of them, without fog or for a spectator)."""
    obs = state.observation(person)
    return set(obs["seen"]) if obs.get("seen") is not None else None


def shown_events(state: Any, events: list[Any], mover: int | None, person: int | None) -> list[Any]:
    """The events ``person`` may see: all without fog or on their own turn; under fog the moves that end
    on a tile they see, and the other events that name a tile they see or no tile at all (turns, income,
    powers, the end)."""
    seen = seen_tiles(state, person)
    if seen is None or mover == person:
        return list(events)
    out = []
    for e in events:
        if e.kind == "move":             # a move tells where the unit ends up: only if that tile is seen
            if e.data.get("to") in seen:
                out.append(e)
            continue
        tiles = [e.data[k] for k in TILE_FIELDS if isinstance(e.data.get(k), str)]
        if not tiles or any(t in seen for t in tiles):
            out.append(e)
    return out


class Memories:
    """Per person (None: a spectator): the log of events seen, the last attack seen (text and why lines)
    and the trail of the other side's moves since that person's last turn ended."""

    def __init__(self) -> None:
        self.logs: dict[int | None, list[dict[str, Any]]] = {}
        self.attacks: dict[int | None, dict[str, Any]] = {}
        self.trails: dict[int | None, list[dict[str, Any]]] = {}

    def add(self, state: Any, events: list[Any], mover: int | None, people: list[int | None], ended: bool) -> None:
        """Remember what each of ``people`` saw of ``events`` played by ``mover`` (``ended``: an end of turn)."""
        step = len(state.record)
        for person in people:
            shown = shown_events(state, events, mover, person)
            self.logs[person] = self.logs.get(person, []) + log_lines(shown, step)
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
