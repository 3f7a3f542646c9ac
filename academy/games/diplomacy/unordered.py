"""What happens to what a power leaves unordered in a retreat or an adjustment phase, in words.

In a movement phase a unit without an order holds, which is harmless. In a retreat phase a dislodged
unit without a retreat order is disbanded (diplomacy.md §25), and in an adjustment phase a build not
written is lost for the year and a disband owed is made for the power (§29, civil disorder): a
screen warns before it submits such orders.

>>> from academy.games.diplomacy.position import Position
>>> pos = Position.from_dict({"phase": "S1901R", "units": {"FRANCE": ["A MUN"]},
...                           "dislodged": {"GERMANY": [{"unit": "A MUN", "attacked_from": "BUR"}]}})
>>> unordered_note(pos, "GERMANY", [])
'A MUN has no retreat order: a dislodged unit without one is disbanded (Rules page: Retreats). Click where it retreats, or submit again to disband it.'
>>> unordered_note(pos, "GERMANY", ["A MUN R BOH"]) is None
True
"""
from __future__ import annotations

from collections.abc import Iterable

from academy.core.errors import RulesError
from academy.core.text import count, listing, plural

from .orders import parse_order
from .phases import adjustment_counts, buildable_sites, retreat_options
from .position import Position

__all__ = ["unordered_note"]


def unordered_note(pos: Position, power: str, orders: Iterable[str]) -> str | None:
    """A warning for ``power`` submitting ``orders`` in a retreat or adjustment phase of ``pos`` that
    leaves something unordered whose default loses a unit or a build; None when nothing is lost so."""
    texts = list(orders)
    kind = pos.phase.kind
    if kind == "R":
        ordered = set()
        for text in texts:
            try:
                ordered.add(parse_order(text, pos.dmap).unit.province)
            except RulesError:
                continue
        left = [str(d.unit) for d in pos.dislodged if d.unit.power == power and d.unit.province not in ordered
                and retreat_options(pos, d.unit, d.attacked_from, d.via_convoy)]
        if not left:
            return None
        return (f"{listing(left)} {plural(len(left), 'has', 'have')} no retreat order: a dislodged unit without "
                "one is disbanded (Rules page: Retreats). Click where "
                f"{'it retreats' if len(left) == 1 else 'each retreats'}, "
                f"or submit again to disband {'it' if len(left) == 1 else 'them'}.")
    if kind == "A":
        n = adjustment_counts(pos).get(power, 0)
        written = len(texts)
        if n > 0:
            open_ = min(n, len(buildable_sites(pos, power)))
            if written >= open_:
                return None
            return (f"{power.title()} may build {count(open_ - written, 'more unit')} this winter: a build not "
                    "written is lost for this year (Rules page: Builds). Click a free home centre to build, or "
                    "submit again to build no more.")
        if n < 0 and written < -n:
            return (f"{power.title()} must disband {count(-n - written, 'more unit')}: without an order the rules "
                    "choose for you, the units farthest from your supply centres first (Rules page: Builds, civil "
                    "disorder). Click a unit to disband it, or submit again to let the rules choose.")
    return None
