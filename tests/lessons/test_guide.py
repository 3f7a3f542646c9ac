"""The teachers' guide (lessons/README.md): its example lesson works and it documents every field and goal key."""
from __future__ import annotations

import re

import pytest

from academy.games.conquest.goals import EVENT_KINDS, GOAL_KEYS
from academy.lessons import LESSONS_DIR, Attempt, check_path, parse_lesson
from academy.lessons.loader import EXERCISE_FIELDS, LESSON_FIELDS

GUIDE = LESSONS_DIR / "README.md"
TEXT = GUIDE.read_text(encoding="utf-8")


def example_lesson() -> str:
    """The one complete example lesson: the ```markdown fenced block of the guide."""
    blocks = re.findall(r"^```markdown\n(.*?)^```$", TEXT, re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1, "the guide should hold exactly one ```markdown block: the complete example lesson"
    return blocks[0]


def test_the_example_lesson_loads_and_each_solution_solves_it():
    lesson = parse_lesson(example_lesson(), "lessons/README.md (example)", lesson_id="breaking-out")
    assert lesson.game == "conquest" and len(lesson.exercises) >= 2
    assert any(ex.seed != 1 for ex in lesson.exercises), "the example should show a dice exercise with a seed"
    for ex in lesson.exercises:
        assert ex.solution and len(ex.hints) == 3, ex.id
        attempt = Attempt(lesson, ex)
        statuses = [attempt.act(step).status for step in ex.solution]
        assert statuses[-1] == "solved" and attempt.solved, (ex.id, statuses)


def test_the_example_lesson_is_new_not_a_copy_of_a_built_in_one():
    example = parse_lesson(example_lesson(), "example", lesson_id="example")
    for file in (LESSONS_DIR / "conquest").glob("*.md"):
        built_in = file.read_text(encoding="utf-8")
        assert example.title not in built_in and example.position not in built_in, file.name


def test_a_wrong_try_at_the_example_gets_the_teachers_wrong_text():
    lesson = parse_lesson(example_lesson(), "example", lesson_id="example")
    ex = lesson.exercise("close-the-door")
    fb = Attempt(lesson, ex).act("fortify Argentina -> Peru 6")
    assert fb.status == "wrong" and ex.wrong in fb.message


def test_the_loader_skips_the_guide(tmp_path):
    """README.md sits in lessons/ but is no lesson: a folder check does not read it."""
    (tmp_path / "README.md").write_text(TEXT, encoding="utf-8")
    assert check_path(tmp_path) == []
    assert check_path(LESSONS_DIR) == []


@pytest.mark.parametrize("name", sorted(set(LESSON_FIELDS) | set(EXERCISE_FIELDS)))
def test_every_front_matter_field_is_documented(name):
    """Each field the loader accepts has a row in the guide's field tables."""
    assert re.search(rf"^\| `{re.escape(name)}` \|", TEXT, re.MULTILINE), f"field {name!r} has no row in the guide"


def test_the_documented_fields_are_the_loaders_fields():
    """No field is documented that the loader would refuse."""
    tables = TEXT[TEXT.index("## Front-matter fields"):TEXT.index("### Writing text in YAML")]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", tables, re.MULTILINE))
    assert documented == set(LESSON_FIELDS) | set(EXERCISE_FIELDS)


@pytest.mark.parametrize("key", GOAL_KEYS)
def test_every_goal_key_is_documented_with_an_example(key):
    row = re.search(rf"^\| `{re.escape(key)}` \|(.*)$", TEXT, re.MULTILINE)
    assert row, f"goal key {key!r} has no row in the guide"
    assert re.search(rf"`\{{.*\b{re.escape(key)}:", row.group(1)), f"goal key {key!r} has no example"


def test_every_goal_example_compiles():
    """The examples in the goal table are goals the engine understands."""
    import yaml

    from academy.games.conquest.goals import compile_goal, start_state
    state = start_state("Red to move, attack | Red: Ukraine 10, Siam 2 | Blue: Ural 1 | Green: Siberia 2 "
                        "| rest: Blue 1")
    table = TEXT[TEXT.index("| key | met when | example |"):]
    table = table[:table.index("\n\n")]
    examples = re.findall(r"`(\{[^`]*\})`", table)
    assert len(examples) >= len(GOAL_KEYS)
    for example in examples:
        compile_goal(yaml.safe_load(example), state)


def test_every_event_kind_is_documented():
    for kind in EVENT_KINDS:
        assert f"`{kind}`" in TEXT, kind


def test_the_guide_covers_each_game_with_lessons():
    """Every game with a goals module has its notation and goals in the guide; while Conquest is the
    only one, the guide says so."""
    from academy.games import catalog_entry
    from academy.lessons import GOAL_MODULES
    for game in GOAL_MODULES:
        title = catalog_entry(game).title
        assert f"## Writing a position ({title})" in TEXT and f"## Goals ({title})" in TEXT, game
    if list(GOAL_MODULES) == ["conquest"]:
        assert "Conquest is the only game with lessons so far" in TEXT
