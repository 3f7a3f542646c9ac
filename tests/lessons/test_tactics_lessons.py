"""The built-in Tactics lessons load, and every exercise plays as the rules say (lessons/tactics/*.md).

Each exercise is tied to a section of the Tactics Rules page (academy/rulebook/tactics.md, from
tactics.md); the parametrised tests carry that section in their id. Luck is off in every lesson
but the one about luck, so damage is exact; there the wrong answer can't win with any roll.
"""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
import yaml

from academy.games.tactics.goals import GOAL_KEYS, compile_goal, start_state
from academy.lessons import GOAL_MODULES, LESSONS_DIR, Attempt, check_path, load_lessons
from academy.lessons.cli import check_command
from academy.rulebook import load_rulebook

LESSONS, PROBLEMS = load_lessons("tactics")
CASES = [(lesson, ex) for lesson in LESSONS for ex in lesson.exercises]
IDS = [f"{lesson.section}/{lesson.id}/{ex.id}" for lesson, ex in CASES]
GUIDE = (LESSONS_DIR / "README.md").read_text(encoding="utf-8")

#: a legal try that misses each exercise's goal
WRONG_TRIES: dict[str, list[str]] = {
    "turns-and-days/turns/every-unit-once": ["infantry D3 -> F3 wait", "end turn"],
    "turns-and-days/turns/payday": ["infantry D3 wait"],
    "movement/movement/take-the-road": ["recon C3 -> H3 wait"],
    "movement/movement/through-a-friend": ["tank C3 -> C4 wait"],
    "terrain/terrain/pick-the-open-target": ["tank F8 attack E8"],
    "combat/combat/the-healthy-gun": ["tank G9 attack G8"],
    "combat/combat/a-hair-short": ["tank F8 attack E8"],
    "combat/counterattacks/heavy-hit-first": ["infantry G9 attack G8", "tank F8 attack G8"],
    "damage-chart/damage-chart/air-defence": ["tank H8 attack G8"],
    "combat/indirect-fire/from-a-distance": ["tank F9 -> G9 attack G8"],
    "combat/indirect-fire/two-guns-two-targets": ["rockets D9 attack F8", "end turn"],
    "repair-fuel-ammo/ammo/rearm-then-fire": ["apc D9 -> F9 supply", "mech F8 attack F7"],
    "luck/luck/a-sure-kill": ["infantry G9 attack G8"],
    "capturing/capturing/start-the-capture": ["infantry J4 -> J3 capture"],
    "capturing/capturing/finish-it": ["infantry J3 -> I3 wait"],
    "production/production/buy-a-tank": ["build infantry at C2"],
    "production/production/save-up": ["build apc at C2", "end turn"],
    "repair-fuel-ammo/repairs/back-to-the-city": ["tank D3 -> D2 wait", "end turn"],
    "repair-fuel-ammo/repairs/fly-home": ["transport_copter E3 -> C3 wait", "end turn"],
    "transports/transports/all-aboard": ["infantry C3 -> D3 wait"],
    "transports/transports/drop-at-the-city": ["apc D2 -> G2 unload infantry G1"],
    "transports/transports/find-the-beach": ["lander M2 -> O3 unload tank P3"],
    "transports/transports/over-the-water": ["transport_copter I13 -> D13 unload infantry D12"],
    "fog/fog/check-the-forest": ["infantry G3 -> G4 wait"],
    "fog/fog/climb-to-see": ["infantry D3 -> F4 wait"],
    "fog/fog/scout-first": ["tank C3 -> G3 wait", "end turn"],
    "fog/fog/send-the-scout": ["tank D2 -> H4 wait"],
    "commanders/commanders/field-hospital": ["end turn"],
    "commanders/commanders/forward-march": ["tank C3 -> G3 wait", "power"],
    "commanders/commanders/the-extra-tenth": ["tank F8 attack G8", "power"],
    "commanders/commanders/squall-then-fire": ["tank F8 attack G8", "power"],
    "commanders/commanders/the-wrong-gun": ["artillery E8 attack G8"],
    "commanders/commanders/heal-then-hit": ["tank F8 attack G8", "power"],
    "weather/weather/rain-on-the-guns": ["artillery E8 attack G8"],
    "options/options/rich-income": ["infantry B3 -> B4 wait", "end turn"],
    "winning/winning/take-the-hq": ["tank H8 -> J8 attack J9"],
    "winning/winning/last-unit": ["infantry I10 -> J10 attack J9"],
}

#: an action the rules refuse in an exercise's start position, and words of the engine's reason
ILLEGAL_TRIES: dict[str, tuple[str, str]] = {
    "movement/movement/take-the-road": ("recon C3 -> I3 wait", "8 movement points"),
    "movement/movement/through-a-friend": ("tank C3 -> C5 wait", "can't stop on them"),
    "combat/indirect-fire/from-a-distance": ("artillery E8 -> E7 attack G8", "can't fire after moving"),
    "combat/indirect-fire/two-guns-two-targets": ("artillery D7 attack G9", "fires at 2-3 tiles"),
    "repair-fuel-ammo/ammo/rearm-then-fire": ("mech F8 attack G8", "out of ammo"),
    "damage-chart/damage-chart/air-defence": ("artillery E7 attack G8", "dash in the damage chart"),
    "production/production/save-up": ("build tank at C2", "costs 7,000"),
    "transports/transports/drop-at-the-city": ("apc D2 -> H2 unload infantry J2", "can't be dropped"),
    "transports/transports/find-the-beach": ("lander M2 -> P2 unload infantry P3", "only from shoal or port"),
    "capturing/capturing/start-the-capture": ("infantry I3 -> J3 capture J4", "nothing follows"),
    "winning/winning/take-the-hq": ("tank H8 -> J8 capture", "Infantry and Mech"),
    "commanders/commanders/forward-march": ("tank C3 -> H4 wait", "6 movement points"),
}


def case(key: str):
    return next((lesson, ex) for (lesson, ex), i in zip(CASES, IDS, strict=True) if i == key)


def play(attempt: Attempt, commands: list[str]):
    """Play commands until the try ends; the last feedback."""
    fb = None
    for command in commands:
        fb = attempt.act(command)
        assert fb.status != "illegal", fb.message
        if attempt.over:
            break
    return fb


def test_every_lesson_loads_without_problems():
    """Every file in lessons/tactics/ loads and `academy lessons check lessons/tactics` finds nothing."""
    assert PROBLEMS == []
    assert check_path(LESSONS_DIR / "tactics") == []
    assert check_command([str(LESSONS_DIR / "tactics")]) == 0
    assert GOAL_MODULES["tactics"] == "academy.games.tactics.goals"


def test_the_lessons_cover_every_section_of_the_rules():
    """tactics.md: Winning, Turns and days, Production, Capturing, Movement, Terrain, Combat (the formula,
    counterattacks, indirect fire), Luck, Damage chart, Repair, fuel and ammo (ammo, repairs), Transports,
    Commanders, Fog, Weather, Game options: each has a lesson, in the order of a course."""
    assert set(lesson.section for lesson in LESSONS) == set(load_rulebook("tactics").section_ids)
    assert [lesson.id for lesson in LESSONS] == [
        "turns", "movement", "terrain", "combat", "counterattacks", "damage-chart", "indirect-fire", "ammo",
        "luck", "capturing", "production", "repairs", "transports", "fog", "commanders", "weather", "options",
        "winning"]
    assert [lesson.order for lesson in LESSONS] == list(range(1, 19))


def test_lessons_have_text_hints_feedback_and_a_solution():
    for lesson in LESSONS:
        assert lesson.title and lesson.summary and len(lesson.body) > 300, lesson.id
        assert 1 <= len(lesson.exercises) <= 6, lesson.id
        for ex in lesson.exercises:
            assert len(ex.hints) == 3, ex.id
            assert ex.success and ex.wrong and ex.prompt
            assert ex.solution and len(ex.solution) <= ex.max_actions, ex.id
            assert all(step in ex.hints[-1] for step in ex.solution), ex.id


def test_luck_is_off_except_in_the_luck_lesson():
    """Damage is exact in every exercise, so the verdict never depends on a roll; the luck lesson turns luck on."""
    for lesson, ex in CASES:
        state = Attempt(lesson, ex).state
        assert state.game.options["luck"] is (lesson.id == "luck"), lesson.id


def test_positions_are_small():
    """A lesson board shows a few units: at most 4 of each army."""
    for lesson, ex in CASES:
        state = Attempt(lesson, ex).state
        for player in range(state.game.num_players):
            assert 1 <= state.unit_count(player) <= 4, (lesson.id, ex.id)


def test_every_exercise_has_a_wrong_try():
    assert sorted(WRONG_TRIES) == sorted(IDS)


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_the_solution_solves_the_exercise(lesson, ex):
    attempt = Attempt(lesson, ex)
    statuses = [attempt.act(step).status for step in ex.solution]
    assert statuses[-1] == "solved" and "illegal" not in statuses, statuses
    assert attempt.solved and ex.success in attempt.history[-1].message


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_a_wrong_try_gets_the_lessons_wrong_text(lesson, ex):
    attempt = Attempt(lesson, ex)
    fb = play(attempt, WRONG_TRIES[f"{lesson.section}/{lesson.id}/{ex.id}"])
    assert fb is not None and fb.status == "wrong", fb.message if fb else None
    assert ex.wrong in fb.message and not attempt.solved and attempt.over


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=IDS)
def test_a_reset_after_a_wrong_try_can_still_solve(lesson, ex):
    attempt = Attempt(lesson, ex)
    play(attempt, WRONG_TRIES[f"{lesson.section}/{lesson.id}/{ex.id}"])
    attempt.reset()
    assert attempt.tries == 2 and attempt.status == "ready"
    assert [attempt.act(step).status for step in ex.solution][-1] == "solved"


def test_the_luck_lesson_is_judged_the_same_whatever_the_rolls():
    """luck.md: with luck on, the tank's worst roll destroys the mech and the infantry's best roll can't."""
    lesson, ex = case("luck/luck/a-sure-kill")
    for seed in range(1, 13):
        right = Attempt(lesson, replace(ex, seed=seed))
        assert right.act(ex.solution[0]).status == "solved", seed
        wrong = Attempt(lesson, replace(ex, seed=seed))
        assert wrong.act(WRONG_TRIES["luck/luck/a-sure-kill"][0]).status == "wrong", seed


def test_the_counter_goal_is_lost_at_the_first_heavy_counter():
    """counterattacks.md: the try ends at once when the infantry draws the full mech's counter."""
    lesson, ex = case("combat/counterattacks/heavy-hit-first")
    attempt = Attempt(lesson, ex)
    fb = attempt.act("infantry G9 attack G8")
    assert fb.status == "wrong" and "took 39 health points" in fb.message


def test_the_tank_sent_first_is_ambushed():
    """fog.md, tactics.md "Fog of war": the tank's move into the hidden infantry stops on E3, its turn over."""
    lesson, ex = case("fog/fog/scout-first")
    attempt = Attempt(lesson, ex)
    fb = attempt.act("tank C3 -> G3 wait")
    assert fb.status == "continue" and "Ambush!" in fb.message and "on E3" in fb.message
    assert attempt.act("end turn").status == "wrong"


def test_damage_is_rounded_up_only_from_95_hundredths():
    """combat.md, tactics.md "Combat and damage": the mech's 40.95 counts as 41 and destroys the 41-health
    infantry; the tank's 40.50 counts as 40 and leaves it at 1 health."""
    lesson, ex = case("combat/combat/a-hair-short")
    attempt = Attempt(lesson, ex)
    attempt.act("tank F8 attack E8")
    assert [e.data["damage"] for e in attempt.events if e.kind == "attack"] == [40]
    assert attempt.state.units[(4, 7)].health == 1
    attempt.reset()
    attempt.act("mech D8 attack E8")
    assert [e.data["damage"] for e in attempt.events if e.kind == "attack"] == [41]
    assert (4, 7) not in attempt.state.units


def test_a_power_adds_a_tenth_to_the_attack():
    """commanders.md, tactics.md "Commander powers": Vanguard's tank hits the 64-health tank for 61 at 120%
    and for 66 with Forward March running (130%)."""
    lesson, ex = case("commanders/commanders/the-extra-tenth")
    attempt = Attempt(lesson, ex)
    attempt.act("tank F8 attack G8")
    assert [e.data["damage"] for e in attempt.events if e.kind == "attack"] == [61]
    attempt.reset()
    play(attempt, ex.solution)
    assert [e.data["damage"] for e in attempt.events if e.kind == "attack"] == [66]


def test_tempests_squall_weakens_every_enemy_before_the_shot():
    """commanders.md, tactics.md "Commander powers": Squall takes 1 HP off both blue units; the tank on G8,
    down to 60 health, then takes 61 from the hit at 110%. Alone, the hit deals 55."""
    lesson, ex = case("commanders/commanders/squall-then-fire")
    attempt = Attempt(lesson, ex)
    attempt.act("tank F8 attack G8")
    assert [e.data["damage"] for e in attempt.events if e.kind == "attack"] == [55]
    attempt.reset()
    attempt.act("power")
    assert attempt.state.units[(6, 7)].health == 60 and attempt.state.units[(9, 9)].health == 90
    attempt.act("tank F8 attack G8")
    assert [e.data["damage"] for e in attempt.events if e.kind == "attack"] == [61] and attempt.solved


def test_upkeep_lessons_run_your_next_upkeep():
    """turns.md, repairs.md: ending the turn lets Blue pass and runs Red's upkeep (income, repairs, fuel)."""
    lesson, ex = case("repair-fuel-ammo/repairs/fly-home")
    attempt = Attempt(lesson, ex)
    attempt.act(ex.solution[0])
    fb = attempt.act("end turn")
    assert fb.status == "solved"
    assert "Blue ends the turn" in fb.message and "refuelled" in fb.message
    assert attempt.state.to_move() == attempt.learner and attempt.state.day == 4


@pytest.mark.parametrize("key", sorted(ILLEGAL_TRIES))
def test_an_illegal_action_is_refused_and_changes_nothing(key):
    lesson, ex = case(key)
    attempt = Attempt(lesson, ex)
    before = attempt.state.to_json()
    command, words = ILLEGAL_TRIES[key]
    fb = attempt.act(command)
    assert fb.status == "illegal" and words in fb.message, fb.message
    assert attempt.state.to_json() == before and attempt.actions == [] and attempt.status == "ready"
    assert [attempt.act(step).status for step in ex.solution][-1] == "solved"   # the try goes on


def test_the_guide_documents_the_tactics_position_and_goals():
    assert "## Writing a position (Tactics)" in GUIDE and "## Goals (Tactics)" in GUIDE
    for key in GOAL_KEYS:
        assert f"`{key}`" in GUIDE, key


def test_every_tactics_goal_example_in_the_guide_compiles():
    state = start_state("fog: on | commanders: red mender | river_crossing day 1 red | red 5000: tank E2, "
                        "infantry C3, apc D4, recon G3 hp5 | blue 0: tank G5, infantry F7, tank I4 | capture: H1 12")
    table = GUIDE[GUIDE.index("## Goals (Tactics)"):]
    table = table[table.index("| key | met when | example |"):]
    table = table[:table.index("\n\n")]
    examples = re.findall(r"`(\{[^`]*\})`", table)
    assert len(examples) >= len(GOAL_KEYS) - 1
    for example in examples:
        compile_goal(yaml.safe_load(example), state)


def test_the_nudge_names_a_moved_unit_by_where_it_came_from():
    """Lesson 12 (Repair and fuel): after the tank moved from D3 to B3 the feedback no longer calls it
    "the Tank on D3"."""
    lesson = next(l for l in LESSONS if l.id == "repairs")
    attempt = Attempt(lesson, lesson.exercises[0])
    fb = attempt.act("tank D3 -> B3 wait")
    assert fb.status == "continue" and "Tank on D3" not in fb.message
    assert "your Tank from D3" in fb.message
