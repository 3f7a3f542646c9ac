"""The built-in Diplomacy lessons (lessons/diplomacy/*.md) load, and every exercise plays as the rules say.

Each exercise is one phase: the learner's orders are one action, resolved with the fixed orders of
the other powers (academy/games/diplomacy/goals.py). The rules are diplomacy.md's (§ numbers below).
"""
from __future__ import annotations

import doctest
import re

import pytest

from academy.games.diplomacy.goals import GOAL_KEYS
from academy.lessons import LESSONS_DIR, Attempt, check_path, exercise, load_lessons
from academy.rulebook import load_rulebook

LESSONS, PROBLEMS = load_lessons("diplomacy")
BY_ID = {lesson.id: lesson for lesson in LESSONS}
CASES = [(lesson.id, ex.id) for lesson in LESSONS for ex in lesson.exercises]

#: a legal submission that misses each exercise's goal, and the rule it shows
WRONG = {
    ("winning", "keep-the-fleet"): "",                                               # civil disorder takes F GRE
    ("winning", "win-alone"): "A BUR - BEL",                                         # §8: 8 against 8 is a tie
    ("units-and-provinces", "land-and-sea"): "A LON - YOR; F NTH - ENG",           # §3
    ("units-and-provinces", "along-the-coast"): "A TUS - VEN",                      # §12
    ("orders", "first-move"): "A PAR - PIC",                                         # §12
    ("orders", "all-together"): "A BUR - BEL",                                       # §11
    ("support", "supported-attack"): "A MUN - BUR",                                  # §15
    ("support", "support-to-hold"): "A RUH H",                                       # §18
    ("cutting-support", "cut-the-ruhr"): "A KIE S A MUN",                            # §19 (saves Munich, cuts nothing)
    ("cutting-support", "not-from-the-target"): "A RUH - BUR",                       # §19
    ("dislodging", "three-against-two"): "A VIE - GAL; A BUD S A VIE - GAL",         # §18
    ("dislodging", "a-bounce-is-not-a-defeat"): "A KIE - HOL; A MUN - BOH",          # §23
    ("standoffs", "block-burgundy"): "A PAR - PIC",                                  # §15
    ("standoffs", "still-defends"): "A BUR H",                                       # §17
    ("swaps-and-rotations", "head-to-head"): "A MUN - BUR",                          # §16
    ("swaps-and-rotations", "ring"): "F KIE - BER; A BER - KIE",                     # §16
    ("swaps-and-rotations", "swap-by-sea"): "A NWY - SWE; F SKA S A NWY - SWE",      # §16 (no convoy: head to head)
    ("convoys", "cross-to-norway"): "A LON - NWY",                                   # §12
    ("convoys", "chain"): "A LON - POR; F ENG C A LON - POR",                        # §12
    ("convoy-disruption", "sink-the-convoy"): "F BRE - ENG",                         # §24
    ("convoy-disruption", "another-way"): "A LON - BEL; F ENG C A LON - BEL",        # §24
    ("retreats", "the-only-way-out"): "A VIE D",                                     # §25
    ("retreats", "same-place"): "F TRI R ALB",                                       # §27
    ("builds", "fleet-and-army"): "A KIE B; A MUN B",                                # §29
    ("builds", "where-to-build"): "WAIVE",                                           # §29
    ("builds", "disband"): "A MUN D",                                                # §29
    ("coasts", "name-the-coast"): "F MAO - SPA/NC",                                  # §32
    ("coasts", "support-across-the-coasts"): "F WES H",                              # §32
    ("map-oddities", "through-the-canal"): "F KIE - HEL",                            # §33
    ("map-oddities", "the-baltic-is-closed"): "F HOL - BEL",                         # §35
    ("map-oddities", "walk-to-sweden"): "A DEN - KIE",                               # §34
}

#: an order the engine refuses in each exercise's start position (with a word of its message)
ILLEGAL = {
    ("units-and-provinces", "land-and-sea"): ("A LON - ENG", "a sea"),                # §3
    ("units-and-provinces", "along-the-coast"): ("F ROM - VEN", "not adjacent"),      # §12
    ("orders", "first-move"): ("A LON - PAR", "no unit in LON"),
    ("support", "supported-attack"): ("A MUN S A RUH - BEL", "could not move to BEL"),  # §12
    ("convoys", "cross-to-norway"): ("A LON - NTH", "a sea"),                         # §3
    ("retreats", "the-only-way-out"): ("A VIE R BOH", "cannot retreat to BOH"),      # §26
    ("retreats", "same-place"): ("F TRI R VEN", "cannot retreat to VEN"),            # §26
    ("builds", "fleet-and-army"): ("F MUN B", "inland"),                             # §29
    ("builds", "where-to-build"): ("A KIE B", "KIE"),                                # §29
    ("coasts", "name-the-coast"): ("F MAO - SPA", "say which coast"),                # §32
    ("map-oddities", "the-baltic-is-closed"): ("F BAL - NTH", "not adjacent"),       # §35
    ("swaps-and-rotations", "swap-by-sea"): ("A NWY - SKA", "a sea"),               # §3
    ("winning", "win-alone"): ("F HOL - BUR", "inland"),                             # §3
}
DEFAULT_ILLEGAL = ("A XYZ - ABC", "")


def attempt(lesson_id: str, exercise_id: str) -> Attempt:
    lesson = BY_ID[lesson_id]
    return Attempt(lesson, lesson.exercise(exercise_id))


def test_every_lesson_file_loads():
    assert PROBLEMS == []
    assert check_path(LESSONS_DIR / "diplomacy") == []
    assert len(LESSONS) >= 11


def test_the_lessons_cover_the_topics_of_the_rule_document():
    """Units and provinces, orders, support, cutting support, dislodging, standoffs, swaps, convoys and their
    disruption, retreats, builds, coasts and the map oddities: one lesson each, on the Rules page's sections."""
    assert set(BY_ID) == {"units-and-provinces", "orders", "support", "cutting-support", "dislodging", "standoffs",
                          "swaps-and-rotations", "convoys", "convoy-disruption", "retreats", "builds", "coasts",
                          "map-oddities", "winning"}
    sections = set(load_rulebook("diplomacy").section_ids)
    assert {lesson.section for lesson in LESSONS} == {"map-and-units", "orders", "resolution", "retreats", "builds",
                                                      "map-oddities", "winning"} <= sections
    assert [lesson.order for lesson in LESSONS] == list(range(1, len(LESSONS) + 1))


def test_every_exercise_is_listed_here():
    assert set(CASES) == set(WRONG)


@pytest.mark.parametrize("lesson_id, exercise_id", CASES)
def test_the_exercise_is_well_formed(lesson_id, exercise_id):
    ex = BY_ID[lesson_id].exercise(exercise_id)
    assert 2 <= len(ex.hints) <= 3 and ex.max_actions == 1 and len(ex.solution) == 1
    assert ex.hints[-1] == ex.solution[0], "the last hint shows the answer"


@pytest.mark.parametrize("lesson_id, exercise_id", CASES)
def test_the_solution_solves_it(lesson_id, exercise_id):
    a = attempt(lesson_id, exercise_id)
    fb = a.act(a.exercise.solution[0])
    assert fb.status == "solved" and a.solved, fb.message
    assert a.exercise.success in fb.message
    # the resolution is narrated: every order's result, then the new phase
    assert re.search(r": (succeeds|fails)\. ", fb.message) and " resolved; now " in fb.message


@pytest.mark.parametrize("lesson_id, exercise_id", CASES)
def test_a_wrong_submission_gets_the_lessons_feedback(lesson_id, exercise_id):
    a = attempt(lesson_id, exercise_id)
    fb = a.act(WRONG[lesson_id, exercise_id])
    assert fb.status == "wrong", fb.message
    assert a.exercise.wrong in fb.message and a.over and not a.solved
    assert a.act(a.exercise.solution[0]).status == "illegal", "a try that is over takes no more orders"
    a.reset()
    assert a.tries == 2 and a.status == "ready" and a.act(a.exercise.solution[0]).status == "solved"


@pytest.mark.parametrize("lesson_id, exercise_id", CASES)
def test_an_illegal_order_is_refused_and_changes_nothing(lesson_id, exercise_id):
    a = attempt(lesson_id, exercise_id)
    order, words = ILLEGAL.get((lesson_id, exercise_id), DEFAULT_ILLEGAL)
    before, entries = a.state.to_json(), len(a.state.record)
    fb = a.act(order)
    assert fb.status == "illegal" and words in fb.message, fb.message
    assert a.state.to_json() == before and len(a.state.record) == entries
    assert a.actions == [] and a.status == "ready"
    assert a.act(a.exercise.solution[0]).status == "solved"


def test_the_learner_is_the_power_to_order():
    a = attempt("support", "supported-attack")
    assert a.state.game.player_name(a.learner) == "Germany"
    assert a.goal_text == "dislodge France's A BUR"


def test_the_exercise_module_examples_run():
    assert doctest.testmod(exercise).failed == 0


# --------------------------------------------------------------------------- the teachers' guide
GUIDE = (LESSONS_DIR / "README.md").read_text(encoding="utf-8")
DIPLOMACY_GOALS = GUIDE[GUIDE.index("## Goals (Diplomacy)"):GUIDE.index("## Hints and feedback")]


@pytest.mark.parametrize("key", GOAL_KEYS)
def test_every_diplomacy_goal_key_is_documented_with_an_example(key):
    row = re.search(rf"^\| `{re.escape(key)}` \|(.*)$", DIPLOMACY_GOALS, re.MULTILINE)
    assert row, f"goal key {key!r} has no row in the guide's Diplomacy goals"
    assert re.search(rf"`\{{.*\b{re.escape(key)}:", row.group(1)), f"goal key {key!r} has no example"


def test_every_diplomacy_goal_example_compiles():
    """The guide's examples are goals the engine understands, on a board where they make sense."""
    import yaml

    from academy.games.diplomacy.goals import GoalError, compile_goal, start_state
    boards = [start_state("France to order, S1901M | France: A PAR, A BUR, A RUH, F MAO | Germany: A MUN, A BEL "
                          "| England: A LON, F NTH"),
              start_state("Germany to order, W1901A | Germany: A MUN, A BER, F NAO | centres Germany: BER, MUN"),
              start_state("Austria to order, S1901R | Austria: A BUD | Germany: A VIE, A TYR | dislodged Austria: "
                          "A VIE from BOH | contested: GAL")]
    examples = re.findall(r"`(\{[^`]*\})`", DIPLOMACY_GOALS)
    assert len(examples) >= 10
    for example in examples:
        goal, problems = yaml.safe_load(example), []
        for board in boards:
            try:
                compile_goal(goal, board)
                break
            except GoalError as exc:
                problems.append(exc.message)
        else:
            raise AssertionError(f"{example}: {problems}")


def test_the_guides_diplomacy_examples_are_positions_the_engine_reads():
    from academy.games.diplomacy.goals import start_state
    part = GUIDE[GUIDE.index("## Writing a position (Diplomacy)"):GUIDE.index("## Writing orders (Diplomacy")]
    lines = re.findall(r"^```text\n(.*?)^```$", part, re.MULTILINE | re.DOTALL)
    positions = [line for block in lines for line in block.splitlines() if line.strip()]
    assert len(positions) >= 4
    for line in positions:
        start_state(line)
