"""Whether a phase's results and its new position tell the same story.

``disagreements(resolution)`` lists, in words, every unit that is not where its result says:
a move that succeeds puts its unit at the destination; any other order (a failed move, a hold,
a support, a convoy, no order) leaves the unit where it was, or dislodged when, and only when,
the results say so; a retreat that succeeds puts the unit there and every other dislodged unit
is gone; a build adds its unit, a disband or a civil-disorder removal takes one away, and
nothing else changes. The DATC cases and the seeded playouts check that the list is empty.

>>> from academy.games.diplomacy import Position, adjudicate
>>> pos = Position.from_dict({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}})
>>> disagreements(adjudicate(pos, {"FRANCE": ["A PAR - BUR"]}))
[]
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from academy.core.text import count, plural

from .mapdata import province_of
from .orders import Move
from .position import Position, Unit

if TYPE_CHECKING:
    from .adjudicate import Resolution


def disagreements(res: Resolution) -> list[str]:
    """Every way the results of ``res`` and its new position disagree (empty when they agree)."""
    before = res.before
    if before is None:
        return []
    kind = before.phase.kind
    if kind == "M":
        return _movement(before, res)
    if kind == "R":
        return _retreats(before, res)
    return _adjustments(before, res)


def _province_of_key(res: Resolution, key: str, units: dict[str, Unit]) -> str | None:
    """The province of the unit a result or detail row is about: its order's unit, or the unit named
    by a row about a unit without an order ("A PAR")."""
    o = res.orders.get(key)
    if o is not None and hasattr(o, "unit"):
        return o.unit.province
    return next((p for p, u in units.items() if str(u) == key), None)


def _said_dislodged(res: Resolution, units: dict[str, Unit]) -> dict[str, str | None]:
    """Province -> the province its attacker came from, for every unit the results say is dislodged."""
    out: dict[str, str | None] = {}
    for key, d in res.details.items():
        dis = d if d.get("kind") == "dislodged" else d.get("dislodged")
        if not isinstance(dis, dict) or "from" not in dis:
            continue
        prov = _province_of_key(res, key, units)
        if prov is not None:
            out[prov] = dis["from"]
    return out


def _movement(before: Position, res: Resolution) -> list[str]:
    after, problems = res.position, []
    moves: dict[str, str] = {}          # province -> exact destination, for every move that succeeds
    for key, result in res.results.items():
        o = res.orders.get(key)
        if isinstance(o, Move) and result == "succeeds":
            moves[o.unit.province] = res.details.get(key, {}).get("to", o.dest)
    said = _said_dislodged(res, dict(before.units))
    placed = {d.unit.province: d for d in after.dislodged}
    for prov, u in before.units.items():
        if prov in moves:
            dest = moves[prov]
            there = after.units.get(province_of(dest))
            if there != Unit(u.power, u.kind, dest):
                problems.append(f"{u}: its move to {dest} succeeds, but {province_of(dest)} holds {there}.")
            if prov in said:
                problems.append(f"{u}: its move succeeds, yet the results also say it is dislodged.")
        elif prov in said:
            d = placed.get(prov)
            if d is None or d.unit != u:
                problems.append(f"{u}: the results say it is dislodged, but the new position has no such "
                                "dislodged unit.")
            elif d.attacked_from != said[prov]:
                problems.append(f"{u}: dislodged from {said[prov]} by the results, from {d.attacked_from} by "
                                "the new position.")
        elif after.units.get(prov) != u:
            problems.append(f"{u}: it does not move by the results, but {prov} now holds "
                            f"{after.units.get(prov)}.")
    for prov, d in placed.items():
        if prov not in said:
            problems.append(f"{d.unit}: dislodged in the new position, but no result says so.")
    expected = len(before.units) - len(said)
    if len(after.units) != expected:
        problems.append(f"{count(len(after.units), 'unit')} {plural(len(after.units), 'stands', 'stand')} after the "
                        f"phase; the results account for {expected}.")
    return problems


def _retreats(before: Position, res: Resolution) -> list[str]:
    after, problems = res.position, []
    went: dict[str, str] = {}            # province of a dislodged unit -> where it retreated
    for key, d in res.details.items():
        if d.get("kind") == "retreated" and res.results.get(key) == "succeeds":
            o = res.orders.get(key)
            if o is not None and hasattr(o, "unit"):
                went[o.unit.province] = d["to"]
    for d in before.dislodged:
        prov = d.unit.province
        if prov in went:
            dest = went[prov]
            if after.units.get(province_of(dest)) != Unit(d.unit.power, d.unit.kind, dest):
                problems.append(f"{d.unit}: it retreats to {dest} by the results, but {province_of(dest)} holds "
                                f"{after.units.get(province_of(dest))}.")
    for prov, u in before.units.items():
        if after.units.get(prov) != u:
            problems.append(f"{u}: not dislodged, yet {prov} now holds {after.units.get(prov)}.")
    if len(after.units) != len(before.units) + len(went):
        problems.append(f"{count(len(after.units), 'unit')} {plural(len(after.units), 'stands', 'stand')} after the "
                        "retreats; the results account for "
                        f"{len(before.units) + len(went)}.")
    if after.dislodged:
        problems.append("Dislodged units remain after the retreat phase.")
    return problems


def _adjustments(before: Position, res: Resolution) -> list[str]:
    after, problems = res.position, []
    units = dict(before.units)
    gone: set[str] = set()
    built: dict[str, str] = {}           # province -> the unit built there
    for key, d in res.details.items():
        if d.get("kind") == "built" and res.results.get(key) == "succeeds":
            built[province_of(d["unit"].split()[1])] = d["unit"]
        elif d.get("kind") == "disbanded" and res.results.get(key) == "succeeds" or d.get("kind") == "civil_disorder":
            prov = _province_of_key(res, d.get("unit", key) if d.get("kind") == "civil_disorder" else key,
                                    units)
            if prov is None:
                problems.append(f"{key}: removed by the results, but no such unit stood.")
            else:
                gone.add(prov)
    for prov, u in before.units.items():
        now = after.units.get(prov)
        if prov in gone and now is not None:
            problems.append(f"{u}: removed by the results, but {prov} holds {now}.")
        elif prov not in gone and now != u:
            problems.append(f"{u}: no result removes it, but {prov} holds {now}.")
    for prov, text in built.items():
        now = after.units.get(prov)
        if now is None or str(now) != text:
            problems.append(f"{text}: built by the results, but {prov} holds {now}.")
    if len(after.units) != len(before.units) - len(gone) + len(built):
        problems.append(f"{count(len(after.units), 'unit')} {plural(len(after.units), 'stands', 'stand')} after the "
                        "adjustments; the results account for "
                        f"{len(before.units) - len(gone) + len(built)}.")
    return problems
