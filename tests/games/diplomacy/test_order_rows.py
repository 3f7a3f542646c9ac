"""One result row per order given (issue 13, item 14): no two orders share a key, the WAIVE of each
power is its own row, and of two identical orders the one carried out is the one shown succeeding."""
from __future__ import annotations

from academy.games.diplomacy import Position, adjudicate


def _winter(units: dict, centers: dict) -> Position:
    return Position.from_dict({"phase": "W1901A", "units": units, "supply_centers": centers})


def test_two_powers_waive_two_rows_each_naming_its_power() -> None:
    """Issue 13, item 14: Germany's and Turkey's WAIVE were one key ("TURKEY waives a build" on
    Germany's row)."""
    pos = _winter({"GERMANY": ["A BER"], "TURKEY": ["A CON"]},
                  {"GERMANY": ["BER", "KIE", "MUN"], "TURKEY": ["CON", "ANK", "SMY"]})
    res = adjudicate(pos, {"GERMANY": ["WAIVE"], "TURKEY": ["WAIVE"]})
    assert [(r.power, r.text) for r in res.rows] == [("GERMANY", "WAIVE"), ("TURKEY", "WAIVE")]
    keys = [r.key for r in res.rows]
    assert len(set(keys)) == 2
    for row in res.rows:
        assert res.results[row.key] == "succeeds"
        assert res.reasons[row.key] == f"{row.power.title()} waives a build."


def test_same_disband_twice_executed_row_succeeds_duplicate_says_so() -> None:
    """Issue 13, item 14: ``A PAR D`` twice reported the executed disband as failed (both on "A PAR")."""
    pos = _winter({"FRANCE": ["A PAR", "A PIC"]}, {"FRANCE": ["PAR"]})
    res = adjudicate(pos, {"FRANCE": ["A PAR D", "A PAR D"]})
    first, second = res.rows
    assert first.key != second.key and first.text == second.text == "A PAR D"
    assert res.results[first.key] == "succeeds" and res.reasons[first.key] == "A PAR is disbanded."
    assert res.results[second.key] == "fails" and "duplicate" in res.reasons[second.key]
    assert res.details[second.key]["kind"] == "duplicate"
    assert res.position.unit_in("PAR") is None and str(res.position.unit_in("PIC")) == "A PIC"
    assert res.disagreements() == []


def test_same_build_twice_executed_row_succeeds() -> None:
    """Issue 13, item 14: of two identical builds the one carried out is reported as succeeding (DATC
    6.I.7 expected "fails" for both through one shared key)."""
    pos = _winter({"RUSSIA": ["A RUM"]}, {"RUSSIA": ["MOS", "SEV", "STP", "WAR", "RUM"]})
    res = adjudicate(pos, {"RUSSIA": ["A MOS B", "A MOS B"]})
    assert [res.results[r.key] for r in res.rows] == ["succeeds", "fails"]
    assert "duplicate" in res.reasons[res.rows[1].key]


def test_a_disband_and_another_powers_build_in_one_province_keep_their_rows() -> None:
    """Issue 13, item 14: Austria's executed ``A MOS D`` and Russia's refused ``A MOS B`` shared "A MOS"
    (found by a seeded playout: the position lost A MOS while its row said "fails")."""
    pos = _winter({"AUSTRIA": ["A MOS", "A VIE"], "RUSSIA": ["A STP"]},
                  {"AUSTRIA": ["VIE"], "RUSSIA": ["STP", "SEV"]})
    res = adjudicate(pos, {"AUSTRIA": ["A MOS D"], "RUSSIA": ["A MOS B"]})
    by_power = {r.power: r.key for r in res.rows}
    assert by_power["AUSTRIA"] != by_power["RUSSIA"]
    assert res.results[by_power["AUSTRIA"]] == "succeeds" and res.results[by_power["RUSSIA"]] == "fails"
    assert res.disagreements() == []


def test_two_orders_for_one_unit_both_shown() -> None:
    """Issue 13, item 14: in a movement phase the second order for a unit has its own row (it was lost
    under the first's key); the first is the one carried out."""
    pos = Position.from_dict({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}})
    res = adjudicate(pos, {"FRANCE": ["A PAR - BUR", "A PAR H"]})
    first, second = res.rows
    assert first.key == "A PAR" and res.results["A PAR"] == "succeeds"
    assert res.results[second.key] == "fails" and "already has an order" in res.reasons[second.key]
    assert res.details[second.key]["kind"] == "duplicate"
    assert str(res.position.unit_in("BUR")) == "A BUR"


def test_same_retreat_twice_executed_row_succeeds() -> None:
    """Issue 13, item 14: in a retreat phase the retreat carried out keeps its row and result; the
    identical second order is a duplicate in a row of its own."""
    pos = Position.from_dict({"phase": "S1901R", "units": {"GERMANY": ["A PAR"]},
                              "dislodged": {"FRANCE": [{"unit": "A PAR", "attacked_from": "BUR"}]}})
    res = adjudicate(pos, {"FRANCE": ["A PAR R GAS", "A PAR R GAS"]})
    first, second = res.rows
    assert first.key != second.key
    assert res.results[first.key] == "succeeds" and str(res.position.unit_in("GAS")) == "A GAS"
    assert res.results[second.key] == "fails" and res.details[second.key]["kind"] == "duplicate"
    assert res.disagreements() == []
