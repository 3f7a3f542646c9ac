"""The position editor (issue 8): set up a Conquest position by clicks, turn it into a lesson line and a
link; a hand-edited line is read by the engine (a bad one changes nothing)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from academy.games.conquest.position import parse_position
from academy.ui.conquest.editor import START, ConquestEditor, EditorPage
from academy.ui.editor_page import editor_page


def position_in(link: str) -> str:
    return parse_qs(urlsplit(link).query)["position"][0]


def test_a_click_paints_the_territory_with_the_chosen_owner_and_armies():
    m = ConquestEditor()
    m.owner, m.armies = 0, 7
    m.click("ural")
    assert m.state.owner["ural"] == 0 and m.state.armies["ural"] == 7
    assert "Red: Ukraine 3, Ural 7" in m.position_line()
    assert m.message == "Ural: Red, 7."
    m.owner = -1
    m.click("ural")
    assert "Neutral: Ural 7" in m.position_line()


def test_the_turn_and_phase():
    m = ConquestEditor()
    m.set_turn(1, "attack")
    assert m.position_line().startswith("Blue to move, attack |")
    m.set_turn(0, "reinforce", 9)
    assert m.position_line().startswith("Red to move, reinforce 9 |")
    with pytest.raises(ValueError):
        m.set_turn(0, "occupy")


def test_a_line_typed_by_hand_is_read_by_the_engine():
    m = ConquestEditor()
    assert m.apply_line("Blue to move, fortify | Red: Alaska 4 | rest: Blue 2")
    assert m.state.current == 1 and m.state.phase == "fortify" and m.state.armies["alaska"] == 4
    before = m.position_line()
    assert not m.apply_line("Blue to move, fortify | Red: Alaskka 4 | rest: Blue 2")
    assert "That line was not applied" in m.message and "Alaskka" in m.message
    assert m.position_line() == before


def test_a_position_without_a_player_cannot_be_shared():
    page = EditorPage("Red to move, attack | rest: Red 1")
    assert page.model.problems() == ["Blue owns no territory."]
    assert not page.share.layout.visible
    assert "Blue owns no territory." in page.message.object
    page.model.owner = 1
    page.model.click("alaska")
    assert page.model.problems() == [] and page.share.layout.visible


def test_the_page_shows_the_line_the_lesson_snippet_and_the_link():
    page = EditorPage()
    page.owner.value, page.armies.value = 0, 4
    page.model.click("ural")
    line = page.model.position_line()
    assert page.line.value == line
    assert f"position: &quot;{line}&quot;" in page.lesson.object
    assert position_in(page.share.url.value) == line
    assert parse_position(position_in(page.share.url.value)).armies["ural"] == 4
    page.mover.value, page.phase.value = 1, "attack"
    assert page.line.value.startswith("Blue to move, attack")
    page.line.value = "Red to move, attack | Red: Peru 6 | rest: Blue 1"
    page.apply.clicks += 1
    assert page.model.state.armies["peru"] == 6 and page.line.value.startswith("Red to move, attack | Red: Peru 6")


def test_editor_page_routes():
    assert isinstance(editor_page({"game": "conquest"}), EditorPage)
    assert editor_page({"game": "conquest", "position": "Red to move, attack | Red: Peru 6 | rest: Blue 1"}) \
        .model.state.armies["peru"] == 6
    bad = editor_page({"game": "conquest", "position": "Red to move, attack | Red: Perru 6"})
    alert = bad.objects[0]
    assert "cannot be read" in alert.object and "Perru" in alert.object
    assert "editor-page" in bad.objects[1].css_classes
    line = next(w for w in bad.objects[1].select() if "editor-line" in (getattr(w, "css_classes", None) or []))
    assert line.value == ConquestEditor(START).position_line()
    choose = editor_page({"game": "tetris"})
    assert "no position editor for tetris" in choose.object and "game=conquest" in choose.object
