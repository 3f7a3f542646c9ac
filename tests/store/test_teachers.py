"""Teachers, courses and classes that run a course (migration 0006): one teacher link finds a teacher's
courses and classes again, after a restart too; a class keeps its students' work per lesson; the demo board;
a database made by revision 0005 (main before this change) keeps its classes and their work."""
from __future__ import annotations

import pytest
from sqlalchemy import text

from academy.store import BadToken, InvalidInput, Store
from academy.store import migrate
from academy.store.classroom import Classroom
from academy.store.courses import CourseNotFound, Courses
from academy.store.store import make_engine
from academy.store.teachers import Teachers, class_token


def test_a_teacher_is_found_again_by_the_token_only(store: Store) -> None:
    teachers = Teachers(store)
    me, token = teachers.create("  Ms   Lee ")
    assert me.name == "Ms Lee" and len(token) >= 43
    assert teachers.find(token) == me
    assert teachers.by_collection(me.collection) == me
    other, _ = teachers.create()
    assert other.collection != me.collection and other.label == "A teacher"
    with pytest.raises(BadToken, match="opens no teacher here"):
        teachers.find(token[:-1] + ("A" if token[-1] != "A" else "B"))
    with pytest.raises(BadToken, match="cut or changed"):
        teachers.find("short")
    with pytest.raises(BadToken, match="needs your teacher link"):
        teachers.find("")
    assert teachers.rename(token, "").name is None


def test_courses_belong_to_their_teacher_and_are_shared_by_code(store: Store) -> None:
    _, mine = Teachers(store).create()
    _, theirs = Teachers(store).create()
    courses = Courses(store)
    course = courses.create(mine, "conquest", "First steps", ["attacking", "abcdefgh23/my-lesson"])
    assert course.link == f"?page=course&course={course.code}"
    assert courses.by_code(f" {course.code[:4].lower()}-{course.code[4:]} ").id == course.id
    assert [c.id for c in courses.of_teacher(mine)] == [course.id] and courses.of_teacher(theirs) == []
    with pytest.raises(CourseNotFound, match="not one of yours"):
        courses.update(theirs, course.id, title="Mine now")
    changed = courses.update(mine, course.id, lessons=["conquering", "attacking"])
    assert changed.lessons == ("conquering", "attacking") and changed.title == "First steps"
    for bad, words in ((["attacking", "attacking"], "twice"), ([], "at least one lesson"),
                       (["../etc/passwd"], "does not name a lesson"), (["x"] * 41, "at most 40")):
        with pytest.raises(InvalidInput, match=words):
            courses.update(mine, course.id, lessons=bad)
    with pytest.raises(InvalidInput, match="title"):
        courses.create(mine, "conquest", "  ", ["attacking"])
    courses.delete(mine, course.id)
    with pytest.raises(CourseNotFound, match="No course has the code"):
        courses.by_code(course.code)
    with pytest.raises(CourseNotFound, match="cut or changed"):
        courses.by_code("?")


def test_a_class_runs_a_course_and_keeps_work_per_lesson(store: Store) -> None:
    _, teacher = Teachers(store).create()
    room = Classroom(store, listen=False)        # on PostgreSQL too (test_postgres.py): no listener left behind
    info, token = room.open_class("conquest", "attacking", exercises=2, teacher_token=teacher,
                                  lessons=["attacking", "conquering"])
    assert token == class_token(teacher, info.code) and info.lessons == ("attacking", "conquering")
    assert room.for_teacher(token).id == info.id
    assert [(c.id, t) for c, t in room.classes_of(teacher)] == [(info.id, token)]
    ann = room.join(info.code, "Ann")
    room.record_work(info.id, ann.learner_id, 0, "most-dice", solved=True)
    room.set_exercise(token, 1, exercises=3, lesson_id="conquering")
    assert room.info(info.id).lesson_id == "conquering" and room.info(info.id).lesson_number == 1
    room.record_work(info.id, ann.learner_id, 0, "move-in", new_try=True)
    grid = dict(room.course_grid(token, [("attacking", 2), ("conquering", 3)]))
    assert [(r.name, r.solved, r.tries) for r in grid["attacking"][0]] == [("Ann", True, 1)]
    assert [(r.name, r.solved, r.tries) for r in grid["conquering"][0]] == [("Ann", False, 1)]
    assert not grid["conquering"][1][0].tried
    with pytest.raises(InvalidInput, match="not one of this class's lessons"):
        room.set_exercise(token, 0, lesson_id="cards")
    with pytest.raises(InvalidInput, match="not one of this class's lessons"):
        room.record_work(info.id, ann.learner_id, 0, lesson_id="cards")
    # the learner's own progress keeps both lessons
    keys = {(p.lesson_id, p.exercise_index) for p in room.progress.progress_of_learner(ann.learner_id)}
    assert keys == {("attacking", 0), ("conquering", 0)}
    room.reset_student(token, ann.learner_id)
    assert not any(r.tried for _, g in room.course_grid(token, [("attacking", 2), ("conquering", 3)])
                   for rows in g for r in rows)


def test_the_demo_board_is_kept_checked_and_announced(store: Store) -> None:
    _, teacher = Teachers(store).create()
    room = Classroom(store)
    info, token = room.open_class("conquest", "attacking", exercises=2, teacher_token=teacher)
    heard = []
    room.subscribe(info.id, heard.append)
    room.set_demo(token, {"lesson": "attacking", "exercise": 1, "actions": [{"a": 1}],
                          "arrows": [[1, 2, 3, 4]], "marks": [[5, 6.5]]})
    assert room.demo(info.id) == {"lesson": "attacking", "exercise": 1, "actions": [{"a": 1}],
                                  "arrows": [[1.0, 2.0, 3.0, 4.0]], "marks": [[5.0, 6.5]]}
    assert [e.kind for e in heard] == ["demo"]
    for bad, words in (({"lesson": "cards"}, "not one of this class's lessons"),
                       ({"lesson": "attacking", "arrows": [[1, 2, 3]]}, "4 numbers"),
                       ({"lesson": "attacking", "marks": [[float("nan"), 1]]}, "2 numbers"),
                       ({"lesson": "attacking", "marks": [[1, 1]] * 61}, "at most 60 marks")):
        with pytest.raises(InvalidInput, match=words):
            room.set_demo(token, bad)
    room.set_demo(token, None)
    assert room.demo(info.id) is None


def test_everything_is_found_again_after_a_restart(db_url: str) -> None:
    with Store(db_url) as store:
        _, teacher = Teachers(store).create("Ms Lee")
        course = Courses(store).create(teacher, "diplomacy", "Support", ["support", "dislodging"])
        info, _ = Classroom(store).open_class("diplomacy", "support", teacher_token=teacher,
                                              lessons=list(course.lessons), course_id=course.id)
    with Store(db_url) as store:
        assert Teachers(store).find(teacher).name == "Ms Lee"
        assert [c.title for c in Courses(store).of_teacher(teacher)] == ["Support"]
        (found, token), = Classroom(store).classes_of(teacher)
        assert (found.id, found.course_id, found.lessons) == (info.id, course.id, ("support", "dislodging"))
        assert Classroom(store).for_teacher(token).code == info.code


def test_a_database_of_revision_0005_keeps_its_classes_and_their_work(db_url: str) -> None:
    upgrades_from_0005(db_url)


def upgrades_from_0005(db_url: str) -> None:
    """Made as main made it before this change: a class with a student's work, upgraded to 0006."""
    engine = make_engine(db_url)
    try:
        migrate.upgrade(engine, "0005")
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO learners (id, key, name, created_at) VALUES (1, 'kkkkkkkkkk', 'Ann', "
                              "'2026-01-01')"))
            conn.execute(text("INSERT INTO classes (id, code, teacher_hash, game, lesson_id, exercise_index, status, "
                              "created_at, updated_at) VALUES (7, 'K7QM2P', 'h', 'conquest', 'attacking', 1, 'open', "
                              "'2026-01-01', '2026-01-01')"))
            conn.execute(text("INSERT INTO class_members (class_id, learner_id, name, joined_at) VALUES "
                              "(7, 1, 'Ann', '2026-01-01')"))
            conn.execute(text("INSERT INTO class_work (class_id, learner_id, exercise_index, tries, hints, solved, "
                              "board, updated_at) VALUES (7, 1, 1, 3, 1, true, '[]', '2026-01-01')"))
    finally:
        engine.dispose()
    with Store(db_url) as store:
        assert migrate.current_revision(store.engine) == migrate.head_revision()
        room = Classroom(store, listen=False)    # on PostgreSQL too: no listener left behind
        info = room.info(7)
        assert (info.lesson_id, info.lessons, info.teacher_id, info.course_id) == ("attacking", ("attacking",),
                                                                                   None, None)
        from academy.store.progress import class_table
        (row,) = class_table(store, 7, 1)
        assert (row.name, row.tries, row.hints, row.solved) == ("Ann", 3, 1, True)
        room.record_work(7, 1, 1, "x", new_try=True)         # the same row goes on counting
        (row,) = class_table(store, 7, 1, "attacking")
        assert row.tries == 4
