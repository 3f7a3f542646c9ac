"""Turn resolution in the document's order (fronts.md, "Turn order", "Battles", "Supply", "Income").

1. All stacks move one province per step, at the same time. Each step: border clashes first (armies
   swapping places), then battles where stacks of different teams meet in a province (three or more
   sides marching in roll once among themselves, the winner then fights whoever held it). Winners
   stop in the province they took; losers fall back or are destroyed.
2. Provinces where one team's ground units stand change hands; planes in a city that falls are lost.
3. Supply is checked (out of supply for more than 2 turns: one unit lost).
4. Income is paid. 5. Builds appear last, in cities held at the start and the end of the turn.

Chance: each battle's winner is drawn from its exact distribution (S_i² ÷ Σ S_j²) with the
generator of the record for this step (``Rng.stream``), so a replay draws the same winners.

Readings where the document is open: planes and guns that strike or support add to battles in a
province (not to border clashes); a stack with planes only is not a stack for meeting or blocking
("keep one ground unit in it"); a province changes hands only where a stack ends the movement
(passing through takes nothing); friendly stacks arriving where their team holds fight as
defenders; a clash loser stays home and defends it if the winner carries on into it; a city taken
from an enemy pays half, rounded down; a standing loser falls back to the first (by name) of the
neighbouring provinces its team owns with no enemy stack.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from academy.core.protocol import Event

from .battles import move_and_fight, setup
from .board import Board
from .mapdata import FrontsMap
from .orders import parse_order
from .turn import Turn
from .upkeep import (builds, captures, counters, income, income_of, knockouts, order_results, supply,
                     write_back)

__all__ = ["resolve_turn", "income_of"]


def resolve_turn(board: Board, fmap: FrontsMap, orders: Mapping[str, Sequence[str]], rng: random.Random,
                 free_for_all: bool = False, draw: Callable[..., int] | None = None, reports: bool = True
                 ) -> tuple[Board, list[Event]]:
    """Resolve one turn from ``board`` with each player's canonical order texts (already checked).

    Returns the new board and the events, in order: battles (each with its report in ``why``),
    captures, planes lost, supply, income, builds, knock-outs, and for each player an "orders"
    event with the outcome of every order. Each event's ``data["visible_to"]`` lists the teams that
    may see it (None: everyone). ``rng`` draws the battle winners (``getrandbits(64)`` per battle).
    ``draw(turn, battle, sides)``, when given, chooses each winner instead (see ``Turn.draw``): the
    odds preview walks every way the battles can go with it. ``reports=False`` leaves each battle's
    ``why`` empty (a search that reads only the board is spared the words).
    """
    t = Turn(fmap, board.copy(), rng, draw=draw, reports=reports)
    owners_before = dict(board.owners)
    to_build = setup(t, orders)
    move_and_fight(t)
    write_back(t)
    taken = captures(t)
    supply(t)
    counters(t, taken)
    income(t)
    builds(t, to_build, owners_before)
    t.board.scouted = {pl: sorted({parse_order(x, fmap).target for x in orders.get(pl, ())
                                   if parse_order(x, fmap).kind == "scout"}) for pl in board.players}
    knockouts(t, free_for_all)
    order_results(t, orders)
    t.board.turn += 1
    return t.board, t.events
