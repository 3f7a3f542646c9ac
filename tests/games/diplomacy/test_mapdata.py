"""The standard map (maps/diplomacy/standard.json) against the shared reference, edge for edge."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from academy.core.errors import MapError
from academy.games.diplomacy.mapdata import MAPS_DIR, load_map, parse_map, standard_map

REFERENCE = Path(__file__).resolve().parents[3].parent / "shared" / "reference" / "diplomacy" / "standard_map.json"


@pytest.fixture(scope="module")
def ref() -> dict:
    if not REFERENCE.exists():
        pytest.skip(f"reference map not found at {REFERENCE}")
    return json.loads(REFERENCE.read_text())


def test_counts() -> None:
    m = standard_map()
    assert len(m.provinces) == 75
    kinds = [p.kind for p in m.provinces.values()]
    assert (kinds.count("sea"), kinds.count("land"), kinds.count("coast")) == (19, 14, 42)
    assert len(m.supply_centers) == 34
    assert sum(len(v) for v in m.army_adj.values()) == 2 * 111
    assert sum(len(v) for v in m.fleet_adj.values()) == 2 * 141


def test_home_centres() -> None:
    m = standard_map()
    assert {pw: sorted(m.home_centers(pw)) for pw in m.powers} == {
        "AUSTRIA": ["BUD", "TRI", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"],
        "GERMANY": ["BER", "KIE", "MUN"], "ITALY": ["NAP", "ROM", "VEN"],
        "RUSSIA": ["MOS", "SEV", "STP", "WAR"], "TURKEY": ["ANK", "CON", "SMY"]}


def test_matches_reference_edge_for_edge(ref: dict) -> None:
    m = standard_map()
    assert set(m.provinces) == {p["abbr"] for p in ref["provinces"]}
    for p in ref["provinces"]:
        ours = m.provinces[p["abbr"]]
        assert (ours.name, ours.kind, ours.supply_center, ours.home, list(ours.coasts)) == \
            (p["name"], p["type"], p["supply_center"], p["home"], p["coasts"])
        assert m.army_adj[p["abbr"]] == frozenset(p["adj_army"])
        for loc, targets in p["adj_fleet"].items():
            assert m.fleet_adj[loc] == frozenset(targets), loc
        assert set(m.fleet_locations(p["abbr"])) == set(p["adj_fleet"])
    assert {k: list(v) for k, v in m.start_units.items()} == ref["start_units"]


def test_split_coasts() -> None:
    m = standard_map()
    assert {p.id: p.coasts for p in m.provinces.values() if p.coasts} == {
        "BUL": ("EC", "SC"), "SPA": ("NC", "SC"), "STP": ("NC", "SC")}
    assert m.fleet_adj["STP/NC"] == {"BAR", "NWY"}
    assert m.fleet_adj["STP/SC"] == {"BOT", "FIN", "LVN"}
    assert not m.can_fleet_move("SPA/NC", "LYO")
    assert m.can_fleet_move("BUL/EC", "BLA") and not m.can_fleet_move("BUL/SC", "BLA")


def test_canal_provinces() -> None:
    m = standard_map()
    assert m.can_fleet_move("CON", "BLA") and m.can_fleet_move("CON", "AEG")
    assert m.can_fleet_move("DEN", "BAL") and m.can_fleet_move("DEN", "NTH")
    assert m.can_fleet_move("KIE", "BAL") and m.can_fleet_move("KIE", "HEL")
    assert all(not m.provinces[p].coasts for p in ("CON", "DEN", "KIE"))


def test_oddities_section_32_to_35() -> None:
    m = standard_map()
    for sea in ("HEL", "NTH", "SKA"):
        assert not m.can_fleet_move("BAL", sea)
    assert not m.can_fleet_move("AEG", "BLA")
    assert not m.can_army_move("NAF", "SPA")
    assert not any(m.can_fleet_move("NAF", loc) for loc in m.fleet_locations("SPA"))
    assert m.can_army_move("DEN", "SWE") and m.can_fleet_move("DEN", "SWE")
    assert "SWI" not in m.provinces


def test_map_errors_name_file_and_line(tmp_path: Path) -> None:
    text = (MAPS_DIR / "standard.json").read_text().replace('["ADR", "ALB"]', '["ADR", "XXX"]')
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    with pytest.raises(MapError) as err:
        load_map(bad)
    assert err.value.file == str(bad) and err.value.line is not None
    assert "XXX" in str(err.value)
    with pytest.raises(MapError):
        parse_map({"format": "something else"}, bad)
    broken = tmp_path / "broken.json"
    broken.write_text("{\n  oops\n}")
    with pytest.raises(MapError) as err:
        load_map(broken)
    assert err.value.line == 2
