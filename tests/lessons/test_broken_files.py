"""Broken lesson files: every LessonError names the file and the line of the offending field.

The lesson used here teaches Reinforcements (conquest.md, Section 4, "Phase 1: Reinforcements"):
Red holds 2 territories, so gets the minimum of 3 armies.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from academy.core.errors import LessonError
from academy.lessons import check_path, load_lesson, load_lessons
from academy.lessons.cli import check_command

GOOD = """\
---
title: Reinforcements
game: conquest
section: reinforcements
order: 1
summary: Count your territories, divide by three.
position: "Red to move, reinforce | Red: Ukraine 3, Ural 1 | rest: Blue 1"
exercises:
  - id: stack-ukraine
    prompt: Put all your new armies on Ukraine.
    goal: {armies: {Ukraine: 6}}
    hints:
      - Look at Ukraine.
      - "Reinforcements: at least 3 armies."
      - place 3 Ukraine
    success: Well done.
    wrong: Not quite.
    solution: [place 3 Ukraine]
---
Red holds two territories and receives the minimum of three armies.
"""


def write(tmp_path: Path, text: str, name: str = "lesson.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, needle: str) -> int:
    """1-based line of the first line containing ``needle``."""
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


def broken(tmp_path: Path, old: str, new: str) -> tuple[Path, str]:
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    return write(tmp_path, text), text


def error_of(path: Path) -> LessonError:
    with pytest.raises(LessonError) as info:
        load_lesson(path)
    err = info.value
    assert err.file == str(path)
    assert str(err).startswith(f"{path}:{err.line}: ")
    return err


def test_the_good_file_loads(tmp_path: Path) -> None:
    """Reinforcements: the template itself is a valid lesson whose solution solves it."""
    lesson = load_lesson(write(tmp_path, GOOD))
    assert lesson.id == "lesson" and lesson.exercises[0].line == line_of(GOOD, "- id: stack-ukraine")
    assert lesson.exercises[0].hints[1] == "Reinforcements: at least 3 armies."
    assert lesson.body.startswith("Red holds two territories")


def test_bad_yaml_names_the_line(tmp_path: Path) -> None:
    """A YAML syntax error is reported at the line where YAML found it."""
    path, text = broken(tmp_path, "game: conquest", "game: conquest\n  order: 2")
    err = error_of(path)
    assert err.line == line_of(text, "  order: 2")
    assert "not valid YAML" in err.detail


def test_unclosed_flow_mapping(tmp_path: Path) -> None:
    """An unclosed {...} in a goal is a YAML error near the goal."""
    path, text = broken(tmp_path, "goal: {armies: {Ukraine: 6}}", "goal: {armies: {Ukraine: 6}")
    err = error_of(path)
    assert "not valid YAML" in err.detail
    assert line_of(text, "goal:") <= err.line <= line_of(text, "hints:")


def test_missing_title(tmp_path: Path) -> None:
    """A missing required field is reported at the start of the front matter."""
    path, _ = broken(tmp_path, "title: Reinforcements\n", "")
    err = error_of(path)
    assert err.line == 1 and "'title'" in err.detail


def test_unknown_field_suggests_the_right_one(tmp_path: Path) -> None:
    """A misspelled field is refused with a suggestion, at its own line."""
    path, text = broken(tmp_path, "summary:", "sumary:")
    err = error_of(path)
    assert err.line == line_of(text, "sumary:") and "did you mean 'summary'" in err.detail


def test_repeated_field(tmp_path: Path) -> None:
    """A field given twice is refused at the second one."""
    path, text = broken(tmp_path, "order: 1\n", "order: 1\norder: 2\n")
    err = error_of(path)
    assert err.line == line_of(text, "order: 2") and "twice" in err.detail


def test_unknown_game(tmp_path: Path) -> None:
    """The game must be in the engine registry."""
    path, text = broken(tmp_path, "game: conquest", "game: chess")
    err = error_of(path)
    assert err.line == line_of(text, "game: chess") and "unknown game 'chess'" in err.detail


def test_unknown_section(tmp_path: Path) -> None:
    """The section must be an id of the game's Rules page (here: reinforcement → reinforcements)."""
    path, text = broken(tmp_path, "section: reinforcements", "section: reinforcement")
    err = error_of(path)
    assert err.line == line_of(text, "section:")
    assert "unknown section 'reinforcement'" in err.detail and "did you mean 'reinforcements'" in err.detail


def test_bad_position_includes_the_engine_message(tmp_path: Path) -> None:
    """A position the engine cannot read: the engine's own message is in the error."""
    path, text = broken(tmp_path, "Red: Ukraine 3, Ural 1", "Red: Ukrane 3, Ural 1")
    err = error_of(path)
    assert err.line == line_of(text, "position:")
    assert "does not parse" in err.detail and "Did you mean Ukraine" in err.detail


def test_bad_exercise_position(tmp_path: Path) -> None:
    """An exercise's own position is checked too, at its own line."""
    path, text = broken(tmp_path, "    success: Well done.",
                        '    position: "Red to move, dance | rest: Blue 1"\n    success: Well done.')
    err = error_of(path)
    assert err.line == line_of(text, "dance") and "Phase 'dance'" in err.detail


def test_unknown_territory_in_goal(tmp_path: Path) -> None:
    """Goal names go through the engine's name index; an unknown one is refused at its line."""
    path, text = broken(tmp_path, "goal: {armies: {Ukraine: 6}}", "goal:\n      armies:\n        Ukrania: 6")
    err = error_of(path)
    assert err.line == line_of(text, "Ukrania") and "Ukrania" in err.detail and "Ukraine" in err.detail


def test_unknown_goal_key(tmp_path: Path) -> None:
    """A goal key outside the vocabulary is refused with a suggestion."""
    path, text = broken(tmp_path, "goal: {armies: {Ukraine: 6}}", "goal:\n      army: {Ukraine: 6}")
    err = error_of(path)
    assert err.line == line_of(text, "army:") and "did you mean 'armies'" in err.detail


def test_goal_already_true(tmp_path: Path) -> None:
    """Reinforcements: Ukraine already has 3 armies, so {armies: {Ukraine: 3}} is met before any move."""
    path, text = broken(tmp_path, "goal: {armies: {Ukraine: 6}}", "goal: {armies: {Ukraine: 3}}")
    err = error_of(path)
    assert err.line == line_of(text, "goal:") and "already met at the start" in err.detail


def test_hint_that_yaml_reads_as_a_mapping(tmp_path: Path) -> None:
    """Hints are text: an unquoted 'Rule: ...' would become a mapping, and is refused at its line."""
    path, text = broken(tmp_path, '      - "Reinforcements: at least 3 armies."',
                        "      - Reinforcements: at least 3 armies.")
    err = error_of(path)
    assert err.line == line_of(text, "- Reinforcements:") and "quotes" in err.detail


def test_hint_numbers_stay_text(tmp_path: Path) -> None:
    """A hint YAML would read as a number is kept as the text written."""
    path, _ = broken(tmp_path, "      - Look at Ukraine.", "      - 3.10")
    assert load_lesson(path).exercises[0].hints[0] == "3.10"


def test_missing_exercise_field(tmp_path: Path) -> None:
    """A missing field of an exercise is reported at the exercise's first line."""
    path, text = broken(tmp_path, "    wrong: Not quite.\n", "")
    err = error_of(path)
    assert err.line == line_of(text, "- id: stack-ukraine") and "'wrong'" in err.detail


def test_solution_step_refused(tmp_path: Path) -> None:
    """Reinforcements: 4 armies are more than the 3 Red receives, so the solution step is refused."""
    path, text = broken(tmp_path, "solution: [place 3 Ukraine]", "solution:\n      - place 4 Ukraine")
    err = error_of(path)
    assert err.line == line_of(text, "- place 4 Ukraine")
    assert "refused" in err.detail and "only 3" in err.detail


def test_solution_that_misses_the_goal(tmp_path: Path) -> None:
    """A solution step that ends the try without reaching the goal is reported at that step."""
    text = GOOD.replace("goal: {armies: {Ukraine: 6}}", "goal: {armies: {Ukraine: 6}, by_end_of: reinforce}")
    text = text.replace("solution: [place 3 Ukraine]", "solution:\n      - place 3 Ural")
    err = error_of(write(tmp_path, text))
    assert err.line == line_of(text, "- place 3 Ural") and "without reaching the goal" in err.detail


def test_solution_that_stops_short(tmp_path: Path) -> None:
    """A solution whose last step leaves the goal still open is reported at the solution."""
    path, text = broken(tmp_path, "solution: [place 3 Ukraine]", "solution: [place 1 Ukraine]")
    err = error_of(path)
    assert err.line == line_of(text, "solution:") and "ends before the goal is met" in err.detail


def test_no_front_matter_and_unclosed_front_matter(tmp_path: Path) -> None:
    """A lesson starts with '---' and closes its front matter with '---'."""
    err = error_of(write(tmp_path, "# Just Markdown\n", "plain.md"))
    assert err.line == 1
    err = error_of(write(tmp_path, GOOD.replace("---\nRed holds", "Red holds"), "open.md"))
    assert err.line == 1 and "never closed" in err.detail


def test_empty_body(tmp_path: Path) -> None:
    """A lesson needs text after its front matter."""
    text = GOOD.split("---\nRed holds")[0] + "---\n"
    err = error_of(write(tmp_path, text))
    assert err.line == text.count("\n") + 1 and "no text" in err.detail


def test_duplicate_exercise_id(tmp_path: Path) -> None:
    """Exercise ids are unique within a lesson."""
    ex = GOOD[GOOD.index("  - id:"):GOOD.index("---\nRed holds")]
    text = GOOD.replace("---\nRed holds", ex + "---\nRed holds")
    path = write(tmp_path, text)
    err = error_of(path)
    assert err.line == text.count("\n", 0, text.rindex("- id: stack-ukraine")) + 1 and "twice" in err.detail


def test_check_path_and_cli_report_every_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`academy lessons check PATH` prints file:line: message for each bad file, a summary, and returns 1."""
    write(tmp_path, GOOD, "good.md")
    bad = write(tmp_path, GOOD.replace("section: reinforcements", "section: nowhere"), "bad.md")
    problems = check_path(tmp_path)
    assert [(p.file, p.line) for p in problems] == [(str(bad), 4)]
    assert check_command([str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{bad}:4: unknown section 'nowhere'")
    assert out[-1] == "1 problem in 1 of 2 lesson files."
    assert check_command([str(tmp_path / "good.md")]) == 0
    assert check_command([str(tmp_path / "missing")]) == 1


def test_load_lessons_reports_instead_of_raising(tmp_path: Path) -> None:
    """load_lessons returns the good lessons and the problems of the bad ones."""
    folder = tmp_path / "conquest"
    folder.mkdir()
    write(folder, GOOD, "good.md")
    write(folder, GOOD.replace("order: 1", "order: first"), "bad.md")
    lessons, problems = load_lessons("conquest", extra_dirs=[tmp_path])
    assert "good" in [lesson.id for lesson in lessons]
    assert [(p.file, p.line) for p in problems] == [(str(folder / "bad.md"), 5)]


def test_yaml_mistakes_are_said_in_plain_words_with_the_quoting_hint(tmp_path: Path) -> None:
    """Issue 20, item 5: a YAML mistake is said in plain words, with the quoting hint, never PyYAML's text."""
    path, _ = broken(tmp_path, "    prompt: Put all your new armies on Ukraine.", "    prompt: Put them: on Ukraine.")
    err = error_of(path)
    assert "<block" not in err.detail and "while parsing" not in err.detail, err.detail
    assert "must be put in quotes" in err.detail
    path, _ = broken(tmp_path, "game: conquest", "game: conquest\n  order: 2")
    err = error_of(path)
    assert "indented more than the key above" in err.detail and "must be put in quotes" in err.detail, err.detail
    assert "<block" not in err.detail
