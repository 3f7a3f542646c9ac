"""Which orders are legal, and the tree of choices per stack (fronts.md, "Units", "Income").

``check_orders`` turns a player's order texts into canonical texts with every count written out,
or raises IllegalAction with a reason and a fix (InvalidNotation for text it cannot read).
``order_options`` builds the click-menu tree: per stack (and per city's planes, and "build"), a
tree of choices whose leaves are order texts; any one leaf per key is legal together.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from academy.core.errors import IllegalAction
from academy.core.text import a, listing

from .board import Board, add_units, empty_units, ground, size
from .mapdata import FrontsMap
from .movement import plan_route, reachable
from .orders import Order, format_order, parse_order
from .units import AIR_RANGE, LOSS_ORDER, UNITS, cost_of, format_units


def _name(fmap: FrontsMap, p: str) -> str:
    return fmap.name_of(p)


def _stack_for(board: Board, fmap: FrontsMap, player: str, order: Order, text: str) -> dict[str, int]:
    """The player's stack the order is for; raises IllegalAction ``not_your_stack``."""
    stack = board.stacks.get(player, {}).get(order.source)
    if not stack:
        # never say whose stacks stand there: the province may be in the fog (fronts.md, "Fog")
        mine = sorted(_name(fmap, p) for p in board.stacks.get(player, {}))
        raise IllegalAction("not_your_stack", f"{text!r} refused: you have no stack in {_name(fmap, order.source)}. "
                                              f"Order one of your own stacks: {', '.join(mine) or 'you have none'}.")
    return stack


def _fill(order: Order, stack: Mapping[str, int], allowed: Iterable[str], what: str, text: str,
          fmap: FrontsMap) -> dict[str, int]:
    """The counts an order uses: a bare type means all of that type; no units means every allowed one."""
    allowed = tuple(allowed)
    counts = empty_units()
    if not order.units:
        for k in allowed:
            counts[k] = stack.get(k, 0)
    for k, n in order.units:
        if k not in allowed:
            raise IllegalAction("wrong_unit", f"{text!r} refused: {what} takes {listing(allowed, 'or')}, not {k}. "
                                              f"Give only {listing(allowed)} in this order.")
        counts[k] = stack.get(k, 0) if n is None else n
    if not size(counts):
        raise IllegalAction("no_units", f"{text!r} refused: the stack in {_name(fmap, order.source)} "
                                        f"({format_units(stack)}) has no {listing(allowed, 'or')} for this order. "
                                        "Order units the stack has.")
    return counts


def _with_counts(order: Order, counts: Mapping[str, int]) -> Order:
    return Order(order.kind, order.source, tuple((k, counts[k]) for k in LOSS_ORDER if counts[k]), order.path)


def check_order(board: Board, fmap: FrontsMap, player: str, text: str) -> tuple[Order, dict[str, int]]:
    """One order, canonical (counts filled), and the units it takes from its stack (none for a build).

    Raises InvalidNotation, or IllegalAction with reason ``not_your_stack``, ``wrong_unit``,
    ``no_units``, ``too_far`` / ``not_adjacent`` / ``move_ended`` / ``air_never_moves`` (moves),
    ``not_adjacent`` (support), ``out_of_range`` (strike, scout), ``not_your_city`` (build).
    """
    order = parse_order(text, fmap)
    if order.kind == "build":
        prov = fmap.provinces[order.source]
        if not prov.is_city or board.owners.get(order.source) != player:
            mine = [_name(fmap, c) for c in board.cities_of(player, fmap)]
            raise IllegalAction("not_your_city", f"{text!r} refused: {prov.name} is not a city you hold; builds "
                                                 f"appear only in your own cities ({', '.join(mine) or 'none'}).")
        counts = empty_units()
        for k, n in order.units:
            counts[k] = int(n or 0)
        if not size(counts):
            raise IllegalAction("no_units", f"{text!r} refused: build at least one unit.")
        return _with_counts(order, counts), empty_units()
    stack = _stack_for(board, fmap, player, order, text)
    if order.kind == "hold":
        return order, empty_units()
    if order.kind == "move":
        counts = _fill(order, stack, [k for k in LOSS_ORDER if UNITS[k].is_ground] if not order.units else LOSS_ORDER,
                       "a move", text, fmap)
        path = order.path
        if len(path) == 1 and not fmap.are_adjacent(order.source, path[0]) and path[0] != order.source:
            found = reachable(fmap, counts, order.source) if not counts["air"] else {}
            if path[0] in found:
                path = found[path[0]]
            else:
                _refuse_slowest(fmap, counts, order.source, path[0], text)
        plan_route(fmap, counts, order.source, path)
        order = Order("move", order.source, order.units, tuple(path))
    elif order.kind == "support":
        counts = _fill(order, stack, ("artillery",), "support", text, fmap)
        if not fmap.are_adjacent(order.source, order.target):
            raise IllegalAction("not_adjacent", f"{text!r} refused: guns support a battle next door, and "
                                                f"{_name(fmap, order.target)} does not border "
                                                f"{_name(fmap, order.source)}. Move the guns closer first.")
    else:
        counts = _fill(order, stack, ("air",), a(order.kind), text, fmap)
        if order.target not in fmap.within(order.source, AIR_RANGE):
            raise IllegalAction("out_of_range", f"{text!r} refused: planes reach {AIR_RANGE} provinces, and "
                                                f"{_name(fmap, order.target)} is further from "
                                                f"{_name(fmap, order.source)}. Pick a closer province.")
    return _with_counts(order, counts), counts


def _refuse_slowest(fmap: FrontsMap, counts: Mapping[str, int], source: str, dest: str, text: str) -> None:
    """A move a faster unit of the stack could make, but the stack cannot: a stack moves at the pace
    of its slowest unit (fronts.md "Units"). Raises IllegalAction ``too_far`` saying so; else returns."""
    moving = [k for k in LOSS_ORDER if counts.get(k) and UNITS[k].is_ground]
    slow = min(moving, key=lambda k: UNITS[k].move) if moving else None
    fast = [k for k in moving if UNITS[k].move > UNITS[slow].move] if slow else []
    if not fast or dest not in reachable(fmap, {k: counts[k] for k in fast}, source):
        return
    pace = UNITS[slow].move
    raise IllegalAction("too_far", f"{text!r} refused: a stack moves at the pace of its slowest unit, and "
                                   f"{slow} move {pace} province{'' if pace == 1 else 's'} a turn; "
                                   f"{_name(fmap, dest)} is further from {_name(fmap, source)}. Move only the "
                                   f"{listing(fast)} to go there, or stop next door.")


def check_orders(board: Board, fmap: FrontsMap, player: str, texts: Iterable[str]) -> tuple[str, ...]:
    """Every order checked alone and together; the canonical texts in the given order.

    Together: the units ordered out of a stack may not exceed it (``too_many_units``), and the
    builds may not cost more than the player's funds (``too_few_funds``).
    """
    used: dict[str, dict[str, int]] = {}
    cost = 0
    out: list[str] = []
    for text in texts:
        order, counts = check_order(board, fmap, player, str(text))
        if order.kind == "build":
            cost += cost_of(dict(order.units))
        elif size(counts):
            used[order.source] = add_units(used.get(order.source, empty_units()), counts)
            stack = board.stacks[player][order.source]
            over = [k for k in LOSS_ORDER if used[order.source][k] > stack.get(k, 0)]
            if over:
                raise IllegalAction("too_many_units", f"{text!r} refused: the stack in {_name(fmap, order.source)} "
                                                      f"has {format_units(stack)}, and your orders use "
                                                      f"{format_units(used[order.source])}. Order at most what "
                                                      "the stack has (each unit once).")
        out.append(format_order(order, fmap))
    if cost > board.funds.get(player, 0):
        raise IllegalAction("too_few_funds", f"Builds refused: they cost {cost} and you have "
                                             f"{board.funds.get(player, 0)}. Build less (infantry 3, artillery 5, "
                                             "armor 6, air 8).")
    return tuple(out)


# --- the tree of choices ---------------------------------------------------------------------

def _splits(stack: Mapping[str, int]) -> dict[str, dict[str, int]]:
    """A few ways to split the ground units of a stack: all of them, each type alone, half."""
    g = ground(stack)
    out: dict[str, dict[str, int]] = {}
    if size(g):
        out["all"] = g
    kinds = [k for k in LOSS_ORDER if g[k]]
    if len(kinds) > 1:
        for k in kinds:
            out[f"all {k}"] = {**empty_units(), k: g[k]}
    if size(g) >= 2:
        half = empty_units()
        left = size(g) // 2
        for k in LOSS_ORDER:
            half[k] = min(left, g[k])
            left -= half[k]
        out["half"] = half
    return out


def _counts_text(counts: Mapping[str, int]) -> str:
    return " ".join(f"{counts[k]} {k}" for k in LOSS_ORDER if counts.get(k))


def order_options(board: Board, fmap: FrontsMap, player: str) -> dict[str, Any]:
    """Per stack (by province name), per city's planes ("<city> air") and "build": the choices.

    >>> from academy.games.fronts.mapdata import load_map
    >>> m = load_map("duel")
    >>> b = Board.start(m, ["red", "blue"], {"red": "north", "blue": "south"})
    >>> sorted(order_options(b, m, "red"))
    ['Millbrook', 'Northgate', 'Northgate air', 'Oakhollow', 'build']
    """
    tree: dict[str, Any] = {}
    for prov, stack in sorted(board.stacks.get(player, {}).items(), key=lambda kv: _name(fmap, kv[0])):
        name = _name(fmap, prov)
        node: dict[str, Any] = {"hold": f"{name} hold"}
        moves: dict[str, Any] = {}
        for label, counts in _splits(stack).items():
            dests = {_name(fmap, d): f"{_counts_text(counts)} {name} -> " + " -> ".join(_name(fmap, p) for p in path)
                     for d, path in reachable(fmap, counts, prov).items() if d != prov}
            if dests:
                moves[label] = dests
        if moves:
            node["move"] = moves
        if stack.get("artillery"):
            node["support"] = {_name(fmap, n): f"{stack['artillery']} artillery {name} support {_name(fmap, n)}"
                               for n in sorted(fmap.neighbours[prov])}
        if size(ground(stack)):
            tree[name] = node
        if stack.get("air"):
            targets = sorted(fmap.within(prov, AIR_RANGE))
            tree[f"{name} air"] = {
                "strike": {_name(fmap, t): f"{stack['air']} air {name} strike {_name(fmap, t)}" for t in targets},
                "scout": {_name(fmap, t): f"{stack['air']} air {name} scout {_name(fmap, t)}" for t in targets}}
    builds: dict[str, Any] = {}
    funds = board.funds.get(player, 0)
    for city in board.cities_of(player, fmap):
        kinds = {k: {str(n): f"build {n} {k} {_name(fmap, city)}" for n in range(1, 4) if n * UNITS[k].cost <= funds}
                 for k in LOSS_ORDER}
        kinds = {k: v for k, v in kinds.items() if v}
        if kinds:
            builds[_name(fmap, city)] = kinds
    if builds:
        tree["build"] = builds
    return tree
