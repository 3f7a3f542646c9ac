"""The actions of a Fronts game (frozen dataclasses, recorded in the record's log).

``SubmitOrders`` replaces a player's pending orders (canonical texts) for this turn; ``Resolve``
resolves every player's pending orders together; ``Surrender`` takes a player out of the fight.
``player`` is the map's player id ("red").
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SubmitOrders:
    player: str
    orders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Resolve:
    pass


@dataclass(frozen=True)
class Surrender:
    player: str


ALL = (SubmitOrders, Resolve, Surrender)
