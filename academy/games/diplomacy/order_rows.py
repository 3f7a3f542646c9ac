"""One result row per order given: its power, its text and a key no other order of the phase shares.

An order's key is its unit as written ("A PAR") when it is the first order naming that unit
that the phase can carry out (given by the unit's owner, of a kind the phase takes), or, when
no such order claims the unit, the first order naming it. Every other order, a WAIVE, a
text not understood, a second order for a unit, is keyed by its power and its text
("GERMANY: WAIVE", "FRANCE: A PAR D"), then " (2)", " (3)" ... when that is taken too. So
two powers' WAIVEs are two rows, and of two identical disbands the one carried out keeps the
unit's key while the duplicate has its own row.

>>> from academy.games.diplomacy import Position
>>> from academy.games.diplomacy.orders import parse_order
>>> pos = Position.from_dict({"phase": "W1901A", "units": {"FRANCE": ["A PAR"]}})
>>> given = [("GERMANY", "WAIVE"), ("TURKEY", "WAIVE"), ("FRANCE", "A PAR D"), ("FRANCE", "A PAR D")]
>>> result_keys(pos, [(pw, t, parse_order(t)) for pw, t in given])
['GERMANY: WAIVE', 'TURKEY: WAIVE', 'A PAR', 'FRANCE: A PAR D']
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive
from .position import Position

#: the orders each kind of phase carries out
_PHASE_ORDERS: dict[str, tuple[type, ...]] = {"M": (Hold, Move, SupportHold, SupportMove, Convoy),
                                              "R": (Retreat, Disband, Move), "A": (Build, Disband)}


@dataclass(frozen=True)
class OrderRow:
    """An order as given in a phase: the power that gave it, its text, and its result key."""

    power: str
    text: str
    key: str


def _owner(pos: Position, province: str) -> str | None:
    """Who may order the unit in ``province`` this phase (a build: whose home centre it is)."""
    if pos.phase.kind == "R":
        return next((d.unit.power for d in pos.dislodged if d.unit.province == province), None)
    u = pos.units.get(province)
    if u is not None:
        return u.power
    return pos.dmap.provinces[province].home if pos.phase.kind == "A" else None


def _unit_key(o: Order | None) -> str | None:
    if o is None or isinstance(o, Waive) or not hasattr(o, "unit"):
        return None
    return str(o.unit)


def result_keys(pos: Position, given: Sequence[tuple[str, str, Order | None]]) -> list[str]:
    """The key of each (power, text, parsed order or None) given in ``pos``'s phase, all different."""
    keys: list[str | None] = [None] * len(given)
    taken: set[str] = set()
    fits = _PHASE_ORDERS[pos.phase.kind]
    # first the orders the phase can carry out, then any other order naming a unit
    for can in (True, False):
        for i, (power, _text, o) in enumerate(given):
            k = _unit_key(o)
            if keys[i] is not None or k is None or k in taken:
                continue
            if can and not (isinstance(o, fits) and o.unit.province in pos.dmap.provinces
                            and _owner(pos, o.unit.province) == power):
                continue
            keys[i] = k
            taken.add(k)
    out: list[str] = []
    for i, (power, text, _o) in enumerate(given):
        k = keys[i]
        if k is None:
            base = k = f"{power}: {text}"
            n = 2
            while k in taken:
                k, n = f"{base} ({n})", n + 1
            taken.add(k)
        out.append(k)
    return out


def rows_of(last: Mapping[str, Any]) -> list[OrderRow]:
    """The rows of a resolved phase as a state records it (``state.last``: orders and keys per power),
    each power's orders in the order given. A phase recorded before keys were (no ``keys``) is read
    as it was written then: an order by its unit, a WAIVE by its text."""
    rows = []
    keys = last.get("keys") or {}
    for power, texts in last.get("orders", {}).items():
        own: Iterable[str | None] = keys.get(power) or [None] * len(texts)
        for text, key in zip(texts, own):
            if key is None:
                key = " ".join(text.split()[:2]) if text.strip().upper() != "WAIVE" else text
            rows.append(OrderRow(power, text, key))
    return rows
