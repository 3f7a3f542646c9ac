"""Tactics' state: units on tiles, property owners, capture points, funds, the day and the
player to move, commander meters and powers; the protocol methods.

The rules (what is legal, what an action does) live in rules.py, combat.py and upkeep.py;
what each player may see lives in view.py.
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from academy.core.jsonio import check_envelope, envelope
from academy.core.protocol import Event, NodeKind, State
from academy.core.record import Record

from .board import Pos, Unit, tile_name
from .commanders import Commander, commander

if TYPE_CHECKING:
    from .game import TacticsGame

SCHEMA, VERSION = "academy.tactics.state", 1
CAPTURE_POINTS = 20
"""A property has 20 capture points (tactics.md, "Capturing")."""


class TacticsState(State):
    """A Tactics position. ``units`` maps (x, y) to the unit there; ``owners`` every property tile
    to its owner (player index or None = neutral); ``capture`` the points left on properties being
    captured; ``pending`` an attack waiting for its luck roll (a CHANCE node)."""

    game: TacticsGame

    def __init__(self, game: TacticsGame, record: Record) -> None:
        super().__init__(game, record)
        tmap = game.map
        n = game.num_players
        self.units: dict[Pos, Unit] = {}
        self.owners: dict[Pos, int | None] = {
            p: (None if o is None else tmap.players.index(o)) for p, o in tmap.owners.items()}
        self.capture: dict[Pos, int] = {}
        self.funds: list[int] = [int(game.options["starting_funds"])] * n
        self.current = 0
        self.day = 1
        self.alive: list[bool] = [True] * n
        self.meter: list[int] = [0] * n
        self.power: list[str | None] = [None] * n
        self.pending: dict[str, Any] | None = None
        self.won_by: int | None = None
        self.over = False

    # --- protocol --------------------------------------------------------------------------
    def node_kind(self) -> NodeKind:
        if self.over:
            return NodeKind.TERMINAL
        return NodeKind.CHANCE if self.pending is not None else NodeKind.DECISION

    def to_move(self) -> int | None:
        return self.current if self.node_kind() is NodeKind.DECISION else None

    def winner(self) -> int | None:
        return self.won_by

    def legal_actions(self, player: int | None = None) -> list[Any]:
        from . import rules
        if self.node_kind() is not NodeKind.DECISION or (player is not None and player != self.current):
            return []
        return rules.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        from . import combat
        return combat.luck_outcomes(self) if self.node_kind() is NodeKind.CHANCE else []

    def _validate(self, action: Any) -> None:
        from . import rules
        rules.validate(self, action)

    def _apply(self, action: Any) -> list[Event]:
        from . import rules
        return rules.apply(self, action)

    # --- questions the UI, bots and lessons ask ---------------------------------------------
    def units_of(self, player: int) -> dict[Pos, Unit]:
        """The units of ``player`` on the board (not counting cargo)."""
        return {p: u for p, u in self.units.items() if u.owner == player}

    def unit_count(self, player: int) -> int:
        """Units of ``player``, those riding in transports included."""
        return sum(1 + len(u.cargo) for u in self.units.values() if u.owner == player)

    def properties_of(self, player: int) -> list[Pos]:
        return [p for p, o in self.owners.items() if o == player]

    def terrain(self, pos: Pos) -> str:
        return self.game.map.grid[pos[1]][pos[0]]

    def commander_of(self, player: int) -> Commander | None:
        """The commander of ``player`` (None when it plays without one)."""
        return commander(self.game.options["commanders"][player])

    # --- views and persistence -------------------------------------------------------------
    def _fields(self) -> dict[str, Any]:
        return {
            "units": {tile_name(p): u.to_json() for p, u in sorted(self.units.items(), key=lambda kv: kv[0][::-1])},
            "owners": {tile_name(p): o for p, o in sorted(self.owners.items(), key=lambda kv: kv[0][::-1])},
            "capture": {tile_name(p): c for p, c in sorted(self.capture.items(), key=lambda kv: kv[0][::-1])},
            "funds": list(self.funds), "current": self.current, "day": self.day, "alive": list(self.alive),
            "meter": list(self.meter), "power": list(self.power),
            "pending": dict(self.pending) if self.pending else None,
            "winner": self.won_by, "over": self.over,
        }

    def to_json(self) -> dict[str, Any]:
        return envelope(SCHEMA, VERSION, {"options": dict(self.game.options), **self._fields()})

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (fog, hidden funds, cargo counts); see view.observation."""
        from .view import observation
        return observation(self, player)

    def visible_events(self, events: list[Event], mover: int | None, player: int | None) -> list[Event]:
        """What ``player`` may see of ``events`` under fog, told from what it sees; see view.visible_events."""
        from .view import visible_events
        return visible_events(self, events, mover, player)

    def hidden_information(self) -> str | None:
        if self.game.options["fog"] and not self.over:
            return "each army's moves and builds out of the other's sight (fog of war)"
        return None

    @classmethod
    def from_json(cls, game: TacticsGame, data: Mapping[str, Any], record: Record | None = None) -> TacticsState:
        """Inverse of to_json; raises ValueError for a wrong schema or missing fields."""
        from .board import parse_tile
        from .limits import CAPTURE, DAY, FUNDS, METER
        check_envelope(data, SCHEMA, VERSION)
        state = cls(game, record if record is not None else Record(game, 0, start=data))
        w, h = game.map.width, game.map.height
        try:
            state.units = {parse_tile(t, w, h): Unit.from_json(u) for t, u in data["units"].items()}
            state.owners = {parse_tile(t, w, h): o for t, o in data["owners"].items()}
            state.capture = {parse_tile(t, w, h): CAPTURE.read(c, f"The capture points of {t}")
                             for t, c in data["capture"].items()}
            state.funds = [FUNDS.read(f, "An army's funds") for f in data["funds"]]
            state.current, state.day = int(data["current"]), DAY.read(data["day"], "The day")
            state.alive = [bool(a) for a in data["alive"]]
            state.meter = [METER.read(m, "A power meter") for m in data["meter"]]
            state.power = list(data["power"])
            state.pending = dict(data["pending"]) if data["pending"] else None
            state.won_by, state.over = data["winner"], bool(data["over"])
        except KeyError as exc:
            raise ValueError(f"Tactics state is missing {exc.args[0]!r}") from None
        return state


def event(kind: str, text: str, why: tuple[str, ...] = (), **data: Any) -> Event:
    """A shorthand for :class:`Event`."""
    return Event(kind, text, data, why)
