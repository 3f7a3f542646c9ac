"""Teachers in the app without a browser (issue 20): the teacher page, lessons written for every game, files
uploaded, copied and deleted, courses, a class that runs a course (grid, summary, CSV, a student's progress,
the demo board), the course's link, and everything found again from the teacher's link after a restart."""
from __future__ import annotations

import pytest

from academy.lessons.collection import split_ref
from academy.ui.live_session import close_shared_hubs
from academy.ui.teaching import collection_of, teachers

GAMES = ("conquest", "diplomacy", "fronts", "game_of_war", "tactics")


def html_of(viewable) -> str:
    import panel as pn
    return "".join(str(getattr(o, "object", "")) for o in pn.panel(viewable).select())


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/academy.db")
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    yield tmp_path
    close_shared_hubs()


def _first_solved(game: str):
    from academy.ui.lessons_page import game_lessons
    for lesson in game_lessons(game)[0]:
        for ex in lesson.exercises:
            if ex.solution:
                return lesson, ex
    raise AssertionError(game)


def write_two_exercise_lesson(game: str, token: str) -> str:
    """A teacher writes a lesson of two exercises in the writer: one with a goal from the list (with its
    solution played on the board), one with the move the teacher makes. Returns the lesson's ref."""
    from academy.lessons.exercise import Rehearsal
    from academy.ui.lesson_writer import LessonWriter
    lesson, ex = _first_solved(game)
    position = lesson.start_position(ex)
    writer = LessonWriter({"game": game, "position": position}, token=token)
    writer.title_input.value = f"My {game} lesson"
    writer.summary.value = "What I teach."
    writer.text.value = "The rule, **in short**. <script>alert('x')</script>"
    writer.prompt.value = ex.prompt
    writer.kind.value = "list"
    (key, value), = list(ex.goal.items())[:1]
    if len(ex.goal) > 1:
        writer.key.value, writer.value.value = "(several keys: write the whole goal)", _flow(ex.goal)
    else:
        writer.key.value, writer.value.value = key, _flow(value)
    rehearsal = writer.board.model.attempt
    assert isinstance(rehearsal, Rehearsal)
    for move in ex.solution:                    # played on the board, then taken from it
        writer.board.model.act(move) if hasattr(writer.board.model, "act") else rehearsal.act(move)
    writer.take_moves()
    assert writer.moves.value
    writer.hints.value = "A nudge.\nThe rule.\nThe move."
    writer.success.value, writer.wrong.value = "Right!", "Not yet."
    writer.max_actions.value = ex.max_actions
    writer.add_exercise()
    writer.prompt.value = "Play my move."
    writer.kind.value = "plays"
    writer.moves.value = "\n".join(ex.solution)
    writer.hints.value = "Look again."
    writer.success.value, writer.wrong.value = "Yes.", "No."
    writer.max_actions.value = ex.max_actions
    ref = writer.save()
    assert ref is not None, writer.message.object
    return ref


def _flow(value) -> str:
    import yaml
    return value if isinstance(value, str) else yaml.safe_dump(value, default_flow_style=True).strip()


@pytest.mark.parametrize("game", GAMES)
def test_a_teacher_writes_a_two_exercise_lesson_of_every_game(data, game):
    from academy.lessons import Attempt
    from academy.ui.teaching import find_lesson
    me, token = teachers().create("Ms Lee")
    ref = write_two_exercise_lesson(game, token)
    lesson = find_lesson(game, ref)
    assert lesson.title == f"My {game} lesson" and len(lesson.exercises) == 2
    assert "plays" in lesson.exercises[1].goal
    for ex in lesson.exercises:                            # a learner solves both with the teacher's moves
        attempt = Attempt(lesson, ex)
        assert [attempt.act(m).status for m in ex.solution][-1] == "solved"
    from academy.ui.registry import part
    page = part(game, "lessons")(lesson_id=ref, lessons=(lesson,))
    assert "<script>" not in page.body.object and "<strong>in short</strong>" in page.body.object


def test_the_writer_says_what_is_missing_and_loses_nothing(data):
    from academy.ui.lesson_writer import LessonWriter
    _, token = teachers().create()
    writer = LessonWriter({"game": "conquest"}, token=token)
    assert writer.save() is None and "Give the lesson a title" in writer.message.object
    writer.title_input.value, writer.summary.value, writer.text.value = "T", "S.", "Text."
    writer.prompt.value = "Take Ural."
    assert writer.save() is None and "Exercise 1: give at least one hint" in writer.message.object
    writer.hints.value, writer.success.value, writer.wrong.value = "h", "s", "w"
    assert writer.save() is None and "Exercise 1: give the goal&#x27;s value" in writer.message.object
    writer.key.value, writer.value.value = "owns", "Uarl"
    assert writer.save() is None
    assert "Exercise 1: its goal: &#x27;Uarl&#x27; is not a territory I know. Did you mean Ural?" in writer.message.object
    assert writer.value.value == "Uarl" and writer.prompt.value == "Take Ural."       # nothing lost
    assert "Uarl" in writer._file().getvalue()                                         # and it can be downloaded
    writer.kind.value = "plays"
    assert writer.save() is None and "play the moves on the board" in writer.message.object
    writer.moves.value = "attack Ural -> Ukraine 3"
    assert writer.save() is None and "is refused" in writer.message.object


def test_who_plays_a_diplomacy_exercise_is_chosen_in_the_writer(data):
    from academy.ui.lesson_writer import LessonWriter
    _, token = teachers().create()
    writer = LessonWriter({"game": "diplomacy", "position": "S1901M | England: A LON | France: A PAR"}, token=token)
    assert set(writer.who.options) == {"England", "France"}
    assert writer.position.value.startswith("England to order, ")
    writer.who.value = writer.who.options["France"]
    assert writer.position.value.startswith("France to order, ")


def test_a_position_from_a_board_goes_into_a_lesson_already_written(data):
    from academy.ui.lesson_writer import LessonWriter
    me, token = teachers().create()
    ref = write_two_exercise_lesson("conquest", token)
    line = "Red to move, attack | Red: Ukraine 9 | Blue: Ural 1 | rest: Blue 1"
    writer = LessonWriter({"game": "conquest", "position": line}, token=token)
    assert writer.pick.visible and split_ref(ref)[1] in writer.pick.options.values()
    writer.pick.value = split_ref(ref)[1]
    writer._pick()
    assert len(writer.forms) == 3 and writer.current == 2 and writer.ex_position.value == line
    assert writer.title_input.value == "My conquest lesson"


def test_the_teacher_page_lists_adds_copies_and_deletes_lessons(data):
    from academy.ui.teacher_page import TeacherPage
    page = TeacherPage({})
    assert page.welcome.visible
    page.name_input.value = "Ms Lee"
    page.start()
    token = page.token
    assert token and page.hook.key == token and "Keep its link" in page.message.object
    assert f"?page=teacher&teacher={token}" in html_of(page) or page.home.objects
    page.clone("conquest", "attacking")
    assert "Added a copy of" in page.lessons_message.object
    text = collection_of(page.teacher).text("conquest", "attacking")
    page.upload(text.encode("utf-8"), "attacking.md")          # the same file again: another name, nothing lost
    assert [split_ref(l.id)[1] for l in collection_of(page.teacher).lessons()[0]] == ["attacking", "attacking-2"]
    page.upload(b"---\ntitle: [\n---\n", "broken.md")
    assert "does not check" in page.lessons_message.object and "quotes" in page.lessons_message.object
    page.upload(b"x" * 200_000, "big.md")
    assert "at most 100,000" in page.lessons_message.object
    page.upload(b"\xff\xfe\x00", "odd.md")
    assert "not text" in page.lessons_message.object
    page.delete("conquest", "attacking-2")
    assert [split_ref(l.id)[1] for l in collection_of(page.teacher).lessons()[0]] == ["attacking"]
    again = TeacherPage({"teacher": token})                    # the link opens the same page
    assert again.teacher.id == page.teacher.id and "Attacking and the dice" in html_of(again)
    wrong = TeacherPage({"teacher": token[:-2] + "xx"})
    assert "opens no teacher here" in wrong.message.object and wrong.welcome.visible


def run_a_course_class(token: str, refs: list[str]):
    """A course of ``refs`` (conquest), a class on it, three students; returns (course, teacher view, students)."""
    from academy.ui.classroom import JoinView, OpenClassForm
    from academy.ui.teacher_page import TeacherPage
    page = TeacherPage({"teacher": token})
    form = page.course_form
    form.game.value = "conquest"
    form.title.value = "Attack and hold"
    form.lessons.value = refs
    course = form.save()
    assert course is not None and course.lessons == tuple(refs)
    opening = OpenClassForm(query={"as": token})
    assert "Attack and hold (2 lessons)" in opening.course.options
    opening.course.value = str(course.id)
    teacher = opening.open_class()
    assert teacher is not None and teacher.info.lessons == tuple(refs) and teacher.teacher_token == token
    students = {}
    for name in ("Ann", "Bob", "Cy"):
        join = JoinView({"code": teacher.info.code})
        join.name_input.value = name
        students[name] = join.join()
    return course, teacher, students


def test_a_class_runs_a_course_of_two_lessons(data):
    from academy.ui.progress_page import progress_page
    _, token = teachers().create("Ms Lee")
    mine = write_two_exercise_lesson("conquest", token)
    course, teacher, students = run_a_course_class(token, ["attacking", mine])
    ann, bob = students["Ann"], students["Bob"]
    ann.lessons.model.click("ukraine")
    ann.lessons.model.click("ural")                          # targeted: the odds
    ann.lessons.model.click("ural")                          # rolled
    assert ann.lessons.model.feedback.status == "solved"
    teacher.step(+1)
    teacher.step(+1)                                       # past the first lesson: the teacher's own
    assert teacher.info.lesson_id == mine and teacher.info.exercise_index == 0
    assert ann.lessons.lesson_id == bob.lessons.lesson_id == mine
    assert "lesson 2 of 2, exercise 1 of 2" in ann.banner.object
    lesson = teacher.lessons.lesson(mine)
    for move in lesson.exercises[0].solution:
        bob.lessons.model.act(move)
    assert bob.lessons.model.feedback.status == "solved"
    teacher.refresh()
    grid = teacher.grid.object
    assert "Attacking and the dice</th>" in grid and "My conquest lesson</th>" in grid
    assert grid.count("<tr data-student=") == 3
    rows = teacher.csv_text().splitlines()
    assert len(rows) == 1 + 3 * 4 and any(r.startswith(f"Bob,{mine},My conquest lesson,1,") and ",yes,yes,1,0" in r
                                          for r in rows)
    assert "<b>Ann</b>: solved 1 of 4" in teacher.summary.object
    assert "<b>Bob</b>: solved 1 of 4" in teacher.summary.object and "<b>Cy</b>: solved 0 of 4" in teacher.summary.object
    assert f"?page=course&course={course.code}" in teacher.head.object
    bob_id = next(r.learner_id for r in teacher.rows if r.name == "Bob")
    seen = html_of(progress_page({"class": teacher.token, "student": str(bob_id)}))
    assert "Bob's progress" in seen and "My conquest lesson" in seen and "✓ solved" in seen
    assert "opens no student" in html_of(progress_page({"class": "forged", "student": str(bob_id)}))
    teacher.end()
    assert "after the class" in teacher.summary.object


def test_the_summary_names_no_exercise_the_class_has_not_reached_as_solved_by_the_fewest(data):
    """A newcomer's walk: while the class was on lesson 1, the summary said "Solved by the fewest: Counting your
    reinforcements, exercise 1 (0 of 1)", an exercise of lesson 2."""
    _, token = teachers().create()
    _, teacher, students = run_a_course_class(token, ["attacking", "conquering"])
    ann = students["Ann"]
    ann.lessons.model.click("ukraine")
    ann.lessons.model.click("ural")                          # targeted: the odds
    ann.lessons.model.click("ural")                          # rolled
    teacher.refresh()
    summary = teacher.summary_html()
    assert "Solved by the fewest" not in summary and "<b>Ann</b>: solved 1 of" in summary   # one exercise reached
    teacher.step(+1)
    teacher.refresh()
    title = teacher.lessons.title("attacking")
    assert f"Solved by the fewest: {title}, exercise 2 (0 of 3)" in teacher.summary_html()


def test_a_students_exercise_in_a_class_offers_no_links_off_it(data):
    """A newcomer's walk: beside a class's exercise the student saw "Play this out against the CPU", the
    position's link and "Make an exercise from this position (teachers)", which lead away from the class."""
    _, token = teachers().create()
    _, teacher, students = run_a_course_class(token, ["attacking", "conquering"])
    seen = html_of(students["Ann"].layout)
    assert "Attack Ural from Ukraine" in seen
    assert "Play this out" not in seen and "Make an exercise" not in seen and "Play this position" not in seen
    from academy.ui.conquest.lessons import LessonsPage
    alone = html_of(LessonsPage(lesson_id="attacking"))                   # on its own, the page offers them
    assert "Play this out" in alone


def test_the_demo_board_reaches_every_student_with_its_arrows_and_marks(data):
    _, token = teachers().create()
    _, teacher, students = run_a_course_class(token, ["attacking", "conquering"])
    desk = teacher.demo
    desk.card.collapsed = False
    assert desk.made is not None and desk.pen is not None
    from academy.ui.board_kit.notes import has_notes
    assert has_notes(desk.made.kit)
    desk.showing.value = True
    desk.made.model.click("ukraine")
    desk.made.model.click("ural")                          # targeted: the odds
    desk.made.model.click("ural")                          # the teacher plays a move on the demo board
    desk.mode.value = "arrow"
    desk.pen.tap(10, 10)
    desk.pen.tap(20, 12)
    desk.mode.value = "mark"
    desk.pen.tap(5, 5)
    ann = students["Ann"]
    assert ann.demo.layout.visible and "Your teacher's board" in ann.demo.caption.object
    assert ann.demo.kit.column("notes-marks", "x") == [5.0]
    assert ann.demo.kit.column("notes", "x0") == desk.made.kit.column("notes", "x0")    # drawn alike, a little
    assert ann.demo.kit.column("notes", "x0") == pytest.approx([10.0], abs=0.1)       # short of the taps
    assert ann.demo.model.state.armies == desk.made.model.state.armies
    order = [getattr(o, "css_classes", []) for o in ann.layout.select() if getattr(o, "css_classes", None)]
    flat = [c for classes in order for c in classes]
    assert flat.index("demo-note-student" if "demo-note-student" in flat else "shown-board") < flat.index(
        "conquest-lessons")                                 # on top of the student's own board
    before = dict(ann.demo.model.state.armies)
    ann.demo.model.click("ukraine")                         # read only
    assert ann.demo.model.state.armies == before
    teacher.step(+1)                                        # the next exercise: the demo follows, drawing cleared
    assert ann.demo.kit.column("notes-marks", "x") == [] and ann.demo.layout.visible
    desk.showing.value = False
    assert not ann.demo.layout.visible


def test_a_second_window_of_the_teacher_keeps_the_demo_board_shown_and_goes_on_from_it(data):
    """The walk of stop 41: opening the Demo board card in a second teacher window took the demo board off
    every student's page, and that window's box was unticked while the class saw the board."""
    from academy.ui.class_teacher import TeacherView
    _, token = teachers().create()
    _, teacher, students = run_a_course_class(token, ["attacking", "conquering"])
    desk = teacher.demo
    desk.card.collapsed = False
    desk.showing.value = True
    desk.made.model.click("ukraine")
    desk.made.model.click("ural")                          # targeted: the odds
    desk.made.model.click("ural")                          # rolled
    desk.mode.value = "mark"
    desk.pen.tap(5, 5)
    ann = students["Ann"]
    assert ann.demo.layout.visible and ann.demo.kit.column("notes-marks", "x") == [5.0]
    other = TeacherView(teacher.token, teacher_token=token)       # the teacher link opened in another browser
    assert other.demo.showing.value                               # ticked: the class sees a demo board
    other.demo.card.collapsed = False                             # opening the card changes nothing for the class
    assert ann.demo.layout.visible and ann.demo.kit.column("notes-marks", "x") == [5.0]
    assert other.demo.made.model.state.armies == desk.made.model.state.armies    # it goes on from the shown board
    assert other.demo.pen.marks == [[5.0, 5.0]]
    other.demo.showing.value = False                              # stopping from the second window
    assert not ann.demo.layout.visible
    teacher.refresh()                                             # the first window hears it
    assert not desk.showing.value
    assert not ann.demo.layout.visible                            # and untick sends nothing back
    desk.showing.value = True
    assert ann.demo.layout.visible


def test_the_course_link_opens_its_lessons_in_order(data):
    from academy.ui.course_page import course_page
    from academy.ui.teacher_page import TeacherPage
    _, token = teachers().create("Ms Lee")
    mine = write_two_exercise_lesson("tactics", token)
    page = TeacherPage({"teacher": token})
    page.course_form.game.value = "tactics"
    page.course_form.title.value = "Fire and move"
    page.course_form.lessons.value = [mine, "combat"]
    course = page.course_form.save()
    text = html_of(course_page({"course": course.code}))
    assert "Fire and move" in text and "by Ms Lee" in text
    assert text.index("My tactics lesson") < text.index("Combat")
    opened = course_page({"course": course.code, "lesson": mine})
    assert "My tactics lesson" in html_of(opened)
    assert "No course has the code" in html_of(course_page({"course": "ZZZZZZZZ"}))
    collection_of(teachers().find(token)).delete("tactics", split_ref(mine)[1])
    assert "cannot be opened any more" in html_of(course_page({"course": course.code}))


def test_everything_is_found_again_from_the_teachers_link_after_a_restart(data):
    from academy.ui.teacher_page import TeacherPage
    _, token = teachers().create("Ms Lee")
    mine = write_two_exercise_lesson("fronts", token)
    _, teacher, _ = run_a_course_class(token, ["attacking", "conquering"])
    close_shared_hubs()                                     # the server stops; the next day it starts again
    page = TeacherPage({"teacher": token})
    text = html_of(page)
    assert "My fronts lesson" in text and "Attack and hold" in text and teacher.info.code in text
    assert f"?page=class&teacher={teacher.token}" in text
    assert split_ref(mine)[1] in text


@pytest.mark.parametrize("game", GAMES)
def test_the_demo_board_of_every_game_carries_moves_arrows_and_marks(data, game):
    from academy.ui.classroom import StudentView, shared_classroom
    from academy.ui.class_teacher import TeacherView
    room = shared_classroom()
    _, token = teachers().create()
    lesson, ex = _first_solved(game)
    info, class_token = room.open_class(game, lesson.id, exercises=len(lesson.exercises),
                                        exercise_index=list(lesson.exercises).index(ex), teacher_token=token)
    teacher = TeacherView(class_token, room, teacher_token=token)
    student = StudentView(room.join(info.code, "Ann"), room)
    desk = teacher.demo
    desk.card.collapsed = False
    desk.showing.value = True
    desk.made.model.attempt.act(ex.solution[0])
    desk.mode.value = "arrow"
    desk.pen.tap(1, 1)
    desk.pen.tap(3, 2)
    desk.mode.value = "mark"
    desk.pen.tap(2, 2)
    assert student.demo.layout.visible and "1 move" in student.demo.caption.object
    assert "could not" not in student.demo.caption.object
    assert student.demo.kit.column("notes", "x1") == desk.made.kit.column("notes", "x1")   # drawn as the teacher's
    assert 1 < student.demo.kit.column("notes", "x1")[0] < 3          # a little short of the tap (notes.GAP)
    assert student.demo.kit.column("notes-marks", "y") == [2.0]
