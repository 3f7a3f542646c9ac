"""Phase sequence, retreats, builds and civil disorder (diplomacy.md §9, §25-29)."""
from __future__ import annotations

from academy.games.diplomacy import Position, adjudicate


def test_a_year_without_dislodgements_skips_retreats_and_adjustments() -> None:
    pos = Position.standard()
    res = adjudicate(pos, {"FRANCE": ["A PAR - BUR"]})
    assert str(res.position.phase) == "F1901M"
    res = adjudicate(res.position, {"FRANCE": ["A BUR - BEL"]})
    # France owns BEL and may build: the winter is played
    assert str(res.position.phase) == "W1901A"
    assert res.position.supply_centers["BEL"] == "FRANCE"
    res = adjudicate(res.position, {"FRANCE": ["A PAR B"]})
    assert res.results == {"A PAR": "succeeds"}
    assert str(res.position.phase) == "S1902M"
    assert str(res.position.unit_in("PAR")) == "A PAR"


def test_winter_is_skipped_when_nobody_can_adjust() -> None:
    res = adjudicate(Position.from_dict({"phase": "F1901M", "units": {"ENGLAND": ["F NTH"]},
                                         "supply_centers": {"ENGLAND": ["LON"]}}), {})
    assert str(res.position.phase) == "S1902M"


def test_dislodgement_leads_to_retreat_phase_with_contested() -> None:
    pos = Position.from_dict({"phase": "S1901M", "units": {
        "AUSTRIA": ["A BUD", "A TRI"], "GERMANY": ["A MUN", "A SIL"], "ITALY": ["A VIE"]}})
    res = adjudicate(pos, {"AUSTRIA": ["A BUD S A TRI - VIE", "A TRI - VIE"],
                           "GERMANY": ["A MUN - BOH", "A SIL - BOH"]})
    after = res.position.to_dict()
    assert after["phase"] == "S1901R"
    assert after["dislodged"] == {"ITALY": [{"unit": "A VIE", "attacked_from": "TRI", "via_convoy": False}]}
    assert after["contested"] == ["BOH"]
    res = adjudicate(res.position, {"ITALY": ["A VIE R GAL"]})
    assert res.results == {"A VIE": "succeeds"}
    assert str(res.position.phase) == "F1901M"
    assert str(res.position.unit_in("GAL")) == "A GAL"


def test_unordered_dislodged_unit_is_disbanded() -> None:
    pos = Position.from_dict({"phase": "S1901R", "units": {"AUSTRIA": ["A TRI"]},
                              "dislodged": {"ITALY": [{"unit": "A VIE", "attacked_from": "TRI"}]}})
    res = adjudicate(pos, {})
    assert res.results == {}
    assert res.position.unit_in("VIE") is None and not res.position.dislodged


def test_civil_disorder_disbands_the_farthest_unit() -> None:
    pos = Position.from_dict({"phase": "W1901A",
                              "units": {"FRANCE": ["A PAR", "F MAR", "A BUR", "F NAF"]},
                              "supply_centers": {"FRANCE": ["PAR", "MAR", "BRE"]}})
    res = adjudicate(pos, {})
    assert res.position.unit_in("NAF") is None
    assert len(res.position.units_of("FRANCE")) == 3


def test_ordered_disband_is_used() -> None:
    pos = Position.from_dict({"phase": "W1901A",
                              "units": {"FRANCE": ["A PAR", "F MAR", "A BUR", "F NAF"]},
                              "supply_centers": {"FRANCE": ["PAR", "MAR", "BRE"]}})
    res = adjudicate(pos, {"FRANCE": ["A PAR D", "A BUR D"]})
    assert res.results == {"A PAR": "succeeds", "A BUR": "fails"}
    assert res.position.unit_in("PAR") is None and res.position.unit_in("NAF") is not None


def test_waive_and_fleet_coast_builds() -> None:
    pos = Position.from_dict({"phase": "W1901A", "units": {"RUSSIA": ["A WAR"]},
                              "supply_centers": {"RUSSIA": ["STP", "MOS", "WAR"]}})
    res = adjudicate(pos, {"RUSSIA": ["F STP B", "F STP/NC B", "WAIVE"]})
    assert res.results == {"F STP": "fails", "F STP/NC": "succeeds", "RUSSIA: WAIVE": "succeeds"}
    assert str(res.position.unit_in("STP")) == "F STP/NC"


def test_bad_orders_are_results_not_exceptions() -> None:
    pos = Position.standard()
    res = adjudicate(pos, {"FRANCE": ["A PAR - Burgandy", "A MAR B", "F BRE - PIC", "A MUN - RUH", "gibberish"],
                           "NARNIA": ["A PAR H"]})
    typo = "FRANCE: A PAR - Burgandy"       # not understood: keyed by its power and text
    assert res.results[typo] == "fails" and "Did you mean" in res.reasons[typo]
    assert res.results["A MAR"] == "fails" and "movement-phase" in res.reasons["A MAR"]
    assert res.results["F BRE"] == "succeeds"
    assert res.results["A MUN"] == "fails" and "Germany" in res.reasons["A MUN"]
    assert res.results["FRANCE: gibberish"] == "fails"
    assert res.results["A PAR"] == "fails" and "not a power" in res.reasons["A PAR"]
    assert str(res.position.unit_in("PIC")) == "F PIC"
