"""Results and the new position come from one resolution (issue 13, item 13): every unit is where
its result says. (Every DATC case is checked so, in several orders of its units, in test_datc.py.)"""
from __future__ import annotations

from dataclasses import replace

from academy.games.diplomacy import Position, adjudicate

#: DATC 6.F.18, the betrayal paradox, with the units listed as the issue lists them (A LON first)
BETRAYAL_UNITS = {"ENGLAND": ["A LON", "F NTH", "F ENG"], "FRANCE": ["F BEL"], "GERMANY": ["F HEL", "F SKA"]}
BETRAYAL_ORDERS = {"ENGLAND": ["F NTH C A LON - BEL", "A LON - BEL", "F ENG S A LON - BEL"],
                   "FRANCE": ["F BEL S F NTH"], "GERMANY": ["F HEL S F SKA - NTH", "F SKA - NTH"]}


def test_betrayal_paradox_army_stays_and_position_agrees() -> None:
    """Issue 13, item 13: by the Szykman rule A LON does not move, and the new position says the same
    (before the fix the position moved A LON to BEL and dislodged F BEL "attack 0 against hold 1")."""
    pos = Position.from_dict({"phase": "S1901M", "units": BETRAYAL_UNITS})
    res = adjudicate(pos, BETRAYAL_ORDERS)
    assert res.results["A LON"] == "fails" and res.details["A LON"]["kind"] == "paradox"
    assert res.results["F BEL"] == "succeeds" and "dislodged" not in res.reasons["F BEL"]
    assert str(res.position.unit_in("LON")) == "A LON" and str(res.position.unit_in("BEL")) == "F BEL"
    assert res.position.dislodged == ()
    assert res.disagreements() == []


def test_disagreements_names_a_unit_out_of_place() -> None:
    """The check is not empty by construction: a position that moves a unit its result holds is named."""
    pos = Position.from_dict({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}})
    res = adjudicate(pos, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]})
    assert res.results == {"A PAR": "fails", "A MUN": "fails"} and res.disagreements() == []
    wrong = adjudicate(pos, {"FRANCE": ["A PAR - BUR"]}).position
    bad = replace(res, position=wrong)
    problems = bad.disagreements()
    assert problems and any(p.startswith("A PAR:") for p in problems)
