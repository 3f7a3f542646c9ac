"""Issue 16, item 9: every Diplomacy exercise's goal accepts exactly what its prompt asks. Beside each
exercise's own solution (tests/ui/test_diplomacy_lessons_page.py), other answers a learner may give:
those that do what the prompt says are solved, those that do something else are not."""
from __future__ import annotations

import pytest

from academy.games.diplomacy.goals import split_orders
from academy.lessons import Attempt
from academy.ui.lessons_page import game_lessons

LESSONS = {lesson.id: lesson for lesson in game_lessons("diplomacy")[0]}

#: (lesson, exercise, orders, solved?)
ANSWERS = [
    # lesson 9: the prompt asks to break the convoy; a bounce in Picardy keeps the army out without it
    ("convoy-disruption", "sink-the-convoy", "F MAO - ENG; F BRE S F MAO - ENG", True),
    ("convoy-disruption", "sink-the-convoy", "F BRE - PIC", False),
    ("convoy-disruption", "sink-the-convoy", "F BRE - ENG", False),
    # "land your army in Belgium": a fleet there is not the army
    ("convoy-disruption", "another-way", "F NTH - BEL", False),
    ("convoys", "chain", "F MAO - POR", False),                      # "your army ... in Portugal"
    ("convoys", "chain", "A LON - POR; F ENG C A LON - POR; F MAO C A LON - POR", True),
    ("convoys", "cross-to-norway", "F NTH - NWY", False),
    ("cutting-support", "not-from-the-target", "A MUN - BUR", True),  # the army in the Ruhr holds unordered
    ("cutting-support", "cut-the-ruhr", "A KIE S A MUN", False),      # "without supporting it"
    ("orders", "all-together", "A BUR - BEL; A PAR - BUR", True),
    ("orders", "first-move", "A PAR - BUR; F BRE - MAO", True),
    ("standoffs", "block-burgundy", "A MAR - BUR", True),
    ("support", "supported-attack", "A RUH - BUR; A MUN S A RUH - BUR", True),
    ("swaps-and-rotations", "head-to-head", "A RUH - BUR; A MUN S A RUH - BUR", True),   # another way in
    ("units-and-provinces", "land-and-sea", "A LON - WAL; F NTH - ENG", True),
    ("builds", "fleet-and-army", "A MUN B; F KIE B", True),
    ("builds", "disband", "A MUN D", False),
]


def _solved(lesson_id: str, exercise_id: str, orders: str) -> bool:
    lesson = LESSONS[lesson_id]
    exercise = next(e for e in lesson.exercises if e.id == exercise_id)
    attempt = Attempt(lesson, exercise)
    feedback = attempt.act(split_orders(orders))
    assert feedback.status != "illegal", feedback.message
    return feedback.status == "solved"


@pytest.mark.parametrize(("lesson", "exercise", "orders", "solved"), ANSWERS,
                         ids=[f"{a}:{b}:{c}" for a, b, c, _ in ANSWERS])
def test_the_goal_accepts_what_the_prompt_asks(lesson, exercise, orders, solved) -> None:
    assert _solved(lesson, exercise, orders) is solved


def test_the_convoy_disruption_prompt_asks_for_the_dislodgement_its_goal_checks() -> None:
    exercise = next(e for e in LESSONS["convoy-disruption"].exercises if e.id == "sink-the-convoy")
    assert "dislodg" in exercise.prompt.lower() and "dislodged" in str(exercise.goal)


def _positions():
    for lesson in LESSONS.values():
        yield lesson.id, lesson.position
        for e in lesson.exercises:
            if e.position:
                yield f"{lesson.id}:{e.id}", e.position


@pytest.mark.parametrize(("where", "line"), list(_positions()), ids=[w for w, _ in _positions()])
def test_no_lesson_shows_a_home_centre_lost_to_nobody(where, line) -> None:
    """diplomacy.md §28: a centre stays yours until another power takes it, so the home centres of a
    power whose centres a lesson lists have an owner (lesson 11 had Germany's Kiel owned by nobody; a
    power the lesson leaves out of the story has no centres listed at all)."""
    from academy.ui.position_link import read_position
    pos = read_position("diplomacy", line).position
    listed = {pw for pw in pos.supply_centers.values()}
    unowned = [c for pw in sorted(listed) for c in pos.dmap.home_centers(pw) if pos.supply_centers.get(c) is None]
    assert not unowned, f"{where}: {unowned}"
