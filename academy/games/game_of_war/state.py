"""The Game of War state: the position, whose turn, the moves made this turn, pending retreats, the phase;
the protocol methods. The rules themselves live in rules.py (over moves, combat and communication).

Phases: "deploy" (free deployment, North then South), "first" (the draw for who starts, a CHANCE node),
"retreat" (the player to move must first retreat a unit attacked at defence + 1), "play", "over".
Players: 0 North, 1 South.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from academy.core.jsonio import check_envelope, envelope
from academy.core.protocol import Event, NodeKind, State
from academy.core.record import Record

from . import rules
from .communication import communication
from .position import Position
from .units import MOVES_PER_TURN, SIDES

if TYPE_CHECKING:
    from .game import GameOfWarGame

SCHEMA, VERSION = "academy.game_of_war.state", 1
PHASES = ("deploy", "first", "retreat", "play", "over")


class GameOfWarState(State):
    """A Game of War moment. ``position`` is an immutable Position replaced at each change."""

    game: GameOfWarGame

    def __init__(self, game: GameOfWarGame, record: Record, position: Position, phase: str = "first") -> None:
        super().__init__(game, record)
        self.position = position
        self.phase = phase
        self.current: int | None = None
        self.first: int | None = None
        self.moved: list[str] = []
        self.retreats: list[str] = []
        self.turn = 0
        self.won_by: int | None = None
        self.result: str | None = None     # "arsenals", "army" or "draw" once over

    # --- protocol --------------------------------------------------------------------------
    def node_kind(self) -> NodeKind:
        if self.phase == "over":
            return NodeKind.TERMINAL
        return NodeKind.CHANCE if self.phase == "first" else NodeKind.DECISION

    def to_move(self) -> int | None:
        return self.current if self.node_kind() is NodeKind.DECISION else None

    def winner(self) -> int | None:
        """0 (North) or 1 (South) once won; None while playing or after a draw."""
        return self.won_by

    def legal_actions(self, player: int | None = None) -> list[Any]:
        if self.node_kind() is not NodeKind.DECISION or (player is not None and player != self.current):
            return []
        return rules.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return rules.chance_outcomes(self) if self.node_kind() is NodeKind.CHANCE else []

    def _validate(self, action: Any) -> None:
        rules.validate(self, action)

    def _apply(self, action: Any) -> list[Event]:
        return rules.apply(self, action)

    def clone(self) -> GameOfWarState:
        """An independent copy (the position is immutable and shared)."""
        twin = copy.copy(self)
        twin.moved, twin.retreats = list(self.moved), list(self.retreats)
        twin.record = self.record.fork()
        return twin

    # --- questions the UI, bots and lessons ask ---------------------------------------------
    @property
    def side(self) -> str | None:
        """The side to move ("north"/"south"), or None."""
        return SIDES[self.current] if self.current is not None else None

    @property
    def moves_left(self) -> int:
        return MOVES_PER_TURN - len(self.moved)

    def connected(self, side: str) -> frozenset[str]:
        """The ids of ``side``'s units in communication now."""
        return communication(self.position, side).connected

    # --- views and persistence -------------------------------------------------------------
    def _fields(self) -> dict[str, Any]:
        return {"phase": self.phase, "current": self.current, "first": self.first, "moved": list(self.moved),
                "retreats": list(self.retreats), "turn": self.turn, "winner": self.won_by, "result": self.result,
                "position": self.position.to_dict()}

    def to_json(self) -> dict[str, Any]:
        return envelope(SCHEMA, VERSION, {"options": dict(self.game.options), **self._fields()})

    def visible_events(self, events: list[Event], mover: int | None, player: int | None) -> list[Event]:
        """The events as ``player`` may see them: another side's deployment says only that a unit was placed."""
        return told_to(events, player)

    def hidden_information(self) -> str | None:
        return "the units each side has deployed so far (hidden deployment)" if self.phase == "deploy" else None

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` (None: a spectator) may see. During free deployment the units of the other side
        (all units, for a spectator) are left out until both sides are done; ``enemy_placed`` counts them."""
        data = self._fields()
        data["viewer"] = player
        data["moves_left"] = self.moves_left
        if self.phase == "deploy":
            mine = SIDES[player] if player is not None else None
            units = data["position"]["units"]
            data["position"]["units"] = [u for u in units if u["side"] == mine]
            data["enemy_placed"] = len(units) - len(data["position"]["units"])
            data["unplaced"] = rules.unplaced(self, player) if player is not None else {}
            data["connected"] = {}
        else:
            data["connected"] = {s: sorted(self.connected(s)) for s in SIDES}
        return data

    @classmethod
    def from_json(cls, game: GameOfWarGame, data: Mapping[str, Any],
                  record: Record | None = None) -> GameOfWarState:
        """Inverse of to_json; raises ValueError for a wrong schema, missing fields or a bad position."""
        from .limits import TURN
        check_envelope(data, SCHEMA, VERSION)
        try:
            state = cls(game, record if record is not None else Record(game, 0, start=data),
                        Position.from_dict(data["position"]), data["phase"])
            state.current, state.first = data["current"], data["first"]
            state.moved, state.retreats = list(data["moved"]), list(data["retreats"])
            state.turn = TURN.read(data["turn"], "The turn")
            state.won_by, state.result = data["winner"], data["result"]
        except KeyError as exc:
            raise ValueError(f"Game of War state is missing {exc.args[0]!r}") from None
        if state.phase not in PHASES:
            raise ValueError(f"Unknown Game of War phase {state.phase!r}; expected one of {PHASES}.")
        for key in ("current", "first"):
            if getattr(state, key) not in (None, 0, 1) or isinstance(getattr(state, key), bool):
                raise ValueError(f"Game of War state: {key} is {getattr(state, key)!r}; it is 0 (North), 1 (South) "
                                 "or null.")
        if state.current is None and state.phase in ("deploy", "retreat", "play"):
            raise ValueError(f"Game of War state: nobody is to move in the {state.phase!r} phase; current is 0 "
                             "(North) or 1 (South).")
        return state


def told_to(events: list[Event], viewer: int | None) -> list[Event]:
    """The events as ``viewer`` may see them: another side's deployment says only that a unit was placed
    (which unit and where stay hidden until both armies are deployed)."""
    out = []
    for e in events:
        who = e.data.get("player") if isinstance(e.data, Mapping) else None
        if e.kind == "deploy" and who != viewer:
            side = "North" if who == 0 else "South" if who == 1 else "A side"
            e = Event("deploy", f"{side.title()} places a unit (hidden until both armies are deployed).", {"player": who})
        out.append(e)
    return out
