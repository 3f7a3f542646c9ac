"""The teachers' guide (lessons/README.md): its example lessons, one per game, work and it documents every field and
goal key."""
from __future__ import annotations

import re

import pytest

from academy.games.conquest.goals import EVENT_KINDS, GOAL_KEYS
from academy.lessons import LESSONS_DIR, Attempt, check_path, load_lesson, parse_lesson
from academy.lessons.loader import EXERCISE_FIELDS, LESSON_FIELDS

GUIDE = LESSONS_DIR / "README.md"
TEXT = GUIDE.read_text(encoding="utf-8")


#: the games that have lessons, and so one complete example each in the guide
GAMES_WITH_LESSONS = {"conquest", "diplomacy", "fronts", "game_of_war", "tactics"}

#: a legal try at each example that misses its goal: (exercise id, action)
WRONG_TRIES: dict[str, tuple[str, str]] = {
    "conquest": ("close-the-door", "fortify Argentina -> Peru 6"),
    "game_of_war": ("bring-a-friend", "N-I1 attacks S-I1"),
    "fronts": ("converge", "4 infantry Highcrag -> Eastmere"),
    "tactics": ("finish-the-infantry", "infantry D3 -> E3 attack F3"),
    "diplomacy": ("two-against-one", "A ARM - SEV"),
}


def example_blocks() -> list[str]:
    """The complete example lessons: the ```markdown fenced blocks of the guide."""
    return re.findall(r"^```markdown\n(.*?)^```$", TEXT, re.MULTILINE | re.DOTALL)


def block_game(block: str) -> str:
    found = re.search(r"^game: *(\S+) *$", block, re.MULTILINE)
    assert found, "an example lesson without a game: field"
    return found.group(1)


def examples() -> dict[str, str]:
    """The example lesson of each game, by game."""
    return {block_game(block): block for block in example_blocks()}


def example_lesson(game: str = "conquest") -> str:
    return examples()[game]


def test_the_guide_holds_one_example_per_game_with_lessons():
    from academy.lessons import GOAL_MODULES
    games = [block_game(block) for block in example_blocks()]
    assert sorted(games) == sorted(set(games)), f"more than one example for a game: {games}"
    assert set(games) == GAMES_WITH_LESSONS == set(GOAL_MODULES)
    assert set(WRONG_TRIES) == GAMES_WITH_LESSONS


def test_each_example_sits_under_its_games_heading():
    from academy.games import catalog_entry
    part = TEXT[TEXT.index("## Complete examples, one per game"):]
    for game, block in examples().items():
        heading = f"\n### {catalog_entry(game).title}\n"
        assert heading in part, game
        section = part[part.index(heading) + len(heading):]
        section = section.split("\n### ")[0]
        assert block in section, f"the {game} example is not under its heading"
        assert "academy serve --lessons" in section[:section.index(block)], game


@pytest.mark.parametrize("game", sorted(GAMES_WITH_LESSONS))
def test_each_example_loads_from_a_file_and_each_solution_solves_it(game, tmp_path):
    folder = tmp_path / game
    folder.mkdir()
    file = folder / "example.md"
    file.write_text(example_lesson(game), encoding="utf-8")
    assert check_path(tmp_path) == []
    lesson = load_lesson(file)
    assert lesson.game == game and lesson.exercises and lesson.body.strip()
    for ex in lesson.exercises:
        assert ex.solution and 2 <= len(ex.hints) <= 3 and ex.success and ex.wrong, ex.id
        attempt = Attempt(lesson, ex)
        statuses = [attempt.act(step).status for step in ex.solution]
        assert statuses[-1] == "solved" and attempt.solved, (ex.id, statuses)


def test_the_conquest_example_shows_dice_and_two_exercises():
    lesson = parse_lesson(example_lesson("conquest"), "lessons/README.md (example)", lesson_id="breaking-out")
    assert len(lesson.exercises) >= 2
    assert any(ex.seed != 1 for ex in lesson.exercises), "the example should show a dice exercise with a seed"
    assert all(len(ex.hints) == 3 for ex in lesson.exercises)


@pytest.mark.parametrize("game", sorted(GAMES_WITH_LESSONS))
def test_each_example_is_new_not_a_copy_of_a_built_in_one(game):
    example = parse_lesson(example_lesson(game), "example", lesson_id="example")
    files = sorted((LESSONS_DIR / game).glob("*.md"))
    assert files, game
    for file in files:
        built_in = file.read_text(encoding="utf-8")
        assert example.title not in built_in and example.position not in built_in, file.name
        for ex in example.exercises:
            assert f"id: {ex.id}\n" not in built_in, (file.name, ex.id)
            if ex.position:
                assert ex.position not in built_in, (file.name, ex.id)


@pytest.mark.parametrize("game", sorted(GAMES_WITH_LESSONS))
def test_a_wrong_try_at_each_example_gets_the_teachers_wrong_text(game):
    lesson = parse_lesson(example_lesson(game), "example", lesson_id="example")
    exercise_id, action = WRONG_TRIES[game]
    ex = lesson.exercise(exercise_id)
    fb = Attempt(lesson, ex).act(action)
    assert fb.status == "wrong" and ex.wrong in fb.message, (game, fb.status, fb.message)


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
    """Every game with a goals module has its notation and goals in the guide, and the guide never says
    another game's notation is still to come (issue 20)."""
    from academy.games import catalog_entry
    from academy.lessons import GOAL_MODULES
    for game in GOAL_MODULES:
        title = catalog_entry(game).title
        assert f"## Writing a position ({title})" in TEXT and f"## Goals ({title})" in TEXT, game
    assert "will be added" not in TEXT and "lessons so far" not in TEXT
