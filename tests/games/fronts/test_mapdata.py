"""The Fronts map format and the duel map: fronts.md, "Defense bonuses" (terrain, rivers), "Income"
(rural, city, capital), "Neutral cities" (garrisons listed) and "Units" (air in cities)."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from academy.core.errors import InvalidNotation, MapError
from academy.games.fronts.mapdata import INCOME, MAPS_DIR, available_maps, load_map, load_map_file
from academy.games.fronts.terrain import TERRAINS


def test_every_map_loads() -> None:
    """Every file in maps/fronts/ is a valid map."""
    maps, errors = available_maps()
    assert errors == []
    assert {"duel", "crossroads"} <= set(maps)


def test_duel_map_shape() -> None:
    """Neutral cities, Defense bonuses, Income: the duel has 12-20 provinces, 2 teams, every terrain and kind."""
    m = load_map("duel")
    assert 12 <= len(m.provinces) <= 20
    assert len(m.teams) == 2 and {p.team for p in m.players.values()} == set(m.teams)
    assert {p.terrain for p in m.provinces.values()} == set(TERRAINS)
    assert {p.kind for p in m.provinces.values()} == set(INCOME)
    assert m.rivers and all(m.are_adjacent(*sorted(r)) for r in m.rivers)
    assert m.neutral_cities() == ("riverton", "fordham")
    assert m.garrisons == {"riverton": {"infantry": 2, "artillery": 0, "armor": 0, "air": 0},
                           "fordham": {"infantry": 2, "artillery": 0, "armor": 0, "air": 0}}


def test_duel_map_is_fair() -> None:
    """Goal: both sides start alike; the map turned half a circle maps onto itself."""
    m = load_map("duel")
    by_place = {(round(1 - p.at[0], 2), round(1 - p.at[1], 2)): p for p in m.provinces.values()}
    mirror = {p.id: by_place[(round(p.at[0], 2), round(p.at[1], 2))].id for p in m.provinces.values()}
    side = {"red": "blue", "blue": "red", None: None}
    for p in m.provinces.values():
        q = m.provinces[mirror[p.id]]
        assert (q.terrain, q.kind, q.owner) == (p.terrain, p.kind, side[p.owner])
    borders = {frozenset(b) for b in m.borders}
    assert {frozenset(mirror[x] for x in b) for b in borders} == borders
    assert {frozenset(mirror[x] for x in r) for r in m.rivers} == set(m.rivers)
    assert {mirror[p]: s for p, s in m.stacks["red"].items()} == m.stacks["blue"]


def test_duel_map_connected_and_named() -> None:
    """Turn order: every province can be reached; names and aliases resolve."""
    m = load_map("duel")
    assert set(m.distances_from("northgate")) == set(m.provinces)
    assert m.distances_from("northgate")["southport"] == 4
    assert m.resolve("SP") == "southport"
    assert m.resolve("north gate") == "northgate"
    with pytest.raises(InvalidNotation) as e:
        m.resolve("Northgat3")
    assert "Did you mean Northgate" in str(e.value)


def test_units_air_range_on_the_duel() -> None:
    """Units, Air: strike up to 3 provinces away, the plane's own city included."""
    m = load_map("duel")
    near = m.within("northgate", 3)
    assert "northgate" in near
    assert "southport" not in near and "elmshade" in near


# --- bad files --------------------------------------------------------------------------------------

def _duel() -> dict[str, Any]:
    return json.loads((MAPS_DIR / "duel.json").read_text())


def _load(tmp_path: Path, data: dict[str, Any]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, indent=1))
    load_map_file(path)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="other"), "not a Fronts map"),
    (lambda d: d["provinces"]["ashford"].update(terrain="swamp"), "terrain 'swamp'"),
    (lambda d: d["provinces"]["ashford"].update(kind="village"), "kind 'village'"),
    (lambda d: d["provinces"]["ashford"].update(owner="green"), "owner 'green'"),
    (lambda d: d["provinces"]["ashford"].pop("at"), "is malformed"),
    (lambda d: d["borders"].append(["ashford", "atlantis"]), "unknown province 'atlantis'"),
    (lambda d: d["borders"].append(["northgate", "ashford"]), "repeated"),
    (lambda d: d["rivers"].append(["ashford", "southport"]), "not on a border"),
    (lambda d: d["garrisons"].pop("riverton"), "has no garrison"),
    (lambda d: d["garrisons"].update(ashford={"infantry": 1}), "neutral cities only"),
    (lambda d: d["stacks"]["red"].update(southport={"infantry": 1}), "province its player owns"),
    (lambda d: d["stacks"]["red"].update(ashford={"air": 1}), "planes stay in the city"),
    (lambda d: d["stacks"]["red"].update(ashford={"cavalry": 1}), "not a unit type"),
    (lambda d: d["players"]["red"].update(team="west"), "needs a \"team\""),
    (lambda d: d["provinces"]["northgate"].update(owner=None), "capital 'northgate' must belong"),
])
def test_bad_maps_are_refused_with_file_and_line(tmp_path: Path, change: Any, message: str) -> None:
    """A malformed map raises MapError naming the file, the line and the problem."""
    data = _duel()
    change(data)
    with pytest.raises(MapError) as e:
        _load(tmp_path, data)
    assert message in str(e.value)
    assert e.value.file and e.value.file.endswith("bad.json")
    assert e.value.line is not None


def test_missing_map() -> None:
    """A map that does not exist says which maps do."""
    with pytest.raises(MapError) as e:
        load_map("atlantis")
    assert "duel" in str(e.value)


def test_income_table() -> None:
    """Income: rural 1, city 3, capital 5."""
    assert INCOME == {"rural": 1, "city": 3, "capital": 5}


def test_crossroads_map_four_players_two_teams() -> None:
    """Goal, Neutral cities: the four-player map has 2 teams of 2, a listed neutral garrison, every terrain."""
    m = load_map("crossroads")
    assert len(m.players) == 4
    assert sorted(sorted(p for p, pl in m.players.items() if pl.team == t) for t in m.teams) == [
        ["blue", "gold"], ["green", "red"]]
    assert m.neutral_cities() == ("crown",)
    assert m.garrisons["crown"] == {"infantry": 3, "artillery": 1, "armor": 0, "air": 0}
    assert {p.terrain for p in m.provinces.values()} == set(TERRAINS)
    assert set(m.distances_from("redhaven")) == set(m.provinces)


def assert_turns_onto_itself(m: Any, turn: dict[str, str], next_player: dict[Any, Any]) -> None:
    """``turn`` (province -> the province it lands on) maps the map onto itself, each player onto the next:
    land, owners, borders, rivers and starting stacks."""
    for p in m.provinces.values():
        q = m.provinces[turn[p.id]]
        assert (q.terrain, q.kind, q.owner) == (p.terrain, p.kind, next_player[p.owner])
    borders = {frozenset(b) for b in m.borders}
    assert {frozenset(turn[x] for x in b) for b in borders} == borders
    assert {frozenset(turn[x] for x in r) for r in m.rivers} == set(m.rivers)
    for player, stacks in m.stacks.items():
        assert {turn[p]: s for p, s in stacks.items()} == m.stacks[next_player[player]]


def test_crossroads_map_is_the_same_from_every_corner() -> None:
    """Goal: the map turned a quarter circle maps onto itself, and each player onto the next."""
    m = load_map("crossroads")
    by_place = {(round(p.at[0], 2), round(p.at[1], 2)): p.id for p in m.provinces.values()}
    turn = {p.id: by_place[(round(1 - p.at[1], 2), round(p.at[0], 2))] for p in m.provinces.values()}
    next_player = {"red": "blue", "blue": "green", "green": "gold", "gold": "red", None: None}
    assert_turns_onto_itself(m, turn, next_player)


def test_the_spare_corner_of_a_map_played_by_fewer_players() -> None:
    """Goal and Neutral cities: a map's players left out start neutral (FrontsGame); with 3 players on
    Crossroads, Gold's nearest city (Sunford or Goldcrest) is 3 steps from Redhaven, 4 from Greenholm and 5
    from Bluecastle; with every player in play there is no spare corner."""
    m = load_map("crossroads")
    assert m.spare_city_steps(3) == {"red": 3, "blue": 5, "green": 4}
    assert m.spare_city_steps(2) == {"red": 3, "blue": 4}
    assert m.spare_city_steps(4) == {}
    assert load_map("duel").spare_city_steps(2) == {}


def test_three_passes_is_the_same_from_every_corner() -> None:
    """Goal and Free-for-all: Three Passes, the map for three, turned a third of a circle about Crown maps
    onto itself and each player onto the next (Red -> Blue -> Green -> Red): land, borders, rivers and
    starting stacks, so no seat starts better placed; and every corner borders both others, through a pass."""
    m = load_map("three_passes")
    assert list(m.players) == ["red", "blue", "green"] and len({p.team for p in m.players.values()}) == 3
    assert m.neutral_cities() == ("crown",) and m.spare_city_steps(3) == {}

    def turned(x: float, y: float) -> tuple[float, float]:
        a = math.radians(120)
        dx, dy = x - 0.5, y - 0.5
        return 0.5 + dx * math.cos(a) - dy * math.sin(a), 0.5 + dx * math.sin(a) + dy * math.cos(a)

    def nearest(x: float, y: float) -> str:
        return min(m.provinces, key=lambda p: math.dist((x, y), m.provinces[p].at))

    turn = {p.id: nearest(*turned(*p.at)) for p in m.provinces.values()}
    assert all(math.dist(turned(*p.at), m.provinces[turn[p.id]].at) < 0.02 for p in m.provinces.values())
    next_player = {"red": "blue", "blue": "green", "green": "red", None: None}
    assert_turns_onto_itself(m, turn, next_player)
    assert sorted(m.neighbours["south_pass"]) == ["crown", "ember_ford", "frostwood"]     # Red's city, Blue's wood
    assert m.distances_from("redhaven")["bluecastle"] == m.distances_from("redhaven")["greenholm"] == 4
