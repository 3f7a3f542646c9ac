"""Issue 20 as its check describes it, in headless Chromium, by clicks: a teacher without shell access starts
as a teacher, makes a two-exercise lesson from a lesson's board in the browser (moves played on the live board),
puts it in a course after a built-in lesson, runs a class of three students through the course (the demo board
with an arrow reaches every student; students solve on their own boards; the class crosses from one lesson to
the next), exports the results, and after a server restart reopens everything from the teacher's link on
another browser. Every page fails the test on a console error; the server on a traceback (``serve``)."""
from __future__ import annotations

import csv
import io
from urllib.parse import parse_qs, urlsplit

import pytest

from academy.ui.live_session import close_shared_hubs
from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

# JS: the x0 of every arrow drawn on the (one) board with note layers on the page
ARROWS = """
() => {
  const doc = window.Bokeh && window.Bokeh.documents[0];
  const src = doc && doc.get_model_by_name('conquest-board-notes');
  return src ? Array.from(src.data.x0) : null;
}
"""


def fill(page, selector: str, text: str, area: bool = False) -> None:
    box = page.page.locator(f"{selector} {'textarea' if area else 'input'}")
    box.fill(text)
    box.press("Tab")                     # Panel sends a text's value when it loses focus


def pick(page, selector: str, label: str) -> None:
    """Choose ``label`` in a multi-choice box (click it open, click the choice)."""
    page.page.locator(f"{selector} .choices").click()
    page.page.locator(f"{selector} .choices__item--choice", has_text=label).first.click()
    page.page.wait_for_timeout(300)


def play_attack_on_the_board(page) -> None:
    page.page.locator(".writer-board").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.page.wait_for_timeout(300)                                        # the whole board in sight
    page.click_territory("ukraine")
    page.click_territory("ural")                                           # targeted: its odds
    page.click_territory("ural")                                           # rolled
    page.wait_text(".writer-board-note", "attack Ukraine -> Ural")
    page.page.locator(".writer-use-moves button").click()


def test_a_teacher_writes_a_lesson_runs_a_course_class_and_finds_it_all_again(serve, open_page, hub):
    url = serve(lambda: build_page(current_query()))

    # --- the teacher starts, from the header's "Teachers" link -------------------------------------
    teacher = open_page()
    teacher.open(url, board=None)
    teacher.page.locator(".teacher-header-link a").click()
    teacher.wait_text(".teacher-welcome", "Start as a teacher")
    fill(teacher, ".teacher-name", "Ms Lee")
    teacher.page.locator(".teacher-start button").click()
    teacher.wait_text(".teacher-message", "Keep its link")
    link = teacher.page.locator(".teacher-link-url input").input_value()
    assert link.startswith(url + "?page=teacher&teacher=") and link in teacher.page.url   # a whole address

    # --- a lesson made from a lesson's board: "Make an exercise from this position" ----------------
    teacher.open(url + "?game=conquest&tab=lessons&lesson=attacking")
    teacher.wait_text(".exercise-prompt", "Exercise 1 of 2")
    href = teacher.page.locator(".tab-lessons a.make-exercise-a").get_attribute("href")
    assert parse_qs(urlsplit(href).query)["page"] == ["write"]
    teacher.open(url + href)                             # (it opens in a new tab; here, in this one)
    teacher.wait_text(".writer-board-note", "No moves played yet")
    fill(teacher, ".writer-title", "Three dice against one")
    fill(teacher, ".writer-summary", "Attack with as many dice as you may.")
    fill(teacher, ".writer-text", "The attacker rolls **up to three** dice.", area=True)
    fill(teacher, ".writer-prompt", "Attack Ural from Ukraine with all your dice.", area=True)
    play_attack_on_the_board(teacher)
    teacher.page.locator(".writer-kind button", has_text="The moves I make, exactly").click()
    fill(teacher, ".writer-hints", "Ukraine borders Ural.\nMore dice, better odds.", area=True)
    fill(teacher, ".writer-success", "Three dice: the best odds.", area=True)
    fill(teacher, ".writer-wrong", "Fewer dice than you may roll.", area=True)
    teacher.page.locator(".writer-add button").click()
    teacher.wait_text(".writer-tabs", "Exercise 2")
    fill(teacher, ".writer-prompt", "Attack Ural once.", area=True)
    teacher.page.locator(".writer-key select").select_option("event")
    teacher.wait_text(".writer-key-help", "event: K")
    fill(teacher, ".writer-value", "attack")
    teacher.wait_text(".writer-board-note", "No moves played yet")   # the new exercise starts afresh
    play_attack_on_the_board(teacher)
    fill(teacher, ".writer-hints", "Any attack will do.", area=True)
    fill(teacher, ".writer-success", "You attacked.", area=True)
    fill(teacher, ".writer-wrong", "No attack.", area=True)
    teacher.page.locator(".writer-save button").click()
    teacher.wait_text(".writer-message", "Saved: Three dice against one, 2 exercises")
    assert "lesson=three-dice-against-one" in teacher.page.url

    # --- a course: a built-in lesson, then the teacher's --------------------------------------------
    teacher.page.locator("a.writer-back").click()
    teacher.wait_text(".teacher-lessons", "Three dice against one")
    fill(teacher, ".course-title", "Attack!")
    pick(teacher, ".course-lessons", "Conquering a territory")
    pick(teacher, ".course-lessons", "Yours: Three dice against one")
    teacher.page.locator(".course-save button").click()
    teacher.wait_text(".course-message", "Saved the course Attack!")
    course_link = teacher.page.locator("a.course-link").first.get_attribute("href")

    # --- the class: opened on the course ------------------------------------------------------------
    teacher.page.locator("a.open-class-link").first.click()
    teacher.wait_text(".open-class", "A course of yours")
    teacher.page.locator(".class-course select").select_option(label="Attack! (2 lessons)")
    teacher.page.locator(".class-open button").click()
    teacher.wait_text(".class-head", "Lesson 1 of 2: Conquering a territory")
    address = teacher.page.evaluate("() => window.location.search")     # no empty parameter (a walk saw
    assert "page=class" in address and "teacher=" in address               # ?page=class&open=&teacher=…&as=)
    assert not [p for p in address.lstrip("?").split("&") if p.endswith("=")], address
    code = teacher.text(".class-code").strip()
    students = {}
    for name in ("Ann", "Bob", "Cy"):
        page = students[name] = open_page()
        page.open(url + "?page=class", board=None)
        fill(page, ".class-code-input", code)
        fill(page, ".class-name-input", name)
        page.page.locator(".class-join button").click()
        page.wait_text(".class-banner", f"you are {name}")
        page.wait_text(".class-follow", "lesson 1 of 2, exercise 1 of")
    teacher.wait_text(".class-table", "Cy")

    # --- the demo board: the teacher draws an arrow, every student sees it ---------------------------
    teacher.page.locator(".demo-desk .card-header").first.click()
    teacher.wait_board()
    teacher.page.locator(".demo-show input").check()
    teacher.page.locator(".demo-mode button", has_text="Draw arrows").click()
    # as a teacher reads it: the server took the mode (a tap sent before it would still play a move)
    teacher.wait_text(".demo-note", "Tap where an arrow starts")
    teacher.page.locator(".demo-desk").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    teacher.page.wait_for_timeout(400)
    teacher.click_territory("ukraine")
    teacher.click_territory("ural")
    for _ in range(100):
        if teacher.page.evaluate(ARROWS):
            break
        teacher.page.wait_for_timeout(100)
    assert len(teacher.page.evaluate(ARROWS)) == 1
    for page in students.values():
        page.wait_text(".demo-note-student", "Your teacher's board")
        for _ in range(100):
            if page.page.evaluate(ARROWS):
                break
            page.page.wait_for_timeout(100)
        assert len(page.page.evaluate(ARROWS)) == 1
    teacher.page.locator(".demo-show input").uncheck()        # the students work on their own boards now
    for page in students.values():
        page.wait_text(".class-student", "Your teacher leads")
        for _ in range(100):
            if "Your teacher's board" not in page.text(".class-student", shown=True):
                break
            page.page.wait_for_timeout(100)
        assert "Your teacher's board" not in page.text(".class-student", shown=True)

    # --- across the course: the teacher moves on to the teacher's lesson; a student solves -----------
    for _ in range(2):                                   # "Conquering a territory" has 2 exercises
        teacher.page.locator(".class-next button").click()
        teacher.page.wait_for_timeout(300)
    teacher.wait_text(".class-head", "Lesson 2 of 2: Three dice against one")
    ann = students["Ann"]
    ann.wait_text(".class-follow", "lesson 2 of 2, exercise 1 of 2")
    ann.wait_board()
    ann.click_territory("ukraine")
    ann.click_territory("ural")                            # targeted: the odds
    ann.wait_text(".lesson-note", "Ural targeted")
    ann.click_territory("ural")                            # rolled
    ann.wait_text(".feedback-success", "Three dice: the best odds.")
    grid = teacher.wait_text(".class-whole", "✓ 1 try")
    assert "Three dice against one" in grid and "Conquering a territory" in grid

    # --- the results: CSV, then the class ends with its summary -------------------------------------
    with teacher.page.expect_download() as download:
        teacher.page.locator(".class-export button").click()
    with open(download.value.path(), encoding="utf-8") as saved:
        rows = list(csv.reader(io.StringIO(saved.read())))
    assert rows[0][:3] == ["student", "lesson", "lesson title"] and len(rows) == 1 + 3 * 4
    assert any(r[0] == "Ann" and r[2] == "Three dice against one" and r[3] == "1" and r[6] == "yes" for r in rows)
    teacher.page.locator(".class-end button").click()
    teacher.wait_text(".class-summary", "after the class")
    assert "Ann : solved 1 of 4" in teacher.text(".class-summary")
    for page in (teacher, *students.values()):
        assert not page.errors, page.errors

    # --- the next day: the server restarts; the teacher's link on another computer finds everything --
    close_shared_hubs()
    url = serve(lambda: build_page(current_query()))
    home = open_page()
    home.open(url + "?" + urlsplit(link).query, board=None)     # (this test's new server has another port)
    text = home.wait_text(".teacher-home", "Three dice against one")
    assert "Attack!" in text and code in text
    home.page.locator("a.class-page-link").first.click()
    home.wait_text(".class-head", code)
    assert "✓ 1 try" in home.wait_text(".class-whole", "Ann")
    learner = open_page()
    learner.open(url + course_link, board=None)
    learner.wait_text(".course-head", "A course of Conquest: 2 lessons in order, by Ms Lee")
    for page in (home, learner):
        assert not page.errors, page.errors


def _first_solved(game: str):
    from academy.ui.lessons_page import game_lessons
    return next((lesson, ex) for lesson in game_lessons(game)[0] for ex in lesson.exercises if ex.solution)


@pytest.mark.parametrize("game", ["diplomacy", "fronts", "game_of_war", "tactics"])
def test_a_two_exercise_lesson_of_every_other_game_is_written_in_the_browser(serve, open_page, hub, game):
    """The teacher's own moves, typed, make both goals: exactly these moves, and any moves to their result."""
    from academy.ui.teaching import teachers
    url = serve(lambda: build_page(current_query()))
    _, token = teachers().create()
    lesson, ex = _first_solved(game)
    page = open_page()
    page.open(url + f"?page=teacher&teacher={token}", board=None)       # this browser now knows the teacher
    page.wait_text(".teacher-home", "Your lessons")
    page.open(url + f"?game={game}&tab=lessons&lesson={lesson.id}&exercise={ex.id}", board=None)
    page.wait_text(".exercise-prompt", ex.prompt[:30])
    href = page.page.locator(".tab-lessons a.make-exercise-a").get_attribute("href")
    page.open(url + href, board=None)
    page.wait_text(".writer-board-note", "No moves played yet")
    fill(page, ".writer-title", f"Mine: {lesson.title}")
    fill(page, ".writer-summary", "As the built-in one.")
    fill(page, ".writer-text", lesson.body, area=True)
    for number, kind in ((1, "The moves I make, exactly"), (2, "Any moves that reach the same result")):
        if number == 2:
            page.page.locator(".writer-add button").click()
            page.wait_text(".writer-tabs", "Exercise 2")
        fill(page, ".writer-prompt", ex.prompt, area=True)
        page.page.locator(".writer-kind button", has_text=kind).click()
        fill(page, ".writer-moves", "\n".join(ex.solution), area=True)
        fill(page, ".writer-hints", "\n".join(ex.hints), area=True)
        fill(page, ".writer-success", ex.success, area=True)
        fill(page, ".writer-wrong", ex.wrong, area=True)
    page.page.locator(".writer-save button").click()
    page.wait_text(".writer-message", f"Saved: Mine: {lesson.title}, 2 exercises")
    learner = open_page()                                 # the lesson's link opens it for a learner
    learner.open(url + page.page.locator("a.writer-try").get_attribute("href"), board=None)
    learner.wait_text(".exercise-prompt", "Exercise 1 of 2")
    for p in (page, learner):
        assert not p.errors, p.errors
