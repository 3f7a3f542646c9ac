"""Classroom mode in headless Chromium: a teacher and two students, each in their own browser context.

The teacher opens a class and reads its code; a wrong code gets a clear message; both students join
with the code and a name; the teacher moves to the next exercise and back and both students' pages
follow without a reload; one student solves the exercise on their own board and the teacher's table
shows it; the teacher shows that board to the class and the other student sees it; a student who reloads
the page is back in the class. A second test: progress is kept per browser (localStorage) and follows the
learner's own link to another browser."""
from __future__ import annotations

import pytest

from academy.ui.conquest.lessons import conquest_lessons
from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

SCREENSHOT = "/tmp/class.png"


def fill(page, selector: str, text: str) -> None:
    box = page.page.locator(f"{selector} input")
    box.fill(text)
    box.press("Tab")                     # Panel sends a text input's value when it loses focus


def test_a_teacher_leads_two_students_through_a_lesson(serve, open_page, hub):
    lessons = conquest_lessons()[0]
    attacking = next(l for l in lessons if l.id == "attacking")
    n = lessons.index(attacking) + 1
    url = serve(lambda: build_page(current_query()))

    # the teacher finds "Open a class" on the Teach page and opens one on the lesson "attacking"
    teacher = open_page()
    teacher.open(url + "?page=teach", board=None)
    href = teacher.page.locator("a.open-class-link").first.get_attribute("href")
    assert href == "?page=class&open=1"
    teacher.open(url + href, board=None)
    teacher.page.locator(".class-game select").select_option(label="Conquest")
    teacher.page.locator(".class-lesson select").select_option(
        label=f"{n}. {attacking.title} ({len(attacking.exercises)} exercises)")
    teacher.page.locator(".class-open button").click()
    teacher.wait_text(".class-head", "Class code")
    code = teacher.text(".class-code").strip()
    assert len(code) == 6
    teacher.wait_text(".class-exercise", "Exercise 1 of 2")
    teacher.wait_text(".class-table", "No student has joined yet")
    assert "teacher=" in teacher.page.url                   # a reload keeps the teacher's page

    # students join with the code and their name; a wrong code says so
    students = {}
    for name in ("Ann", "Bob"):
        page = students[name] = open_page()
        page.open(url + "?page=class", board=None)
        if name == "Bob":
            fill(page, ".class-code-input", "ZZZZZZ")
            fill(page, ".class-name-input", name)
            page.page.locator(".class-join button").click()
            page.wait_text(".class-join-message", "No class has the code ZZZZZZ")
        fill(page, ".class-code-input", code.lower())
        fill(page, ".class-name-input", name)
        page.page.locator(".class-join button").click()
        page.wait_text(".class-banner", f"you are {name}")
        page.wait_board()
        page.wait_text(".exercise-prompt", "Exercise 1 of 2")
    table = teacher.wait_text(".class-table", "Bob")
    assert "Ann" in table and "not yet" in table

    # the teacher moves to exercise 2 and back: both students' pages follow
    teacher.page.locator(".class-next button").click()
    for page in students.values():
        page.wait_text(".class-follow", "exercise 2 of 2")
        page.wait_text(".exercise-prompt", "Exercise 2 of 2")
    teacher.page.locator(".class-prev button").click()
    for page in students.values():
        page.wait_text(".class-follow", "exercise 1 of 2")
        page.wait_text(".exercise-prompt", "Exercise 1 of 2")

    # Ann solves the exercise on her own board; the teacher's table shows it, Bob's board is untouched
    ann, bob = students["Ann"], students["Bob"]
    ann.click_territory("ukraine")
    ann.wait_text(".lesson-note", "Ukraine selected")
    ann.click_territory("ural")                       # the first click on the target: its odds
    ann.wait_text(".lesson-note", "Ural targeted")
    ann.click_territory("ural")                       # the second rolls
    ann.wait_text(".feedback-success", "Solved!")
    table = teacher.wait_text(".class-table", "✓ solved")
    assert "1 of 2 solved" in table
    row = table[table.index("Ann"):]
    assert row.startswith("Ann yes ✓ solved 1"), row
    assert "Solved!" not in bob.text(".lesson-feedback")

    # the teacher shows Ann's board to the class: Bob sees it next to his own
    teacher.page.locator(".class-student select").select_option(label="Ann")
    teacher.page.locator(".class-show button").click()
    bob.wait_text(".shown-caption", "Ann's board")
    teacher.wait_text(".shown-caption", "solved ✓")
    ann.wait_text(".class-message", "showing your board")
    teacher.page.screenshot(path=SCREENSHOT, full_page=True)

    # a student who reloads the page is back in the class (the code is in the address, the learner in the browser)
    assert f"code={code}" in ann.page.url
    ann.console.clear()
    ann.page.reload()
    ann.wait_text(".class-banner", "you are Ann")
    ann.wait_text(".exercise-prompt", "Exercise 1 of 2")
    assert teacher.text(".class-table").count("Ann") == 1          # the same student, not a second Ann


def test_progress_is_kept_per_browser_and_follows_the_learners_link(serve, open_page, hub):
    url = serve(lambda: build_page(current_query()))
    mine = open_page()
    mine.open(url + "?game=conquest&tab=lessons&lesson=attacking")
    mine.wait_text(".exercise-prompt", "Attack Ural from Ukraine")
    mine.click_territory("ukraine")
    mine.wait_text(".lesson-note", "Ukraine selected")
    mine.click_territory("ural")
    mine.wait_text(".lesson-note", "Ural targeted")
    mine.click_territory("ural")
    mine.wait_text(".feedback-success", "Solved!")
    key = mine.page.evaluate("() => window.localStorage.getItem('academy-learner')")
    assert key and len(key) >= 8

    # the same browser, another page: its learner id comes from localStorage
    mine.console.clear()
    mine.open(url + "?page=progress", board=None)
    text = mine.wait_text(".progress-tables", "✓ solved · 1 try")
    assert "Attacking and the dice" in text and "1/2" in text
    link = mine.page.locator("a.progress-link").get_attribute("href")
    assert link == f"?page=progress&learner={key}"

    # another browser is another learner, until it opens the learner's link
    other = open_page()
    other.open(url + "?page=progress", board=None)
    other.wait_text(".progress-who", "Anonymous learner")
    assert "✓ solved" not in other.text(".progress-tables")
    other.console.clear()
    other.open(url + link, board=None)
    other.wait_text(".progress-tables", "✓ solved · 1 try")
