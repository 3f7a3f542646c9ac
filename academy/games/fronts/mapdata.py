"""Fronts maps (maps/fronts/*.json): provinces, terrain, rivers on borders, cities, teams, start.

The format ("format": "academy-fronts-map", "version": 1)::

    {"id": "duel", "name": "...", "description": "...",
     "teams":   {"north": {"name": "North"}},
     "players": {"red": {"name": "Red", "team": "north", "funds": 10}},
     "provinces": {"northgate": {"name": "Northgate", "terrain": "urban", "kind": "capital",
                                 "at": [0.5, 0.92], "owner": "red", "aliases": ["NG"]}},
     "borders": [["northgate", "ashford"]],
     "rivers":  [["millbrook", "riverton"]],          # each one must also be a border
     "stacks":  {"red": {"northgate": {"infantry": 3, "air": 1}}},
     "garrisons": {"riverton": {"infantry": 2}}}      # neutral cities only

``terrain`` is plains, forest, mountain or urban; ``kind`` is rural, city or capital; ``owner`` is
a player id or null (neutral). Every error is a MapError naming the file and the line.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from academy.core import graph
from academy.core.datafile import line_of, load_all_maps, load_json, load_map_by_id
from academy.core.errors import InvalidNotation, MapError
from academy.core.names import NameIndex

from .terrain import TERRAINS, terrain as terrain_named
from .units import parse_units

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps" / "fronts"
FORMAT = "academy-fronts-map"
KINDS = ("rural", "city", "capital")
#: Income per province kind (fronts.md "Income").
INCOME = {"rural": 1, "city": 3, "capital": 5}


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    terrain: str
    kind: str
    at: tuple[float, float]
    owner: str | None
    aliases: tuple[str, ...]

    @property
    def is_city(self) -> bool:
        """Cities and capitals are cities; rural provinces are not."""
        return self.kind in ("city", "capital")

    @property
    def is_capital(self) -> bool:
        return self.kind == "capital"


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    team: str
    funds: int


@dataclass(frozen=True)
class FrontsMap:
    id: str
    name: str
    description: str
    teams: Mapping[str, str]
    players: Mapping[str, Player]
    provinces: Mapping[str, Province]
    neighbours: Mapping[str, frozenset[str]]
    borders: tuple[tuple[str, str], ...]
    rivers: frozenset[frozenset[str]]
    stacks: Mapping[str, Mapping[str, Mapping[str, int]]]
    garrisons: Mapping[str, Mapping[str, int]]

    def are_adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    def has_river(self, a: str, b: str) -> bool:
        """Is there a river on the border between ``a`` and ``b``?"""
        return frozenset((a, b)) in self.rivers

    def name_of(self, province: str) -> str:
        return self.provinces[province].name

    def team_of(self, player: str) -> str:
        return self.players[player].team

    def cities(self) -> tuple[str, ...]:
        """Every city and capital, in map order."""
        return tuple(p for p, prov in self.provinces.items() if prov.is_city)

    def neutral_cities(self) -> tuple[str, ...]:
        """Cities nobody owns at the start (each with its garrison)."""
        return tuple(p for p in self.cities() if self.provinces[p].owner is None)

    def spare_city_steps(self, players: int) -> dict[str, int]:
        """With ``players`` in play (the first ones of the map; the land and armies of the others start
        neutral), each player's steps from its capital to the nearest city of those left out (empty when
        nobody is left out)."""
        left_out = set(list(self.players)[players:])
        spare = [c for c in self.cities() if self.provinces[c].owner in left_out]
        out: dict[str, int] = {}
        for pid in list(self.players)[:players]:
            capital = next(p for p, prov in self.provinces.items() if prov.owner == pid and prov.is_capital)
            steps = self.distances_from(capital)
            out[pid] = min((steps[c] for c in spare if c in steps), default=0)
        return out if spare else {}

    @functools.cached_property
    def border_graph(self) -> nx.Graph:
        """The provinces as a networkx graph, an edge for each border (built once per map)."""
        return graph.graph_of(self.neighbours)

    def distances_from(self, start: str) -> dict[str, int]:
        """Steps from ``start`` to every province (breadth first over the borders)."""
        return graph.steps(self.border_graph, [start])

    def within(self, start: str, steps: int) -> frozenset[str]:
        """Provinces at most ``steps`` away from ``start``, itself included (air range is 3)."""
        return frozenset(p for p, d in self.distances_from(start).items() if d <= steps)

    @functools.cached_property
    def _names(self) -> NameIndex:
        return NameIndex({p: [prov.name, *prov.aliases] for p, prov in self.provinces.items()}, kind="province")

    def resolve(self, text: str) -> str:
        """The province id for a name or alias; InvalidNotation with "did you mean" otherwise."""
        return self._names.resolve(text)


def _fail(msg: str, path: Path, text: str, *needles: str) -> MapError:
    """A MapError at the line of the first needle found in the text (pairs may be written over lines)."""
    lines = [line_of(text, n) for n in needles]
    return MapError(msg, file=str(path), line=next((n for n in lines if n is not None), None))


def _pair_list(raw: Any, key: str, provinces: Mapping[str, Any], path: Path, text: str) -> list[tuple[str, str]]:
    if not isinstance(raw, list):
        raise _fail(f"{key!r} must be a list of pairs of province ids", path, text, f'"{key}"')
    pairs = []
    seen: set[frozenset[str]] = set()
    for pair in raw:
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise _fail(f"each of {key!r} must be a pair of province ids, got {pair!r}", path, text, f'"{key}"')
        a, b = pair
        for end in (a, b):
            if end not in provinces:
                raise _fail(f"{key[:-1]} {a!r}-{b!r} names unknown province {end!r}", path, text, f'"{end}"')
        if a == b or frozenset(pair) in seen:
            raise _fail(f"{key[:-1]} {a!r}-{b!r} is repeated or joins a province to itself", path, text,
                        f'["{a}", "{b}"]', f'"{key}"')
        seen.add(frozenset(pair))
        pairs.append((a, b))
    return pairs


def _units(raw: Any, what: str, path: Path, text: str, needle: str) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise _fail(f"{what} must be an object of unit counts like {{\"infantry\": 2}}", path, text, needle)
    try:
        return parse_units(raw)
    except (InvalidNotation, ValueError) as exc:
        raise _fail(f"{what}: {exc}", path, text, needle) from None


def parse_map(data: Any, path: Path, text: str = "") -> FrontsMap:
    """Build and check a map from its JSON data; raises MapError with the file and line."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(f'not a Fronts map: expected "format": "{FORMAT}"', path, text, '"format"')
    for key in ("teams", "players", "provinces", "borders"):
        if not isinstance(data.get(key), (dict if key != "borders" else list)):
            raise _fail(f"missing or malformed {key!r} section", path, text, f'"{key}"')
    teams = {}
    for tid, t in data["teams"].items():
        teams[tid] = t.get("name", tid) if isinstance(t, dict) else tid
    players: dict[str, Player] = {}
    for pid, p in data["players"].items():
        if not isinstance(p, dict) or p.get("team") not in teams:
            raise _fail(f"player {pid!r} needs a \"team\" that is one of {sorted(teams)}", path, text, f'"{pid}"')
        funds = p.get("funds", 0)
        if isinstance(funds, bool) or not isinstance(funds, int) or funds < 0:
            raise _fail(f"player {pid!r} has funds {funds!r}; give a whole number of 0 or more", path, text,
                        f'"{pid}"')
        players[pid] = Player(pid, p.get("name", pid), p["team"], funds)
    if len(teams) < 2 or any(not any(pl.team == t for pl in players.values()) for t in teams):
        raise _fail("a map needs at least 2 teams, each with at least one player", path, text, '"teams"')
    provinces: dict[str, Province] = {}
    for pid, p in data["provinces"].items():
        needle = f'"{pid}"'
        try:
            if p["terrain"] not in TERRAINS:
                raise _fail(f"province {pid!r} has terrain {p['terrain']!r}; use one of {tuple(TERRAINS)}",
                            path, text, needle)
            if p["kind"] not in KINDS:
                raise _fail(f"province {pid!r} has kind {p['kind']!r}; use one of {KINDS}", path, text, needle)
            owner = p.get("owner")
            if owner is not None and owner not in players:
                raise _fail(f"province {pid!r} has owner {owner!r}, not a player of this map "
                            f"({sorted(players)}); use null for neutral", path, text, needle)
            if p["kind"] == "capital" and owner is None:
                raise _fail(f"capital {pid!r} must belong to a player", path, text, needle)
            x, y = p["at"]
            provinces[pid] = Province(pid, p["name"], terrain_named(p["terrain"]).id, p["kind"],
                                      (float(x), float(y)), owner, tuple(p.get("aliases", ())))
        except (KeyError, TypeError, ValueError) as exc:
            raise _fail(f"province {pid!r} is malformed ({exc!r}); it needs name, terrain, kind and at [x, y]",
                        path, text, needle) from None
    neighbours: dict[str, set[str]] = {p: set() for p in provinces}
    borders = _pair_list(data["borders"], "borders", provinces, path, text)
    for a, b in borders:
        neighbours[a].add(b)
        neighbours[b].add(a)
    lonely = [p for p, n in neighbours.items() if not n]
    if lonely:
        raise _fail(f"province {lonely[0]!r} has no border", path, text, f'"{lonely[0]}"')
    rivers = _pair_list(data.get("rivers", []), "rivers", provinces, path, text)
    for a, b in rivers:
        if b not in neighbours[a]:
            raise _fail(f"river {a!r}-{b!r} is not on a border; add the border or remove the river",
                        path, text, f'["{a}", "{b}"]', '"rivers"')
    for pl in players:
        if not any(prov.owner == pl and prov.is_city for prov in provinces.values()):
            raise _fail(f"player {pl!r} owns no city at the start", path, text, f'"{pl}"')
    stacks: dict[str, dict[str, dict[str, int]]] = {}
    for pl, by_province in data.get("stacks", {}).items():
        if pl not in players or not isinstance(by_province, dict):
            raise _fail(f"stacks for {pl!r}: not a player of this map", path, text, f'"{pl}"')
        stacks[pl] = {}
        for prov, raw in by_province.items():
            what = f"stack of {pl!r} in {prov!r}"
            if prov not in provinces or provinces[prov].owner != pl:
                raise _fail(f"{what}: a starting stack must stand in a province its player owns", path, text,
                            f'"{prov}"')
            units = _units(raw, what, path, text, f'"{prov}"')
            if units["air"] and not provinces[prov].is_city:
                raise _fail(f"{what}: planes stay in the city where they were built; put them in a city",
                            path, text, f'"{prov}"')
            stacks[pl][prov] = units
    garrisons: dict[str, dict[str, int]] = {}
    for prov, raw in data.get("garrisons", {}).items():
        if prov not in provinces or provinces[prov].owner is not None or not provinces[prov].is_city:
            raise _fail(f"garrison in {prov!r}: garrisons hold neutral cities only", path, text, f'"{prov}"')
        garrisons[prov] = _units(raw, f"garrison in {prov!r}", path, text, f'"{prov}"')
    for prov in provinces:
        if provinces[prov].is_city and provinces[prov].owner is None and not any(garrisons.get(prov, {}).values()):
            raise _fail(f"neutral city {prov!r} has no garrison; list it under \"garrisons\"", path, text,
                        f'"{prov}"')
    return FrontsMap(data.get("id", path.stem), data.get("name", path.stem), data.get("description", ""),
                     teams, players, provinces, {p: frozenset(n) for p, n in neighbours.items()},
                     tuple(borders), frozenset(frozenset(r) for r in rivers), stacks, garrisons)


def load_map_file(path: Path) -> FrontsMap:
    """Load one map file; raises MapError naming the file and line."""
    data, text = load_json(path, MapError)
    return parse_map(data, path, text)


@functools.cache
def load_map(map_id: str = "duel") -> FrontsMap:
    """A map from maps/fronts/ by id (cached); raises MapError if missing or malformed."""
    return load_map_by_id(MAPS_DIR, map_id, "Fronts", load_map_file)


def available_maps(directory: Path = MAPS_DIR) -> tuple[dict[str, FrontsMap], list[MapError]]:
    """Every readable map in ``directory`` by id, and the MapErrors of the broken ones."""
    return load_all_maps(directory, load_map_file)
