"""The one-line Diplomacy position (academy/games/diplomacy/position_line.py): reading, writing, errors.

Positions stand for the rule document's board (diplomacy.md §2-§4: provinces, units, one unit a
province; §7 and §28: supply centres; §25-§26: dislodged units and standoff provinces in a retreat
phase; §32: split coasts).
"""
from __future__ import annotations

import doctest

import pytest

from academy.core.errors import IllegalAction, InvalidNotation, RulesError
from academy.games.diplomacy import position_line
from academy.games.diplomacy.position import Position, PositionError
from academy.games.diplomacy.position_line import PositionLineError, format_position, parse_position

CANONICAL = [
    "England to order, S1901M | England: A LON, F NTH",
    "S1901M | Russia: F STP/SC",
    "Germany to order, S1901M | France: A BUR, A PIC | Germany: A BEL, A RUH | France orders: A PIC - BEL, A BUR S A PIC - BEL",
    "Austria to order, S1901R | Austria: A BUD | Germany: A TYR, A VIE | dislodged Austria: A VIE from BOH | contested: GAL",
    "Austria to order, S1901R | Italy: F ION, F TRI | dislodged Austria: F TRI from VEN | dislodged Turkey: F ION from TUN "
    "| Turkey orders: F ION R ALB",
    "France to order, F1901R | England: A BRE | dislodged France: F BRE from ENG via convoy",
    "Germany to order, W1901A | Germany: A DEN, A HOL | centres Germany: BER, DEN, HOL, KIE, MUN",
    "Germany to order, W1901A | France: A KIE | Germany: A BER, A DEN | centres France: KIE, PAR | centres Germany: BER, DEN, HOL, MUN",
    "S1901M | England: F NTH | centres: none",
]


@pytest.mark.parametrize("line", CANONICAL)
def test_canonical_lines_round_trip(line):
    """diplomacy.md §2-§7 and §25: every part of a position is written back as it was read."""
    parsed = parse_position(line)
    assert format_position(*parsed) == line
    assert parse_position(format_position(*parsed)) == parsed


def test_the_module_examples_run():
    """diplomacy.md §3: the docstring example (an army and a fleet) reads and writes back."""
    assert doctest.testmod(position_line).failed == 0


def test_names_are_read_leniently_and_written_canonically():
    """§2-§3: provinces by full name or abbreviation, any case; kinds as A/F or army/fleet; coasts (§32)."""
    pos, learner, orders = parse_position(
        "russia TO ORDER, spring 1901 | Russia: fleet St Petersburg (sc), army moscow | Turkey: F ank "
        "| turk orders: f ankara - black sea")
    assert learner == "RUSSIA" and str(pos.phase) == "S1901M"
    assert {str(u) for u in pos.units_of("RUSSIA")} == {"F STP/SC", "A MOS"}
    assert orders == {"TURKEY": ("F ANK - BLA",)}
    assert format_position(pos, learner, orders) == ("Russia to order, S1901M | Russia: A MOS, F STP/SC "
                                                     "| Turkey: F ANK | Turkey orders: F ANK - BLA")


@pytest.mark.parametrize("head, phase", [("Fall 1902", "F1902M"), ("fall 1902 retreats", "F1902R"),
                                         ("Winter 1903", "W1903A"), ("winter 1903 builds", "W1903A"),
                                         ("s1901m", "S1901M")])
def test_phases_in_words(head, phase):
    """diplomacy.md §9: Spring and Fall orders and retreats, Winter adjustments."""
    kind = phase[-1]
    units = "England: A LON" + (" | dislodged England: F NTH" if kind == "R" else "")
    assert str(parse_position(f"{head} | {units}")[0].phase) == phase


def test_without_a_centres_part_home_centres_belong_to_their_powers():
    """§7: each power starts with its home centres."""
    pos, learner, orders = parse_position("S1901M | England: A LON")
    assert learner is None and orders == {}
    assert pos.centers_of("ENGLAND") == ["EDI", "LON", "LVP"]
    assert pos.supply_centers == Position.from_dict({"phase": "S1901M", "units": {}}).supply_centers
    assert "centres" not in format_position(pos)


def test_a_centres_part_lists_every_owned_centre():
    """§28: centres are owned by whoever took them; unlisted centres are neutral."""
    pos, _, _ = parse_position("W1901A | Germany: A HOL | centres Germany: HOL, BER | centres: none")
    assert pos.centers_of("GERMANY") == ["BER", "HOL"]
    assert pos.centers_of("ENGLAND") == [] and len(pos.supply_centers) == 2


def test_the_standard_start_round_trips():
    """diplomacy.md §1 and §7: the seven powers at their home centres."""
    pos = Position.standard()
    line = format_position(pos, "FRANCE")
    assert line.startswith("France to order, S1901M | Austria: A BUD, F TRI, A VIE | England: F EDI, F LON, A LVP")
    assert parse_position(line) == (pos, "FRANCE", {})


def test_unordered_fixed_powers_are_left_out_and_orders_are_canonical():
    """diplomacy.md §11-§12: another power's orders, in canonical notation."""
    _, _, orders = parse_position("England to order, S1901M | England: A LON | France: A PAR, F BRE "
                                  "| France orders: a par-bur; f bre h")
    assert orders == {"FRANCE": ("A PAR - BUR", "F BRE H")}


# --------------------------------------------------------------------------- errors
def error(line: str) -> RulesError:
    with pytest.raises(RulesError) as info:
        parse_position(line)
    return info.value


def test_an_unknown_power_gets_did_you_mean():
    """diplomacy.md §1: the seven powers."""
    e = error("Englnd to order, S1901M | England: A LON")
    assert isinstance(e, InvalidNotation) and e.reason == "unknown_power"
    assert str(e).startswith("Position part 'Englnd to order, S1901M': 'Englnd' is not a power")
    assert "Did you mean ENGLAND?" in str(e)


def test_an_unknown_province_gets_did_you_mean():
    """diplomacy.md §2: the provinces of the map."""
    e = error("England to order, S1901M | England: A LOM")
    assert isinstance(e, InvalidNotation)
    assert str(e) == ("Position part 'England: A LOM': 'LOM' is not a province I know. "
                      "Did you mean LON or ROM?")


def test_an_army_at_sea_is_refused():
    """§3: armies move only to inland and coastal provinces."""
    e = error("S1901M | England: A NTH")
    assert isinstance(e, PositionError) and e.reason == "army_at_sea"
    assert "an army cannot stand in North Sea, a sea" in str(e)


def test_a_fleet_inland_is_refused():
    """§3: fleets move only to coastal and water provinces."""
    e = error("S1901M | Germany: F MUN")
    assert e.reason == "fleet_inland" and "a fleet cannot stand in Munich, inland" in str(e)


def test_a_fleet_on_a_split_coast_names_its_coast():
    """§32: Bulgaria, St Petersburg and Spain have split coasts."""
    e = error("S1901M | Russia: F STP")
    assert e.reason == "coast_needed" and "must name its coast: STP/NC, STP/SC" in str(e)


def test_two_units_in_one_province_are_refused():
    """§4: only one unit can be in a province at any time."""
    e = error("S1901M | England: A LON | France: F LON")
    assert e.reason == "two_units" and "Two units in LON" in str(e)


def test_a_bad_phase_says_how_to_write_one():
    """diplomacy.md §9: the phases of a game-year."""
    e = error("X1901M | England: A LON")
    assert isinstance(e, PositionLineError) and e.reason == "bad_phase"
    assert "e.g. 'S1901M' (Spring 1901 movement)" in str(e)
    assert error("S1901A | England: A LON").reason == "bad_phase"


def test_dislodged_units_belong_to_a_retreat_phase():
    """§25: dislodged units retreat in the retreat phase."""
    e = error("S1901M | Germany: A VIE | dislodged Austria: A VIE from BOH")
    assert isinstance(e, PositionLineError) and "Write 'S1901R' in the first part" in str(e)


def test_the_learner_has_no_fixed_orders():
    """diplomacy.md §11: the learner writes its own orders in the exercise."""
    e = error("England to order, S1901M | England: A LON | England orders: A LON H")
    assert e.reason == "learner_orders" and "its orders are the answer to the exercise" in str(e)


def test_an_illegal_fixed_order_is_refused_with_the_engines_reason():
    """§12: a unit moves to an adjacent province."""
    e = error("England to order, S1901M | England: A LON | France: A PAR | France orders: A PAR - LON")
    assert isinstance(e, IllegalAction) and e.reason == "impossible_order"
    assert str(e).startswith("Position part 'France orders: A PAR - LON': France's order 'A PAR - LON' is refused: LON ")


@pytest.mark.parametrize("line, words", [
    ("S1901M | foo", "not understood; the parts are"),
    ("S1901M | England: A LON | England: F NTH", "England's units are given twice"),
    ("S1901M || England: A LON", "empty part"),
    ("S1901M | centres England: YOR", "Yorkshire (YOR) is not a supply centre"),
    ("S1901M | centres England: LON | centres France: LON", "LON is already listed for England"),
    ("S1901M | centres: LON", "say whose centres they are"),
    ("S1901M | England: LON", "write the kind and the province"),
])
def test_other_mistakes_name_the_part_and_the_fix(line, words):
    """diplomacy.md §4 and §7: one part per power, one owner per supply centre."""
    e = error(line)
    assert isinstance(e, PositionLineError) and words in str(e), str(e)


def test_an_empty_line_is_refused():
    """diplomacy.md §2: a position is a board of provinces; an empty line is none."""
    assert "one line of parts separated by '|'" in str(error(""))
