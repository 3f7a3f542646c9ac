"""Conquest's state: who owns what, armies, cards, the phase; the protocol methods.

The rules themselves (what is legal, what an action does) live in rules.py.
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from academy.core.jsonio import check_envelope, envelope
from academy.core.protocol import Event, NodeKind, State
from academy.core.record import Record

from . import rules

if TYPE_CHECKING:
    from .game import ConquestGame

SCHEMA, VERSION = "academy.conquest.state", 1
NEUTRAL = -1
CHANCE_PHASES = {"first", "deal", "random_place", "battle", "draw"}
#: every phase, in the order a game meets them
PHASES = ("first", "deal", "claim", "place", "random_place", "reinforce", "attack", "battle",
          "occupy", "cashout", "draw", "fortify", "over")


class ConquestState(State):
    """A Conquest position. Fields are plain data so the state round-trips through JSON."""

    game: ConquestGame

    def __init__(self, game: ConquestGame, record: Record) -> None:
        super().__init__(game, record)
        cmap = game.map
        self.owner: dict[str, int | None] = {t: None for t in cmap.territories}
        self.armies: dict[str, int] = {t: 0 for t in cmap.territories}
        self.phase = "first"
        self.current: int | None = None
        self.first: int | None = None
        self.hands: list[list[str]] = [[] for _ in range(game.num_players)]
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.sets_traded = 0
        self.reinforcements = 0
        self.conquered = False
        self.battle: dict[str, Any] | None = None
        self.occupy: dict[str, Any] | None = None
        self.pool: list[int] = []          # set-up armies left: one per player, then neutral's
        self.placed_this_turn = 0          # set-up placements in the current set-up turn
        self.deal_next = 0                 # index into rules.pile_order of the next pile dealt to
        self.turn = 0
        self.won_by: int | None = None

    # --- protocol --------------------------------------------------------------------------
    def node_kind(self) -> NodeKind:
        if self.phase == "over":
            return NodeKind.TERMINAL
        return NodeKind.CHANCE if self.phase in CHANCE_PHASES else NodeKind.DECISION

    def to_move(self) -> int | None:
        return self.current if self.node_kind() is NodeKind.DECISION else None

    def winner(self) -> int | None:
        return self.won_by

    def legal_actions(self, player: int | None = None) -> list[Any]:
        if self.node_kind() is not NodeKind.DECISION:
            return []
        if player is not None and player != self.current:
            return []
        return rules.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return rules.chance_outcomes(self) if self.node_kind() is NodeKind.CHANCE else []

    def _validate(self, action: Any) -> None:
        rules.validate(self, action)

    def _apply(self, action: Any) -> list[Event]:
        return rules.apply(self, action)

    # --- questions the UI, bots and lessons ask ---------------------------------------------
    def territories_of(self, player: int) -> list[str]:
        return [t for t, o in self.owner.items() if o == player]

    def is_eliminated(self, player: int) -> bool:
        """True once set-up is over and the player holds no territory."""
        return self.phase not in ("first", "deal", "claim") and not any(o == player for o in self.owner.values())

    def players_in(self) -> list[int]:
        return [p for p in range(self.game.num_players) if not self.is_eliminated(p)]

    # --- views and persistence -------------------------------------------------------------
    def _fields(self) -> dict[str, Any]:
        return {
            "owner": dict(self.owner), "armies": dict(self.armies), "phase": self.phase,
            "current": self.current, "first": self.first, "hands": [list(h) for h in self.hands],
            "deck": list(self.deck), "discard": list(self.discard), "sets_traded": self.sets_traded,
            "reinforcements": self.reinforcements, "conquered": self.conquered,
            "battle": dict(self.battle) if self.battle else None,
            "occupy": dict(self.occupy) if self.occupy else None,
            "pool": list(self.pool), "placed_this_turn": self.placed_this_turn,
            "deal_next": self.deal_next, "turn": self.turn, "winner": self.won_by,
        }

    def to_json(self) -> dict[str, Any]:
        return envelope(SCHEMA, VERSION, {"options": dict(self.game.options), **self._fields()})

    def hidden_information(self) -> str | None:
        if self.node_kind() is not NodeKind.TERMINAL and any(self.hands):
            return "the cards in each player's hand"
        return None

    def observation(self, player: int | None) -> dict[str, Any]:
        """The state as ``player`` sees it: other hands as counts, the deck as a count."""
        data = self._fields()
        data["hands"] = [list(h) if p == player else len(h) for p, h in enumerate(self.hands)]
        data["deck"] = len(self.deck)
        data["viewer"] = player
        data["next_set_value"] = rules.set_value(self.sets_traded)
        return data

    @classmethod
    def from_json(cls, game: ConquestGame, data: Mapping[str, Any], record: Record | None = None) -> ConquestState:
        """Inverse of to_json; raises ValueError for a wrong schema or missing fields, InvalidNotation (a
        ValueError) for a number beyond its limit (``limits``)."""
        from .limits import ARMIES, COUNT, SETS_TRADED, TURN
        check_envelope(data, SCHEMA, VERSION)
        state = cls(game, record if record is not None else Record(game, 0, start=data))
        try:
            state.owner = {t: data["owner"][t] for t in game.map.territories}
            state.armies = {t: ARMIES.read(data["armies"][t], game.map.name_of(t)) for t in game.map.territories}
            state.phase = data["phase"]
            state.current, state.first = data["current"], data["first"]
            state.hands = [list(h) for h in data["hands"]]
            state.deck, state.discard = list(data["deck"]), list(data["discard"])
            state.sets_traded = SETS_TRADED.read(data["sets_traded"], "Sets traded")
            state.reinforcements = COUNT.read(data["reinforcements"], "The reinforcements to place")
            state.conquered = bool(data["conquered"])
            state.battle = dict(data["battle"]) if data["battle"] else None
            state.occupy = dict(data["occupy"]) if data["occupy"] else None
            state.pool = list(data["pool"])
            state.placed_this_turn = COUNT.read(data["placed_this_turn"], "The armies placed this turn")
            state.deal_next = COUNT.read(data["deal_next"], "The next deal")
            state.turn = TURN.read(data["turn"], "The turn")
            state.won_by = data["winner"]
        except KeyError as exc:
            raise ValueError(f"Conquest state is missing {exc.args[0]!r}") from None
        if state.phase not in PHASES:
            raise ValueError(f"Unknown Conquest phase {state.phase!r}; expected one of {PHASES}.")
        return state
