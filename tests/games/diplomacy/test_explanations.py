"""Every outcome is explained twice: a sentence (``res.reasons``) and data (``res.details``), with
the DATC strengths of each ordered unit (``res.strengths``). Each test names the rule of
/work/shared/rules/diplomacy.md it checks ("§15" is rule 15 of that document).
"""
from __future__ import annotations

from typing import Any

from academy.games.diplomacy import Position, adjudicate
from academy.games.diplomacy.adjudicate import Resolution


def _run(units: dict[str, list[str]], orders: dict[str, list[str]], phase: str = "S1901M",
         centers: dict[str, list[str]] | None = None) -> Resolution:
    data: dict[str, Any] = {"phase": phase, "units": units}
    if centers is not None:
        data["supply_centers"] = centers
    return adjudicate(Position.from_dict(data), orders)


def test_bounce_names_who_and_the_strengths() -> None:
    """§15 (Order Resolution): units of equal force moving to one province bounce."""
    res = _run({"AUSTRIA": ["A VIE"], "ITALY": ["A VEN"]}, {"AUSTRIA": ["A VIE - TYR"], "ITALY": ["A VEN - TYR"]})
    assert res.results["A VIE"] == "fails"
    assert res.reasons["A VIE"] == "A VIE - TYR bounces (attack 1; A VEN also moves there with 1)."
    assert res.details["A VIE"] == {"kind": "bounce", "to": "TYR", "attack": 1, "against": 1, "with": ["A VEN"]}
    assert res.strengths["A VIE"] == {"attack": 1, "defend": 1, "prevent": 1, "hold": 1}


def test_supported_attack_dislodges_and_the_cut_support_names_its_cutter() -> None:
    """§18 and §19 (Order Resolution): a cut support adds nothing; 2 against 1 dislodges."""
    res = _run({"AUSTRIA": ["F ADR", "A TRI", "A VIE"], "ITALY": ["A VEN", "A TYR"]},
               {"AUSTRIA": ["F ADR S A TRI - VEN", "A TRI - VEN", "A VIE - TYR"],
                "ITALY": ["A VEN H", "A TYR S A VEN"]})
    assert res.reasons["A TYR"] == "A TYR S A VEN: support cut by A VIE moving to TYR (attack 1)."
    assert res.details["A TYR"] == {"kind": "cut", "by": "A VIE", "from": "VIE"}
    assert res.reasons["A VEN"] == "A VEN holds but is dislodged by A TRI with attack 2 against hold 1."
    assert res.details["A VEN"] == {"kind": "dislodged", "by": "A TRI", "from": "TRI", "via_convoy": False,
                                    "strength": 2, "hold": 1, "retreats": ["APU", "PIE", "ROM", "TUS"]}
    assert res.reasons["A TRI"] == "A TRI moves to VEN (attack 2; A VEN holds with 1)."
    assert res.details["A TRI"]["kind"] == "moved" and res.details["A TRI"]["against"] == 1
    assert res.strengths["A TRI"]["attack"] == 2 and res.strengths["A VEN"] == {"hold": 1}


def test_own_unit_cannot_be_dislodged() -> None:
    """§22 (Order Resolution): you cannot dislodge your own units, even with support."""
    res = _run({"GERMANY": ["A BER", "F KIE", "A MUN"]},
               {"GERMANY": ["A BER - KIE", "F KIE - BER", "A MUN S A BER - KIE"]})
    assert res.results["A BER"] == "fails"
    assert res.details["A BER"] == {"kind": "bounce", "to": "KIE", "attack": 0, "against": 1, "with": ["F KIE"],
                                    "own_unit": "F KIE"}
    assert res.reasons["A BER"].startswith("A BER - KIE fails: F KIE of the same power stays there")
    assert res.strengths["A BER"] == {"attack": 0, "defend": 2, "prevent": 2, "hold": 1}


def test_convoy_disrupted_names_the_dislodged_fleet() -> None:
    """§24 (Order Resolution): a dislodged convoying fleet disrupts the convoy; the army stays."""
    res = _run({"ENGLAND": ["A LON", "F ENG"], "FRANCE": ["F BRE", "F MAO"]},
               {"ENGLAND": ["A LON - BEL", "F ENG C A LON - BEL"], "FRANCE": ["F BRE - ENG", "F MAO S F BRE - ENG"]})
    assert res.reasons["A LON"] == ("A LON - BEL: the convoy is disrupted (F ENG dislodged); no chain of fleets "
                                    "carries it, so it stays.")
    assert res.details["A LON"] == {"kind": "convoy_disrupted", "to": "BEL", "fleet": "F ENG", "fleets": ["F ENG"]}
    assert res.details["F ENG"]["kind"] == "dislodged" and res.details["F ENG"]["convoy_disrupted"] is True
    assert res.details["F ENG"]["by"] == "F BRE" and res.details["F ENG"]["strength"] == 2
    assert res.strengths["A LON"] == {"attack": 0, "defend": 1, "prevent": 0, "hold": 1}


def test_no_legal_retreat_is_said_and_the_unit_is_disbanded() -> None:
    """§27 (Retreats): a dislodged unit with no legal retreat is destroyed."""
    res = _run({"ENGLAND": ["F LON", "A WAL", "A YOR"], "FRANCE": ["F ENG", "F NTH"]},
               {"FRANCE": ["F ENG - LON", "F NTH S F ENG - LON"], "ENGLAND": ["F LON H"]})
    assert res.reasons["F LON"] == ("F LON holds but is dislodged by F ENG with attack 2 against hold 1. "
                                    "It has no legal retreat and will be disbanded.")
    assert res.details["F LON"]["retreats"] == [] and res.details["F LON"]["no_retreat"] is True
    after = adjudicate(res.position, {})
    assert after.details["F LON"] == {"kind": "no_retreat", "options": []}
    assert after.position.unit_in("LON") is not None and str(after.position.unit_in("LON")) == "F LON"
    assert after.position.unit_in("LON").power == "FRANCE"


def test_two_retreats_to_one_province_are_both_disbanded() -> None:
    """§27 (Retreats): if two units retreat to the same province, both are destroyed."""
    res = _run({"AUSTRIA": ["A BUD", "A TRI"], "GERMANY": ["A MUN", "A SIL"], "ITALY": ["A VIE", "A BOH"]},
               {"AUSTRIA": ["A BUD S A TRI - VIE", "A TRI - VIE"], "GERMANY": ["A MUN S A SIL - BOH", "A SIL - BOH"]})
    after = adjudicate(res.position, {"ITALY": ["A BOH R TYR", "A VIE - TYR"]})
    assert after.results == {"A BOH": "fails", "A VIE": "fails"}
    assert after.reasons["A BOH"] == "A BOH R TYR: A VIE retreats there too; both are disbanded."
    assert after.details["A VIE"] == {"kind": "retreat_bounce", "to": "TYR", "with": ["A BOH"]}


def test_civil_disorder_removal_says_how_far() -> None:
    """§29 (Builds): excess units must be disbanded; unordered, the farthest from an owned centre goes."""
    res = _run({"ITALY": ["A TUS", "A WAR"]}, {}, phase="W1901A", centers={"ITALY": ["WAR"]})
    assert res.results == {}
    assert res.details["A TUS"]["kind"] == "civil_disorder"
    assert res.details["A TUS"]["distance"] == 5 and res.details["A TUS"]["power"] == "ITALY"
    assert res.details["A TUS"]["reason"].startswith("ITALY owed 1 more disband and ordered none: A TUS is removed")
    assert str(res.position.unit_in("WAR")) == "A WAR" and res.position.unit_in("TUS") is None


def test_two_own_units_swapping_bounce_head_to_head() -> None:
    """§16 (Order Resolution): units ordered into each other's province with equal force bounce; said as
    a head-to-head bounce, not as a unit dislodging its own (issue 16: lesson 7's ring told the learner
    "cannot dislodge its own unit (attack 0)")."""
    res = _run({"GERMANY": ["A BER", "F KIE", "A MUN"]}, {"GERMANY": ["A BER - KIE", "F KIE - BER"]})
    assert res.results["A BER"] == res.results["F KIE"] == "fails"
    assert res.reasons["A BER"].startswith("A BER - KIE bounces: F KIE moves the other way")
    assert "head-to-head bounce, Rules page: Bounces" in res.reasons["F KIE"] and "dislodge its own" not in res.reasons["F KIE"]
    assert res.details["A BER"]["head_to_head"] is True


def test_no_refusal_names_a_rule_number_the_rules_page_does_not_show():
    """A newcomer's walk (issue 14): "(an army never by convoy, rule 25)" sent the learner to a number no page
    shows; refusals point to the Rules page's sections instead."""
    from academy.games.diplomacy.options import why_no_retreat
    from academy.games.diplomacy.position import Position
    pos = Position.from_dict({"phase": "S1901R", "units": {"GERMANY": ["A VIE"]},
                              "dislodged": {"AUSTRIA": [{"unit": "A VIE", "attacked_from": "BOH"}]}})
    why = why_no_retreat(pos, pos.dislodged[0], "MUN")
    assert why.endswith("an army never by convoy (Rules page: Retreats)") and "rule 25" not in why
