"""Every lesson exercise can be solved through the page's own inputs: board clicks, the amount and
dice choices, and the phase buttons (trades), never by typing; and by typed notation too."""
from __future__ import annotations

import pytest

from academy.games.conquest.actions import Attack, Claim, EndAttack, EndTurn, Fortify, Occupy, Place, TradeCards
from academy.ui.conquest.lessons import conquest_lessons
from academy.ui.conquest.lesson_model import LessonModel
from academy.lessons import Attempt

CASES = [(lesson, ex) for lesson in conquest_lessons()[0] for ex in lesson.exercises if ex.solution]


def play_by_clicks(model: LessonModel, action) -> None:
    """Do ``action`` the way a person does on the page."""
    ch = model.choice
    match action:
        case Claim(t):
            model.click(t)
        case Place(t, k):
            ch.armies = k
            model.click(t)
        case Attack(src, dst, dice):
            if model.selected != src:
                model.click(src)
            if model.target != dst:
                model.click(dst)                   # the first click picks the target and shows the odds
            ch.dice = dice                         # then the dice, as the odds panel shows them
            model.click(dst)                       # the second click rolls
        case Occupy(k):
            ch.move = k
            model.click(model.state.occupy["dst"])
        case Fortify(src, dst, k):
            ch.move = k
            model.click(src)
            model.click(dst)
            model.click(dst)
        case TradeCards() | EndAttack() | EndTurn():
            model.act(action)                      # the phase's buttons call act with the action
        case _:
            raise AssertionError(f"no way to click {action!r}")


@pytest.mark.parametrize("lesson, exercise", CASES, ids=[f"{l.id}/{e.id}" for l, e in CASES])
def test_solution_by_clicks(lesson, exercise):
    model = LessonModel()
    model.start(Attempt(lesson, exercise))
    for text in exercise.solution:
        action = model.state.game.parse_action(text, model.state)
        play_by_clicks(model, action)
        assert model.feedback is not None and model.feedback.status != "illegal", model.feedback
    assert model.feedback.status == "solved", model.feedback.message


@pytest.mark.parametrize("lesson, exercise", CASES[:4], ids=[f"{l.id}/{e.id}" for l, e in CASES[:4]])
def test_solution_by_typing(lesson, exercise):
    model = LessonModel()
    model.start(Attempt(lesson, exercise))
    for text in exercise.solution:
        model.act(text)
    assert model.feedback.status == "solved"
