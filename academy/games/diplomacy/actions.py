"""The actions of a Diplomacy game (frozen dataclasses, recorded in the record's log).

``SubmitOrders`` replaces a power's pending orders (canonical texts); ``Resolve`` adjudicates
every power's pending orders together; ``DrawVote`` proposes or accepts (``agree=True``) or
withdraws (``agree=False``) a draw among the survivors.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SubmitOrders:
    power: str
    orders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Resolve:
    pass


@dataclass(frozen=True)
class DrawVote:
    power: str
    agree: bool = True


ALL = (SubmitOrders, Resolve, DrawVote)
