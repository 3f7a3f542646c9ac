"""Order notation: lenient reading, canonical writing, round trips, did-you-mean."""
from __future__ import annotations

import pytest

from academy.core.errors import InvalidNotation
from academy.games.diplomacy import format_order, parse_order
from academy.games.diplomacy.orders import Build, Convoy, Disband, Hold, Move, Retreat, SupportHold, SupportMove, \
    UnitRef, Waive


@pytest.mark.parametrize("text, canonical", [
    ("A MUN - BUR", "A MUN - BUR"),
    ("a mun-bur", "A MUN - BUR"),
    ("Mun-Bur", "MUN - BUR"),
    ("A Munich - Burgundy", "A MUN - BUR"),
    ("F ENG C A BEL - WAL", "F ENG C A BEL - WAL"),
    ("A BEL - WAL VIA CONVOY", "A BEL - WAL VIA CONVOY"),
    ("A BEL - WAL via", "A BEL - WAL VIA CONVOY"),
    ("A MUN S A BER - SIL", "A MUN S A BER - SIL"),
    ("F NTH S A LON", "F NTH S A LON"),
    ("F NTH S A LON H", "F NTH S A LON"),
    ("A MUN H", "A MUN H"),
    ("F STP/SC - BOT", "F STP/SC - BOT"),
    ("F StP(sc) - Gulf of Bothnia", "F STP/SC - BOT"),
    ("F St Petersburg (north coast) - BAR", "F STP/NC - BAR"),
    ("F GAS - SPA nc", "F GAS - SPA/NC"),
    ("A MUN R BOH", "A MUN R BOH"),
    ("F TRI D", "F TRI D"),
    ("A PAR B", "A PAR B"),
    ("F LON B", "F LON B"),
    ("F STP/NC B", "F STP/NC B"),
    ("waive", "WAIVE"),
    ("A MUN -> BUR", "A MUN - BUR"),
])
def test_parse_format_round_trip(text: str, canonical: str) -> None:
    order = parse_order(text)
    assert format_order(order) == canonical
    assert parse_order(canonical) == order


def test_parsed_values() -> None:
    assert parse_order("A MUN - BUR") == Move(UnitRef("A", "MUN"), "BUR")
    assert parse_order("A BEL - WAL VIA CONVOY") == Move(UnitRef("A", "BEL"), "WAL", True)
    assert parse_order("F ENG C A BEL - WAL") == Convoy(UnitRef("F", "ENG"), UnitRef("A", "BEL"), "WAL")
    assert parse_order("A MUN S A BER - SIL") == SupportMove(UnitRef("A", "MUN"), UnitRef("A", "BER"), "SIL")
    assert parse_order("F NTH S A LON") == SupportHold(UnitRef("F", "NTH"), UnitRef("A", "LON"))
    assert parse_order("A MUN H") == Hold(UnitRef("A", "MUN"))
    assert parse_order("A MUN R BOH") == Retreat(UnitRef("A", "MUN"), "BOH")
    assert parse_order("A MUN D") == Disband(UnitRef("A", "MUN"))
    assert parse_order("A PAR B") == Build(UnitRef("A", "PAR"))
    assert parse_order("WAIVE") == Waive()


def test_did_you_mean() -> None:
    with pytest.raises(InvalidNotation) as err:
        parse_order("A Muncih - BUR")
    assert "Did you mean" in str(err.value) and "MUN" in str(err.value)


@pytest.mark.parametrize("text", ["", "A MUN", "A MUN - ", "A MUN S", "F STP/XX - BOT", "F ENG C A BEL",
                                  "A MUN H now"])
def test_not_understood(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse_order(text)
