"""In Chromium: a teacher sets up a position in the editor, takes its link, and the link opens the same
position on the Play tab (issue 8: position editor, shareable positions)."""
from __future__ import annotations

import os
from urllib.parse import parse_qs, urlsplit

import pytest

from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui


def test_edit_a_position_then_open_its_link(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url + "?page=editor&game=conquest")
    page.wait_text(".editor-lesson", "Red: Ukraine 3 | Blue:")
    page.click_territory("ural")                              # paint Ural Red with 1 army
    page.wait_text(".editor-message", "Ural: Red, 1.")
    snippet = page.wait_text(".editor-lesson", "Red: Ukraine 3, Ural 1")
    href = page.page.locator(".share-link-a").get_attribute("href")
    line = parse_qs(urlsplit(href).query)["position"][0]
    assert line.startswith("Red to move, reinforce 3 | Red: Ukraine 3, Ural 1 | Blue: ") and line in snippet

    other = open_page()
    other.open(url + href)
    other.wait_text(".game-message", "opened from a link")
    assert "Red" in other.wait_text(".phase-banner", "Reinforcement")
    shared = other.page.locator(".share-link-a").get_attribute("href")
    assert parse_qs(urlsplit(shared).query)["position"][0] == line


def test_a_tampered_link_says_so_and_the_page_still_works(serve, open_page):
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url + "?game=conquest&tab=play&position=Red%20to%20move%2C%20attack%20%7C%20Red%3A%20Ukrane%205",
              board=None)
    assert "cannot be read" in page.wait_text(".form-message", "Ukrane")
    page.page.locator(".start-game button").click()            # a new game from the form still starts
    page.wait_board()


def test_a_lesson_board_is_played_out_against_the_cpu_by_a_click(serve, open_page):
    """issue 21, item 6: the learner picks a level beside the lesson board and clicks "Play this out"; the Play
    tab opens the board against that CPU, with the exercise's goal above it."""
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url + "?game=conquest&tab=lessons&lesson=attacking")
    page.wait_text(".exercise-prompt", "")
    page.page.locator(".practice-level select").select_option(label="normal (sound play)")
    link = page.page.locator(".practice-a")
    for _ in range(200):                                  # the link follows the level chosen
        if "cpu=normal" in (link.get_attribute("href") or ""):
            break
        page.page.wait_for_timeout(100)
    assert "cpu=normal" in link.get_attribute("href")
    link.click()
    note = page.wait_text(".practice-note", "Practice against the CPU, normal")
    assert "The exercise's goal (" in note
    page.wait_board()
    assert "CPU" in page.wait_text(".game-message", "Play this out against the CPU (normal)")
    assert not page.errors, page.errors


def test_a_diplomacy_lesson_played_out_gives_the_learner_the_lessons_power(serve, open_page, tmp_path):
    """Issue 21, item 6 (found by a new user): "Cutting support" is Germany's exercise; clicking "Play this
    out" gave the learner France. Now the Play tab says Germany, with the exercise's goal above it."""
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url + "?game=diplomacy&tab=lessons&lesson=cutting-support", board=None)
    page.wait_text(".exercise-prompt", "")
    link = page.page.locator(".practice-a")
    assert "position=Germany%20to%20order" in (link.get_attribute("href") or "")
    link.click()
    assert "The exercise's goal (" in page.wait_text(".practice-note", "Practice against the CPU, easy")
    page.wait_text(".academy-message", "Play this out against the CPU (easy): you are Germany.")
    page.page.screenshot(path=os.path.join(os.environ.get("ACADEMY_SHOTS") or str(tmp_path), "diplomacy-practice.png"))
    assert not page.errors, page.errors


def test_a_fronts_lesson_played_out_names_a_city_to_build_in(serve, open_page, tmp_path):
    """Issue 21, item 6 (found by a new user): the "Build in" box of a Fronts lesson played out was blank."""
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(url + "?game=fronts&tab=lessons&lesson=artillery", board=None)
    page.wait_text(".exercise-prompt", "")
    page.page.locator(".practice-a").click()
    page.wait_text(".practice-note", "Practice against the CPU, easy")
    page.wait_text(".academy-message", "Play this out against the CPU (easy): you are Red.")
    box = page.page.locator(".build-city select")
    box.wait_for(state="visible")
    assert box.input_value() == "Millbrook"
    page.page.screenshot(path=os.path.join(os.environ.get("ACADEMY_SHOTS") or str(tmp_path), "fronts-practice.png"))
    assert not page.errors, page.errors
