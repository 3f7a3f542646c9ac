"""The movement step model: fronts.md, "Turn order", "Units" and "Leaving a city".

- All stacks move one province per step, at the same time: a route's k-th province is reached at step k.
- A stack has the moves of its slowest ground unit: infantry and artillery 1, armor 2. Air never moves.
- Armor entering forest spends 2 moves (it is still one province, one step).
- Entering mountain, or crossing a river, ends a stack's move.

Everything here is a pure function of the map and the routes; the resolver decides what the
contacts lead to (battles, border clashes, stopping).

>>> from academy.games.fronts.mapdata import load_map
>>> plan_route(load_map("duel"), {"armor": 2}, "millbrook", ["westmere", "greyridge"]).ended_by
'mountain'
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from academy.core.errors import IllegalAction
from academy.core.text import count

from .mapdata import FrontsMap
from .units import format_units, parse_units, stack_moves


def entry_cost(units: Mapping[str, int], terrain: str) -> int:
    """Moves spent entering a province of ``terrain``: 2 for a stack with armor entering forest, else 1."""
    return 2 if terrain == "forest" and parse_units(units)["armor"] else 1


def ends_move(fmap: FrontsMap, src: str, dst: str) -> str | None:
    """Why a step from ``src`` into ``dst`` ends the move ("mountain", "river"), or None."""
    if fmap.provinces[dst].terrain == "mountain":
        return "mountain"
    if fmap.has_river(src, dst):
        return "river"
    return None


@dataclass(frozen=True)
class Route:
    """A checked move: where the stack starts, the provinces it enters in order, and what it spent."""

    start: str
    path: tuple[str, ...]
    moves: int
    spent: int
    ended_by: str | None

    @property
    def end(self) -> str:
        return self.path[-1] if self.path else self.start

    def at_step(self, step: int) -> str:
        """Where the stack is after ``step`` steps (0 is the start; past the end it stays at the end)."""
        if step <= 0 or not self.path:
            return self.start
        return self.path[min(step, len(self.path)) - 1]

    def crosses_river(self, fmap: FrontsMap, step: int) -> bool:
        """Does the stack cross a river during ``step`` (1-based)?"""
        if not 1 <= step <= len(self.path):
            return False
        return fmap.has_river(self.at_step(step - 1), self.at_step(step))


def plan_route(fmap: FrontsMap, units: Mapping[str, int], start: str, path: Sequence[str]) -> Route:
    """Check a stack's move and return its Route; raises IllegalAction with a reason and a fix.

    Reasons: ``unknown_province``, ``no_units``, ``air_never_moves``, ``not_adjacent``,
    ``loops_back``, ``move_ended`` (a mountain or a river ended the move earlier) and ``too_far``.
    An empty ``path`` is staying put.
    """
    counts = parse_units(units)
    for p in (start, *path):
        if p not in fmap.provinces:
            fmap.resolve(p)  # raises InvalidNotation with "did you mean"
            raise IllegalAction("unknown_province", f"{p!r} is a name, not a province id: use {fmap.resolve(p)!r}.")
    what = format_units(counts)
    if not path:
        return Route(start, (), stack_moves(counts), 0, None)
    if counts["air"]:
        raise IllegalAction("air_never_moves", f"Move from {fmap.name_of(start)} refused: planes never move, they "
                                               "stay in the city where they were built. Leave the air out of the "
                                               "moving stack; use it to strike or scout instead.")
    moves = stack_moves(counts)
    if not any(counts.values()):
        raise IllegalAction("no_units", f"Move from {fmap.name_of(start)} refused: the stack has no units. "
                                        "Give at least one ground unit.")
    seen = {start}
    here = start
    spent = 0
    ended_by: str | None = None
    for i, nxt in enumerate(path):
        route_text = " → ".join(fmap.name_of(p) for p in (start, *path))
        if ended_by is not None:
            cause = ("entering mountain" if ended_by == "mountain" else "crossing a river")
            raise IllegalAction("move_ended", f"Move {route_text} refused: {cause} into {fmap.name_of(here)} ends "
                                              f"the move. Stop in {fmap.name_of(here)} and go on next turn.")
        if not fmap.are_adjacent(here, nxt):
            near = ", ".join(sorted(fmap.name_of(n) for n in fmap.neighbours[here]))
            raise IllegalAction("not_adjacent", f"Move {route_text} refused: {fmap.name_of(nxt)} does not border "
                                                f"{fmap.name_of(here)}. From {fmap.name_of(here)} you can go to: {near}.")
        if nxt in seen:
            raise IllegalAction("loops_back", f"Move {route_text} refused: it enters {fmap.name_of(nxt)} twice. "
                                              "Give each province once, or stay put.")
        cost = entry_cost(counts, fmap.provinces[nxt].terrain)
        if spent + cost > moves:
            if cost == 2 and i == 0 and moves < 2:      # infantry and armor together, next to a forest
                raise IllegalAction("too_far", f"Move {route_text} refused: armor spends 2 moves entering a "
                                               f"forest ({fmap.name_of(nxt)}), and a stack of {what} moves at the pace of "
                                               "its slowest unit: 1 move a turn. Give the armor and the other units an order "
                                               "each: each part can enter on its own.")
            if cost == 2 and i > 0:
                why = (f"armor entering forest ({fmap.name_of(nxt)}) spends 2 moves and only "
                       f"{moves - spent} is left")
            else:
                why = f"{what} has {count(moves, 'move')} a turn"
            raise IllegalAction("too_far", f"Move {route_text} refused: {why}. Stop in {fmap.name_of(here)} "
                                           f"this turn, or move only armor to go further.")
        spent += cost
        ended_by = ends_move(fmap, here, nxt)
        seen.add(nxt)
        here = nxt
    return Route(start, tuple(path), moves, spent, ended_by)


def reachable(fmap: FrontsMap, units: Mapping[str, int], start: str) -> dict[str, tuple[str, ...]]:
    """Every province this stack can end its move in, with one shortest legal path to it.

    >>> from academy.games.fronts.mapdata import load_map
    >>> sorted(reachable(load_map("duel"), {"infantry": 1}, "ashford"))
    ['ashford', 'millbrook', 'northgate', 'westmere']
    """
    found: dict[str, tuple[str, ...]] = {start: ()}
    frontier: list[tuple[str, ...]] = [()]
    while frontier:
        nxt_frontier = []
        for path in frontier:
            here = path[-1] if path else start
            for n in sorted(fmap.neighbours[here]):
                if n in found:
                    continue
                try:
                    plan_route(fmap, units, start, (*path, n))
                except IllegalAction:
                    continue
                found[n] = (*path, n)
                nxt_frontier.append((*path, n))
        frontier = nxt_frontier
    return found


# --- at the same time --------------------------------------------------------------------

@dataclass(frozen=True)
class Mover:
    """A stack of a team with its route (a Route whose path is empty stands still)."""

    id: str
    team: str
    route: Route


@dataclass(frozen=True)
class Contact:
    """Enemies meeting at one step: in a province, or on a border when armies swap places.

    ``where`` is (province,) or, for a border, the two provinces (from the first mover's side).
    ``movers`` are the ids involved, sorted.
    """

    kind: Literal["province", "border"]
    step: int
    where: tuple[str, ...]
    movers: tuple[str, ...]


def positions(movers: Sequence[Mover], step: int) -> dict[str, str]:
    """Where every stack is after ``step`` steps."""
    return {m.id: m.route.at_step(step) for m in movers}


def contacts(movers: Sequence[Mover], step: int) -> list[Contact]:
    """The contacts at ``step`` (1-based): border clashes first, then provinces holding 2+ teams.

    Movers in a border clash are not also counted in the province they were heading for.
    Stacks only pass each other when they swap places; a stack that leaves as an enemy
    arrives meets no one ("Leaving a city").
    """
    before = positions(movers, step - 1)
    after = positions(movers, step)
    team = {m.id: m.team for m in movers}
    clashes: list[Contact] = []
    in_clash: set[str] = set()
    ids = [m.id for m in movers]
    for i, a in enumerate(ids):
        if before[a] == after[a]:
            continue
        for b in ids[i + 1:]:
            if team[a] != team[b] and before[b] == after[a] and after[b] == before[a]:
                clashes.append(Contact("border", step, (before[a], after[a]), tuple(sorted((a, b)))))
                in_clash.update((a, b))
    meetings: list[Contact] = []
    by_place: dict[str, list[str]] = {}
    for m in ids:
        if m not in in_clash:
            by_place.setdefault(after[m], []).append(m)
    for place, here in by_place.items():
        moved = any(before[m] != after[m] for m in here)
        if moved and len({team[m] for m in here}) > 1:
            meetings.append(Contact("province", step, (place,), tuple(sorted(here))))
    return clashes + meetings


def first_contacts(movers: Sequence[Mover]) -> list[Contact]:
    """The contacts at the first step that has any, or [] if every stack arrives unopposed."""
    last = max((len(m.route.path) for m in movers), default=0)
    for step in range(1, last + 1):
        found = contacts(movers, step)
        if found:
            return found
    return []
