"""The working data of one turn's resolution: the parts of stacks (groups) and what happened to them.

A ``Group`` is a part of a stack during the turn: the part that stands, or a part that moves along
its route. ``Turn`` holds the board being changed, the generator that draws battle winners, the
supports and strikes given, and the events and per-order outcomes written so far. ``draw``, when
given, chooses each battle's winner in place of the generator (``academy.games.fronts.odds``).
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from academy.core.protocol import Event

from .board import NEUTRAL, Board, ground, size
from .mapdata import FrontsMap


@dataclass
class Group:
    """A part of a stack during the turn: standing, or moving along ``path``."""

    id: int
    owner: str
    team: str
    units: dict[str, int]
    at: str
    path: list[str]
    supplied: bool = True
    oos: int = 0
    came_from: str | None = None
    order: str = ""
    fate: list[str] = field(default_factory=list)

    @property
    def has_ground(self) -> bool:
        return size(ground(self.units)) > 0


@dataclass
class Turn:
    """The working data of one resolution."""

    fmap: FrontsMap
    board: Board
    rng: random.Random
    groups: list[Group] = field(default_factory=list)
    #: (owner, source, guns, target, id of the standing group the guns are in)
    supports: list[tuple[str, str, int, str, int]] = field(default_factory=list)
    #: (owner, city, planes, target, id of the standing group the planes are in)
    strikes: list[tuple[str, str, int, str, int]] = field(default_factory=list)
    #: at the start of each step, where each standing group is and what it holds
    ready: dict[int, tuple[str, dict[str, int]]] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    #: (player, order text) -> the group that carries out a move
    movers: dict[tuple[str, str], Group] = field(default_factory=dict)
    #: supports and strikes that counted in a battle: (player, source, target)
    used: set[tuple[str, str, str]] = field(default_factory=set)
    built: dict[tuple[str, str], bool] = field(default_factory=dict)
    #: chooses each battle's winner instead of the generator (the odds preview walks every branch):
    #: ``draw(turn, battle, sides)`` with the Battle and the groups of each side -> the winner's index
    draw: Callable[[Turn, Any, list[list[Group]]], int] | None = None
    #: False: the battles' reports (each factor, in words) are left unwritten (a bot's search reads only the
    #: board it leaves)
    reports: bool = True
    #: the movement step being resolved (1, 2, ...)
    step: int = 0

    def name(self, p: str) -> str:
        return self.fmap.name_of(p)

    def who(self, owner: str) -> str:
        return "Neutral" if owner == NEUTRAL else self.fmap.players[owner].name

    def teams_map(self) -> dict[str, str]:
        return dict(self.board.teams)

    def event(self, kind: str, text: str, data: Mapping[str, Any], why: Sequence[str] = (),
              teams: Sequence[str] | None = None) -> None:
        """Record an event; ``teams`` lists who may see it (None: everyone)."""
        self.events.append(Event(kind, text, {**data, "visible_to": None if teams is None else sorted(set(teams))},
                                 tuple(why)))
