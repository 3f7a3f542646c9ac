"""Classroom mode and learner progress in the app, without a browser: the pages' models and routes."""
from __future__ import annotations

import pytest

from academy.store import Store
from academy.store.classroom import Classroom
from academy.store.progress import Progress, new_learner_key
from academy.ui.classroom import (ClassroomPage, JoinView, OpenClassForm, StudentView, TeacherView, class_games,
                                  lesson_page_class)
from academy.ui.conquest.lessons import LessonsPage
from academy.ui.header import header_addresses
from academy.ui.lessons_page import TryReport
from academy.ui.progress_page import ProgressPage, progress_html, track_progress


def html_of(viewable) -> str:
    import panel as pn
    return "".join(str(getattr(o, "object", "")) for o in pn.panel(viewable).select())


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    with Store(f"sqlite:///{tmp_path}/class.db") as s:
        yield s


@pytest.fixture
def room(store):
    return Classroom(store)


def solve_attacking(model) -> None:
    """Exercise 1 of "attacking": Ukraine, then Ural (3 dice)."""
    model.click("ukraine")
    model.click("ural")                          # targeted: the odds
    model.click("ural")                          # rolled
    assert model.feedback.status == "solved", model.feedback


def test_games_with_lessons_can_hold_a_class():
    games = class_games()
    assert {"conquest", "diplomacy", "game_of_war"} <= set(games.values())
    assert lesson_page_class("conquest") is LessonsPage and lesson_page_class("nope") is None


def test_the_lessons_page_reports_each_try_and_each_solve_once():
    page = LessonsPage("attacking")
    reports: list[TryReport] = []
    page.add_try_listener(reports.append)
    page.model.click("ukraine")                            # a selection is not a try
    page.model.click("ural")                               # nor is a target (the odds show)
    assert reports == []
    page.model.click("ural")
    [first] = reports
    assert (first.lesson_id, first.exercise_index, first.exercise_id) == ("attacking", 0, "most-dice")
    assert first.new_try and first.solved and first.try_number == 1 and first.board[0]["type"] == "Attack"
    page.model.reset()
    page.model.click("ukraine")
    page.model.click("ural")                          # targeted: the odds
    page.model.click("ural")                          # rolled
    assert [(r.new_try, r.solved, r.try_number) for r in reports] == [(True, True, 1), (True, True, 2)]
    page.start_exercise(1)
    page.model.act("attack Ukraine -> Ural 3")              # refused: counts as a try, not solved
    assert (reports[-1].exercise_index, reports[-1].new_try, reports[-1].solved) == (1, True, False)


def test_the_lessons_page_reports_the_hints_seen():
    page = LessonsPage("attacking")
    reports: list[TryReport] = []
    page.add_try_listener(reports.append)
    page.model.hint()
    page.model.click("ukraine")
    page.model.click("ural")                          # targeted: the odds
    page.model.click("ural")                          # rolled
    assert reports[-1].solved and reports[-1].hints == 1


def test_the_lessons_page_records_progress_for_the_browsers_learner(store):
    book = Progress(store)
    key = new_learner_key()
    page = LessonsPage("attacking")
    wrapped = track_progress(page, {"learner": key}, progress=book)
    assert wrapped.objects[-1].key == page.learner_hook.key == key    # ?learner= wins, else the browser id
    solve_attacking(page.model)
    page.model.reset()
    page.model.act("end attack")
    [entry] = book.progress_of(key)
    assert (entry.lesson_id, entry.exercise_index, entry.tries, entry.solved) == ("attacking", 0, 2, True)
    assert track_progress("not a lessons page") == "not a lessons page"


def test_the_progress_page_lists_lessons_per_game_with_solved_and_tries(store):
    book = Progress(store)
    key = new_learner_key()
    book.record_try(key, "conquest", "attacking", 0, "most-dice", solved=True)
    book.record_try(key, "conquest", "attacking", 1, "who-can-attack")
    book.record_try(key, "conquest", "attacking", 1, "who-can-attack")
    page = ProgressPage({"learner": key}, progress=book)
    text = html_of(page)
    assert "Conquest" in text and "Diplomacy" in text
    row = text[text.index("data-lesson='attacking'"):]
    row = row[:row.index("</tr>")]
    assert "1/2" in row and "✓ solved · 1 try" in row and "2 tries, no hints, not solved yet" in row
    assert f"?page=progress&amp;learner={key}" in text or f"?page=progress&learner={key}" in text
    page.set_name("Ann")
    assert book.learner(key).name == "Ann" and "Ann" in html_of(page)
    assert "not tried" in progress_html([], ("conquest",))


def test_my_progress_rows_are_as_long_as_each_other():
    """A newcomer's walk: My progress drew each row's border as long as its lesson's exercises (a lesson of five
    beside lessons of two and one), so the 'Ex. 2' cells did not line up. Every row now has the game's widest
    count of cells, Ex. i in column i, under an 'Exercises' heading that spans them."""
    import re
    table = progress_html([], ("conquest",))
    rows = re.findall(r"<tr data-lesson=.*?</tr>", table)
    widths = {len(re.findall(r"<td", row)) for row in rows}
    assert len(rows) > 5 and len(widths) == 1, widths
    most = widths.pop() - 2
    assert f"<th colspan='{most}'>Exercises</th>" in table and most >= 5
    for row in rows:
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)[2:]
        assert all(c.startswith(f"Ex. {i + 1}:") or c == "" for i, c in enumerate(cells)), cells


def test_a_class_from_opening_to_the_teachers_table(room):
    form = OpenClassForm(room)
    form.game.value = "conquest"
    form.lesson.value = "attacking"
    teacher = form.open_class()
    assert isinstance(teacher, TeacherView) and not form.form.visible
    code = teacher.info.code
    assert code in html_of(teacher) and "No student has joined yet" in html_of(teacher)

    wrong = JoinView({}, room)
    wrong.code.value, wrong.name_input.value = "ZZZZZZ", "Eve"
    assert wrong.join() is None and "No class has the code ZZZZZZ." in wrong.message.object

    students = {}
    for name in ("Ann", "Bob"):
        join = JoinView({"code": code.lower()}, room)
        join.name_input.value = name
        students[name] = join.join()
        assert isinstance(students[name], StudentView) and not join.form.visible
    assert "Ann" in teacher.table.object and "Bob" in teacher.table.object    # live: no refresh by hand
    ann, bob = students["Ann"], students["Bob"]
    assert ann.lessons.lesson_id == "attacking" and ann.lessons.exercise_index == 0
    assert not ann.lessons.next_button.visible and not ann.lessons.exercise_tabs.visible

    teacher.step(+1)                                        # both students follow
    assert ann.lessons.exercise_index == bob.lessons.exercise_index == 1
    assert "exercise 2 of 2" in ann.banner.object
    assert teacher.next.disabled and not teacher.prev.disabled
    teacher.step(-1)
    assert ann.lessons.exercise_index == bob.lessons.exercise_index == 0

    solve_attacking(ann.lessons.model)                      # Ann solves on her own board; Bob's is untouched
    assert bob.lessons.model.feedback is None
    rows = {r.name: r for r in teacher.rows}
    assert (rows["Ann"].tried, rows["Ann"].solved, rows["Ann"].tries) == (True, True, 1)
    assert (rows["Bob"].tried, rows["Bob"].solved, rows["Bob"].tries) == (False, False, 0)
    assert "✓ solved" in teacher.table.object and "1 of 2 solved" in teacher.table.object

    teacher.show(rows["Ann"].learner_id)                    # Bob sees Ann's board, read-only
    assert bob.shown.layout.visible and "Ann's board" in bob.shown.caption.object
    assert "solved ✓" in bob.shown.caption.object
    assert bob.shown.model.state.armies != bob.lessons.model.state.armies
    before = dict(bob.shown.model.state.armies)
    bob.shown.model.click("ukraine")
    assert bob.shown.model.state.armies == before and "shown by the teacher" in bob.shown.model.message
    assert not ann.shown.layout.visible and "showing your board" in ann.message.object
    assert teacher.shown.layout.visible
    teacher.show(None)
    assert not bob.shown.layout.visible

    page = ClassroomPage({"teacher": "forged"}, room)
    assert "does not open any class" in html_of(page)
    again = ClassroomPage({"teacher": teacher.token}, room)
    assert isinstance(again.view, TeacherView) and again.view.info.id == teacher.info.id


def test_students_cannot_move_the_class(room):
    info, token = room.open_class("conquest", "attacking", exercises=2)
    member = room.join(info.code, "Ann")
    student = StudentView(member, room)
    assert not hasattr(student, "token") and not hasattr(student, "step")   # no teacher token on its page
    student.lessons.start_exercise(1)                       # a student's own page moving changes nothing for others
    assert room.info(info.id).exercise_index == 0
    student.close()
    assert room.watchers(info.id) == 0


@pytest.mark.parametrize("game", ["diplomacy", "game_of_war", "fronts", "tactics"])
def test_a_class_works_for_every_game_with_lessons(room, game):
    from academy.ui.lessons_page import game_lessons
    lesson = next(l for l in game_lessons(game)[0] if l.exercises)
    assert lesson_page_class(game) is not None
    info, token = room.open_class(game, lesson.id, exercises=len(lesson.exercises))
    teacher = TeacherView(token, room)
    student = StudentView(room.join(info.code, "Ann"), room)
    assert isinstance(student.lessons, lesson_page_class(game)) and student.lessons.lesson_id == lesson.id
    assert student.lessons.classroom and not student.lessons.back.visible
    teacher.show(room.table(token)[0].learner_id)          # nothing played yet: the start position, read only
    assert teacher.shown.layout.visible and "0 moves" in teacher.shown.caption.object
    assert "showing your board" in student.message.object


def test_the_teacher_ends_the_class(room):
    info, token = room.open_class("conquest", "attacking", exercises=2)
    teacher = TeacherView(token, room)
    ann = StudentView(room.join(info.code, "Ann"), room)
    teacher.end()
    assert "The class has ended" in ann.banner.object
    assert teacher.next.disabled and teacher.prev.disabled and teacher.end_button.disabled
    solve_attacking(ann.lessons.model)                      # her board still works; the class takes no more work
    assert "has ended" in ann.message.object
    late = JoinView({"code": info.code}, room)
    late.name_input.value = "Bob"
    assert late.join() is None and "has ended" in late.message.object


def test_the_routes_and_the_teach_pages_link(tmp_path, monkeypatch):
    from academy.ui.live_session import close_shared_hubs
    from academy.ui.shell import build_page
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/routes.db")
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    try:
        join = build_page({"page": "class"})
        assert join.title == "Academy · Classroom" and "Join a class" in html_of(join.main[0])
        opening = build_page({"page": "class", "open": "1"})
        assert "Open a class" in html_of(opening.main[0])
        forged = build_page({"page": "class", "teacher": "forged"})
        assert "does not open any class" in html_of(forged.main[0])
        progress = build_page({"page": "progress"})
        assert progress.title == "Academy · Your progress" and "Your progress" in html_of(progress.main[0])
        assert "Attacking and the dice" in html_of(progress.main[0])
        teach = html_of(build_page({"page": "teach"}).main[0])
        assert 'href="?page=class&open=1"' in teach and "Open a class" in teach
        header = header_addresses(join).values()
        assert "?page=class" in header and "?page=progress" in header
        lessons = build_page({"game": "conquest", "tab": "lessons", "lesson": "attacking"})
        assert any(type(o).__name__ == "LearnerKey" for o in lessons.main[0].select())
    finally:
        close_shared_hubs()


def test_a_reloaded_student_page_rejoins_the_class(room):
    info, token = room.open_class("conquest", "attacking", exercises=2)
    first = JoinView({"code": info.code}, room)
    first.name_input.value = "Ann"
    first.join()
    reloaded = JoinView({"code": info.code, "learner": first.hook.key}, room)
    assert reloaded.student is not None                                      # ?learner= is this student
    assert reloaded.student.member.name == "Ann" and not reloaded.form.visible
    assert [r.name for r in room.table(token)] == ["Ann"]
    stranger = JoinView({"code": info.code}, room)
    assert stranger.rejoin() is None and stranger.form.visible


def test_two_students_of_one_name_can_each_be_shown(room):
    info, token = room.open_class("conquest", "attacking", exercises=2)
    teacher = TeacherView(token, room)
    first, second = room.join(info.code, "Sam"), room.join(info.code, "Sam")
    assert teacher.student.options == {"Sam": first.learner_id, "Sam (2)": second.learner_id}
    teacher.show(999)                                       # not a student: a clear message, nothing shown
    assert "not a student" in teacher.message.object and room.info(info.id).shown_learner_id is None
    teacher.show(second.learner_id)
    assert teacher.message.object == "" and room.info(info.id).shown_learner_id == second.learner_id


@pytest.mark.parametrize("name, named", [("Ann\ud800", "U+D800"), ("Ann\x00", "U+0000")])
def test_an_odd_name_to_join_a_class_is_refused_with_a_clear_message(room, name, named):
    """issue 13, item 8: a lone surrogate in the name failed silently (no message); NUL raised a DataError
    on PostgreSQL (the store test tests/store/test_odd_text.py runs the same check on both databases)."""
    info, teacher = room.open_class("conquest", "attacking", exercises=2)
    join = JoinView({"code": info.code}, room)
    join.name_input.value = name
    assert join.join() is None and join.form.visible
    assert f"Your name cannot hold the character {named}" in join.message.object
    assert room.table(teacher) == []
    join.name_input.value = "Ann"
    assert isinstance(join.join(), StudentView)


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def _fake_page(monkeypatch, session_id: str, ip: str) -> None:
    """The next JoinView is built in a server session with this id, from this address."""
    from types import SimpleNamespace

    import academy.ui.classroom as classroom_ui
    doc = SimpleNamespace(session_context=SimpleNamespace(id=session_id, request=SimpleNamespace(remote_ip=ip)))
    monkeypatch.setattr(classroom_ui, "_doc", lambda: doc)


def test_wrong_class_codes_from_one_page_are_limited(room):
    """issue 13, item 9: 137 wrong codes in 30 s from one tab went through; now 5 are free, then the page
    says when to try again and tries nothing (not even the right code) until then."""
    from academy.core.attempt_limit import AttemptLimiter
    from academy.ui.classroom import JoinLimits
    clock = _Clock()
    limits = JoinLimits(AttemptLimiter(free=5, clock=clock), AttemptLimiter(free=30, clock=clock))
    info, teacher = room.open_class("conquest", "attacking", exercises=2)
    page = JoinView({}, room, limits=limits)
    page.name_input.value = "Eve"
    for i in range(5):
        page.code.value = f"ZZZZZ{'ABCDE'[i]}"
        assert page.join() is None and "No class has the code" in page.message.object
        assert "Too many" not in page.message.object
    page.code.value = "ZZZZZF"
    assert page.join() is None
    assert "No class has the code ZZZZZF" in page.message.object
    assert "Too many wrong codes: try again in 10 seconds." in page.message.object
    clock.t = 4.5
    page.code.value = info.code                                # the right code, but too soon: not tried
    assert page.join() is None and "Too many wrong codes: try again in 6 seconds." in page.message.object
    assert room.table(teacher) == []
    page.code.value = ""                                       # an empty code is not a wrong code
    clock.t = 10
    assert page.join() is None and "Type the class code" in page.message.object
    page.code.value = "ZZZZZG"                                 # the next wrong one waits twice as long
    assert page.join() is None and "try again in 20 seconds" in page.message.object
    clock.t = 30
    page.code.value = info.code
    assert isinstance(page.join(), StudentView)
    assert [r.name for r in room.table(teacher)] == ["Eve"]


def test_wrong_class_codes_from_one_address_are_limited_across_pages(room, monkeypatch):
    """issue 13, item 9: reloading the page (a new session) does not reset the count of its address;
    another address is not held up."""
    from academy.core.attempt_limit import AttemptLimiter
    from academy.ui.classroom import JoinLimits
    clock = _Clock()
    limits = JoinLimits(AttemptLimiter(free=5, clock=clock), AttemptLimiter(free=3, clock=clock))
    info, teacher = room.open_class("conquest", "attacking", exercises=2)
    for n in range(3):                                         # three tabs, one wrong code each: free
        _fake_page(monkeypatch, f"tab-{n}", "203.0.113.7")
        page = JoinView({"code": "ZZZZZZ"}, room, limits=limits)
        page.name_input.value = "Eve"
        assert page.join() is None and "Too many" not in page.message.object
    _fake_page(monkeypatch, "tab-3", "203.0.113.7")
    page = JoinView({"code": "ZZZZZZ"}, room, limits=limits)
    page.name_input.value = "Eve"
    assert page.join() is None and "Too many wrong codes: try again in 10 seconds." in page.message.object
    _fake_page(monkeypatch, "tab-4", "203.0.113.7")           # a fresh tab from the same address waits too
    same = JoinView({"code": info.code}, room, limits=limits)
    same.name_input.value = "Eve"
    assert same.join() is None and "try again in 10 seconds" in same.message.object
    _fake_page(monkeypatch, "tab-5", "198.51.100.2")          # a student elsewhere joins at once
    other = JoinView({"code": info.code}, room, limits=limits)
    other.name_input.value = "Ann"
    assert isinstance(other.join(), StudentView)
    assert [r.name for r in room.table(teacher)] == ["Ann"]


def test_hints_seen_reach_the_teachers_table_and_the_progress_page(tmp_path):
    """A student who solved with two hints is shown with them (the progress page said "solved · 1 try"
    whether hints were used or not)."""
    from academy.store import Store
    from academy.store.classroom import Classroom
    from academy.store.progress import Progress, new_learner_key
    from academy.ui.progress_page import progress_html
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    book, room = Progress(store), Classroom(store)
    info, token = room.open_class("conquest", "attacking", exercises=2)
    ann = room.join(info.code, "Ann", new_learner_key())
    room.record_work(info.id, ann.learner_id, 0, "most-dice", hints=2)
    line = room.record_work(info.id, ann.learner_id, 0, "most-dice", new_try=False, solved=True, hints=2)
    assert (line.tries, line.solved, line.hints) == (1, True, 2)
    assert [(r.name, r.hints) for r in room.table(token)] == [("Ann", 2)]
    html = progress_html(book.progress_of(ann.learner_key), ("conquest",))
    assert "✓ solved · 1 try · 2 hints" in html


def class_of_ann_and_bob(room):
    """A class on Conquest's "attacking" lesson, opened by a teacher, with Ann and Bob joined."""
    form = OpenClassForm(room)
    form.game.value, form.lesson.value = "conquest", "attacking"
    teacher = form.open_class()
    students = {}
    for name in ("Ann", "Bob"):
        join = JoinView({"code": teacher.info.code}, room)
        join.name_input.value = name
        students[name] = join.join()
    return teacher, students


def test_the_teacher_sees_the_whole_class_and_downloads_it_as_csv(room):
    """Issue 20, item 3: a students × exercises grid (tried, solved, tries, hints) below the table of the
    exercise under way, and the same as a CSV file."""
    import csv
    import io
    teacher, students = class_of_ann_and_bob(room)
    solve_attacking(students["Ann"].lessons.model)
    teacher.step(+1)
    students["Bob"].lessons.model.click("ukraine")          # Bob tries exercise 2 (a click starts a try)
    teacher.refresh()
    grid = teacher.grid.object
    assert "<th title=" in grid and "Exercise 1</th>" in grid and "Exercise 2</th>" in grid
    ann = grid.split("data-student='Ann'>")[1].split("</tr>")[0]
    bob = grid.split("data-student='Bob'>")[1].split("</tr>")[0]
    assert "✓ 1 try" in ann and ann.count("–") == 1                 # solved the first, not tried the second
    bob_id = next(r.learner_id for r in teacher.rows if r.name == "Bob")
    assert bob.startswith(f"<td><a href='?page=progress&class={teacher.token}&student="
                          f"{bob_id}' class='student-progress'>Bob</a></td><td class='no'>–</td>")  # his progress
    assert "Solved</td><td>1 of 2</td><td>0 of 2</td>" in grid
    rows = list(csv.reader(io.StringIO(teacher.csv_text())))
    assert rows[0] == ["student", "lesson", "lesson title", "exercise", "exercise id", "tried", "solved", "tries",
                       "hints"]
    assert ["Ann", "attacking", "Attacking and the dice", "1", "most-dice", "yes", "yes", "1", "0"] in rows
    assert ["Bob", "attacking", "Attacking and the dice", "1", "most-dice", "no", "no", "0", "0"] in rows
    assert teacher.export.filename == f"class-{teacher.info.code}.csv"
    summary = teacher.summary.object
    assert "<b>Ann</b>: solved 1 of 2 (1 without a hint)" in summary and "<b>Bob</b>: solved 0 of 2" in summary


def test_the_teacher_clears_a_students_work_or_removes_them(room):
    """Issue 20, item 3: "removes or resets a student"."""
    teacher, students = class_of_ann_and_bob(room)
    solve_attacking(students["Ann"].lessons.model)
    teacher.refresh()
    ann = next(r.learner_id for r in teacher.rows if r.name == "Ann")
    teacher.show(ann)
    teacher.drop(ann, remove=False)
    assert "work in this class is cleared" in teacher.message.object
    row = next(r for r in teacher.rows if r.name == "Ann")
    assert (row.tries, row.solved) == (0, False) and teacher.info.shown_learner_id == ann   # still in, still shown
    teacher.drop(ann, remove=True)
    assert [r.name for r in teacher.rows] == ["Bob"] and teacher.info.shown_learner_id is None
    assert "Ann is out of the class" in teacher.message.object
    students["Ann"].lessons.start_exercise(0)                     # she tries again: her page says why it is not sent
    solve_attacking(students["Ann"].lessons.model)
    assert "you are not in this class (any more)" in students["Ann"].message.object
    join = JoinView({"code": teacher.info.code}, room)            # she may join again
    join.name_input.value = "Ann"
    assert isinstance(join.join(), StudentView)
    teacher.refresh()
    assert sorted(r.name for r in teacher.rows) == ["Ann", "Bob"]
