"""Diplomacy positions: phase, units, supply centres, dislodged units and contested provinces.

>>> pos = Position.from_dict({"phase": "S1901M", "units": {"ENGLAND": ["F NTH", "A LON"]}})
>>> pos.unit_in("NTH").location
'NTH'
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from academy.core.errors import RulesError

from .mapdata import DiplomacyMap, province_of, standard_map

PHASE_RE = re.compile(r"^([SFW])(\d{4})([MRA])$")
SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
KIND_NAMES = {"M": "movement", "R": "retreats", "A": "adjustments"}


def phase_title(phase: str) -> str:
    """A phase in words: 'S1901M' -> 'Spring 1901 movement' (anything else as it is)."""
    m = PHASE_RE.match(str(phase))
    return f"{SEASONS[m[1]]} {m[2]} {KIND_NAMES[m[3]]}" if m else str(phase)


class PositionError(RulesError):
    """A position that is not well formed (unknown province, fleet inland, two units in one place)."""

    default_reason = "bad_position"


@dataclass(frozen=True)
class Unit:
    power: str
    kind: str          # "A" or "F"
    location: str      # "MUN", "STP/SC"
    #: the province of ``location`` ("STP" for "STP/SC"), kept because the adjudicator asks often
    province: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))

    def __str__(self) -> str:
        return f"{self.kind} {self.location}"


@dataclass(frozen=True)
class Dislodged:
    unit: Unit
    attacked_from: str | None
    via_convoy: bool = False


@dataclass(frozen=True)
class Phase:
    season: str   # S, F or W
    year: int
    kind: str     # M, R or A

    @classmethod
    def parse(cls, text: str) -> Phase:
        m = PHASE_RE.match(str(text).strip().upper())
        if not m:
            raise PositionError("bad_phase", f"Phase {text!r} not understood: write season S/F/W, the year and "
                                             "M (movement), R (retreats) or A (adjustments), e.g. 'S1901M'.")
        return cls(m.group(1), int(m.group(2)), m.group(3))

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"


def parse_unit(text: str, power: str, dmap: DiplomacyMap) -> Unit:
    """'F STP/SC' -> Unit(power, 'F', 'STP/SC'); raises PositionError naming the problem."""
    parts = str(text).strip().upper().split()
    if len(parts) != 2 or parts[0] not in ("A", "F"):
        raise PositionError("bad_unit", f"Unit {text!r} of {power} not understood: write 'A MUN' or 'F STP/SC'.")
    kind, loc = parts
    loc = loc.replace("(", "/").replace(")", "")
    prov = province_of(loc)
    if prov not in dmap.provinces:
        try:
            dmap.names.resolve(prov)
            hint = ""
        except RulesError as exc:
            hint = " " + str(exc)
        raise PositionError("unknown_province", f"Unit {text!r} of {power}: {prov} is not a province.{hint}")
    p = dmap.provinces[prov]
    if kind == "A":
        if p.kind == "sea":
            raise PositionError("army_at_sea", f"Unit {text!r} of {power}: an army cannot stand in {p.name}, a sea.")
        return Unit(power, "A", prov)
    if p.kind == "land":
        raise PositionError("fleet_inland", f"Unit {text!r} of {power}: a fleet cannot stand in {p.name}, inland.")
    if p.coasts:
        if "/" not in loc or loc.split("/", 1)[1] not in p.coasts:
            coasts = ", ".join(f"{prov}/{c}" for c in p.coasts)
            raise PositionError("coast_needed", f"Unit {text!r} of {power}: a fleet in {p.name} must name its "
                                                f"coast: {coasts}.")
        return Unit(power, "F", loc)
    return Unit(power, "F", prov)


@dataclass(frozen=True)
class Position:
    """An immutable Diplomacy position. Build with ``from_dict`` or ``standard``."""

    phase: Phase
    units: Mapping[str, Unit]                      # province -> unit
    supply_centers: Mapping[str, str]              # province -> owning power
    dislodged: tuple[Dislodged, ...] = ()
    contested: frozenset[str] = frozenset()
    dmap: DiplomacyMap = field(default_factory=standard_map, repr=False, compare=False)

    def unit_in(self, province: str) -> Unit | None:
        return self.units.get(province_of(province))

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]

    def centers_of(self, power: str) -> list[str]:
        return sorted(p for p, pw in self.supply_centers.items() if pw == power)

    # -- construction ------------------------------------------------------------------
    @classmethod
    def standard(cls) -> Position:
        """The Spring 1901 start: 22 units, every power owning its home centres."""
        m = standard_map()
        return cls.from_dict({"phase": m.start_phase, "units": {p: list(u) for p, u in m.start_units.items()}})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], dmap: DiplomacyMap | None = None) -> Position:
        """Build a position from the public schema; raises PositionError naming the problem.

        ``supply_centers`` is optional: when absent every home centre belongs to its power.
        """
        dmap = dmap or standard_map()
        if not isinstance(data, Mapping):
            raise PositionError("bad_position", "A position must be a dict with 'phase' and 'units'.")
        unknown = set(data) - {"phase", "units", "supply_centers", "dislodged", "contested"}
        if unknown:
            raise PositionError("bad_position", f"Unknown position keys: {', '.join(sorted(unknown))}.")
        phase = Phase.parse(data.get("phase", "S1901M"))
        units: dict[str, Unit] = {}
        for power, texts in (data.get("units") or {}).items():
            power = _power(power, dmap)
            if isinstance(texts, str):
                texts = [texts]
            for text in texts:
                u = parse_unit(text, power, dmap)
                if u.province in units:
                    raise PositionError("two_units", f"Two units in {u.province}: {units[u.province]} of "
                                                     f"{units[u.province].power} and {u} of {power}.")
                units[u.province] = u
        if "supply_centers" in data and data["supply_centers"] is not None:
            centers: dict[str, str] = {}
            for power, provs in data["supply_centers"].items():
                power = _power(power, dmap)
                for prov in provs:
                    prov = str(prov).strip().upper()
                    if prov not in dmap.provinces or not dmap.provinces[prov].supply_center:
                        raise PositionError("not_a_center", f"{prov} (listed for {power}) is not a supply centre.")
                    if prov in centers:
                        raise PositionError("two_owners", f"Supply centre {prov} is listed for both "
                                                          f"{centers[prov]} and {power}.")
                    centers[prov] = power
        else:
            centers = {p.id: p.home for p in dmap.provinces.values() if p.home}
        dislodged: list[Dislodged] = []
        for power, entries in (data.get("dislodged") or {}).items():
            power = _power(power, dmap)
            for entry in entries:
                if isinstance(entry, str):
                    entry = {"unit": entry}
                u = parse_unit(entry.get("unit", ""), power, dmap)
                frm = entry.get("attacked_from")
                if frm is not None:
                    frm = str(frm).strip().upper()
                    if province_of(frm) not in dmap.provinces:
                        raise PositionError("unknown_province", f"Dislodged {u}: attacked_from {frm} is not a "
                                                                "province.")
                    frm = province_of(frm)
                if any(d.unit.province == u.province for d in dislodged):
                    raise PositionError("two_units", f"Two dislodged units in {u.province}.")
                dislodged.append(Dislodged(u, frm, bool(entry.get("via_convoy", False))))
        contested = set()
        for prov in data.get("contested") or ():
            prov = province_of(str(prov).strip().upper())
            if prov not in dmap.provinces:
                raise PositionError("unknown_province", f"Contested {prov} is not a province.")
            contested.add(prov)
        return cls(phase, units, centers, tuple(dislodged), frozenset(contested), dmap)

    def to_dict(self) -> dict[str, Any]:
        """The public schema (inverse of ``from_dict``)."""
        units: dict[str, list[str]] = {}
        for u in sorted(self.units.values(), key=lambda u: (u.power, u.province)):
            units.setdefault(u.power, []).append(str(u))
        centers: dict[str, list[str]] = {}
        for prov, pw in sorted(self.supply_centers.items(), key=lambda kv: (kv[1], kv[0])):
            centers.setdefault(pw, []).append(prov)
        dislodged: dict[str, list[dict[str, Any]]] = {}
        for d in self.dislodged:
            dislodged.setdefault(d.unit.power, []).append(
                {"unit": str(d.unit), "attacked_from": d.attacked_from, "via_convoy": d.via_convoy})
        return {"phase": str(self.phase), "units": units, "supply_centers": centers,
                "dislodged": dislodged, "contested": sorted(self.contested)}


def _power(name: Any, dmap: DiplomacyMap) -> str:
    p = str(name).strip().upper()
    if p not in dmap.powers:
        raise PositionError("unknown_power", f"{name!r} is not a power; the powers are {', '.join(dmap.powers)}.")
    return p
