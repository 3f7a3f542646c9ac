"""The Tactics lessons on the board (issue 5, "Lessons"): every exercise can be solved through the page's
model as a learner plays it (taps and typed commands), a refused action leaves everything as it was, the
other army passes, fog holds, and the page shows the lesson, hints and the next exercise."""
from __future__ import annotations

import pytest
from bokeh.document import Document

from academy.lessons import Attempt
from academy.ui.lessons_page import game_lessons
from academy.ui.tactics.lessons import TacticsLessonModel, TacticsLessonsPage

LESSONS, ERRORS = game_lessons("tactics")
CASES = [(lesson, ex) for lesson in LESSONS for ex in lesson.exercises if ex.solution]


def lesson(lesson_id: str):
    return next(item for item in LESSONS if item.id == lesson_id)


def model_on(lesson_id: str, index: int = 0) -> TacticsLessonModel:
    item = lesson(lesson_id)
    model = TacticsLessonModel()
    model.start(Attempt(item, item.exercises[index]))
    return model


def test_the_built_in_lessons_load() -> None:
    assert len(LESSONS) == 18 and not ERRORS


@pytest.mark.parametrize(("lesson", "exercise"), CASES, ids=[f"{lesson.id}:{ex.id}" for lesson, ex in CASES])
def test_each_exercise_is_solved_through_the_board_model(lesson, exercise) -> None:
    model = TacticsLessonModel()
    model.start(Attempt(lesson, exercise))
    for step in exercise.solution:
        assert model.act(step), model.message
    assert model.feedback.status == "solved", model.feedback.message
    assert not model.act("end turn") and "Solved: go on to the next exercise" in model.message


def test_an_exercise_solved_by_taps() -> None:
    """terrain.md: tap the tank, tap it again to stay, tap the target to aim (the odds show), tap again to fire."""
    model = model_on("terrain")
    model.click("F8")
    assert model.selected == "F8" and {"E8", "F7", "G8"} <= set(model.targets)
    model.click("F8")
    model.click("G8")
    assert model.target == "G8" and model.preview is not None
    model.click("G8")
    assert model.feedback.status == "solved" and "67" in model.feedback.message
    assert model.last_attack is not None


def test_a_refused_action_changes_nothing_and_reset_starts_again() -> None:
    model = model_on("movement")
    before = model.state.to_json()
    assert not model.act("recon C3 -> I3 wait")
    assert model.state.to_json() == before and "movement points" in model.message
    assert model.feedback.status == "illegal" and model.attempt.actions == []
    assert model.act("recon C3 -> H3 wait") and model.feedback.status == "wrong"
    model.reset()
    assert model.state.to_json() == before and model.feedback is None and model.attempt.tries == 2


def test_the_other_army_passes_and_the_next_day_starts() -> None:
    """repairs.md: after End turn the learner is to move on day 2, the tank repaired by its city."""
    model = model_on("repairs")
    assert model.act("tank D3 -> B3 wait")
    assert model.end_turn()
    assert model.feedback.status == "solved" and model.state.day == 2 and model.state.to_move() == 0
    assert model.viewer == 0 and model.ready


def test_fog_hides_the_enemy_in_the_forest_until_you_touch_it() -> None:
    """fog.md: the board draws the learner's observation; the tank in the forest on I4 shows only from H4."""
    model = model_on("fog")
    assert model.visible_unit("I4") is None
    assert model.act("infantry G3 -> H4 wait")
    assert model.visible_unit("I4") is not None and model.feedback.status == "solved"


def test_a_build_through_the_factory() -> None:
    model = model_on("production")
    model.click("C2")
    assert model.build_at == "C2" and any(b.unit == "tank" for b in model.builds)
    assert model.build("tank") and model.feedback.status == "solved"


def test_the_page_opens_a_lesson_with_its_board_hints_and_next_exercise() -> None:
    page = TacticsLessonsPage(lesson_id="capturing")
    page.__panel__().get_root(Document())
    assert lesson("capturing").title in page.title.object and page.view.visible
    page.model.hint()
    page._on_model()
    assert page.model.hints == [lesson("capturing").exercises[0].hints[0]]
    assert "hint-list" in page.hints.object
    panel = page.side_panels(page.model)[0]
    assert "Red" in panel.status.object
    page.model.act("infantry I3 -> J3 capture")
    page._on_model()
    assert page.feedback.visible and ("capturing", "start-the-capture") in page.solved
    page._next()
    assert page.exercise_index == 1 and page.model.attempt.exercise.id == "finish-it" and page.model.hints == []


def test_the_listing_shows_every_lesson() -> None:
    page = TacticsLessonsPage()
    page.__panel__().get_root(Document())
    assert page.listing.visible and not page.view.visible
    text = " ".join(str(getattr(o[0] if hasattr(o, "objects") else o, "object", "")) for o in page.listing.objects)
    for item in LESSONS:
        assert item.title in text


def test_a_class_can_work_on_the_tactics_lessons() -> None:
    """The classroom finds this page (academy/ui/classroom.py names academy.ui.tactics.lessons)."""
    from academy.ui.classroom import class_games, lesson_page_class
    assert lesson_page_class("tactics") is TacticsLessonsPage
    assert class_games().get("Tactics") == "tactics"
    page = TacticsLessonsPage(lesson_id="transports", classroom=True)
    page.start_exercise(1)
    assert page.model.attempt.exercise.id == "drop-at-the-city" and not page.next_button.visible
