"""Unit types: tactics.md "Funds, properties and production" (costs), "Movement" (move types),
"Repair, fuel and ammo" (fuel, daily fuel, ammo), "Capturing", "Transports"; the reference
units.json (movement, vision, range, weapons) where the document is silent."""
from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest

from academy.core.errors import IllegalAction
from academy.games.tactics.units import UNIT_IDS, UNITS, check_units, displayed_hp, unit_type
from tests.games.tactics.rulesdoc import table_rows, to_id

REFERENCE = Path(__file__).resolve().parents[4] / "shared" / "reference" / "tactics" / "units.json"
RULES_PAGE = resources.files("academy.rulebook").joinpath("tactics.md").read_text(encoding="utf-8")


def _dash(cell: str) -> int | None:
    return None if cell in ("—", "-") else int(cell.replace(",", ""))


def test_costs_and_where_they_are_built() -> None:
    """Funds, properties and production: the price list."""
    costs = {"infantry": 1000, "mech": 3000, "recon": 4000, "apc": 5000, "anti_air": 8000, "tank": 7000,
             "heavy_tank": 16000, "artillery": 6000, "rockets": 15000, "missiles": 12000,
             "transport_copter": 5000, "attack_copter": 9000, "fighter": 20000, "bomber": 22000,
             "lander": 12000, "gunboat": 6000, "cruiser": 18000, "battleship": 28000}
    assert {u: UNITS[u].cost for u in UNITS} == costs
    assert [u for u in UNITS if UNITS[u].built_at == "airport"] == ["transport_copter", "attack_copter",
                                                                    "fighter", "bomber"]
    assert [u for u in UNITS if UNITS[u].built_at == "port"] == ["lander", "gunboat", "cruiser", "battleship"]


def test_costs_match_the_rules_document(rules_text: str) -> None:
    """Funds, properties and production: the "Factory: Infantry 1,000, ..." lines of tactics.md."""
    found = 0
    for line in rules_text.splitlines():
        for kind in ("Factory", "Airport", "Port"):
            if line.startswith(f"- {kind}:"):
                for item in line.split(":", 1)[1].split(", "):
                    name, cost = item.strip().rsplit(" ", 1)
                    unit = UNITS[to_id(name)]
                    assert unit.cost == int(cost.replace(",", "")) and unit.built_at == kind.lower()
                    found += 1
    assert found == 18


def test_move_types() -> None:
    """Movement: Foot, Boots, Treads, Tires, Air, Sea, Lander."""
    by_type: dict[str, list[str]] = {}
    for u in UNITS.values():
        by_type.setdefault(u.move_type, []).append(u.id)
    assert by_type == {"foot": ["infantry"], "boots": ["mech"],
                       "treads": ["apc", "anti_air", "tank", "heavy_tank", "artillery"],
                       "tires": ["recon", "rockets", "missiles"],
                       "air": ["transport_copter", "attack_copter", "fighter", "bomber"],
                       "sea": ["gunboat", "cruiser", "battleship"], "lander": ["lander"]}


@pytest.mark.parametrize("source", ["document", "page"])
def test_fuel_and_ammo_match_the_table(source: str, request: pytest.FixtureRequest) -> None:
    """Repair, fuel and ammo: the Unit | Fuel | Per day | Ammo table, row by row."""
    text = request.getfixturevalue("rules_text") if source == "document" else RULES_PAGE
    body = table_rows(text, "Unit", "Fuel", "Per day", "Ammo")[1:]
    assert len(body) == 18
    for name, fuel, per_day, ammo in body:
        u = UNITS[to_id(name)]
        assert u.fuel == int(fuel), name
        assert u.fuel_per_day == (_dash(per_day) or 0), name
        assert u.ammo == _dash(ammo), name


def test_movement_vision_and_range_match_the_rules_page() -> None:
    """Movement, "Movement points, vision and range" on the Rules page (AW2 values; Gunboat from Days of Ruin)."""
    rows = table_rows(RULES_PAGE, "Unit", "Move type")
    assert rows[0] == ["Unit", "Move type", "Movement", "Vision", "Attack range"]
    for name, move_type, movement, vision, attack_range in rows[1:]:
        u = UNITS[to_id(name)]
        assert (u.move_type, u.movement, u.vision) == (move_type.lower(), int(movement), int(vision))
        if attack_range == "—":
            assert u.min_range is None and not u.weapons
        else:
            lo, _, hi = attack_range.partition("–")
            assert (u.min_range, u.max_range) == (int(lo), int(hi or lo))


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference data is not beside this checkout")
def test_every_field_matches_the_reference_units_json() -> None:
    """Where tactics.md is silent, units.json: movement, vision, range, weapons and their ammo split."""
    data = json.loads(REFERENCE.read_text(encoding="utf-8"))
    assert [u["id"] for u in data["units"]] == list(UNIT_IDS)
    for ref in data["units"]:
        u = UNITS[ref["id"]]
        assert (u.name, u.unit_class, u.cost, u.built_at, u.move_type, u.movement, u.vision) == \
            (ref["name"], ref["class"], ref["cost"], ref["built_at"], ref["move_type"], ref["movement"], ref["vision"])
        assert (u.min_range, u.max_range, u.is_indirect) == (ref["min_range"], ref["max_range"], ref["indirect"])
        assert (u.fuel, u.fuel_per_day, u.ammo, u.can_capture) == \
            (ref["fuel"], ref["fuel_per_day"], ref["ammo"], ref["can_capture"])
        for mine, theirs in ((u.primary, ref["primary_weapon"]), (u.secondary, ref["secondary_weapon"])):
            if theirs is None:
                assert mine is None
            else:
                assert mine is not None
                assert (mine.name, mine.uses_ammo, mine.targets) == \
                    (theirs["name"], theirs["uses_ammo"], frozenset(theirs["targets"]))
        if ref["transport"] is None:
            assert u.transport is None
        else:
            assert u.transport is not None
            assert u.transport.capacity == ref["transport"]["capacity"]
            assert u.transport.carries == frozenset(ref["transport"]["carries"])
            assert u.transport.unloads_anywhere == (ref["transport"]["unload"] == "anywhere")
            assert u.transport.supplies_adjacent == ref["transport"]["supplies_adjacent"]


def test_only_foot_soldiers_capture() -> None:
    """Capturing: only Infantry and Mech can capture."""
    assert [u for u in UNITS if UNITS[u].can_capture] == ["infantry", "mech"]


def test_transports() -> None:
    """Transports: APC and Transport Copter carry 1 Infantry or Mech; Lander 2 ground units, unloading
    only from shoal or port; transports can't attack; only the APC supplies its neighbours."""
    apc, copter, lander = UNITS["apc"].transport, UNITS["transport_copter"].transport, UNITS["lander"].transport
    assert apc and copter and lander
    assert apc.capacity == copter.capacity == 1 and apc.carries == copter.carries == {"infantry", "mech"}
    assert lander.capacity == 2 and lander.carries == {u for u in UNITS if UNITS[u].is_ground}
    assert apc.unloads_anywhere and copter.unloads_anywhere and not lander.unloads_anywhere
    assert apc.supplies_adjacent and not copter.supplies_adjacent and not lander.supplies_adjacent
    assert all(not UNITS[u].weapons for u in ("apc", "transport_copter", "lander"))
    assert [u for u in UNITS if UNITS[u].transport] == ["apc", "transport_copter", "lander"]


def test_indirect_units() -> None:
    """Combat and damage: Artillery, Rockets, Missiles and Battleship fire indirectly (minimum range 2+)."""
    assert [u for u in UNITS if UNITS[u].is_indirect] == ["artillery", "rockets", "missiles", "battleship"]
    assert UNITS["artillery"].in_range(2) and not UNITS["artillery"].in_range(1)
    assert not UNITS["apc"].in_range(1)


def test_daily_fuel_for_aircraft_and_ships_only() -> None:
    """Repair, fuel and ammo: ground units only burn fuel by moving."""
    assert {u for u in UNITS if UNITS[u].burns_daily_fuel} == \
        {u for u in UNITS if UNITS[u].is_air or UNITS[u].is_naval}


def test_two_weapon_units_and_the_machine_gun_fallback() -> None:
    """Combat and damage, "Ammo"; the Rules page's "Units with two weapons"."""
    assert [u for u in UNITS if UNITS[u].secondary] == ["mech", "tank", "heavy_tank", "attack_copter", "cruiser"]
    tank = UNITS["tank"]
    assert tank.weapon_against("tank").name == "Cannon"  # type: ignore[union-attr]
    assert tank.weapon_against("tank", ammo=0) is None
    assert tank.weapon_against("infantry", ammo=0).name == "Machine gun"  # type: ignore[union-attr]
    assert UNITS["cruiser"].weapon_against("fighter", ammo=0).name == "Anti-air gun"  # type: ignore[union-attr]
    assert UNITS["infantry"].weapon_against("tank", ammo=0) is not None   # no ammo to run out of


@pytest.mark.parametrize("health, hp", [(100, 10), (91, 10), (90, 9), (46, 5), (41, 5), (40, 4), (10, 1),
                                        (1, 1), (0, 0)])
def test_displayed_hp_rounds_up(health: int, hp: int) -> None:
    """Issue 5: health is 0..100 inside; displayed HP = ceil(health / 10)."""
    assert displayed_hp(health) == hp


@pytest.mark.parametrize("bad", [-1, 101, 5.5, "50", True])
def test_displayed_hp_refuses_bad_health(bad: object) -> None:
    with pytest.raises(ValueError):
        displayed_hp(bad)  # type: ignore[arg-type]


def test_unit_names() -> None:
    assert unit_type("heavy_tank") is UNITS["heavy_tank"]
    assert unit_type("Heavy Tank").id == unit_type("HEAVY-TANK").id == unit_type("md tank").id == "heavy_tank"
    assert unit_type(UNITS["tank"]) is UNITS["tank"]
    with pytest.raises(IllegalAction) as err:
        unit_type("battlship")
    assert err.value.reason == "unknown_unit" and "Did you mean Battleship" in str(err.value)
    for bad in ("", "copter", None, 3):
        with pytest.raises(IllegalAction):
            unit_type(bad)  # type: ignore[arg-type]


def test_data_checks_catch_broken_units() -> None:
    check_units()
    broken = dict(UNITS)
    broken["tank"] = replace(UNITS["tank"], ammo=None)
    with pytest.raises(ValueError, match="ammo"):
        check_units(broken)
    broken = dict(UNITS)
    broken["apc"] = replace(UNITS["apc"], can_capture=True)
    with pytest.raises(ValueError, match="capture"):
        check_units(broken)
    broken = dict(UNITS)
    broken["mech"] = replace(UNITS["mech"], secondary=UNITS["tank"].primary)
    with pytest.raises(ValueError, match="share"):
        check_units(broken)
