"""The built-in Game of War lessons load, and every exercise plays as the rules say (lessons/game_of_war/*.md).

Each exercise is tied to a section of the Game of War Rules page (academy/rulebook/game_of_war.md, from
game-of-war.md); the parametrised tests carry that section in their id.
"""
from __future__ import annotations

import re

import pytest
import yaml

from academy.games.game_of_war.goals import GOAL_KEYS, compile_goal, start_state
from academy.games.game_of_war.snapshot import format_position
from academy.lessons import GOAL_MODULES, LESSONS_DIR, Attempt, check_path, load_lessons
from academy.rulebook import load_rulebook

LESSONS, PROBLEMS = load_lessons("game_of_war")
CASES = [(lesson, ex) for lesson in LESSONS for ex in lesson.exercises]
IDS = [f"{lesson.section}/{ex.id}" for lesson, ex in CASES]
GUIDE = (LESSONS_DIR / "README.md").read_text(encoding="utf-8")

#: a legal try that misses each exercise's goal
WRONG_TRIES: dict[str, list[str]] = {
    "goal/last-arsenal": ["N-C1 k10-k11", "N-I1 k5-k6", "end"],
    "goal/last-fighter": ["N-I1 attacks S-I1"],
    "your-turn/move-then-fire": ["N-I1 f6-f7", "N-I1 attacks S-I1"],
    "your-turn/moves-come-first": ["N-I1 attacks S-I1"],
    "your-turn/no-jumping": ["N-SR1 h6-j7", "end"],
    "communication/relay-reaches": ["N-R1 e4-e5"],
    "communication/hold-hands": ["N-I1 e8-d9"],
    "communication/long-chain": ["N-I4 g9-h10"],
    "communication/cut-the-branch": ["N-I1 f17-f16"],
    "communication/cut-then-strike": ["N-I1 attacks S-I1"],
    "combat/pick-the-target": ["N-I3 attacks S-I2"],
    "combat/every-gun-counts": ["N-K1 h6-h7", "N-I1 attacks S-I1"],
    "combat/column-charge": ["N-C1 h7-h9", "N-C1 attacks S-I1"],
    "combat/not-at-a-fortress": ["N-C1 g8-i9", "N-C1 attacks S-I2"],
    "combat/push-back": ["N-I1 attacks S-K1"],
    "combat/nowhere-to-go": ["N-C1 d11-c11", "N-C1 attacks S-I1"],
    "combat/cut-off-cannot-step-back": ["N-C1 i10-h11", "N-C1 attacks S-I1"],
    "combat/retreat-any-way": ["retreat N-I1 h8-h7", "N-I2 attacks S-I1"],
    "combat/retreat-is-a-move": ["retreat N-I1 k11-j11", "N-I2 l10-l11", "N-I3 n10-m10", "N-I4 o11-n11",
                                 "N-I6 p10-o10", "N-I2 attacks S-I1"],
    "units/long-gun": ["N-I1 attacks S-I1"],
    "units/soft-relay": ["N-I1 e13-e14"],
    "units/ride-past-a-friend": ["N-I1 k9-l10", "N-C1 k11-l11", "end"],
    "terrain/around-the-mountain": ["N-I1 attacks S-I1"],
    "terrain/storm-the-fortress": ["N-C1 attacks S-I1"],
}

#: an action the rules refuse in each exercise's start position, and the reason's words
ILLEGAL_TRIES: dict[str, tuple[str, str]] = {
    "goal/last-arsenal": ("N-C1 k10-k13", "moves at most 2"),
    "your-turn/move-then-fire": ("N-I1 attacks S-I1", "reaches 2"),
    "communication/relay-reaches": ("N-I1 k9-k8", "cut off"),
    "communication/cut-the-branch": ("N-I1 f17-d17", "moves at most 1"),
    "communication/long-chain": ("N-I3 h11-h10", "cut off"),
    "your-turn/no-jumping": ("N-SR1 h6-h8", "every square on the way must be empty and not a mountain"),
    "combat/column-charge": ("N-C2 h6-h7", "N-C1 stands there"),
    "combat/retreat-any-way": ("N-I1 h8-h9", "must first retreat N-I1 one square"),
    "combat/retreat-is-a-move": ("retreat N-I1 k11-l12", "not a mountain"),
    "units/soft-relay": ("N-I1 attacks S-I1", "not on a straight or 45° diagonal line"),
    "units/ride-past-a-friend": ("N-C1 k11-m12", "cavalry must stop on the first square outside communication"),
    "terrain/around-the-mountain": ("N-SK1 attacks S-I1", "mountain stands between"),
    "terrain/storm-the-fortress": ("N-K1 attacks S-I1", "reaches 3"),
}


def test_every_lesson_loads_without_problems():
    """Every file in lessons/game_of_war/ loads and `academy lessons check` finds nothing."""
    assert PROBLEMS == []
    assert check_path(LESSONS_DIR / "game_of_war") == []
    assert GOAL_MODULES["game_of_war"] == "academy.games.game_of_war.goals"


def test_the_lessons_cover_every_section_of_the_rules():
    """game-of-war.md: Goal, Your turn, Communication (and cutting lines), Combat (totals, the charge,
    outcomes), Units, Terrain: each has a lesson."""
    sections = [lesson.section for lesson in LESSONS]
    assert set(sections) == set(load_rulebook("game_of_war").section_ids)
    assert sorted(lesson.id for lesson in LESSONS) == sorted([
        "goal", "turn", "communication", "cutting-lines", "combat-totals", "charge", "outcomes", "units",
        "terrain"])
    assert [lesson.order for lesson in LESSONS] == list(range(1, 10))


def test_lessons_have_text_hints_feedback_and_a_solution():
    for lesson in LESSONS:
        assert lesson.title and lesson.summary and len(lesson.body) > 300, lesson.id
        assert 1 <= len(lesson.exercises) <= 5, lesson.id
        for ex in lesson.exercises:
            assert len(ex.hints) == 3, ex.id
            assert ex.success and ex.wrong and ex.prompt
            assert ex.solution and len(ex.solution) <= ex.max_actions, ex.id
            assert ex.solution[-1] in ex.hints[-1] or ex.solution[0] in ex.hints[-1], ex.id


def test_every_exercise_has_a_wrong_try():
    assert sorted(WRONG_TRIES) == sorted(IDS)


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_the_solution_solves_the_exercise(lesson, ex):
    attempt = Attempt(lesson, ex)
    statuses = [attempt.act(step).status for step in ex.solution]
    assert statuses == ["continue"] * (len(ex.solution) - 1) + ["solved"]
    assert attempt.solved and ex.success in attempt.history[-1].message


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_a_wrong_try_gets_the_lessons_wrong_text(lesson, ex):
    attempt = Attempt(lesson, ex)
    feedback = [attempt.act(step) for step in WRONG_TRIES[f"{lesson.section}/{ex.id}"]]
    assert [f.status for f in feedback[:-1]] == ["continue"] * (len(feedback) - 1)
    assert feedback[-1].status == "wrong" and ex.wrong in feedback[-1].message
    assert not attempt.solved and attempt.over


@pytest.mark.parametrize("key", sorted(ILLEGAL_TRIES))
def test_an_illegal_action_is_refused_and_changes_nothing(key):
    section, ex_id = key.split("/")
    lesson, ex = next((lesson, ex) for lesson, ex in CASES if lesson.section == section and ex.id == ex_id)
    attempt = Attempt(lesson, ex)
    before = format_position(attempt.state)
    command, words = ILLEGAL_TRIES[key]
    fb = attempt.act(command)
    assert fb.status == "illegal" and words in fb.message, fb.message
    assert format_position(attempt.state) == before and attempt.actions == [] and attempt.status == "ready"
    statuses = [attempt.act(step).status for step in ex.solution]   # the try goes on as if nothing happened
    assert statuses[-1] == "solved"


def test_a_wrong_attack_is_explained_with_the_totals():
    """Combat: the engine says which units counted; the goal adds the totals after the teacher's text."""
    lesson = next(lesson for lesson in LESSONS if lesson.id == "combat-totals")
    fb = Attempt(lesson, lesson.exercise("pick-the-target")).act("N-I3 attacks S-I2")
    assert fb.status == "wrong"
    assert ("Your attack on S-I2 counted 8 (N-I3 4, N-I4 4) against a defence of 12 (S-I2 6, S-I3 6): "
            "repelled.") in fb.message


def test_the_nowhere_to_go_target_is_removed_not_retreated():
    """Combat: Attack = Defence + 1 and no square to retreat to: the target is removed."""
    lesson = next(lesson for lesson in LESSONS if lesson.id == "outcomes")
    attempt = Attempt(lesson, lesson.exercise("nowhere-to-go"))
    attempt.act("N-C1 d11-b11")
    fb = attempt.act("N-C1 attacks S-I1")
    assert fb.status == "solved"
    assert [e.kind for e in fb.events][:3] == ["attack", "turn", "removed"]
    assert fb.events[0].data["outcome"] == "retreat"


# ============================================================================ the teachers' guide
def test_the_guide_documents_every_game_of_war_goal_key():
    table = GUIDE[GUIDE.index("## Goals (Game of War)"):]
    table = table[table.index("| key | met when | example |"):]
    table = table[:table.index("\n\n")]
    for key in GOAL_KEYS:
        row = re.search(rf"^\| `{re.escape(key)}` \|(.*)$", table, re.MULTILINE)
        assert row and re.search(rf"`\{{.*\b{re.escape(key)}:", row.group(1)), key


def test_every_game_of_war_goal_example_in_the_guide_compiles():
    state = start_state("North to move | board: empty | North arsenals: h1 | South arsenals: k12 | "
                        "North: N-I1 h8, N-R1 e5, N-C1 f6 | South: S-I1 h10, S-K1 h12, S-R1 e14")
    table = GUIDE[GUIDE.index("## Goals (Game of War)"):]
    table = table[table.index("| key | met when | example |"):]
    table = table[:table.index("\n\n")]
    examples = re.findall(r"`(\{[^`]*\})`", table)
    assert len(examples) >= len(GOAL_KEYS)
    for example in examples:
        compile_goal(yaml.safe_load(example), state)


def test_the_guides_example_position_and_solution_work():
    """The position and the solution shown in "Writing a position (Game of War)" are real."""
    part = GUIDE[GUIDE.index("## Writing a position (Game of War)"):GUIDE.index("## Goals (Game of War)")]
    position = re.search(r"```text\n(.*)\n```", part).group(1)
    state = start_state(position)
    for step in ("N-K1 h6-h7", "N-I1 attacks S-K1"):
        state.play(state.game.parse_action(step, state), player=state.current)
    assert state.retreats == ["S-K1"]


# ============================================================================ feedback about what the learner did
def _exercise(lesson_id: str, ex_id: str):
    lesson = next(lesson for lesson in LESSONS if lesson.id == lesson_id)
    return lesson, lesson.exercise(ex_id)


def _play(lesson_id: str, ex_id: str, steps: list[str]):
    attempt = Attempt(*_exercise(lesson_id, ex_id))
    feedback = [attempt.act(step) for step in steps]
    return attempt, feedback[-1]


@pytest.mark.parametrize("to", ["e16", "e17", "e18"])
def test_cutting_a_line_is_praised_for_the_square_used_and_the_blocker_is_cut_off_too(to):
    """Communication: a unit on an enemy line stops it; the blocker, far from its own lines, is cut off itself.
    Every solving square gets feedback that names no other square, and the engine agrees the blocker is cut off."""
    attempt, fb = _play("cutting-lines", "cut-the-branch", [f"N-I1 f17-{to}"])
    assert fb.status == "solved"
    assert f"N-I1 moves f17-{to}." in fb.message
    assert not {"e15", "e16", "e17", "e18", "e19"} - {to} & set(re.findall(r"\b[a-y]\d+\b", fb.message))
    assert "it is cut off too" in fb.message
    assert "N-I1" not in attempt.state.connected("north")


@pytest.mark.parametrize("to", ["e14", "e15", "e16"])
def test_cut_then_strike_names_no_square_the_learner_did_not_use(to):
    """Communication: a cut-off unit defends with 0; the blocking N-I2 is itself cut off on column e."""
    attempt, fb = _play("cutting-lines", "cut-then-strike", [f"N-I2 f15-{to}"])
    assert "N-I2" not in attempt.state.connected("north")      # blocking, it is cut off itself
    fb = attempt.act("N-I1 attacks S-I1")
    assert fb.status == "solved"
    assert not {"e14", "e15", "e16"} - {to} & set(re.findall(r"\b[a-y]\d+\b", fb.message))
    assert "N-I2 was cut off too" in fb.message and "reaches it again" in fb.message
    assert "N-I2" in attempt.state.connected("north")          # S-I1 gone, the line from e1 runs on


def test_cut_then_strike_wrong_try_says_the_target_is_still_in_communication():
    """Combat and Communication: attacking before cutting the line meets a connected S-I1 (4 against 6)."""
    _, fb = _play("cutting-lines", "cut-then-strike", ["N-I1 attacks S-I1"])
    assert fb.status == "wrong"
    assert "S-I1 on e12 (in communication) still stands" in fb.message
    assert "Not counted: N-I2 on f15 is not lined up with e12." in fb.message
    assert "N-I2 f15-e15" not in fb.message


def test_every_gun_counts_wrong_try_does_not_ask_for_the_cannon_already_moved():
    """Combat: after N-K1 h6-h7 the cannon counted (5); only N-I3, still on e8, is named as left out."""
    _, fb = _play("combat-totals", "every-gun-counts", ["N-K1 h6-h7", "N-I1 attacks S-I1"])
    assert fb.status == "wrong"
    assert "counted 13 (N-I1 4, N-I2 4, N-K1 5)" in fb.message
    assert "Not counted: N-I3 on e8 is not lined up with h10." in fb.message
    assert "cannon" not in fb.message.lower() and "N-K1 on" not in fb.message


def test_around_the_mountain_other_solving_square_gets_true_feedback():
    """Terrain: from i8 (touching N-I1, so on the network) the swift cannon also sees h9 diagonally."""
    _, fb = _play("terrain", "around-the-mountain", ["N-SK1 h6-i8", "N-I1 attacks S-I1"])
    assert fb.status == "solved" and "j7" not in fb.message


def _destinations(ex) -> list[str]:
    """The squares the solution's moves and retreats go to ("N-I1 e8-e9", "retreat N-I1 h8-h9")."""
    return [m.group(1) for step in ex.solution if (m := re.search(r"\b[a-y]\d+-([a-y]\d+)$", step))]


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_the_answer_is_only_in_the_last_hint(lesson, ex):
    """The lesson text, the prompt and the hints before the last do not give the squares the solution moves
    to (nor its commands); the last hint does. A square the goal itself names (the task, e.g.
    {at: {N-R1: e6}}) may be in the prompt."""
    arsenals = [part for part in lesson.start_position(ex).split("|") if "arsenals:" in part]
    named = set(re.findall(r"\b[a-y]\d+\b", f"{ex.goal} {arsenals}"))   # the task's own squares
    # the lesson text talks about the lesson's own position, so it is checked for exercises played on it
    texts = {"prompt": ex.prompt, **({"lesson text": lesson.body} if ex.position is None else {}),
             **{f"hint {i + 1}": hint for i, hint in enumerate(ex.hints[:-1])}}
    for square in _destinations(ex):
        for name, text in texts.items():
            if square not in named:
                assert not re.search(rf"\b{square}\b", text), f"{name} gives away {square}"
    for step in ex.solution:
        assert step not in ex.prompt and step not in lesson.body
        assert not any(step in hint for hint in ex.hints[:-1]), f"a hint before the last gives away {step!r}"
