"""Links shown to copy to another computer are whole addresses, from the page's own address
(``address.full_link``). A newcomer found the teacher link, a course's link, the class page's course link and
a seat's "copy:" link (a shared position's too) shown as ``?page=teacher&teacher=…``: pasted on another
computer, they open nothing."""
from __future__ import annotations

from types import SimpleNamespace

import panel as pn
import pytest

from academy.store.live import LiveHub
from academy.ui.address import full_link
from academy.ui.live_session import close_shared_hubs
from academy.ui.teaching import teachers

SITE = "https://school.example:5006/academy"


@pytest.fixture
def served(monkeypatch):
    """The page was opened at ``SITE`` (as Panel reads it from the request)."""
    loc = SimpleNamespace(protocol="https:", hostname="school.example", port="5006", pathname="/academy")
    monkeypatch.setattr(type(pn.state), "location", property(lambda self: loc))


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/academy.db")
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    yield tmp_path
    close_shared_hubs()


def test_a_link_is_the_whole_address_on_a_server_and_stays_as_given_without_one(monkeypatch):
    assert full_link("?page=course&course=AB") == "?page=course&course=AB"     # a test, a notebook
    loc = SimpleNamespace(protocol="http:", hostname="127.0.0.1", port="", pathname="")
    monkeypatch.setattr(type(pn.state), "location", property(lambda self: loc))
    assert full_link("?page=games") == "http://127.0.0.1/?page=games"


def test_the_teacher_and_course_links_are_whole_addresses(served, data):
    from academy.ui.teacher_page import TeacherPage
    _, token = teachers().create("Ms Lee")
    page = TeacherPage({"teacher": token})
    url = next(w for w in page.home.select(pn.widgets.TextInput) if "teacher-link-url" in w.css_classes)
    assert url.value == f"{SITE}?page=teacher&teacher={token}"
    page.course_form.game.value = "conquest"
    page.course_form.title.value = "Attack"
    page.course_form.lessons.value = ["attacking"]
    course = page.course_form.save()
    assert f"{SITE}?page=course&amp;course={course.code}" in page.course_form.message.object
    shown = "".join(str(p.object) for p in page.courses_box.select(pn.pane.HTML))
    assert f">{SITE}?page=course&amp;course={course.code}</a>" in shown


def test_the_class_page_and_a_seat_give_whole_addresses(served, data, tmp_path):
    from academy.ui.classroom import OpenClassForm
    from academy.ui.conquest.games_form import ConquestGamesForm
    from academy.ui.games_forms import OPEN_SEAT
    from academy.ui.teacher_page import TeacherPage
    _, token = teachers().create("Ms Lee")
    page = TeacherPage({"teacher": token})
    page.course_form.game.value = "conquest"
    page.course_form.title.value = "Attack"
    page.course_form.lessons.value = ["attacking"]
    course = page.course_form.save()
    opening = OpenClassForm(query={"as": token})
    opening.course.value = str(course.id)
    teacher = opening.open_class()
    assert f">{SITE}?page=course&amp;course={course.code}</a>" in teacher.head.object
    assert f"<code>{SITE}?page=class</code>" in teacher.head.object
    with LiveHub(f"sqlite:///{tmp_path}/seats.db", synchronous=True) as hub:
        host = ConquestGamesForm(hub)
        host.seats[1].value = OPEN_SEAT
        gid, tokens = host.create(seed=3)
        assert f"copy: <code>{SITE}?game=conquest&amp;tab=play&amp;match={gid}&amp;seat={tokens[0]}</code>" \
            in host.links.object
        guest = ConquestGamesForm(hub)
        joined = guest.join()
        assert f"<code>{SITE}?game=conquest&amp;tab=play&amp;match={gid}&amp;seat={joined}</code>" \
            in guest.join_result.object


def test_a_shared_position_is_a_whole_address(served):
    from academy.ui.position_link import ShareLink, position_link
    line = "Red to move, attack | Red: Ukraine 5, Ural 2"
    share = ShareLink("conquest", lambda: line, practice=False)
    assert share.url.value == SITE + position_link("conquest", line)
