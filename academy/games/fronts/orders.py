"""Order notation for Fronts: parse and format round-trip (fronts.md, "Turn order", "Units").

The orders a player gives for a turn, one text each::

    3 infantry 2 armor Paris -> Lyon          move (a route: "armor Paris -> Dijon -> Lyon")
    2 artillery Paris support Lyon            guns add +2 each to a battle next door
    air Paris strike Lyon                     planes add +3 each to a battle up to 3 provinces away
    1 air Paris scout Lyon                    instead of striking: see Lyon and its neighbours next turn
    build 2 infantry 1 armor Paris            a build in a city held at the start and end of the turn
    Paris hold                                stay put (what an unordered stack does anyway)

A unit type without a count ("air Paris strike Lyon", "armor Paris -> Lyon") means every unit of
that type in the stack; "all Paris -> Lyon" means every ground unit. Province names are matched
leniently (case, aliases, unique prefixes). ``format_order`` writes the canonical text, with ids
replaced by display names and every count written out.

>>> from academy.games.fronts.mapdata import load_map
>>> m = load_map("duel")
>>> o = parse_order("2 inf 1 tanks millbrook -> westmere", m)
>>> format_order(o, m)
'2 infantry 1 armor Millbrook -> Westmere'
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from academy.core.bounds import refuse_long_numbers
from academy.core.errors import InvalidNotation

from .limits import UNITS
from .mapdata import FrontsMap
from .units import LOSS_ORDER, is_unit_name, unit_type

KINDS = ("move", "support", "strike", "scout", "build", "hold")
#: counts as a tuple of (unit type, count or None for "all of that type"), in loss order
Counts = tuple[tuple[str, int | None], ...]


@dataclass(frozen=True)
class Order:
    """One order. ``units`` is empty for "all ground units" (moves) or unused (hold).

    ``path`` is the route for a move (every province entered, in order) or the one target
    province of a support, strike or scout; ``source`` is the stack's province (or the build city).
    """

    kind: str
    source: str
    units: Counts = ()
    path: tuple[str, ...] = ()

    @property
    def target(self) -> str:
        """The last province of the route, or the target of a support, strike or scout."""
        return self.path[-1] if self.path else self.source


_KEYWORD = re.compile(r"\s+(support|supports|strike|strikes|scout|scouts)\s+", re.IGNORECASE)


def _parse_units(words: list[str], text: str) -> tuple[Counts, list[str]]:
    """Leading "<n> <type>" or "<type>" pairs (or "all"); returns the counts and the rest of the words."""
    counts: dict[str, int | None] = {}
    i = 0
    while i < len(words):
        n: int | None = None
        j = i
        if words[j].isdigit():
            n = UNITS.read(words[j], f"{text!r}: the count")
            j += 1
            if j >= len(words):
                raise InvalidNotation("bad_order", f"{text!r}: a count must be followed by a unit type.")
        if words[j].lower() == "all" and n is None:
            return (), words[j + 1:]
        if n is None and not is_unit_name(words[j]):
            break                                   # not a unit type: the province's name begins here
        kind = unit_type(words[j]).id
        if kind in counts:
            raise InvalidNotation("bad_order", f"{text!r}: {kind} is given twice; give each unit type once.")
        counts[kind] = n
        i = j + 1
    if not counts:
        return (), words
    return tuple((k, counts[k]) for k in LOSS_ORDER if k in counts), words[i:]


def _province(fmap: FrontsMap, words: list[str] | str, text: str) -> str:
    name = words if isinstance(words, str) else " ".join(words)
    if not name.strip():
        raise InvalidNotation("bad_order", f"{text!r}: a province name is missing.")
    return fmap.resolve(name.strip())


#: orders read before, by (map, text) (the map kept alive with them): a turn's resolution and a bot's search
#: read the same few texts thousands of times
_READ: dict[tuple[int, str], tuple[FrontsMap, Order]] = {}
_READ_MAX = 20_000


def parse_order(text: str, fmap: FrontsMap) -> Order:
    """Read one order text; raises InvalidNotation (or AmbiguousNotation for a province prefix).

    Only the notation is checked here; whether the order is legal is ``rules.check_order``'s job.
    """
    key = (id(fmap), text) if isinstance(text, str) else None
    hit = _READ.get(key) if key else None
    if hit is not None and hit[0] is fmap:
        return hit[1]
    order = _read_order(text, fmap)
    if key:
        if len(_READ) >= _READ_MAX:
            _READ.clear()
        _READ[key] = (fmap, order)
    return order


def _read_order(text: str, fmap: FrontsMap) -> Order:
    raw = " ".join(refuse_long_numbers(str(text), "This order", "an order").split())
    if not raw:
        raise InvalidNotation("bad_order", "An empty order: write e.g. '2 infantry Paris -> Lyon'.")
    words = raw.split(" ")
    if words[0].lower() == "build":
        counts, rest = _parse_units(words[1:], raw)
        if not counts or any(n is None for _, n in counts):
            raise InvalidNotation("bad_order", f"{raw!r}: say how many of what to build, e.g. 'build 2 infantry "
                                               "Paris'.")
        return Order("build", _province(fmap, rest, raw), counts)
    if words[-1].lower() in ("hold", "holds"):
        return Order("hold", _province(fmap, words[:-1], raw))
    if "->" in raw:
        head, *route = [part.strip() for part in raw.split("->")]
        counts, rest = _parse_units(head.split(" "), raw)
        return Order("move", _province(fmap, rest, raw), counts, tuple(_province(fmap, r, raw) for r in route))
    m = _KEYWORD.search(raw)
    if m:
        kind = m.group(1).lower().rstrip("s")
        counts, rest = _parse_units(raw[:m.start()].split(" "), raw)
        return Order(kind, _province(fmap, rest, raw), counts, (_province(fmap, raw[m.end():], raw),))
    raise InvalidNotation("bad_order", f"{raw!r} not understood: write '2 infantry Paris -> Lyon', "
                                       "'1 artillery Paris support Lyon', 'air Paris strike Lyon', "
                                       "'air Paris scout Lyon', 'build 2 infantry Paris' or 'Paris hold'.")


def format_counts(counts: Counts) -> str:
    """"2 infantry 1 armor"; "all" for every ground unit; a type without count is written bare."""
    if not counts:
        return "all"
    return " ".join(f"{n} {k}" if n is not None else k for k, n in counts)


def format_order(order: Order, fmap: FrontsMap) -> str:
    """The canonical text of an order (display names, counts in loss order)."""
    src = fmap.name_of(order.source)
    if order.kind == "hold":
        return f"{src} hold"
    if order.kind == "build":
        return f"build {format_counts(order.units)} {src}"
    if order.kind == "move":
        return f"{format_counts(order.units)} {src} -> " + " -> ".join(fmap.name_of(p) for p in order.path)
    return f"{format_counts(order.units)} {src} {order.kind} {fmap.name_of(order.target)}"
