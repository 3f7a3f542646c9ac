"""Classroom mode in the store: join codes, the teacher's token, following the teacher, the table, shown boards."""
from __future__ import annotations

import doctest

import pytest

import academy.store.classroom
from academy.store import BadToken, InvalidInput, Store
from academy.store.classroom import (CODE_ALPHABET, CODE_LENGTH, ClassClosed, ClassEvent, ClassNotFound, Classroom,
                                     normalize_code)
from academy.store.progress import Progress, new_learner_key


@pytest.fixture
def room(store: Store) -> Classroom:
    return Classroom(store)


def test_docstring_example_runs() -> None:
    result = doctest.testmod(academy.store.classroom)
    assert result.attempted > 0 and result.failed == 0


def test_codes_are_short_readable_and_unique(room: Classroom) -> None:
    codes = set()
    tokens = set()
    for _ in range(60):
        info, token = room.open_class("conquest", "attacking", exercises=2)
        assert len(info.code) == CODE_LENGTH and set(info.code) <= set(CODE_ALPHABET)
        codes.add(info.code)
        tokens.add(token)
    assert len(codes) == 60 and len(tokens) == 60
    assert not set(CODE_ALPHABET) & set("0O1IL")


def test_a_code_is_read_without_case_spaces_or_dashes(room: Classroom) -> None:
    info, _ = room.open_class("conquest", "attacking", exercises=2)
    typed = f" {info.code[:3].lower()}-{info.code[3:]} "
    assert normalize_code(typed) == info.code
    assert room.find(typed).id == info.id


@pytest.mark.parametrize("code", ["", "   ", "ZZZZZZ", "K7QM2", "not a code"])
def test_a_wrong_code_gives_a_clear_message(room: Classroom, code: str) -> None:
    room.open_class("conquest", "attacking", exercises=2)
    with pytest.raises(ClassNotFound) as err:
        room.join(code, "Ann")
    assert "code" in str(err.value)
    assert "teacher" in str(err.value)


def test_students_join_with_a_name_and_the_same_browser_is_the_same_student(room: Classroom) -> None:
    info, token = room.open_class("conquest", "attacking", exercises=2)
    with pytest.raises(InvalidInput, match="name"):
        room.join(info.code, "   ")
    key = new_learner_key()
    ann = room.join(info.code, "Ann", learner_key=key)
    again = room.join(info.code, "Annie", learner_key=key)
    bob = room.join(info.code, "Bob")
    assert again.learner_id == ann.learner_id and bob.learner_id != ann.learner_id
    assert [r.name for r in room.table(token)] == ["Annie", "Bob"]
    assert Progress(room.store).learner(key).name == "Ann"        # the learner's first name stays


def test_only_the_teacher_token_advances_shows_and_sees_the_table(room: Classroom) -> None:
    info, token = room.open_class("conquest", "attacking", exercises=2)
    other, other_token = room.open_class("conquest", "setup", exercises=2)
    ann = room.join(info.code, "Ann")
    for bad in ("", "forged", other_token, info.code):
        if bad == other_token:
            assert room.set_exercise(bad, 1).id == other.id       # it moves its own class only
            continue
        with pytest.raises(BadToken):
            room.set_exercise(bad, 1)
        with pytest.raises(BadToken):
            room.table(bad)
        with pytest.raises(BadToken):
            room.show(bad, ann.learner_id)
        with pytest.raises(BadToken):
            room.step(bad, 1)
    assert room.info(info.id).exercise_index == 0
    assert not room.is_teacher(info.id, other_token) and room.is_teacher(info.id, token)
    with pytest.raises(InvalidInput):
        room.show(other_token, ann.learner_id)                    # not a student of that class


def test_the_teacher_steps_through_the_exercises_within_the_lesson(room: Classroom) -> None:
    info, token = room.open_class("conquest", "attacking", exercises=2)
    assert room.step(token, -1).exercise_index == 0
    assert room.step(token, +1).exercise_index == 1
    assert room.step(token, +1).exercise_index == 1
    with pytest.raises(InvalidInput):
        room.set_exercise(token, 2)
    assert room.set_exercise(token, 0, exercises=2).exercise_index == 0


def test_work_fills_the_table_and_the_learners_progress(room: Classroom) -> None:
    info, token = room.open_class("conquest", "attacking", exercises=2)
    key = new_learner_key()
    ann = room.join(info.code, "Ann", learner_key=key)
    bob = room.join(info.code, "Bob")
    assert [(r.name, r.tried, r.solved, r.tries) for r in room.table(token)] == [
        ("Ann", False, False, 0), ("Bob", False, False, 0)]
    room.record_work(info.id, ann.learner_id, 0, "most-dice", board=[{"type": "Attack"}])
    room.record_work(info.id, ann.learner_id, 0, "most-dice", new_try=False, board=[{"type": "Attack"}] * 2)
    room.record_work(info.id, ann.learner_id, 0, "most-dice", new_try=True)
    line = room.record_work(info.id, ann.learner_id, 0, "most-dice", new_try=False, solved=True)
    assert (line.tries, line.solved) == (2, True)
    rows = {r.name: r for r in room.table(token)}
    assert (rows["Ann"].tried, rows["Ann"].solved, rows["Ann"].tries) == (True, True, 2)
    assert (rows["Bob"].tried, rows["Bob"].solved) == (False, False)
    [mine] = Progress(room.store).progress_of(key)
    assert (mine.lesson_id, mine.exercise_index, mine.tries, mine.solved) == ("attacking", 0, 2, True)
    room.step(token, 1)                                           # the table is per exercise
    assert [(r.name, r.tries) for r in room.table(token)] == [("Ann", 0), ("Bob", 0)]
    with pytest.raises(InvalidInput):
        room.record_work(info.id, 999, 0)


def test_the_teacher_shows_one_students_board(room: Classroom) -> None:
    info, token = room.open_class("conquest", "attacking", exercises=2)
    ann = room.join(info.code, "Ann")
    room.record_work(info.id, ann.learner_id, 0, "most-dice", board=[{"type": "Attack", "src": "ukraine"}])
    assert room.shown_board(info.id) is None
    assert room.board_of(token, ann.learner_id) == [{"type": "Attack", "src": "ukraine"}]
    shown = room.show(token, ann.learner_id)
    assert (shown.shown_learner_id, shown.shown_name) == (ann.learner_id, "Ann")
    assert room.shown_board(info.id) == ("Ann", 0, [{"type": "Attack", "src": "ukraine"}])
    assert room.show(token, None).shown_learner_id is None
    room.show(token, ann.learner_id)
    assert room.step(token, 1).shown_learner_id is None           # a new exercise: nobody's board is shown


def test_subscribers_hear_every_change_in_order(room: Classroom) -> None:
    info, token = room.open_class("conquest", "attacking", exercises=2)
    heard: list[ClassEvent] = []
    other: list[ClassEvent] = []
    stop = room.subscribe(info.id, heard.append)
    room.subscribe(info.id, lambda e: (_ for _ in ()).throw(RuntimeError("a broken page")))
    room.subscribe(room.open_class("conquest", "setup")[0].id, other.append)
    ann = room.join(info.code, "Ann")
    room.step(token, 1)
    room.record_work(info.id, ann.learner_id, 1, "who-can-attack", solved=True)
    room.show(token, ann.learner_id)
    assert [e.kind for e in heard] == ["join", "exercise", "work", "shown"]
    assert other == []
    stop()
    room.close_class(token)
    assert len(heard) == 4 and room.watchers(info.id) == 1


def test_a_closed_class_takes_no_one_in(room: Classroom) -> None:
    info, token = room.open_class("conquest", "attacking", exercises=2)
    ann = room.join(info.code, "Ann")
    room.close_class(token)
    with pytest.raises(ClassClosed):
        room.join(info.code, "Bob")
    with pytest.raises(ClassClosed):
        room.record_work(info.id, ann.learner_id, 0)
    with pytest.raises(ClassClosed):
        room.step(token, 1)


def test_classes_survive_a_restart(db_url: str) -> None:
    with Store(db_url) as store:
        info, token = Classroom(store).open_class("conquest", "attacking", exercises=2)
        Classroom(store).join(info.code, "Ann")
    with Store(db_url) as store:
        room = Classroom(store)
        assert room.for_teacher(token).code == info.code
        assert room.set_exercise(token, 1, exercises=2).exercise_index == 1
        assert [r.name for r in room.table(token)] == ["Ann"]


def test_two_servers_on_postgresql_hear_each_others_class_changes(pg_url: str) -> None:
    """A teacher on one server, a student on another: each change reaches the other through LISTEN/NOTIFY."""
    import time

    def wait_until(check, what: str, timeout: float = 10.0) -> None:   # a guard against hanging, not a timing test
        deadline = time.monotonic() + timeout
        while not check():
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout} s for {what}")
            time.sleep(0.02)

    with Store(pg_url) as one_store, Store(pg_url) as two_store:
        one, two = Classroom(one_store), Classroom(two_store)
        try:
            for room in (one, two):
                assert room.listener is not None and room.listener.wait_connected(10)
            info, token = one.open_class("conquest", "attacking", exercises=2)
            on_two: list[ClassEvent] = []
            on_one: list[ClassEvent] = []
            two.subscribe(info.id, on_two.append)
            one.subscribe(info.id, on_one.append)
            ann = two.join(info.code, "Ann")                       # the student's server
            wait_until(lambda: any(e.kind == "refresh" for e in on_one), "the join to reach the teacher's server")
            one.step(token, 1)
            wait_until(lambda: any(e.kind == "refresh" for e in on_two), "the step to reach the student's server")
            assert two.info(info.id).exercise_index == 1
            two.record_work(info.id, ann.learner_id, 1, "who-can-attack", solved=True)
            wait_until(lambda: sum(e.kind == "refresh" for e in on_one) >= 2, "the work to reach the teacher")
            assert [(r.name, r.solved) for r in one.table(token)] == [("Ann", True)]
        finally:
            one.close()
            two.close()


def test_a_browser_finds_its_membership_again(room: Classroom) -> None:
    info, _ = room.open_class("conquest", "attacking", exercises=2)
    key = new_learner_key()
    ann = room.join(info.code, "Ann", learner_key=key)
    assert room.membership(info.code.lower(), key) == ann
    assert room.membership(info.code, new_learner_key()) is None
    assert room.membership("ZZZZZZ", key) is None and room.membership(info.code, "bad key") is None
