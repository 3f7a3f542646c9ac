"""The built-in Conquest lessons load, and every exercise plays as the rules say (lessons/conquest/*.md).

Each exercise is tied to a section of the Conquest Rules page (academy/rulebook/conquest.md); the
parametrised tests below carry that section in their id, and the single tests name it in their
docstring.
"""
from __future__ import annotations

import dataclasses

import pytest

from academy.core.errors import LessonError
from academy.games.conquest import goals as conquest_goals
from academy.games.conquest.goals import GoalError, Progress, compile_goal, start_state
from academy.lessons import (LESSONS_DIR, Attempt, Exercise, Feedback, Lesson, check_path, load_lesson,
                             load_lessons)
from academy.lessons.cli import check_command
from academy.rulebook import load_rulebook

LESSONS, PROBLEMS = load_lessons("conquest")
CASES = [(lesson, ex) for lesson in LESSONS for ex in lesson.exercises]
IDS = [f"{lesson.section}/{ex.id}" for lesson, ex in CASES]

#: a legal try that misses each exercise's goal, and the status it must end with
WRONG_TRIES: dict[str, tuple[list[str], str]] = {
    "setup/claim-the-door": (["claim Japan"], "wrong"),
    "setup/two-and-one": (["place 1 Ukraine", "place 1 Egypt", "place 1 Siberia"], "wrong"),
    "turn/straight-to-fortify": (["place 2 Ural", "place 1 Ukraine"], "wrong"),
    "reinforcements/five-next-turn": (["end attack"], "wrong"),
    "reinforcements/never-fewer-than-three": (["attack Ukraine -> Ural 3", "move 3", "end attack"], "wrong"),
    "continent-bonuses/australia-pays": (["place 4 Siam", "place 1 India"], "wrong"),
    "continent-bonuses/finish-south-america": (["end attack"], "wrong"),
    "attacking/most-dice": (["attack Ukraine -> Ural 2"], "wrong"),
    "attacking/who-can-attack": (["attack Mongolia -> China 3"], "wrong"),
    "conquering/move-in-strong": (["attack Ukraine -> Ural 3", "move 3"], "wrong"),
    "conquering/press-on": (["attack Ukraine -> Ural 3", "move 3", "end attack"], "wrong"),
    "fortifying/all-but-one": (["fortify Alberta -> Ontario 5"], "wrong"),
    "fortifying/find-the-path": (["fortify Iceland -> Greenland 3"], "wrong"),
    "taking-a-card/earn-a-card": (["end attack"], "wrong"),
    "taking-a-card/one-card-only": (["attack Ukraine -> Ural 3", "move 3", "end attack"], "wrong"),
    "cards/best-set": (["trade Peru, Brazil, Ural"], "wrong"),
    "cards/five-cards": (["trade Alaska, Peru, Argentina", "place 17 Ukraine", "place 1 Scandinavia"], "wrong"),
    "cards/trade-in-time": (["place 3 Ukraine"], "wrong"),
    "cards/choose-the-bonus": (["trade Alaska, Kamchatka, Wild 1 (+2 Alaska)"], "wrong"),
    "eliminating/take-the-cards": (["end attack"], "wrong"),
    "eliminating/exactly-five": (["end attack"], "wrong"),
    "cards/deck-runs-out": (["end attack"], "wrong"),
    "winning/last-territory": (["end attack"], "wrong"),
    "winning/two-to-go": (["attack Ukraine -> Ural 3", "move 3", "end attack"], "wrong"),
}


def lesson_named(lesson_id: str) -> Lesson:
    return next(lesson for lesson in LESSONS if lesson.id == lesson_id)


def play(lesson: Lesson, ex: Exercise, commands: list[str]) -> tuple[Attempt, list[Feedback]]:
    attempt = Attempt(lesson, ex)
    return attempt, [attempt.act(c) for c in commands]


# ============================================================================ loading
def test_every_builtin_lesson_loads_without_problems() -> None:
    """Every file in lessons/conquest/ loads; together they cover the Rules page's play sections."""
    assert PROBLEMS == []
    assert check_path(LESSONS_DIR / "conquest") == []
    sections = {lesson.section for lesson in LESSONS}
    assert {"reinforcements", "continent-bonuses", "cards", "attacking", "conquering", "eliminating",
            "taking-a-card", "fortifying", "setup", "winning"} <= sections
    assert sections <= set(load_rulebook("conquest").section_ids)
    assert [lesson.order for lesson in LESSONS] == sorted(lesson.order for lesson in LESSONS)
    assert len({lesson.order for lesson in LESSONS}) == len(LESSONS)


def test_lessons_have_text_hints_and_feedback() -> None:
    """Each lesson explains its rules section and each exercise has 2-3 layered hints and both feedbacks."""
    for lesson in LESSONS:
        assert lesson.title and lesson.summary and len(lesson.body) > 200
        assert lesson.exercises
        for ex in lesson.exercises:
            assert 2 <= len(ex.hints) <= 3, ex.id
            assert all(isinstance(h, str) and h for h in ex.hints)
            assert ex.success and ex.wrong and ex.prompt
            assert ex.solution, f"{lesson.id}/{ex.id} has no solution to check it by"
            assert ex.line > 1


def test_check_command_reports_all_good(capsys: pytest.CaptureFixture[str]) -> None:
    """`academy lessons check` on the built-in lessons prints a summary and returns 0."""
    assert check_command([]) == 0
    out = capsys.readouterr().out
    files = [f for f in LESSONS_DIR.rglob("*.md") if f.name.lower() != "readme.md"]   # every game's lessons
    assert "all good" in out and f"{len(files)} lesson files" in out


def test_load_lesson_keeps_front_matter_fields() -> None:
    """Fortifying (conquest.md, Phase 3): the lesson's fields come through as written."""
    lesson = load_lesson(LESSONS_DIR / "conquest" / "fortifying.md")
    assert (lesson.id, lesson.game, lesson.section) == ("fortifying", "conquest", "fortifying")
    ex = lesson.exercise("all-but-one")
    assert ex.goal == {"armies": {"Quebec": 6}}
    assert ex.seed == 1 and ex.max_actions == 1
    assert ex.solution == ("fortify Alberta -> Quebec 5",)
    assert lesson.start_position(ex) == lesson.position
    with pytest.raises(KeyError, match="all-but-one"):
        lesson.exercise("nope")


# ============================================================================ every exercise
@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_solution_solves_the_exercise(lesson: Lesson, ex: Exercise) -> None:
    """The stored solution, played on the live board, ends with "solved" (rule section in the test id)."""
    attempt, feedback = play(lesson, ex, list(ex.solution))
    assert [fb.status for fb in feedback[:-1]] == ["continue"] * (len(feedback) - 1)
    assert feedback[-1].status == "solved"
    assert ex.success.split(".")[0] in feedback[-1].message
    assert feedback[-1].events, "a solved step reports the engine's events"
    assert attempt.solved and attempt.over
    assert attempt.act(ex.solution[0]).status == "illegal"  # the try is over until reset


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_wrong_but_legal_try_explains(lesson: Lesson, ex: Exercise) -> None:
    """A legal try that misses the goal ends "wrong" with the teacher's text and the reason (section in id)."""
    commands, status = WRONG_TRIES[f"{lesson.section}/{ex.id}"]
    attempt, feedback = play(lesson, ex, commands)
    assert all(fb.status in ("continue", "wrong") for fb in feedback), [fb.message for fb in feedback]
    for fb in feedback[:-1]:
        assert fb.status == "continue" and fb.message and "Not there yet" in fb.message
    assert feedback[-1].status == status
    assert ex.wrong.split(".")[0] in feedback[-1].message
    assert not attempt.solved


def test_every_exercise_has_a_wrong_try() -> None:
    """The wrong-try table covers every exercise of every lesson."""
    assert set(WRONG_TRIES) == set(IDS)


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_illegal_try_is_refused_and_changes_nothing(lesson: Lesson, ex: Exercise) -> None:
    """An action of the wrong phase is refused with the engine's message (A turn: phases go in order)."""
    attempt = Attempt(lesson, ex)
    before = attempt.state.to_json()
    command = "end attack" if attempt.state.phase == "fortify" else "end turn"
    fb = attempt.act(command)
    assert fb.status == "illegal"
    assert "refused" in fb.message and fb.events == ()
    assert attempt.state.to_json() == before
    assert attempt.actions == [] and attempt.status == "ready"
    fb = attempt.act("place 3 Atlantis")
    assert fb.status == "illegal" and "Atlantis" in fb.message
    assert attempt.state.to_json() == before


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_hints_come_in_order_then_none(lesson: Lesson, ex: Exercise) -> None:
    """Hints are layered: idea, then rule, then the move; then there are none left."""
    attempt = Attempt(lesson, ex)
    shown = [attempt.hint() for _ in ex.hints]
    assert shown == list(ex.hints)
    assert attempt.hint() is None
    assert attempt.hints_used == len(ex.hints)


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_reset_restores_the_start_position(lesson: Lesson, ex: Exercise) -> None:
    """Reset brings back the start position and counts a new try; a solved exercise stays solved."""
    attempt = Attempt(lesson, ex)
    start = attempt.state.to_json()
    for command in ex.solution:
        attempt.act(command)
    assert attempt.solved and attempt.state.to_json() != start
    attempt.reset()
    assert attempt.state.to_json() == start
    assert attempt.tries == 2 and attempt.actions == [] and attempt.status == "ready"
    assert attempt.solved
    # the same commands with the same seed give the same dice again
    feedback = [attempt.act(c) for c in ex.solution]
    assert feedback[-1].status == "solved"


DICE_CASES = [(lesson, ex) for lesson, ex in CASES if any(c.startswith("attack") for c in ex.solution)
              and any(c.startswith("move") for c in ex.solution)]


def policy_play(lesson: Lesson, ex: Exercise, seed: int) -> str:
    """Play the solution as a plan: repeat each attack until its target falls; move as many as allowed."""
    attempt = Attempt(lesson, dataclasses.replace(ex, seed=seed))
    status = "ready"
    for command in ex.solution:
        if command.startswith("attack"):
            while True:
                status = attempt.act(command).status
                if status != "continue" or attempt.state.phase == "occupy":
                    break
        elif command.startswith("move") and attempt.state.phase == "occupy":
            most = attempt.state.armies[attempt.state.occupy["src"]] - 1
            status = attempt.act(f"move {min(int(command.split()[1]), most)}").status
        else:
            status = attempt.act(command).status
        if status != "continue":
            break
    return status


@pytest.mark.parametrize(("lesson", "ex"), DICE_CASES, ids=[f"{lesson.section}/{ex.id}" for lesson, ex in DICE_CASES])
def test_dice_exercises_are_robust_to_the_dice(lesson: Lesson, ex: Exercise) -> None:
    """Attacking (conquest.md, Phase 2): with any reasonable dice the plan works; checked over 100 seeds."""
    results = [policy_play(lesson, ex, seed) for seed in range(1, 101)]
    assert results.count("solved") >= 97, results


# ============================================================================ a few rules, by section
def test_reinforcements_minimum_of_three() -> None:
    """Reinforcements (conquest.md, Phase 1), issue 15 (Lessons, exercises that state their own answer): the
    minimum exercise asks for the count that first beats the minimum of 3; 9, 10 or 11 territories do not
    (the old hint "remember the floor" pointed at the division, not at the minimum)."""
    lesson = lesson_named("reinforcements")
    ex = lesson.exercise("never-fewer-than-three")
    attempt, feedback = play(lesson, ex, list(ex.solution[:6]))          # three conquests: 11 territories
    assert [fb.status for fb in feedback] == ["continue"] * 6
    assert len(attempt.state.territories_of(0)) == 11
    assert conquest_goals.rules.reinforcement_breakdown(attempt.state, 0)[0] == 3    # still the minimum
    assert attempt.act(ex.solution[6]).status == "continue"
    assert attempt.act(ex.solution[7]).status == "solved"
    assert conquest_goals.rules.reinforcement_breakdown(attempt.state, 0)[0] == 4
    assert "floor" not in " ".join(ex.hints) and "fewer than 3" in ex.hints[1]


def test_cards_five_cards_force_a_trade() -> None:
    """Cards (conquest.md, Phase 1): with five cards you must trade before placing."""
    lesson = lesson_named("cards")
    attempt = Attempt(lesson, lesson.exercise("five-cards"))
    fb = attempt.act("place 3 Ukraine")
    assert fb.status == "illegal" and "must trade" in fb.message
    fb = attempt.act("trade Alaska, Peru, Argentina")
    assert fb.status == "continue" and "worth 15" in fb.message


def test_cards_bonus_territory_message() -> None:
    """Cards: the set with a card of your own territory puts 2 armies there; the why says so."""
    lesson = lesson_named("cards")
    attempt = Attempt(lesson, lesson.exercise("best-set"))
    fb = attempt.act("trade Alaska, Brazil, Ural")
    assert fb.status == "solved"
    assert "+2 armies on Alaska" in fb.message
    assert attempt.state.armies["alaska"] == 3


def test_attacking_from_one_army_is_refused() -> None:
    """Attacking (conquest.md, Phase 2): a territory with 1 army cannot attack."""
    lesson = lesson_named("attacking")
    attempt = Attempt(lesson, lesson.exercise("who-can-attack"))
    fb = attempt.act("attack Ukraine -> Ural 1")
    assert fb.status == "illegal" and "at least 2" in fb.message


def test_fortifying_needs_a_path_of_your_own() -> None:
    """Fortification (conquest.md, Phase 3): no move through an enemy territory."""
    lesson = lesson_named("fortifying")
    attempt = Attempt(lesson, lesson.exercise("find-the-path"))
    fb = attempt.act("fortify Alaska -> Quebec 4")
    assert fb.status == "illegal" and "path" in fb.message


def test_conquering_reports_the_dice_and_why() -> None:
    """Conquering a Territory (conquest.md): the feedback shows the roll, each comparison, the conquest."""
    lesson = lesson_named("conquering")
    attempt = Attempt(lesson, lesson.exercise("move-in-strong"))
    fb = attempt.act("attack Ukraine -> Ural 3")
    kinds = [e.kind for e in fb.events]
    assert kinds[:2] == ["attack", "roll"]
    assert "beats" in fb.message or "loses to" in fb.message or "ties" in fb.message
    assert fb.status == "continue"
    fb = attempt.act("move 1")
    assert fb.status == "illegal" and "move between 3" in fb.message


def test_taking_a_card_only_one_per_turn() -> None:
    """Taking a Card (conquest.md): two conquests still earn exactly one card."""
    lesson = lesson_named("taking-a-card")
    ex = lesson.exercise("one-card-only")
    attempt, feedback = play(lesson, ex, list(ex.solution))
    assert feedback[-1].status == "solved"
    assert len(attempt.state.hands[0]) == 2  # Peru, plus the one card drawn


def test_eliminating_forces_the_trade() -> None:
    """Eliminating a Player (conquest.md): six cards after a knock-out must be traded down at once."""
    lesson = lesson_named("eliminating")
    ex = lesson.exercise("take-the-cards")
    attempt, _ = play(lesson, ex, list(ex.solution[:2]))
    assert attempt.state.phase == "cashout" and len(attempt.state.hands[0]) == 6
    assert attempt.act("end attack").status == "illegal"


def test_setup_neutral_army_goes_on_a_neutral_territory() -> None:
    """Set-up, two players (rulebook "setup"): after 2 own armies the third is neutral, on a neutral territory."""
    lesson = lesson_named("setup")
    attempt = Attempt(lesson, lesson.exercise("two-and-one"))
    assert attempt.act("place 2 Ukraine").status == "continue"
    fb = attempt.act("place 1 Egypt")
    assert fb.status == "illegal" and "neutral" in fb.message
    assert attempt.act("place 1 Siberia").status == "solved"


def test_out_of_actions_counts_as_wrong() -> None:
    """An exercise allows max_actions learner actions; using them up without the goal is "wrong"."""
    lesson = lesson_named("continent-bonuses")
    ex = dataclasses.replace(lesson.exercise("finish-south-america"), max_actions=1)
    fb = Attempt(lesson, ex).act("attack Peru -> Brazil 1")
    assert fb.status == "wrong" and "last action" in fb.message


# ============================================================================ the goal vocabulary
POSITION = ("Red to move, attack | Red: Ukraine 10, Siam 3, Indonesia 1, New Guinea 1, Western Australia 1 "
            "| Blue: Ural 1, Eastern Australia 1 | rest: Blue 1 | Red cards: Peru")


def verdict(goal: dict, commands: list[str] = (), position: str = POSITION) -> str:
    state = start_state(position, seed=4)
    start = state.clone()
    compiled = compile_goal(goal, state)
    actions, events = [], []
    for c in commands:
        action = state.game.parse_action(c, state)
        events += state.play(action)
        actions.append(action)
    return compiled.evaluate(Progress(start, state, 0, actions, events)).status


def test_goal_vocabulary_reads_names_with_the_engine_index() -> None:
    """Goal names go through the engine's name index: aliases and any case work."""
    state = start_state(POSITION)
    assert compile_goal({"owns": "ural"}, state).text == "hold Ural"
    assert compile_goal({"armies": {"Russia": 12}}, state).text == "have 12 armies or more on Ukraine"
    assert compile_goal({"owns_continent": "australia"}, state).text == "hold all of Australia"
    with pytest.raises(GoalError, match="Did you mean Ural") as err:
        compile_goal({"all": [{"owns": "Uarl"}]}, state)
    assert err.value.path == ("all", 0, "owns")
    with pytest.raises(GoalError, match="unknown goal key 'own'.*did you mean 'owns'"):
        compile_goal({"own": "Ural"}, state)
    with pytest.raises(GoalError, match="unknown event kind"):
        compile_goal({"event": "conquest"}, state)


def test_goal_verdicts_follow_the_turn() -> None:
    """A turn (rulebook "turn"): goals of a phase are lost once that phase is over."""
    assert verdict({"owns": "Ural"}) == "open"
    assert verdict({"owns": "Ural"}, ["attack Ukraine -> Ural 3"]) == "open"  # armies not moved in yet
    assert verdict({"owns": "Ural"}, ["attack Ukraine -> Ural 3", "move 3"]) == "met"
    assert verdict({"owns": "Ural"}, ["end attack"]) == "lost"
    assert verdict({"owns_continent": "Australia"}) == "open"
    assert verdict({"event": {"kind": "conquer", "territory": "Ural"}}, ["attack Ukraine -> Ural 3"]) == "met"
    assert verdict({"moved_in": {"Ural": 5}}, ["attack Ukraine -> Ural 3", "move 3"]) == "lost"
    assert verdict({"phase": "fortify"}, ["end attack"]) == "met"
    assert verdict({"action": "end attack"}, ["end attack"]) == "met"
    assert verdict({"any": [{"owns": "Ural"}, {"phase": "fortify"}]}, ["end attack"]) == "met"
    assert verdict({"cards_at_least": 2}, ["attack Ukraine -> Ural 3", "move 3", "end attack"]) == "met"
    assert verdict({"turn_over": True}, ["end attack", "end turn"]) == "met"
    assert verdict({"sets_traded": 1}) == "open"


def test_start_state_new_game_and_errors() -> None:
    """Set-up (rulebook "setup"): 'new game' positions start a fresh game; bad ones raise RulesError."""
    state = start_state("new game, 3 players, claim", seed=3)
    assert state.phase == "claim" and state.to_move() == 0
    with pytest.raises(ValueError, match="not a new-game option"):
        start_state("new game, 3 players, chess")
    assert conquest_goals.next_step(state) == "Claim a territory nobody holds yet."


def test_load_lessons_reports_bad_extra_files(tmp_path) -> None:
    """A bad file in an extra folder is reported, not raised, and the good lessons still load."""
    (tmp_path / "broken.md").write_text("no front matter\n", encoding="utf-8")
    lessons, problems = load_lessons("conquest", extra_dirs=[tmp_path])
    assert [lesson.id for lesson in lessons] == [lesson.id for lesson in LESSONS]
    assert len(problems) == 1 and isinstance(problems[0], LessonError)
    assert problems[0].file == str(tmp_path / "broken.md") and problems[0].line == 1
