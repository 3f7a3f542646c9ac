"""Lessons written in the app (issue 20, item 1), without a browser: the goals every game shares (``plays``,
the move the teacher made; ``reaches``, the result it led to), the learner a position may have, drafts
written as lesson files and read back, a teacher's collection of files, and the goal vocabulary."""
from __future__ import annotations

import dataclasses

import pytest

from academy.core.errors import LessonError
from academy.lessons import Attempt, parse_lesson
from academy.lessons.collection import MAX_LESSON_BYTES, Collection, find_lesson, split_ref
from academy.lessons.exercise import learner_lines
from academy.lessons.recorded import result_line
from academy.lessons.vocabulary import goal_words
from academy.lessons.writer import ExerciseDraft, LessonDraft, draft_of, format_lesson, slug
from academy.ui.lessons_page import game_lessons

GAMES = ("conquest", "diplomacy", "fronts", "game_of_war", "tactics")


def _first_solved(game: str):
    for lesson in game_lessons(game)[0]:
        for ex in lesson.exercises:
            if ex.solution:
                return lesson, ex
    raise AssertionError(f"{game} has no exercise with a solution")


@pytest.mark.parametrize("game", GAMES)
def test_the_move_the_teacher_made_and_its_result_are_goals_in_every_game(game: str) -> None:
    lesson, ex = _first_solved(game)
    attempt = Attempt(lesson, ex)
    for command in ex.solution:
        attempt.act(command)
    moves = attempt.action_texts()                   # the teacher's move, in the game's notation
    line = result_line(attempt.goals, game, attempt.state)
    for goal in ({"plays": moves if len(moves) > 1 else moves[0]}, {"reaches": line}):
        exact = Attempt(lesson, dataclasses.replace(ex, goal=goal))
        statuses = [exact.act(m).status for m in moves]
        assert statuses[-1] == "solved", (goal, exact.history[-1].message)
    # another first move is not the move asked for: lost at once, and the answer is not given away
    other = Attempt(lesson, dataclasses.replace(ex, goal={"plays": moves}))
    assert moves[0] not in other.goal_text


def test_a_wrong_move_loses_plays_and_a_refused_one_is_reported_by_the_checker() -> None:
    lesson = next(l for l in game_lessons("conquest")[0] if l.id == "attacking")
    ex = dataclasses.replace(lesson.exercises[0], goal={"plays": "attack Ukraine -> Ural 3"}, solution=())
    attempt = Attempt(lesson, ex)
    fb = attempt.act("attack Ukraine -> Ural 2")
    assert fb.status == "wrong" and "not the move this exercise asks for" in fb.message
    assert "attack Ukraine -> Ural 3" not in fb.message
    draft = draft_of(lesson)
    draft.exercises[0].goal, draft.exercises[0].solution = {"plays": "attack Ural -> Ukraine 3"}, []
    with pytest.raises(LessonError, match="move 1 of plays, 'attack Ural -> Ukraine 3', is refused") as caught:
        parse_lesson(format_lesson(draft), "mine.md")
    assert caught.value.line and caught.value.file == "mine.md"
    start = result_line(attempt.goals, "conquest", Attempt(lesson, ex).state)
    draft.exercises[0].goal = {"reaches": start}
    with pytest.raises(LessonError, match="already met at the start"):
        parse_lesson(format_lesson(draft), "mine.md")


def test_who_plays_is_the_side_to_move_or_a_chosen_power() -> None:
    assert learner_lines("conquest", "Red to move, attack | Red: Ukraine 5 | rest: Blue 1") == {
        "Red": "Red to move, attack | Red: Ukraine 5 | rest: Blue 1"}
    lines = learner_lines("diplomacy", "France to order, S1901M | France: A PAR | Germany: A MUN | "
                                       "Germany orders: A MUN - BUR")
    assert lines == {"France": "France to order, S1901M | France: A PAR | Germany: A MUN | Germany orders: A MUN - BUR",
                     "Germany": "Germany to order, S1901M | France: A PAR | Germany: A MUN"}
    lines = learner_lines("fronts", "Red to order; Red 10: 2 infantry Millbrook; Blue 10: 2 infantry Westmere; "
                                    "neutral: none; Blue orders: 2 infantry Westmere -> Millbrook")
    assert set(lines) == {"Red", "Blue"}
    assert lines["Blue"].startswith("Blue to order; ") and "Blue orders" not in lines["Blue"]


@pytest.mark.parametrize("game", GAMES)
def test_every_built_in_lesson_is_written_back_as_it_was_read(game: str) -> None:
    for lesson in game_lessons(game)[0]:
        again = parse_lesson(format_lesson(draft_of(lesson)), "x.md", lesson_id=lesson.id)
        assert draft_of(again) == draft_of(lesson), lesson.id


def test_a_teachers_texts_need_no_quotes_and_stay_as_typed() -> None:
    odd = 'Attack: then "fortify" #1 — yes: no? {x} [y] *z & @w %v'
    draft = LessonDraft(title=odd, game="conquest", section="attacking", order=1, summary="yes",
                        position="Red to move, attack | Red: Ukraine 5 | Blue: Ural 1 | rest: Blue 1",
                        body="<script>alert(1)</script>**Bold**",
                        exercises=[ExerciseDraft(id="a", prompt=odd, goal={"owns": "Ural"}, hints=["no", "3"],
                                                 success="on\ntwo lines", wrong="1e3")])
    lesson = parse_lesson(format_lesson(draft), "x.md")
    assert (lesson.title, lesson.summary, lesson.exercises[0].prompt) == (odd, "yes", odd)
    assert lesson.exercises[0].hints == ("no", "3") and lesson.exercises[0].success == "on\ntwo lines"
    from academy.lessons.html import lesson_html
    assert "<script>" not in lesson_html(lesson.body)        # the body is sanitized where it is shown


def test_a_collection_checks_saves_renames_and_keeps_deleted_files(tmp_path) -> None:
    attacking = next(l for l in game_lessons("conquest")[0] if l.id == "attacking")
    text = format_lesson(draft_of(attacking))
    mine = Collection(tmp_path, "abcdefgh23")
    saved = mine.save(text)
    assert saved.id == "abcdefgh23/attacking-and-the-dice" == mine.ref("attacking-and-the-dice")
    assert split_ref(saved.id) == ("abcdefgh23", "attacking-and-the-dice")
    again = mine.save(text)                                   # never overwritten: a free name
    assert again.id.endswith("-2")
    changed = text.replace("title: Attacking and the dice", "title: My attack")
    assert mine.save(changed, replace="attacking-and-the-dice").title == "My attack"
    assert find_lesson(tmp_path, "conquest", saved.id).title == "My attack"
    assert find_lesson(tmp_path, "diplomacy", saved.id) is None
    with pytest.raises(LessonError, match="does not parse|unknown section") as caught:
        mine.save(changed.replace("section: attacking", "section: atacking"), replace="attacking-and-the-dice")
    assert caught.value.file == "attacking-and-the-dice.md" and caught.value.line
    assert mine.text("conquest", "attacking-and-the-dice") == changed          # nothing lost
    with pytest.raises(LessonError, match="more than the 100,000"):
        mine.save(changed + "x" * MAX_LESSON_BYTES)
    mine.delete("conquest", "attacking-and-the-dice-2")
    assert [l.id for l in mine.lessons("conquest")[0]] == [saved.id]
    assert (tmp_path / "abcdefgh23" / ".deleted" / "conquest" / "attacking-and-the-dice-2.md").is_file()
    (tmp_path / "abcdefgh23" / "conquest" / "broken.md").write_text("---\ntitle: [\n---\nx", encoding="utf-8")
    lessons, problems = mine.lessons()
    assert [l.id for l in lessons] == [saved.id]
    assert problems[0].file == "broken.md" and "quotes" in str(problems[0])
    with pytest.raises(LessonError, match="file name"):
        mine.text("conquest", "../../etc/passwd")
    assert slug("Üben: Angriff!") == "uben-angriff"


@pytest.mark.parametrize("game", GAMES)
def test_every_goal_key_has_an_example_and_a_meaning(game: str) -> None:
    words = goal_words(game)
    assert words and all(w.example.startswith(f"{w.key}:") and w.meaning for w in words)


def test_the_docstring_examples_run() -> None:
    import doctest

    import academy.lessons.vocabulary as vocabulary
    import academy.lessons.writer as writer
    for module in (writer, vocabulary):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed
