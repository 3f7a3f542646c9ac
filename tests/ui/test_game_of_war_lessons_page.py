"""The Game of War lessons on the board (issue 6, "Lessons"): every exercise can be solved through the
page's model as a learner plays it, a refused action leaves everything as it was, and the page shows
the lesson, hints and the next exercise."""
from __future__ import annotations

import pytest
from bokeh.document import Document

from academy.lessons import Attempt
from academy.ui.game_of_war.lessons import GameOfWarLessonModel, GameOfWarLessonsPage
from academy.ui.lessons_page import game_lessons

LESSONS, ERRORS = game_lessons("game_of_war")
CASES = [(lesson, ex) for lesson in LESSONS for ex in lesson.exercises if ex.solution]


def test_the_built_in_lessons_load() -> None:
    assert len(LESSONS) == 9 and not ERRORS


@pytest.mark.parametrize(("lesson", "exercise"), CASES, ids=[f"{lesson.id}:{ex.id}" for lesson, ex in CASES])
def test_each_exercise_is_solved_through_the_board_model(lesson, exercise) -> None:
    model = GameOfWarLessonModel()
    model.start(Attempt(lesson, exercise))
    for step in exercise.solution:
        assert model.act(step), model.message
    assert model.feedback.status == "solved", model.feedback.message
    assert not model.act("end") and "Solved: go on to the next exercise" in model.message


def test_a_refused_action_changes_nothing_and_reset_starts_again() -> None:
    lesson = LESSONS[0]
    model = GameOfWarLessonModel()
    model.start(Attempt(lesson, lesson.exercises[0]))
    before = model.state.to_json()
    assert not model.act("N-I1 a1-a1")
    assert model.state.to_json() == before and model.message
    model.act(lesson.exercises[0].solution[0])
    model.reset()
    assert model.state.to_json() == before and model.feedback is None


def test_the_page_opens_a_lesson_with_its_board_and_hints() -> None:
    page = GameOfWarLessonsPage(lesson_id=LESSONS[1].id)
    page.__panel__().get_root(Document())
    assert LESSONS[1].title in page.title.object and page.view.visible
    page.model.hint()
    page._on_model()
    assert page.model.hints == [LESSONS[1].exercises[0].hints[0]]
    page.model.select(None)
    assert "Moves left" in page.side_panels(page.model)[0].status.object


def test_an_exercise_that_asks_for_the_totals_keeps_them_back():
    """A newcomer's walk (issue 14): in "Counting the totals" aiming showed "Attack 8 against defence 12", so the
    learner added nothing up. With ``work_out: totals`` the lines of fire show who counts, without numbers."""
    from academy.lessons import Attempt
    from academy.ui.game_of_war.board import GameOfWarBoard
    from academy.ui.game_of_war.lessons import GameOfWarLessonModel
    from academy.ui.lessons_page import game_lessons
    lessons, _ = game_lessons("game_of_war")
    lesson = next(item for item in lessons if item.id == "combat-totals")
    model = GameOfWarLessonModel()
    board = GameOfWarBoard(model)
    model.start(Attempt(lesson, lesson.exercises[0]))
    assert model.hides_totals
    model.click((9, 7))                    # N-I3 on j8
    model.click((9, 9))                    # aims at S-I2 on j10
    assert model.preview is not None and model.target == "S-I2"
    text = " ".join(model.preview_lines())
    assert "add up the totals yourself" in text and "12" not in text and "8" not in text
    fire = board.sources
    assert list(fire["fire_attack"].data["x0"]) and list(fire["fire_defence"].data["x0"])     # who counts
    assert not list(fire["fire_labels_north"].data["text"]) and not list(fire["fire_labels_south"].data["text"])
    model.start(Attempt(lesson, lesson.exercises[1]))
    assert not model.hides_totals
