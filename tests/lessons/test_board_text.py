"""A lesson's text always describes the board shown (issue 14, "exercise text always matches the board
shown"): beside an exercise with a board of its own, the body's "On this board ..." paragraphs, which
describe the lesson's position, give way to a line saying the exercise has its own board."""
from __future__ import annotations

import pytest

from academy.games import REGISTRY as GAMES
from academy.lessons import load_lessons
from academy.lessons.model import OWN_BOARD_NOTE

CASES = [(lesson, ex) for game in GAMES for lesson in load_lessons(game)[0] for ex in lesson.exercises]


@pytest.mark.parametrize("lesson,ex", CASES, ids=[f"{l.game}/{l.id}/{e.id}" for l, e in CASES])
def test_the_text_beside_an_exercise_describes_its_board(lesson, ex):
    text = lesson.body_for(ex)
    paragraphs = [p.strip().lower() for p in text.split("\n\n")]
    if lesson.start_position(ex) == lesson.position:
        assert text == lesson.body
    else:
        assert not any(p.startswith("on this board") for p in paragraphs)
        if any(p.strip().lower().startswith("on this board") for p in lesson.body.split("\n\n")):
            assert text.endswith(OWN_BOARD_NOTE)


def test_the_capturing_lesson_of_tactics_drops_the_first_boards_description_in_exercise_two():
    """Tactics lesson 10: exercise 2 has one infantry already on J3; the text no longer speaks of two."""
    lesson = next(l for l in load_lessons("tactics")[0] if l.id == "capturing")
    first, second = lesson.exercises
    assert "between two red infantry" in lesson.body_for(first)
    assert "between two red infantry" not in lesson.body_for(second)


def test_the_model_docstring_example_runs():
    import doctest

    import academy.lessons.model as model
    assert doctest.testmod(model).failed == 0
