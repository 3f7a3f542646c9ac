"""The Fronts board: who owns what, where the stacks stand, funds and the counters of the turn.

A ``Board`` is plain JSON-able data (dicts of ids and counts) so that a state, a replay and a
lesson position are the same thing. Stacks are kept per player and province (a player has at most
one stack in a province); neutral stacks (garrisons, and the armies of a player knocked out of a
free-for-all) are kept per province.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .mapdata import FrontsMap
from .terrain import DIG_IN_TURNS
from .units import LOSS_ORDER, parse_units

NEUTRAL = "neutral"
Units = dict[str, int]


def empty_units() -> Units:
    return dict.fromkeys(LOSS_ORDER, 0)


def add_units(a: Mapping[str, int], b: Mapping[str, int]) -> Units:
    return {k: a.get(k, 0) + b.get(k, 0) for k in LOSS_ORDER}


def sub_units(a: Mapping[str, int], b: Mapping[str, int]) -> Units:
    return {k: a.get(k, 0) - b.get(k, 0) for k in LOSS_ORDER}


def ground(units: Mapping[str, int]) -> Units:
    """The ground units of a stack (planes left out)."""
    return {k: (units.get(k, 0) if k != "air" else 0) for k in LOSS_ORDER}


def size(units: Mapping[str, int]) -> int:
    return sum(units.values())


@dataclass
class Board:
    """Everything on the map at the start of a turn (see the module docstring)."""

    turn: int
    players: tuple[str, ...]
    teams: dict[str, str]
    owners: dict[str, str | None]
    stacks: dict[str, dict[str, Units]]
    neutral: dict[str, Units]
    funds: dict[str, int]
    dug: dict[str, int] = field(default_factory=dict)
    held: dict[str, int] = field(default_factory=dict)
    half: list[str] = field(default_factory=list)
    oos: dict[str, dict[str, int]] = field(default_factory=dict)
    scouted: dict[str, list[str]] = field(default_factory=dict)
    out: list[str] = field(default_factory=list)
    surrendered: list[str] = field(default_factory=list)

    # --- set up -------------------------------------------------------------------------------
    @classmethod
    def start(cls, fmap: FrontsMap, players: Sequence[str], teams: Mapping[str, str]) -> Board:
        """The map's starting position for ``players``; the land and armies of the map's other
        players turn neutral. Starting cities are fully dug in."""
        owners = {p: (o if o in players else None) for p, o in ((p, prov.owner) for p, prov in fmap.provinces.items())}
        stacks: dict[str, dict[str, Units]] = {pl: {} for pl in players}
        neutral: dict[str, Units] = {p: parse_units(u) for p, u in fmap.garrisons.items()}
        for pl, by_prov in fmap.stacks.items():
            for prov, units in by_prov.items():
                if pl in players:
                    stacks[pl][prov] = parse_units(units)
                elif size(ground(units)):
                    neutral[prov] = add_units(neutral.get(prov, empty_units()), ground(units))
        dug = {p: DIG_IN_TURNS for p in fmap.cities() if owners[p] is not None}
        return cls(turn=1, players=tuple(players), teams=dict(teams), owners=owners, stacks=stacks,
                   neutral=neutral, funds={pl: fmap.players[pl].funds for pl in players}, dug=dug,
                   held={p: 0 for p in fmap.cities() if owners[p] is not None},
                   oos={pl: {} for pl in players}, scouted={pl: [] for pl in players})

    # --- questions ----------------------------------------------------------------------------
    def team_of(self, player: str | None) -> str:
        """A player's team; NEUTRAL for None (neutral land and garrisons)."""
        return NEUTRAL if player is None else self.teams[player]

    def active(self) -> list[str]:
        """Players still in the game (not out, not surrendered)."""
        return [p for p in self.players if p not in self.out and p not in self.surrendered]

    def stack_of(self, player: str, province: str) -> Units:
        return dict(self.stacks.get(player, {}).get(province, empty_units()))

    def stacks_in(self, province: str) -> dict[str, Units]:
        """Every stack in a province by owner (NEUTRAL for a neutral stack)."""
        out = {pl: dict(by[province]) for pl, by in self.stacks.items() if province in by}
        if province in self.neutral:
            out[NEUTRAL] = dict(self.neutral[province])
        return out

    def team_stack_provinces(self, team: str) -> set[str]:
        return {p for pl, by in self.stacks.items() if self.teams[pl] == team for p in by}

    def enemy_stack_provinces(self, team: str) -> set[str]:
        """Provinces holding a stack of another team (neutral stacks included)."""
        found = {p for pl, by in self.stacks.items() if self.teams[pl] != team for p in by}
        return found | set(self.neutral)

    def cities_of(self, player: str, fmap: FrontsMap) -> list[str]:
        return [p for p in fmap.cities() if self.owners[p] == player]

    def provinces_of(self, player: str) -> list[str]:
        return [p for p, o in self.owners.items() if o == player]

    # --- changes ------------------------------------------------------------------------------
    def put(self, player: str, province: str, units: Mapping[str, int]) -> None:
        """Add units to a player's stack (NEUTRAL: to the neutral stack) in a province."""
        where = self.neutral if player == NEUTRAL else self.stacks.setdefault(player, {})
        where[province] = add_units(where.get(province, empty_units()), units)
        if not size(where[province]):
            del where[province]

    def take(self, player: str, province: str, units: Mapping[str, int]) -> None:
        """Remove units from a stack; an emptied stack disappears (with its supply counter)."""
        where = self.neutral if player == NEUTRAL else self.stacks[player]
        left = sub_units(where[province], units)
        if any(v < 0 for v in left.values()):
            raise ValueError(f"cannot take {units} from {where[province]} in {province}")
        where[province] = left
        if not size(left):
            del where[province]
            if player != NEUTRAL:
                self.oos.get(player, {}).pop(province, None)

    # --- JSON ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy({
            "turn": self.turn, "players": list(self.players), "teams": self.teams, "owners": self.owners,
            "stacks": {pl: dict(sorted(by.items())) for pl, by in self.stacks.items()},
            "neutral": dict(sorted(self.neutral.items())), "funds": self.funds,
            "dug": dict(sorted(self.dug.items())), "held": dict(sorted(self.held.items())),
            "half": sorted(self.half), "oos": {pl: dict(sorted(by.items())) for pl, by in self.oos.items()},
            "scouted": {pl: sorted(v) for pl, v in self.scouted.items()},
            "out": list(self.out), "surrendered": list(self.surrendered)})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        """Inverse of ``to_dict``; raises KeyError for a missing field."""
        d = copy.deepcopy(dict(data))
        return cls(turn=int(d["turn"]), players=tuple(d["players"]), teams=d["teams"], owners=d["owners"],
                   stacks=d["stacks"], neutral=d["neutral"], funds=d["funds"], dug=d["dug"], held=d["held"],
                   half=list(d["half"]), oos=d["oos"], scouted=d["scouted"], out=list(d["out"]),
                   surrendered=list(d["surrendered"]))

    def copy(self) -> Board:
        """``Board.from_dict(self.to_dict())``, in the same order, without the two deep copies (a bot's search
        copies a board for every way a turn can go)."""
        return Board(turn=self.turn, players=tuple(self.players), teams=dict(self.teams), owners=dict(self.owners),
                     stacks={pl: {p: dict(u) for p, u in sorted(by.items())} for pl, by in self.stacks.items()},
                     neutral={p: dict(u) for p, u in sorted(self.neutral.items())}, funds=dict(self.funds),
                     dug=dict(sorted(self.dug.items())), held=dict(sorted(self.held.items())), half=sorted(self.half),
                     oos={pl: dict(sorted(by.items())) for pl, by in self.oos.items()},
                     scouted={pl: sorted(v) for pl, v in self.scouted.items()}, out=list(self.out),
                     surrendered=list(self.surrendered))
