"""The Conquest map: territories, continents, borders and drawing coordinates (maps/conquest/)."""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from academy.core.datafile import line_of, load_all_maps, load_json, load_map_by_id
from academy.core.errors import MapError

MAPS_DIR = Path(__file__).resolve().parents[3] / "maps" / "conquest"
CARD_SYMBOLS = ("infantry", "cavalry", "artillery")


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    continent: str
    card: str
    at: tuple[float, float]
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Continent:
    id: str
    name: str
    bonus: int
    territories: tuple[str, ...]


@dataclass(frozen=True)
class ConquestMap:
    id: str
    name: str
    territories: Mapping[str, Territory]
    continents: Mapping[str, Continent]
    neighbours: Mapping[str, frozenset[str]]
    borders: tuple[tuple[str, str], ...]
    sea_lanes: frozenset[frozenset[str]]
    wraps: frozenset[frozenset[str]]

    def are_adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    def name_of(self, territory: str) -> str:
        return self.territories[territory].name


def _fail(msg: str, path: Path, text: str, needle: str | None = None) -> MapError:
    return MapError(msg, file=str(path), line=line_of(text, needle) if needle else None)


def parse_map(data: Any, path: Path, text: str = "") -> ConquestMap:
    """Build and check a map from its JSON data; raises MapError with the file and line."""
    if not isinstance(data, dict) or data.get("format") != "academy-conquest-map":
        raise _fail('not a Conquest map: expected "format": "academy-conquest-map"', path, text, '"format"')
    try:
        continents_raw = data["continents"]
        territories_raw = data["territories"]
        borders_raw = data["borders"]
    except KeyError as exc:
        raise _fail(f"missing the {exc.args[0]!r} section", path, text) from None
    territories: dict[str, Territory] = {}
    for tid, t in territories_raw.items():
        try:
            if t["continent"] not in continents_raw:
                raise _fail(f"territory {tid!r} names unknown continent {t['continent']!r}", path, text, f'"{tid}"')
            if t["card"] not in CARD_SYMBOLS:
                raise _fail(f"territory {tid!r} has card {t['card']!r}; use one of {CARD_SYMBOLS}", path, text, f'"{tid}"')
            x, y = t["at"]
            territories[tid] = Territory(tid, t["name"], t["continent"], t["card"], (float(x), float(y)),
                                         tuple(t.get("aliases", ())))
        except (KeyError, TypeError, ValueError) as exc:
            raise _fail(f"territory {tid!r} is malformed ({exc!r}); it needs name, continent, card and at [x, y]",
                        path, text, f'"{tid}"') from None
    neighbours: dict[str, set[str]] = {t: set() for t in territories}
    borders = []
    for pair in borders_raw:
        if not (isinstance(pair, list) and len(pair) == 2):
            raise _fail(f"a border must be a pair of territory ids, got {pair!r}", path, text, str(pair)[:20])
        a, b = pair
        for end in (a, b):
            if end not in territories:
                raise _fail(f"border {a!r}-{b!r} names unknown territory {end!r}", path, text, f'["{a}", "{b}"]')
        if a == b or b in neighbours[a]:
            raise _fail(f"border {a!r}-{b!r} is repeated or joins a territory to itself", path, text, f'["{a}", "{b}"]')
        neighbours[a].add(b)
        neighbours[b].add(a)
        borders.append((a, b))
    lonely = [t for t, n in neighbours.items() if not n]
    if lonely:
        raise _fail(f"territory {lonely[0]!r} has no border", path, text, f'"{lonely[0]}"')
    continents = {}
    for cid, c in continents_raw.items():
        members = tuple(t for t in territories if territories[t].continent == cid)
        if not members:
            raise _fail(f"continent {cid!r} has no territory", path, text, f'"{cid}"')
        continents[cid] = Continent(cid, c["name"], int(c["bonus"]), members)

    def pairs(key: str) -> frozenset[frozenset[str]]:
        return frozenset(frozenset(p) for p in data.get(key, []))

    return ConquestMap(data.get("id", path.stem), data.get("name", path.stem), territories, continents,
                       {t: frozenset(n) for t, n in neighbours.items()}, tuple(borders),
                       pairs("sea_lanes"), pairs("wraps"))


def load_map_file(path: Path) -> ConquestMap:
    """Load one map file; raises MapError naming the file and line."""
    data, text = load_json(path, MapError)
    return parse_map(data, path, text)


@functools.cache
def load_map(map_id: str = "classic") -> ConquestMap:
    """A map from maps/conquest/ by id (cached); raises MapError if missing or malformed."""
    return load_map_by_id(MAPS_DIR, map_id, "Conquest", load_map_file)


def available_maps(directory: Path = MAPS_DIR) -> tuple[dict[str, ConquestMap], list[MapError]]:
    """Every readable map in ``directory`` by id, and the MapErrors (file, line) of the broken ones."""
    return load_all_maps(directory, load_map_file)
