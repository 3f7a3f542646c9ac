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
