"""Tactics actions (decisions) and the luck roll (the one chance outcome), as frozen dataclasses.

Tiles are written as on the board: a column letter and a row number, ``"B3"`` = x 1, y 2.
A unit's turn is one decision: it moves from ``at`` to ``to`` (the same tile = it stays)
and then takes one action (tactics.md, "Turns and days"): :class:`Wait`, :class:`Attack`,
:class:`Capture`, :class:`Load`, :class:`Unload` or :class:`Supply`.

>>> Attack("B3", "C5", "D5")
Attack(at='B3', to='C5', target='D5')
"""
from __future__ import annotations

from dataclasses import dataclass


# --- a unit's turn: move, then one action ----------------------------------------------------
@dataclass(frozen=True)
class Wait:
    """Move the unit at ``at`` to ``to`` and end its turn there."""
    at: str
    to: str


@dataclass(frozen=True)
class Attack:
    """Move to ``to``, then fire at the enemy unit on ``target``."""
    at: str
    to: str
    target: str


@dataclass(frozen=True)
class Capture:
    """Move a foot soldier to ``to`` (a neutral or enemy property) and capture it."""
    at: str
    to: str


@dataclass(frozen=True)
class Load:
    """Move onto the friendly transport on ``to`` and board it."""
    at: str
    to: str


@dataclass(frozen=True)
class Unload:
    """Move the transport to ``to``, then drop cargo: ``drops`` holds (cargo slot, tile) pairs."""
    at: str
    to: str
    drops: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Supply:
    """Move the APC to ``to``, then refuel and rearm the friendly units next to it."""
    at: str
    to: str


# --- the player's other decisions --------------------------------------------------------------
@dataclass(frozen=True)
class Build:
    """Build a ``unit`` (a unit id such as "tank") at the production property ``at``."""
    unit: str
    at: str


@dataclass(frozen=True)
class ActivatePower:
    """Use the commander's ``level`` power: "power" or "super"."""
    level: str


@dataclass(frozen=True)
class EndTurn:
    """Finish the turn; the next player's upkeep runs."""


@dataclass(frozen=True)
class Resign:
    """The player to move gives up and is out (tactics.md, "Winning and losing"). Always allowed on
    your turn, but not listed by ``legal_actions`` so that random playouts and the CPU never pick it."""


# --- chance ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Luck:
    """The luck rolls of a pending attack: the attacker's roll and the counterattack's roll."""
    attack: int
    counter: int


UNIT_ACTIONS = (Wait, Attack, Capture, Load, Unload, Supply)
DECISIONS = (*UNIT_ACTIONS, Build, ActivatePower, EndTurn, Resign)
OUTCOMES = (Luck,)
ALL = DECISIONS + OUTCOMES
