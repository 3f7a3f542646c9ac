"""The built-in Fronts lessons load, and every exercise plays as the rules say (lessons/fronts/*.md).

Each exercise is tied to a section of the Fronts Rules page (academy/rulebook/fronts.md, from
fronts.md); the parametrised tests carry that section in their id. A wrong answer must be judged
wrong whatever the dice: the goals that a battle decides also ask for the odds (``win_chance``), or
the wrong try loses without any battle.
"""
from __future__ import annotations

import pytest

from academy.games.fronts.goals import GOAL_KEYS
from academy.lessons import GOAL_MODULES, LESSONS_DIR, Attempt, check_path, load_lessons
from academy.lessons.cli import check_command
from academy.rulebook import load_rulebook

LESSONS, PROBLEMS = load_lessons("fronts")
CASES = [(lesson, ex) for lesson in LESSONS for ex in lesson.exercises]
IDS = [f"{lesson.section}/{lesson.id}/{ex.id}" for lesson, ex in CASES]
GUIDE = (LESSONS_DIR / "README.md").read_text(encoding="utf-8")

#: a legal try that misses each exercise's goal
WRONG_TRIES: dict[str, str] = {
    "turn-order/orders/two-at-once": "2 infantry Millbrook -> Westmere",
    "units/units/armor-runs-ahead": "1 armor Northgate -> Ashford",
    "units/movement/the-dry-road": "1 armor Oakhollow -> Riverton",
    "units/movement/two-orders-into-the-forest": "2 armor Riverton -> Elmshade",
    "units/artillery/guns-next-door": "3 infantry Millbrook -> Westmere",
    "units/air/strike-from-the-capital": "2 infantry Millbrook -> Westmere",
    "units/air/strike-to-defend": "Millbrook hold",
    "battles/odds/eighty-percent": "2 armor Millbrook -> Westmere",
    "battles/losses/screen-the-armor": "2 armor Millbrook -> Westmere",
    "battles/losses/half-a-unit": "4 infantry Millbrook -> Westmere; 1 artillery Ashford support Westmere",
    "battles/retreats/no-way-out": "2 armor Millbrook -> Westmere; 2 armor Ashford -> Westmere",
    "battles/border-clashes/meet-them-halfway": "Millbrook hold",
    "battles/three-sided/race-for-the-crown": "4 infantry South Pass -> Crown",
    "battles/three-sided/let-them-fight-first": "2 armor South Pass -> Crown",
    "battles/three-sided/the-gun-counts-twice": "all South Pass -> Crown",
    "defense-bonuses/terrain/pick-the-plains": "all Riverton -> Greyridge",
    "defense-bonuses/terrain/fresh-walls": "all Westmere -> Riverton",
    "defense-bonuses/terrain/arriving-in-time": "1 infantry Fern Hill -> Mosswood",
    "defense-bonuses/supply/cut-the-line": "2 infantry Riverton -> Westmere; 2 infantry Millbrook -> Westmere",
    "defense-bonuses/supply/reconnect": "Northgate hold",
    "leaving-a-city/leaving-a-city/keep-a-guard": "all Millbrook -> Westmere",
    "income/income/grow-the-purse": "2 infantry Millbrook -> Westmere; 2 infantry Highcrag -> Eastmere",
    "income/income/half-of-a-capital": "1 infantry Elmshade -> Southport",
    "income/builds/reinforce-the-front": "build 1 armor Millbrook",
    "fog/fog/look-before-you-leap": "air Northgate strike Elmshade",
    "fog/fog/garrisons-in-plain-sight": "air Northgate scout Riverton",
    "neutral-cities/neutral-cities/storm-riverton": "all Westmere -> Riverton",
    "goal/goal/the-last-city": "2 armor Eastmere -> Dunmore",
    "goal/goal/knock-out": "all Bluecastle -> Frostwood",
    "goal/free-for-all/keep-the-last-city": "4 armor South Pass -> Frostwood",
    "goal/free-for-all/last-one-standing": "4 armor Bluecastle -> Tidewater",
}

#: an order the rules refuse in each exercise's start position, and words of the engine's reason
ILLEGAL_TRIES: dict[str, tuple[str, str]] = {
    "units/units/armor-runs-ahead": ("2 infantry 1 armor Northgate -> Westmere", "Westmere"),
    "units/movement/the-dry-road": ("1 armor Oakhollow -> Riverton -> Westmere", "river"),
    "units/movement/two-orders-into-the-forest": ("all Riverton -> Elmshade", "1 move"),
    "battles/odds/eighty-percent": ("3 infantry Millbrook -> Westmere", "infantry"),
    "income/builds/reinforce-the-front": ("build 2 armor Millbrook", "cost 12"),
    "fog/fog/look-before-you-leap": ("air Northgate scout Dunmore", "Dunmore"),
    "goal/goal/the-last-city": ("2 infantry Saltmarsh -> Eastmere", "no stack"),
}


def test_every_lesson_loads_without_problems():
    """Every file in lessons/fronts/ loads and `academy lessons check lessons/fronts` finds nothing."""
    assert PROBLEMS == []
    assert check_path(LESSONS_DIR / "fronts") == []
    assert check_command([str(LESSONS_DIR / "fronts")]) == 0
    assert GOAL_MODULES["fronts"] == "academy.games.fronts.goals"


def test_the_lessons_cover_every_section_of_the_rules():
    """fronts.md: Goal, Turn order, Units (movement, artillery, air), Battles (odds, losses, falling back,
    border clashes, three sides), Defense bonuses (terrain, supply), Leaving a city, Income (builds),
    Fog, Neutral cities, Free-for-all: each has a lesson, in the order of a course."""
    assert set(lesson.section for lesson in LESSONS) == set(load_rulebook("fronts").section_ids)
    assert [lesson.id for lesson in LESSONS] == [
        "orders", "units", "movement", "artillery", "air", "odds", "losses", "retreats", "border-clashes",
        "three-sided", "terrain", "supply", "leaving-a-city", "income", "builds", "fog", "neutral-cities", "goal",
        "free-for-all"]
    assert [lesson.order for lesson in LESSONS] == list(range(1, 20))


def test_lessons_have_text_hints_feedback_and_a_solution():
    for lesson in LESSONS:
        assert lesson.title and lesson.summary and len(lesson.body) > 300, lesson.id
        for ex in lesson.exercises:
            assert len(ex.hints) == 3, ex.id
            assert ex.success and ex.wrong and ex.prompt
            assert ex.solution and ex.max_actions == 1, ex.id
            assert ex.solution[0] in ex.hints[-1], ex.id


def test_positions_are_small():
    """A lesson board shows a few stacks: at most 4 stacks of the players, plus a garrison or two."""
    for lesson, ex in CASES:
        state = Attempt(lesson, ex).state
        stacks = sum(len(by) for by in state.board.stacks.values())
        assert 1 <= stacks <= 4 and len(state.board.neutral) <= 1, lesson.id


def test_every_exercise_has_a_wrong_try():
    assert sorted(WRONG_TRIES) == sorted(IDS)


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_the_solution_solves_the_exercise(lesson, ex):
    attempt = Attempt(lesson, ex)
    fb = attempt.act(ex.solution[0])
    assert fb.status == "solved", fb.message
    assert attempt.solved and ex.success in fb.message


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_a_wrong_try_gets_the_lessons_wrong_text(lesson, ex):
    attempt = Attempt(lesson, ex)
    fb = attempt.act(WRONG_TRIES[f"{lesson.section}/{lesson.id}/{ex.id}"])
    assert fb.status == "wrong", fb.message
    assert ex.wrong in fb.message and not attempt.solved and attempt.over


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_a_wrong_try_stays_wrong_whatever_the_dice(lesson, ex):
    """The verdict on the wrong try does not depend on the exercise's seed."""
    from dataclasses import replace
    for seed in range(1, 9):
        attempt = Attempt(lesson, replace(ex, seed=seed))
        fb = attempt.act(WRONG_TRIES[f"{lesson.section}/{lesson.id}/{ex.id}"])
        assert fb.status == "wrong", (seed, fb.message)


@pytest.mark.parametrize("key", sorted(ILLEGAL_TRIES))
def test_an_illegal_order_is_refused_and_changes_nothing(key):
    lesson, ex = next((lesson, ex) for (lesson, ex), i in zip(CASES, IDS) if i == key)
    attempt = Attempt(lesson, ex)
    before = attempt.state.to_json()
    command, words = ILLEGAL_TRIES[key]
    fb = attempt.act(command)
    assert fb.status == "illegal" and words in fb.message, fb.message
    assert attempt.state.to_json() == before and attempt.actions == [] and attempt.status == "ready"
    assert attempt.act(ex.solution[0]).status == "solved"      # the try goes on as if nothing happened


def test_the_guide_documents_the_fronts_position_and_goals():
    assert "## Writing a position (Fronts)" in GUIDE and "## Goals (Fronts)" in GUIDE
    for key in GOAL_KEYS:
        assert f"`{key}`" in GUIDE, key


def test_every_fronts_goal_example_in_the_guide_compiles():
    import re

    import yaml

    from academy.games.fronts.goals import compile_goal, start_state
    state = start_state("Red to order; Red 10: 2 infantry Millbrook, 1 air Northgate; Blue 10: 2 infantry Westmere, "
                        "3 infantry Elmshade; neutral: none; owners: Westmere Blue")
    table = GUIDE[GUIDE.index("## Goals (Fronts)"):]
    table = table[table.index("| key | met when | example |"):]
    table = table[:table.index("\n\n")]
    examples = re.findall(r"`(\{[^`]*\})`", table)
    assert len(examples) >= len(GOAL_KEYS)
    for example in examples:
        compile_goal(yaml.safe_load(example), state)


def test_the_border_clash_success_text_matches_its_report():
    """Lesson 9 (Border clashes): the report shows the battle in Westmere after the clash, so the success
    text may not call Westmere empty (issue 19)."""
    from academy.lessons import Attempt, load_lessons
    lesson = next(l for l in load_lessons("fronts")[0] if l.id == "border-clashes")
    ex = lesson.exercises[0]
    attempt = Attempt(lesson, ex)
    for step in ex.solution:
        fb = attempt.act(step)
    assert fb.status == "solved" and "Battle at Westmere" in fb.message
    assert "empty Westmere" not in fb.message and "fought it there too" in fb.message
