"""What a player may see: fronts.md, "Fog".

- Owners of every province: always.
- Your team's stacks: exactly. Neutral garrisons: exactly (the map page lists them).
- Enemy stacks next to (or in the same province as) your team's stacks: exact counts.
- Enemy stacks next to your team's provinces: their unit types and a size range.
- A province a plane of your team scouted last turn, and its neighbours: exact counts.
- Further away: nothing.
"""
from __future__ import annotations

from typing import Any

from .board import Board, ground, size
from .mapdata import FrontsMap
from .units import LOSS_ORDER

#: size ranges shown for enemy stacks seen from your provinces
RANGES: tuple[tuple[int, int | None], ...] = ((1, 3), (4, 6), (7, 10), (11, 20), (21, None))


def size_range(n: int) -> str:
    """"1-3", "4-6", "7-10", "11-20" or "21+".

    >>> size_range(5), size_range(30)
    ('4-6', '21+')
    """
    for lo, hi in RANGES:
        if hi is None or n <= hi:
            return f"{lo}+" if hi is None else f"{lo}-{hi}"
    return "?"


def visible_stacks(board: Board, fmap: FrontsMap, team: str | None) -> dict[str, list[dict[str, Any]]]:
    """Per province, the stacks ``team`` (None: a spectator, who sees only garrisons) may see.

    Each entry: {"owner", "units"} with exact counts, or {"owner", "types", "size"} when only the
    types and a size range are known.
    """
    mine_stacks = board.team_stack_provinces(team) if team else set()
    mine_land = {p for p, o in board.owners.items() if o is not None and board.teams[o] == team} if team else set()
    exact = set(mine_stacks)
    for p in mine_stacks:
        exact |= fmap.neighbours[p]
    for pl, targets in board.scouted.items():
        if team and board.teams.get(pl) == team:
            for p in targets:
                exact |= {p, *fmap.neighbours[p]}
    rough = set(mine_land)
    for p in mine_land:
        rough |= fmap.neighbours[p]
    out: dict[str, list[dict[str, Any]]] = {}
    for prov, by_owner in ((p, board.stacks_in(p)) for p in fmap.provinces):
        seen = []
        for owner, units in sorted(by_owner.items()):
            friendly = owner != "neutral" and team is not None and board.teams[owner] == team
            if friendly or owner == "neutral" or prov in exact:
                seen.append({"owner": owner, "units": dict(units)})
            elif prov in rough:
                seen.append({"owner": owner, "types": [k for k in LOSS_ORDER if units.get(k)],
                             "size": size_range(size(units))})
        if seen:
            out[prov] = seen
    return out


def is_ground_stack(units: dict[str, int]) -> bool:
    return size(ground(units)) > 0
