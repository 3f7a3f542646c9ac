"""Conquest's actions (decisions) and chance outcomes, as readable frozen dataclasses.

Territories are map ids ("ukraine"); cards are territory ids or "wild1"/"wild2".
"""
from __future__ import annotations

from dataclasses import dataclass


# --- decisions -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Claim:
    """Set-up by claiming: put 1 army on an unclaimed territory."""
    territory: str


@dataclass(frozen=True)
class Place:
    """Put ``armies`` armies on ``territory`` (set-up, reinforcements, card armies)."""
    territory: str
    armies: int = 1


@dataclass(frozen=True)
class TradeCards:
    """Trade a set of three cards; ``bonus`` is the owned territory shown on one card that gets +2."""
    cards: tuple[str, str, str]
    bonus: str | None = None


@dataclass(frozen=True)
class Attack:
    src: str
    dst: str
    dice: int


@dataclass(frozen=True)
class Occupy:
    """After a conquest: move ``armies`` from the attacking territory into the conquered one."""
    armies: int


@dataclass(frozen=True)
class EndAttack:
    """Stop attacking (and draw a card if something was conquered this turn)."""


@dataclass(frozen=True)
class Fortify:
    src: str
    dst: str
    armies: int


@dataclass(frozen=True)
class EndTurn:
    """Finish the turn without (another) fortification."""


# --- chance outcomes -----------------------------------------------------------------------
@dataclass(frozen=True)
class FirstPlayer:
    """The player with the highest starting roll, who sets up first and plays first."""
    player: int


@dataclass(frozen=True)
class Deal:
    """The next territory card dealt at set-up (to the player whose pile is next)."""
    territory: str


@dataclass(frozen=True)
class RandomPlace:
    """Random set-up placement: 1 army on this territory of the player placing."""
    territory: str


@dataclass(frozen=True)
class Roll:
    """One battle roll, each side's dice sorted from highest to lowest."""
    attack: tuple[int, ...]
    defence: tuple[int, ...]


@dataclass(frozen=True)
class Draw:
    """The card drawn at the end of a turn in which a territory was conquered."""
    card: str


DECISIONS = (Claim, Place, TradeCards, Attack, Occupy, EndAttack, Fortify, EndTurn)
OUTCOMES = (FirstPlayer, Deal, RandomPlace, Roll, Draw)
ALL = DECISIONS + OUTCOMES
