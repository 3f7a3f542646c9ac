"""Notation for Diplomacy game actions; ``parse_action`` and ``format_action`` round-trip.

>>> from academy.games.diplomacy.actions import SubmitOrders
>>> format_action(SubmitOrders("FRANCE", ("A PAR - BUR", "F BRE H")))
'FRANCE: A PAR - BUR; F BRE H'
>>> parse_action("france: a par-bur; f bre h")
SubmitOrders(power='FRANCE', orders=('A PAR - BUR', 'F BRE H'))
>>> parse_action("RESOLVE"), parse_action("Italy draw"), format_action(parse_action("ITALY NO DRAW"))
(Resolve(), DrawVote(power='ITALY', agree=True), 'ITALY NO DRAW')
"""
from __future__ import annotations

from typing import Any

from academy.core.errors import InvalidNotation
from academy.core.names import closest

from .actions import DrawVote, Resolve, SubmitOrders
from .mapdata import DiplomacyMap, standard_map
from .orders import format_order, parse_order


def parse_power(text: str, dmap: DiplomacyMap | None = None) -> str:
    """'france' -> 'FRANCE'; raises InvalidNotation with did-you-mean."""
    dmap = dmap or standard_map()
    name = str(text).strip().upper()
    if name in dmap.powers:
        return name
    hits = [p for p in dmap.powers if name and p.startswith(name)]
    if len(hits) == 1:
        return hits[0]
    close = closest(name, dmap.powers, n=2)
    hint = (" Did you mean " + " or ".join(close) + "?") if close else ""
    raise InvalidNotation("unknown_power", f"{text!r} is not a power; the powers are "
                                           f"{', '.join(dmap.powers)}.{hint}")


def parse_action(text: str, dmap: DiplomacyMap | None = None) -> Any:
    """Read 'FRANCE: A PAR - BUR; F BRE H', 'RESOLVE', 'FRANCE DRAW' or 'FRANCE NO DRAW'."""
    dmap = dmap or standard_map()
    t = str(text).strip()
    if t.upper() == "RESOLVE":
        return Resolve()
    if ":" in t:
        who, _, rest = t.partition(":")
        power = parse_power(who, dmap)
        texts = [x.strip() for x in rest.replace("\n", ";").split(";") if x.strip()]
        return SubmitOrders(power, tuple(format_order(parse_order(x, dmap)) for x in texts))
    words = t.upper().split()
    if len(words) >= 2 and words[-1] == "DRAW":
        agree = not (len(words) >= 3 and words[-2] == "NO")
        who = " ".join(words[:-2] if not agree else words[:-1])
        return DrawVote(parse_power(who, dmap), agree)
    raise InvalidNotation("bad_action", f"{text!r} not understood: write 'FRANCE: A PAR - BUR; F BRE H', "
                                        "'FRANCE DRAW', 'FRANCE NO DRAW' or 'RESOLVE'.")


def format_action(action: Any) -> str:
    if isinstance(action, SubmitOrders):
        return f"{action.power}: " + "; ".join(action.orders) if action.orders else f"{action.power}:"
    if isinstance(action, Resolve):
        return "RESOLVE"
    if isinstance(action, DrawVote):
        return f"{action.power} DRAW" if action.agree else f"{action.power} NO DRAW"
    raise TypeError(f"not a Diplomacy action: {action!r}")
