"""Skirmish maps in maps/tactics/ (issue 5, "Maps": at least three, each validated on load; a
malformed map names the tile and the problem). Terrain names from tactics.md, "Terrain table"."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from academy.core.errors import MapError
from academy.games.tactics.mapdata import MAPS_DIR, available_maps, load_map, load_map_file
from academy.games.tactics.movement import reachable
from academy.games.tactics.terrain import TERRAIN

REFERENCE = Path(__file__).resolve().parents[4] / "shared" / "reference" / "tactics" / "maps.json"
MAP_IDS = ("river_crossing", "airfield_ridge", "twin_harbors")


def test_three_skirmish_maps_load_without_errors() -> None:
    maps, errors = available_maps()
    assert errors == []
    assert set(MAP_IDS) <= set(maps)


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_maps_are_point_symmetric(map_id: str) -> None:
    """Each map is the same for both armies under a 180-degree turn (red and blue swap)."""
    m = load_map(map_id)
    w, h = m.width, m.height
    swap = {"red": "blue", "blue": "red", None: None}
    for y in range(h):
        for x in range(w):
            assert m.terrain_at((x, y)) == m.terrain_at((w - 1 - x, h - 1 - y)), (x, y)
    for (x, y), owner in m.owners.items():
        assert m.owners[w - 1 - x, h - 1 - y] == swap[owner]
    red = sorted((u.unit, (w - 1 - u.at[0], h - 1 - u.at[1]), u.health) for u in m.units if u.army == "red")
    blue = sorted((u.unit, u.at, u.health) for u in m.units if u.army == "blue")
    assert red == blue


def test_maps_teach_what_they_promise() -> None:
    """Small ground-only, one with air, one with sea and transports."""
    kinds = {i: {t for row in load_map(i).grid for t in row} for i in MAP_IDS}
    assert "airport" not in kinds["river_crossing"] and "sea" not in kinds["river_crossing"]
    assert "airport" in kinds["airfield_ridge"]
    assert {"port", "sea", "shoal", "reef"} <= kinds["twin_harbors"]
    assert all(k <= set(TERRAIN) for k in kinds.values())


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference data is not beside this checkout")
def test_maps_match_the_reference() -> None:
    ref = {m["id"]: m for m in json.loads(REFERENCE.read_text(encoding="utf-8"))["maps"]}
    for map_id in MAP_IDS:
        mine, theirs = load_map(map_id), ref[map_id]
        assert (mine.width, mine.height) == (theirs["width"], theirs["height"])
        assert [(u.army, u.unit, u.at, u.health) for u in mine.units] == \
            [(u["army"], u["unit"], (u["x"], u["y"]), u["health"]) for u in theirs["units"]]
        assert {(p["x"], p["y"]): p["owner"] for p in theirs["properties"]} == dict(mine.owners)
        counts: dict[str, int] = {}
        for row in mine.grid:
            for t in row:
                counts[t] = counts.get(t, 0) + 1
        assert counts == theirs["terrain_counts"]


def test_river_crossing_vehicles_need_the_bridges() -> None:
    """Terrain table: treads can't cross a river; the bridges at (2, 4) and (7, 5) are the only ways."""
    m = load_map("river_crossing")
    reach = reachable(m.grid, "tank", (2, 3), movement=20)
    south = {(x, y) for x, y in reach.tiles if y >= 6}
    assert south and all((2, 4) in reach.path_to(t) or (7, 5) in reach.path_to(t) for t in south)


# --- malformed maps -------------------------------------------------------------------------

@pytest.mark.parametrize("change, message", [
    (lambda d: d["grid"].__setitem__(2, ".C=..x.=.C"), r"tile \(5, 2\): unknown terrain letter 'x'"),
    (lambda d: d["grid"].__setitem__(2, ".C=..f.=."), "row 2 has 9 tiles"),
    (lambda d: d["properties"].pop(0), r"tile \(7, 0\): a city with no entry"),
    (lambda d: d["properties"][0].update(type="factory"), r"tile \(7, 0\): the property says 'factory'"),
    (lambda d: d["properties"][0].update(owner="green"), r"owner 'green'"),
    (lambda d: d["units"][0].update(unit="tnak"), "unknown unit 'tnak'"),
    (lambda d: d["units"][0].update(x=1, y=3), r"tile \(1, 3\): two units"),
    (lambda d: d["units"].append({"army": "red", "unit": "tank", "x": 1, "y": 0, "health": 100}),
     r"tile \(1, 0\): a Tank can't stand on Mountain"),
    (lambda d: d["units"][0].update(health=0), "health must be 1..100"),
    (lambda d: d["units"][0].update(x=40), "off the"),
    (lambda d: d["properties"][1].update(owner=None), "owns 0 HQs"),
    (lambda d: d["settings"].update(fogg=True), "unknown setting 'fogg'"),
    (lambda d: d.update(format="something"), "not a Tactics map"),
    (lambda d: d.pop("units"), "missing the 'units' section"),
])
def test_malformed_maps_name_the_tile_and_the_problem(tmp_path: Path, change, message: str) -> None:
    data = json.loads((MAPS_DIR / "river_crossing.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(MapError, match=message) as err:
        load_map_file(path)
    assert err.value.file == str(path)


def test_errors_carry_the_line(tmp_path: Path) -> None:
    data = json.loads((MAPS_DIR / "river_crossing.json").read_text(encoding="utf-8"))
    data["units"][2]["unit"] = "zeppelin"
    path = tmp_path / "broken.json"
    text = json.dumps(data, indent=1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_map_file(path)
    assert err.value.line is not None
    assert '"zeppelin"' in text.splitlines()[err.value.line - 1] and "broken.json:" in str(err.value)


def test_unknown_map_and_bad_json(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="There is no Tactics map called 'atlantis'; the maps are: "):
        load_map("atlantis")
    path = tmp_path / "bad.json"
    path.write_text("{\n  nope\n}", encoding="utf-8")
    with pytest.raises(MapError, match="not valid JSON") as err:
        load_map_file(path)
    assert err.value.line == 2
