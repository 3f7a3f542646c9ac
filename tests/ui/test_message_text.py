"""Messages of the shared pages in plain English: plurals and lists from the one text helper (issue 14, item 7:
"one text helper for articles and plurals ("an Infantry", "1 army", "2 armies") used by every message")."""
from __future__ import annotations

import pytest

from academy.store import Store
from academy.store.classroom import Classroom
from academy.store.errors import InvalidInput
from academy.ui.classroom import OpenClassForm
from academy.ui.lessons_page import game_lessons


@pytest.fixture
def room(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    with Store(f"sqlite:///{tmp_path}/class.db") as store:
        yield Classroom(store)


def test_the_class_lesson_list_says_1_exercise(room):
    """issue 14, item 7: the teacher's lesson list said "(1 exercises)"."""
    form = OpenClassForm(room)
    form.game.value = "conquest"
    lessons = [l for l in game_lessons("conquest")[0] if l.exercises]
    labels = {lesson_id: label for label, lesson_id in form.lesson.options.items()}
    one = next(i for i, l in enumerate(lessons, 1) if len(l.exercises) == 1)
    two = next(i for i, l in enumerate(lessons, 1) if len(l.exercises) == 2)
    assert labels[lessons[one - 1].id] == f"{one}. {lessons[one - 1].title} (1 exercise)"
    assert labels[lessons[two - 1].id] == f"{two}. {lessons[two - 1].title} (2 exercises)"
    assert not any("(1 exercises)" in label for label in labels.values())


def test_moving_a_class_past_its_one_exercise(room):
    """issue 14, item 7: the refusal said "The lesson has 1 exercises"."""
    info, token = room.open_class("conquest", "turn", exercises=1)
    with pytest.raises(InvalidInput) as err:
        room.set_exercise(token, 1)
    assert str(err.value) == "The lesson has 1 exercise; there is no exercise 2."
