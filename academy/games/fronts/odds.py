"""Odds of a planned move, as the player sees them (fronts.md "Battles"; issue 7, "Odds").

``preview(state, player, order, orders)`` finds the first province on the move's route where the
player can see an enemy stack and builds the ``battle.Battle`` that would be fought there: the
moving units with their factors (terrain, river, supply), the guns and planes the player's other
orders send to it, and the defenders as the fog shows them (exact counts, or for a stack seen only
as types and a size range, the middle of the range of its first type, marked as an estimate).
The Battle gives each side's strength with every factor, the win chances and the expected losses.

>>> from academy.games.fronts.game import FrontsGame
>>> s = FrontsGame().new_initial_state()
>>> p = preview(s, "red", "2 infantry 1 armor Millbrook -> Riverton")
>>> p.province, [round(float(x), 3) for x in p.battle.win_probabilities()]
('riverton', [0.2, 0.8])
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from academy.core.errors import IllegalAction

from .battle import Battle, Side, Stack
from .orders import parse_order
from .supply import is_supplied
from .units import LOSS_ORDER

#: the count assumed for a stack seen only as a size range
RANGE_MIDDLE = {"1-3": 2, "4-6": 5, "7-10": 8, "11-20": 15, "21+": 25}


@dataclass(frozen=True)
class Preview:
    """The battle a planned move would start: where, the Battle, and whether the defenders are estimated."""

    province: str
    battle: Battle
    estimated: bool


def preview(state: Any, player: int | str, order: str, orders: Sequence[str] = ()) -> Preview | None:
    """The battle ``order`` (a move) would start as ``player`` sees it, or None if the route meets no
    visible enemy. ``orders`` are the player's other orders (their supports and strikes count).

    Raises InvalidNotation or IllegalAction (``not_a_move`` for an order that is not a move).
    """
    pid = state.player_id(player)
    [text] = state.validate_orders(pid, [order])
    move = parse_order(text, state.fmap)
    if move.kind != "move":
        raise IllegalAction("not_a_move", f"{text!r} is not a move: odds are shown for moves "
                                          "('2 infantry Paris -> Lyon').")
    fmap, board = state.fmap, state.board
    obs = state.observation(pid)
    team = board.teams[pid]
    prev = move.source
    for prov in move.path:
        seen = [e for e in obs["stacks"].get(prov, [])
                if e["owner"] == "neutral" or obs["teams"].get(e["owner"]) != team]
        if seen:
            break
        prev = prov
    else:
        return None
    others = [parse_order(t, fmap) for t in state.validate_orders(pid, list(orders))] if orders else []
    guns = sum(n or 0 for o in others if o.kind == "support" and o.target == prov for _, n in o.units)
    planes = sum(n or 0 for o in others if o.kind == "strike" and o.target == prov for _, n in o.units)
    units = {k: n or 0 for k, n in move.units}
    supplied = is_supplied(fmap, move.source, team, board.owners, board.teams)
    attacker = Side(fmap.players[pid].name, "attacker",
                    (Stack(units, fmap.name_of(prev), fmap.has_river(prev, prov), supplied),), guns, planes)
    estimated = False
    defenders: dict[str, int] = dict.fromkeys(LOSS_ORDER, 0)
    for e in seen:
        if "units" in e:
            for k in LOSS_ORDER:
                defenders[k] += e["units"].get(k, 0)
        else:
            estimated = True
            defenders[(e["types"] or ["infantry"])[0]] += RANGE_MIDDLE[e["size"]]
    owners = sorted({e["owner"] for e in seen})
    name = " + ".join("Neutral" if o == "neutral" else fmap.players[o].name for o in owners)
    defender = Side(name + (" (estimated)" if estimated else ""), "defender", (Stack(defenders),))
    p = fmap.provinces[prov]
    holder = board.owners.get(prov)
    dug = obs["dug"].get(prov, 0) if p.is_city and holder is not None and holder in owners else 0
    battle = Battle(p.name, p.terrain, (attacker, defender), dug, p.is_capital and dug > 0)
    return Preview(prov, battle, estimated)
