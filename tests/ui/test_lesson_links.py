"""Issue 20, item 4 ("a lesson and an exercise update the address bar"): a link may name the exercise
(``&exercise=<id>``), and the lessons page opens on it; an unknown exercise opens the lesson's first."""
from __future__ import annotations

from academy.ui.conquest.lessons import LessonsPage as ConquestLessonsPage
from academy.ui.shell import build_page


def test_a_link_opens_the_exercise_it_names():
    page = ConquestLessonsPage(lesson_id="attacking", exercise="who-can-attack")
    assert page.exercise_index == 1 and "Exercise 2 of" in page.prompt.object
    assert ConquestLessonsPage(lesson_id="attacking", exercise="no-such-exercise").exercise_index == 0
    assert ConquestLessonsPage(lesson_id="attacking").exercise_index == 0


def test_the_page_for_a_query_with_an_exercise_builds():
    assert build_page({"game": "conquest", "tab": "lessons", "lesson": "attacking", "exercise": "who-can-attack"})
