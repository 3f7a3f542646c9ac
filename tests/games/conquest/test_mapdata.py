"""The Conquest map in maps/conquest/ matches ../shared/reference/risk/classic_map.json edge for edge."""
import json
from pathlib import Path

import pytest

from academy.core.errors import MapError
from academy.games.conquest.mapdata import load_map, load_map_file

REFERENCE = Path(__file__).resolve().parents[4] / "shared" / "reference" / "risk" / "classic_map.json"


def test_classic_counts():
    m = load_map("classic")
    assert len(m.territories) == 42 and len(m.borders) == 83 and len(m.continents) == 6
    assert {c.id: (len(c.territories), c.bonus) for c in m.continents.values()} == {
        "north_america": (9, 5), "south_america": (4, 2), "europe": (7, 5), "africa": (6, 3),
        "asia": (12, 7), "australia": (4, 2)}


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference data is not beside this checkout")
def test_matches_reference_edge_for_edge():
    ref = json.loads(REFERENCE.read_text())
    m = load_map("classic")
    assert {frozenset((b["a"], b["b"])) for b in ref["borders"]} == {frozenset(b) for b in m.borders}
    for t in ref["territories"]:
        ours = m.territories[t["id"]]
        assert (ours.name, ours.continent, ours.card) == (t["name"], t["continent"], t["card"])
        assert m.neighbours[t["id"]] == frozenset(t["neighbors"])
    assert {c["id"]: c["bonus"] for c in ref["continents"]} == {c.id: c.bonus for c in m.continents.values()}


def test_malformed_map_names_file_and_line(tmp_path):
    bad = tmp_path / "bad.json"
    text = Path(load_map("classic").id and "maps/conquest/classic.json").read_text()
    bad.write_text(text.replace('["alaska", "kamchatka"]', '["alaska", "kamchatkaa"]'))
    with pytest.raises(MapError) as err:
        load_map_file(bad)
    assert err.value.file == str(bad) and err.value.line == text[:text.index('["alaska", "kamchatka"]')].count("\n") + 1
    assert "unknown territory 'kamchatkaa'" in str(err.value)
    broken = tmp_path / "broken.json"
    broken.write_text('{\n "format": "academy-conquest-map",\n "x": [1,,2]\n}')
    with pytest.raises(MapError) as err:
        load_map_file(broken)
    assert err.value.line == 3 and "not valid JSON" in str(err.value)


def test_available_maps_skip_broken_files(tmp_path):
    """A malformed map file is reported with file and line; the good maps stay available."""
    from academy.games.conquest.mapdata import MAPS_DIR, available_maps

    (tmp_path / "classic.json").write_text((MAPS_DIR / "classic.json").read_text())
    (tmp_path / "broken.json").write_text('{\n "format": "academy-conquest-map",\n "continents": {}\n}')
    maps, errors = available_maps(tmp_path)
    assert list(maps) == ["classic"]
    assert len(errors) == 1 and errors[0].file.endswith("broken.json")
    assert "missing the 'territories' section" in str(errors[0])
