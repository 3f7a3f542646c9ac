"""Conquest notation: commands and positions round-trip; bad text gets a helpful error."""
import pytest

from academy.core.errors import AmbiguousNotation, InvalidNotation
from academy.games.conquest import (Attack, EndAttack, EndTurn, Fortify, Occupy, Place, Roll, TradeCards,
                                    parse_position)

POS = "Red to move, reinforce 3 | Red: Ukraine 5, Alaska 2 | rest: Blue 1 | Red cards: Alaska, Peru, Wild 1"


@pytest.mark.parametrize("text,action", [
    ("place 3 Ukraine", Place("ukraine", 3)),
    ("Place Ukraine 2", Place("ukraine", 2)),
    ("attack Ukraine -> Ural 3", Attack("ukraine", "ural", 3)),
    ("attack russia → ural with 2 dice", Attack("ukraine", "ural", 2)),
    ("attack Ukraine to Ural", Attack("ukraine", "ural", 3)),
    ("trade Alaska, Peru, Wild", TradeCards(("alaska", "peru", "wild1"), "alaska")),
    ("trade Alaska, Peru, Wild 1 (+2 Alaska)", TradeCards(("alaska", "peru", "wild1"), "alaska")),
    ("move 4", Occupy(4)),
    ("end attack", EndAttack()),
    ("fortify Ukraine -> Ural 4", Fortify("ukraine", "ural", 4)),
    ("end turn", EndTurn()),
    ("roll 1-6-5 vs 4-2", Roll((6, 5, 1), (4, 2))),
])
def test_parse(text, action):
    s = parse_position(POS)
    assert s.game.parse_action(text, s) == action
    assert s.game.parse_action(s.game.format_action(action, s), s) == action


def test_errors_help():
    s = parse_position(POS)
    with pytest.raises(InvalidNotation, match="Did you mean Ukraine"):
        s.game.parse_action("attack Ukrane -> Ural 3", s)
    with pytest.raises(AmbiguousNotation, match="could be any of"):
        s.game.parse_action("place 1 North", s)
    with pytest.raises(InvalidNotation, match="not a Conquest command"):
        s.game.parse_action("charge!", s)
