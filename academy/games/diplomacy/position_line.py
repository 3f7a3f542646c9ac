"""A Diplomacy position on one line, for lessons and tests: ``parse_position`` / ``format_position``.

A position line is a list of parts separated by ``|``::

    England to order, S1901M | England: F NTH, A LON | France: A BRE, A PAR | France orders: A PAR - PIC

The parts:

- **the head** (first part, required): the phase, optionally after the learner's power:
  ``England to order, S1901M`` or just ``S1901M``. The phase is season (S, F, W), year and
  kind (M movement, R retreats, A adjustments); ``Spring 1901``, ``Fall 1901 retreats`` and
  ``Winter 1901`` (adjustments) are read too. ``to move`` works like ``to order``.
- **units**: ``England: F NTH, A LON``. One part per power; a fleet on a split coast names
  it (``F STP/SC``).
- **supply centres**: ``centres England: LON, EDI`` (``centers`` works too). When no
  centres part is given, every home centre belongs to its power; when one is given, only
  the listed centres are owned and the rest are neutral. ``centres: none`` leaves every
  centre neutral.
- **dislodged units** (retreat phases): ``dislodged Austria: F TRI from ADR, A VIE from BOH``;
  ``from X via convoy`` when the attacker came by sea; without ``from`` the unit may retreat
  anywhere open.
- **contested provinces** (retreat phases): ``contested: BOH, GAL``, where a standoff left
  the province empty, so nobody may retreat there.
- **fixed orders**: ``France orders: A PAR - BUR, F BRE H``, the orders another power gives in
  this phase (the scenario the learner plays against). Units without an order hold.
  Orders are separated by ``,`` or ``;``. The learner's own power never has fixed orders:
  its orders are the exercise.

Powers, provinces and order words are read leniently (case, full names, unique beginnings,
``F StP(sc)``), with the engine's "did you mean". ``format_position`` writes the canonical
line, and the two round-trip:

>>> pos, learner, orders = parse_position(
...     "england to order, s1901m | England: fleet north sea, a london | France: A Paris "
...     "| France orders: a par-bur")
>>> learner, orders
('ENGLAND', {'FRANCE': ('A PAR - BUR',)})
>>> format_position(pos, learner, orders)
'England to order, S1901M | England: A LON, F NTH | France: A PAR | France orders: A PAR - BUR'
>>> parse_position(format_position(pos, learner, orders)) == (pos, learner, orders)
True

Errors are ``PositionError`` (a RulesError, reason ``bad_position`` or more precise) or the
InvalidNotation / IllegalAction of the names and orders, with the part that is wrong, why,
and how to fix it.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from academy.core.bounds import refuse_long_numbers
from academy.core.errors import RulesError

from .mapdata import DiplomacyMap, province_of, standard_map
from .notation import parse_power
from .orders import Hold, parse_order
from .position import Dislodged, Phase, Position, PositionError, parse_unit

__all__ = ["PositionLineError", "format_position", "parse_position", "public_position", "read_position_line"]

_HEAD = re.compile(r"^(?:(?P<power>.+?)\s+to\s+(?:order|move)\s*,\s*)?(?P<phase>.+)$", re.IGNORECASE)
_LONG_PHASE = re.compile(r"^(?P<season>spring|fall|autumn|winter)\s+(?P<year>\d{4})"
                         r"(?:\s+(?P<kind>movement|moves|orders|retreats?|adjustments?|builds?))?$", re.IGNORECASE)
_CENTRES = re.compile(r"^(?:centres|centers|supply\s+centres|supply\s+centers)\b\s*(?P<power>[^:]*):(?P<rest>.*)$",
                      re.IGNORECASE | re.DOTALL)
_DISLODGED = re.compile(r"^dislodged\b\s*(?P<power>[^:]+):(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
_CONTESTED = re.compile(r"^contested\s*:(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
_ORDERS = re.compile(r"^(?P<power>[^:]+?)\s+orders\s*:(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
_UNITS = re.compile(r"^(?P<power>[^:]+):(?P<rest>.*)$", re.DOTALL)
_FROM = re.compile(r"^(?P<unit>.+?)\s+from\s+(?P<from>.+?)(?P<via>\s+(?:via|by)\s+convoy)?$", re.IGNORECASE)
_PARTS_HELP = ("the parts are 'England to order, S1901M', 'England: F NTH, A LON', 'centres England: LON, EDI', "
               "'dislodged Austria: F TRI from ADR', 'contested: BOH' and 'France orders: A PAR - BUR'")


class PositionLineError(PositionError):
    """A position line that cannot be read; the message names the part, the problem and the fix."""

    default_reason = "bad_position"


def _fail(part: str, why: str, reason: str = "bad_position") -> PositionLineError:
    return PositionLineError(reason, f"Position part {part!r}: {why}")


def _again(part: str, exc: RulesError) -> RulesError:
    """The same kind of error, saying which part of the line it comes from."""
    return type(exc)(exc.reason, f"Position part {part!r}: {exc}")


def _items(text: str) -> list[str]:
    return [x.strip() for x in re.split(r"[,;]", text) if x.strip()]


def _phase(text: str, part: str) -> Phase:
    t = text.strip()
    m = _LONG_PHASE.match(t)
    if m:
        season = {"spring": "S", "fall": "F", "autumn": "F", "winter": "W"}[m.group("season").lower()]
        word = (m.group("kind") or "").lower()
        kind = ("A" if season == "W" else "M") if not word else \
            "R" if word.startswith("retreat") else "A" if word.startswith(("adjust", "build")) else "M"
        t = f"{season}{m.group('year')}{kind}"
    try:
        ph = Phase.parse(t)
    except RulesError:
        raise _fail(part, f"{text.strip()!r} is not a phase. Write season, year and kind, e.g. 'S1901M' "
                          "(Spring 1901 movement), 'F1901R' (Fall retreats) or 'W1901A' (Winter adjustments).",
                    "bad_phase") from None
    if (ph.season == "W") != (ph.kind == "A"):
        raise _fail(part, f"{ph} mixes a season and a kind that never meet: adjustments (A) happen in Winter (W), "
                          "movement (M) and retreats (R) in Spring (S) and Fall (F).", "bad_phase")
    return ph


def _power(text: str, part: str, dmap: DiplomacyMap) -> str:
    try:
        return parse_power(text.strip(), dmap)
    except RulesError as exc:
        raise _again(part, exc) from None


def _unit_text(text: str, power: str, part: str, dmap: DiplomacyMap) -> str:
    """'fleet north sea' -> 'F NTH' (coast kept), read with the order parser's names."""
    try:
        o = parse_order(f"{text} H", dmap)
    except RulesError as exc:
        raise _again(part, exc) from None
    if not isinstance(o, Hold) or o.unit.kind is None:
        raise _fail(part, f"unit {text!r} of {power.title()} not understood: write the kind and the province, "
                          "e.g. 'A LON', 'F NTH' or 'F STP/SC'.", "bad_unit")
    try:
        return str(parse_unit(str(o.unit), power, dmap))
    except RulesError as exc:
        raise _again(part, exc) from None


def _province(text: str, part: str, dmap: DiplomacyMap) -> str:
    try:
        return province_of(parse_order(f"A {text} H", dmap).unit.location)  # type: ignore[union-attr]
    except RulesError as exc:
        raise _again(part, exc) from None


def parse_position(text: str, dmap: DiplomacyMap | None = None
                   ) -> tuple[Position, str | None, dict[str, tuple[str, ...]]]:
    """(position, learner power or None, fixed orders {power: canonical order texts}).

    Raises PositionLineError, PositionError, InvalidNotation or IllegalAction (all RulesError)
    naming the part of the line that is wrong.
    """
    from .options import validate_orders
    dmap = dmap or standard_map()
    if not isinstance(text, str) or not text.strip():
        raise PositionLineError("bad_position", "A position is one line of parts separated by '|', e.g. "
                                                "'England to order, S1901M | England: F NTH, A LON'.")
    parts = [p.strip() for p in refuse_long_numbers(text).split("|")]
    head = parts[0]
    m = _HEAD.match(head)
    assert m is not None
    learner = _power(m.group("power"), head, dmap) if m.group("power") else None
    phase = _phase(m.group("phase"), head)
    units: dict[str, list[str]] = {}
    centres: dict[str, list[str]] | None = None
    dislodged: list[tuple[str, str, str | None, bool]] = []
    contested: list[str] = []
    orders_text: dict[str, tuple[str, str]] = {}
    seen_units: set[str] = set()
    for part in parts[1:]:
        if not part:
            raise PositionLineError("bad_position", f"Position {text!r} has an empty part between two '|': "
                                                    "remove the extra '|'.")
        if mc := _CENTRES.match(part):
            centres = {} if centres is None else centres
            who, rest = mc.group("power").strip(), mc.group("rest").strip()
            if not who:
                if rest.lower() != "none":
                    raise _fail(part, "say whose centres they are, e.g. 'centres England: LON, EDI' "
                                      "('centres: none' leaves every centre neutral).")
                continue
            power = _power(who, part, dmap)
            for item in _items(rest):
                prov = _province(item, part, dmap)
                if not dmap.provinces[prov].supply_center:
                    raise _fail(part, f"{dmap.name_of(prov)} ({prov}) is not a supply centre.", "not_a_center")
                owner = next((pw for pw, ps in centres.items() if prov in ps), None)
                if owner is not None:
                    raise _fail(part, f"{prov} is already listed for {owner.title()}; a centre has one owner.",
                                "two_owners")
                centres.setdefault(power, []).append(prov)
        elif md := _DISLODGED.match(part):
            power = _power(md.group("power"), part, dmap)
            for item in _items(md.group("rest")):
                mf = _FROM.match(item)
                unit_words, frm, via = (mf.group("unit"), mf.group("from"), bool(mf.group("via"))) if mf else \
                    (item, None, False)
                unit = _unit_text(unit_words, power, part, dmap)
                frm_prov = _province(frm, part, dmap) if frm else None
                dislodged.append((power, unit, frm_prov, via))
        elif mx := _CONTESTED.match(part):
            contested += [_province(item, part, dmap) for item in _items(mx.group("rest"))]
        elif mo := _ORDERS.match(part):
            power = _power(mo.group("power"), part, dmap)
            if power in orders_text:
                raise _fail(part, f"{power.title()}'s orders are given twice; put them in one part.")
            orders_text[power] = (part, mo.group("rest"))
        elif mu := _UNITS.match(part):
            power = _power(mu.group("power"), part, dmap)
            if power in seen_units:
                raise _fail(part, f"{power.title()}'s units are given twice; list them in one part.")
            seen_units.add(power)
            units[power] = [_unit_text(item, power, part, dmap) for item in _items(mu.group("rest"))]
        else:
            raise _fail(part, f"not understood; {_PARTS_HELP}.")

    data: dict[str, object] = {"phase": str(phase), "units": units}
    if centres is not None:
        data["supply_centers"] = centres
    by_power: dict[str, list[dict[str, object]]] = {}
    order = {pw: i for i, pw in enumerate(dmap.powers)}
    for power, unit, frm, via in sorted(dislodged, key=lambda d: (order[d[0]], province_of(d[1].split()[1]))):
        by_power.setdefault(power, []).append({"unit": unit, "attacked_from": frm, "via_convoy": via})
    data["dislodged"] = by_power
    data["contested"] = sorted(set(contested))
    if (dislodged or contested) and phase.kind != "R":
        raise PositionLineError("bad_position", f"Position {text!r}: dislodged units and contested provinces "
                                                f"belong to a retreat phase, but the phase is {phase}. Write "
                                                f"'{phase.season}{phase.year}R' in the first part.")
    pos = Position.from_dict(data, dmap)
    fixed: dict[str, tuple[str, ...]] = {}
    for power in sorted(orders_text, key=order.__getitem__):
        part, rest = orders_text[power]
        if power == learner:
            raise _fail(part, f"{power.title()} is the power to order (the learner): its orders are the answer "
                              "to the exercise, not part of the position. Remove this part.", "learner_orders")
        try:
            fixed[power] = validate_orders(pos, power, _items(rest))
        except RulesError as exc:
            raise _again(part, exc) from None
    return pos, learner, fixed


def format_position(pos: Position, learner: str | None = None,
                    orders: Mapping[str, Iterable[str]] | None = None) -> str:
    """The canonical line of a position (inverse of ``parse_position``).

    Units, centres and dislodged units are listed per power in map order, provinces sorted;
    the centres part is left out when every home centre (and nothing else) is owned by its power.
    """
    dmap = pos.dmap
    head = str(pos.phase)
    if learner:
        head = f"{learner.title()} to order, {head}"
    parts = [head]
    for pw in dmap.powers:
        us = sorted(pos.units_of(pw), key=lambda u: u.province)
        if us:
            parts.append(f"{pw.title()}: " + ", ".join(str(u) for u in us))
    default = {p.id: p.home for p in dmap.provinces.values() if p.home}
    if dict(pos.supply_centers) != default:
        owned = [pw for pw in dmap.powers if pos.centers_of(pw)]
        if not owned:
            parts.append("centres: none")
        for pw in owned:
            parts.append(f"centres {pw.title()}: " + ", ".join(pos.centers_of(pw)))
    for pw in dmap.powers:
        ds = sorted((d for d in pos.dislodged if d.unit.power == pw), key=lambda d: d.unit.province)
        if ds:
            parts.append(f"dislodged {pw.title()}: " + ", ".join(_dislodged_text(d) for d in ds))
    if pos.contested:
        parts.append("contested: " + ", ".join(sorted(pos.contested)))
    for pw in dmap.powers:
        texts = list((orders or {}).get(pw, ()))
        if texts:
            parts.append(f"{pw.title()} orders: " + ", ".join(texts))
    return " | ".join(parts)


def _dislodged_text(d: Dislodged) -> str:
    if d.attacked_from is None:
        return str(d.unit)
    return f"{d.unit} from {d.attacked_from}" + (" via convoy" if d.via_convoy else "")


def read_position_line(text: str) -> Any:
    """The game state a position line stands for (the learner and the fixed orders it may name are left out)."""
    from .game import DiplomacyGame
    position, _learner, _orders = parse_position(text)
    return DiplomacyGame().state_from_position(position)


def public_position(state: Any) -> str:
    """The position everybody may see: the units and centres, never the orders being written; on a lesson's
    board also its learner's power ("Germany to order, ..."), so that the position played out from there
    gives the learner the same power."""
    return format_position(state.position, getattr(state, "learner", None))
