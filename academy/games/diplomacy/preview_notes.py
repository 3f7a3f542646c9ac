"""What a preview's assumption hides, order by order: a preview adjudicates one power's orders as if
every other power held, and the other powers' units that could move somewhere that matters are the
results that assumption may change (a rival for the same province, an attack that cuts a support).

>>> from academy.games.diplomacy.position import Position
>>> pos = Position.from_dict({"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"],
...                                                         "ITALY": ["A PIE"]}})
>>> notes = held_notes(pos, "FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR"])
>>> notes["A PAR"]
'Assumes A MUN stays out of BUR: it could move there too.'
>>> notes["A MAR"]
'Assumes A PIE does not attack MAR: an attack there would cut this support.'
>>> held_notes(pos, "FRANCE", ["A PAR - PIC"])["A PAR"]
"No other power's unit can reach PIC this phase: their orders cannot change this."
"""
from __future__ import annotations

from collections.abc import Iterable

from academy.core.errors import RulesError
from academy.core.text import listing

from .mapdata import province_of
from .options import order_options
from .orders import Convoy, Hold, Move, SupportHold, SupportMove, parse_order
from .position import Position

__all__ = ["held_notes", "reach_of_others"]


def reach_of_others(pos: Position, power: str) -> dict[str, list[str]]:
    """Per province, the units of the other powers that can move there this phase (a convoy included)."""
    out: dict[str, list[str]] = {}
    for other in pos.dmap.powers:
        if other == power or not pos.units_of(other):
            continue
        for key, tree in order_options(pos, other).items():
            moves = tree.get("-", {}) if isinstance(tree, dict) else {}
            for prov in sorted({province_of(d) for d in moves}):
                out.setdefault(prov, []).append(key)
    return out


def held_notes(pos: Position, power: str, orders: Iterable[str]) -> dict[str, str]:
    """Per ordered unit of ``power`` (its key, "A PAR"), a sentence naming the other powers' units whose
    orders could change its previewed result, or saying that none can. Movement phases only ({} else)."""
    if pos.phase.kind != "M":
        return {}
    reach = reach_of_others(pos, power)
    notes: dict[str, str] = {}
    for text in orders:
        try:
            o = parse_order(text, pos.dmap)
        except RulesError:
            continue
        unit = pos.units.get(o.unit.province)
        if unit is None or unit.power != power:
            continue
        key, here = str(unit), unit.province
        if isinstance(o, Move):
            dest = province_of(o.dest)
            rivals = reach.get(dest, [])
            occupant = pos.units.get(dest)
            parts = []
            if rivals:
                one = len(rivals) == 1
                parts.append(f"Assumes {listing(rivals)} {'stays' if one else 'stay'} out of {dest}: "
                             f"{'it' if one else 'any of them'} could move there too.")
            if occupant is not None and occupant.power != power:
                parts.append(f"Assumes {occupant} holds in {dest}; if it moves away, the result can change.")
            notes[key] = " ".join(parts) or (f"No other power's unit can reach {dest} this phase: their orders "
                                             "cannot change this.")
        elif isinstance(o, (SupportHold, SupportMove)):
            target = province_of(o.dest) if isinstance(o, SupportMove) else None
            cutters = [u for u in reach.get(here, []) if province_of(u.split()[-1]) != target]
            notes[key] = (f"Assumes {listing(cutters)} {'does' if len(cutters) == 1 else 'do'} not attack {here}: "
                          "an attack there would cut this support." if cutters else
                          f"No other power's unit can attack {here} this phase: this support cannot be cut.")
        elif isinstance(o, (Hold, Convoy)):
            attackers = reach.get(here, [])
            notes[key] = (f"Assumes {listing(attackers)} {'does' if len(attackers) == 1 else 'do'} not attack "
                          f"{here}." if attackers else
                          f"No other power's unit can attack {here} this phase.")
    return notes
