"""Terrain: tactics.md "Terrain table" (defence stars and movement cost per move type),
"Funds, properties and production" (property stars, building, repairs), "Weather (campaign missions)"."""
from __future__ import annotations

from importlib import resources

import pytest

from academy.core.errors import IllegalAction
from academy.games.tactics.terrain import (
    LEGEND,
    PROPERTIES,
    TERRAIN,
    check_terrain,
    defence_stars,
    move_cost,
    movement_points,
    parse_grid,
    terrain_of,
)
from academy.games.tactics.units import MOVE_TYPES, UNITS
from tests.games.tactics.rulesdoc import table_rows, to_id

RULES_PAGE = resources.files("academy.rulebook").joinpath("tactics.md").read_text(encoding="utf-8")


def _cost(cell: str) -> int | None:
    return None if cell in ("—", "-") else int(cell)


def _check_terrain_table(text: str) -> None:
    rows = table_rows(text, "Terrain", "Defense")
    assert [h.lower() for h in rows[0][2:]] == list(MOVE_TYPES)
    assert [to_id(r[0]) for r in rows[1:]] == list(TERRAIN)
    for name, stars, *costs in rows[1:]:
        t = TERRAIN[to_id(name)]
        assert t.stars == int(stars), name
        assert [t.cost(m) for m in MOVE_TYPES] == [_cost(c) for c in costs], name


def test_terrain_table_matches_the_rules_document_cell_by_cell(rules_text: str) -> None:
    """Terrain table: stars and the seven move-type costs of every terrain (tactics.md)."""
    _check_terrain_table(rules_text)


def test_terrain_table_matches_the_rules_page() -> None:
    """Terrain table: the same cells on the Rules page shipped with the app."""
    _check_terrain_table(RULES_PAGE)


@pytest.mark.parametrize("source", ["document", "page"])
def test_property_stars_match_the_property_table(source: str, request: pytest.FixtureRequest) -> None:
    """Funds, properties and production: City ★★★, Factory ★★★, HQ ★★★★, Airport ★★★, Port ★★★."""
    text = request.getfixturevalue("rules_text") if source == "document" else RULES_PAGE
    rows = table_rows(text, "Property", "Defense")[1:]
    assert [to_id(r[0]) for r in rows] == list(PROPERTIES)
    for name, stars, *_ in rows:
        assert TERRAIN[to_id(name)].stars == stars.count("★")


def test_defence_stars() -> None:
    """Terrain table, Defense column: plains 1, forest 2, mountain 4, city 3, HQ 4, reef 1, road 0."""
    assert {t: TERRAIN[t].stars for t in TERRAIN} == {
        "plains": 1, "road": 0, "bridge": 0, "forest": 2, "mountain": 4, "river": 0, "sea": 0, "shoal": 0,
        "reef": 1, "city": 3, "factory": 3, "hq": 4, "airport": 3, "port": 3}


def test_aircraft_get_no_stars() -> None:
    """Combat and damage: aircraft ignore terrain defence."""
    assert defence_stars("mountain", "infantry") == 4
    for air in ("transport_copter", "attack_copter", "fighter", "bomber"):
        assert all(defence_stars(t, air) == 0 for t in TERRAIN)


def test_document_movement_example() -> None:
    """Terrain table, example: a Tank pays 1 on plains, 2 in forest, can't climb a mountain or cross a
    river; a Mech pays 1 everywhere on land; only aircraft cross everything; landers beach on shoals."""
    assert (move_cost("plains", "tank"), move_cost("forest", "tank")) == (1, 2)
    assert move_cost("mountain", "tank") is None and move_cost("river", "tank") is None
    land = [t for t in TERRAIN if t not in ("sea", "reef")]
    assert all(move_cost(t, "mech") == 1 for t in land)
    assert all(move_cost(t, "fighter") == 1 for t in TERRAIN)
    assert move_cost("shoal", "lander") == 1 and move_cost("shoal", "battleship") is None
    assert move_cost("river", "gunboat") is None      # rivers are not navigable
    assert move_cost("port", "cruiser") == 1 and move_cost("reef", "cruiser") == 2


def test_properties_build_and_serve() -> None:
    """Funds, properties and production: what each property builds and repairs."""
    assert {t.id: t.builds for t in TERRAIN.values() if t.builds} == {
        "factory": "ground", "airport": "air", "port": "naval"}
    assert TERRAIN["city"].serves == TERRAIN["hq"].serves == TERRAIN["factory"].serves == {"foot", "vehicle"}
    assert TERRAIN["airport"].serves == {"air"} and TERRAIN["port"].serves == {"naval"}
    assert [t for t in TERRAIN if TERRAIN[t].is_property] == list(PROPERTIES)


def test_rain_turns_plains_to_mud() -> None:
    """Weather, rain: plains cost +1 for treads and tires, +1 more for the Heavy Tank."""
    assert move_cost("plains", "tank", "rain") == 2
    assert move_cost("plains", "recon", "rain") == 3
    assert move_cost("plains", "heavy_tank", "rain") == 3
    assert move_cost("plains", "infantry", "rain") == 1
    assert move_cost("forest", "tank", "rain") == 2


def test_snow_slows_ground_units_and_aircraft() -> None:
    """Weather, snow: plains, forest and mountain +1 for every ground unit; roads, bridges and
    buildings are cleared; aircraft move 1 less."""
    assert move_cost("plains", "infantry", "snow") == 2
    assert move_cost("forest", "tank", "snow") == 3
    assert move_cost("mountain", "infantry", "snow") == 3
    assert move_cost("mountain", "tank", "snow") is None
    assert move_cost("road", "tank", "snow") == 1 and move_cost("city", "recon", "snow") == 1
    assert move_cost("plains", "fighter", "snow") == 1
    assert movement_points("fighter", "snow") == 8 and movement_points("tank", "snow") == 6
    assert movement_points("fighter") == 9


def test_every_unit_can_stand_somewhere_and_the_checks_pass() -> None:
    check_terrain()
    for u in UNITS.values():
        assert any(move_cost(t, u) is not None for t in TERRAIN)


def test_terrain_names() -> None:
    assert terrain_of("HQ").id == "hq" and terrain_of("Plains").id == "plains"
    with pytest.raises(IllegalAction) as err:
        terrain_of("mountian")
    assert err.value.reason == "unknown_terrain" and "Mountain" in str(err.value)
    with pytest.raises(IllegalAction):
        move_cost("plains", "tank", "hail")
    with pytest.raises(ValueError):
        TERRAIN["plains"].cost("hover")


def test_parse_grid() -> None:
    assert parse_grid(["Q.f", "~_*"]) == (("hq", "plains", "forest"), ("sea", "shoal", "reef"))
    assert set(LEGEND.values()) == set(TERRAIN)
    with pytest.raises(ValueError, match=r"tile \(1, 0\).*'x'"):
        parse_grid([".x"])
    with pytest.raises(ValueError, match="row 1"):
        parse_grid(["..", "."])
    with pytest.raises(ValueError):
        parse_grid([])
