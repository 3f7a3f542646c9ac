"""The Diplomacy map: provinces, coasts, supply centres and army/fleet borders (maps/diplomacy/).

A *location* is where a unit stands: a province id ("MUN") or, for a fleet on a split
coast, the province and coast ("STP/SC"). Army borders join provinces; fleet borders join
fleet locations (a split-coast province has no plain fleet location, only its coasts).
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from academy.core.datafile import line_of, load_json
from academy.core.errors import MapError
from academy.core.names import NameIndex

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps" / "diplomacy"
KINDS = ("land", "coast", "sea")
COAST_NAMES = ("NC", "SC", "EC", "WC")


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    kind: str                    # land, coast or sea
    supply_center: bool
    home: str | None             # the power whose home centre this is
    coasts: tuple[str, ...]      # ("NC", "SC") for split-coast provinces, else ()
    #: where the board draws it: (x, y) normalised to 0..1, x to the east, y to the south (None: not given)
    xy: tuple[float, float] | None = None
    #: where the board draws each coast of a split-coast province ({"NC": (x, y)}), same convention
    coast_xy: Mapping[str, tuple[float, float]] = field(default_factory=dict, compare=False)

    @property
    def is_split(self) -> bool:
        return bool(self.coasts)


def province_of(location: str) -> str:
    """"STP/SC" -> "STP"; "MUN" -> "MUN"."""
    cut = location.find("/")                 # called very often by the adjudicator: no new string when no coast
    return location if cut < 0 else location[:cut]


def coast_of(location: str) -> str | None:
    """"STP/SC" -> "SC"; "MUN" -> None."""
    return location.split("/", 1)[1] if "/" in location else None


@dataclass(frozen=True)
class DiplomacyMap:
    id: str
    name: str
    powers: tuple[str, ...]
    provinces: Mapping[str, Province]
    army_adj: Mapping[str, frozenset[str]]     # province -> provinces
    fleet_adj: Mapping[str, frozenset[str]]    # fleet location -> fleet locations
    start_phase: str
    start_units: Mapping[str, tuple[str, ...]]

    # -- questions ---------------------------------------------------------------------
    def fleet_locations(self, province: str) -> tuple[str, ...]:
        """Where a fleet can stand in ``province``: () inland, its coasts if split."""
        p = self.provinces[province]
        if p.kind == "land":
            return ()
        if p.coasts:
            return tuple(f"{province}/{c}" for c in p.coasts)
        return (province,)

    def can_army_move(self, src: str, dst: str) -> bool:
        return province_of(dst) in self.army_adj.get(province_of(src), ())

    def can_fleet_move(self, src: str, dst: str) -> bool:
        """Fleet move between two fleet locations (coasts explicit where split)."""
        return dst in self.fleet_adj.get(src, ())

    def fleet_can_reach_province(self, src: str, province: str) -> bool:
        """Whether a fleet at ``src`` can move to some coast of ``province`` (used for support)."""
        return any(d in self.fleet_adj.get(src, ()) for d in self.fleet_locations(province))

    def fleet_coasts_reachable(self, src: str, province: str) -> list[str]:
        return [d for d in self.fleet_locations(province) if d in self.fleet_adj.get(src, ())]

    def can_fleet_reach_province(self, src: str, province: str) -> bool:
        return self.fleet_can_reach_province(src, province)

    def seas_touching(self, province: str) -> frozenset[str]:
        """Sea provinces a fleet could move to from some coast of ``province``."""
        out: set[str] = set()
        for loc in self.fleet_locations(province):
            out.update(n for n in self.fleet_adj.get(loc, ()) if self.provinces[province_of(n)].kind == "sea")
        return frozenset(out)

    def army_coastal_seas(self, province: str) -> frozenset[str]:
        return self.seas_touching(province_of(province))

    def is_sea(self, province: str) -> bool:
        return self.provinces[province].kind == "sea"

    def is_land(self, province: str) -> bool:
        return self.provinces[province].kind == "land"

    def home_centers(self, power: str) -> list[str]:
        return [p.id for p in self.provinces.values() if p.home == power]

    def name_of(self, province: str) -> str:
        return self.provinces[province].name

    @functools.cached_property
    def names(self) -> NameIndex:
        return NameIndex({p.id: [p.id, p.name] for p in self.provinces.values()}, kind="province")

    @property
    def supply_centers(self) -> list[str]:
        return [p.id for p in self.provinces.values() if p.supply_center]


def _fail(msg: str, path: Path, text: str, needle: str | None = None) -> MapError:
    return MapError(msg, file=str(path), line=line_of(text, needle) if needle else None)


def _point(raw: Any, what: str, path: Path, text: str, needle: str) -> tuple[float, float] | None:
    """An optional board position [x, y], each 0..1; raises MapError otherwise."""
    if raw is None:
        return None
    if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                            and 0 <= v <= 1 for v in raw)):
        raise _fail(f"{what} must be [x, y] with both between 0 and 1, not {raw!r}", path, text, needle)
    return float(raw[0]), float(raw[1])


def parse_map(data: Any, path: Path, text: str = "") -> DiplomacyMap:
    """Build and check a map from its JSON data; raises MapError with the file and line."""
    if not isinstance(data, dict) or data.get("format") != "academy-diplomacy-map":
        raise _fail('not a Diplomacy map: expected "format": "academy-diplomacy-map"', path, text, '"format"')
    powers = tuple(data.get("powers") or ())
    if not powers:
        raise _fail("the map names no powers", path, text, '"powers"')
    provinces: dict[str, Province] = {}
    for raw in data.get("provinces") or ():
        pid = raw.get("id") if isinstance(raw, dict) else None
        if not isinstance(pid, str) or not pid:
            raise _fail(f"a province without an id: {raw!r}", path, text, '"provinces"')
        needle = f'"id": "{pid}"'
        if pid in provinces:
            raise _fail(f"province {pid} is listed twice", path, text, needle)
        kind = raw.get("kind")
        if kind not in KINDS:
            raise _fail(f"province {pid}: kind must be one of {', '.join(KINDS)}, not {kind!r}", path, text, needle)
        home = raw.get("home")
        if home is not None and home not in powers:
            raise _fail(f"province {pid}: home {home!r} is not a power of this map", path, text, needle)
        coasts = tuple(raw.get("coasts") or ())
        if any(c not in COAST_NAMES for c in coasts) or (coasts and kind != "coast"):
            raise _fail(f"province {pid}: bad coasts {list(coasts)}", path, text, needle)
        if home and not raw.get("supply_center"):
            raise _fail(f"province {pid}: a home centre must be a supply centre", path, text, needle)
        xy = _point(raw.get("xy"), f"province {pid}: xy", path, text, needle)
        coast_xy = raw.get("coast_xy") or {}
        if not isinstance(coast_xy, dict) or any(c not in coasts for c in coast_xy):
            raise _fail(f"province {pid}: coast_xy must name its coasts {list(coasts)}", path, text, needle)
        provinces[pid] = Province(pid, str(raw.get("name") or pid), kind, bool(raw.get("supply_center")),
                                  home, coasts, xy,
                                  {c: _point(v, f"province {pid}: coast_xy {c}", path, text, needle)
                                   for c, v in coast_xy.items()})

    army: dict[str, set[str]] = {p: set() for p in provinces}
    for edge in data.get("army_borders") or ():
        needle = f'["{edge[0]}", "{edge[1]}"]' if isinstance(edge, list) and len(edge) == 2 else '"army_borders"'
        if not (isinstance(edge, list) and len(edge) == 2 and all(e in provinces for e in edge)):
            raise _fail(f"army border {edge!r}: both ends must be known provinces", path, text, needle)
        a, b = edge
        if a == b or any(provinces[x].kind == "sea" for x in edge):
            raise _fail(f"army border {a}-{b}: armies cannot stand at sea or border themselves", path, text, needle)
        army[a].add(b)
        army[b].add(a)

    locations: set[str] = set()
    for p in provinces.values():
        if p.kind != "land":
            locations.update(f"{p.id}/{c}" for c in p.coasts) if p.coasts else locations.add(p.id)
    fleet: dict[str, set[str]] = {loc: set() for loc in locations}
    for edge in data.get("fleet_borders") or ():
        needle = f'["{edge[0]}", "{edge[1]}"]' if isinstance(edge, list) and len(edge) == 2 else '"fleet_borders"'
        if not (isinstance(edge, list) and len(edge) == 2 and all(e in locations for e in edge)):
            raise _fail(f"fleet border {edge!r}: both ends must be fleet locations (coasts of split provinces)",
                        path, text, needle)
        a, b = edge
        if province_of(a) == province_of(b):
            raise _fail(f"fleet border {a}-{b} joins a province to itself", path, text, needle)
        fleet[a].add(b)
        fleet[b].add(a)

    start = data.get("start") or {}
    start_units = {pw: tuple(us) for pw, us in (start.get("units") or {}).items()}
    for pw in start_units:
        if pw not in powers:
            raise _fail(f"start units for unknown power {pw!r}", path, text, f'"{pw}"')
    return DiplomacyMap(
        id=str(data.get("id") or path.stem), name=str(data.get("name") or path.stem), powers=powers,
        provinces=provinces, army_adj={k: frozenset(v) for k, v in army.items()},
        fleet_adj={k: frozenset(v) for k, v in fleet.items()},
        start_phase=str(start.get("phase") or "S1901M"), start_units=start_units)


def load_map(path: Path) -> DiplomacyMap:
    data, text = load_json(path, MapError)
    return parse_map(data, path, text)


@functools.lru_cache(maxsize=None)
def standard_map() -> DiplomacyMap:
    """The standard map (maps/diplomacy/standard.json), loaded once."""
    return load_map(MAPS_DIR / "standard.json")
