"""Diplomacy orders as values, and their notation (parse_order / format_order round-trip).

>>> format_order(parse_order("a mun-bur"))
'A MUN - BUR'
>>> format_order(parse_order("F StP(sc) - Gulf of Bothnia"))
'F STP/SC - BOT'
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Union

from academy.core.errors import InvalidNotation

from .mapdata import DiplomacyMap, province_of, standard_map


@dataclass(frozen=True)
class UnitRef:
    """A unit as an order names it: kind ("A", "F" or None when left out) and location."""

    kind: str | None
    location: str
    #: the province of ``location`` ("STP" for "STP/SC"), kept because the adjudicator asks often
    province: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))

    def __str__(self) -> str:
        return f"{self.kind} {self.location}" if self.kind else self.location


@dataclass(frozen=True)
class Hold:
    unit: UnitRef


@dataclass(frozen=True)
class Move:
    unit: UnitRef
    dest: str                 # a location: "BUR", "SPA/NC" (coast only when written)
    via_convoy: bool = False


@dataclass(frozen=True)
class SupportHold:
    unit: UnitRef
    supported: UnitRef


@dataclass(frozen=True)
class SupportMove:
    unit: UnitRef
    supported: UnitRef
    dest: str                 # a province (a coast written here is kept but does not matter)


@dataclass(frozen=True)
class Convoy:
    unit: UnitRef
    army: UnitRef
    dest: str


@dataclass(frozen=True)
class Retreat:
    unit: UnitRef
    dest: str


@dataclass(frozen=True)
class Disband:
    unit: UnitRef


@dataclass(frozen=True)
class Build:
    unit: UnitRef


@dataclass(frozen=True)
class Waive:
    pass


Order = Union[Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Disband, Build, Waive]

_KEYWORDS = {
    "H": "H", "HOLD": "H", "HOLDS": "H", "STAND": "H",
    "-": "-", "TO": "-", "M": "-", "MOVE": "-", "MOVES": "-",
    "S": "S", "SUP": "S", "SUPPORT": "S", "SUPPORTS": "S",
    "C": "C", "CONVOY": "C", "CONVOYS": "C",
    "R": "R", "RETREAT": "R", "RETREATS": "R",
    "D": "D", "DISBAND": "D", "DISBANDS": "D",
    "B": "B", "BUILD": "B", "BUILDS": "B",
    "VIA": "VIA",
}
_KINDS = {"A": "A", "ARMY": "A", "F": "F", "FLEET": "F"}
_COASTS = {"NC": "NC", "NORTH": "NC", "NORTHCOAST": "NC", "N": "NC",
           "SC": "SC", "SOUTH": "SC", "SOUTHCOAST": "SC", "S": "SC",
           "EC": "EC", "EAST": "EC", "EASTCOAST": "EC", "E": "EC",
           "WC": "WC", "WEST": "WC", "WESTCOAST": "WC", "W": "WC"}


def _tokens(text: str) -> list[str]:
    t = text.upper().replace("->", " - ").replace("—", " - ").replace("–", " - ")
    t = re.sub(r"\(\s*([A-Z .]+?)\s*\)", lambda m: "/" + m.group(1).replace(" ", "").replace(".", ""), t)
    t = re.sub(r"\s*/\s*", "/", t)
    t = t.replace("-", " - ")
    return t.split()


def _location(words: list[str], dmap: DiplomacyMap, text: str) -> str:
    """Words naming a province, maybe with a coast ("STP/SC", "St Petersburg /south coast")."""
    if not words:
        raise InvalidNotation("missing_province", f"Order {text!r}: a province is missing.")
    joined = " ".join(words)
    coast = None
    if "/" in joined:
        joined, _, c = joined.partition("/")
        key = re.sub(r"[^A-Z]", "", c)
        if key not in _COASTS:
            raise InvalidNotation("bad_coast", f"Order {text!r}: coast {c!r} not understood; write NC, SC or EC.")
        coast = _COASTS[key]
    elif len(words) > 1 and words[-1] in ("NC", "SC", "EC", "WC"):
        joined, coast = " ".join(words[:-1]), words[-1]
    prov = dmap.names.resolve(joined.strip())
    if coast and coast in dmap.provinces[prov].coasts:
        return f"{prov}/{coast}"
    return prov


def _unit(words: list[str], dmap: DiplomacyMap, text: str) -> UnitRef:
    kind = None
    if words and words[0] in _KINDS and len(words) > 1:
        kind = _KINDS[words[0]]
        words = words[1:]
    return UnitRef(kind, _location(words, dmap, text))


_PARSED: dict[int, tuple[DiplomacyMap, dict[str, Order]]] = {}
_PARSED_MAX = 100_000


def parse_order(text: str, dmap: DiplomacyMap | None = None) -> Order:
    """Read one order leniently; raises InvalidNotation (with did-you-mean for provinces).

    Orders are immutable, so each text is read once per map and remembered (the same orders are
    checked when written, submitted, replayed and adjudicated).
    """
    dmap = dmap or standard_map()
    entry = _PARSED.get(id(dmap))
    if entry is None or entry[0] is not dmap:      # the map is kept with its cache: ids stay unique
        entry = _PARSED[id(dmap)] = (dmap, {})
    known = entry[1]
    key = str(text)
    order = known.get(key)
    if order is None:
        order = _parse_order(key, dmap)
        if len(known) >= _PARSED_MAX:
            known.clear()
        known[key] = order
    return order


def _parse_order(text: str, dmap: DiplomacyMap) -> Order:
    toks = _tokens(str(text))
    if not toks:
        raise InvalidNotation("empty_order", "An empty order: write e.g. 'A MUN - BUR' or 'A MUN H'.")
    if toks == ["WAIVE"] or toks == ["W"]:
        return Waive()
    # split at the first keyword after the unit
    first_kw = next((i for i, t in enumerate(toks) if i > 0 and t in _KEYWORDS), None)
    if first_kw is None:
        raise InvalidNotation("no_order_kind", f"Order {text!r}: say what the unit does (H, -, S, C, R, D, B).")
    unit = _unit(toks[:first_kw], dmap, text)
    kw, rest = _KEYWORDS[toks[first_kw]], toks[first_kw + 1:]
    if kw == "H":
        if rest:
            raise InvalidNotation("trailing_text", f"Order {text!r}: unexpected text after the hold.")
        return Hold(unit)
    if kw in ("D", "B"):
        if rest:
            raise InvalidNotation("trailing_text", f"Order {text!r}: unexpected text after the order.")
        return Disband(unit) if kw == "D" else Build(unit)
    if kw == "R":
        return Retreat(unit, _location(rest, dmap, text))
    if kw == "-":
        via = False
        if rest and rest[-1] == "CONVOY" and len(rest) >= 2 and rest[-2] == "VIA":
            rest, via = rest[:-2], True
        elif rest and rest[-1] == "VIA":
            rest, via = rest[:-1], True
        return Move(unit, _location(rest, dmap, text), via)
    if kw in ("S", "C"):
        idx = next((i for i, t in enumerate(rest) if _KEYWORDS.get(t) in ("-", "H")), None)
        target_words = rest if idx is None else rest[:idx]
        target = _unit(target_words, dmap, text)
        if idx is None or _KEYWORDS[rest[idx]] == "H":
            if idx is not None and rest[idx + 1:]:
                raise InvalidNotation("trailing_text", f"Order {text!r}: unexpected text after the hold.")
            if kw == "C":
                raise InvalidNotation("convoy_needs_move", f"Order {text!r}: a convoy names a move, "
                                                           "e.g. 'F ENG C A LON - BRE'.")
            return SupportHold(unit, target)
        dest_words = rest[idx + 1:]
        if dest_words and dest_words[-1] == "CONVOY" and len(dest_words) > 1 and dest_words[-2] == "VIA":
            dest_words = dest_words[:-2]
        elif dest_words and dest_words[-1] == "VIA":
            dest_words = dest_words[:-1]
        dest = _location(dest_words, dmap, text)
        return SupportMove(unit, target, dest) if kw == "S" else Convoy(unit, target, dest)
    raise InvalidNotation("no_order_kind", f"Order {text!r} not understood.")


def format_order(order: Order) -> str:
    """The canonical text of an order: 'A MUN - BUR', 'F ENG C A BEL - WAL', 'A BEL - WAL VIA CONVOY'."""
    if isinstance(order, Waive):
        return "WAIVE"
    u = str(order.unit)
    if isinstance(order, Hold):
        return f"{u} H"
    if isinstance(order, Move):
        return f"{u} - {order.dest}" + (" VIA CONVOY" if order.via_convoy else "")
    if isinstance(order, SupportHold):
        return f"{u} S {order.supported}"
    if isinstance(order, SupportMove):
        return f"{u} S {order.supported} - {order.dest}"
    if isinstance(order, Convoy):
        return f"{u} C {order.army} - {order.dest}"
    if isinstance(order, Retreat):
        return f"{u} R {order.dest}"
    if isinstance(order, Disband):
        return f"{u} D"
    if isinstance(order, Build):
        return f"{u} B"
    raise TypeError(f"not an order: {order!r}")
