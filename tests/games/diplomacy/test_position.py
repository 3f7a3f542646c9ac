"""Positions through the public schema: Position.from_dict / to_dict / standard."""
from __future__ import annotations

import pytest

from academy.games.diplomacy import Position, PositionError


def test_standard_start() -> None:
    pos = Position.standard()
    assert str(pos.phase) == "S1901M"
    assert len(pos.units) == 22
    assert str(pos.unit_in("STP")) == "F STP/SC"
    assert pos.centers_of("RUSSIA") == ["MOS", "SEV", "STP", "WAR"]
    assert len(pos.supply_centers) == 22


def test_from_dict_full_schema_round_trips() -> None:
    data = {
        "phase": "F1902R",
        "units": {"ENGLAND": ["F NTH", "A LON"], "RUSSIA": ["F STP/SC"]},
        "supply_centers": {"ENGLAND": ["LON", "EDI", "LVP"]},
        "dislodged": {"AUSTRIA": [{"unit": "F TRI", "attacked_from": "TYR", "via_convoy": False}]},
        "contested": ["BOH"],
    }
    pos = Position.from_dict(data)
    assert pos.phase.season == "F" and pos.phase.year == 1902 and pos.phase.kind == "R"
    out = pos.to_dict()
    assert out["units"] == {"ENGLAND": ["A LON", "F NTH"], "RUSSIA": ["F STP/SC"]}
    assert out["dislodged"] == {"AUSTRIA": [{"unit": "F TRI", "attacked_from": "TYR", "via_convoy": False}]}
    assert out["contested"] == ["BOH"]
    assert Position.from_dict(out) == pos


@pytest.mark.parametrize("data, reason", [
    ({"phase": "S1901", "units": {}}, "bad_phase"),
    ({"phase": "X1901M", "units": {}}, "bad_phase"),
    ({"units": {"ENGLAND": ["A XYZ"]}}, "unknown_province"),
    ({"units": {"ENGLAND": ["F MUN"]}}, "fleet_inland"),
    ({"units": {"ENGLAND": ["A NTH"]}}, "army_at_sea"),
    ({"units": {"RUSSIA": ["F STP"]}}, "coast_needed"),
    ({"units": {"ENGLAND": ["A LON"], "FRANCE": ["F LON"]}}, "two_units"),
    ({"units": {"NARNIA": ["A LON"]}}, "unknown_power"),
    ({"units": {"ENGLAND": ["LON"]}}, "bad_unit"),
    ({"units": {}, "supply_centers": {"ENGLAND": ["YOR"]}}, "not_a_center"),
    ({"units": {}, "colour": "red"}, "bad_position"),
])
def test_bad_positions_name_the_problem(data: dict, reason: str) -> None:
    with pytest.raises(PositionError) as err:
        Position.from_dict(data)
    assert err.value.reason == reason
    assert str(err.value)


def test_lower_case_and_powers_are_accepted() -> None:
    pos = Position.from_dict({"phase": "s1901m", "units": {"england": ["f nth"]}})
    assert str(pos.unit_in("NTH")) == "F NTH" and pos.unit_in("NTH").power == "ENGLAND"
