"""The error hierarchy and name matching (ARCHITECTURE.md, "Errors")."""
import pytest

from academy.core.errors import (AcademyError, AmbiguousNotation, GameOver, IllegalAction, InvalidNotation,
                                 LessonError, MapError, RulesError)
from academy.core.names import NameIndex


def test_hierarchy():
    for cls in (InvalidNotation, AmbiguousNotation, IllegalAction, GameOver):
        assert issubclass(cls, RulesError) and issubclass(cls, ValueError) and issubclass(cls, AcademyError)
    assert issubclass(MapError, AcademyError) and issubclass(LessonError, AcademyError)


def test_located_errors_name_file_and_line():
    e = LessonError("unknown section 'x'", file="lessons/a.md", line=4)
    assert str(e) == "lessons/a.md:4: unknown section 'x'" and (e.file, e.line) == ("lessons/a.md", 4)


def test_names_did_you_mean_and_ambiguity():
    idx = NameIndex({"ukraine": ["Ukraine", "Russia"], "ural": ["Ural"], "peru": ["Peru"]}, "territory")
    assert idx.resolve("UKRAINE") == "ukraine" and idx.resolve("russia") == "ukraine" and idx.resolve("pe") == "peru"
    with pytest.raises(InvalidNotation, match="Did you mean Ukraine"):
        idx.resolve("Ukrane")
    with pytest.raises(AmbiguousNotation, match="Ukraine, Ural"):
        idx.resolve("u")


def test_did_you_mean_counts_a_swap_of_two_letters_as_one_slip():
    """Issue 16, item 7: 'A PRA - BUR' suggested SPA, PRU, POR but not PAR; 'BRU' did not suggest BUR.
    The optimal string alignment distance counts a swap as one edit, for every game's names."""
    from academy.core.names import closest, osa_distance
    assert osa_distance("pra", "par") == 1 and osa_distance("bru", "bur") == 1 and osa_distance("abc", "ca") == 3
    assert osa_distance("kitten", "sitting") == 3 and osa_distance("", "abc") == 3
    from academy.games.diplomacy.game import DiplomacyGame
    state = DiplomacyGame().new_initial_state(seed=1)
    with pytest.raises(InvalidNotation) as err:
        state.validate_orders("FRANCE", ["A PRA - BUR"])
    assert "Did you mean PAR" in err.value.message and "SPA" not in err.value.message
    with pytest.raises(InvalidNotation) as err:
        state.validate_orders("FRANCE", ["A PAR - BRU"])
    assert "BUR" in err.value.message.split("Did you mean")[1]
    conquest = NameIndex({"ukraine": ["Ukraine"], "ural": ["Ural"], "peru": ["Peru"], "egypt": ["Egypt"]}, "territory")
    with pytest.raises(InvalidNotation, match="Did you mean Ural?"):
        conquest.resolve("Uarl")                     # two letters swapped in another game's name
    with pytest.raises(InvalidNotation, match="Did you mean Egypt?"):
        conquest.resolve("Eygpt")
    assert closest("xyz", ["peru", "ural"]) == []    # nothing near: no guess


def test_a_refused_diplomacy_order_says_where_the_unit_can_go_in_words_for_any_reader():
    """Issue 20: the lesson checker, run in a terminal, told the teacher to "click the unit"; the engine's
    refusal now says where the unit can go, which reads the same on the board and in a terminal."""
    from academy.games.diplomacy.game import DiplomacyGame
    state = DiplomacyGame().new_initial_state(seed=1)
    with pytest.raises(IllegalAction) as err:
        state.validate_orders("FRANCE", ["A PAR - MUN"])
    assert err.value.reason == "impossible_order" and "click" not in err.value.message
    assert err.value.message.endswith("MUN is not adjacent to PAR for an army, and an army can be convoyed only "
                                      "from a coast to a coast. A PAR can hold, move to BRE, BUR, GAS or PIC, "
                                      "or support a move or hold next to it.")
    with pytest.raises(IllegalAction) as err:
        state.validate_orders("FRANCE", ["F BRE - LON"])
    assert err.value.message.endswith("F BRE can hold, move to ENG, GAS, MAO or PIC, or support a move or hold "
                                      "next to it.")
