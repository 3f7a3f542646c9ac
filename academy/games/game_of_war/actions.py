"""The Game of War's actions (decisions) and its one chance outcome, as readable frozen dataclasses.

Squares are ``(x, y)``: x the column 0..24 west to east, y the row 0..19 north to south. A list given
for a square is turned into a tuple, so ``Move("N-I1", [4, 5]) == Move("N-I1", (4, 5))``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def _tuple_square(obj: Any, name: str) -> None:
    value = getattr(obj, name)
    if isinstance(value, list):
        object.__setattr__(obj, name, tuple(value))


# --- decisions -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Deploy:
    """Free deployment: place one unit of ``unit_type`` ("infantry", "cavalry", ...) on ``at`` in your half."""
    unit_type: str
    at: tuple[int, int]

    def __post_init__(self) -> None:
        _tuple_square(self, "at")


@dataclass(frozen=True)
class Move:
    """Move ``unit`` to ``to`` (onto an enemy arsenal: take it, which ends the turn)."""
    unit: str
    to: tuple[int, int]

    def __post_init__(self) -> None:
        _tuple_square(self, "to")


@dataclass(frozen=True)
class Attack:
    """The turn's attack: ``unit`` (a connected combat unit) attacks the enemy unit ``target``; ends the turn."""
    unit: str
    target: str


@dataclass(frozen=True)
class Retreat:
    """At the start of the owner's turn, a unit attacked at defence + 1 steps one square to ``to``."""
    unit: str
    to: tuple[int, int]

    def __post_init__(self) -> None:
        _tuple_square(self, "to")


@dataclass(frozen=True)
class EndTurn:
    """Finish the turn (after up to 5 moves, without attacking)."""


# --- chance outcomes -----------------------------------------------------------------------
@dataclass(frozen=True)
class FirstPlayer:
    """The side drawn to play first: 0 North, 1 South."""
    player: int


DECISIONS = (Deploy, Move, Attack, Retreat, EndTurn)
OUTCOMES = (FirstPlayer,)
ALL = DECISIONS + OUTCOMES
