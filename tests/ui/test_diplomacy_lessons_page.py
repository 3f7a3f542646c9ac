"""The Diplomacy lessons on the map (issue 4, "Lessons"): every exercise can be solved by writing its
orders on the page's model, a miss and a refused order give their feedback, and the page shows the
lesson, the other powers' fixed orders, hints and the next exercise."""
from __future__ import annotations

import panel as pn
import pytest
from bokeh.document import Document

from academy.lessons import Attempt
from academy.games.diplomacy.goals import split_orders
from academy.ui.diplomacy.lessons import DiplomacyLessonModel, DiplomacyLessonsPage
from academy.ui.lessons_page import game_lessons

LESSONS, ERRORS = game_lessons("diplomacy")
CASES = [(lesson, ex) for lesson in LESSONS for ex in lesson.exercises if ex.solution]


def test_the_built_in_lessons_load() -> None:
    assert len(LESSONS) >= 12 and not ERRORS


@pytest.mark.parametrize(("lesson", "exercise"), CASES, ids=[f"{lesson.id}:{ex.id}" for lesson, ex in CASES])
def test_each_exercise_is_solved_by_writing_its_orders(lesson, exercise) -> None:
    model = DiplomacyLessonModel()
    model.start(Attempt(lesson, exercise))
    for text in split_orders(exercise.solution[0]):
        assert model.type_order(text), model.message
    assert model.submit(), model.message
    assert model.feedback.status == "solved", model.feedback.message
    assert model.others == {}                     # after the phase: only the results are drawn
    assert model.state.last and model.state.last["results"]


def test_a_miss_says_why_and_reset_starts_again() -> None:
    lesson = next(item for item in LESSONS if item.id == "support")
    model = DiplomacyLessonModel()
    model.start(Attempt(lesson, lesson.exercises[0]))
    assert model.power == "GERMANY" and model.others == {}
    assert model.type_order("A MUN - BUR")          # without the support it bounces
    assert model.submit()
    assert model.feedback.status == "wrong" and lesson.exercises[0].wrong.split()[0] in model.feedback.message
    assert not model.submit() and "try is over" in model.message
    model.reset()
    assert model.feedback is None and model.pending == {} and model.can_order()


def test_a_refused_order_changes_nothing() -> None:
    lesson = next(item for item in LESSONS if item.id == "support")
    model = DiplomacyLessonModel()
    model.start(Attempt(lesson, lesson.exercises[0]))
    phase = model.state.phase
    assert not model.type_order("A MUN - MOS")
    assert "MOS" in model.message and model.pending == {} and model.state.phase == phase


def test_the_page_shows_the_fixed_orders_hints_and_next() -> None:
    lesson = next(item for item in LESSONS if item.id == "support")
    page = DiplomacyLessonsPage(lesson_id="support", exercise_index=0)
    page.__panel__().get_root(Document())
    assert lesson.title in page.title.object and page.view.visible
    ranges = page.board.figure.x_range, page.board.figure.y_range
    whole = [(0.0, 1.0), (0.0, 1.0)]
    assert [(r.start, r.end) for r in ranges] == whole     # the whole map (issue 14, item 6: no re-zoom)
    page.start_exercise(1)                          # France's fixed orders are on the map
    assert [(r.start, r.end) for r in ranges] == whole
    assert page.model.others.get("FRANCE") == ["A PIC - BEL", "A BUR S A PIC - BEL"]
    page.model.hint()
    page._on_model()
    assert page.model.hints == [lesson.exercises[1].hints[0]]
    assert page.hint_button.label == f"Hint ({len(lesson.exercises[1].hints) - 1} left)"
    assert page.next_button.label == "Next lesson →"
    page._next()
    following = LESSONS[[item.id for item in LESSONS].index("support") + 1]
    assert page.lesson_id == following.id and page.exercise_index == 0


def test_a_retreat_to_work_out_is_not_shown_by_the_board_or_the_menu() -> None:
    """Issue 14 (a newcomer's walk): the retreat exercise's menu offered the only open retreat, so there
    was nothing to work out. With ``work_out: retreats`` the board lights up no province, the menu offers
    only Disband, a closed province says why without naming the open one, and the open one is taken."""
    lesson = next(item for item in LESSONS if item.id == "retreats")
    exercise = lesson.exercises[0]
    assert exercise.goal["work_out"] == "retreats"
    model = DiplomacyLessonModel()
    model.start(Attempt(lesson, exercise))
    assert model.hides_retreats
    model.click("VIE")
    assert model.selected == "A VIE" and model.targets == []
    assert [text for _, text in model.choices] == ["A VIE D"]
    assert "work out which ones are open" in model.message
    model.click("BOH")
    assert "A VIE cannot retreat to BOH" in model.message and "TRI" not in model.message
    assert model.selected == "A VIE" and model.pending == {}
    model.click("TRI")
    assert model.pending == {"A VIE": "A VIE R TRI"}
    model.submit()
    assert model.feedback.status == "solved"


def test_other_retreat_exercises_still_light_up_the_open_provinces() -> None:
    lesson = next(item for item in LESSONS if item.id == "retreats")
    model = DiplomacyLessonModel()
    model.start(Attempt(lesson, lesson.exercises[1]))
    assert not model.hides_retreats
    model.click("TRI")
    assert sorted(model.targets) == ["ADR", "ALB"]
    assert sorted(text for _, text in model.choices) == ["F TRI D", "F TRI R ADR", "F TRI R ALB"]


def test_a_message_is_said_once_on_the_lesson_page() -> None:
    """A newcomer's walk (issue 14): the retreat's instructions were shown twice, above the hint button and in
    the orders panel; the orders panel says it, the lesson's note does not repeat it."""
    page = DiplomacyLessonsPage(lesson_id="retreats", exercise_index=0)
    page.__panel__().get_root(Document())
    page.model.click("VIE")
    page._on_model()
    shown = [p.object for p in page.__panel__().select(pn.pane.HTML) if "A VIE was dislodged" in str(p.object)]
    assert len(shown) == 1 and "academy-message" in shown[0]          # the orders panel's message, once
    assert page.note.object == ""


def test_the_preview_counts_the_other_powers_orders_the_exercise_shows() -> None:
    """A newcomer's walk (issue 14): in the retreat exercise where Turkey says it retreats to Albania, the preview
    showed "F TRI R ALB" succeeding; it now counts Turkey's shown retreat, so both are destroyed."""
    lesson = next(item for item in LESSONS if item.id == "retreats")
    page = DiplomacyLessonsPage(lesson_id="retreats")
    page.__panel__().get_root(Document())
    page.start_exercise(1)
    model = page.model
    assert model.others == {"TURKEY": ["F ION R ALB"]} and lesson.exercises[1].id == "same-place"
    assert model.type_order("F TRI R ALB")
    [row] = model.preview
    assert row["order"] == "F TRI R ALB" and row["result"] == "fails"
    panel = next(o for o in page.__panel__().select(pn.pane.HTML) if "preview-box" in str(o.object))
    assert "with the orders shown for the other powers" not in panel.object      # a retreat's own heading
    assert "The other powers' orders shown on the map are counted" in panel.object
