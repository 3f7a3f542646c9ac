"""Supply and falling back: fronts.md, "Defense bonuses" (Supply) and "Battles" (where a loser goes).

Pure functions of the map, who owns each province and where enemy stacks stand. ``owners`` maps
each province to a player id or None (neutral); ``teams`` maps each player to its team.

Readings of the document, to revisit if the resolver needs otherwise:

- A stack is in supply when a friendly city (a city or capital of its team) can be reached from
  its province through provinces its team controls. Its own province starts the path whoever
  owns it; a friendly city it stands in supplies it at once.
- "after 2 turns it loses 1 unit every turn": turns 1 and 2 out of supply cost nothing, turn 3
  and every later turn out of supply cost 1 unit (taken in the loss order).
"""
from __future__ import annotations

from collections.abc import Collection, Mapping

from academy.core import graph

from .mapdata import FrontsMap

#: Turns out of supply before a stack starts losing a unit each turn.
GRACE_TURNS = 2


def _team(owner: str | None, teams: Mapping[str, str]) -> str | None:
    return None if owner is None else teams.get(owner)


def supply_path(fmap: FrontsMap, province: str, team: str, owners: Mapping[str, str | None],
                teams: Mapping[str, str]) -> tuple[str, ...] | None:
    """The shortest path from ``province`` to a city of ``team`` through the team's provinces, or None.

    >>> from academy.games.fronts.mapdata import load_map
    >>> m = load_map("duel")
    >>> owners = {p: prov.owner for p, prov in m.provinces.items()}
    >>> supply_path(m, "oakhollow", "north", owners, {"red": "north", "blue": "south"})
    ('oakhollow', 'millbrook')
    """
    def friendly(p: str) -> bool:
        return _team(owners.get(p), teams) == team

    return graph.first_path(fmap.border_graph, province, lambda p: fmap.provinces[p].is_city and friendly(p), friendly)


def is_supplied(fmap: FrontsMap, province: str, team: str, owners: Mapping[str, str | None],
                teams: Mapping[str, str]) -> bool:
    """Is a stack of ``team`` in ``province`` in supply? See ``supply_path``."""
    return supply_path(fmap, province, team, owners, teams) is not None


def attrition(turns_out_of_supply: int) -> int:
    """Units a stack loses this turn after ``turns_out_of_supply`` turns out (this one included).

    >>> [attrition(t) for t in range(5)]
    [0, 0, 0, 1, 1]
    """
    return 1 if turns_out_of_supply > GRACE_TURNS else 0


def fall_back_options(fmap: FrontsMap, province: str, team: str, came_from: str | None,
                      owners: Mapping[str, str | None], teams: Mapping[str, str],
                      enemy_stacks: Collection[str]) -> tuple[str, ...]:
    """Where a losing stack of ``team`` may fall back to from ``province``; () means it is destroyed.

    A loser that just moved in (``came_from`` given) falls back to where it came from if no enemy
    stack is there. A loser that was standing still falls back to a neighbouring province its team
    owns with no enemy stack; every such province is listed, sorted (the resolver picks one).
    """
    if came_from is not None:
        return () if came_from in enemy_stacks else (came_from,)
    return tuple(sorted(n for n in fmap.neighbours[province]
                        if _team(owners.get(n), teams) == team and n not in enemy_stacks))
